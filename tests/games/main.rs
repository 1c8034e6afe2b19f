//! The games through the registry, the console and the built program: the conformance
//! test every game passes, a recorded playthrough of every rule set, and each family's
//! own behaviour (gobang, gomoku, gravity, quantum, MENACE on the variants, whole-game
//! facts of noughts and crosses).
//!
//! One test crate per subject, so the library is linked once for all of them (each crate
//! under `tests/` links the whole library). A new file here is one `mod` line below.

#[path = "../common/mod.rs"]
mod common;

mod conformance;
mod gobang;
mod gomoku;
mod gravity_family;
mod learners_against_perfect;
mod menace_variants;
mod never_lose_rules;
mod playthroughs;
mod quantum;
mod tictactoe_facts;
