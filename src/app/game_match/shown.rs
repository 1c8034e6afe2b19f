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
    for (before, after) in zoomed_parts(before_game, game) {
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

/// A board too big to draw whole, part by part: each part's view before the move and
/// after it (none for a board drawn whole).
fn zoomed_parts<'a>(
    before_game: &'a dyn AnyGame,
    game: &'a dyn AnyGame,
) -> impl Iterator<Item = (crate::game::BoardView, crate::game::BoardView)> + 'a {
    (0..).map_while(move |part| Some((before_game.zoomed_view(part)?, game.zoomed_view(part)?)))
}

/// True when a move put `side`'s mark on an empty cell and took none away, so that
/// "plays X at MM" describes it: not a Morris step, a push, a capture, nor a quantum
/// pair of marks; a board won with it (ultimate's big board) changes nothing of that. A move that
/// names the mark it places (crazy's `d3x`, either mark for either player) is said as
/// it is named, whichever mark it is. A board drawn zoomed (strategic's) is compared
/// part by part, each part's cell-by-cell panel alone: the panels beside it follow the
/// board the next player is sent to, and so change with a move that places one mark.
pub(super) fn placed_own_mark(
    before_game: &dyn AnyGame,
    game: &dyn AnyGame,
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
    let first_panel = |view: crate::game::BoardView| crate::game::BoardView {
        panels: view.panels.into_iter().take(1).collect(),
        ..view
    };
    let parts: Vec<(crate::game::BoardView, crate::game::BoardView)> =
        if game.zoomed_view(0).is_some() {
            zoomed_parts(before_game, game)
                .map(|(before, after)| (first_panel(before), first_panel(after)))
                .collect()
        } else {
            vec![(before_game.view(), game.view())]
        };
    let mut filled = 0;
    for (before, after) in &parts {
        match newly_owned(before, after, side) {
            Some(cells) => filled += cells,
            None => return false,
        }
    }
    // More than one cell newly the side's: the cell played, and a board it won drawn
    // beside (ultimate's big board).
    filled >= 1
}

/// How many cells of `after` are newly `side`'s since `before`, or `None` if a cell
/// lost a mark or changed to another owner.
fn newly_owned(
    before: &crate::game::BoardView,
    after: &crate::game::BoardView,
    side: Player,
) -> Option<usize> {
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
            _ => return None,
        }
    }
    Some(filled)
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Plays a seeded random game of `variant`, each move tested as the console tests
    /// it; returns how many moves were said to place the mover's mark, of how many.
    fn placed_in_a_random_game(variant: &str, seed: u64) -> (usize, usize) {
        let mut game = crate::registry::start(&[variant]).expect("a game");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut placed, mut moves) = (0, 0);
        while game.outcome().is_none() {
            let names = game.legal_move_names();
            let name = names[rng.random_range(0..names.len())].clone();
            let before = game.boxed_clone();
            let side = game.to_move();
            game.play_move(&name).expect("a legal move");
            moves += 1;
            placed += usize::from(placed_own_mark(before.as_ref(), game.as_ref(), side, &name));
        }
        (placed, moves)
    }

    #[test]
    fn every_move_of_a_game_of_marks_placed_is_said_to_place_one() {
        // Strategic's side panels follow the board the next player is sent to; they
        // once made most of its moves read as something other than a mark placed.
        for variant in ["strategic", "ultimate", "classic", "qubic"] {
            for seed in 0..3 {
                let (placed, moves) = placed_in_a_random_game(variant, seed);
                assert_eq!(placed, moves, "{variant}, seed {seed}");
            }
        }
    }

    #[test]
    fn a_pair_of_quantum_marks_is_not_a_mark_placed() {
        let (placed, moves) = placed_in_a_random_game("quantum", 1);
        assert_eq!(placed, 0, "of {moves}");
    }
}
