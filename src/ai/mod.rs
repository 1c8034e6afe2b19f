//! Players that are not human. Each is a value implementing [`Agent`]; the ones whose
//! algorithm allows it are generic over [`Game`], so every variant gets them for free.

pub mod alphabeta;
pub mod breaker;
pub mod draw_check;
pub mod gomoku;
pub mod lookahead;
pub mod mcts;
pub mod minimax;
pub mod mirror;
pub mod pairing;
pub mod perfect;
pub mod quantum;
pub mod quantum_morris;
pub mod qubic;
pub mod rating;
pub mod retrograde;
pub mod teacher;

use crate::game::Game;
use rand::{Rng, RngExt};
use std::fmt;

pub use minimax::{Minimax, Perfect, Solver};

/// How much a searching AI thinks a move: a count (playouts for `mcts`, positions for
/// `alphabeta`), which `--seed` replays exactly, or a time (`200ms`), which depends on
/// the machine and so does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thinking {
    Count(u64),
    Millis(u32),
}

/// The longest a move may think (`mcts 10000ms`).
pub const MAX_MILLIS: u32 = 10_000;

impl Thinking {
    /// Reads `5000` (a count from 1 to `max`) or `200ms`, for AI `name`.
    pub fn parse(text: &str, name: &str, unit: &str, max: u64) -> Result<Thinking, String> {
        let lower = text.to_ascii_lowercase();
        let parsed = match lower.strip_suffix("ms") {
            Some(millis) => millis
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_MILLIS).contains(n))
                .map(Thinking::Millis),
            None => lower
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .map(Thinking::Count),
        };
        parsed.ok_or_else(|| {
            format!(
                "{name} takes its {unit} a move (1 to {max}) or a time (1ms to {MAX_MILLIS}ms), not \"{}\"",
                crate::files::shown(text, 20)
            )
        })
    }
}

impl fmt::Display for Thinking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Thinking::Count(count) => write!(f, "{count}"),
            Thinking::Millis(millis) => write!(f, "{millis}ms"),
        }
    }
}

/// Something that picks moves. Randomness comes only from the generator passed in, so a
/// seeded session replays exactly.
pub trait Agent<G: Game> {
    /// The name the console knows it by.
    fn name(&self) -> &'static str;

    /// A legal move in `position`, or `None` when the game is over.
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move>;
}

/// The moves of the highest score, in their given order (ties kept together).
pub fn best_moves<M, S: Ord + Copy>(scored: Vec<(M, S)>) -> Vec<M> {
    let Some(best) = scored.iter().map(|(_, score)| *score).max() else {
        return Vec::new();
    };
    scored
        .into_iter()
        .filter(|(_, score)| *score == best)
        .map(|(mv, _)| mv)
        .collect()
}

/// One of the best-scored moves, chosen uniformly with `rng`.
pub fn random_best<M: Copy, S: Ord + Copy>(scored: Vec<(M, S)>, rng: &mut dyn Rng) -> Option<M> {
    let best = best_moves(scored);
    (!best.is_empty()).then(|| best[rng.random_range(0..best.len())])
}

/// A uniformly random legal move.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        let moves = position.legal_moves();
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TicTacToe;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_plays_every_legal_move_sometimes_and_nothing_else() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let position = TicTacToe::from_picture("XO.......", Default::default()).unwrap();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..500 {
            let square = RandomAgent.choose(&position, &mut rng).unwrap();
            assert_eq!(position.at(square), None);
            seen.insert(square);
        }
        assert_eq!(seen.len(), 7);
        let over = TicTacToe::from_picture("XXXOO....", Default::default()).unwrap();
        assert_eq!(RandomAgent.choose(&over, &mut rng), None);
    }
}
