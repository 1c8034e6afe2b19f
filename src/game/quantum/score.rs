//! How a game of quantum tic-tac-toe scores: which lines each side's classical marks
//! make, how old each line is, and Goff's points (or the per-player draw) for lines
//! made at once.

use super::{Mark, Quantum};
use crate::game::tictactoe::LINES;

/// The lines (a bit set of [`LINES`] indices) that a set of squares holds, for every
/// 9-bit set: a search asks at every position.
pub(super) const LINES_WITHIN: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut squares = 0;
    while squares < 512 {
        let mut index = 0;
        while index < LINES.len() {
            if squares as u16 & LINES[index] == LINES[index] {
                table[squares] |= 1 << index;
            }
            index += 1;
        }
        squares += 1;
    }
    table
};

/// The lines (a bit set of indices into noughts and crosses' `LINES`) that a set of
/// squares (a 9-bit mask) holds: one look-up, for a search that keeps the masks itself.
pub fn lines_within(squares: u16) -> u8 {
    LINES_WITHIN[usize::from(squares & 0x1FF)]
}

/// How a finished game scored: each side's points in halves, and who made lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub x_halves: u8,
    pub o_halves: u8,
    /// For each side that has a line, the highest move number in its best line.
    pub x_line: Option<u8>,
    pub o_line: Option<u8>,
}

impl Quantum {
    /// The lines of classical marks of X and of O, as bit sets of [`LINES`] indices.
    pub(super) fn lines(&self) -> (u8, u8) {
        let (x, o) = self.classical_sides();
        (LINES_WITHIN[usize::from(x)], LINES_WITHIN[usize::from(o)])
    }

    /// The highest move number in the youngest-numbered of `lines` (a set of indices).
    pub(super) fn line_age(&self, lines: u8) -> Option<u8> {
        let mut numbers = [0u8; 9];
        for (index, mark) in self.marks().iter().enumerate() {
            if let Mark::Classical(square) = *mark {
                numbers[usize::from(square)] = index as u8 + 1;
            }
        }
        (0..8)
            .filter(|index| lines >> index & 1 != 0)
            .map(|index| {
                (0..9)
                    .filter(|square| LINES[index] >> square & 1 != 0)
                    .map(|square| numbers[square])
                    .max()
                    .unwrap_or(0)
            })
            .min()
    }

    /// How the game scored, once it is over.
    pub fn score(&self) -> Option<Score> {
        let (x_lines, o_lines) = self.lines();
        let (x_line, o_line) = (self.line_age(x_lines), self.line_age(o_lines));
        let [x_halves, o_halves] = self.halves(x_line, o_line)?;
        Some(Score {
            x_halves,
            o_halves,
            x_line,
            o_line,
        })
    }

    /// Each side's points in halves, once the game is over, from the ages of the lines
    /// each side has (see [`Quantum::line_age`]).
    pub(super) fn halves(&self, x_line: Option<u8>, o_line: Option<u8>) -> Option<[u8; 2]> {
        Some(match (x_line, o_line) {
            (None, None) if self.classical_mask() == 0x1FF => [1, 1],
            (None, None) => return None,
            (Some(_), None) => [2, 0],
            (None, Some(_)) => [0, 2],
            (Some(_), Some(_)) if self.rules.per_player => [1, 1],
            (Some(x), Some(o)) if x < o => [2, 1],
            (Some(_), Some(_)) => [1, 2],
        })
    }
    /// The sentence for lines made at once by both sides.
    pub(super) fn both_lines_note(&self) -> Option<String> {
        let score = self.score()?;
        let (x, o) = (score.x_line?, score.o_line?);
        let (x, o) = (self.mark_name_of_line(x), self.mark_name_of_line(o));
        Some(if self.rules.per_player {
            format!(
                "Both made a line at once (X's complete at {x}, O's at {o}); with each \
                 side's moves numbered on their own, that is a draw."
            )
        } else {
            let (first, second) = if score.x_halves > score.o_halves {
                ("X", "O")
            } else {
                ("O", "X")
            };
            format!(
                "Both made a line at once: X's is complete at {x}, O's at {o}, so \
                 {first}'s came first: {first} scores 1, {second} ½."
            )
        })
    }

    /// The name of the mark with number `number`, as the rules write it, classical.
    fn mark_name_of_line(&self, number: u8) -> String {
        self.mark_name(number, true)
    }
}
