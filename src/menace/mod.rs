//! MENACE, the matchbox learner, for any game: one learner ([`Menace`]), its
//! boxes made as positions are met (or all at the start, as classic MENACE's 304), its
//! one training loop ([`train`]), the file that keeps what it learned, and the trait the
//! console talks to ([`learner::Learner`]).

pub mod boxes;
pub mod classic;
pub mod generic;
pub mod generic_learner;
pub mod learn;
pub mod learner;
pub mod opponent;
pub mod preset;
pub mod save;
pub mod train;
pub mod typed;

pub use boxes::{BoxId, Lookup, Matchbox, Matchboxes, matchboxes};
pub use generic::{BeadBox, DEFAULT_BOX_LIMIT, Drawn, Menace, Reinforcement, Turn, TurnError};
pub use learn::{EmptyBox, GameResult, Preset, Record};
