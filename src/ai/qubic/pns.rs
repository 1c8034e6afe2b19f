//! Proof-number search (Allis) for Qubic: a best-first AND/OR search that always
//! expands the most-proving position, with the Qubic article's forcing chains as the
//! evaluation of every new position where X is to move. It needs no bound on quiet moves:
//! proof and disproof numbers steer it towards the cheapest proof. Positions are kept in
//! one tree (transpositions are searched again; a table on canonical keys is to come).

use super::proof::{Proof, record_chain};
use super::threats::{Step, ThreatSearch};
use crate::game::cube::Geometry;

const INFINITE: u32 = u32::MAX / 4;

#[derive(Debug)]
struct Node {
    x: u64,
    o: u64,
    /// X to move (an OR node: one move must win); otherwise O (AND: every reply).
    x_to_move: bool,
    proof: u32,
    disproof: u32,
    parent: u32,
    /// The move that led here from the parent.
    last: u8,
    children: Vec<u32>,
    chain: Option<Vec<Step>>,
}

/// The memory one position held takes at most: its node, three times over while the
/// list of nodes doubles (the old list beside the new one, each half empty at worst),
/// and its place in its parent's list of children. A budget is checked against it
/// ([`crate::memory`]).
pub const BYTES_PER_POSITION: u64 = 3 * std::mem::size_of::<Node>() as u64 + 32;

/// A proof-number search within a budget of positions.
#[derive(Debug)]
pub struct ProofNumberSearch {
    geometry: &'static Geometry,
    threats: ThreatSearch,
    nodes: Vec<Node>,
    /// The most positions to hold.
    pub budget: usize,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// X wins: X's move in every position of the proof.
    Proved(Proof),
    /// O holds (O wins or draws against every try of X's).
    Disproved,
    /// The budget ran out first.
    Unknown,
}

impl ProofNumberSearch {
    pub fn new(budget: usize) -> ProofNumberSearch {
        ProofNumberSearch {
            geometry: Geometry::of(4),
            threats: ThreatSearch::new(),
            nodes: Vec::new(),
            budget: budget.min(
                usize::try_from(crate::memory::entries_fitting(BYTES_PER_POSITION, u64::MAX))
                    .unwrap_or(usize::MAX),
            ),
        }
    }

    /// Positions created so far.
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// Searches whether X, to move with `x` against `o`, wins.
    pub fn solve(&mut self, x: u64, o: u64) -> Verdict {
        self.nodes.clear();
        self.push(x, o, true, 0, 0);
        let mut expanded: u64 = 0;
        while self.nodes[0].proof != 0 && self.nodes[0].disproof != 0 {
            // Ctrl-C gives up as the budget does (see `crate::stop`); a console watching
            // is told how far the search has got.
            expanded += 1;
            if self.nodes.len() >= self.budget
                || (expanded.is_multiple_of(256)
                    && crate::stop::checkpoint(crate::stop::Searched {
                        positions: self.nodes.len() as u64,
                        depth: None,
                    }))
            {
                return Verdict::Unknown;
            }
            let leaf = self.most_proving();
            self.expand(leaf);
            self.update_from(leaf);
        }
        if self.nodes[0].proof == 0 {
            let mut proof = Proof::new();
            self.extract(0, &mut proof);
            Verdict::Proved(proof)
        } else {
            Verdict::Disproved
        }
    }

    fn push(&mut self, x: u64, o: u64, x_to_move: bool, parent: u32, last: u8) -> u32 {
        let mut node = Node {
            x,
            o,
            x_to_move,
            proof: 1,
            disproof: 1,
            parent,
            last,
            children: Vec::new(),
            chain: None,
        };
        self.evaluate(&mut node);
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// A new position's numbers: settled where the rules or a forcing chain settle it.
    fn evaluate(&mut self, node: &mut Node) {
        let geometry = self.geometry;
        let (x_wins, o_wins) = (
            geometry.winning_cells(node.x, node.o),
            geometry.winning_cells(node.o, node.x),
        );
        let (proof, disproof) = if node.x_to_move {
            if let Some(chain) = self.threats.find(node.x, node.o) {
                node.chain = Some(chain);
                (0, INFINITE)
            } else if o_wins.count_ones() >= 2 || node.x | node.o == u64::MAX {
                (INFINITE, 0)
            } else {
                (1, 1)
            }
        } else if o_wins != 0 {
            (INFINITE, 0)
        } else if x_wins.count_ones() >= 2 {
            (0, INFINITE)
        } else if node.x | node.o == u64::MAX {
            (INFINITE, 0)
        } else {
            (1, 1)
        };
        node.proof = proof;
        node.disproof = disproof;
    }

    fn most_proving(&self) -> u32 {
        let mut at = 0u32;
        loop {
            let node = &self.nodes[at as usize];
            if node.children.is_empty() {
                return at;
            }
            let pick = |key: fn(&Node) -> u32| {
                *node
                    .children
                    .iter()
                    .min_by_key(|child| key(&self.nodes[**child as usize]))
                    .unwrap_or(&node.children[0])
            };
            at = if node.x_to_move {
                pick(|child| child.proof)
            } else {
                pick(|child| child.disproof)
            };
        }
    }

    fn expand(&mut self, at: u32) {
        let (x, o, x_to_move) = {
            let node = &self.nodes[at as usize];
            (node.x, node.o, node.x_to_move)
        };
        let geometry = self.geometry;
        // A threat of the side not to move must be blocked; otherwise any empty cell.
        let (threats, empty) = if x_to_move {
            (geometry.winning_cells(o, x), !(x | o))
        } else {
            (geometry.winning_cells(x, o), !(x | o))
        };
        let mut moves = if threats.count_ones() == 1 {
            threats
        } else {
            empty
        };
        let mut children = Vec::new();
        while moves != 0 {
            let cell = moves.trailing_zeros() as u8;
            moves &= moves - 1;
            let child = if x_to_move {
                self.push(x | 1 << cell, o, false, at, cell)
            } else {
                self.push(x, o | 1 << cell, true, at, cell)
            };
            children.push(child);
        }
        self.nodes[at as usize].children = children;
    }

    fn update_from(&mut self, mut at: u32) {
        loop {
            let node = &self.nodes[at as usize];
            if !node.children.is_empty() {
                let numbers = node.children.iter().map(|child| {
                    let child = &self.nodes[*child as usize];
                    (child.proof, child.disproof)
                });
                let (proof, disproof) = if node.x_to_move {
                    numbers.fold((INFINITE, 0u32), |(p, d), (cp, cd)| {
                        (p.min(cp), d.saturating_add(cd).min(INFINITE))
                    })
                } else {
                    numbers.fold((0u32, INFINITE), |(p, d), (cp, cd)| {
                        (p.saturating_add(cp).min(INFINITE), d.min(cd))
                    })
                };
                let node = &mut self.nodes[at as usize];
                node.proof = proof;
                node.disproof = disproof;
            }
            if at == 0 {
                return;
            }
            at = self.nodes[at as usize].parent;
        }
    }

    /// X's moves along the proved tree under `at`.
    fn extract(&self, at: u32, proof: &mut Proof) {
        let node = &self.nodes[at as usize];
        if let Some(chain) = &node.chain {
            record_chain(node.x, node.o, chain, proof);
            return;
        }
        if node.x_to_move {
            if let Some(&child) = node
                .children
                .iter()
                .find(|child| self.nodes[**child as usize].proof == 0)
            {
                proof.insert(node.x, node.o, self.nodes[child as usize].last);
                self.extract(child, proof);
            }
        } else {
            for child in &node.children {
                self.extract(*child, proof);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    fn proves_what_the_checker_accepts(positions: &[(u64, u64)]) {
        for &(x, o) in positions {
            let mut search = ProofNumberSearch::new(2_000_000);
            let Verdict::Proved(proof) = search.solve(x, o) else {
                panic!("proved within the budget");
            };
            let checked =
                crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees");
            assert!(checked >= 1);
        }
    }

    #[test]
    fn a_forcing_chain_is_proved_at_the_root() {
        proves_what_the_checker_accepts(&[(
            marks(&[5, 6, 8, 13, 14]),
            marks(&[48, 50, 35, 62, 27]),
        )]);
    }

    /// Two quiet moves deep: seconds in release, some more in the test build (optimised,
    /// see `[profile.dev]`), so it runs in the default run.
    #[test]
    fn two_quiet_moves_deep_is_proved_and_checked() {
        proves_what_the_checker_accepts(&[(marks(&[0, 15, 60]), marks(&[3, 63, 25]))]);
    }

    #[test]
    fn a_position_o_wins_is_disproved_and_a_budget_can_run_out() {
        // O threatens twice (51 on 48-51, 15 on 3-15) and X has no check to play first.
        let (x, o) = (
            marks(&[0, 5, 22, 33, 38, 57]),
            marks(&[48, 49, 50, 3, 7, 11]),
        );
        let mut search = ProofNumberSearch::new(100_000);
        assert_eq!(search.solve(x, o), Verdict::Disproved);
        let mut tiny = ProofNumberSearch::new(10);
        assert_eq!(tiny.solve(0, 0), Verdict::Unknown);
    }
}
