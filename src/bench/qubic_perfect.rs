//! How long `perfect` takes a move in Qubic: games of perfect as X against random
//! replies and against alpha-beta (20,000 positions a move), each of X's moves timed,
//! through the registry's player as `against perfect` makes it.

use crate::analysis::Effort;
use crate::game::Player;
use crate::menace::Preset;
use crate::players::{Choice, Rival};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The times of perfect's moves as X in Qubic.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PerfectMoves {
    /// The player made and its first move, the book read (once a run).
    pub first: Duration,
    pub mean: Duration,
    pub slowest: Duration,
    pub moves: u32,
}

/// `games` games of perfect as X from the empty cube, against random and alpha-beta
/// in turn.
pub fn perfect_moves(games: u64, seed: u64) -> PerfectMoves {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(start) = crate::registry::start(&["qubic"]) else {
        return PerfectMoves::default();
    };
    let first = Instant::now();
    let no_second = |_: &crate::learners::LearnerChoice, _: Player, _: &mut dyn rand::Rng| None;
    let Ok(mut perfect) = Rival::new(
        Choice::bare(&crate::players::perfect::ROW),
        start.as_ref(),
        Player::X,
        Preset::default(),
        Effort::default(),
        &no_second,
        &mut rng,
    ) else {
        return PerfectMoves::default();
    };
    let made = first.elapsed();
    let alphabeta = Choice::parse(&["alphabeta", "20000"])
        .ok()
        .and_then(|choice| {
            Rival::new(
                choice,
                start.as_ref(),
                Player::O,
                Preset::default(),
                Effort::default(),
                &no_second,
                &mut rng,
            )
            .ok()
        });
    let mut opponent = alphabeta;
    let mut times = Vec::new();
    for played in 0..games {
        let mut game = start.boxed_clone();
        while game.outcome().is_none() {
            let mv = if game.to_move() == Player::X {
                let clock = Instant::now();
                let Some(chosen) = perfect.choose(game.as_ref(), &mut rng) else {
                    break;
                };
                times.push(clock.elapsed());
                chosen.name
            } else if let Some(other) = opponent.as_mut().filter(|_| played % 2 == 1) {
                let Some(chosen) = other.choose(game.as_ref(), &mut rng) else {
                    break;
                };
                chosen.name
            } else {
                let moves = game.legal_move_names();
                moves[rng.random_range(0..moves.len())].clone()
            };
            if game.play_move(&mv).is_err() {
                break;
            }
        }
    }
    let first = made + times.first().copied().unwrap_or_default();
    let moves = times.len() as u32;
    PerfectMoves {
        first,
        mean: times.iter().sum::<Duration>() / moves.max(1),
        slowest: times.iter().copied().max().unwrap_or_default(),
        moves,
    }
}
