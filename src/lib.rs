//! menace: play noughts and crosses against Donald Michie's matchbox learner, and watch it
//! learn. The module tree, nothing else.

pub mod ai;
pub mod analysis;
pub mod app;
pub mod bench;
pub mod files;
pub mod game;
pub mod gomocup;
pub mod inline_map;
pub mod learners;
pub mod lesson;
pub mod memory;
pub mod menace;
pub mod pictures;
pub mod play;
pub mod players;
pub mod registry;
pub mod repl;
pub mod stop;
pub mod text;
pub mod verify;

#[cfg(test)]
mod layers;
#[cfg(test)]
mod lengths;
