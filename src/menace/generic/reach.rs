//! The breadth-first search behind [`super::Menace::fill_reachable`].

use super::{TurnError, canonical};
use crate::game::{Game, Player};
use std::collections::{HashSet, VecDeque};

/// The state of the search of [`super::Menace::fill_reachable`].
pub(super) struct Reach<G: Game> {
    pub(super) side: Player,
    /// How many new boxes fit, and the limit to name if they do not.
    pub(super) capacity: usize,
    pub(super) limit: usize,
    /// Canonical keys of MENACE's positions met so far, boxes or forced.
    pub(super) seen: HashSet<G::Key>,
    /// MENACE's positions still to expand, in the order met.
    pub(super) queue: VecDeque<G>,
    /// New boxes: (ply, canonical key, position, symmetry to the picture), when they
    /// are to be made; a count only keeps how many there are at each ply.
    pub(super) found: Vec<(usize, G::Key, G, usize)>,
    pub(super) keep: bool,
    pub(super) made: usize,
    pub(super) per_ply: Vec<usize>,
    /// The opponent's positions between two of MENACE's, and their keys.
    pub(super) stack: Vec<G>,
    pub(super) passed: HashSet<G::Key>,
    pub(super) moves: Vec<G::Move>,
}

impl<G: Game> Reach<G> {
    pub(super) fn new(side: Player, capacity: usize, limit: usize) -> Reach<G> {
        Reach {
            side,
            capacity,
            limit,
            seen: HashSet::new(),
            queue: VecDeque::new(),
            found: Vec::new(),
            keep: true,
            made: 0,
            per_ply: Vec::new(),
            stack: Vec::new(),
            passed: HashSet::new(),
            moves: Vec::new(),
        }
    }

    /// Follows the opponent's moves from `position` (each intermediate position once) to
    /// every position where MENACE is to move, and queues those not met before.
    pub(super) fn arrive(
        &mut self,
        position: G,
        known: &foldhash::HashMap<G::Key, usize>,
    ) -> Result<(), TurnError> {
        self.passed.clear();
        self.stack.push(position);
        while let Some(position) = self.stack.pop() {
            if position.is_over() {
                continue;
            }
            position.legal_moves_into(&mut self.moves);
            if position.to_move() != self.side {
                if self.passed.insert(position.key()) {
                    for mv in &self.moves {
                        let mut next = position.clone();
                        if next.play(*mv).is_ok() {
                            self.stack.push(next);
                        }
                    }
                }
                continue;
            }
            let (key, symmetry) = canonical(&position);
            if !self.seen.insert(key) {
                continue;
            }
            if self.moves.len() >= 2 && !known.contains_key(&key) {
                if self.made >= self.capacity {
                    return Err(TurnError::BoxLimit { limit: self.limit });
                }
                self.made += 1;
                let ply = position.ply();
                if self.keep {
                    self.found.push((ply, key, position.clone(), symmetry));
                } else {
                    if self.per_ply.len() <= ply {
                        self.per_ply.resize(ply + 1, 0);
                    }
                    self.per_ply[ply] += 1;
                }
            }
            self.queue.push_back(position);
        }
        Ok(())
    }

    /// The bytes the search's tables have taken: the keys met and the positions queued
    /// (what it holds for each position it meets), by their capacity.
    pub(super) fn bytes(&self) -> usize {
        let key = std::mem::size_of::<G::Key>() + 1;
        let position = std::mem::size_of::<G>();
        self.seen.capacity() * key
            + self.queue.capacity() * position
            + self.passed.capacity() * key
            + self.stack.capacity() * position
            + self.found.capacity() * std::mem::size_of::<(usize, G::Key, G, usize)>()
    }
}
