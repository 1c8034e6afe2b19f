//! MENACE, the matchbox learner: the 304 boxes, the beads and how they change, and the
//! file that keeps what it learned.

pub mod boxes;
pub mod learn;
pub mod save;

pub use boxes::{BoxId, Lookup, Matchbox, Matchboxes, matchboxes};
pub use learn::{Drawn, EmptyBox, GameResult, Menace, Preset, Record, Reinforcement, Turn};
