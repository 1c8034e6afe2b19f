//! Saving, loading and starting MENACE afresh, with the questions that guard learning.

use super::event::{Event, Question};
use super::session::{Pending, Session, capitalised, refuse};
use crate::game::Player;
use crate::menace::save::{self, LoadError, SaveError};
use crate::menace::{Menace, Preset};
use std::path::PathBuf;

impl Session {
    /// The boxes as they would stand with this game's drawn beads put back.
    fn classic_at_rest(&self, index: usize) -> Option<Menace> {
        let slot = &self.slots[index];
        let mut learner = slot.learner.clone();
        if let Some(current) = &self.current {
            learner.return_beads(&current.drawn);
        }
        learner.as_classic().cloned()
    }

    pub(super) fn save(&mut self, name: Option<&str>) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        let slot = &self.slots[index];
        let Some(menace) = self
            .classic_at_rest(index)
            .filter(|menace| menace.side() == Player::X && slot.title == "classic")
        else {
            return refuse(&format!(
                "Only classic MENACE playing X can be saved for now, not MENACE for {} as {}.",
                slot.title, slot.side
            ));
        };
        let path = save::resolve(&self.settings.saves_dir, name);
        match save::save(&menace, &path) {
            Ok(()) => {
                self.slots[index].unsaved = 0;
                vec![Event::Saved(path)]
            }
            Err(SaveError { path, error }) => refuse(&format!(
                "Could not save to {}: {error}. Nothing was written.",
                path.display()
            )),
        }
    }

    pub(super) fn load(&mut self, name: &str) -> Vec<Event> {
        if let Some(busy) = self.busy("load boxes") {
            return busy;
        }
        let path = save::resolve(&self.settings.saves_dir, Some(name));
        let unsaved = self
            .slots
            .iter()
            .find(|slot| slot.title == "classic" && slot.side == Player::X)
            .map_or(0, |slot| slot.unsaved);
        match save::load(&path) {
            Ok(menace) if unsaved > 0 => {
                self.pending = Some(Pending::Load(path.clone(), Box::new(menace)));
                vec![Event::Question(Question::Load { path, unsaved })]
            }
            Ok(menace) => self.apply_load(path, menace),
            Err(error) => refuse(&load_refusal(&error)),
        }
    }

    pub(super) fn apply_load(&mut self, path: PathBuf, menace: Menace) -> Vec<Event> {
        let preset = menace.preset();
        let record = menace.record();
        self.put_classic(menace);
        vec![Event::Loaded {
            path,
            title: "classic".into(),
            preset,
            record,
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
            return vec![Event::Question(Question::Reset { preset, games })];
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
                vec![Event::PresetChanged(preset)]
            }
            Err(why) => refuse(&format!("{}.", capitalised(&why))),
        }
    }
}

/// A load error as a sentence for the console.
fn load_refusal(error: &LoadError) -> String {
    format!("Not loaded: {error}. The boxes are unchanged.")
}
