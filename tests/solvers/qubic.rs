//! Qubic solved by our own search: the df-pn search proves from the empty cube that
//! the first player wins, and the independent checker replays the proof against every
//! defence. Release only (about 13 minutes and 3.4 GB on a 2-core machine).

use menace::ai::qubic::dfpn::{Solver, Verdict};

#[test]
#[ignore = "13 minutes in release: run with --release --ignored"]
fn the_first_player_wins_qubic_and_the_checker_agrees() {
    let mut solver = Solver::new(90_000_000);
    let Verdict::Proved(proof) = solver.solve(0, 0) else {
        panic!("the empty cube is proved within 90,000,000 positions");
    };
    let checked = menace::verify::check(0, 0, proof.canonical_moves()).expect("the proof holds");
    assert!(checked > 1_000_000, "{checked}");
}
