//! Reading a proof out of the table: after [`Solver::solve`] has proved a position,
//! X's moves along the proved tree are written into a [`Proof`] the checker can replay.
//! Kept apart from the search itself because it only reads what the search left (and
//! searches again only what a full table forgot).
//!
//! The moves are gathered in the frame each position is met in and put in canonical
//! form at the end, on every core; the positions of X's already read are known by
//! their symmetric keys, which the search has at hand. (Putting each position in
//! canonical form as it was met, twice for each of X's, took 14 of the whole game's
//! 137 s, on one thread.)

use super::super::pass::breaking_replies;
use super::super::proof::{Proof, chain_moves};
use super::super::symmetric_hash::{Hashes, SymmetricHash};
use super::{INFINITE, Solver, Verdict};
use std::collections::HashSet;

/// What the reading has gathered: X's move in each position, in the frame it was met
/// in, and the keys of X's positions already read.
#[derive(Default)]
struct Gathered {
    moves: Vec<(u64, u64, u8)>,
    read: HashSet<u64>,
}

impl Solver {
    /// The proof of a position the table holds as proved (searching again what it
    /// forgot); `Unknown` if the table says otherwise.
    pub(in crate::ai::qubic) fn read_proof(&mut self, x: u64, o: u64) -> Verdict {
        let hashes = self.hash.of(x, o);
        let mut gathered = Gathered::default();
        match self.extract(x, o, &hashes, &mut gathered) {
            Ok(()) => Verdict::Proved(Proof::from_moves(&gathered.moves)),
            Err(why) => {
                self.read_failure = Some(format!(
                    "{why} (after reading {} of X's positions)",
                    gathered.read.len()
                ));
                Verdict::Unknown
            }
        }
    }

    /// Whether the position is proved, searching it again if the table forgot it.
    fn proved_again(&mut self, x: u64, o: u64, hashes: &Hashes, key: u64) -> bool {
        if self
            .table
            .get(key)
            .is_some_and(|numbers| numbers.proof == 0)
        {
            return true;
        }
        self.table.remove(key);
        self.mid(x, o, hashes, key, INFINITE, INFINITE).proof == 0
    }

    /// Writes X's moves along the proved tree under a proved position. A full table
    /// may have forgotten part of it: that part is searched again.
    fn extract(
        &mut self,
        x: u64,
        o: u64,
        hashes: &Hashes,
        gathered: &mut Gathered,
    ) -> Result<(), String> {
        let geometry = self.geometry;
        let x_to_move = x.count_ones() == o.count_ones();
        if x_to_move {
            // A line to finish needs no entry: the checker sees it.
            let key = SymmetricHash::key(hashes);
            if geometry.winning_cells(x, o) != 0 || !gathered.read.insert(key) {
                return Ok(());
            }
            if let Some(chain) = self.threats.find(x, o) {
                chain_moves(x, o, &chain, |x, o, cell| gathered.moves.push((x, o, cell)));
                return Ok(());
            }
            let mut found = self
                .children(x, o, hashes)
                .iter()
                .find(|(_, numbers)| numbers.proof == 0)
                .map(|(child, _)| *child);
            if found.is_none() {
                // The table forgot which move proved it: search the position again.
                self.table.remove(key);
                self.last_proved = None;
                self.mid(x, o, hashes, key, INFINITE, INFINITE);
                found = self
                    .last_proved
                    .filter(|(proved, _)| *proved == key)
                    .map(|(_, child)| child);
            }
            let Some(child) = found else {
                return Err("a proved position has no proved move".into());
            };
            gathered.moves.push((x, o, child.cell));
            let mut next = *hashes;
            self.hash.add(&mut next, usize::from(child.cell), 0);
            return self.extract(x | 1 << child.cell, o, &next, gathered);
        }
        let x_wins = geometry.winning_cells(x, o);
        if x_wins.count_ones() >= 2 {
            // Every reply leaves X a line to finish; the checker sees it for itself.
            return Ok(());
        }
        let pass_chain = if x_wins == 0 {
            self.threats.find(x, o)
        } else {
            None
        };
        if let Some(chain) = &pass_chain {
            let mut rest = !(x | o) & !breaking_replies(self.geometry, x, o, chain);
            while rest != 0 {
                let cell = rest.trailing_zeros();
                rest &= rest - 1;
                chain_moves(x, o | 1 << cell, chain, |x, o, cell| {
                    gathered.moves.push((x, o, cell))
                });
            }
        }
        for (child, _) in self.children(x, o, hashes) {
            let mut next = *hashes;
            self.hash.add(&mut next, usize::from(child.cell), 1);
            let (cx, co) = (x, o | 1 << child.cell);
            if !self.proved_again(cx, co, &next, child.key) {
                let numbers = self.table.get(child.key);
                return Err(format!(
                    "a proved position has an unproved reply (O on {}, {} marks; searched again: {:?}, stopped {})",
                    child.cell,
                    (cx | co).count_ones(),
                    numbers,
                    self.stopped
                ));
            }
            self.extract(cx, co, &next, gathered)?;
        }
        Ok(())
    }
}
