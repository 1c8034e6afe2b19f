//! The df-pn search on every core (issue 29). The search on the calling thread is the
//! sequential one, unchanged: it chooses its moves as it always does, and says which
//! X's moves it is working on near the root ([`Lead`]: its line). A helper on each
//! other core proves O's replies to the lead's move at the root, starting from the
//! reply the lead will come to last, each to the end. The lead leaves a helper's
//! reply for the others while any is open; when it is down to that reply, or to its
//! own last one, both would search the same position: the helper goes down the
//! lead's line instead, to the first X move with a reply left that the lead is not
//! on, and proves those from the last. The searches share one table
//! ([`super::table::Table`]), and the lead reads its children's numbers from the table
//! at every step, so a reply a helper has proved is one the lead finds proved. When the
//! lead turns to another X move at the level a helper works below, that helper drops
//! what it was doing and follows. When the lead has settled the root, the helpers
//! stop, and the proof is read out of the table on the calling thread, searching again
//! what the table forgot.
//!
//! Which reply a helper proved first, and so what the table holds, varies from run to
//! run: the proof may differ between runs (each is checked by [`crate::verify`]).

use super::dfpn::{Solver, Verdict};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// How deep the lead's line is told: X's moves at the root and at the next
/// `LEVELS - 1` X positions along it.
pub(super) const LEVELS: usize = 3;

/// One helper as the lead sees it: the level of the line it works below, and its flag
/// to drop that work.
#[derive(Debug)]
struct Helper {
    level: AtomicUsize,
    /// The position of O's to move the helper works under, and the reply of O's (its
    /// bit) it is proving there (0 for none): the lead leaves that reply to it.
    job: [AtomicU64; 2],
    reply: AtomicU64,
    cancel: Arc<AtomicBool>,
}

/// What the lead search tells its helpers: its line (at each level, the position after
/// its X move there, O to move; level 0 is X's move at the root), and whether the
/// helpers are still wanted.
#[derive(Debug, Default)]
pub struct Lead {
    line: Mutex<Vec<(u64, u64)>>,
    helpers: Vec<Helper>,
    done: AtomicBool,
}

impl Lead {
    fn with_helpers(count: usize) -> Lead {
        Lead {
            helpers: (0..count)
                .map(|_| Helper {
                    level: AtomicUsize::new(0),
                    job: Default::default(),
                    reply: AtomicU64::new(0),
                    cancel: Arc::new(AtomicBool::new(false)),
                })
                .collect(),
            ..Lead::default()
        }
    }

    /// The lead plays X's move at `level` of its line, to the position (`x`, `o`): the
    /// line below it is forgotten if the move is another, and a helper working at that
    /// level or below drops its work. So does a helper proving the reply of O's the
    /// lead has just gone into: the two would search one position, and the helper
    /// goes down the lead's line instead.
    pub(super) fn follow(&self, level: usize, x: u64, o: u64) {
        let mut line = self
            .line
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if line.get(level) == Some(&(x, o)) || line.len() < level {
            return;
        }
        let reply = match level.checked_sub(1).and_then(|above| line.get(above)) {
            Some(&(_, o_above)) => o & !o_above,
            None => 0,
        };
        line.truncate(level);
        line.push((x, o));
        for helper in &self.helpers {
            let at = helper.level.load(Ordering::Relaxed);
            let inside = at + 1 == level && helper.reply.load(Ordering::Relaxed) == reply;
            if at >= level || inside {
                helper.cancel.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The replies (their bits) helpers are proving in the position (`x`, `o`), O to
    /// move: the lead turns to them last, so that the two do not search one position.
    pub(super) fn taken(&self, x: u64, o: u64) -> u64 {
        self.helpers
            .iter()
            .filter(|helper| {
                helper.job[0].load(Ordering::Relaxed) == x
                    && helper.job[1].load(Ordering::Relaxed) == o
            })
            .fold(0, |taken, helper| {
                taken | helper.reply.load(Ordering::Relaxed)
            })
    }

    fn line(&self) -> Vec<(u64, u64)> {
        self.line
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Every helper stops what it is doing.
    fn cancel_all(&self) {
        for helper in &self.helpers {
            helper.cancel.store(true, Ordering::Relaxed);
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
    let lead = Arc::new(Lead::with_helpers(threads - 1));
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
                    helper.cancel = Some(Arc::clone(&lead.helpers[index - 1].cancel));
                    help(&mut helper, &lead, index);
                    (helper.visits, helper.threat_nodes())
                })
            })
            .collect();
        solver.lead = Some(Arc::clone(&lead));
        let numbers = solver.search(x, o);
        solver.lead = None;
        // The helpers stop before the proof is read: their searches would only write
        // over entries the reading needs.
        lead.done.store(true, Ordering::Relaxed);
        lead.cancel_all();
        for helper in helpers {
            // A helper that panicked has nothing to add.
            let (visits, threat_nodes) = helper.join().unwrap_or((0, 0));
            solver.absorb(visits, threat_nodes);
        }
        solver.verdict(x, o, numbers)
    })
}

/// A helper's work: while the lead wants help, prove an O reply on the lead's line,
/// the `index`-th unsettled one from the end of the order the lead takes them in, at
/// the first level of the line that has one besides the lead's.
fn help(helper: &mut Solver, lead: &Lead, index: usize) {
    let me = &lead.helpers[index - 1];
    while !lead.done.load(Ordering::Relaxed) && !crate::stop::requested() {
        // Any change of the line cancels until the level is chosen, so none is missed
        // between reading the line and saying where this helper works.
        me.level.store(0, Ordering::Relaxed);
        me.reply.store(0, Ordering::Relaxed);
        me.cancel.store(false, Ordering::Relaxed);
        let line = lead.line();
        let mut chosen = None;
        for (level, &(x, o)) in line.iter().enumerate() {
            // The lead takes the reply with the least disproof number first.
            let mut replies: Vec<_> = helper
                .moves(x, o)
                .into_iter()
                .filter(|(_, numbers)| numbers.proof != 0 && numbers.disproof != 0)
                .collect();
            replies.sort_by_key(|(_, numbers)| numbers.disproof);
            // The reply the lead is in, where its line goes deeper, is left to it.
            let leads = line.get(level + 1).map(|&(_, below)| below & !o);
            let others: Vec<_> = replies
                .iter()
                .filter(|(child, _)| Some(1 << child.cell) != leads)
                .collect();
            if others.len() >= index {
                chosen = Some((level, x, o, others[others.len() - index].0));
                break;
            }
            // Only the lead's reply (or fewer than there are helpers) is left here: the
            // lead's line below shows where to help, if it goes deeper; if not, the
            // last reply, as before.
            if level + 1 == line.len()
                && let Some((last, _)) = replies.last()
            {
                chosen = Some((level, x, o, *last));
            }
        }
        let Some((level, x, o, reply)) = chosen else {
            // Nothing left to prove on the line: wait for the lead to move on.
            std::thread::sleep(std::time::Duration::from_millis(1));
            continue;
        };
        me.level.store(level, Ordering::Relaxed);
        me.reply.store(0, Ordering::Relaxed);
        me.job[0].store(x, Ordering::Relaxed);
        me.job[1].store(o, Ordering::Relaxed);
        me.reply.store(1 << reply.cell, Ordering::Relaxed);
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

    /// The lead's line: a new move at a level forgets the line below it, the same move
    /// again changes nothing, and only the helpers working at that level or below are
    /// told to drop their work.
    #[test]
    fn the_line_changes_below_a_new_move_and_cancels_only_below_it() {
        let lead = Lead::with_helpers(2);
        let cancelled = |lead: &Lead| -> Vec<bool> {
            lead.helpers
                .iter()
                .map(|helper| helper.cancel.swap(false, Ordering::Relaxed))
                .collect()
        };
        lead.helpers[0].level.store(0, Ordering::Relaxed);
        lead.helpers[1].level.store(1, Ordering::Relaxed);
        lead.follow(0, 1, 2);
        lead.follow(1, 5, 6);
        assert_eq!(lead.line(), vec![(1, 2), (5, 6)]);
        cancelled(&lead);
        // The same move at the root again: nothing changes, nobody is cancelled.
        lead.follow(0, 1, 2);
        assert_eq!(lead.line(), vec![(1, 2), (5, 6)]);
        assert_eq!(cancelled(&lead), vec![false, false]);
        // Another move one level down: only the helper working there drops its work.
        lead.follow(1, 9, 6);
        assert_eq!(lead.line(), vec![(1, 2), (9, 6)]);
        assert_eq!(cancelled(&lead), vec![false, true]);
        // Another move at the root: the line below it is gone, both helpers drop theirs.
        lead.follow(0, 3, 2);
        assert_eq!(lead.line(), vec![(3, 2)]);
        assert_eq!(cancelled(&lead), vec![true, true]);
        // A level below the line's end is not a move on it.
        lead.follow(2, 7, 7);
        assert_eq!(lead.line(), vec![(3, 2)]);
    }

    /// A helper proving a reply is told to drop it when the lead goes into that
    /// reply (the two would search one position), not when the lead goes into
    /// another; and the lead sees which reply is the helper's.
    #[test]
    fn a_helper_drops_the_reply_the_lead_goes_into_and_the_lead_leaves_it_otherwise() {
        let lead = Lead::with_helpers(1);
        let helper = &lead.helpers[0];
        lead.follow(0, 1, 0);
        helper.level.store(0, Ordering::Relaxed);
        helper.job[0].store(1, Ordering::Relaxed);
        helper.job[1].store(0, Ordering::Relaxed);
        helper.reply.store(1 << 7, Ordering::Relaxed);
        helper.cancel.store(false, Ordering::Relaxed);
        assert_eq!(lead.taken(1, 0), 1 << 7);
        assert_eq!(lead.taken(3, 0), 0, "another position");
        // The lead plays X's second move after O's reply on 21: the helper keeps on.
        lead.follow(1, 1 | 1 << 2, 1 << 21);
        assert!(!helper.cancel.swap(false, Ordering::Relaxed));
        // After O's reply on 7, the helper's: it drops it.
        lead.follow(1, 1 | 1 << 2, 1 << 7);
        assert!(helper.cancel.swap(false, Ordering::Relaxed));
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
