//! Qubic solved by our own search: the df-pn search proves from the empty cube that
//! the first player wins, on every core as `menace solve qubic` runs it, and the
//! independent checker replays the proof against every defence. Release only (see
//! `.ci/run` for its time on a 2-core machine).

use menace::ai::qubic::dfpn::{DEFAULT_TABLE_BYTES, Solver, Verdict};
use menace::ai::qubic::parallel;

#[test]
#[ignore = "minutes in release: run with --release --ignored"]
fn the_first_player_wins_qubic_and_the_checker_agrees() {
    // The table `menace solve qubic` takes with no options: the whole game fits.
    let mut solver = Solver::new(menace::memory::for_one_table(DEFAULT_TABLE_BYTES));
    // The proof read out of the table the searches shared may differ from run to run:
    // whichever it is, the checker must accept it.
    let Verdict::Proved(proof) = parallel::solve(&mut solver, 0, 0, parallel::cores()) else {
        panic!("the empty cube is proved with the default table");
    };
    drop(solver);
    // It opens on a strong cell (a cell of 7 lines: a corner or one of the inner eight,
    // all alike under the 192 maps): with the weak opening's replies (qubic_open.rs),
    // what says the first player wins whatever cell it opens on.
    let opening = proof.get(0, 0).expect("the proof's first move");
    let geometry = menace::game::cube::Geometry::of(4);
    assert_eq!(
        geometry.lines_through[usize::from(opening)].len(),
        7,
        "{opening}"
    );
    let checked = menace::verify::check(0, 0, proof.canonical_moves()).expect("the proof holds");
    assert!(checked > 1_000_000, "{checked}");
}
