//! The questions asked before a command throws work away (fresh boxes, loading over
//! unsaved games, replacing a file, quitting): kept apart from the text of the other
//! events because each is a confirmation with its own way out.

use super::plural;
use crate::app::Question;
use crate::menace::save::shown_path;

pub(super) fn question(question: &Question) -> String {
    match question {
        Question::Reset {
            preset,
            games,
            other: None,
        } => format!(
            "MENACE has learned from {}. Throw that away for fresh boxes ({})?\nType yes to confirm.\n",
            plural(*games, "game", "games"),
            preset.spec()
        ),
        Question::Reset {
            games,
            other: Some(name),
            ..
        } => format!(
            "{name} has learned from {}. Throw that away for a fresh {name}?\nType yes to confirm.\n",
            plural(*games, "game", "games"),
        ),
        Question::Load { path, unsaved } => format!(
            "MENACE has learned from {} since the last save. Replace its boxes with\n{}? Type yes to confirm.\n",
            plural(*unsaved, "game", "games"),
            shown_path(path)
        ),
        Question::Overwrite { path, changed } => {
            let sentence = if *changed {
                format!(
                    "{} has changed since this session loaded or saved it (another menace may have saved there). Replace it with these boxes?",
                    shown_path(path)
                )
            } else {
                format!(
                    "{} already exists, and this MENACE neither loaded nor saved it. Replace it with these boxes?",
                    shown_path(path)
                )
            };
            format!(
                "{}\nType yes to replace it, or save NAME to keep both.\n",
                crate::repl::text::fill(&sentence, 79)
            )
        }
        Question::Quit { unsaved } => format!(
            "MENACE has learned from {} since the last save (save keeps them).\nQuit anyway? Type yes (or press Ctrl-D again) to leave.\n",
            plural(*unsaved, "game", "games")
        ),
    }
}
