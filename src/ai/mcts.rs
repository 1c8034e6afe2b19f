//! Monte-Carlo tree search (UCT) for any [`Game`]: grow a tree of moves, choosing at each
//! node the child with the best upper confidence bound, finish the game with quick moves
//! (a playout), and credit the result back up the path (a draw counts half). After its
//! budget it plays the most visited move.
//!
//! Two refinements make it play sharply where random games mislead. It is an MCTS-Solver
//! (Winands, Björnsson and Saito, 2008): a node whose game is over is *proven*, and
//! proofs climb the tree (a position with a winning move is won; one whose moves are
//! all proven is worth the best of them), so a proven win is played at once and a proven
//! loss never explored again. And a playout moves by the game's quick policy
//! ([`Game::play_policy`]), which in ultimate and strategic tic-tac-toe takes a small
//! board it can win and blocks one the opponent could.

use super::Agent;
use crate::game::{Game, Outcome, Player};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};
use std::time::{Duration, Instant};

/// The exploration constant of UCB1 (the square root of 2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// The most playouts one move may run, whatever its time: the tree's memory.
pub const MAX_PLAYOUTS: u32 = 10_000_000;

/// What a node is worth for certain, to the player who moved into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Proof {
    Win,
    Draw,
    Loss,
}

impl Proof {
    fn of(outcome: Outcome, mover: Player) -> Proof {
        match outcome.winner() {
            None => Proof::Draw,
            Some(winner) if winner == mover => Proof::Win,
            Some(_) => Proof::Loss,
        }
    }

    /// The same node seen by the other player.
    fn flipped(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Draw => Proof::Draw,
            Proof::Loss => Proof::Win,
        }
    }
}

struct Node<M> {
    mv: Option<M>,
    /// Who made the move into this node (whose point of view `wins` counts).
    mover: Option<Player>,
    children: Vec<usize>,
    untried: Vec<M>,
    /// The untried moves were every legal move (not only the game's search moves), so
    /// children all proven prove the node.
    complete: bool,
    visits: u32,
    /// Wins count 1, draws 1/2.
    wins: f64,
    proof: Option<Proof>,
}

/// A UCT player: `playouts` a move, or, with `millis`, as many as fit in that time (up
/// to [`MAX_PLAYOUTS`]). A time budget depends on the machine, so only a playout budget
/// replays exactly from `--seed`.
#[derive(Debug, Clone, Copy)]
pub struct Mcts {
    pub playouts: u32,
    pub millis: Option<u32>,
}

impl Default for Mcts {
    fn default() -> Self {
        Mcts {
            playouts: 2_000,
            millis: None,
        }
    }
}

/// Plays random moves to the end; the winner, if any. Stops after `limit` moves (games
/// that can go on for ever count that as a draw).
pub fn playout<G: Game>(position: &G, rng: &mut dyn Rng, limit: usize) -> Option<Player> {
    finish(position, rng, limit, false)
}

/// Plays the game's quick policy to the end ([`Game::play_policy`]); the winner, if any.
pub fn policy_playout<G: Game>(position: &G, rng: &mut dyn Rng, limit: usize) -> Option<Player> {
    finish(position, rng, limit, true)
}

/// The number in `0..count` that `rng.random_range(0..count)` draws (rand's method for
/// a range that fits 32 bits: one 32-bit draw times the count, its high half, and a
/// second draw in the rare case the low half says the first could be biased), written
/// out so that it is always inlined: rand leaves `random_range` out of line where it
/// has many callers, and a call in a playout's inner loop sends the loop's state to
/// memory every move. A count of 0 gives 0.
#[inline(always)]
pub(crate) fn below(rng: &mut Xoshiro256PlusPlus, count: usize) -> usize {
    let Ok(range) = u32::try_from(count) else {
        return rng.random_range(0..count);
    };
    if range == 0 {
        return 0;
    }
    let wide = |draw: u32| u64::from(draw) * u64::from(range);
    let first = wide(rng.next_u32());
    let (mut high, low) = ((first >> 32) as u32, first as u32);
    if low > range.wrapping_neg() {
        let carry = (wide(rng.next_u32()) >> 32) as u32;
        high += u32::from(low.checked_add(carry).is_none());
    }
    high as usize
}

fn finish<G: Game>(position: &G, rng: &mut dyn Rng, limit: usize, policy: bool) -> Option<Player> {
    let mut game = position.clone();
    let mut buffer = Vec::new();
    // A playout draws a random number a move: a small fast generator, seeded from the
    // caller's, keeps that cheap and the whole search still reproducible from `--seed`.
    let mut fast = Xoshiro256PlusPlus::seed_from_u64(rng.next_u64());
    let mut pick = |count: usize| below(&mut fast, count);
    if !policy {
        return game.play_out(&mut pick, limit);
    }
    for _ in 0..limit {
        if let Some(outcome) = game.outcome() {
            return outcome.winner();
        }
        if !game.play_policy(&mut pick, &mut buffer) {
            return None;
        }
    }
    game.outcome().and_then(Outcome::winner)
}

/// What a search found about one move from the root.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveStatistics<M> {
    pub mv: M,
    pub visits: u32,
    /// The share of its playouts won by the player to move at the root (draws half).
    pub share: f64,
    /// `Some(true)`: the move is proven to win; `Some(false)`: proven to lose; a proven
    /// draw, or nothing proven, is `None`.
    pub proven: Option<bool>,
}

impl Mcts {
    /// A search of `playouts` playouts a move.
    pub fn with_playouts(playouts: u32) -> Mcts {
        Mcts {
            playouts,
            millis: None,
        }
    }

    /// A search thinking as asked, or `default` playouts a move.
    pub fn thinking(thinking: Option<super::Thinking>, default: u32) -> Mcts {
        match thinking {
            None => Mcts::with_playouts(default),
            Some(super::Thinking::Count(count)) => {
                Mcts::with_playouts(u32::try_from(count).unwrap_or(MAX_PLAYOUTS))
            }
            Some(super::Thinking::Millis(millis)) => Mcts {
                playouts: MAX_PLAYOUTS,
                millis: Some(millis),
            },
        }
    }

    /// Every move from the root with its visits, its share of wins and what is proven.
    pub fn statistics<G: Game>(
        &self,
        position: &G,
        rng: &mut dyn Rng,
    ) -> Vec<MoveStatistics<G::Move>> {
        let mut nodes: Vec<Node<G::Move>> = vec![Node {
            mv: None,
            mover: None,
            children: Vec::new(),
            untried: search_moves(position),
            complete: search_moves(position).len() == position.legal_moves().len(),
            visits: 0,
            wins: 0.0,
            proof: None,
        }];
        let deadline = self
            .millis
            .map(|millis| Instant::now() + Duration::from_millis(u64::from(millis)));
        let most = match deadline {
            Some(_) => MAX_PLAYOUTS,
            None => self.playouts.clamp(1, MAX_PLAYOUTS),
        };
        let mut path = Vec::new();
        // The tree grows a node a playout, each with its list of untried moves: on a big
        // board ten million of them would not fit, so the search ends when the tree has
        // taken what one table may ([`crate::memory`]), as if its playouts were done.
        let room = crate::ai::alphabeta::table_bytes();
        let mut taken = 0u64;
        for done in 0..most {
            if taken > room {
                break;
            }
            if nodes[0].proof.is_some() {
                break;
            }
            // Ctrl-C stops it; a console watching is told how far it has got.
            if done.is_multiple_of(64)
                && (crate::stop::checkpoint(crate::stop::Searched {
                    positions: nodes.len() as u64,
                    depth: None,
                }) || deadline.is_some_and(|deadline| Instant::now() >= deadline))
            {
                break;
            }
            let mut game = position.clone();
            path.clear();
            path.push(0usize);
            let mut current = 0;
            // Selection: down through fully expanded, unproven nodes.
            while nodes[current].proof.is_none()
                && nodes[current].untried.is_empty()
                && !nodes[current].children.is_empty()
            {
                let best = select(&nodes, current);
                if let Some(mv) = nodes[best].mv {
                    let _ = game.play(mv);
                }
                current = best;
                path.push(current);
            }
            // Expansion: one untried move.
            if nodes[current].proof.is_none() && !nodes[current].untried.is_empty() {
                let pick = rng.random_range(0..nodes[current].untried.len());
                let mv = nodes[current].untried.swap_remove(pick);
                let mover = game.to_move();
                let _ = game.play(mv);
                let untried = search_moves(&game);
                let complete = untried.len() == game.legal_moves().len();
                // The node, its untried moves and its place in its parent's children,
                // with the slack of growing lists.
                taken += 2
                    * (std::mem::size_of::<Node<G::Move>>()
                        + untried.capacity() * std::mem::size_of::<G::Move>()
                        + std::mem::size_of::<usize>()) as u64;
                let proof = game.outcome().map(|outcome| Proof::of(outcome, mover));
                nodes.push(Node {
                    mv: Some(mv),
                    mover: Some(mover),
                    children: Vec::new(),
                    untried,
                    complete,
                    visits: 0,
                    wins: 0.0,
                    proof,
                });
                let id = nodes.len() - 1;
                nodes[current].children.push(id);
                current = id;
                path.push(current);
            }
            // Simulation (none needed below a proof) and backpropagation.
            let winner = match (nodes[current].proof, nodes[current].mover) {
                (Some(Proof::Win), Some(mover)) => Some(mover),
                (Some(Proof::Loss), Some(mover)) => Some(mover.opponent()),
                (Some(_), _) => None,
                (None, _) => policy_playout(&game, rng, 1024),
            };
            for &id in path.iter().rev() {
                let node = &mut nodes[id];
                node.visits += 1;
                node.wins += match (winner, node.mover) {
                    (None, _) => 0.5,
                    (Some(winner), Some(mover)) if winner == mover => 1.0,
                    _ => 0.0,
                };
                if node.proof.is_none() {
                    nodes[id].proof = proven(&nodes, id);
                }
            }
        }
        nodes[0]
            .children
            .iter()
            .filter_map(|id| {
                let node = &nodes[*id];
                node.mv.map(|mv| MoveStatistics {
                    mv,
                    visits: node.visits,
                    share: node.wins / f64::from(node.visits.max(1)),
                    proven: match node.proof {
                        Some(Proof::Win) => Some(true),
                        Some(Proof::Loss) => Some(false),
                        _ => None,
                    },
                })
            })
            .collect()
    }
}

/// The child of `parent` to explore: a proven win at once, never a proven loss while
/// anything else is left, otherwise the best upper confidence bound.
fn select<M>(nodes: &[Node<M>], parent: usize) -> usize {
    let children = &nodes[parent].children;
    if let Some(&win) = children
        .iter()
        .find(|id| nodes[**id].proof == Some(Proof::Win))
    {
        return win;
    }
    let parent_visits = f64::from(nodes[parent].visits.max(1)).ln();
    let score = |id: usize| {
        let node = &nodes[id];
        if node.proof == Some(Proof::Loss) {
            return f64::NEG_INFINITY;
        }
        let visits = f64::from(node.visits.max(1));
        node.wins / visits + EXPLORATION * (parent_visits / visits).sqrt()
    };
    children
        .iter()
        .copied()
        .max_by(|a, b| score(*a).total_cmp(&score(*b)))
        .unwrap_or(parent)
}

/// The moves the tree tries at `position`: the game's search moves (near the play on a
/// big board).
fn search_moves<G: Game>(position: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    position.search_moves_into(&mut moves);
    moves
}

/// What node `id` is proven worth from its children, if anything. The player to move
/// here chooses among the children (each proven from that player's side): one winning
/// child proves the node won for them; children all proven (none untried) prove it
/// worth the best of them. Seen from the node's own mover, that is flipped, unless the
/// same player moves again.
fn proven<M>(nodes: &[Node<M>], id: usize) -> Option<Proof> {
    let node = &nodes[id];
    let first = *node.children.first()?;
    let chooser = nodes[first].mover;
    let proofs = || node.children.iter().map(|child| nodes[*child].proof);
    let for_chooser = if proofs().any(|proof| proof == Some(Proof::Win)) {
        Proof::Win
    } else if node.untried.is_empty() && node.complete {
        let mut best = Proof::Loss;
        for proof in proofs() {
            if proof? == Proof::Draw {
                best = Proof::Draw;
            }
        }
        best
    } else {
        return None;
    };
    Some(if node.mover == chooser {
        for_chooser
    } else {
        for_chooser.flipped()
    })
}

impl<G: Game> Agent<G> for Mcts {
    fn name(&self) -> &'static str {
        "mcts"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        best_move(&self.statistics(position, rng))
            .or_else(|| position.legal_moves().first().copied())
    }
}

/// The move to play: a proven win, else the most visited move not proven lost (or the
/// most visited of all when every move is lost).
pub fn best_move<M: Copy>(statistics: &[MoveStatistics<M>]) -> Option<M> {
    if let Some(win) = statistics.iter().find(|s| s.proven == Some(true)) {
        return Some(win.mv);
    }
    statistics
        .iter()
        .filter(|s| s.proven != Some(false))
        .max_by_key(|s| s.visits)
        .or_else(|| statistics.iter().max_by_key(|s| s.visits))
        .map(|s| s.mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, TicTacToe};
    use rand::SeedableRng;

    /// The inlined draw gives the very numbers rand's `random_range` gives, in the same
    /// order, for small counts (a playout's), large ones (where rand's second draw is
    /// common) and counts past 32 bits, so playouts are the games they were.
    #[test]
    fn below_draws_what_random_range_draws() {
        let counts = (1..=100).chain([3 << 30, u32::MAX as usize, 5 << 40, usize::MAX]);
        for count in counts {
            let mut ours = Xoshiro256PlusPlus::seed_from_u64(count as u64);
            let mut rands = ours.clone();
            for _ in 0..200 {
                assert_eq!(
                    below(&mut ours, count),
                    rands.random_range(0..count),
                    "{count}"
                );
            }
            assert_eq!(ours.next_u64(), rands.next_u64(), "{count}");
        }
        assert_eq!(below(&mut Xoshiro256PlusPlus::seed_from_u64(1), 0), 0);
    }

    #[test]
    fn mcts_takes_a_win_and_blocks_a_loss() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut agent = Mcts::with_playouts(2_000);
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
    fn the_solver_proves_a_forced_win_and_a_forced_loss() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        // O to move against two open X lines (LR and RL): every move loses.
        let lost = TicTacToe::from_picture("XX.XO..O.", Rules::default()).unwrap();
        let stats = Mcts::with_playouts(5_000).statistics(&lost, &mut rng);
        assert!(!stats.is_empty());
        assert!(
            stats.iter().all(|s| s.proven == Some(false)),
            "{:?}",
            stats
                .iter()
                .map(|s| (s.mv.name(), s.proven))
                .collect::<Vec<_>>()
        );
        // X to move there wins at once, and the search says so.
        let won = TicTacToe::from_picture("XX.X.O.OO", Rules::default()).unwrap();
        let stats = Mcts::with_playouts(5_000).statistics(&won, &mut rng);
        let best = best_move(&stats).unwrap();
        assert!(stats.iter().any(|s| s.mv == best && s.proven == Some(true)));
    }

    #[test]
    fn every_proof_agrees_with_the_exact_solver() {
        // On every position MENACE can meet, whatever the search proves about a move,
        // plain minimax agrees.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
        let mut solver = crate::ai::Solver::new();
        let mut proofs = 0;
        for position in crate::menace::boxes::reachable_positions()
            .into_iter()
            .step_by(7)
        {
            if position.is_over() {
                continue;
            }
            for stats in Mcts::with_playouts(300).statistics(&position, &mut rng) {
                let Some(wins) = stats.proven else { continue };
                let mut child = position;
                child.play(stats.mv).unwrap();
                // The child's value is for the opponent, who moves there.
                let value = -solver.value(&child);
                let expected = if wins {
                    crate::ai::minimax::WIN
                } else {
                    crate::ai::minimax::LOSS
                };
                assert_eq!(value, expected, "{} {:?}", position.picture(), stats.mv);
                proofs += 1;
            }
        }
        assert!(proofs > 100, "only {proofs} proofs to check");
    }

    #[test]
    fn a_proven_root_stops_the_search_early() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let won = TicTacToe::from_picture("XX.OO....", Rules::default()).unwrap();
        let stats = Mcts::with_playouts(100_000).statistics(&won, &mut rng);
        let spent: u32 = stats.iter().map(|s| s.visits).sum();
        assert!(spent < 100_000, "{spent}");
        assert_eq!(best_move(&stats).map(|s| s.name()), Some("LR".into()));
    }

    #[test]
    fn a_time_budget_still_gives_a_legal_move() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut agent = Mcts::thinking(Some(super::super::Thinking::Millis(20)), 0);
        let board = TicTacToe::default();
        let mv = agent.choose(&board, &mut rng).unwrap();
        assert!(board.legal_moves().contains(&mv));
    }

    #[test]
    fn the_visits_add_up_to_the_playouts() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let stats = Mcts::with_playouts(500).statistics(&TicTacToe::default(), &mut rng);
        assert_eq!(stats.len(), 9);
        assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 500);
    }
}
