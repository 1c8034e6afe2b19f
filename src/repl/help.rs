//! The longer texts that are not events: `help`, the greeting, `menace bench`, and
//! `menace replay`.

use super::render::{Palette, Role};
use crate::app::command::{COMMANDS, Group};
use crate::menace::learn::EmptyBox;
use std::fmt::Write;

/// Where a command's help starts, so that a long one wraps under itself.
const HANGING: &str = "                         ";

/// `help`: every command from the one command table, grouped, and how moves are written.
pub fn help(palette: Palette) -> String {
    let mut text = String::new();
    for group in Group::ALL {
        let _ = writeln!(text, "{}", palette.paint(group.heading(), Role::Heading));
        if group == Group::Play {
            let _ = writeln!(text, "  {:<22} play N games against MENACE", "N (a number)");
            let _ = writeln!(
                text,
                "  {:<22} on your turn, in the game's notation (below)",
                "a move"
            );
        }
        for command in COMMANDS.iter().filter(|command| command.group == group) {
            // A long help wraps under itself, not under the command.
            let line = format!("  {:<22} {}", command.usage, command.help);
            let options = crate::repl::text::words(79).subsequent_indent(HANGING);
            let _ = writeln!(text, "{}", textwrap::fill(&line, options));
        }
    }
    text.push('\n');
    let _ = writeln!(text, "{}", palette.paint("Opponents (NAME)", Role::Heading));
    // One line per row of the players' table, wrapped under itself like a command's.
    for (usage, about) in crate::players::help_lines() {
        let line = format!("  {usage:<22} {about}");
        let options = crate::repl::text::words(79).subsequent_indent(HANGING);
        let _ = writeln!(text, "{}", textwrap::fill(&line, options));
    }
    let every = crate::players::in_every_game();
    let line = format!(
        "  (in every game: {}; the others where their line says)",
        every.join(", ")
    );
    let options = crate::repl::text::words(79).subsequent_indent("   ");
    let _ = writeln!(text, "{}", textwrap::fill(&line, options));
    text.push('\n');
    let _ = writeln!(text, "{}", palette.paint("Moves", Role::Heading));
    text.push_str(
        "  LL | LM | LR     first letter: the row    (L top, M middle, R bottom)\n  ---+----+---     second letter: the column (L left, M middle, R right)\n  ML | MM | MR\n  ---+----+---     MM is the centre, LL the top-left corner,\n  RL | RM | RR     RR the bottom-right corner. Lower case works too.\n",
    );
    let _ = writeln!(text, "  Other games (variants lists them):");
    for entry in crate::registry::GAMES.iter().skip(2) {
        let line = format!("{}: {}", entry.declaration.name, entry.declaration.notation);
        let options = crate::repl::text::words(78)
            .initial_indent("    ")
            .subsequent_indent("      ");
        let _ = writeln!(text, "{}", textwrap::fill(&line, options));
    }
    text
}

/// The greeting printed when the console starts.
pub fn welcome(session: &crate::app::Session, seed_given: bool, palette: Palette) -> String {
    let settings = session.settings();
    let mut text = format!(
        "{}\n",
        palette.paint(
            "MENACE, the Machine Educable Noughts And Crosses Engine (Donald Michie, 1961)",
            Role::Heading
        )
    );
    // Described from the session, which `--load` may have put in another game or side.
    let you = session.your_side();
    let menace_side = you.opponent();
    let first = if menace_side == crate::game::Player::X {
        " and moves first"
    } else {
        ""
    };
    match session.learner() {
        Some(learner) if learner.box_limit().is_none() => {
            let _ = writeln!(
                text,
                "{} matchboxes full of beads. MENACE plays {menace_side}{first}; you play {you}.",
                learner.box_count()
            );
        }
        Some(learner) => {
            let sentence = format!(
                "Playing {}: MENACE plays {menace_side}{first}, you play {you}. It makes a box for each position the first time it meets one ({} so far).",
                crate::repl::text::title_shown(&session.game_title()),
                learner.box_count()
            );
            let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
        }
        None => {
            let _ = writeln!(
                text,
                "Playing {}: you play {you}.",
                crate::repl::text::title_shown(&session.game_title())
            );
        }
    }
    let preset = session
        .learner()
        .map_or(settings.preset, |learner| learner.preset());
    let _ = writeln!(text, "{}", preset.describe());
    if let Some(learner) = session.learner()
        && learner.record().games() > 0
    {
        let record = learner.record();
        let _ = writeln!(
            text,
            "This MENACE has learned from {} (won {}, drawn {}, lost {}).",
            super::render::plural(record.games(), "game", "games"),
            record.won,
            record.drawn,
            record.lost
        );
    }
    let shown = if settings.show_pictures {
        "draws it beside the board"
    } else {
        "says"
    };
    let sentence = format!(
        "Each MENACE move names its box and {shown}: how the board is that box's picture turned or mirrored, the bead it drew (from how many) and where that puts {menace_side}."
    );
    let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
    if settings.rules.misere {
        let _ = writeln!(
            text,
            "Misère rules: whoever completes three in a row loses."
        );
    }
    if preset.empty_box == EmptyBox::Resign {
        let _ = writeln!(
            text,
            "(Under these rules MENACE resigns when a box runs empty.)"
        );
    }
    if !seed_given {
        let _ = writeln!(
            text,
            "Random seed {}.\nmenace --seed {} replays this session.",
            settings.seed, settings.seed
        );
    }
    let _ = writeln!(
        text,
        "Type a number to play that many games, or help for every command.\nNew here? Type lesson 1 for the guided course (lessons lists them all)."
    );
    text
}

/// The figures of `menace bench`.
pub fn bench(report: &crate::bench::BenchReport) -> String {
    format!(
        "menace bench: medians of {} runs, {} training games each, one thread\n  training vs random:   {:>12.0} games/s\n  training vs perfect:  {:>12.0} games/s\n  full minimax solve of the empty board: {:.2} ms\n  (perfect-play table, filled once before: {:.2} ms)\n  Silverman 4x4, MENACE as X:\n  training vs random:   {:>12.0} games/s\n  training vs perfect:  {:>12.0} games/s\n  (every position valued once before: {:.0} ms)\n  The other learners as X, noughts and crosses:\n  td vs random:         {:>12.0} games/s\n  qlearn vs random:     {:>12.0} games/s",
        report.repeats,
        report.games,
        report.random_games_per_second,
        report.perfect_games_per_second,
        report.solve.as_secs_f64() * 1000.0,
        report.perfect_table.as_secs_f64() * 1000.0,
        report.silverman_random_games_per_second,
        report.silverman_perfect_games_per_second,
        report.silverman_perfect_table.as_secs_f64() * 1000.0,
        report.td_random_games_per_second,
        report.qlearn_random_games_per_second,
    )
}

/// `menace bench --ultimate`: each run's random playouts a second (the game's own, the
/// plain bit-board yardstick's, the listing yardstick's) and the medians.
pub fn bench_ultimate(
    runs: &[crate::bench::UltimatePlayouts],
    medians: &crate::bench::UltimatePlayouts,
) -> String {
    let row = |label: &str, run: &crate::bench::UltimatePlayouts| {
        format!(
            "  {label:<8} {:>10.0} {:>10.0} {:>6.2} {:>10.0} {:>6.2}\n",
            run.own,
            run.plain,
            run.own / run.plain,
            run.listing,
            run.own / run.listing,
        )
    };
    let mut text = String::from(
        "ultimate random playouts from the empty board, games/s (same games, one run):\n  \
         run             own      plain  ratio    listing  ratio\n",
    );
    for (index, run) in runs.iter().enumerate() {
        text += &row(&format!("{}", index + 1), run);
    }
    text += &row("median", medians);
    text.trim_end().to_string()
}

/// The variant figures of `menace bench`.
pub fn bench_variants(report: &crate::bench::VariantBench) -> String {
    format!(
        "variants (medians):\n  alpha-beta, 3x3x3 cube:   {:>12.0} positions/s\n  alpha-beta, gravity 8x8:  {:>12.0} positions/s\n  MCTS, 3x3x3 cube:         {:>12.0} playouts/s\n  MCTS, gravity 8x8:        {:>12.0} playouts/s\n  Silverman 4x4 solved from the empty board in {:.0} ms ({} positions)\n  random playouts, empty ultimate board: {:>8.0} games/s\n    ({:.2} times a plain bit-board playout: {:.0} games/s)\n  policy playouts, empty ultimate board: {:>8.0} games/s\n  MCTS (tree, policy, solver), ultimate: {:>8.0} playouts/s\n  random playouts, empty strategic board:{:>8.0} games/s\n  Qubic canonical form over its 192 maps, per position:\n    {:.0} ns by the Qubic article's byte tables, {:.0} ns bit by bit,\n    {:.0} ns by delta swaps\n  Qubic threat-space search: {:>12.0} positions/s\n  Qubic proof (X 0 15 60, O 3 25 63): {:.0} ms deepening, {:.0} ms by proof numbers,\n    {:.0} ms by df-pn on symmetric keys\n  Qubic perfect as X, {} moves against random and alpha-beta: {:.0} µs a\n    move, slowest {:.0} µs (made and first move, the book read: {:.1} ms)\n  gomoku 15x15, the attack bot: {:.3} ms a move\n  gomoku threats bot:        {:>12.0} positions/s",
        report.cube_nodes_per_second,
        report.gravity_nodes_per_second,
        report.cube_playouts_per_second,
        report.gravity_playouts_per_second,
        report.silverman_solve.as_secs_f64() * 1000.0,
        report.silverman_nodes,
        report.ultimate_random_playouts_per_second,
        report.ultimate_random_playouts_per_second / report.ultimate_plain_playouts_per_second,
        report.ultimate_plain_playouts_per_second,
        report.ultimate_policy_playouts_per_second,
        report.ultimate_mcts_playouts_per_second,
        report.strategic_random_playouts_per_second,
        report.qubic_canonical_ns_tables,
        report.qubic_canonical_ns_bits,
        report.qubic_canonical_ns_delta_swaps,
        report.qubic_threat_nodes_per_second,
        report.qubic_proof_deepening.as_secs_f64() * 1000.0,
        report.qubic_proof_numbers.as_secs_f64() * 1000.0,
        report.qubic_proof_dfpn.as_secs_f64() * 1000.0,
        report.qubic_perfect.moves,
        report.qubic_perfect.mean.as_secs_f64() * 1e6,
        report.qubic_perfect.slowest.as_secs_f64() * 1e6,
        report.qubic_perfect.first.as_secs_f64() * 1000.0,
        report.gomoku_attack_move.as_secs_f64() * 1000.0,
        report.gomoku_threat_nodes_per_second,
    )
}

/// What `menace bench --save` measured, within 80 columns.
pub fn bench_save(report: &crate::bench::SaveBench) -> String {
    let megabytes = |bytes: Option<u64>| {
        bytes.map_or_else(|| "unknown".into(), |b| format!("{:.0} MB", b as f64 / 1e6))
    };
    format!(
        "save and load, {} ({} games against random, {} boxes):\n  trained in {:.1} s\n  saved in {:.2} s, format {}, {:.1} MB\n  loaded in {:.2} s, {}\n  memory: the learner {}, the load at most {} more",
        report.game,
        report.games,
        report.boxes,
        report.train.as_secs_f64(),
        report.save.as_secs_f64(),
        report.format,
        report.bytes as f64 / 1e6,
        report.load.as_secs_f64(),
        if report.same {
            "the same boxes, beads and record"
        } else {
            "NOT the same boxes"
        },
        megabytes(report.learner_bytes),
        megabytes(report.load_peak_bytes),
    )
}

/// One position of `menace replay`, wrapped to 80 columns.
pub fn replay_step(step: &crate::registry::replay::ReplayStep) -> String {
    let heading = match &step.mv {
        None => "start".to_string(),
        Some(mv) => format!("{}. {mv}", step.ply),
    };
    let note = step
        .note
        .as_ref()
        .map_or(String::new(), |note| format!(". {note}"));
    let state = match (&step.outcome, &step.to_move) {
        (Some(draw), _) if draw == "draw" => format!("game over: a draw{note}"),
        (Some(winner), _) => format!("game over: {winner} wins{note}"),
        (None, Some(player)) => format!(
            "{player} to move; legal ({}): {}",
            step.legal.len(),
            step.legal.join(" ")
        ),
        (None, None) => String::new(),
    };
    let options = crate::repl::text::words(78)
        .initial_indent("  ")
        .subsequent_indent("    ");
    format!(
        "{}\n{}\n",
        picture_lines(&heading, &step.picture),
        textwrap::fill(&state, options)
    )
}

/// `heading` and a picture on one line when they fit 80 columns; otherwise the picture
/// below, broken after a `/` or `,` (rows and moves stay whole; joined again, the lines
/// give the picture).
fn picture_lines(heading: &str, picture: &str) -> String {
    if heading.len() + 2 + picture.len() <= 80 {
        return format!("{heading}  {picture}");
    }
    let mut lines = vec![heading.to_string()];
    let mut line = String::from("   ");
    for piece in picture.split_inclusive(['/', ',']) {
        if line.len() > 3 && line.len() + piece.len() > 79 {
            lines.push(std::mem::replace(&mut line, String::from("   ")));
        }
        line.push_str(piece);
    }
    lines.push(line);
    lines.join("\n")
}

/// What `menace boxes` counted.
pub fn box_count(
    title: &str,
    side: crate::game::Player,
    counted: &Result<Vec<(usize, usize)>, crate::menace::generic::count::NotCounted>,
    millis: u128,
) -> String {
    use crate::menace::generic::count::NotCounted;
    use crate::text::grouped;
    match counted {
        Ok(plies) => {
            let total: usize = plies.iter().map(|(_, count)| count).sum();
            let mut text = crate::repl::text::fill(
                &format!(
                    "{title}, MENACE playing {side}: {} boxes ({} ms)",
                    grouped(total as u64),
                    grouped(millis as u64)
                ),
                79,
            ) + "\n";
            for (ply, count) in plies {
                let _ = writeln!(text, "  ply {ply:>2}: {:>11}", grouped(*count as u64));
            }
            text
        }
        Err(NotCounted::Limit(limit)) => {
            crate::repl::text::fill(
                &format!(
                    "{title}, MENACE playing {side}: more than {} boxes (counting stopped there, {} ms; --limit N counts further)",
                    grouped(*limit as u64),
                    grouped(millis as u64)
                ),
                79,
            ) + "\n"
        }
        Err(why) => {
            crate::repl::text::fill(&format!("{title}, MENACE playing {side}: {why}."), 79) + "\n"
        }
    }
}

/// The learning experiment in one game.
pub fn game_experiment(experiment: &crate::play::GameExperiment, seconds: Option<u64>) -> String {
    use crate::menace::GameResult;
    use crate::play::{Aim, RunOutcome, Stretch};
    use crate::text::grouped;
    let runs = &experiment.runs;
    let goal = experiment.goal;
    let learner = &experiment.learner;
    let is_menace = learner.row.kind == crate::learners::Kind::Menace;
    let (name, rules) = if is_menace {
        ("MENACE".to_string(), experiment.preset.spec())
    } else {
        (
            learner.row.name.to_string(),
            crate::learners::params_text(&learner.params),
        )
    };
    let heading = format!(
        "{}: {name} as {} ({rules}) against {}, {}, at most {} games each{}",
        experiment.title,
        experiment.side,
        experiment.vs,
        crate::repl::render::plural(experiment.seeds, "seed", "seeds"),
        grouped(experiment.limit),
        seconds.map_or(String::new(), |seconds| format!(" ({seconds} s)"))
    );
    let mut text = format!("{}\n", crate::repl::text::fill(&heading, 79));
    let side = experiment.side;
    let aim = match goal.aim {
        Aim::Win => "wins",
        Aim::NotLose => "draws or wins",
    };
    let why = match goal.value {
        Some(GameResult::Won) => format!("{side} wins with best play, so {name} aims to win"),
        Some(GameResult::Drew) => {
            format!("The game is a draw with best play, so {name} aims not to lose")
        }
        Some(GameResult::Lost) => format!(
            "{side} loses with best play; {name} aims not to lose, which only a weaker opponent allows"
        ),
        None => format!("The game's value is not known here; {name} aims not to lose"),
    };
    let goal_line = format!(
        "{why}: the goal is {} {aim} in {} games in a row.",
        grouped(goal.needed),
        grouped(goal.window)
    );
    let indented = crate::repl::text::words(79)
        .initial_indent("  ")
        .subsequent_indent("  ");
    let _ = writeln!(text, "{}", textwrap::fill(&goal_line, indented));
    if (runs.len() as u64) < experiment.seeds {
        let _ = writeln!(
            text,
            "Stopped by Ctrl-C: {} of the {} runs asked for were finished.",
            runs.len(),
            experiment.seeds
        );
        if runs.is_empty() {
            return text;
        }
    }
    let reached = runs
        .iter()
        .filter(|run| matches!(run.outcome, RunOutcome::Reached(_)))
        .count();
    let _ = writeln!(
        text,
        "  reached the goal: {reached} of {} runs{}",
        runs.len(),
        experiment
            .median_reached()
            .map_or_else(String::new, |games| format!(
                ", after a median of {} games",
                grouped(games)
            ))
    );
    if let Some(share) = experiment.median_short_per_mille() {
        let short = runs.len() - reached;
        let _ = writeln!(
            text,
            "  short of it: {short} {}; median {:.1}% {aim} in their last {} games",
            if short == 1 { "run" } else { "runs" },
            share as f64 / 10.0,
            grouped(goal.window)
        );
    }
    let full = runs
        .iter()
        .filter(|run| run.outcome == RunOutcome::Unfinished && run.games < experiment.limit)
        .count();
    if full > 0 {
        let _ = writeln!(
            text,
            "  {full} of {} runs stopped early: MENACE filled all the boxes it may have",
            runs.len()
        );
    }
    if let Some(boxes) = experiment.median_boxes() {
        let what = if is_menace {
            "boxes made (positions met)".to_string()
        } else {
            format!("{} valued", learner.row.entries.1)
        };
        let _ = writeln!(text, "  {what}: median {}", grouped(boxes as u64));
    }
    let mean = |pick: fn(&crate::play::GameRun) -> Stretch| {
        let count = runs.len().max(1) as f64;
        let share = |part: fn(&Stretch) -> u64| {
            runs.iter()
                .map(|run| 100.0 * part(&pick(run)) as f64 / pick(run).games.max(1) as f64)
                .sum::<f64>()
                / count
        };
        let length = runs.iter().map(|run| pick(run).mean_moves).sum::<f64>() / count;
        (
            share(|stretch| stretch.at_aim),
            share(|stretch| stretch.lost),
            length,
        )
    };
    for (label, pick) in [
        (
            "first",
            (|run| run.first) as fn(&crate::play::GameRun) -> Stretch,
        ),
        ("last", |run| run.last),
    ] {
        let (at_aim, lost, length) = mean(pick);
        let won = match goal.aim {
            Aim::Win => format!("{at_aim:.1}% won, "),
            Aim::NotLose => String::new(),
        };
        let _ = writeln!(
            text,
            "  {label} {} games:{} {won}{lost:.1}% lost, {length:.1} moves a game on average",
            grouped(goal.window),
            if label == "last" { " " } else { "" }
        );
    }
    if let Some(at_end) = experiment.median_greedy_last_per_mille() {
        text.push_str(&greedy_lines(experiment, &name, aim, at_end));
    }
    text
}

/// What a learner that explores learned: its own games count its random moves, so a
/// copy with exploration off is measured along the way and at the end.
fn greedy_lines(
    experiment: &crate::play::GameExperiment,
    name: &str,
    aim: &str,
    at_end: u64,
) -> String {
    use crate::text::grouped;
    let runs = &experiment.runs;
    let window = grouped(experiment.goal.window);
    let explain = format!(
        "The figures above count {name}'s exploring moves. With exploration off and \
         nothing learned, {window} games against the opponent, checked every 100 games \
         to 10,000, then every tenth of the power of ten below:"
    );
    let indented = crate::repl::text::words(79)
        .initial_indent("  ")
        .subsequent_indent("  ");
    let reached = runs
        .iter()
        .filter(|run| run.greedy.is_some_and(|greedy| greedy.reached.is_some()))
        .count();
    format!(
        "{}\n  greedy play reached the goal: {reached} of {} runs{}\n  \
         greedy play at the end: median {:.1}% {aim}\n",
        textwrap::fill(&explain, indented),
        runs.len(),
        experiment
            .median_greedy_reached()
            .map_or_else(String::new, |games| format!(
                ", after a median of {} games",
                grouped(games)
            )),
        at_end as f64 / 10.0
    )
}

/// The results of `menace duel`, from the first AI's side.
pub fn duel(report: &crate::app::duel::Duel, seconds: f64) -> String {
    let line = |side: &str, score: &crate::app::duel::Score| {
        let games = score.won + score.drawn + score.lost;
        let percent = |n: u32| 100.0 * f64::from(n) / f64::from(games.max(1));
        format!(
            "  as {side}: {} won ({:.1}%), {} drawn, {} lost ({:.1}%)\n",
            score.won,
            percent(score.won),
            score.drawn,
            score.lost,
            percent(score.lost)
        )
    };
    let heading = format!(
        "{}: {} against {}, {} on each side\n  {:.1} moves a game, {seconds:.0} s",
        report.title,
        report.first,
        report.second,
        crate::repl::render::plural(
            u64::from(report.as_x.won + report.as_x.drawn + report.as_x.lost),
            "game",
            "games"
        ),
        report.mean_length
    );
    let all = crate::app::duel::Score {
        won: report.as_x.won + report.as_o.won,
        drawn: report.as_x.drawn + report.as_o.drawn,
        lost: report.as_x.lost + report.as_o.lost,
    };
    format!(
        "{}\n{}{}{}",
        crate::repl::text::fill(&heading, 79),
        line("X", &report.as_x),
        line("O", &report.as_o),
        line("both", &all).replace("as both", "in all")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_fits_80_columns_before_any_safety_net() {
        let text = help(Palette::PLAIN);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        // A wrapped help line hangs under its help, not under the command.
        let train = text
            .lines()
            .position(|line| line.contains("train N"))
            .unwrap();
        let next = text.lines().nth(train + 1).unwrap();
        if !next.starts_with("  vs") && !next.starts_with("Games") {
            assert!(next.starts_with(HANGING), "{next}");
        }
        for command in COMMANDS {
            assert!(text.contains(command.usage), "{} is in help", command.name);
        }
    }
}
