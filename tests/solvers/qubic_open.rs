//! The Qubic article's open question (may X still win if it may not open on a cell of
//! 7 lines?), one of its computed answers kept in CI: X opens on cell 1, a cell of 4
//! lines, O answers on cell 23, and our search proves that X still wins; the
//! independent checker replays the proof against every defence. The other replies, and
//! the ones no search has settled, are in `docs/research/qubic.md` with their commands;
//! each takes a minute or more, so this one stands for them. Release only.

use menace::ai::qubic::dfpn::{DEFAULT_TABLE_BYTES, Solver, Verdict};
use menace::ai::qubic::parallel;

#[test]
#[ignore = "about a minute in release: run with --release --ignored"]
fn x_opening_on_a_cell_of_4_lines_still_beats_o_on_cell_23() {
    let (x, o) = (1u64 << 1, 1u64 << 23);
    let mut solver = Solver::new(menace::memory::for_one_table(DEFAULT_TABLE_BYTES));
    // The documented run needed about 530,000 visits of both threads; the budget counts
    // the calling thread's, so this leaves room for the threads' order to vary.
    solver.visit_limit = Some(1_000_000);
    let Verdict::Proved(proof) = parallel::solve(&mut solver, x, o, parallel::cores()) else {
        panic!("X on 1 against O on 23 is proved within the budget");
    };
    drop(solver);
    let checked = menace::verify::check(x, o, proof.canonical_moves()).expect("the proof holds");
    assert!(checked > 100_000, "{checked}");
}
