//! The df-pn search on every core. Every core runs the same df-pn search
//! from the root on one shared table ([`super::table::Table`]), reading its children's
//! numbers from the table at every step, so what one search settles the others find
//! settled. Near the root each says where it is (its line, [`Team`]), and they keep out
//! of each other's way there:
//! - At a position of O's, a search leaves the replies the others are in for the best
//!   of the rest, while any other is open. X must beat every reply, so this is work
//!   the proof needs, and the searches still go back and forth between replies as
//!   the sequential search does, so each finds in the table what the others learned
//!   in the replies they share positions with.
//! - At a position of X's below the root, a helper leaves the lead's move for X's
//!   next-best one. The lead's choice can be one that costs many times another (a
//!   trace of the whole game showed X's answer on 63 to O's reply on 3 taking 2 to 3
//!   million visits where the answer on 60 took half a million): the helper proves the
//!   other, and if it wins first the lead's choice is no longer needed.
//!
//! The search on the calling thread, the lead, is the one whose result counts: when it
//! goes into a move a helper is in, the helper starts again from the root, and this
//! time leaves that move to the lead. When the lead has settled the root, the helpers
//! stop, and the proof is read out of the table on the calling thread, searching again
//! what the table forgot.
//!
//! Which search settles what first, and so what the table holds, varies from run to
//! run: the proof may differ between runs (each is checked by [`crate::verify`]).

use super::dfpn::{Solver, Verdict};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// How deep each search says where it is: at the positions from the root to `DEPTH`
/// marks below it. Two is O's reply to X's first move and X's answer to it (measured
/// against leaving only replies, at the first level or three X moves deep:
/// docs/research/qubic.md, the sixth round).
pub(super) const DEPTH: usize = 2;

/// One search's line as the others see it: at each depth, the position it passed
/// through and the move (its bit) it went into there. Only its own search writes it
/// and the others read it without a lock: a read torn by a write only misleads a
/// search about which move to leave, never about the numbers, which are in the table.
/// Each line has cache lines of its own, so one search's writes do not make the
/// others wait when they read theirs.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Line {
    steps: [[AtomicU64; 3]; DEPTH + 1],
    len: AtomicUsize,
    /// Raised to make this search drop what it is doing and start again at the root
    /// (never raised for the lead's).
    cancel: Arc<AtomicBool>,
}

impl Line {
    /// The position (X's marks, O's) and the move at `depth`, if the line is that deep.
    fn at(&self, depth: usize) -> Option<[u64; 3]> {
        (depth < self.len.load(Ordering::Relaxed)).then(|| {
            self.steps[depth]
                .each_ref()
                .map(|word| word.load(Ordering::Relaxed))
        })
    }
}

/// The searches of a parallel solve as each sees the others: their lines, and whether
/// the helpers are still wanted. Search 0 is the lead, on the calling thread.
#[derive(Debug, Default)]
pub struct Team {
    lines: Vec<Line>,
    done: AtomicBool,
}

impl Team {
    fn of(searches: usize) -> Team {
        Team {
            lines: (0..searches).map(|_| Line::default()).collect(),
            ..Team::default()
        }
    }

    /// Search `me` goes into the move `bit` from the position (`x`, `o`) at `depth`
    /// of its line; the line below it is forgotten. When the lead goes into a move a
    /// helper is in, the two would search one position: the helper starts again.
    pub(super) fn enter(&self, me: usize, depth: usize, x: u64, o: u64, bit: u64) {
        let line = &self.lines[me];
        let step = [x, o, bit];
        let new = line.at(depth) != Some(step);
        if !new && line.len.load(Ordering::Relaxed) == depth + 1 {
            return;
        }
        for (word, value) in line.steps[depth].iter().zip(step) {
            word.store(value, Ordering::Relaxed);
        }
        line.len.store(depth + 1, Ordering::Relaxed);
        if me == 0 && new {
            for helper in &self.lines[1..] {
                if helper.at(depth) == Some(step) {
                    helper.cancel.store(true, Ordering::Relaxed);
                }
            }
        }
    }

    /// The moves (their bits) the searches other than `me` are in from the position
    /// (`x`, `o`) at `depth`: `me` leaves them while another is open.
    pub(super) fn taken(&self, me: usize, depth: usize, x: u64, o: u64) -> u64 {
        self.lines
            .iter()
            .enumerate()
            .filter(|&(index, _)| index != me)
            .filter_map(|(_, line)| line.at(depth))
            .filter(|&[at_x, at_o, _]| at_x == x && at_o == o)
            .fold(0, |taken, [_, _, bit]| taken | bit)
    }

    /// Every helper stops what it is doing.
    fn cancel_all(&self) {
        for line in &self.lines[1..] {
            line.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// The cores to search on when nothing else is said: all of them.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Whether X, to move with marks `x` against `o`, wins, searched by `solver` on the
/// calling thread (which reports progress) with helpers on `threads - 1` more. With
/// one thread, the sequential [`Solver::solve`].
pub fn solve(solver: &mut Solver, x: u64, o: u64, threads: usize) -> Verdict {
    if threads < 2 {
        return solver.solve(x, o);
    }
    let team = Arc::new(Team::of(threads));
    let (flag, deadline) = (crate::stop::watched(), crate::stop::deadline());
    std::thread::scope(|scope| {
        // A helper the system cannot start (no memory left for its stack) is done
        // without: the lead alone still settles the root, only more slowly.
        let helpers: Vec<_> = (1..threads)
            .map_while(|index| {
                let settings = solver.settings();
                let (team, flag) = (Arc::clone(&team), flag.clone());
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        if let Some(flag) = flag {
                            crate::stop::watch(flag);
                        }
                        crate::stop::keep_deadline(deadline);
                        let mut helper = settings.solver();
                        helper.cancel = Some(Arc::clone(&team.lines[index].cancel));
                        helper.team = Some((Arc::clone(&team), index));
                        help(&mut helper, &team, index, x, o);
                        (helper.visits, helper.threat_nodes())
                    })
                    .ok()
            })
            .collect();
        solver.team = Some((Arc::clone(&team), 0));
        let numbers = solver.search(x, o);
        solver.team = None;
        // The helpers stop before the proof is read: their searches would only write
        // over entries the reading needs.
        team.done.store(true, Ordering::Relaxed);
        team.cancel_all();
        for helper in helpers {
            // A helper that panicked has nothing to add.
            let (visits, threat_nodes) = helper.join().unwrap_or((0, 0));
            solver.absorb(visits, threat_nodes);
        }
        solver.verdict(x, o, numbers)
    })
}

/// A helper's work: the search from the root, started again whenever the lead goes
/// into its move, until the lead has settled the root or the helper has.
fn help(helper: &mut Solver, team: &Team, index: usize, x: u64, o: u64) {
    let cancel = &team.lines[index].cancel;
    while !team.done.load(Ordering::Relaxed) && !crate::stop::requested() {
        cancel.store(false, Ordering::Relaxed);
        let numbers = helper.search(x, o);
        if numbers.proof == 0 || numbers.disproof == 0 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    /// A lead and a helper on one table prove the tests' position, and the proof read
    /// out of the shared table is one the checker accepts, on every run of the test.
    #[test]
    fn two_threads_prove_and_the_checker_agrees() {
        let (x, o) = (marks(&[0, 15, 60]), marks(&[3, 63, 25]));
        for _ in 0..3 {
            let mut solver = Solver::new(16 << 20);
            let Verdict::Proved(proof) = solve(&mut solver, x, o, 2) else {
                panic!("proved on two threads");
            };
            crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees");
        }
    }

    /// A search's line: each sees the moves the others are in at the same position
    /// and depth, not its own, not another position's, and not below where another's
    /// line has since turned.
    #[test]
    fn each_search_sees_the_moves_the_others_are_in() {
        let team = Team::of(3);
        team.enter(1, 1, 1, 0, 1 << 7);
        team.enter(2, 1, 1, 0, 1 << 21);
        team.enter(1, 2, 1, 1 << 7, 1 << 9);
        assert_eq!(team.taken(0, 1, 1, 0), 1 << 7 | 1 << 21);
        assert_eq!(team.taken(1, 1, 1, 0), 1 << 21, "not its own");
        assert_eq!(team.taken(0, 1, 3, 0), 0, "another position");
        assert_eq!(team.taken(0, 2, 1, 1 << 7), 1 << 9);
        // Search 1 turns to another reply: its step below is forgotten.
        team.enter(1, 1, 1, 0, 1 << 5);
        assert_eq!(team.taken(0, 1, 1, 0), 1 << 5 | 1 << 21);
        assert_eq!(team.taken(0, 2, 1, 1 << 7), 0);
    }

    /// A helper is told to start again when the lead goes into the move it is in
    /// (the two would search one position), not when the lead goes into another,
    /// nor again while the lead stays where it is.
    #[test]
    fn a_helper_starts_again_when_the_lead_goes_into_its_move() {
        let team = Team::of(2);
        let cancelled = |team: &Team| team.lines[1].cancel.swap(false, Ordering::Relaxed);
        team.enter(1, 1, 1, 0, 1 << 7);
        team.enter(0, 1, 1, 0, 1 << 21);
        assert!(!cancelled(&team));
        team.enter(0, 1, 1, 0, 1 << 7);
        assert!(cancelled(&team));
        // The helper, started again, goes into the lead's reply (the last open one)
        // and on below it: the lead coming back to that reply changes nothing.
        team.enter(1, 1, 1, 0, 1 << 7);
        team.enter(1, 2, 1, 1 << 7, 1 << 9);
        team.enter(0, 2, 1, 1 << 7, 1 << 60);
        team.enter(0, 1, 1, 0, 1 << 7);
        assert!(!cancelled(&team));
        // A helper never stops the lead.
        team.enter(1, 2, 1, 1 << 7, 1 << 60);
        assert!(!team.lines[0].cancel.load(Ordering::Relaxed));
    }

    /// A position O wins is disproved on two threads as on one.
    #[test]
    fn two_threads_disprove_what_one_disproves() {
        let (x, o) = (
            marks(&[0, 5, 22, 33, 38, 57]),
            marks(&[48, 49, 50, 3, 7, 11]),
        );
        assert_eq!(
            solve(&mut Solver::new(16 << 20), x, o, 2),
            Verdict::Disproved
        );
    }
}
