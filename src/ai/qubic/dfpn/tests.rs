//! The df-pn search's unit tests: proofs the checker accepts, a full table, the
//! choice of a search beside others.

use super::*;

fn marks(cells: &[u8]) -> u64 {
    cells.iter().fold(0, |mask, cell| mask | 1 << cell)
}

fn proved_and_checked(x: u64, o: u64, table_bytes: u64) -> usize {
    let mut solver = Solver::new(table_bytes);
    let Verdict::Proved(proof) = solver.solve(x, o) else {
        panic!("proved within the budget");
    };
    crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees")
}

/// At a position of O's, a search leaves the replies others are in for the best
/// of the rest, with the second-best of those as its threshold; with no other
/// open reply, it takes theirs. At a position of X's the same, by proof numbers.
#[test]
fn a_search_leaves_the_moves_others_are_in_while_another_is_open() {
    let child = |cell| Child {
        cell,
        key: u64::from(cell),
    };
    let numbers = |proof, disproof| Numbers { proof, disproof };
    let children = [child(3), child(5), child(9), child(11)];
    let open = [
        numbers(4, 2),
        numbers(0, INFINITE),
        numbers(6, 5),
        numbers(2, 8),
    ];
    let with = children.map(|c| (c, OPEN));
    assert_eq!(Solver::leaving(0, &with, &open, false, INFINITE), None);
    assert_eq!(
        Solver::leaving(1 << 3, &with, &open, false, INFINITE),
        Some((2, 8))
    );
    assert_eq!(
        Solver::leaving(1 << 3 | 1 << 9, &with, &open, false, INFINITE),
        Some((3, INFINITE))
    );
    assert_eq!(
        Solver::leaving(1 << 3 | 1 << 9 | 1 << 11, &with, &open, false, INFINITE),
        None
    );
    // X's moves: 5 is disproved (lost to O), and the others go by proof numbers.
    let open = [
        numbers(4, 2),
        numbers(INFINITE, 0),
        numbers(6, 5),
        numbers(2, 8),
    ];
    assert_eq!(
        Solver::leaving(1 << 11, &with, &open, true, INFINITE),
        Some((0, 6))
    );
    assert_eq!(
        Solver::leaving(1 << 11 | 1 << 3 | 1 << 9, &with, &open, true, INFINITE),
        None,
        "a disproved move is not open"
    );
    // Below a proof threshold of 5, move 9 (6 to prove) is not open, but it still
    // bounds the threshold of the move taken.
    assert_eq!(
        Solver::leaving(1 << 11, &with, &open, true, 5),
        Some((0, 6))
    );
    assert_eq!(
        Solver::leaving(1 << 11 | 1 << 3, &with, &open, true, 5),
        None
    );
}

#[test]
fn a_forcing_chain_is_proved_at_the_root() {
    let checked = proved_and_checked(
        marks(&[5, 6, 8, 13, 14]),
        marks(&[48, 50, 35, 62, 27]),
        1 << 16,
    );
    assert!(checked >= 1);
}

#[test]
fn two_quiet_moves_deep_is_proved_and_checked() {
    let checked = proved_and_checked(marks(&[0, 15, 60]), marks(&[3, 63, 25]), 64 << 20);
    assert!(checked > 10, "{checked}");
}

/// A table far too small for the search (it held about 20,000 positions with room
/// to spare) replaces entries instead of stopping, and still finds a proof the
/// checker accepts, searching again what it forgot.
#[test]
fn a_full_table_replaces_entries_and_still_proves() {
    let (x, o) = (marks(&[0, 15, 60]), marks(&[3, 63, 25]));
    let mut solver = Solver::new(BYTES_PER_ENTRY * 2048);
    let Verdict::Proved(proof) = solver.solve(x, o) else {
        panic!("proved with a small table");
    };
    assert!(solver.replaced() > 1000, "{}", solver.replaced());
    assert_eq!(solver.capacity(), 2048);
    crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees");
}

#[test]
fn a_position_o_wins_is_disproved_and_a_visit_limit_can_run_out() {
    let (x, o) = (
        marks(&[0, 5, 22, 33, 38, 57]),
        marks(&[48, 49, 50, 3, 7, 11]),
    );
    assert_eq!(Solver::new(16 << 20).solve(x, o), Verdict::Disproved);
    let mut solver = Solver::new(16 << 20);
    solver.visit_limit = Some(10);
    assert_eq!(solver.solve(0, 0), Verdict::Unknown);
    assert!(solver.visits <= 11, "{}", solver.visits);
}

/// X's move at the root of a position may be restricted, to prove one answer of X's on
/// its own: the proof is a proof of the position, its root move one of those allowed;
/// and X kept off the one block O's three force loses.
#[test]
fn x_restricted_at_the_root_of_a_position() {
    let (x, o) = (marks(&[0, 15, 60]), marks(&[3, 63, 25]));
    let mut solver = Solver::new(64 << 20);
    let Verdict::Proved(proof) = solver.solve(x, o) else {
        panic!("proved");
    };
    let best = proof.get(x, o).expect("the root's move");
    let other = (0..64u8)
        .find(|&cell| (x | o) & 1 << cell == 0 && cell != best)
        .expect("an empty cell");
    let mut restricted = Solver::new(64 << 20);
    restricted.first_moves = 1 << best | 1 << other;
    let Verdict::Proved(proof) = restricted.solve(x, o) else {
        panic!("proved with the move allowed");
    };
    assert!([best, other].contains(&proof.get(x, o).expect("the root's move")));
    crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees");
    // O threatens 48, 49, 50 and 51: X must block on 51.
    let (x, o) = (marks(&[0, 5, 22]), marks(&[48, 49, 50]));
    let mut kept_off = Solver::new(16 << 20);
    kept_off.first_moves = 1 << 10;
    kept_off.visit_limit = Some(2_000);
    assert_eq!(kept_off.solve(x, o), Verdict::Disproved);
    let mut blocking = Solver::new(16 << 20);
    blocking.first_moves = 1 << 51 | 1 << 10;
    blocking.visit_limit = Some(2_000);
    assert_ne!(blocking.solve(x, o), Verdict::Disproved);
}
