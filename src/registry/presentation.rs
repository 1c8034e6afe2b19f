//! How a game is best shown at its size: the hook each registry entry answers, so the
//! console never asks which game it is drawing. Small boards list every box MENACE
//! drew from after a game; boards whose pictures pass a line show a summary (boxes made,
//! boxes changed, beads moved, the few biggest changes) with the full listing on
//! request, and keep the result last on screen.

use crate::game::AnyGame;

/// What the end of a game shows of MENACE's learning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Learning {
    /// Every box it drew from, with its bead counts before and after.
    EveryBox,
    /// A summary and the `biggest` largest changes; the full listing on request.
    Summary { biggest: usize },
}

/// How one game is shown at its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presentation {
    pub learning: Learning,
    /// The cells of its board, over all panels: about the width of a box's picture
    /// in one line of text when the board is full (a picture may write empty runs
    /// shorter, as gomoku's does, but grows as the game goes on).
    pub cells: usize,
}

/// The most cells a board may have for its boxes to be listed after each game, one line
/// a bead: a picture of that many cells, the bead's name and counts still fit 80
/// columns. A bigger board (Qubic's 64 cells, ultimate's 81, gomoku's 225) wraps each
/// bead over several lines, and a game's listing buries its result.
pub const MOST_CELLS_LISTED: usize = 48;

/// How many of the biggest changes a summary names.
pub const BIGGEST_CHANGES: usize = 3;

/// The presentation every game gets unless its entry names its own: by the size of its
/// board.
pub(super) fn by_size(game: &dyn AnyGame) -> Presentation {
    let cells = game.view().cells().count();
    let learning = if cells <= MOST_CELLS_LISTED {
        Learning::EveryBox
    } else {
        Learning::Summary {
            biggest: BIGGEST_CHANGES,
        }
    };
    Presentation { learning, cells }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{presentation, start};

    fn learning(words: &[&str]) -> Learning {
        presentation(start(words).unwrap().as_ref()).learning
    }

    #[test]
    fn small_boards_list_every_box_and_big_ones_summarise() {
        for small in [
            &["classic"][..],
            &["misere"],
            &["silverman"],
            &["mnk", "3x4"],
        ] {
            assert_eq!(learning(small), Learning::EveryBox, "{small:?}");
        }
        for big in [
            &["qubic"][..],
            &["ultimate"],
            &["strategic"],
            &["gomoku"],
            &["gobang"],
        ] {
            assert!(matches!(learning(big), Learning::Summary { .. }), "{big:?}");
        }
    }
}
