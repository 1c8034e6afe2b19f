//! Minimax as in the minimax article: a finished game scores +10 when the side that is
//! choosing has won, -10 when it has lost, 0 for a draw; the chooser maximises, the
//! opponent minimises, and ties keep the first best move in the game's move order.
//!
//! Written once for every [`Game`]. Values are remembered in a transposition table keyed
//! by the position's canonical key, so positions equal up to symmetry are solved once.

use super::{Agent, best_moves, random_best};
use crate::game::{Game, Outcome};
use rand::Rng;
use std::collections::HashMap;

/// The score of a win for the chooser.
pub const WIN: i32 = 10;
/// The score of a loss for the chooser.
pub const LOSS: i32 = -10;
/// The score of a draw.
pub const DRAW: i32 = 0;

/// Solves positions and remembers what it solved.
#[derive(Debug, Clone)]
pub struct Solver<G: Game> {
    /// Value of a position for the player to move in it, by canonical key.
    table: HashMap<G::Key, i32>,
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Solver {
            table: HashMap::new(),
        }
    }
}

impl<G: Game> Solver<G> {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many positions (up to symmetry) have been solved so far.
    pub fn solved(&self) -> usize {
        self.table.len()
    }

    /// The value of `position` under perfect play, for the player to move in it (for a
    /// finished game: for the player who would move next).
    pub fn value(&mut self, position: &G) -> i32 {
        if let Some(outcome) = position.outcome() {
            return match outcome {
                Outcome::Draw => DRAW,
                Outcome::Win(winner) if winner == position.to_move() => WIN,
                Outcome::Win(_) => LOSS,
            };
        }
        let key = position.canonical_key();
        if let Some(value) = self.table.get(&key) {
            return *value;
        }
        let mut best = LOSS;
        for mv in position.legal_moves() {
            let mut next = position.clone();
            if next.play(mv).is_err() {
                continue;
            }
            best = best.max(self.score_after(position, &next));
            if best == WIN {
                break;
            }
        }
        self.table.insert(key, best);
        best
    }

    /// The score, for the player to move in `before`, of the position `after` one move.
    fn score_after(&mut self, before: &G, after: &G) -> i32 {
        if let Some(outcome) = after.outcome() {
            return match outcome {
                Outcome::Win(winner) if winner == before.to_move() => WIN,
                Outcome::Win(_) => LOSS,
                Outcome::Draw => DRAW,
            };
        }
        let value = self.value(after);
        if after.to_move() == before.to_move() {
            value
        } else {
            -value
        }
    }

    /// Every legal move with its score for the player to move, in the game's move order.
    pub fn move_scores(&mut self, position: &G) -> Vec<(G::Move, i32)> {
        position
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let mut next = position.clone();
                next.play(mv).ok()?;
                Some((mv, self.score_after(position, &next)))
            })
            .collect()
    }
}

/// Plays the first move of best score, as the minimax article does: deterministic.
#[derive(Debug, Clone)]
pub struct Minimax<G: Game> {
    solver: Solver<G>,
}

impl<G: Game> Default for Minimax<G> {
    fn default() -> Self {
        Minimax {
            solver: Solver::new(),
        }
    }
}

impl<G: Game> Agent<G> for Minimax<G> {
    fn name(&self) -> &'static str {
        "minimax"
    }

    fn choose(&mut self, position: &G, _rng: &mut dyn Rng) -> Option<G::Move> {
        best_moves(self.solver.move_scores(position))
            .first()
            .copied()
    }
}

/// Minimax values, but a random choice among all best moves: a perfect player that does
/// not always play the same line.
#[derive(Debug, Clone)]
pub struct Perfect<G: Game> {
    solver: Solver<G>,
}

impl<G: Game> Default for Perfect<G> {
    fn default() -> Self {
        Perfect {
            solver: Solver::new(),
        }
    }
}

impl<G: Game> Agent<G> for Perfect<G> {
    fn name(&self) -> &'static str {
        "perfect"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        random_best(self.solver.move_scores(position), rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Player, Rules, Square, TicTacToe};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_worked_example_of_seed_003() {
        // O . X / X . X / . O O with X (the AI) to move.
        let position = TicTacToe::from_picture("O.XX.X.OO", Rules::default()).unwrap();
        assert_eq!(position.to_move(), Player::X);
        let scores: Vec<(usize, i32)> = Solver::new()
            .move_scores(&position)
            .into_iter()
            .map(|(square, score)| (square.index(), score))
            .collect();
        assert_eq!(scores, [(1, -10), (4, 10), (6, -10)]);
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(
            Minimax::default().choose(&position, &mut rng),
            Some(Square::ALL[4])
        );
    }

    #[test]
    fn perfect_play_draws_classic_and_misere() {
        for misere in [false, true] {
            let mut solver = Solver::new();
            assert_eq!(
                solver.value(&TicTacToe::new(Rules { misere })),
                DRAW,
                "misère {misere}"
            );
        }
    }

    /// Plain minimax with no table and no symmetry, straight from the definition.
    fn naive(position: &TicTacToe) -> i32 {
        let mover = position.to_move();
        position
            .legal_moves()
            .into_iter()
            .map(|square| {
                let mut next = *position;
                next.play(square).unwrap();
                match next.outcome() {
                    Some(Outcome::Win(winner)) if winner == mover => WIN,
                    Some(Outcome::Win(_)) => LOSS,
                    Some(Outcome::Draw) => DRAW,
                    None => -naive(&next),
                }
            })
            .max()
            .unwrap_or(DRAW)
    }

    #[test]
    fn the_solver_agrees_with_plain_minimax_on_every_reachable_position() {
        let mut solver = Solver::new();
        let mut checked = 0;
        for position in crate::menace::boxes::reachable_positions() {
            if position.is_over() || position.ply() < 2 {
                continue; // the deepest naive searches are the slowest; ply 0-1 below
            }
            assert_eq!(
                solver.value(&position),
                naive(&position),
                "{}",
                position.picture()
            );
            checked += 1;
        }
        assert!(checked > 4_000);
        assert_eq!(
            solver.value(&TicTacToe::default()),
            naive(&TicTacToe::default())
        );
    }

    #[test]
    fn perfect_chooses_among_all_best_moves() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut agent = Perfect::default();
        let mut openings = std::collections::HashSet::new();
        for _ in 0..200 {
            openings.insert(agent.choose(&TicTacToe::default(), &mut rng).unwrap());
        }
        // Every opening draws with best play, so all nine are best.
        assert_eq!(openings.len(), 9);
    }
}
