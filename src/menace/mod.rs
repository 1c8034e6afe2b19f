//! MENACE, the matchbox learner: the 304 boxes, the beads and how they change, and the
//! file that keeps what it learned; and the same learner for any game, its boxes made as
//! positions are met, behind one trait ([`learner::Learner`]) the console talks to.

pub mod boxes;
pub mod generic;
pub mod generic_learner;
pub mod learn;
pub mod learner;
pub mod preset;
pub mod save;

pub use boxes::{BoxId, Lookup, Matchbox, Matchboxes, matchboxes};
pub use generic::{
    DEFAULT_BOX_LIMIT, GenericBox, GenericDrawn, GenericMenace, GenericReinforcement, GenericTurn,
    GenericTurnError,
};
pub use learn::{Drawn, EmptyBox, GameResult, Menace, Preset, Record, Reinforcement, Turn};
