//! The console's own words: help, the glossary, refusals, the questions that guard
//! work, Ctrl-C and goodbye.

use super::question::question;
use super::{Palette, Role, plural};
use crate::app::Event;
use crate::repl::help::help;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::Interrupted => interrupted(),
        Event::Help => help(palette),
        Event::Question(asked) => question(asked),
        Event::Kept { dropped: None } => "Nothing changed.\n".into(),
        Event::Kept {
            dropped: Some(line),
        } => crate::repl::text::fill(
            &hold_quotes(&format!(
                "Nothing changed: the question wanted yes or no, so `{}` was not run either; type it again.",
                crate::files::shown(line, 40)
            )),
            79,
        )
        .replace('\u{a0}', " ")
            + "\n",
        Event::Refusal(sentence) => {
            // Every refusal is a sentence on at most 79 columns, whoever wrote it.
            let mut sentence = sentence.clone();
            if let Some(first) = sentence.chars().next().filter(char::is_ascii_lowercase) {
                sentence.replace_range(..1, &first.to_ascii_uppercase().to_string());
            }
            let wrapped =
                crate::repl::text::fill(&hold_quotes(&sentence), 79).replace('\u{a0}', " ");
            format!("{}\n", palette.paint(&wrapped, Role::Refusal))
        }
        Event::Glossary => {
            let terms: Vec<&str> = crate::app::glossary::GLOSSARY
                .iter()
                .map(|entry| entry.term)
                .collect();
            format!(
                "{}\n",
                crate::repl::text::fill(
                    &format!("explain WORD tells what these mean: {}.", terms.join(", ")),
                    79
                )
            )
        }
        Event::Explained(entry) => format!(
            "{}\n",
            crate::repl::text::fill(&format!("{}: {}", entry.term, entry.text), 79)
        ),
        Event::Goodbye { unsaved } => {
            if *unsaved > 0 {
                format!(
                    "Goodbye. (The learning from {} since the last save was not saved.)\n",
                    plural(*unsaved, "game", "games")
                )
            } else {
                "Goodbye.\n".into()
            }
        }
        other => unreachable!("{other:?} is drawn by another group"),
    }
}

/// A short quoted example ("rate X........") held together by no-break spaces, so a
/// filled line never splits the command from what it takes.
pub(super) fn hold_quotes(sentence: &str) -> String {
    let pieces: Vec<&str> = sentence.split('"').collect();
    let mut held = String::with_capacity(sentence.len());
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            held.push('"');
        }
        // Odd pieces are inside a pair of quotes (the last only if it is closed).
        let inside = index % 2 == 1 && index + 1 < pieces.len();
        if inside && piece.chars().count() <= 30 {
            held.push_str(&piece.replace(' ', "\u{a0}"));
        } else {
            held.push_str(piece);
        }
    }
    held
}

/// The sentence that says Ctrl-C stopped a command: a search, a hint, a listing or a
/// run of experiments as well as training, so it names no learner.
pub(crate) fn interrupted() -> String {
    "Stopped early by Ctrl-C; nothing learned or saved is lost.\n".to_string()
}
