//! The session: commands (one table feeding parsing, help and completion), one match
//! type for every game, and events as values. No terminal here: `repl` reads lines and
//! prints what the events say.

mod advice;
pub mod command;
pub mod duel;
pub mod event;
mod files;
pub mod game_match;
pub mod glossary;
pub mod input;
mod learner_choice;
pub mod lesson_state;
mod pictures;
mod seats;
pub mod session;
mod shape;
pub mod training;
mod weights;

pub use command::Command;
pub use event::{Asked, Event, MatchTally, MoveScores, Question, Stats, Who};
pub use input::{CANNOT_PLAY_THERE, Reading};
pub use lesson_state::LearnerGames;
pub use session::{BoxListing, Progress, ProgressHook, Session, Settings};
