//! Training runs, experiments and statistics in words: the table and curve of a run,
//! `stats`, and the classic experiment's table.

use super::{fill, title_shown};
use crate::game::Player;
use crate::play::{Experiment, RunOutcome, TrainingReport};
use crate::repl::render::{grouped, plural};
use std::fmt::Write;

/// " (box 3)" where the first box is not box 1 of the listing (MENACE moves second, so
/// its first box follows an opening), so that the figure can be found with `box N`.
fn first_box_name(number: Option<usize>) -> String {
    number
        .filter(|number| *number != 1)
        .map_or(String::new(), |number| format!(" (box {number})"))
}

/// `stats`.
pub fn stats(view: &crate::app::Stats) -> String {
    let crate::app::Stats {
        title,
        side,
        record,
        preset,
        first_box,
        first_box_number,
        all_beads,
        boxes,
        limit,
        unsaved,
        unsaved_elsewhere,
        other,
    } = view;
    let (side, unsaved, elsewhere) = (*side, *unsaved, *unsaved_elsewhere);
    let games = record.games();
    let percent = |n: u64| {
        if games == 0 {
            String::new()
        } else {
            format!(" ({:.0}%)", 100.0 * n as f64 / games as f64)
        }
    };
    let mut text = String::new();
    let name = other.as_ref().map_or("MENACE", |other| other.name);
    if let Some(other) = other {
        let line = format!(
            "{name} for {}, playing {side} ({}):",
            title_shown(title),
            crate::learners::params_text(&other.params)
        );
        let _ = writeln!(text, "{}", fill(&line, 79));
    } else if title != "classic" || side != Player::X {
        let _ = writeln!(text, "MENACE for {title}, playing {side}:");
    }
    let _ = writeln!(text, "{}", plural(games, "game", "games"));
    let (wins, lost) = (format!("{name} wins:"), format!("{name} lost:"));
    let width = wins.len().max(lost.len());
    let _ = writeln!(
        text,
        "  {wins:<width$} {}{}",
        grouped(record.won),
        percent(record.won)
    );
    let _ = writeln!(
        text,
        "  {:<width$} {}{}",
        "draws:",
        grouped(record.drawn),
        percent(record.drawn)
    );
    let _ = writeln!(
        text,
        "  {lost:<width$} {}{}",
        grouped(record.lost),
        percent(record.lost)
    );
    if let Some(other) = other {
        let (_, entries) = crate::learners::row_or_menace(other.name).entries;
        let _ = writeln!(text, "{entries} valued: {}", grouped(other.entries as u64));
        text.push_str(&unsaved_lines(unsaved, elsewhere));
        return text;
    }
    let _ = writeln!(text, "{}", preset.describe());
    let (all_beads, boxes) = (grouped(*all_beads), grouped(*boxes as u64));
    let _ = match first_box {
        Some(first_box) => writeln!(
            text,
            "beads: {} in the first box{}, {all_beads} in all {boxes} boxes",
            grouped(*first_box),
            first_box_name(*first_box_number)
        ),
        None => writeln!(text, "beads: {all_beads} in all {boxes} boxes"),
    };
    if let Some(limit) = limit {
        let _ = writeln!(
            text,
            "boxes are made as positions are first met: {boxes} so far, at most {}",
            grouped(*limit as u64)
        );
    }
    text.push_str(&unsaved_lines(unsaved, elsewhere));
    text
}

/// The games not saved: this learner's (which `save` keeps), then the others'.
fn unsaved_lines(unsaved: u64, elsewhere: u64) -> String {
    let mut text = String::new();
    if unsaved > 0 {
        let _ = writeln!(
            text,
            "{} since the last save (type save to keep them)",
            plural(unsaved, "game", "games")
        );
    }
    if elsewhere > 0 {
        let _ = writeln!(
            text,
            "{} not saved by other learners (other games, sides or kinds)",
            plural(elsewhere, "game", "games")
        );
    }
    text
}

/// `plural` with the count's thousands marked.
fn plural_grouped(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(count), if count == 1 { one } else { many })
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        format!("{:>6}", "-")
    } else {
        format!("{:5.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The summary table and the learning curve of a training run.
pub fn training(report: &TrainingReport) -> String {
    let mut text = format!(
        "Trained {} against {}.\n",
        plural(report.overall.games(), "game", "games"),
        report.opponent
    );
    let menace = report.learner == crate::learners::MENACE.name;
    let name = if menace { "MENACE" } else { report.learner };
    if report.stopped {
        let sentence = format!(
            "Stopped by Ctrl-C after {} of the {} asked for; {name} keeps what it learned from them.",
            grouped(report.overall.games()),
            plural_grouped(report.asked, "game", "games")
        );
        let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
    }
    if let Some(games) = report.refused_after {
        let _ = writeln!(
            text,
            "MENACE stopped after {}: its first box ran empty, so it refuses to play.",
            plural(games, "game", "games")
        );
    }
    let _ = writeln!(
        text,
        "                 games {:>16} {:>16} {:>16}",
        format!("{name} won"),
        "drawn",
        "lost"
    );
    for (label, record) in [("all", report.overall), ("last 10%", report.last_tenth)] {
        if record.games() == 0 && label != "all" {
            // A run stopped before its last tenth.
            continue;
        }
        text.push_str(&record_row(label, record));
    }
    if let Some(greedy) = report.greedy {
        let games = greedy.games();
        text.push_str(&record_row("greedy", greedy));
        let _ = writeln!(
            text,
            "{}",
            fill(
                &format!(
                    "greedy: {} more games after the run with exploration off and nothing learned: what {name} has learned. The rows above include its random moves.",
                    grouped(games)
                ),
                79
            )
        );
    }
    let window = report.curve.first().map_or(0, |point| point.window_games());
    let (_, entries) = crate::learners::row_or_menace(report.learner).entries;
    let valued = format!("{entries} valued");
    if report.curve.len() > 1 {
        let _ = writeln!(
            text,
            "Learning curve, {} a row: W won, D drawn, L lost; {}.",
            plural(window, "game", "games"),
            if menace { "first box: beads" } else { &valued }
        );
        if let Some(number) = report.first_box_number.filter(|number| *number != 1) {
            let _ = writeln!(
                text,
                "MENACE moves second: the first box is box {number}, met after an opening."
            );
        }
        let column = if menace { "first box" } else { entries };
        let _ = writeln!(text, "       games  {:<40}  {column}", "results");
        for point in &report.curve {
            let total = point.window_games().max(1);
            let won = ((40 * point.won + total / 2) / total).min(40) as usize;
            let won_or_drawn = ((40 * (point.won + point.drawn) + total / 2) / total)
                .clamp(won as u64, 40) as usize;
            let bar = format!(
                "{}{}{}",
                "W".repeat(won),
                "D".repeat(won_or_drawn - won),
                "L".repeat(40 - won_or_drawn)
            );
            let _ = writeln!(
                text,
                "  {:>10}  {bar}  {:>9}",
                grouped(point.games),
                grouped(point.first_box)
            );
        }
    }
    text
}

/// One row of a training table: its label, the games, and each result with its share.
fn record_row(label: &str, record: crate::menace::Record) -> String {
    let games = record.games();
    format!(
        "  {label:<9} {:>10} {:>9} {} {:>9} {} {:>9} {}\n",
        grouped(games),
        grouped(record.won),
        percent(record.won, games),
        grouped(record.drawn),
        percent(record.drawn, games),
        grouped(record.lost),
        percent(record.lost, games)
    )
}

/// The learning experiment's table.
pub fn experiments(runs: &[Experiment], seeds: u64) -> String {
    let mut text = format!(
        "Games MENACE needs against perfect until it loses none of the next {}\n({} per preset; median over the runs that got there):\n",
        crate::play::SAFE_STREAK,
        plural(seeds, "seed", "seeds")
    );
    if runs.iter().any(|run| run.runs.len() as u64 != seeds) {
        text.push_str("Stopped early: each preset counts the runs it finished.\n");
    }
    let _ = writeln!(
        text,
        "  {:<30} {:>7} {:>8} {:>10} {:>10}",
        "preset", "median", "reached", "refused", "unfinished"
    );
    for experiment in runs {
        let reached = experiment.count(|run| matches!(run, RunOutcome::Reached(_)));
        let refused = experiment.count(|run| matches!(run, RunOutcome::Refused(_)));
        let unfinished = experiment.count(|run| matches!(run, RunOutcome::Unfinished));
        let median = experiment
            .median_safe()
            .map_or_else(|| "-".to_string(), grouped);
        let _ = writeln!(
            text,
            "  {:<30} {median:>7} {:>8} {:>10} {:>10}",
            experiment.preset.spec(),
            format!("{reached}/{}", experiment.runs.len()),
            grouped(refused as u64),
            grouped(unfinished as u64)
        );
    }
    let _ = writeln!(
        text,
        "refused: the first box ran empty and MENACE would not play on (resign rule);\nunfinished: still losing after {} games.",
        grouped(crate::play::EXPERIMENT_LIMIT)
    );
    text
}
