//! Choosing the game, your side, who plays against you and who plays for you.

use super::event::{Event, Who};
use super::session::{Session, capitalised, refuse};
use crate::game::Player;
use crate::players::Choice;
use crate::players::Rival;
use crate::registry;

impl Session {
    /// Who sits opposite you, as the events name it.
    pub(super) fn against_who(&self) -> Who {
        match self.against {
            // The learner in play for this game and side, by its kind's name where it
            // is not MENACE (`learner td`).
            None => match self.learner() {
                Some(learner) if learner.as_menace().is_none() => Who::Learner(learner.kind()),
                _ => Who::Menace,
            },
            Some(kind) => Who::Ai(kind),
        }
    }

    pub(super) fn choose_game(&mut self, words: &[String]) -> Vec<Event> {
        if let Some(busy) = self.busy("change games") {
            return busy;
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let game = match registry::start(&words) {
            Ok(game) => game,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        self.game = game;
        self.watch = None;
        self.sparring = None;
        // An AI chosen for another game may not play this one: its row says so, and
        // the sentence why is said.
        let mut left_behind = None;
        if let Some(kind) = self.against
            && !kind.follows_to(self.game.as_ref())
        {
            left_behind = Some(kind.left_behind(self.game.as_ref()));
            self.against = None;
        }
        let no_menace = self.slot_index().err();
        // The default AI of the game left (alpha-beta or the seed's gomoku bot) gives way
        // to this game's; an AI chosen by name stays.
        let defaulted = self.against.is_none_or(|kind| kind.is_a_default());
        if no_menace.is_some() && defaulted {
            // The strongest default the table has for this game: the seed's own bot in
            // gomoku, alpha-beta elsewhere.
            self.against = crate::players::default_opponent(self.game.as_ref());
        }
        vec![
            Event::GameChosen {
                title: self.game.title(),
                you: self.you,
                against: self.against_who(),
                no_menace,
                numbers_are_moves: crate::registry::numbers_are_moves(self.game.as_ref()),
                left_behind,
            },
            Event::Board {
                view: self.game.view(),
                marked: Vec::new(),
            },
        ]
    }

    pub(super) fn choose_side(&mut self, side: Player) -> Vec<Event> {
        if let Some(busy) = self.busy("change sides") {
            return busy;
        }
        self.you = side;
        self.sparring = None;
        self.watch = None;
        let no_menace = self.slot_index().err();
        vec![Event::GameChosen {
            title: self.game.title(),
            you: self.you,
            against: self.against_who(),
            no_menace,
            numbers_are_moves: crate::registry::numbers_are_moves(self.game.as_ref()),
            left_behind: None,
        }]
    }

    pub(super) fn set_watch(&mut self, kind: Option<Choice>) -> Vec<Event> {
        if let Some(busy) = self.busy("change opponents") {
            return busy;
        }
        match kind {
            None => self.watch = None,
            Some(kind) => match self.rival(kind, self.you) {
                Ok(rival) => self.watch = Some(rival),
                Err(why) => return refuse(&format!("{}.", capitalised(&why))),
            },
        }
        let mut events = vec![Event::OpponentSet {
            kind,
            side: self.you,
        }];
        events.extend(kind.and_then(|kind| self.depth_note(kind, self.game.as_ref())));
        events
    }

    pub(super) fn set_against(&mut self, kind: Option<Choice>) -> Vec<Event> {
        if let Some(busy) = self.busy("change opponents") {
            return busy;
        }
        match kind {
            None => {
                if let Err(why) = self.slot_index() {
                    return refuse(&format!("{}.", capitalised(&why)));
                }
            }
            Some(kind) => {
                if let Err(why) = self.rival(kind, self.you.opponent()) {
                    return refuse(&format!("{}.", capitalised(&why)));
                }
            }
        }
        self.against = kind;
        let menace_fits = self.game.declaration().too_big_for_menace.is_none();
        let mut events = vec![Event::AgainstSet { kind, menace_fits }];
        events.extend(kind.and_then(|kind| self.depth_note(kind, self.game.as_ref())));
        events
    }

    /// The sentence saying that `lookahead N` cannot look N half-moves ahead in this
    /// game within its budget of positions, measured on `position` (the start, or the
    /// board a hint is for). Noughts and crosses is searched whole at every depth.
    pub(super) fn depth_note(
        &self,
        kind: Choice,
        position: &dyn crate::game::AnyGame,
    ) -> Option<Event> {
        let depth = crate::players::lookahead::depth(&kind)?;
        if crate::menace::learner::classic_board(position).is_some() {
            return None;
        }
        let effort = self.settings.effort;
        let reached = crate::registry::lookahead_reach(position, depth, effort);
        (reached < depth).then(|| Event::DepthCapped {
            title: position.title(),
            depth,
            reached,
            budget: effort.lookahead,
            from_start: position.ply() == 0,
        })
    }

    /// A rival AI for `side` of the chosen game.
    pub(super) fn rival(&mut self, kind: Choice, side: Player) -> Result<Rival, String> {
        let preset = self
            .learner()
            .map_or(self.settings.preset, |learner| learner.preset());
        let game = self.game.boxed_clone();
        let box_limit = self.settings.box_limit;
        let make =
            |choice: &crate::learners::LearnerChoice, side: Player, rng: &mut dyn rand::Rng| {
                crate::registry::new_learner_of(game.as_ref(), choice, side, preset, box_limit, rng)
                    .ok()
            };
        let effort = self.settings.effort;
        Rival::new(
            kind,
            game.as_ref(),
            side,
            preset,
            effort,
            &make,
            &mut self.rng,
        )
    }
}
