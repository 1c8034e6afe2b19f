//! Monte-Carlo tree search (UCT) for any [`Game`]: grow a tree of moves, choosing at each
//! node the child with the best upper confidence bound, finish the game with random moves
//! (a playout), and credit the result back up the path. After the budget of playouts it
//! plays the most visited move.

use super::Agent;
use crate::game::{Game, Outcome, Player};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};

/// The exploration constant of UCB1 (the square root of 2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

struct Node<M> {
    mv: Option<M>,
    /// Who made the move into this node (whose point of view `wins` counts).
    mover: Option<Player>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u32,
    /// Wins count 1, draws 1/2.
    wins: f64,
}

/// A UCT player with a fixed number of playouts per move.
#[derive(Debug, Clone, Copy)]
pub struct Mcts {
    pub playouts: u32,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts { playouts: 2_000 }
    }
}

/// Plays random moves to the end; the winner, if any. Stops after `limit` moves (games
/// that can go on for ever count that as a draw).
pub fn playout<G: Game>(position: &G, rng: &mut dyn Rng, limit: usize) -> Option<Player> {
    let mut game = position.clone();
    let mut buffer = Vec::new();
    // A playout draws a random number a move: a small fast generator, seeded from the
    // caller's, keeps that cheap and the whole search still reproducible from `--seed`.
    let mut fast = Xoshiro256PlusPlus::seed_from_u64(rng.next_u64());
    let mut pick = |count: usize| fast.random_range(0..count);
    for _ in 0..limit {
        if let Some(outcome) = game.outcome() {
            return outcome.winner();
        }
        if !game.play_picked(&mut pick, &mut buffer) {
            return None;
        }
    }
    game.outcome().and_then(Outcome::winner)
}

impl Mcts {
    /// Every move from the root with its visit count and its share of wins.
    pub fn statistics<G: Game>(&self, position: &G, rng: &mut dyn Rng) -> Vec<(G::Move, u32, f64)> {
        let mut nodes: Vec<Node<G::Move>> = vec![Node {
            mv: None,
            mover: None,
            children: Vec::new(),
            untried: position.legal_moves(),
            visits: 0,
            wins: 0.0,
        }];
        for _ in 0..self.playouts.max(1) {
            let mut game = position.clone();
            let mut path = vec![0usize];
            let mut current = 0;
            // Selection: down through fully expanded nodes.
            while nodes[current].untried.is_empty() && !nodes[current].children.is_empty() {
                let parent_visits = f64::from(nodes[current].visits.max(1)).ln();
                let best = nodes[current]
                    .children
                    .iter()
                    .copied()
                    .max_by(|a, b| {
                        let score = |id: usize| {
                            let node = &nodes[id];
                            let visits = f64::from(node.visits.max(1));
                            node.wins / visits + EXPLORATION * (parent_visits / visits).sqrt()
                        };
                        score(*a).total_cmp(&score(*b))
                    })
                    .unwrap_or(current);
                if let Some(mv) = nodes[best].mv {
                    let _ = game.play(mv);
                }
                current = best;
                path.push(current);
            }
            // Expansion: one untried move.
            if !nodes[current].untried.is_empty() && !game.is_over() {
                let pick = rng.random_range(0..nodes[current].untried.len());
                let mv = nodes[current].untried.swap_remove(pick);
                let mover = game.to_move();
                let _ = game.play(mv);
                let untried = game.legal_moves();
                nodes.push(Node {
                    mv: Some(mv),
                    mover: Some(mover),
                    children: Vec::new(),
                    untried,
                    visits: 0,
                    wins: 0.0,
                });
                let id = nodes.len() - 1;
                nodes[current].children.push(id);
                current = id;
                path.push(current);
            }
            // Simulation and backpropagation.
            let winner = playout(&game, rng, 512);
            for id in path {
                let node = &mut nodes[id];
                node.visits += 1;
                node.wins += match (winner, node.mover) {
                    (None, _) => 0.5,
                    (Some(winner), Some(mover)) if winner == mover => 1.0,
                    _ => 0.0,
                };
            }
        }
        nodes[0]
            .children
            .iter()
            .filter_map(|id| {
                let node = &nodes[*id];
                node.mv
                    .map(|mv| (mv, node.visits, node.wins / f64::from(node.visits.max(1))))
            })
            .collect()
    }
}

impl<G: Game> Agent<G> for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        self.statistics(position, rng)
            .into_iter()
            .max_by_key(|(_, visits, _)| *visits)
            .map(|(mv, _, _)| mv)
            .or_else(|| position.legal_moves().first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, TicTacToe};
    use rand::SeedableRng;

    #[test]
    fn mcts_takes_a_win_and_blocks_a_loss() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut agent = Mcts { playouts: 2_000 };
        let win = TicTacToe::from_picture("XX.OO....", Rules::default()).unwrap();
        assert_eq!(
            agent.choose(&win, &mut rng).map(|s| s.name()),
            Some("LR".into())
        );
        let block = TicTacToe::from_picture("XX..O....", Rules::default()).unwrap();
        assert_eq!(
            agent.choose(&block, &mut rng).map(|s| s.name()),
            Some("LR".into())
        );
    }

    #[test]
    fn the_visits_add_up_to_the_playouts() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let stats = Mcts { playouts: 500 }.statistics(&TicTacToe::default(), &mut rng);
        assert_eq!(stats.len(), 9);
        assert_eq!(stats.iter().map(|(_, visits, _)| visits).sum::<u32>(), 500);
    }
}
