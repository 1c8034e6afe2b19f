//! `learner`: which kind of learner plays you. Each game and side keeps one learner
//! of every kind it has met, so switching never loses what one learned: the one in
//! play is put aside with its games, and comes back when its kind is named again.

use super::command::{BoxQuery, Command, LearnerAsk};
use super::event::{Event, LearnerFacts};
use super::session::{Session, capitalised, refuse};
use crate::learners::LearnerChoice;

impl Session {
    /// `learner`: the learner in play for the chosen game and side.
    pub(super) fn learners(&mut self) -> Vec<Event> {
        let title = self.game.title();
        let facts = self
            .slot_index()
            .ok()
            .map(|index| LearnerFacts::of(self.slots[index].learner.as_ref(), &title));
        vec![Event::Learners(facts)]
    }

    /// `learner NAME [PARAM VALUE]...`: that kind plays you from now on, in this game
    /// and every game met later; the parameters named are set on it (a fresh one takes
    /// the others at their defaults, one brought back keeps its own).
    pub(super) fn choose_learner(&mut self, ask: &LearnerAsk) -> Vec<Event> {
        if let Some(busy) = self.busy("change the learner") {
            return busy;
        }
        let Some((row, given)) = ask.read() else {
            return refuse("That learner or one of its parameters is not known.");
        };
        let before = std::mem::replace(&mut self.learner_choice, LearnerChoice::of(row));
        for (name, value) in &given {
            if let Some(at) = self
                .learner_choice
                .params
                .iter()
                .position(|(known, _)| known == name)
            {
                self.learner_choice.params[at].1 = *value;
            }
        }
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => {
                self.learner_choice = before;
                return refuse(&format!("{}.", capitalised(&why)));
            }
        };
        let title = self.game.title();
        let slot = &mut self.slots[index];
        let fresh = slot.learner.record().games() == 0;
        slot.learner.set_params(&given);
        // Later games meet a fresh learner with the parameters this one has now.
        self.learner_choice.params = slot.learner.params();
        let slot = &self.slots[index];
        vec![Event::LearnerChosen {
            facts: LearnerFacts::of(slot.learner.as_ref(), &title),
            fresh,
            aside: slot
                .others
                .iter()
                .map(|(learner, _)| LearnerFacts::of(learner.as_ref(), &title))
                .collect(),
        }]
    }
}

impl Session {
    /// True when the learner for the chosen game and side is not a MENACE.
    pub(super) fn other_learner_in_play(&mut self) -> bool {
        self.slot_index()
            .is_ok_and(|index| self.slots[index].learner.as_menace().is_none())
    }

    /// The one sentence for a command about MENACE's boxes or presets while a learner
    /// of another kind plays, naming what it does hold; `None` while MENACE plays.
    pub(super) fn refuse_for_other_learner(&mut self, command: &Command) -> Option<Vec<Event>> {
        if !self.other_learner_in_play() {
            return None;
        }
        let index = self.slot_index().ok()?;
        let name = self.slots[index].learner.kind();
        let what = match command {
            Command::Preset(_) => "a preset fills MENACE's boxes",
            Command::Pictures(_) => "pictures draws MENACE's boxes",
            _ => "that shows MENACE's boxes",
        };
        let (_, entries) = crate::learners::row_or_menace(name).entries;
        Some(refuse(&format!(
            "There are no boxes: {name} values {entries} instead, and {what}. box PICTURE shows its values; learner menace brings MENACE back."
        )))
    }

    /// `box` while a learner of another kind plays: what it holds for a position (the
    /// value of the position each legal move leads to) and the move it would choose.
    pub(super) fn show_values(&mut self, query: Option<BoxQuery>) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        let learner = self.slots[index].learner.as_ref();
        let name = learner.kind();
        let side = learner.side();
        let position = match query {
            Some(BoxQuery::Position(picture)) => match self.game.from_picture(&picture) {
                Ok(position) => position,
                Err(why) => {
                    return refuse(&format!(
                        "\"{}\" is not a position: {why}.",
                        crate::files::shown(&picture, 40)
                    ));
                }
            },
            Some(BoxQuery::Number(_)) => {
                let start = self.game.restart();
                let example = if start.to_move() == side {
                    start.picture()
                } else {
                    super::advice::example_picture(self.game.as_ref())
                };
                let (_, entries) = crate::learners::row_or_menace(name).entries;
                return refuse(&format!(
                    "Name a position (as in box {example}): {name} values {entries}, and has no numbered boxes."
                ));
            }
            None => match &self.current {
                Some(current) => current.game.boxed_clone(),
                None => self.game.restart(),
            },
        };
        let Some(values) = learner.move_values(position.as_ref()) else {
            return refuse(&format!(
                "{} is not a position {name} moves in: it chooses only with {side} to move in an unfinished game.",
                position.picture()
            ));
        };
        let view = position.view();
        let mut labels = Vec::new();
        for (name, value) in &values {
            let mut after = position.boxed_clone();
            if after.play_move(name).is_err() {
                labels.clear();
                break;
            }
            match after.view().changed_since(&view)[..] {
                [cell] if !labels.iter().any(|(seen, _)| *seen == cell) => {
                    labels.push((cell, format!("{value:.3}")));
                }
                _ => {
                    labels.clear();
                    break;
                }
            }
        }
        let labels = (labels.len() == values.len()).then_some(labels);
        vec![Event::LearnerView {
            name,
            side,
            picture: position.picture(),
            view,
            labels,
            values,
        }]
    }
}
