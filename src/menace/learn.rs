//! What a game means to MENACE: its result from MENACE's side, the record of its games,
//! and the bounds on beads. How it draws and learns is the learner's
//! ([`super::generic`]); the numbers it learns by are a [`Preset`].

use crate::game::{Outcome, Player};

pub use super::preset::{
    EmptyBox, MAX_REWARD, MAX_START_BEADS, Preset, PresetError, PresetName, Rewards, StartBeads,
};

/// The most beads one cell of one box may hold: learning stops adding there, and a save
/// file claiming more is refused as absurd.
pub const MAX_BEADS: u32 = 1_000_000_000;

/// How many random beads the refill rule puts into an empty box.
pub const REFILL_BEADS: u32 = 3;

/// A game's result from MENACE's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Won,
    Drew,
    Lost,
}

impl GameResult {
    /// The result for MENACE playing X.
    pub fn from_outcome(outcome: Outcome) -> GameResult {
        GameResult::for_side(outcome, Player::X)
    }

    /// The result for a MENACE playing `side`.
    pub fn for_side(outcome: Outcome, side: Player) -> GameResult {
        match outcome {
            Outcome::Win(winner) if winner == side => GameResult::Won,
            Outcome::Win(_) => GameResult::Lost,
            Outcome::Draw => GameResult::Drew,
        }
    }
}

/// MENACE's games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Record {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

impl Record {
    /// The most games a record holds: far beyond any run (a million games a second for
    /// thirty years), and far from where a count could wrap. A save claiming more is
    /// refused.
    pub const MAX_GAMES: u64 = 1 << 50;

    pub fn games(&self) -> u64 {
        self.won
            .saturating_add(self.drawn)
            .saturating_add(self.lost)
    }

    /// Counts one more game; a count never wraps (it stops at the largest number).
    pub fn add(&mut self, result: GameResult) {
        let count = match result {
            GameResult::Won => &mut self.won,
            GameResult::Drew => &mut self.drawn,
            GameResult::Lost => &mut self.lost,
        };
        *count = count.saturating_add(1);
    }
}
