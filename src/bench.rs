//! Speed measurements for `menace bench`: training games per second and the time of a
//! full minimax solve. Returns figures; `main` prints them.

use crate::ai::minimax::Solver;
use crate::game::{Rules, TicTacToe};
use crate::menace::{Menace, Preset};
use crate::play::{Opponent, perfect_moves, train};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The medians of repeated measurements.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchReport {
    pub games: u64,
    pub repeats: usize,
    pub random_games_per_second: f64,
    pub perfect_games_per_second: f64,
    pub solve: Duration,
    /// Time to fill the perfect-play table once (not part of the training figures).
    pub perfect_table: Duration,
}

fn median<T: PartialOrd + Copy>(mut values: Vec<T>) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values[values.len() / 2]
}

fn games_per_second(opponent: &Opponent, games: u64, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    let mut opponent = opponent.clone();
    let start = Instant::now();
    let report = train(
        &mut menace,
        &mut opponent,
        games,
        Rules::default(),
        &mut rng,
        &mut |_| {},
    );
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    report.overall.games() as f64 / seconds
}

/// Runs every measurement `repeats` times (interleaved, so noise hits all alike) and
/// keeps the medians.
pub fn run(games: u64, repeats: usize) -> BenchReport {
    let repeats = repeats.max(1);
    let table_start = Instant::now();
    perfect_moves(Rules::default());
    let perfect_table = table_start.elapsed();
    let mut random = Vec::new();
    let mut perfect = Vec::new();
    let mut solves = Vec::new();
    for repeat in 0..repeats as u64 {
        random.push(games_per_second(&Opponent::Random, games, repeat));
        perfect.push(games_per_second(&Opponent::Perfect, games, repeat));
        let start = Instant::now();
        let value = Solver::new().value(&TicTacToe::default());
        solves.push(start.elapsed());
        debug_assert_eq!(value, 0);
    }
    BenchReport {
        games,
        repeats,
        random_games_per_second: median(random),
        perfect_games_per_second: median(perfect),
        solve: median(solves),
        perfect_table,
    }
}
