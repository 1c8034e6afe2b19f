//! Speed measurements for `menace bench`: training games per second and the time of a
//! full minimax solve. Returns figures; `main` prints them.

use crate::ai::minimax::Solver;
use crate::analysis::Effort;
use crate::game::{Player, Rules, TicTacToe};
use crate::learners::Kind;
use crate::menace::{DEFAULT_BOX_LIMIT, Preset};
use crate::play::train;
use crate::players::perfect::perfect_moves;
use crate::players::{Choice, Rival};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

mod qubic_perfect;
mod saves;
mod ultimate;
pub use qubic_perfect::PerfectMoves;
pub use saves::{SaveBench, run_save};
pub use ultimate::{UltimatePlayouts, run_ultimate};

/// Search speed on the variants.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantBench {
    pub cube_nodes_per_second: f64,
    pub gravity_nodes_per_second: f64,
    pub cube_playouts_per_second: f64,
    pub gravity_playouts_per_second: f64,
    pub silverman_solve: Duration,
    pub silverman_nodes: u64,
    /// Uniformly random games played to the end from the empty ultimate board.
    pub ultimate_random_playouts_per_second: f64,
    /// The same games by [`ultimate::plain_ultimate_playout`], the yardstick, in the same
    /// run.
    pub ultimate_plain_playouts_per_second: f64,
    /// Games by the playout policy (win or block a small board, else random) from there.
    pub ultimate_policy_playouts_per_second: f64,
    /// Whole MCTS playouts (tree, policy playout, solver) from the empty ultimate board.
    pub ultimate_mcts_playouts_per_second: f64,
    /// Uniformly random games from the empty strategic board.
    pub strategic_random_playouts_per_second: f64,
    /// Nanoseconds to put one Qubic position in canonical form over all 192 maps, by
    /// the Qubic article's byte tables and bit by bit.
    pub qubic_canonical_ns_tables: f64,
    pub qubic_canonical_ns_bits: f64,
    pub qubic_canonical_ns_delta_swaps: f64,
    /// Positions a second the threat-space search looks at, over positions of
    /// random play.
    pub qubic_threat_nodes_per_second: f64,
    /// Time to prove the tests' position (X 0, 15, 60; O 3, 25, 63) by deepening
    /// quiet moves, and by proof numbers.
    pub qubic_proof_deepening: Duration,
    pub qubic_proof_numbers: Duration,
    /// The same position by df-pn with its table on symmetric keys.
    pub qubic_proof_dfpn: Duration,
    /// `perfect`'s moves as X in Qubic, against random replies (the first run's).
    pub qubic_perfect: qubic_perfect::PerfectMoves,
    /// The gomoku bot article's bot choosing a move on 15x15, over positions of its own
    /// play.
    pub gomoku_attack_move: Duration,
    /// Positions a second the gomoku threats bot searches (a fifth of a second a move)
    /// on the same positions.
    pub gomoku_threat_nodes_per_second: f64,
}

/// Positions 10 to 30 stones into games of the gomoku bot article's bot against itself on
/// 15x15.
fn gomoku_positions(seed: u64) -> Vec<crate::game::gomoku::Gomoku> {
    use crate::game::Game;
    use crate::game::gomoku::{Gomoku, GomokuRules};
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for _ in 0..4 {
        let mut game = Gomoku::new(GomokuRules::freestyle(15));
        // A random second stone, so that the games differ.
        let _ = game.play(game.centre() as u16);
        let near: Vec<u16> = [-1i32, 0, 1]
            .iter()
            .flat_map(|dy| [-1i32, 0, 1].map(|dx| (dx, *dy)))
            .filter(|d| *d != (0, 0))
            .filter_map(|(dx, dy)| game.index(7 + dx, 7 + dy).map(|c| c as u16))
            .collect();
        let _ = game.play(near[rand::RngExt::random_range(&mut rng, 0..near.len())]);
        while !game.is_over() && game.stones() < 30 {
            let Some(mv) = crate::ai::gomoku::attack::choose(&game, &mut rng) else {
                break;
            };
            let _ = game.play(mv);
            if game.stones() >= 10 && !game.is_over() {
                positions.push(game.clone());
            }
        }
    }
    positions
}

/// The mean time of the seed bot's move, and the threats bot's positions a second.
fn gomoku_speed(seed: u64) -> (Duration, f64) {
    let positions = gomoku_positions(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    for position in &positions {
        let _ = crate::ai::gomoku::attack::choose(position, &mut rng);
    }
    let attack = start.elapsed() / positions.len().max(1) as u32;
    let bot = crate::ai::gomoku::threats::Threats {
        time: Duration::from_millis(200),
    };
    let (mut nodes, start) = (0, Instant::now());
    for position in positions.iter().step_by(4) {
        nodes += bot.choose_counted(position, &mut rng).1.nodes;
    }
    (attack, nodes as f64 / start.elapsed().as_secs_f64())
}

/// `count` Qubic positions of random play, X and O taking turns, each with as many
/// marks as `marks` draws.
fn random_qubic_positions(
    rng: &mut ChaCha8Rng,
    count: usize,
    marks: impl Fn(&mut ChaCha8Rng) -> usize,
) -> Vec<(u64, u64)> {
    use rand::RngExt;
    (0..count)
        .map(|_| {
            let (mut x, mut o) = (0u64, 0u64);
            for mark in 0..marks(rng) {
                let cell = loop {
                    let cell = rng.random_range(0..64u32);
                    if (x | o) & (1 << cell) == 0 {
                        break cell;
                    }
                };
                if mark % 2 == 0 {
                    x |= 1 << cell;
                } else {
                    o |= 1 << cell;
                }
            }
            (x, o)
        })
        .collect()
}

/// Threat-space search positions per second, from 256 positions of random play with
/// 10 to 30 marks, X to move.
fn qubic_threat_nodes_per_second(seed: u64) -> f64 {
    use rand::RngExt;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let geometry = crate::game::cube::Geometry::of(4);
    let positions: Vec<(u64, u64)> =
        random_qubic_positions(&mut rng, 256, |rng| 2 * rng.random_range(5..15usize))
            .into_iter()
            .filter(|(x, o)| !geometry.lines.iter().any(|l| x & l == *l || o & l == *l))
            .collect();
    let start = Instant::now();
    let mut nodes = 0;
    while start.elapsed() < Duration::from_millis(200) {
        let mut search = crate::ai::qubic::threats::ThreatSearch::new();
        for (x, o) in &positions {
            let _ = search.find(*x, *o);
        }
        nodes += search.nodes;
    }
    nodes as f64 / start.elapsed().as_secs_f64()
}

/// The ways of moving a board's bits that the canonical form is timed with.
#[derive(Debug, Clone, Copy)]
enum ImageMethod {
    ByteTables,
    BitByBit,
    DeltaSwaps,
}

/// Nanoseconds per canonical form of a Qubic position (the smallest image of its two
/// boards over the 192 maps), by tables or bit by bit, over positions of 8 to 40 marks.
fn qubic_canonical_ns(method: ImageMethod, seed: u64) -> f64 {
    use rand::RngExt;
    let geometry = crate::game::cube::Geometry::of(4);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let positions = random_qubic_positions(&mut rng, 512, |rng| rng.random_range(8..40usize));
    let words = crate::ai::qubic::delta_swaps::words();
    let image = |symmetry: usize, mask: u64| match (method, words) {
        (ImageMethod::ByteTables, _) => geometry.image(symmetry, mask),
        (ImageMethod::DeltaSwaps, Some(words)) => {
            crate::ai::qubic::delta_swaps::image(words, symmetry, mask)
        }
        _ => geometry.image_bit_by_bit(symmetry, mask),
    };
    let start = Instant::now();
    let mut done = 0u64;
    let mut sink = 0u64;
    while start.elapsed() < Duration::from_millis(200) {
        for (x, o) in &positions {
            let key = (0..geometry.symmetries.len())
                .map(|symmetry| (image(symmetry, *x), image(symmetry, *o)))
                .min()
                .unwrap_or((*x, *o));
            sink ^= key.0 ^ key.1;
        }
        done += positions.len() as u64;
    }
    std::hint::black_box(sink);
    start.elapsed().as_nanos() as f64 / done as f64
}

/// Random playouts from `position` (or, with `policy`, the game's playout policy), for
/// about a fifth of a second, per second.
fn random_playouts_per_second<G: crate::game::Game>(position: &G, seed: u64, policy: bool) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    let mut playouts = 0u64;
    while start.elapsed() < Duration::from_millis(200) {
        for _ in 0..256 {
            let _ = if policy {
                crate::ai::mcts::policy_playout(position, &mut rng, 1_000)
            } else {
                crate::ai::mcts::playout(position, &mut rng, 1_000)
            };
        }
        playouts += 256;
    }
    playouts as f64 / start.elapsed().as_secs_f64()
}

fn nodes_per_second<G: crate::game::Game>(position: &G, budget: u64) -> f64 {
    let mut search = crate::ai::alphabeta::AlphaBeta::<G>::new(budget);
    let start = Instant::now();
    let _ = search.solve(position);
    search.nodes as f64 / start.elapsed().as_secs_f64().max(1e-9)
}

fn playouts_per_second<G: crate::game::Game>(position: &G, playouts: u32, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    let _ = crate::ai::mcts::Mcts::with_playouts(playouts).statistics(position, &mut rng);
    f64::from(playouts) / start.elapsed().as_secs_f64().max(1e-9)
}

/// Alpha-beta nodes and MCTS playouts per second on the cube and gravity 8x8, and the time
/// to solve Silverman's 4x4 from the empty board; medians of `repeats` runs.
pub fn run_variants(repeats: usize) -> VariantBench {
    use crate::game::cube::Cube;
    use crate::game::four::{FourByFour, FourRules};
    use crate::game::gravity::{Gravity, GravityRules};
    let repeats = repeats.max(1);
    let (mut cube, mut gravity, mut cube_mcts, mut gravity_mcts, mut silverman) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut silverman_nodes = 0;
    let (mut ultimate, mut policy, mut ultimate_mcts, mut strategic) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut ultimate_plain = Vec::new();
    let (mut by_tables, mut by_bits, mut by_swaps) = (Vec::new(), Vec::new(), Vec::new());
    let (mut threat_nodes, mut deepening, mut proof_numbers) = (Vec::new(), Vec::new(), Vec::new());
    let mut dfpn = Vec::new();
    let mut qubic_perfect = qubic_perfect::PerfectMoves::default();
    let (mut gomoku_attack, mut gomoku_threats) = (Vec::new(), Vec::new());
    let cells = |cells: &[u64]| cells.iter().fold(0u64, |mask, cell| mask | 1 << cell);
    let (proved_x, proved_o) = (cells(&[0, 15, 60]), cells(&[3, 25, 63]));
    let empty_ultimate = crate::game::ultimate::Ultimate::new(Default::default());
    for repeat in 0..repeats as u64 {
        // Both ways in the same run, one after the other, on the same positions.
        by_tables.push(qubic_canonical_ns(ImageMethod::ByteTables, repeat));
        by_bits.push(qubic_canonical_ns(ImageMethod::BitByBit, repeat));
        by_swaps.push(qubic_canonical_ns(ImageMethod::DeltaSwaps, repeat));
        threat_nodes.push(qubic_threat_nodes_per_second(repeat));
        let start = Instant::now();
        let _ = crate::ai::qubic::proof::Prover::new(10_000_000).prove(proved_x, proved_o, 2);
        deepening.push(start.elapsed());
        let start = Instant::now();
        let _ = crate::ai::qubic::pns::ProofNumberSearch::new(10_000_000).solve(proved_x, proved_o);
        proof_numbers.push(start.elapsed());
        let start = Instant::now();
        let _ = crate::ai::qubic::dfpn::Solver::new(64 << 20).solve(proved_x, proved_o);
        dfpn.push(start.elapsed());
        if repeat == 0 {
            // The first run's: its first move reads the book, as a session's does.
            qubic_perfect = qubic_perfect::perfect_moves(6, repeat);
        }
        let (attack, threat_nodes) = gomoku_speed(repeat);
        gomoku_attack.push(attack);
        gomoku_threats.push(threat_nodes);
        // The game's playouts and the plain yardstick's, one after the other.
        let playouts = ultimate::ultimate_playouts_per_second(repeat, 400);
        ultimate.push(playouts.own);
        ultimate_plain.push(playouts.plain);
        policy.push(random_playouts_per_second(&empty_ultimate, repeat, true));
        ultimate_mcts.push(playouts_per_second(&empty_ultimate, 50_000, repeat));
        strategic.push(random_playouts_per_second(
            &crate::game::strategic::Strategic::new(),
            repeat,
            false,
        ));
        // The empty cube solves in a few thousand positions; a tenth of a second of
        // whole solves gives a steady figure.
        let start = Instant::now();
        let mut nodes = 0;
        while start.elapsed() < Duration::from_millis(100) {
            let mut search = crate::ai::alphabeta::AlphaBeta::new(u64::MAX);
            let _ = search.solve(&Cube::new(3));
            nodes += search.nodes;
        }
        cube.push(nodes as f64 / start.elapsed().as_secs_f64());
        gravity.push(nodes_per_second(
            &Gravity::new(GravityRules::default()),
            500_000,
        ));
        cube_mcts.push(playouts_per_second(&Cube::new(3), 20_000, repeat));
        gravity_mcts.push(playouts_per_second(
            &Gravity::new(GravityRules::default()),
            5_000,
            repeat,
        ));
        let mut search = crate::ai::alphabeta::AlphaBeta::new(u64::MAX);
        let start = Instant::now();
        let _ = search.solve(&FourByFour::new(FourRules::default()));
        silverman.push(start.elapsed());
        silverman_nodes = search.nodes;
    }
    VariantBench {
        cube_nodes_per_second: median(cube),
        gravity_nodes_per_second: median(gravity),
        cube_playouts_per_second: median(cube_mcts),
        gravity_playouts_per_second: median(gravity_mcts),
        silverman_solve: median(silverman),
        silverman_nodes,
        ultimate_random_playouts_per_second: median(ultimate),
        ultimate_plain_playouts_per_second: median(ultimate_plain),
        ultimate_policy_playouts_per_second: median(policy),
        ultimate_mcts_playouts_per_second: median(ultimate_mcts),
        strategic_random_playouts_per_second: median(strategic),
        qubic_canonical_ns_tables: median(by_tables),
        qubic_canonical_ns_bits: median(by_bits),
        qubic_canonical_ns_delta_swaps: median(by_swaps),
        qubic_threat_nodes_per_second: median(threat_nodes),
        qubic_proof_deepening: median(deepening),
        qubic_proof_numbers: median(proof_numbers),
        qubic_proof_dfpn: median(dfpn),
        qubic_perfect,
        gomoku_attack_move: median(gomoku_attack),
        gomoku_threat_nodes_per_second: median(gomoku_threats),
    }
}

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
    /// The same figures in Silverman 4x4 (MENACE as X, the first player), with the time
    /// its perfect player took to value every position, once, before.
    pub silverman_random_games_per_second: f64,
    pub silverman_perfect_games_per_second: f64,
    pub silverman_perfect_table: Duration,
    /// The other learners as X in noughts and crosses against random, at their
    /// default parameters, through the same loop.
    pub td_random_games_per_second: f64,
    pub qlearn_random_games_per_second: f64,
}

fn median<T: PartialOrd + Copy>(mut values: Vec<T>) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    values[values.len() / 2]
}

/// MENACE (X) trained in `game` against `choice` exactly as `train` does it: the
/// registry's learner, the table's rival (made before the clock starts), the one
/// training loop.
fn games_per_second(game: &str, choice: Choice, games: u64, seed: u64) -> f64 {
    learner_games_per_second(Kind::Menace, game, choice, games, seed)
}

/// A learner of `kind` (X, at its defaults) trained as [`games_per_second`] trains
/// MENACE. The learners other than MENACE are made for noughts and crosses (the
/// registry does not yet make them for every game), so `game` must be classic for
/// them: another plays no games and measures 0.
fn learner_games_per_second(kind: Kind, game: &str, choice: Choice, games: u64, seed: u64) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(start) = crate::registry::start(&[game]) else {
        return 0.0;
    };
    let start = start.as_ref();
    let preset = Preset::challenge();
    let mut menace = match kind {
        Kind::Menace => {
            let Ok(menace) =
                crate::registry::new_learner(start, Player::X, preset, DEFAULT_BOX_LIMIT, &mut rng)
            else {
                return 0.0;
            };
            menace
        }
        other => crate::learners::make::<TicTacToe>(
            other,
            Player::X,
            preset,
            DEFAULT_BOX_LIMIT,
            &[],
            &mut rng,
        ),
    };
    let no_second = |_: &crate::learners::LearnerChoice, _: Player, _: &mut dyn rand::Rng| None;
    let Ok(mut rival) = Rival::new(
        choice,
        start,
        Player::O,
        preset,
        Effort::default(),
        &no_second,
        &mut rng,
    ) else {
        return 0.0;
    };
    let clock = Instant::now();
    let report = train(
        menace.as_mut(),
        &mut rival,
        start,
        games,
        &mut rng,
        &mut |_| true,
    );
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    report.overall.games() as f64 / seconds
}

/// Runs every measurement `repeats` times (interleaved, so noise hits all alike) and
/// keeps the medians.
pub fn run(games: u64, repeats: usize) -> BenchReport {
    let repeats = repeats.max(1);
    let table_start = Instant::now();
    perfect_moves(Rules::default());
    let perfect_table = table_start.elapsed();
    let (random_ai, perfect_ai) = (
        Choice::bare(&crate::players::random::ROW),
        Choice::bare(&crate::players::perfect::ROW),
    );
    // Silverman's perfect player values every position the first time it is made; the
    // value is kept for the run, so this is the only time it is paid.
    let table_start = Instant::now();
    if let Ok(silverman) = crate::registry::start(&["silverman"]) {
        let _ = crate::registry::perfect_player(silverman.as_ref());
    }
    let silverman_perfect_table = table_start.elapsed();
    let mut random = Vec::new();
    let mut perfect = Vec::new();
    let mut silverman_random = Vec::new();
    let mut silverman_perfect = Vec::new();
    let mut solves = Vec::new();
    let mut td = Vec::new();
    let mut qlearn = Vec::new();
    for repeat in 0..repeats as u64 {
        random.push(games_per_second("classic", random_ai, games, repeat));
        perfect.push(games_per_second("classic", perfect_ai, games, repeat));
        silverman_random.push(games_per_second("silverman", random_ai, games, repeat));
        silverman_perfect.push(games_per_second("silverman", perfect_ai, games, repeat));
        td.push(learner_games_per_second(
            Kind::Td,
            "classic",
            random_ai,
            games,
            repeat,
        ));
        qlearn.push(learner_games_per_second(
            Kind::Qlearn,
            "classic",
            random_ai,
            games,
            repeat,
        ));
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
        silverman_random_games_per_second: median(silverman_random),
        silverman_perfect_games_per_second: median(silverman_perfect),
        silverman_perfect_table,
        td_random_games_per_second: median(td),
        qlearn_random_games_per_second: median(qlearn),
    }
}
