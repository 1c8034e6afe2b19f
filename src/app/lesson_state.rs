//! A lesson's own state: when a lesson opens, the learner's game, MENACE and choices are
//! put aside and the lesson runs on a fresh MENACE set up as it declares
//! (a [`Setup`], read from the lesson's `needs:`); when it ends or is left, the learner's own come back.
//! Putting aside rather than resetting means no trained box is ever discarded, so
//! opening a lesson never has to ask.

use super::event::{Event, Who};
use super::session::{Session, Slot};
use crate::game::AnyGame;
use crate::game::Player;
use crate::menace::Preset;
use crate::players::Choice;
use crate::players::Rival;
use crate::registry;

/// What a state of its own is set up with: the game and its options as `variant` takes
/// them, MENACE's preset, the learner's side and who plays against the learner. A lesson
/// declares these (its `needs:`), read by the console's own command parser.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub variant: Vec<String>,
    pub preset: Preset,
    pub side: Player,
    pub against: Option<Choice>,
}

/// The learner's own state while a lesson runs in its own.
#[derive(Debug)]
pub(super) struct OwnState {
    game: Box<dyn AnyGame>,
    you: Player,
    slots: Vec<Slot>,
    against: Option<Choice>,
    watch: Option<Rival>,
    trainer: Choice,
    sparring: Option<Rival>,
    current: Option<super::game_match::Match>,
    preset: Preset,
}

/// What a lesson was set up with, and what was put aside, for the console to say.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonSetUp {
    pub title: String,
    pub you: Player,
    pub against: Who,
    pub preset: Preset,
    /// Games the learner's own MENACEs had learned from, when they were put aside now.
    pub put_aside: Option<u64>,
    /// Games the MENACE of a lesson already open had learned from, now put away.
    pub replaced: u64,
    /// MENACE plays this game (gravity is too big for matchboxes).
    pub menace_plays: bool,
}

impl Session {
    /// Sets the session up as `setup` says, on a fresh MENACE, putting the learner's own
    /// state aside first (unless another lesson already did). `Err` says, in a sentence,
    /// why the lesson cannot run; nothing is changed then.
    pub fn enter_lesson_state(&mut self, setup: &Setup) -> Result<Event, String> {
        let _confined = self.confinement();
        let words: Vec<&str> = setup.variant.iter().map(String::as_str).collect();
        let game = registry::start(&words)?;
        let learned = self.games_learned_here();
        let fresh = OwnState {
            game,
            you: setup.side,
            slots: Vec::new(),
            against: setup.against,
            watch: None,
            trainer: Choice::bare(&crate::players::perfect::ROW),
            sparring: None,
            current: None,
            preset: setup.preset,
        };
        let own = self.swap_state(fresh);
        let (put_aside, replaced) = match self.own_state {
            Some(_) => (None, learned),
            None => {
                self.own_state = Some(own);
                (Some(learned), 0)
            }
        };
        // The lesson's MENACE, made now so that the seed gives the same boxes however
        // the lesson goes on (a game too big for boxes has none, as `variant` says).
        let menace_plays = self.slot_index().is_ok();
        Ok(Event::LessonSetUp(Box::new(LessonSetUp {
            title: self.game.title(),
            you: self.you,
            against: self.against_who(),
            preset: self.settings.preset,
            put_aside,
            replaced,
            menace_plays,
        })))
    }

    /// Brings the learner's own state back after a lesson, if one was put aside.
    pub fn leave_lesson_state(&mut self) -> Option<Event> {
        let own = self.own_state.take()?;
        let lesson_games = self.games_learned_here();
        self.swap_state(own);
        Some(Event::OwnStateBack {
            title: self.game.title(),
            you: self.you,
            against: self.against_who(),
            games: self.games_learned_here(),
            lesson_games,
        })
    }

    /// Games the learner's own MENACEs put aside by a lesson have learned from.
    pub(super) fn games_learned_put_aside(&self) -> u64 {
        self.own_state.as_ref().map_or(0, |own| {
            own.slots
                .iter()
                .map(|slot| slot.learner.record().games())
                .sum()
        })
    }

    /// Games learned and not saved in the learner's own MENACEs put aside by a lesson.
    pub(super) fn unsaved_put_aside(&self) -> u64 {
        self.own_state
            .as_ref()
            .map_or(0, |own| own.slots.iter().map(|slot| slot.unsaved).sum())
    }

    /// Puts `state` in place and returns what was there.
    fn swap_state(&mut self, mut state: OwnState) -> OwnState {
        std::mem::swap(&mut self.game, &mut state.game);
        std::mem::swap(&mut self.you, &mut state.you);
        std::mem::swap(&mut self.slots, &mut state.slots);
        std::mem::swap(&mut self.against, &mut state.against);
        std::mem::swap(&mut self.watch, &mut state.watch);
        std::mem::swap(&mut self.trainer, &mut state.trainer);
        std::mem::swap(&mut self.sparring, &mut state.sparring);
        std::mem::swap(&mut self.current, &mut state.current);
        std::mem::swap(&mut self.settings.preset, &mut state.preset);
        state
    }
}
