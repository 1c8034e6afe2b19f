//! How a typed line is read, in order: the answer to a waiting yes/no question, a move of
//! the game in progress, then a command.

use super::command::{self, Command};
use super::event::Event;
use super::session::{Session, refuse};
use crate::registry;

/// A line as read by [`Session::read_line`].
#[derive(Debug)]
pub enum Reading {
    /// A command, not yet done.
    Command(Command),
    /// The line was acted on (a confirmation) or refused: what happened.
    Done(Vec<Event>),
    /// A waiting question was answered no: nothing changed.
    Kept(Vec<Event>),
}

impl Session {
    /// Reads one line and does what it says. On your turn a line the game reads as a
    /// move is a move, in the game's own words when it is not a legal one.
    pub fn handle_line(&mut self, line: &str) -> Vec<Event> {
        let mut events = match self.read_line(line) {
            Reading::Command(command) => self.execute(command),
            Reading::Done(events) | Reading::Kept(events) => events,
        };
        let stopped = Event::interrupted_unless_said(events.iter());
        events.extend(stopped);
        events
    }

    /// True while a yes/no question waits: the next line answers it.
    pub fn awaits_confirmation(&self) -> bool {
        self.pending.is_some()
    }

    /// Reads one line: the answer to a waiting yes/no question (acted on here), a move
    /// of the game in progress, or a command for [`Session::execute`]. What sits above
    /// the session (the course) sees the command before it is done.
    pub fn read_line(&mut self, line: &str) -> Reading {
        // A lesson's example reads maps only in its own folder, however a line names one.
        let _confined = self.confinement();
        if let Some(pending) = self.pending.take() {
            return match command::parse(line) {
                Ok(Command::Yes) => Reading::Done(self.confirm(pending)),
                _ => Reading::Kept(vec![Event::Kept]),
            };
        }
        if line.trim().is_empty() {
            let example = self.game.declaration().example;
            let games = if registry::numbers_are_moves(self.game.as_ref()) {
                "play N to play N games"
            } else {
                "a number of games to play"
            };
            return Reading::Done(refuse(&format!(
                "Type a move like {example}, {games}, or help."
            )));
        }
        // Where moves are written as numbers (strategic's 541), a bare number is a move,
        // never a count of games: a move typed after the game ended must not start 541.
        let bare = line.trim();
        if !bare.is_empty()
            && bare.chars().all(|c| c.is_ascii_digit())
            && self.read_move(line).is_none()
            && !matches!(
                self.game.check_move(bare),
                Err(registry::MoveError::Notation(_))
            )
        {
            return Reading::Done(refuse(&format!(
                "In {} {bare} is a move, and no game waits for one: type play {bare} to play that many games.",
                self.game.title()
            )));
        }
        let parsed = match self.read_move(line) {
            Some(Ok(name)) => Ok(Command::Move(name)),
            Some(Err(refusal)) => return Reading::Done(refuse(&refusal)),
            None => command::parse(line),
        };
        let command = match parsed {
            Ok(command) => command,
            Err(error) => {
                let first = line.split_whitespace().next().unwrap_or("");
                let is_command_word = command::COMMANDS
                    .iter()
                    .any(|command| command.name.eq_ignore_ascii_case(first));
                // A single word no longer than a move (and one more letter) was meant as
                // one: "ZZ" in noughts and crosses, "9ZZ" in the cube.
                let longest = self
                    .current
                    .as_ref()
                    .filter(|current| current.is_your_turn(self.you))
                    .map(|current| {
                        current
                            .game
                            .legal_move_names()
                            .iter()
                            .map(String::len)
                            .max()
                            .unwrap_or(0)
                    });
                let your_turn = longest.is_some_and(|longest| {
                    line.split_whitespace().count() == 1 && first.len() <= longest + 1
                });
                let refusal = match self.game.check_move(line) {
                    // A move when no game waits for one.
                    Ok(_) if self.current.is_none() => {
                        "No game is in progress: type a number to play that many games.".into()
                    }
                    // On your turn, a line that is no command was meant as a move.
                    Err(registry::MoveError::Notation(why))
                        if your_turn
                            && !is_command_word
                            && matches!(
                                error,
                                command::CommandError::Unknown(_)
                                    | command::CommandError::BadCount(_)
                            ) =>
                    {
                        format!("Not a move: {why}.")
                    }
                    _ => error.to_string(),
                };
                return Reading::Done(refuse(&refusal));
            }
        };
        Reading::Command(command)
    }

    /// On your turn, a line in the game's notation: `Ok` with the move's name, or the
    /// game's reason why that move cannot be played. `None` when the line is not written
    /// as a move of this game (it may be a command).
    fn read_move(&self, line: &str) -> Option<Result<String, String>> {
        let current = self.current.as_ref()?;
        if !current.is_your_turn(self.you) || line.trim().is_empty() {
            return None;
        }
        match current.game.check_move(line) {
            Ok(name) => Some(Ok(name)),
            Err(registry::MoveError::Illegal { why, .. }) => {
                Some(Err(format!("You cannot play there: {why}.")))
            }
            Err(registry::MoveError::Notation(_)) => None,
        }
    }
}
