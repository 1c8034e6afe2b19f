//! What a game left open means for the step a learner enters: the step's own game,
//! which goes on, or a game in the way of the step's commands.

use super::super::Step;
use super::Course;
use crate::app::Session;

/// What a game left open means for the step entered, from [`Course::open_game_for_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenGame {
    /// No game is open, or the step neither plays one nor is kept from beginning by it.
    Unused,
    /// The open game is the step's own: the step goes on with it.
    StepsOwn,
    /// The step's commands cannot run until the open game ends.
    InTheWay,
}

impl Course {
    /// What the game open in `session` means for the open step: nothing (no game, or
    /// a step that uses none), the step's own game (its goal is met by playing it on),
    /// or a game in the way (the step's lines start games, train or change the game,
    /// which the session refuses while one is in progress).
    pub fn open_game_for_step(&self, session: &Session) -> OpenGame {
        let Some(Step::Exercise { goal, solution, .. }) = self.current_step() else {
            return OpenGame::Unused;
        };
        let done = self.active.as_ref().is_some_and(|active| active.solved);
        if session.position().is_none() {
            OpenGame::Unused
        } else if goal.served_by_open_game(session) {
            OpenGame::StepsOwn
        } else if done {
            OpenGame::Unused
        } else if solution.iter().any(|line| {
            crate::app::command::parse(line).is_ok_and(|command| command.waits_for_no_game())
        }) {
            OpenGame::InTheWay
        } else {
            OpenGame::Unused
        }
    }
}
