//! Players that are not human. Each is a value implementing [`Agent`]; the ones whose
//! algorithm allows it are generic over [`Game`], so every variant gets them for free.

pub mod alphabeta;
pub mod lookahead;
pub mod mcts;
pub mod minimax;
pub mod rating;
pub mod retrograde;
pub mod teacher;

use crate::game::Game;
use rand::{Rng, RngExt};

pub use minimax::{Minimax, Perfect, Solver};

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
