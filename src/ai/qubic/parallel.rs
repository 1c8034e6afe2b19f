//! The df-pn search on every core (issue 29). The search on the calling thread is the
//! sequential one, unchanged: it chooses X's move at the root as it always does, and
//! says which one it is working on ([`Lead`]). A helper on each other core proves O's
//! replies to that move, starting from the reply the lead will come to last, each to
//! the end. The searches share one table ([`super::table::Table`]), and the lead reads
//! its children's numbers from the table at every step, so a reply a helper has
//! proved is one the lead finds proved. When the lead turns to another of X's moves,
//! the helpers drop what they were doing and follow. When the lead has settled the
//! root, the helpers stop, and the proof is read out of the table on the calling
//! thread, searching again what the table forgot.
//!
//! Which reply a helper proved first, and so what the table holds, varies from run to
//! run: the proof may differ between runs (each is checked by [`crate::verify`]).

use super::dfpn::{Solver, Verdict};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// What the lead search tells its helpers: the position after X's move at the root it
/// is proving (O to move), and whether the helpers are still wanted.
#[derive(Debug, Default)]
pub struct Lead {
    target: Mutex<Option<(u64, u64)>>,
    /// Raised when the target changes, so a helper drops its reply.
    retarget: Arc<AtomicBool>,
    done: AtomicBool,
}

impl Lead {
    /// The lead searches the position (`x`, `o`) next.
    pub(super) fn follow(&self, x: u64, o: u64) {
        let mut target = self
            .target
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if *target != Some((x, o)) {
            *target = Some((x, o));
            self.retarget.store(true, Ordering::Relaxed);
        }
    }

    fn target(&self) -> Option<(u64, u64)> {
        *self
            .target
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
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
    let lead = Arc::new(Lead::default());
    let flag = crate::stop::watched();
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|index| {
                let settings = solver.settings();
                let (lead, flag) = (Arc::clone(&lead), flag.clone());
                scope.spawn(move || {
                    if let Some(flag) = flag {
                        crate::stop::watch(flag);
                    }
                    let mut helper = settings.solver();
                    helper.cancel = Some(Arc::clone(&lead.retarget));
                    help(&mut helper, &lead, index);
                    (helper.visits, helper.threat_nodes())
                })
            })
            .collect();
        solver.lead = Some(Arc::clone(&lead));
        let verdict = solver.solve(x, o);
        solver.lead = None;
        lead.done.store(true, Ordering::Relaxed);
        lead.retarget.store(true, Ordering::Relaxed);
        for helper in helpers {
            // A helper that panicked has nothing to add.
            let (visits, threat_nodes) = helper.join().unwrap_or((0, 0));
            solver.absorb(visits, threat_nodes);
        }
        verdict
    })
}

/// A helper's work: while the lead wants help, prove O's replies to the lead's move,
/// the `index`-th unsettled one from the end of the order the lead takes them in.
fn help(helper: &mut Solver, lead: &Lead, index: usize) {
    while !lead.done.load(Ordering::Relaxed) && !crate::stop::requested() {
        lead.retarget.store(false, Ordering::Relaxed);
        let Some((x, o)) = lead.target() else {
            std::thread::sleep(std::time::Duration::from_millis(1));
            continue;
        };
        // The lead takes the reply with the least disproof number first.
        let mut replies: Vec<_> = helper
            .moves(x, o)
            .into_iter()
            .filter(|(_, numbers)| numbers.proof != 0 && numbers.disproof != 0)
            .collect();
        replies.sort_by_key(|(_, numbers)| numbers.disproof);
        let Some((reply, _)) = replies
            .len()
            .checked_sub(index)
            .or_else(|| replies.len().checked_sub(1))
            .map(|at| replies[at])
        else {
            // Nothing left to prove here: wait for the lead to move on.
            std::thread::sleep(std::time::Duration::from_millis(1));
            continue;
        };
        helper.search(x, o | 1 << reply.cell);
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
