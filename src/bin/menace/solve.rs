//! `menace solve`: the value of a game under perfect play, at the command line (a front
//! end: it prints; the searches are the registry's and `menace::ai::quantum`). Qubic's
//! proofs have their own front end, `proofs.rs`.

use menace::ai::quantum::{Solver, margin_words};
use menace::game::Game;
use menace::repl::render::{self, Palette, grouped};
use std::process::ExitCode;

/// Solves the game `words` names (quantum and its options) from its start or from the
/// position `from` (a picture: the moves that led to it).
pub fn quantum(words: &[&str], from: Option<&str>, budget: u64) -> ExitCode {
    let game = match menace::registry::start(words) {
        Ok(game) => game,
        Err(why) => {
            complain!("menace: {why}");
            return ExitCode::from(2);
        }
    };
    let game = match from {
        None => game,
        Some(picture) => match game.from_picture(picture) {
            Ok(position) => position,
            Err(why) => {
                complain!("menace: {why}");
                return ExitCode::from(2);
            }
        },
    };
    let Some(position) = menace::registry::quantum_position(game.as_ref()).copied() else {
        complain!("menace: this solver is for quantum tic-tac-toe.");
        return ExitCode::from(2);
    };
    if position.is_over() {
        say!("{}: the game is over at this position.", game.title());
        return ExitCode::SUCCESS;
    }
    let Some(budget) = crate::output::fitted(budget, menace::ai::quantum::BYTES_PER_POSITION)
    else {
        return ExitCode::FAILURE;
    };
    let started = std::time::Instant::now();
    let mut solver = Solver::new(budget);
    let (value, moves) = match solver
        .value(&position)
        .and_then(|value| Ok((value, solver.move_values(&position)?)))
    {
        Ok(found) => found,
        Err(_) => {
            say!(
                "{}: not solved within {} positions ({:.1} s).",
                game.title(),
                grouped(budget),
                started.elapsed().as_secs_f64()
            );
            // Not solved within the budget is an answer, as for every other game.
            return ExitCode::SUCCESS;
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let whose = if position.ply() == 0 {
        "from the empty board".to_string()
    } else {
        format!("from {}", position.picture())
    };
    say!(
        "{} {whose}: with perfect play {}.",
        game.title(),
        margin_words(value)
    );
    say!(
        "{}'s moves, one of each kind up to symmetry, and the result of each with best \
         play after it:",
        position.to_move()
    );
    for (mv, after) in &moves {
        let best = if *after == value { "  (best)" } else { "" };
        outln!(
            "  {:<6} {}{best}",
            position.move_name(*mv),
            margin_words(*after)
        );
    }
    let memory = peak_megabytes().map_or(String::new(), |mb| format!(", peak memory {mb:.0} MB"));
    say!(
        "({} positions in the table, {} visits, {seconds:.1} s{memory})",
        grouped(solver.positions() as u64),
        grouped(solver.visits)
    );
    ExitCode::SUCCESS
}

/// The peak memory of this process so far, in MB, where the system says (Linux).
fn peak_megabytes() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024.0)
}

/// `menace solve VARIANT [--budget N]`.
pub fn any(words: &[String], budget: u64) -> ExitCode {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let game = match menace::registry::start(&words) {
        Ok(game) => game,
        Err(why) => {
            complain!("menace: {why}");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    let solved = menace::registry::solve(game.as_ref(), budget);
    let millis = start.elapsed().as_millis();
    out!(
        "{}",
        render::event(
            &menace::app::Event::Solved {
                title: game.title(),
                picture: game.picture(),
                solved: solved.clone(),
                scores: None,
                millis,
            },
            Palette::PLAIN,
        )
    );
    if let menace::analysis::Solved::TooBig { .. } = solved {
        let (depth, best) = menace::registry::deepest_search(game.as_ref(), budget);
        let sentence = format!(
            "An iterative search with the same budget completed depth {depth} (half-moves){}.",
            best.map_or(String::new(), |(name, verdict)| format!(
                "; there it prefers {name} ({verdict})"
            ))
        );
        outln!("{}", menace::repl::text::fill(&sentence, 79));
    }
    ExitCode::SUCCESS
}
