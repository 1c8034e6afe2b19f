//! Saving, loading and starting MENACE afresh, with the questions that guard learning.

use super::event::{Event, Question};
use super::session::{Pending, Session, Slot, capitalised, refuse};
use crate::menace::Preset;
use crate::menace::save::{self, LoadError, Loaded, SaveError};
use crate::registry;
use std::path::PathBuf;

impl Session {
    pub(super) fn save(&mut self, name: Option<&str>) -> Vec<Event> {
        match self.file_for(name, "yaml") {
            Ok(path) => self.save_to(path, false),
            Err(bad) => refuse(&format!(
                "Not saved: {bad}; give a file name such as trained or boxes/x.yaml."
            )),
        }
    }

    /// Saves to `path`; unless `confirmed`, first asks before replacing a file that is
    /// not as this session left it.
    pub(super) fn save_to(&mut self, path: PathBuf, confirmed: bool) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        // The boxes as they would stand with this game's drawn beads put back and the
        // boxes it made left out: streamed from the learner itself, never copied.
        let slot = &self.slots[index];
        let in_progress = match &self.current {
            Some(current) => save::InProgress {
                drawn: &current.drawn,
                boxes_before: current
                    .boxes_before
                    .filter(|(side, _)| *side == slot.side)
                    .map(|(_, count)| count),
            },
            None => save::InProgress::default(),
        };
        // Unless confirmed, a file that is not as this session left it is not replaced:
        // the check and the rename are one step under the folder's lock, so another
        // menace saving at the same moment is noticed, not overwritten.
        let expected = (!confirmed).then(|| self.seen_files.get(&path).copied());
        if let Err(why) = self.folder_ready(&path) {
            return refuse(&format!("Not saved: {why}."));
        }
        let saved = save::save_learner_as_played(
            &slot.title,
            slot.learner.as_ref(),
            in_progress,
            &path,
            expected,
        );
        match saved {
            Ok(stamp) => {
                self.slots[index].unsaved = 0;
                if let Some(stamp) = stamp {
                    self.seen_files.insert(path.clone(), stamp);
                }
                let other = self.slots[index]
                    .learner
                    .as_menace()
                    .is_none()
                    .then(|| self.slots[index].learner.kind());
                vec![Event::Saved { path, other }]
            }
            Err(save::Refused::Changed) => {
                let changed = self.seen_files.contains_key(&path);
                self.pending = Some(Pending::Save(path.clone()));
                vec![Event::Question(Question::Overwrite { path, changed })]
            }
            Err(save::Refused::Failed(SaveError { path, error })) => refuse(&format!(
                "Could not save to {}: {error}. Nothing was written.",
                save::shown_path(&path)
            )),
        }
    }

    pub(super) fn load(&mut self, name: &str) -> Vec<Event> {
        if let Some(busy) = self.busy("load boxes") {
            return busy;
        }
        let path = match self.file_for(Some(name), "yaml") {
            Ok(path) => path,
            Err(bad) => return refuse(&format!("Not loaded: {bad}. The boxes are unchanged.")),
        };
        match crate::registry::saves::load(&path) {
            Ok(loaded) => {
                // The learner the load replaces: of the loaded kind, in play or put aside.
                let kind = loaded.learner.kind();
                let unsaved = self
                    .slots
                    .iter()
                    .find(|slot| slot.title == loaded.title && slot.side == loaded.side)
                    .map_or(0, |slot| {
                        if slot.learner.kind() == kind {
                            slot.unsaved
                        } else {
                            slot.others
                                .iter()
                                .find(|(other, _)| other.kind() == kind)
                                .map_or(0, |(_, unsaved)| *unsaved)
                        }
                    });
                if unsaved > 0 {
                    self.pending = Some(Pending::Load(path.clone(), Box::new(loaded)));
                    vec![Event::Question(Question::Load { path, unsaved })]
                } else {
                    self.apply_load(path, loaded)
                }
            }
            Err(error) => refuse(&load_refusal(&error)),
        }
    }

    /// Puts loaded boxes in their slot and switches to their game and side.
    pub(super) fn apply_load(&mut self, path: PathBuf, loaded: Loaded) -> Vec<Event> {
        let words: Vec<&str> = loaded.title.split_whitespace().collect();
        let Ok(game) = registry::start(&words) else {
            return refuse("Not loaded: the file names a game this menace does not know.");
        };
        let preset = loaded.learner.preset();
        let record = loaded.learner.record();
        let other = loaded
            .learner
            .as_menace()
            .is_none()
            .then(|| (loaded.learner.kind(), loaded.learner.params()));
        let side = loaded.side;
        self.remember(&path);
        // The loaded learner comes into play; learners of other kinds for this game
        // and side stay put aside (the one it replaces, of the same kind, is gone: the
        // question before a load that loses learning asked about it).
        let mut slot = Slot::new(loaded.title.clone(), side, loaded.learner);
        if let Some(at) = self
            .slots
            .iter()
            .position(|slot| slot.title == loaded.title && slot.side == side)
        {
            let old = self.slots.remove(at);
            slot.others = old.others;
            if old.learner.kind() != slot.learner.kind() {
                slot.others.push((old.learner, old.unsaved));
            }
            slot.others
                .retain(|(other, _)| other.kind() != slot.learner.kind());
        }
        self.learner_choice = crate::learners::row(slot.learner.kind())
            .map(|row| crate::learners::LearnerChoice {
                row,
                params: slot.learner.params(),
            })
            .unwrap_or_default();
        self.slots.push(slot);
        self.game = game;
        self.you = side.opponent();
        self.against = None;
        self.watch = None;
        self.sparring = None;
        vec![Event::Loaded {
            path,
            title: loaded.title,
            side,
            preset,
            record,
            other,
        }]
    }

    pub(super) fn reset(&mut self, preset: Preset) -> Vec<Event> {
        if let Some(busy) = self.busy("change the boxes") {
            return busy;
        }
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        let games = self.slots[index].learner.record().games();
        if games > 0 {
            self.pending = Some(Pending::Reset(preset));
            let learner = &self.slots[index].learner;
            let other = learner.as_menace().is_none().then(|| learner.kind());
            return vec![Event::Question(Question::Reset {
                preset,
                games,
                other,
            })];
        }
        self.apply_preset(preset)
    }

    pub(super) fn apply_preset(&mut self, preset: Preset) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        let side = self.slots[index].side;
        match self.new_learner(side, preset) {
            Ok(learner) => {
                self.settings.preset = preset;
                self.slots[index].learner = learner;
                self.slots[index].unsaved = 0;
                if self.slots[index].learner.as_menace().is_none() {
                    let title = self.game.title();
                    return vec![Event::LearnerChosen {
                        facts: super::event::LearnerFacts::of(
                            self.slots[index].learner.as_ref(),
                            &title,
                        ),
                        fresh: true,
                        aside: Vec::new(),
                    }];
                }
                vec![Event::PresetChanged(preset)]
            }
            Err(why) => refuse(&format!("{}.", capitalised(&why))),
        }
    }
}

impl Session {
    /// Where a name given to `save`, `load` or `csv` points (see [`save::resolve_with`]).
    /// A confined session (a lesson's scratch session) takes bare names only, so its
    /// files stay in its own scratch folder whatever a lesson file says.
    pub(super) fn file_for(
        &self,
        name: Option<&str>,
        extension: &str,
    ) -> Result<PathBuf, save::BadName> {
        if self.settings.confined
            && let Some(name) = name
            && (name.contains('/')
                || name.contains(std::path::MAIN_SEPARATOR)
                || name.contains(".."))
        {
            return Err(save::BadName(format!(
                "\"{}\" is outside this example's own scratch folder, where its files stay",
                crate::files::shown(name, 60)
            )));
        }
        save::resolve_with(&self.settings.saves_dir, name, extension)
    }

    /// Makes the saves folder when a file is to be written straight into it (the first
    /// save of all); any other folder must already exist, so a mistyped path creates
    /// nothing: the reason otherwise, in words.
    pub(super) fn folder_ready(&self, path: &std::path::Path) -> Result<(), String> {
        let saves = &self.settings.saves_dir;
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => std::path::Path::new("."),
        };
        if folder == saves.as_path() && !saves.is_dir() {
            return std::fs::create_dir_all(saves).map_err(|error| {
                format!(
                    "the saves folder {} cannot be made ({error})",
                    save::shown_path(saves)
                )
            });
        }
        if !folder.is_dir() {
            return Err(format!(
                "there is no folder {} (make it first, or give another name)",
                save::shown_path(folder)
            ));
        }
        Ok(())
    }

    /// In a confined session, the guard that keeps the maps its game words name inside
    /// its scratch folder (see [`crate::registry::confine`]).
    pub(super) fn confinement(&self) -> Option<crate::registry::Confinement> {
        self.settings
            .confined
            .then(|| crate::registry::confine(&self.settings.saves_dir))
    }

    /// Notes the file at `path` as this session now knows it.
    fn remember(&mut self, path: &std::path::Path) {
        if let Some(stamp) = save::stamp(path) {
            self.seen_files.insert(path.to_path_buf(), stamp);
        }
    }
}

/// A load error as a sentence for the console.
fn load_refusal(error: &LoadError) -> String {
    format!("Not loaded: {error}. The boxes are unchanged.")
}
