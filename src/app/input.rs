//! How a typed line is read, in order: the answer to a waiting yes/no question, the
//! answer to a lesson's question, a move of the game in progress, then a command; and
//! how an open lesson sees what each line did.

use super::command::{self, Command};
use super::event::Event;
use super::session::{Session, refuse};
use crate::registry;

impl Session {
    /// Reads one line and does what it says. On your turn a line the game reads as a
    /// move is a move, in the game's own words when it is not a legal one.
    pub fn handle_line(&mut self, line: &str) -> Vec<Event> {
        let _confined = self.confinement();
        if let Some(pending) = self.pending.take() {
            // A confirmed command is seen by an open lesson like any other.
            return match command::parse(line) {
                Ok(Command::Yes) => {
                    let events = self.confirm(pending);
                    self.observed(events)
                }
                _ => vec![Event::Kept],
            };
        }
        // While a lesson's question waits, a line that starts with no command word is
        // its answer: "304" answers "how many boxes?" rather than playing 304 games.
        if self.course.awaits_answer() {
            let first = line.split_whitespace().next().unwrap_or("");
            // `yes` and `no` confirm only when a confirmation waits (handled above);
            // here they answer the question.
            let is_command_word = command::COMMANDS.iter().any(|command| {
                command.name.eq_ignore_ascii_case(first) && !matches!(command.name, "yes" | "no")
            });
            if !first.is_empty() && !is_command_word {
                let answer = Command::Answer(line.trim().to_string());
                return self.lesson_command(&answer).unwrap_or_default();
            }
        }
        if line.trim().is_empty() {
            let example = self.game.declaration().example;
            let games = if registry::numbers_are_moves(self.game.as_ref()) {
                "play N to play N games"
            } else {
                "a number of games to play"
            };
            return self.observed(refuse(&format!(
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
            return self.observed(refuse(&format!(
                "In {} {bare} is a move, and no game waits for one: type play {bare} to play that many games.",
                self.game.title()
            )));
        }
        let parsed = match self.read_move(line) {
            Some(Ok(name)) => Ok(Command::Move(name)),
            Some(Err(refusal)) => return self.observed(refuse(&refusal)),
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
                return self.observed(refuse(&refusal));
            }
        };
        if let Some(events) = self.lesson_command(&command) {
            return events;
        }
        let events = self.execute(command);
        self.observed(events)
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

    /// Lets an open lesson see what a command did.
    fn observed(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        if self.course.is_active() {
            let mut course = std::mem::take(&mut self.course);
            let said = course.observe(&events, self);
            self.course = course;
            events.extend(said.into_iter().map(Event::Lesson));
        }
        events
    }

    /// The lesson commands, and a bare `hint` while a lesson step has hints.
    pub(super) fn lesson_command(&mut self, command: &Command) -> Option<Vec<Event>> {
        let mut course = std::mem::take(&mut self.course);
        let mut set_up = None;
        let said = match command {
            Command::Lessons => Some(course.list(&self.settings)),
            Command::Lesson(which) => {
                let (mut said, found) = course.find(which, &self.settings);
                if let Some(index) = found {
                    match self.enter_lesson_state(course.needs(index)) {
                        Ok(event) => {
                            set_up = Some(event);
                            said.extend(course.start(index, self));
                        }
                        Err(why) => said.push(crate::lesson::course::LessonEvent::Problem(
                            format!("This lesson cannot start: {why}."),
                        )),
                    }
                }
                Some(said)
            }
            Command::Next => Some(course.next(self)),
            Command::Back => Some(course.back(self)),
            Command::Skip => Some(course.skip(self)),
            Command::QuitLesson => Some(course.quit()),
            Command::Answer(text) => Some(course.answer(text)),
            Command::Hint(None) if course.wants_hint() => {
                Some(course.hint(self.position().is_some()))
            }
            _ => None,
        };
        let open = course.is_active();
        self.course = course;
        let mut events: Vec<Event> = set_up.into_iter().collect();
        events.extend(said?.into_iter().map(Event::Lesson));
        // The lesson ended, was left, or its file went: the learner's own state is back.
        if !open {
            events.extend(self.leave_lesson_state());
        }
        Some(events)
    }
}
