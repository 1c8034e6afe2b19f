//! `menace random-play GAME [OPTION…] --games N`: the baseline every AI is measured
//! against, uniformly random play on both sides, and what it scores (a front end: it
//! prints; the games are played by the registry).

use menace::analysis::RandomPlay;
use menace::repl::render::grouped;
use rand::SeedableRng;
use std::process::ExitCode;

/// A score in half points as words.
fn score_words([x, o]: [u8; 2]) -> String {
    let points = |halves: u8| match halves {
        0 => "0".to_string(),
        1 => "½".to_string(),
        2 => "1".to_string(),
        other => format!("{}", f64::from(other) / 2.0),
    };
    match (x, o) {
        (x, o) if x == o => "a draw".to_string(),
        (x, 0) => format!("X wins {} to 0", points(x)),
        (0, o) => format!("O wins {} to 0", points(o)),
        (x, o) if x > o => format!("X wins {} to {}", points(x), points(o)),
        (x, o) => format!("O wins {} to {}", points(o), points(x)),
    }
}

pub fn run(words: &[String], games: u64, seed: u64) -> ExitCode {
    let game = match crate::output::started(words) {
        Ok(game) => game,
        Err(code) => return code,
    };
    if games == 0 {
        complain!("menace: --games takes a number of games from 1.");
        return ExitCode::from(2);
    }
    let started = std::time::Instant::now();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let tally: RandomPlay = menace::registry::random_games(game.as_ref(), games, &mut rng);
    let seconds = started.elapsed().as_secs_f64();
    let played = tally.games();
    outln!(
        "{}: {} games of uniformly random play (seed {seed}):",
        game.title(),
        grouped(played)
    );
    // Most frequent first.
    let mut rows: Vec<(&[u8; 2], &u64)> = tally.by_score.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (score, count) in rows {
        outln!(
            "  {:<18} {:>12} {:>6.2}%",
            score_words(*score),
            grouped(*count),
            100.0 * *count as f64 / played.max(1) as f64
        );
    }
    outln!(
        "X's mean margin: {:+.4} points a game; {:.2} moves a game; {seconds:.1} s.",
        tally.mean_margin(),
        tally.moves as f64 / played.max(1) as f64
    );
    ExitCode::SUCCESS
}
