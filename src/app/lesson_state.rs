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
use std::collections::HashMap;
use std::path::PathBuf;

mod kept_file;

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
    learner_choice: crate::learners::LearnerChoice,
    against: Option<Choice>,
    watch: Option<Rival>,
    trainer: Choice,
    sparring: Option<Rival>,
    current: Option<super::game_match::Match>,
    preset: Preset,
    /// The save files this state's MENACE loaded or saved: a save over a file another
    /// MENACE wrote (the learner's own, another lesson's) asks first.
    seen_files: HashMap<PathBuf, crate::menace::save::Stamp>,
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
    /// How many of the learner's own MENACEs put aside had learned from any game.
    pub put_aside_menaces: usize,
    /// Games the MENACE of a lesson already open had learned from, now put away.
    pub replaced: u64,
    /// MENACE plays this game (gravity is too big for matchboxes).
    pub menace_plays: bool,
    /// The lesson picked up its own state as it was left: games its MENACEs had learned.
    pub resumed: Option<u64>,
    /// Resumed: each of its learners that learned (see [`Event::OwnStateBack`]).
    pub resumed_learners: Vec<LearnerGames>,
}

/// A lesson's own state, as it was when the lesson was left: its game, side, opponent,
/// preset and MENACEs with all they learned. The course keeps it, and gives it back when
/// the lesson is resumed, so leaving and coming back changes nothing.
#[derive(Debug)]
pub struct KeptState(OwnState);

/// What a lesson's state holds, in values two walks can compare.
#[derive(Debug, Clone, PartialEq)]
pub struct StateSummary {
    pub title: String,
    pub you: Player,
    pub against: Option<String>,
    pub trainer: String,
    pub preset: String,
    pub learners: Vec<LearnerSummary>,
}

/// One MENACE of a state: its game and side, preset, games learned and every box.
#[derive(Debug, Clone, PartialEq)]
pub struct LearnerSummary {
    pub title: String,
    pub side: Player,
    /// Its kind (`menace`, `td`) and the entries it holds (boxes, valued positions).
    pub kind: &'static str,
    /// Put aside by `learner`, not in play.
    pub aside: bool,
    pub entries: usize,
    pub preset: String,
    pub games: u64,
    pub boxes: Vec<crate::menace::learner::BoxSummary>,
}

/// A kept state as a file holds it (see `lesson::course::kept`): the choices as words
/// the console reads, and each MENACE.
#[derive(Debug)]
pub struct KeptParts {
    pub title: String,
    pub you: Player,
    pub against: Option<String>,
    pub trainer: String,
    pub preset: String,
    /// Each learner: its game's title, side, the learner, its games not yet saved, and
    /// whether it was put aside by `learner` (listed after the one in play there).
    pub learners: Vec<KeptLearner>,
}

/// One learner of a kept state, as [`KeptParts`] lists it.
#[derive(Debug)]
pub struct KeptLearner {
    pub title: String,
    pub side: Player,
    pub learner: Box<dyn crate::menace::learner::Learner>,
    pub unsaved: u64,
    pub aside: bool,
}

impl KeptState {
    /// Games the state's MENACEs have learned from.
    pub fn games_learned(&self) -> u64 {
        self.0
            .slots
            .iter()
            .flat_map(|slot| {
                std::iter::once(&slot.learner).chain(slot.others.iter().map(|(other, _)| other))
            })
            .map(|learner| learner.record().games())
            .sum()
    }

    /// A state rebuilt from a file's parts, or the sentence saying what is wrong.
    pub fn rebuild(parts: KeptParts) -> Result<KeptState, String> {
        let words: Vec<&str> = parts.title.split_whitespace().collect();
        let game = registry::start(&words)?;
        let read_choice = |text: &str| {
            let words: Vec<&str> = text.split_whitespace().collect();
            Choice::parse(&words)
        };
        let against = parts.against.as_deref().map(read_choice).transpose()?;
        let trainer = read_choice(&parts.trainer)?;
        let preset = Preset::parse(&parts.preset).map_err(|error| error.to_string())?;
        let mut slots: Vec<Slot> = Vec::new();
        for kept in parts.learners {
            let KeptLearner {
                title,
                side,
                learner,
                unsaved,
                aside,
            } = kept;
            let at = slots
                .iter()
                .position(|slot| slot.title == title && slot.side == side);
            match (at, aside) {
                (Some(_), false) => {
                    return Err(format!(
                        "it holds two learners in play for {title} playing {side}"
                    ));
                }
                (None, true) => {
                    return Err(format!(
                        "it holds a learner put aside for {title} playing {side}, and none in play there"
                    ));
                }
                (Some(at), true) => {
                    let slot = &mut slots[at];
                    let kind = learner.kind();
                    if slot.learner.kind() == kind
                        || slot.others.iter().any(|(other, _)| other.kind() == kind)
                    {
                        return Err(format!(
                            "it holds two {kind} learners for {title} playing {side}"
                        ));
                    }
                    slot.others.push((learner, unsaved));
                }
                (None, false) => {
                    let mut slot = Slot::new(title, side, learner);
                    slot.unsaved = unsaved;
                    slots.push(slot);
                }
            }
        }
        // The kind in play for the state's own game and side is the one the state had
        // chosen (`learner td` in a lesson): a file keeps the learner, not the choice.
        let title = game.title();
        let learner_choice = slots
            .iter()
            .find(|slot| slot.title == title && slot.side == parts.you.opponent())
            .and_then(|slot| {
                let row = crate::learners::row(slot.learner.kind())?;
                Some(crate::learners::LearnerChoice {
                    row,
                    params: slot.learner.params(),
                })
            })
            .unwrap_or_default();
        Ok(KeptState(OwnState {
            game,
            you: parts.you,
            slots,
            learner_choice,
            against,
            watch: None,
            trainer,
            sparring: None,
            current: None,
            preset,
            seen_files: HashMap::new(),
        }))
    }
}

impl Session {
    /// Sets the session up as `setup` says, on a fresh MENACE, putting the learner's own
    /// state aside first (unless another lesson already did). `Err` says, in a sentence,
    /// why the lesson cannot run; nothing is changed then.
    pub fn enter_lesson_state(&mut self, setup: &Setup) -> Result<Event, String> {
        self.enter_lesson_state_kept(setup, None)
            .map(|(event, _)| event)
    }

    /// As [`Session::enter_lesson_state`], but resuming `kept` (the lesson's own state as
    /// it was left) where one is given; the state of a lesson that was open until now is
    /// handed back, kept, never dropped.
    pub fn enter_lesson_state_kept(
        &mut self,
        setup: &Setup,
        kept: Option<KeptState>,
    ) -> Result<(Event, Option<KeptState>), String> {
        let _confined = self.confinement();
        let resumed = kept.as_ref().map(KeptState::games_learned);
        let state = match kept {
            Some(KeptState(state)) => state,
            None => {
                let words: Vec<&str> = setup.variant.iter().map(String::as_str).collect();
                let game = registry::start(&words)?;
                OwnState {
                    game,
                    you: setup.side,
                    slots: Vec::new(),
                    learner_choice: crate::learners::LearnerChoice::default(),
                    against: setup.against,
                    watch: None,
                    trainer: Choice::bare(&crate::players::perfect::ROW),
                    sparring: None,
                    current: None,
                    preset: setup.preset,
                    seen_files: HashMap::new(),
                }
            }
        };
        let learned = self.games_learned_here();
        let learners = self.learners_that_learned();
        let own = self.swap_state(state);
        let (put_aside, replaced, displaced) = match self.own_state {
            Some(_) => (None, learned, Some(KeptState(own))),
            None => {
                self.own_state = Some(own);
                (Some(learned), 0, None)
            }
        };
        // The lesson's MENACE, made now so that the seed gives the same boxes however
        // the lesson goes on (a game too big for boxes has none, as `variant` says).
        let menace_plays = self.slot_index().is_ok();
        let event = Event::LessonSetUp(Box::new(LessonSetUp {
            title: self.game.title(),
            you: self.you,
            against: self.against_who(),
            preset: self.settings.preset,
            put_aside,
            put_aside_menaces: learners,
            replaced,
            menace_plays,
            resumed,
            resumed_learners: if resumed.is_some() {
                self.learners_learned_here()
            } else {
                Vec::new()
            },
        }));
        Ok((event, displaced))
    }

    /// The lesson's own state, taken out and replaced by the learner's own: what
    /// [`Session::leave_lesson_state`] does, with the lesson's state handed back to be
    /// kept. `keep` says whether the caller keeps it (for the words only).
    pub fn leave_lesson_state_kept(&mut self, keep: bool) -> Option<(Event, KeptState)> {
        let own = self.own_state.take()?;
        let lesson_games = self.games_learned_here();
        let lesson_learners = self.learners_learned_here();
        let lesson = self.swap_state(own);
        let event = Event::OwnStateBack {
            title: self.game.title(),
            you: self.you,
            against: self.against_who(),
            games: self.games_learned_here(),
            menaces: self.learners_that_learned(),
            lesson_games,
            lesson_learners,
            lesson_kept: keep,
        };
        Some((event, KeptState(lesson)))
    }

    /// A summary of the state a lesson (or the learner) is in, to compare two walks.
    pub fn state_summary(&self) -> StateSummary {
        let mut learners: Vec<_> = self
            .slots
            .iter()
            .flat_map(|slot| {
                let aside = slot.others.iter().map(|(learner, _)| (learner, true));
                std::iter::once((&slot.learner, false))
                    .chain(aside)
                    .map(|(learner, aside)| LearnerSummary {
                        title: slot.title.clone(),
                        side: slot.side,
                        kind: learner.kind(),
                        aside,
                        entries: learner.entry_count(),
                        preset: learner.preset().spec(),
                        games: learner.record().games(),
                        boxes: learner.boxes(),
                    })
            })
            .collect();
        learners.sort_by(|a, b| (&a.title, a.side, a.kind).cmp(&(&b.title, b.side, b.kind)));
        StateSummary {
            title: self.game.title(),
            you: self.you,
            against: self.against.map(|choice| choice.to_string()),
            trainer: self.trainer.to_string(),
            preset: self.settings.preset.spec(),
            learners,
        }
    }

    /// Brings the learner's own state back after a lesson, if one was put aside; the
    /// lesson's own state is dropped.
    pub fn leave_lesson_state(&mut self) -> Option<Event> {
        self.leave_lesson_state_kept(false).map(|(event, _)| event)
    }

    /// How many MENACEs in play have learned from at least one game.
    fn learners_that_learned(&self) -> usize {
        self.slots
            .iter()
            .filter(|slot| slot.learner.record().games() > 0)
            .count()
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
            .map_or(0, |own| own.slots.iter().map(Slot::unsaved_all).sum())
    }

    /// Puts `state` in place and returns what was there.
    fn swap_state(&mut self, mut state: OwnState) -> OwnState {
        std::mem::swap(&mut self.game, &mut state.game);
        std::mem::swap(&mut self.you, &mut state.you);
        std::mem::swap(&mut self.slots, &mut state.slots);
        std::mem::swap(&mut self.learner_choice, &mut state.learner_choice);
        std::mem::swap(&mut self.against, &mut state.against);
        std::mem::swap(&mut self.watch, &mut state.watch);
        std::mem::swap(&mut self.trainer, &mut state.trainer);
        std::mem::swap(&mut self.sparring, &mut state.sparring);
        std::mem::swap(&mut self.current, &mut state.current);
        std::mem::swap(&mut self.settings.preset, &mut state.preset);
        std::mem::swap(&mut self.seen_files, &mut state.seen_files);
        state
    }
}

/// One learner of a lesson's state that has learned, for the words on leaving and
/// resuming it: `td (3,000 games)` is not the lesson's MENACE.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearnerGames {
    pub name: &'static str,
    pub games: u64,
    /// In play for its game and side (not put aside by `learner`).
    pub in_play: bool,
}

impl Session {
    /// Each learner of the chosen games that learned from a game, in play or put aside
    /// by `learner`: its kind's name (`MENACE`, `td`), its games, and whether it plays.
    pub(super) fn learners_learned_here(&self) -> Vec<LearnerGames> {
        self.slots
            .iter()
            .flat_map(|slot| {
                let aside = slot.others.iter().map(|(learner, _)| (learner, false));
                std::iter::once((&slot.learner, true)).chain(aside)
            })
            .filter(|(learner, _)| learner.record().games() > 0)
            .map(|(learner, in_play)| LearnerGames {
                name: if learner.as_menace().is_some() {
                    "MENACE"
                } else {
                    learner.kind()
                },
                games: learner.record().games(),
                in_play,
            })
            .collect()
    }

    /// Games the MENACEs in play (a lesson's, while one runs) have learned from.
    pub(super) fn games_learned_here(&self) -> u64 {
        self.slots
            .iter()
            .map(|slot| slot.learner.record().games())
            .sum()
    }
}
