//! Depth-first proof-number search (df-pn, Nagai 2002) for Qubic, the search behind
//! `menace solve qubic`. Like the best-first search of [`super::pns`] it always works
//! on the most-proving position, but it keeps no tree: proof and disproof numbers live
//! in one table under each position's symmetric key ([`SymmetricHash`]), so a position
//! reached by other moves or as an image of another is searched once, and memory is
//! the table alone. Thresholds grow by a quarter over the second-best child (the
//! "1+ε" trick of Pawlewicz and Lew), so the search does not hop between siblings.
//!
//! Three things keep the tree small:
//! - Every position with X to move is first given to the threat-space search (a
//!   forcing chain proves it at once), except the replies of an O position where X had
//!   no chain even with O passing: a mark of O's more never gives X a chain, so the
//!   search could only fail there.
//! - A threat must be answered: the side facing one has a single move.
//! - O's replies are cut by a "pass": if X would have a forcing chain were O to pass,
//!   only O's replies that break that chain need searching. Each reply is tried by
//!   replaying the chain after it (every check still a check with a single answer, no
//!   line of O's made or threatened unanswered): a reply it survives is lost to the same
//!   chain, recorded as such in the proof. This is exact, not a guess.

use super::proof::Proof;
use super::symmetric_hash::{Hashes, SymmetricHash};
pub use super::table::BYTES_PER_ENTRY;
use super::table::{Numbers, Table};
use super::threats::ThreatSearch;
use crate::game::cube::Geometry;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

mod expansion;
mod proof_reading;

pub(super) const INFINITE: u32 = u32::MAX / 4;

pub(super) const PROVED: Numbers = Numbers {
    proof: 0,
    disproof: INFINITE,
};
pub(super) const DISPROVED: Numbers = Numbers {
    proof: INFINITE,
    disproof: 0,
};
const OPEN: Numbers = Numbers {
    proof: 1,
    disproof: 1,
};

/// A move from a position and the key of the position it leads to.
#[derive(Debug, Clone, Copy)]
pub(super) struct Child {
    pub cell: u8,
    pub key: u64,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// X wins; the proof gives X's move in every position it needs.
    Proved(Proof),
    /// X does not win (O wins or draws against every try).
    Disproved,
    /// The search reached its limit of visits first.
    Unknown,
}

/// Where a long search has got to, for a front end to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub visits: u64,
    pub positions: usize,
    /// The root's numbers: positions still to prove, or to disprove, at the least.
    pub proof: u32,
    pub disproof: u32,
}

/// The table's memory when nothing else is said: enough for the whole game's proof
/// without replacing much (it held 77 million positions), and with the threat search's
/// store, the proof and the program, within 2 GB ([`crate::memory`] may lower it).
pub const DEFAULT_TABLE_BYTES: u64 = 1536 << 20;

/// A search's table and settings, for a search on another thread to share them.
pub(super) struct Settings {
    table: Arc<Table>,
    first_moves: u64,
    x_moves_limit: Option<usize>,
}

impl Settings {
    /// A search with these settings, on this table.
    pub(super) fn solver(self) -> Solver {
        let mut solver = Solver::sharing(self.table);
        solver.first_moves = self.first_moves;
        solver.x_moves_limit = self.x_moves_limit;
        solver
    }
}

/// The search, its table and its counters.
pub struct Solver {
    geometry: &'static Geometry,
    hash: &'static SymmetricHash,
    threats: ThreatSearch,
    table: Arc<Table>,
    /// If raised, the search stops as if its limit of visits had run out: the lead of
    /// a parallel solve raises a helper's when it goes into the helper's move and when
    /// it has settled the root ([`super::parallel`]).
    pub cancel: Option<Arc<AtomicBool>>,
    /// If set, the searches of a parallel solve and which of them this is: it says
    /// which move it is in near the root and leaves the others' moves to them
    /// ([`super::parallel`]).
    pub(super) team: Option<(Arc<super::parallel::Team>, usize)>,
    /// If set, the search stops after so many visits.
    pub visit_limit: Option<u64>,
    /// Why the last reading of a proof out of the table failed, where it did: a
    /// proved root whose proof cannot be read is a defect to find, not a result.
    pub read_failure: Option<String>,
    /// The cells X may move on at the root, with X to move there: X's first move on
    /// the empty cube (all of them unless restricted, as in the Qubic article's open
    /// question: no first move on a cell of 7 lines), or X's next move from a position
    /// (to prove one answer of X's to O's reply on its own: a proof of it is a proof
    /// of the position).
    pub first_moves: u64,
    /// Positions searched (visits of the depth-first search, revisits counted).
    pub visits: u64,
    /// If set, X tries only this many of its most promising quiet moves in a position
    /// (as Allis did, with ten): a proof found is still a proof, but "X does not win"
    /// then only means none was found among them.
    pub x_moves_limit: Option<usize>,
    /// Called every 2^12 visits with where the search is.
    pub progress: Option<Box<dyn FnMut(Progress)>>,
    root: u64,
    /// The root's moves, once expanded: the progress shown is theirs, as the root's own
    /// numbers are only written when a child's search returns.
    root_children: Vec<(Child, Numbers)>,
    root_x_to_move: bool,
    /// The marks at the root: a position's depth on a search's line is how many have
    /// been added since ([`super::parallel::Team`]).
    root_marks: u32,
    stopped: bool,
    /// The last position of X's proved, with the move that proved it: what the proof
    /// is read from when the table has since forgotten that move's position.
    last_proved: Option<(u64, Child)>,
}

impl Solver {
    /// A search whose table takes `table_bytes` of memory.
    pub fn new(table_bytes: u64) -> Solver {
        Solver::sharing(Arc::new(Table::new(table_bytes)))
    }

    /// A search whose table takes `table_bytes`, or `None` when the system will not
    /// give the table that much memory.
    pub fn try_new(table_bytes: u64) -> Option<Solver> {
        Table::try_new(table_bytes).map(|table| Solver::sharing(Arc::new(table)))
    }

    /// A search on a table other searches share (one on each core).
    pub fn sharing(table: Arc<Table>) -> Solver {
        Solver {
            geometry: Geometry::of(4),
            hash: SymmetricHash::get(),
            threats: ThreatSearch::new(),
            table,
            cancel: None,
            team: None,
            visit_limit: None,
            read_failure: None,
            first_moves: u64::MAX,
            visits: 0,
            x_moves_limit: None,
            progress: None,
            root: 0,
            root_children: Vec::new(),
            root_x_to_move: true,
            root_marks: 0,
            stopped: false,
            last_proved: None,
        }
    }

    /// Positions in the table (each up to symmetry).
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// Positions the table can hold.
    pub fn capacity(&self) -> usize {
        self.table.capacity()
    }

    /// Entries that took another's place in the full table.
    pub fn replaced(&self) -> u64 {
        self.table.replaced()
    }

    /// The table, to share with searches on other threads.
    pub fn table(&self) -> &Arc<Table> {
        &self.table
    }

    /// What another search needs to search as this one does, on its table.
    pub(super) fn settings(&self) -> Settings {
        Settings {
            table: Arc::clone(&self.table),
            first_moves: self.first_moves,
            x_moves_limit: self.x_moves_limit,
        }
    }

    /// Searches the position to the end (proved, disproved, or stopped) and returns its
    /// numbers; the proof is read out later ([`Solver::read_proof`]).
    pub(super) fn search(&mut self, x: u64, o: u64) -> Numbers {
        let hashes = self.hash.of(x, o);
        let key = SymmetricHash::key(&hashes);
        self.root = key;
        self.root_children.clear();
        self.root_x_to_move = x.count_ones() == o.count_ones();
        self.root_marks = (x | o).count_ones();
        self.stopped = false;
        self.mid(x, o, &hashes, key, INFINITE, INFINITE)
    }

    /// Counts another search's visits and threat positions as this one's (the
    /// searches of a parallel solve, added up).
    pub(super) fn absorb(&mut self, visits: u64, threat_nodes: u64) {
        self.visits += visits;
        self.threats.nodes += threat_nodes;
    }

    /// Positions the threat-space search looked at.
    pub fn threat_nodes(&self) -> u64 {
        self.threats.nodes
    }

    /// Whether X, to move with marks `x` against `o`, wins; with the proof if so.
    pub fn solve(&mut self, x: u64, o: u64) -> Verdict {
        let numbers = self.search(x, o);
        self.verdict(x, o, numbers)
    }

    /// What the search of (`x`, `o`) ending with the root's `numbers` says: with the
    /// proof read out of the table where X wins.
    pub(super) fn verdict(&mut self, x: u64, o: u64, numbers: Numbers) -> Verdict {
        // A helper on another core may have proved one of X's moves at the root after
        // the lead last looked (the lead's numbers then still say "unsettled" while the
        // table holds the proof): the root's moves are read again from the table.
        let proved_by_a_helper = self.root_x_to_move
            && self.root_children.iter().any(|(child, _)| {
                self.table
                    .get(child.key)
                    .is_some_and(|numbers| numbers.proof == 0)
            });
        if numbers.proof == 0 || proved_by_a_helper {
            // Reading the proof out searches again what a full table forgot, and that
            // must not be cut short by the limit that stopped the search: the lead may
            // have stopped at its visit limit while a helper proved the root.
            self.stopped = false;
            let limit = self.visit_limit.take();
            // Unknown only if the table lied (a key collision); the checker would
            // refuse such a proof anyway.
            let verdict = self.read_proof(x, o);
            self.visit_limit = limit;
            verdict
        } else if numbers.disproof == 0 {
            Verdict::Disproved
        } else {
            Verdict::Unknown
        }
    }

    /// Where the search is now.
    pub fn progress_now(&self) -> Progress {
        let root = if self.root_children.is_empty() {
            self.table.get(self.root).unwrap_or(OPEN)
        } else {
            let numbers: Vec<Numbers> = self
                .root_children
                .iter()
                .map(|(child, numbers)| self.table.get(child.key).unwrap_or(*numbers))
                .collect();
            Self::combine(&numbers, self.root_x_to_move).0
        };
        Progress {
            visits: self.visits,
            positions: self.table.len(),
            proof: root.proof,
            disproof: root.disproof,
        }
    }

    /// X's moves at the root of the last search, with X to move there, and their
    /// numbers as the table holds them now, fewest to prove first: where an unsettled
    /// search was going, and so which moves to search on their own next.
    pub fn root_moves(&self) -> Vec<(u8, Numbers)> {
        if !self.root_x_to_move {
            return Vec::new();
        }
        let mut moves: Vec<(u8, Numbers)> = self
            .root_children
            .iter()
            .map(|(child, numbers)| (child.cell, self.table.get(child.key).unwrap_or(*numbers)))
            .collect();
        moves.sort_by_key(|(cell, numbers)| {
            (numbers.proof, std::cmp::Reverse(numbers.disproof), *cell)
        });
        moves
    }

    fn report(&mut self) {
        let progress = self.progress_now();
        if let Some(report) = &mut self.progress {
            report(progress);
        }
    }

    /// The numbers of a position from its children's, the child to search next and
    /// the second-best number (the first child's threshold). A sum over positions
    /// reached by many move orders counts them again on every path and can swell past
    /// any bound; it stops one short of infinite, which only a settled child gives.
    fn combine(children: &[Numbers], x_to_move: bool) -> (Numbers, usize, u32) {
        let (mut least, mut second, mut best, mut sum) = (INFINITE, INFINITE, 0, 0u32);
        for (index, numbers) in children.iter().enumerate() {
            let (chosen, summed) = if x_to_move {
                (numbers.proof, numbers.disproof)
            } else {
                (numbers.disproof, numbers.proof)
            };
            if chosen < least {
                second = least;
                least = chosen;
                best = index;
            } else if chosen < second {
                second = chosen;
            }
            sum = if summed >= INFINITE || sum >= INFINITE {
                INFINITE
            } else {
                sum.saturating_add(summed).min(INFINITE - 1)
            };
        }
        let numbers = if x_to_move {
            Numbers {
                proof: least,
                disproof: sum,
            }
        } else {
            Numbers {
                proof: sum,
                disproof: least,
            }
        };
        (numbers, best, second)
    }

    /// At a position where other searches are in the moves `taken`, the move to
    /// search next and the second-best number among the others, if any other is open
    /// below the position's `limit` (its proof threshold where X is to move, its
    /// disproof threshold where O is): a search turns to another's move only when it
    /// is the last. A move at the limit would return at once, and the search would
    /// go into it again and again while the other search worked.
    fn leaving(
        taken: u64,
        children: &[(Child, Numbers)],
        numbers: &[Numbers],
        x_to_move: bool,
        limit: u32,
    ) -> Option<(usize, u32)> {
        if taken == 0 {
            return None;
        }
        let (mut best, mut least, mut second) = (None, INFINITE, INFINITE);
        for (index, ((child, _), numbers)) in children.iter().zip(numbers).enumerate() {
            let (chosen, settled) = if x_to_move {
                (numbers.proof, numbers.disproof == 0)
            } else {
                (numbers.disproof, numbers.proof == 0)
            };
            if taken & 1 << child.cell != 0 || settled {
                continue;
            }
            if chosen < least && chosen < limit {
                (second, least, best) = (least.min(second), chosen, Some(index));
            } else if chosen < second {
                second = chosen;
            }
        }
        best.map(|best| (best, second))
    }

    /// Searches the position until its numbers reach a threshold; returns them (they
    /// are stored too, but a full table may not keep them).
    fn mid(
        &mut self,
        x: u64,
        o: u64,
        hashes: &Hashes,
        key: u64,
        proof_limit: u32,
        disproof_limit: u32,
    ) -> Numbers {
        self.visits += 1;
        let visits_before = self.visits;
        if self.visits.is_multiple_of(1 << 12) {
            self.report();
        }
        let settled = self.numbers(x, o, key);
        if settled.proof == 0 || settled.disproof == 0 {
            return settled;
        }
        let x_to_move = x.count_ones() == o.count_ones();
        let mut children = self.children(x, o, hashes);
        if key == self.root && self.root_children.is_empty() {
            self.root_children = children.clone();
        }
        if children.is_empty() {
            // X has no move left that keeps a chance, or O none that breaks the chain.
            let numbers = if x_to_move { DISPROVED } else { PROVED };
            self.table.put(key, numbers, 1);
            return numbers;
        }
        let mut numbers_now: Vec<Numbers> = children.iter().map(|(_, numbers)| *numbers).collect();
        // A position near the root is on this search's line, for the searches beside
        // it to leave the move it goes into (all but X's first move: X needs one).
        let depth = (x | o).count_ones().saturating_sub(self.root_marks) as usize;
        let team_depth =
            (self.team.is_some() && depth <= super::parallel::DEPTH && (depth > 0 || !x_to_move))
                .then_some(depth);
        loop {
            // A child may have been searched through another path since.
            for ((child, _), numbers) in children.iter().zip(numbers_now.iter_mut()) {
                if let Some(stored) = self.table.get(child.key) {
                    *numbers = stored;
                }
            }
            let (numbers, best, second) = Self::combine(&numbers_now, x_to_move);
            self.table
                .put(key, numbers, self.visits - visits_before + 1);
            if numbers.proof >= proof_limit || numbers.disproof >= disproof_limit || self.stopped {
                if x_to_move && numbers.proof == 0 {
                    self.last_proved = Some((key, children[best].0));
                }
                return numbers;
            }
            if self.visit_limit.is_some_and(|limit| self.visits >= limit)
                || (self.visits.is_multiple_of(1024)
                    && (crate::stop::checkpoint(crate::stop::Searched {
                        positions: self.visits,
                        depth: None,
                    }) || self
                        .cancel
                        .as_ref()
                        .is_some_and(|cancel| cancel.load(Ordering::Relaxed))))
            {
                self.stopped = true;
                return numbers;
            }
            // The lead leaves the others' replies of O's; a helper leaves the lead's
            // moves of X's as well, to try X's next-best move while the lead is busy.
            // (Only the move searched next changes: the numbers, and the move that
            // proved a position, are the position's own.)
            let (best, second) = match (&self.team, team_depth) {
                (Some((team, me)), Some(depth)) if !x_to_move || *me != 0 => {
                    let taken = team.taken(*me, depth, x, o);
                    let limit = if x_to_move {
                        proof_limit
                    } else {
                        disproof_limit
                    };
                    Self::leaving(taken, &children, &numbers_now, x_to_move, limit)
                        .unwrap_or((best, second))
                }
                _ => (best, second),
            };
            let child = children[best].0;
            let own = numbers_now[best];
            let grown = second.saturating_add(second / 4 + 1).min(INFINITE);
            let (child_proof, child_disproof) = if x_to_move {
                (
                    proof_limit.min(grown),
                    (disproof_limit - numbers.disproof + own.disproof).min(INFINITE),
                )
            } else {
                (
                    (proof_limit - numbers.proof + own.proof).min(INFINITE),
                    disproof_limit.min(grown),
                )
            };
            let mut next = *hashes;
            let bit = 1u64 << child.cell;
            let (cx, co) = if x_to_move {
                (x | bit, o)
            } else {
                (x, o | bit)
            };
            self.hash
                .add(&mut next, usize::from(child.cell), usize::from(!x_to_move));
            if let Some((team, me)) = &self.team
                && let Some(depth) = team_depth
            {
                team.enter(*me, depth, x, o, bit);
            }
            numbers_now[best] = self.mid(cx, co, &next, child.key, child_proof, child_disproof);
            children[best].1 = numbers_now[best];
        }
    }
}

#[cfg(test)]
mod tests;
