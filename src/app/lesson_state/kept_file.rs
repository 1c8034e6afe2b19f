//! A lesson's own state on disk, beside the course's progress, so that a lesson left
//! and resumed after menace was closed picks up what its earlier steps set and trained.
//!
//! A state is a small YAML file (`NAME.yaml` in the folder given) naming the game, side,
//! opponent, trainer and preset as the console's commands read them, and one ordinary
//! save file per MENACE (`NAME.1.yaml`, ...), written by the same code as `save` (so a
//! big MENACE is stored compressed). The MENACEs are written first and the small file
//! last, atomically: it is what makes a state, so a crash between the two leaves the
//! state before. Reading checks everything before anything in the session changes.

use super::{KeptLearner, KeptParts, KeptState, OwnState, Session};
use crate::game::Player;
use crate::menace::save::{self, InProgress};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A state file is a few lines; anything larger is not one.
const MAX_STATE_BYTES: u64 = 64 * 1024;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    format: u32,
    game: String,
    you: String,
    against: Option<String>,
    trainer: String,
    preset: String,
    menaces: Vec<MenaceFile>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct MenaceFile {
    file: String,
    unsaved: u64,
    /// A learner put aside by `learner` (a MENACE while td plays, say), listed after
    /// the one in play for its game and side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    aside: bool,
}

impl Session {
    /// Writes the lesson's state the session is in now to `folder` as `stem`; nothing
    /// when no lesson has put the learner's own state aside.
    pub fn save_lesson_state(&self, folder: &Path, stem: &str) -> Result<(), String> {
        if self.own_state.is_none() {
            return Ok(());
        }
        write(
            folder,
            stem,
            View {
                game: self.game.title(),
                you: self.you,
                slots: &self.slots,
                against: self.against.map(|choice| choice.to_string()),
                trainer: self.trainer.to_string(),
                preset: self.settings.preset.spec(),
                current: self.current.as_ref(),
            },
        )
    }
}

impl KeptState {
    /// Writes this kept state to `folder` as `stem`.
    pub fn save(&self, folder: &Path, stem: &str) -> Result<(), String> {
        let state: &OwnState = &self.0;
        write(
            folder,
            stem,
            View {
                game: state.game.title(),
                you: state.you,
                slots: &state.slots,
                against: state.against.map(|choice| choice.to_string()),
                trainer: state.trainer.to_string(),
                preset: state.preset.spec(),
                current: state.current.as_ref(),
            },
        )
    }

    /// The state kept in `folder` as `stem`: `Ok(None)` when there is none, `Err` with
    /// the reason when a file is there but is not a state this menace can restore.
    pub fn load(folder: &Path, stem: &str) -> Result<Option<KeptState>, String> {
        let path = folder.join(format!("{stem}.yaml"));
        let text = match crate::files::read_text(&path, MAX_STATE_BYTES) {
            Ok(text) => text,
            Err(crate::files::ReadProblem::Missing) => return Ok(None),
            Err(problem) => return Err(problem.to_string()),
        };
        crate::files::check_nesting(&text, crate::files::MAX_NESTING)?;
        let file: StateFile = serde_yaml::from_str(&text)
            .map_err(|_| "it is not a lesson's state file".to_string())?;
        if file.format != 1 {
            return Err(format!("it is in format {}, not 1", file.format));
        }
        let you = match file.you.as_str() {
            "X" => Player::X,
            "O" => Player::O,
            other => {
                return Err(format!(
                    "the side is X or O, not \"{}\"",
                    crate::files::shown(other, 20)
                ));
            }
        };
        let mut learners = Vec::new();
        for menace in &file.menaces {
            let expected = format!("{stem}.{}.yaml", learners.len() + 1);
            if menace.file != expected {
                return Err(format!("it names a MENACE file other than {expected}"));
            }
            let loaded = crate::registry::saves::load(&folder.join(&menace.file))
                .map_err(|error| error.to_string())?;
            learners.push(KeptLearner {
                title: loaded.title,
                side: loaded.side,
                learner: loaded.learner,
                unsaved: menace.unsaved,
                aside: menace.aside,
            });
        }
        KeptState::rebuild(KeptParts {
            title: file.game,
            you,
            against: file.against,
            trainer: file.trainer,
            preset: file.preset,
            learners,
        })
        .map(Some)
    }

    /// Removes the state kept in `folder` as `stem`, if any (a lesson started afresh).
    pub fn remove(folder: &Path, stem: &str) {
        let _ = std::fs::remove_file(folder.join(format!("{stem}.yaml")));
    }
}

/// What a state file is written from: the session's fields or a kept state's.
struct View<'a> {
    game: String,
    you: Player,
    slots: &'a [super::Slot],
    against: Option<String>,
    trainer: String,
    preset: String,
    current: Option<&'a super::super::game_match::Match>,
}

fn write(folder: &Path, stem: &str, view: View) -> Result<(), String> {
    std::fs::create_dir_all(folder).map_err(|error| error.to_string())?;
    let mut menaces = Vec::new();
    for slot in view.slots {
        // A game in progress is left out, as `save` leaves it out; it is the learner
        // in play's, never one put aside.
        let in_progress = match view.current {
            Some(current) => InProgress {
                drawn: &current.drawn,
                boxes_before: current
                    .boxes_before
                    .filter(|(side, _)| *side == slot.side)
                    .map(|(_, count)| count),
            },
            None => InProgress::default(),
        };
        let aside = slot
            .others
            .iter()
            .map(|(learner, unsaved)| (learner, *unsaved, true, InProgress::default()));
        for (learner, unsaved, aside, in_progress) in
            std::iter::once((&slot.learner, slot.unsaved, false, in_progress)).chain(aside)
        {
            let file = format!("{stem}.{}.yaml", menaces.len() + 1);
            save::save_learner_as_played(
                &slot.title,
                learner.as_ref(),
                in_progress,
                &folder.join(&file),
                None,
            )
            .map_err(|refused| match refused {
                save::Refused::Failed(error) => error.error.to_string(),
                save::Refused::Changed => "the file changed while it was written".to_string(),
            })?;
            menaces.push(MenaceFile {
                file,
                unsaved,
                aside,
            });
        }
    }
    let file = StateFile {
        format: 1,
        game: view.game,
        you: view.you.to_string(),
        against: view.against,
        trainer: view.trainer,
        preset: view.preset,
        menaces,
    };
    let text = serde_yaml::to_string(&file).map_err(|error| error.to_string())?;
    save::write_atomically(&folder.join(format!("{stem}.yaml")), text.as_bytes())
        .map_err(|error| error.error.to_string())
}
