//! Qubic proofs at the size CI can afford: one whole opening line proved by the df-pn
//! search and checked by the independent checker, in release.

use menace::ai::qubic::dfpn::{Solver, Verdict};

/// X opens on corner 0 and O answers on cell 1, next to it on the top row (a cell on
/// 4 lines): X wins. A minute and about 0.5 GB in release; the proof, a quarter of a
/// million positions up to symmetry, is replayed against every defence by
/// `menace::verify`, which shares no code with the search.
#[test]
#[ignore = "a minute in release: run with --release --ignored"]
fn the_corner_opening_beats_the_reply_next_to_it_and_the_checker_agrees() {
    let mut solver = Solver::new(20_000_000);
    let Verdict::Proved(proof) = solver.solve(1 << 0, 1 << 1) else {
        panic!("X on 0 against O on 1 is proved within 20,000,000 positions");
    };
    let checked = menace::verify::check(1, 2, proof.canonical_moves()).expect("the proof holds");
    assert!(checked > 1000, "{checked}");
}
