//! `menace solve qubic --from POSITION --answers [--first CELLS] [--proof FILE]`: a
//! position split at X's move. X to move wins if one of its moves wins, so each of X's
//! moves up to symmetry (those `--first` allows) is searched on its own, with the whole
//! budget and a table of its own, and the first one proved ends the run: its proof is a
//! proof of the position (X's move at the root), written to FILE. The counterpart of
//! [`crate::replies`], which splits at O's move, where every reply must fall.
//!
//! Moves on cells of 7 lines are searched first, then the others, each kind in cell
//! order: every reply of O's on a strong cell to X's weak opening that has fallen so far
//! fell to an answer on a strong cell, and a budget spent on a move that does not fall is
//! lost, so the likelier moves go first.

use crate::proofs::{
    QubicRequest, Solved, read_first_moves, restart_peak_memory, search, write_proof,
};
use std::process::ExitCode;

/// Searches X's moves one at a time until one is proved (see the module).
pub fn solve_qubic_answers(request: &QubicRequest) -> ExitCode {
    let (x, o) = match crate::proofs::start_position(request) {
        Ok(position) => position,
        Err(code) => return code,
    };
    if x.count_ones() != o.count_ones() {
        complain!("menace: --answers needs a position with X to move (as many X's as O's).");
        return ExitCode::from(2);
    }
    let allowed = match read_first_moves(request.first) {
        Ok(cells) => cells,
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let answers = answers_up_to_symmetry(x, o, allowed);
    if answers.is_empty() {
        complain!(
            "menace: X has no move to try here (the game is over, or --first names no empty cell)."
        );
        return ExitCode::from(2);
    }
    say!(
        "X has {} up to symmetry here; each is searched on its own until one is proved, strong cells first.",
        moves(answers.len())
    );
    let geometry = menace::game::cube::Geometry::of(4);
    for (tried, &cell) in answers.iter().enumerate() {
        let lines = geometry.lines_through[usize::from(cell)].len();
        say!(
            "X plays {cell} (a cell on {lines} lines), {} of {}:",
            tried + 1,
            answers.len()
        );
        restart_peak_memory();
        match search(x, o, 1 << cell, request) {
            Ok(Solved::Proved(proof)) => {
                // A position with a forcing chain from the start is proved by the
                // chain, whatever move was asked for: the proof says which move wins.
                let played = proof.get(x, o);
                let alike = |a: u8, b: u8| {
                    geometry.canonical(x | 1 << a, o).0 == geometry.canonical(x | 1 << b, o).0
                };
                match played {
                    Some(played) if !alike(played, cell) => say!(
                        "X has a forcing chain here: the proof plays {played} first, and X wins the position."
                    ),
                    _ => say!("X's move on {cell} wins, so X wins the position."),
                }
                return write_proof(request.file, x, o, &proof);
            }
            Ok(_) => {}
            Err(code) => return code,
        }
    }
    if answers.len() == 1 {
        say!("X's move was not proved within the budget: the position is not settled.");
    } else {
        say!(
            "None of X's {} was proved within the budget: the position is not settled.",
            moves(answers.len())
        );
    }
    ExitCode::SUCCESS
}

/// "1 move", "28 moves".
fn moves(count: usize) -> String {
    if count == 1 {
        "1 move".into()
    } else {
        format!("{count} moves")
    }
}

/// X's moves in the position (X's marks `x`, O's `o`, X to move) among `allowed`, one
/// per class of moves alike under the cube's symmetries (the lowest cell of each):
/// cells of 7 lines first, then the others, each in cell order. None if either side
/// has a line already.
fn answers_up_to_symmetry(x: u64, o: u64, allowed: u64) -> Vec<u8> {
    let geometry = menace::game::cube::Geometry::of(4);
    if geometry
        .lines
        .iter()
        .any(|line| x & line == *line || o & line == *line)
    {
        return Vec::new();
    }
    let mut classes = std::collections::BTreeMap::new();
    for cell in 0..64u8 {
        let bit = 1u64 << cell;
        if (x | o) & bit == 0 && allowed & bit != 0 {
            let (key, _) = geometry.canonical(x | bit, o);
            classes.entry(key).or_insert(cell);
        }
    }
    let mut answers: Vec<u8> = classes.into_values().collect();
    answers.sort_by_key(|cell| {
        (
            std::cmp::Reverse(geometry.lines_through[usize::from(*cell)].len()),
            *cell,
        )
    });
    answers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_answer_is_alike_to_exactly_one_listed_strong_cells_first() {
        let geometry = menace::game::cube::Geometry::of(4);
        // X on cell 1, O on one of the strong cells left open by the research notes:
        // the search's own root (found through its symmetric hash, not the canonical
        // form used here) had 60, 38, 34 and 38 moves.
        for (reply, count) in [(12u8, 60), (21, 38), (26, 34), (60, 38)] {
            let (x, o) = (1u64 << 1, 1u64 << reply);
            let listed = answers_up_to_symmetry(x, o, u64::MAX);
            assert_eq!(listed.len(), count, "reply {reply}");
            let strong = listed
                .iter()
                .take_while(|cell| geometry.lines_through[usize::from(**cell)].len() == 7)
                .count();
            assert!(
                listed[strong..]
                    .iter()
                    .all(|cell| geometry.lines_through[usize::from(*cell)].len() == 4),
                "reply {reply}: {listed:?}"
            );
            for cell in (0..64u8).filter(|cell| (x | o) & 1 << cell == 0) {
                let key = geometry.canonical(x | 1 << cell, o).0;
                let alike = listed
                    .iter()
                    .filter(|listed| geometry.canonical(x | 1 << **listed, o).0 == key)
                    .count();
                assert_eq!(alike, 1, "reply {reply}, cell {cell}");
            }
        }
        // Only the cells allowed; none once a line is made.
        let strong_only =
            answers_up_to_symmetry(1 << 1, 1 << 12, read_first_moves("7-lines").unwrap());
        assert!(!strong_only.is_empty());
        assert!(
            strong_only
                .iter()
                .all(|cell| geometry.lines_through[usize::from(*cell)].len() == 7)
        );
        assert!(answers_up_to_symmetry(0b1111, 0b1111 << 4, u64::MAX).is_empty());
    }
}
