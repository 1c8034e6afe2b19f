//! How many nodes the analysis of quantum Morris works on, counted without doing the
//! analysis: the positions at rest its index numbers, and the waiting collapses its
//! first pass makes (one node for each pair of worlds a position's cycle-closing moves
//! lead to, repeats up to symmetry counted once). The analysis keeps a value, a distance
//! and lists of parents for every node (1.4 GB, a minute of both cores); the census
//! walks the same first pass ([`super::explore`]) keeping the index and one count, so a
//! lesson can state the sizes as figures the program computes (`count` prints them).

use super::index::Index;
use super::pauses::Pauses;
use super::{explore, in_blocks};
use crate::game::quantum_morris::QuantumMorrisRules;
use std::sync::atomic::{AtomicU64, Ordering};

/// The sizes of the analysis under one set of rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Census {
    /// Positions at rest, one per class under the board's 8 symmetries.
    pub positions: u64,
    /// Waiting collapses: a move that closes a cycle, before its choice is made.
    pub collapses: u64,
}

/// Counts the positions and the waiting collapses under `rules` on `threads` threads,
/// pausing as the analysis does (the console is told how far it has got, Ctrl-C stops
/// it: then `None`).
pub fn count(rules: QuantumMorrisRules, threads: usize) -> Option<Census> {
    let threads = threads.max(1);
    let pauses = Pauses::default();
    let index = Index::build(threads, &pauses)?;
    let collapses = AtomicU64::new(0);
    in_blocks(&index, threads, &pauses, |found, _, rest| {
        explore(&index, &rest, rules, found);
        collapses.fetch_add(found.collapses.len() as u64, Ordering::Relaxed);
    })?;
    Some(Census {
        positions: index.len() as u64,
        collapses: collapses.into_inner(),
    })
}
