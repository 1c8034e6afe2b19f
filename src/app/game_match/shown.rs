//! What a move and the end of a game show: the board after a move with its changed cells
//! marked (zoomed boards found part by part), whether a move placed one mark, the
//! summary of a big game's learning, and a legal example move for the prompt.

use super::super::event::Event;
use crate::game::{AnyGame, Player};
use crate::menace::GameResult;
use crate::menace::learner::BeadChange;

/// The board after a move, its changed cells marked, and the game's note on the move.
/// A move with a note that changed many cells (a linetris row vanishing and the field
/// shifting) marks none: the sentence says what happened, and brackets on every
/// shifted cell would run into each other. Returns the marked cells.
pub(super) fn board_after_move(
    events: &mut Vec<Event>,
    game: &dyn crate::game::AnyGame,
    before_game: &dyn crate::game::AnyGame,
    before: &crate::game::BoardView,
    theirs: bool,
) -> Vec<usize> {
    let view = game.view();
    let note = game.move_note(before_game);
    let mut marked = view.changed_since(before);
    // A board too big to draw whole (strategic's) is shown zoomed into the part in
    // play, which the move may have changed: the move is found part by part, bracketed
    // where the view shows it, and, where it does not and it is not the move you just
    // typed (`theirs`), its part is shown first, so that an opponent's move ("plays
    // 411") is always seen on a board.
    let parts =
        (0..).map_while(|part| Some((game.zoomed_view(part)?, before_game.zoomed_view(part)?)));
    for (after, before) in parts {
        let moved = after.changed_since(&before);
        if moved.is_empty() {
            continue;
        }
        let shown: Vec<usize> = view
            .cells()
            .map(|cell| cell.id)
            .filter(|id| moved.contains(id))
            .collect();
        if shown.is_empty() && theirs {
            // The zoomed part alone: the panels beside it are in the board that follows.
            let part = crate::game::BoardView {
                panels: after.panels.into_iter().take(1).collect(),
                ..after
            };
            events.push(Event::Board {
                view: part,
                marked: moved,
            });
        } else {
            for id in shown {
                if !marked.contains(&id) {
                    marked.push(id);
                }
            }
        }
    }
    if note.is_some() && marked.len() > 3 {
        marked.clear();
    }
    events.push(Event::Board {
        view,
        marked: marked.clone(),
    });
    events.extend(note.map(Event::MoveNote));
    marked
}

/// True when a move put `side`'s mark on an empty cell and took none away, so that
/// "plays X at MM" describes it: not a Morris step, a push, a capture, nor a quantum
/// pair of marks; a board won with it (ultimate's big board) changes nothing of that. A move that
/// names the mark it places (crazy's `d3x`, either mark for either player) is said as
/// it is named, whichever mark it is.
pub(super) fn placed_own_mark(
    before: &crate::game::BoardView,
    after: &crate::game::BoardView,
    side: Player,
    name: &str,
) -> bool {
    // A move written as two cells (a step `f5-f6`, a quantum pair `LL-RR`, even one
    // cell twice) is said as it is written.
    if name.contains('-') {
        return false;
    }
    let mut chars = name.chars().rev();
    if let (Some('x' | 'o' | 'X' | 'O'), Some(digit)) = (chars.next(), chars.next())
        && digit.is_ascii_digit()
    {
        return false;
    }
    let old: std::collections::HashMap<usize, Option<Player>> =
        before.cells().map(|cell| (cell.id, cell.owner)).collect();
    let changed = after.changed_since(before);
    let mut filled = 0;
    for cell in after.cells().filter(|cell| changed.contains(&cell.id)) {
        match (old.get(&cell.id).copied().flatten(), cell.owner) {
            (None, Some(owner)) if owner == side => filled += 1,
            // Only its text changed (a mark drawn otherwise), or it became the side's
            // with a board it won.
            (was, now) if was == now => {}
            (Some(_), Some(owner)) if owner == side => {}
            _ => return false,
        }
    }
    // More than one cell newly the side's: the cell played, and a board it won drawn
    // beside (ultimate's big board).
    filled >= 1
}

/// The end of a game in a big game, summarised: the boxes drawn from (each counted once),
/// the beads moved in all, and the `biggest` changes, largest first.
pub(super) fn summary(
    result: GameResult,
    preset: crate::menace::Preset,
    changes: Vec<BeadChange>,
    boxes_made: usize,
    biggest: usize,
) -> Event {
    let moved =
        |change: &BeadChange| u64::from(change.after).abs_diff(u64::from(change.before) + 1);
    let mut boxes: Vec<usize> = changes.iter().map(|change| change.box_number).collect();
    boxes.sort_unstable();
    boxes.dedup();
    let beads_moved = changes.iter().map(moved).sum();
    let mut largest = changes;
    // Largest change first; among equals, in the order the beads were drawn.
    largest.sort_by_key(|change| std::cmp::Reverse(moved(change)));
    largest.truncate(biggest);
    Event::LearnedSummary {
        result,
        preset,
        boxes_drawn: boxes.len(),
        boxes_made,
        beads_moved,
        biggest: largest,
    }
}

/// A move to show in the prompt: the game's own example where it is legal here, or else
/// a legal move from the middle of the game's order (ultimate's `MM.LL` is not legal
/// when the last move sends you to another board, nor classic's `MM` once it is taken).
pub(in crate::app) fn legal_example(game: &dyn AnyGame) -> String {
    let declared = game.declaration().example;
    if game.check_move(declared).is_ok() {
        return declared.to_string();
    }
    let legal = game.legal_move_names();
    legal
        .get(legal.len() / 2)
        .cloned()
        .unwrap_or_else(|| declared.to_string())
}
