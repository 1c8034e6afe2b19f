//! The commands that play or read games without the console: `experiment` (MENACE's
//! learning over many seeds), `duel` (two AIs), `boxes` (counting a game's positions)
//! and `replay` (a game's moves checked and shown).

use menace::menace::Preset;
use menace::repl::render;
use std::io::Write;
use std::process::ExitCode;

/// `menace experiment --game GAME ...`.
pub fn game_experiment(
    game: &str,
    (side, vs, learner, preset, limit, positions): (&str, &str, &str, Preset, u64, u64),
    seeds: u64,
) -> ExitCode {
    let words: Vec<&str> = game.split_whitespace().collect();
    let vs_words: Vec<&str> = vs.split_whitespace().collect();
    let vs = match menace::players::Choice::parse(&vs_words) {
        Ok(kind) => kind,
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let learner = match learner_choice(learner) {
        Ok(choice) => choice,
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let side = side_of(side);
    let effort = menace::analysis::Effort {
        positions,
        ..menace::analysis::Effort::default()
    };
    let start = std::time::Instant::now();
    match menace::registry::start(&words).and_then(|game| {
        let plan = menace::play::Plan {
            learner,
            side,
            vs,
            preset,
            goal: None,
            limit: limit.max(1),
            effort,
        };
        let seeds = seeds.clamp(1, 1_000);
        // On a terminal a bar counts the games (runs that reach the goal stop early, so
        // the total is at most); piped, nothing is printed until the report.
        let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            let bar = indicatif::ProgressBar::new(seeds.saturating_mul(plan.limit));
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{bar:30} {human_pos} of at most {human_len} games, {elapsed}",
            ) {
                bar.set_style(style);
            }
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        let result = menace::play::experiment::run(game.as_ref(), &plan, seeds, &mut |played| {
            bar.set_position(played);
            !menace::stop::requested()
        });
        bar.finish_and_clear();
        result
    }) {
        Ok(experiment) => {
            out!(
                "{}",
                render::game_experiment(&experiment, Some(start.elapsed().as_secs()))
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            complain!("menace: {why}.");
            ExitCode::from(2)
        }
    }
}

/// The learner a `--learner` flag names, with its parameters: `td draw 0.5`.
fn learner_choice(flag: &str) -> Result<menace::learners::LearnerChoice, String> {
    let words: Vec<&str> = flag.split_whitespace().collect();
    let Some((name, params)) = words.split_first() else {
        return Ok(menace::learners::LearnerChoice::default());
    };
    let row = menace::learners::row(name).ok_or_else(|| {
        let names: Vec<&str> = menace::learners::LEARNERS
            .iter()
            .map(|row| row.name)
            .collect();
        format!(
            "there is no learner \"{name}\": the learners are {}",
            names.join(", ")
        )
    })?;
    Ok(menace::learners::LearnerChoice {
        row,
        params: row.read_params(params)?,
    })
}

/// The side a `--side` flag names (clap has checked it is X or O).
fn side_of(flag: &str) -> menace::game::Player {
    if flag.eq_ignore_ascii_case("o") {
        menace::game::Player::O
    } else {
        menace::game::Player::X
    }
}

/// `menace duel GAME [OPTION…] --first NAME --second NAME ...`.
pub fn duel(
    game: &[String],
    first: &str,
    second: &str,
    games: u32,
    effort: menace::analysis::Effort,
    seed: u64,
) -> ExitCode {
    let kind = |name: &str| {
        let words: Vec<&str> = name.split_whitespace().collect();
        menace::players::Choice::parse(&words)
    };
    let (first, second) = match (kind(first), kind(second)) {
        (Ok(first), Ok(second)) => (first, second),
        (Err(why), _) | (_, Err(why)) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let words: Vec<&str> = game.iter().map(String::as_str).collect();
    let start = std::time::Instant::now();
    match menace::app::duel::run(&words, first, second, games.clamp(1, 100_000), effort, seed) {
        Ok(report) => {
            out!("{}", render::duel(&report, start.elapsed().as_secs_f64()));
            ExitCode::SUCCESS
        }
        Err(why) => {
            complain!("menace: {why}.");
            ExitCode::from(2)
        }
    }
}

/// `menace boxes GAME [OPTION…] [--side X|O] [--limit N]`.
pub fn count_boxes(words: &[String], side: &str, limit: usize) -> ExitCode {
    let game = match crate::output::started(words) {
        Ok(game) => game,
        Err(code) => return code,
    };
    let side = side_of(side);
    if let Some(why) = game.declaration().too_big_for_menace {
        outln!("{}: no boxes are counted: {why}.", game.title());
        return ExitCode::SUCCESS;
    }
    let start = std::time::Instant::now();
    // On a terminal a status line tells how far a long count has got; piped, nothing is
    // printed until the count.
    let status = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let status = indicatif::ProgressBar::new_spinner();
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("counting: {msg}, {elapsed} (Ctrl-C stops)")
        {
            status.set_style(style);
        }
        status
    } else {
        indicatif::ProgressBar::hidden()
    };
    let counted = menace::registry::count_boxes(game.as_ref(), side, limit, &mut |at| {
        status.set_message(format!(
            "{} boxes, {} positions",
            menace::text::grouped(at.boxes as u64),
            menace::text::grouped(at.positions as u64)
        ));
        status.tick();
        !menace::stop::requested()
    });
    status.finish_and_clear();
    use menace::menace::generic::count::NotCounted;
    match counted {
        Ok(_) | Err(NotCounted::Limit(_)) => {
            out!(
                "{}",
                render::box_count(&game.title(), side, &counted, start.elapsed().as_millis())
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            complain!("menace: {}: {why}.", game.title());
            ExitCode::from(2)
        }
    }
}

/// `menace replay GAME [OPTION…] MOVE… [--json]`.
pub fn replay(words: &[String], json: bool) -> ExitCode {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (steps, error) = match menace::registry::replay::replay(&words) {
        Ok(steps) => (steps, None),
        Err(error) => (error.steps.clone(), Some(error)),
    };
    let mut out = std::io::stdout().lock();
    for step in &steps {
        let line = if json {
            serde_json::to_string(step).unwrap_or_default() + "\n"
        } else {
            render::replay_step(step)
        };
        if out.write_all(line.as_bytes()).is_err() {
            return ExitCode::from(crate::output::CLOSED);
        }
    }
    match error {
        None => ExitCode::SUCCESS,
        Some(error) => {
            complain!("menace: {error}.");
            ExitCode::from(2)
        }
    }
}
