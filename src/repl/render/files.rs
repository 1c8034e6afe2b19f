//! The files written and read: saves, loads, learning curves, the page of boxes and
//! the matchbox labels.

use super::{filled_sentence, grouped, plural};
use crate::app::Event;
use crate::menace::save::shown_path;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event) -> String {
    match event {
        Event::Saved { path, other: None } => {
            format!("Saved MENACE's boxes to {}.\n", shown_path(path))
        }
        Event::Saved {
            path,
            other: Some(name),
        } => format!("Saved {name}'s values to {}.\n", shown_path(path)),
        Event::Loaded {
            path,
            title,
            side,
            preset,
            record,
            other,
        } => {
            let (name, rules) = match other {
                Some((name, params)) => (name.to_string(), crate::learners::params_text(params)),
                None => ("MENACE".to_string(), format!("preset {}", preset.spec())),
            };
            let sentence = format!(
                "{name} for {title}, playing {side}: {rules}, learned from {} ({} won, {} drawn, {} lost).",
                plural(record.games(), "game", "games"),
                grouped(record.won),
                grouped(record.drawn),
                grouped(record.lost)
            );
            format!(
                "Loaded {}.\n{}\n",
                shown_path(path),
                crate::repl::text::fill(&sentence, 79)
            )
        }
        Event::CurveWritten(path) => {
            format!("Wrote the learning curve to {} (CSV).\n", shown_path(path))
        }
        Event::ChartWritten { path, learners } if learners.len() > 1 => {
            let names: Vec<&str> = learners
                .iter()
                .map(|name| crate::pictures::compare::shown_name(name))
                .collect();
            let sentence = format!(
                "Drew the learning curves of {} (their last runs against the same opponent, of as many games) to {} (SVG: open it in a browser).",
                names.join(", "),
                shown_path(path)
            );
            filled_sentence(&sentence)
        }
        Event::ChartWritten { path, .. } => {
            let sentence = format!(
                "Drew the learning curve to {} (SVG: open it in a browser).",
                shown_path(path)
            );
            filled_sentence(&sentence)
        }
        Event::LabelsWritten {
            path,
            boxes,
            sheets,
        } => {
            crate::repl::text::fill(
                &format!(
                    "Wrote {} on {} to {} (HTML: open it in a browser and print it, on A4 or Letter; cut along the dashes).",
                    plural(*boxes as u64, "label", "labels"),
                    plural(*sheets as u64, "sheet", "sheets"),
                    shown_path(path)
                ),
                80,
            ) + "\n"
        }
        Event::PageWritten { path, boxes, curve } => {
            let sentence = format!(
                "Wrote {} to {}{} (HTML: open it in a browser).",
                plural(*boxes as u64, "box", "boxes"),
                shown_path(path),
                if *curve {
                    ", with the last learning curve"
                } else {
                    ""
                }
            );
            filled_sentence(&sentence)
        }
        other => unreachable!("{other:?} is drawn by another group"),
    }
}
