//! The learners: which one plays you (`learner`), the table of learners with their
//! parameters, and what a learner of another kind than MENACE learned from a game.

use super::plural;
use crate::app::Event;
use crate::app::event::LearnerFacts;
use crate::learners::{LEARNERS, params_text};
use crate::menace::GameResult;
use crate::repl::text::{fill, title_shown};
use crate::text::grouped;
use std::fmt::Write;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event, palette: super::Palette) -> String {
    match event {
        Event::LearnerView {
            name,
            side,
            picture,
            view,
            labels,
            values,
        } => {
            let mut text = fill(
                &format!(
                    "{name}'s values for {side} to move in {picture}: each move's number is {} (0.5 where nothing is learned yet).",
                    crate::learners::row_or_menace(name).value_of
                ),
                79,
            );
            text.push('\n');
            match labels {
                Some(labels) => {
                    text.push_str(&crate::repl::board::draw(view, &[], labels, palette))
                }
                None => {
                    let listed: Vec<String> = values
                        .iter()
                        .map(|(name, value)| format!("{name} {value:.3}"))
                        .collect();
                    text.push_str(&crate::repl::board::draw(view, &[], &[], palette));
                    let _ = writeln!(text, "{}", fill(&listed.join(", "), 79));
                }
            }
            let best = values
                .iter()
                .map(|(_, value)| *value)
                .fold(f64::NEG_INFINITY, f64::max);
            let best_moves: Vec<&str> = values
                .iter()
                .filter(|(_, value)| *value == best)
                .map(|(name, _)| name.as_str())
                .collect();
            let choice = match best_moves.as_slice() {
                [one] => format!("{name} would play {one} ({best:.3})"),
                many => format!(
                    "{name} would play one of {} ({best:.3} each), drawn at random",
                    many.join(", ")
                ),
            };
            // Values that read the same at three places but are lower: said, so that the
            // choice does not look like a tie broken the wrong way.
            let shown = |value: f64| format!("{value:.3}");
            let close = values
                .iter()
                .filter(|(_, value)| *value != best && shown(*value) == shown(best))
                .count();
            let close = match close {
                0 => String::new(),
                1 => format!(" One other move reads {best:.3} but is a little lower."),
                _ => format!(" {close} other moves read {best:.3} but are a little lower."),
            };
            let _ = writeln!(
                text,
                "{}",
                fill(
                    &format!(
                        "{choice}, unless it explores (a random move, at chance epsilon).{close}"
                    ),
                    79
                )
            );
            text
        }
        Event::Learners(in_play) => learners(in_play.as_ref()),
        Event::LearnerChosen {
            facts,
            fresh,
            aside,
        } => chosen(facts, *fresh, aside),
        Event::LearnerLearned {
            name,
            result,
            entries,
        } => {
            let end = match result {
                GameResult::Won => "its win",
                GameResult::Drew => "the draw",
                GameResult::Lost => "its loss",
            };
            let (one, many) = crate::learners::row_or_menace(name).entries;
            format!(
                "{name} learns from {end}: it now values {}.\n",
                plural(*entries as u64, one, many)
            )
        }
        other => unreachable!("{other:?} is drawn by another group"),
    }
}

/// A learner's name with its parameters: `td (alpha 0.1, epsilon 0.1, draw 0)`.
fn named(facts: &LearnerFacts) -> String {
    let name = if facts.name == crate::learners::MENACE.name {
        "MENACE".to_string()
    } else {
        facts.name.to_string()
    };
    if facts.params.is_empty() {
        name
    } else {
        format!("{name} ({})", params_text(&facts.params))
    }
}

/// What it learned so far, in a few words.
fn learned_so_far(facts: &LearnerFacts) -> String {
    let games = plural(facts.games, "game", "games");
    if facts.name == crate::learners::MENACE.name {
        format!("{games}, {}", plural(facts.entries as u64, "box", "boxes"))
    } else {
        let (one, many) = crate::learners::row_or_menace(facts.name).entries;
        format!(
            "{games}, {} valued",
            plural(facts.entries as u64, one, many)
        )
    }
}

fn learners(in_play: Option<&LearnerFacts>) -> String {
    let mut text = String::new();
    if let Some(facts) = in_play {
        let line = format!(
            "{} plays {} in {}: {}.",
            named(facts),
            facts.side,
            title_shown(&facts.title),
            learned_so_far(facts)
        );
        let _ = writeln!(text, "{}", fill(&line, 79));
    }
    let _ = writeln!(
        text,
        "The learners (learner NAME [PARAM VALUE]... puts one in play):"
    );
    for row in LEARNERS {
        let _ = writeln!(text, "  {:<8}{}", row.name, row.about);
        for param in row.params {
            let default = format!("{} {}", param.name, grouped_default(param.default));
            let _ = writeln!(text, "    {default:<13}{}", param.help);
        }
    }
    text
}

/// A default as the command takes it: `0.1`, `0`.
fn grouped_default(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        grouped(value as u64)
    } else {
        value.to_string()
    }
}

fn chosen(facts: &LearnerFacts, fresh: bool, aside: &[LearnerFacts]) -> String {
    let mut text = String::new();
    let how = if fresh {
        "a fresh one, which has learned nothing yet".to_string()
    } else {
        format!("it has learned from {}", learned_so_far(facts))
    };
    let line = format!(
        "{} now plays {} in {}: {how}.",
        named(facts),
        facts.side,
        title_shown(&facts.title),
    );
    let _ = writeln!(text, "{}", fill(&line, 79));
    for other in aside {
        let line = format!(
            "{} is put aside with {}: learner {} brings it back.",
            named(other),
            learned_so_far(other),
            other.name
        );
        let _ = writeln!(text, "{}", fill(&line, 79));
    }
    text
}
