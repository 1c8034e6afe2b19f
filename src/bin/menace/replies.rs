//! `menace solve qubic --first CELL --replies [--from POSITION] [--proof FILE]`: a
//! position split one level down. X plays CELL (on the empty cube, or in the position
//! given), then each of O's replies up to symmetry is searched on its own, with the whole
//! budget and a table of its own. A reply proved is written to its own file; a reply whose
//! file already holds a proof the checker accepts is not searched again, so a run stopped
//! or short of budget is resumed with a larger one for the rest. When every reply is
//! proved, their proofs are joined into one proof of the position (X's move on CELL at
//! its root), checked by the independent checker and written to FILE.

use crate::proofs::{
    QubicRequest, Solved, counted, read_first_moves, restart_peak_memory, search, write_proof,
};
use menace::ai::qubic::proof::Proof;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Splits the position at X's move and solves each of O's replies (see the module).
pub fn solve_qubic_replies(request: &QubicRequest) -> ExitCode {
    let (x, o) = match crate::proofs::start_position(request) {
        Ok(position) => position,
        Err(code) => return code,
    };
    let first = match read_first_moves(request.first) {
        Ok(cells) if cells.count_ones() == 1 && cells & (x | o) == 0 => cells,
        Ok(_) => {
            complain!(
                "menace: --replies needs one move for X on an empty cell, such as --first 0."
            );
            return ExitCode::from(2);
        }
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let cell = first.trailing_zeros() as u8;
    let after = x | first;
    let replies = replies_up_to_symmetry(after, o);
    if replies.is_empty() {
        complain!("menace: after X's move on {cell} the game is over: there is no reply to solve.");
        return ExitCode::from(2);
    }
    if (x, o) == (0, 0) {
        say!(
            "X opens on {cell}: O has {} replies up to symmetry; each is solved on its own.",
            replies.len()
        );
    } else {
        say!(
            "X plays {cell}: O has {} replies up to symmetry; each is solved on its own.",
            replies.len()
        );
    }
    let geometry = menace::game::cube::Geometry::of(4);
    let mut proved = Vec::new();
    let mut proofs = Vec::new();
    for &reply in &replies {
        let lines = geometry.lines_through[usize::from(reply)].len();
        say!("O replies {reply} (a cell on {lines} lines):");
        let position = (after, o | 1 << reply);
        let file = request.file.map(|file| file_for_reply(file, reply));
        if let Some(file) = &file {
            match stored_proof(file, position) {
                Ok(Some(proof)) => {
                    say!(
                        "Already proved in {}: the checker accepts it ({}).",
                        file.display(),
                        counted(proof.len() as u64)
                    );
                    proved.push(reply);
                    proofs.push(proof);
                    continue;
                }
                Ok(None) => {}
                Err(why) => say!("{} is searched again: {why}.", file.display()),
            }
        }
        restart_peak_memory();
        match search(position.0, position.1, u64::MAX, request) {
            Ok(Solved::Proved(proof)) => {
                let written = write_proof(file.as_deref(), position.0, position.1, &proof);
                if written != ExitCode::SUCCESS {
                    return written;
                }
                proved.push(reply);
                proofs.push(proof);
            }
            Ok(_) => {}
            Err(code) => return code,
        }
    }
    if proved.len() < replies.len() {
        let cells: Vec<String> = proved.iter().map(u8::to_string).collect();
        say!(
            "Proved: {} of the {} replies ({}); the others are not settled.",
            proved.len(),
            replies.len(),
            if cells.is_empty() {
                "none".to_string()
            } else {
                cells.join(", ")
            }
        );
        if request.file.is_some() && !proved.is_empty() {
            say!(
                "Run it again (with a larger --budget): the replies proved are kept in their files and not searched again."
            );
        }
        return ExitCode::SUCCESS;
    }
    say!("X's move on {cell} wins against every reply.");
    let whole = joined(x, o, cell, proofs);
    let checking = std::time::Instant::now();
    match menace::verify::check(x, o, whole.canonical_moves()) {
        Ok(checked) => say!(
            "The replies' proofs joined under X's move on {cell} make a proof of {}; the independent checker replayed every defence against it ({} of X's, {:.1} s).",
            counted(whole.len() as u64),
            counted(checked as u64),
            checking.elapsed().as_secs_f64()
        ),
        Err(why) => {
            say!("The joined proof does not hold: {why}.");
            return ExitCode::from(1);
        }
    }
    write_proof(request.file, x, o, &whole)
}

/// O's replies in the position (X's marks `x`, O's `o`, O to move), one per class of
/// replies alike under the cube's symmetries (the lowest cell of each), in cell order.
/// None if X has a line already.
fn replies_up_to_symmetry(x: u64, o: u64) -> Vec<u8> {
    let geometry = menace::game::cube::Geometry::of(4);
    if geometry.lines.iter().any(|line| x & line == *line) {
        return Vec::new();
    }
    let mut replies: Vec<u8> = geometry
        .replies_up_to_symmetry(x, o)
        .into_values()
        .collect();
    replies.sort_unstable();
    replies
}

/// The proofs of O's replies under X's move on `cell` in (`x`, `o`): one proof of that
/// position. Where two proofs hold the same position, the later one's move is kept:
/// every position a move leads to is then in that proof or in a later one, whose move
/// there wins too, so the joined proof holds wherever its parts did (and the checker
/// replays it before it is written).
fn joined(x: u64, o: u64, cell: u8, proofs: Vec<Proof>) -> Proof {
    let mut whole = Proof::new();
    for proof in proofs {
        whole.extend(proof);
    }
    whole.insert(x, o, cell);
    whole
}

/// The proof a reply's file already holds, if it proves that reply's position and the
/// checker accepts it; `Ok(None)` where there is no file; `Err` says why a file there
/// is not used.
fn stored_proof(file: &Path, position: (u64, u64)) -> Result<Option<Proof>, String> {
    let text = match menace::files::read_text_or_zstd(file, menace::verify::MAX_PROOF_BYTES) {
        Ok(text) => text,
        Err(menace::files::ReadProblem::Missing) => return Ok(None),
        Err(problem) => return Err(problem.to_string()),
    };
    let (x, o, moves) = menace::verify::read(&text)?;
    if (x, o) != position {
        return Err("it proves another position".into());
    }
    menace::verify::check(x, o, &moves).map_err(|why| format!("it does not hold ({why})"))?;
    let mut proof = Proof::new();
    for ((x, o), cell) in moves {
        proof.insert_canonical(x, o, cell);
    }
    Ok(Some(proof))
}

/// The proof file for O's reply on `reply`: `replies.json` gives `replies-2.json`.
fn file_for_reply(file: &Path, reply: u8) -> PathBuf {
    let stem = file.file_stem().map_or_else(
        || "replies".into(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    let name = match file.extension() {
        Some(extension) => format!("{stem}-{reply}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{reply}"),
    };
    file.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    #[test]
    fn each_reply_has_its_own_proof_file() {
        assert_eq!(
            file_for_reply(Path::new("out/replies.json"), 2),
            Path::new("out/replies-2.json")
        );
        assert_eq!(
            file_for_reply(Path::new("proof"), 13),
            Path::new("proof-13")
        );
    }

    #[test]
    fn every_reply_is_alike_to_exactly_one_listed() {
        let geometry = menace::game::cube::Geometry::of(4);
        let x = marks(&[1]);
        let listed = replies_up_to_symmetry(x, 0);
        // X on cell 1, a cell of 4 lines: the research notes' 23 kinds of reply.
        assert_eq!(listed.len(), 23);
        for reply in 2..64u8 {
            let key = geometry.canonical(x, 1 << reply).0;
            let alike = listed
                .iter()
                .filter(|cell| geometry.canonical(x, 1 << *cell).0 == key)
                .count();
            assert_eq!(alike, 1, "reply {reply}");
        }
        // X with a line already: nothing to reply to.
        assert!(replies_up_to_symmetry(marks(&[0, 1, 2, 3]), marks(&[4, 5, 6])).is_empty());
    }

    #[test]
    fn proofs_of_every_reply_join_into_a_proof_the_checker_accepts() {
        // The proof module's example, two quiet moves from a forcing chain: X's first
        // quiet move, then each of O's replies proved on its own, one quiet move from it.
        use menace::ai::qubic::proof::Prover;
        let (x, o) = (marks(&[0, 15, 60]), marks(&[3, 63, 25]));
        let cell = Prover::new(1_000_000)
            .prove(x, o, 2)
            .and_then(|proof| proof.get(x, o))
            .expect("a quiet move that wins");
        let after = x | 1 << cell;
        let mut proofs = Vec::new();
        for reply in replies_up_to_symmetry(after, o) {
            let proof = Prover::new(1_000_000)
                .prove(after, o | 1 << reply, 1)
                .unwrap_or_else(|| panic!("O's reply {reply} falls"));
            proofs.push(proof);
        }
        let whole = joined(x, o, cell, proofs);
        assert!(menace::verify::check(x, o, whole.canonical_moves()).is_ok());
        // Without X's move at the root it is no proof of the position.
        let root = menace::game::cube::Geometry::of(4).canonical(x, o).0;
        let mut headless = Proof::new();
        for ((px, po), moved) in whole.canonical_moves() {
            if (*px, *po) != root {
                headless.insert_canonical(*px, *po, *moved);
            }
        }
        assert!(menace::verify::check(x, o, headless.canonical_moves()).is_err());
    }
}
