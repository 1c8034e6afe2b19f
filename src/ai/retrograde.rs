//! Retrograde analysis: the exact value of every position of a game small enough to list,
//! even when positions can repeat (Three Men's Morris). Every position reachable from the
//! start is listed; finished positions are decided; then, working backwards, a position is
//! a win when some move reaches a position lost for the opponent, and a loss when every
//! move reaches a position won for the opponent. Whatever is never decided can be played
//! for ever, which is a draw.

use super::alphabeta::Value;
use crate::game::{Game, Outcome};
use std::collections::{HashMap, VecDeque};

/// The value of every reachable position.
#[derive(Debug, Clone)]
pub struct Retrograde<G: Game> {
    index: HashMap<G::Key, usize>,
    values: Vec<Value>,
}

impl<G: Game> Retrograde<G> {
    /// Analyses every position reachable from `start`. `normalize` strips whatever a
    /// position remembers beyond the board (such as a repetition history), so that a
    /// position is its key.
    pub fn analyse(start: &G, normalize: impl Fn(&G) -> G) -> Retrograde<G> {
        Retrograde::analyse_within(start, normalize, usize::MAX).unwrap_or_else(|| Retrograde {
            index: HashMap::new(),
            values: Vec::new(),
        })
    }

    /// [`Retrograde::analyse`], giving up (`None`) once more than `limit` positions are
    /// reachable: listing them all is the whole memory of the analysis.
    pub fn analyse_within(
        start: &G,
        normalize: impl Fn(&G) -> G,
        limit: usize,
    ) -> Option<Retrograde<G>> {
        let start = normalize(start);
        let mut index: HashMap<G::Key, usize> = HashMap::new();
        let mut positions: Vec<G> = Vec::new();
        let mut successors: Vec<Vec<usize>> = Vec::new();
        index.insert(start.key(), 0);
        positions.push(start);
        let mut next = 0;
        while next < positions.len() {
            let position = positions[next].clone();
            let mut children = Vec::new();
            if position.outcome().is_none() {
                for mv in position.legal_moves() {
                    let mut child = position.clone();
                    if child.play(mv).is_err() {
                        continue;
                    }
                    let child = normalize(&child);
                    let id = *index.entry(child.key()).or_insert_with(|| {
                        positions.push(child.clone());
                        positions.len() - 1
                    });
                    children.push(id);
                }
            }
            successors.push(children);
            next += 1;
            // Ctrl-C gives up as running out of room does (see `crate::stop`).
            if positions.len() > limit
                || (next.is_multiple_of(1024)
                    && crate::stop::checkpoint(crate::stop::Searched {
                        positions: positions.len() as u64,
                        depth: None,
                    }))
            {
                return None;
            }
        }
        let count = positions.len();
        let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (parent, children) in successors.iter().enumerate() {
            for child in children {
                predecessors[*child].push(parent);
            }
        }
        // None: undecided. Some((mover wins, half-moves to the end)).
        let mut decided: Vec<Option<(bool, u32)>> = vec![None; count];
        let mut unresolved: Vec<usize> = successors.iter().map(Vec::len).collect();
        let mut queue = VecDeque::new();
        for (id, position) in positions.iter().enumerate() {
            if let Some(outcome) = position.outcome() {
                decided[id] = match outcome {
                    Outcome::Win(winner) => Some((winner == position.to_move(), 0)),
                    Outcome::Draw => None,
                };
                if decided[id].is_some() {
                    queue.push_back(id);
                }
            }
        }
        while let Some(id) = queue.pop_front() {
            let Some((child_wins, distance)) = decided[id] else {
                continue;
            };
            for &parent in &predecessors[id] {
                if decided[parent].is_some() || positions[parent].outcome().is_some() {
                    continue;
                }
                let same_mover = positions[parent].to_move() == positions[id].to_move();
                // Whether this move wins for the parent's mover.
                let good = child_wins == same_mover;
                if good {
                    decided[parent] = Some((true, distance + 1));
                    queue.push_back(parent);
                } else {
                    unresolved[parent] -= 1;
                    if unresolved[parent] == 0 {
                        decided[parent] = Some((false, distance + 1));
                        queue.push_back(parent);
                    }
                }
            }
        }
        let values = decided
            .iter()
            .map(|decided| match decided {
                Some((true, distance)) => Value::Win(*distance),
                Some((false, distance)) => Value::Loss(*distance),
                None => Value::Draw,
            })
            .collect();
        Some(Retrograde { index, values })
    }

    /// How many positions were listed.
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The value of a position for its player to move, if it was reachable.
    pub fn value(&self, position: &G) -> Option<Value> {
        self.index.get(&position.key()).map(|id| self.values[*id])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::minimax::Solver;
    use crate::game::TicTacToe;

    #[test]
    fn on_noughts_and_crosses_it_agrees_with_minimax_everywhere() {
        let table = Retrograde::analyse(&TicTacToe::default(), |p| *p);
        assert_eq!(table.positions(), 5_478);
        let mut solver = Solver::new();
        for position in crate::menace::boxes::reachable_positions() {
            if position.is_over() {
                continue;
            }
            let expected = solver.value(&position);
            let value = table.value(&position).unwrap();
            let agrees = match value {
                Value::Win(_) => expected == 10,
                Value::Loss(_) => expected == -10,
                Value::Draw => expected == 0,
                Value::HalfWin(_) | Value::HalfLoss(_) => false,
            };
            assert!(agrees, "{}: {value:?} vs {expected}", position.picture());
        }
    }
}
