//! The gravity family of seed 001: giveaway, the wide five-in-a-row board, linetris and
//! circular gravity, played through the registry as the console plays them.

use menace::ai::alphabeta::AlphaBeta;
use menace::ai::mcts::Mcts;
use menace::game::gravity::{Gravity, GravityRules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The figures `menace bench` gives for gravity 8x8 (alpha-beta positions a second with
/// a budget of 500,000, MCTS playouts a second over 5,000), medians of five runs, to
/// compare one build with another: `cargo test --release --test gravity_family --
/// --ignored --nocapture speed`.
#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn speed_of_8x8_search() {
    let mut nodes = Vec::new();
    let mut playouts = Vec::new();
    for seed in 0..5 {
        let game = Gravity::new(GravityRules::default());
        let mut search = AlphaBeta::<Gravity>::new(500_000);
        let start = Instant::now();
        let _ = search.solve(&game);
        nodes.push(search.nodes as f64 / start.elapsed().as_secs_f64());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start = Instant::now();
        let _ = Mcts::with_playouts(5_000).statistics(&game, &mut rng);
        playouts.push(5_000.0 / start.elapsed().as_secs_f64());
    }
    nodes.sort_by(f64::total_cmp);
    playouts.sort_by(f64::total_cmp);
    println!(
        "gravity 8x8: alpha-beta {:.0} positions/s, MCTS {:.0} playouts/s",
        nodes[2], playouts[2]
    );
}
