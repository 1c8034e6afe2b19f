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
                // A command typed past the question is named, so that whoever typed
                // it knows to type it again.
                Ok(command) if command != Command::No => Reading::Kept(vec![Event::Kept {
                    dropped: Some(line.trim().to_string()),
                }]),
                _ => Reading::Kept(vec![Event::Kept { dropped: None }]),
            };
        }
        if line.trim().is_empty() {
            // On your turn, the move the prompt asks for (a slide in Morris's second
            // phase, not a placing), as the prompt says it.
            if let Some(current) = self.current.as_ref()
                && current.is_your_turn(self.you)
            {
                let game = current.game.as_ref();
                return Reading::Done(refuse(&match game.move_prompt() {
                    Some(prompt) => format!("Your move: {prompt} (or help)."),
                    None => format!(
                        "Type a move like {}, or help.",
                        super::game_match::legal_example(game)
                    ),
                }));
            }
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
                Err(crate::game::MoveError::Notation(_))
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
            None => match self.misread_move(line) {
                // On your turn, a line written like a move is answered in the game's
                // notation, not as an unknown command or a count of games.
                Some(why) => return Reading::Done(refuse(&format!("Not a move: {why}."))),
                None => command::parse(line),
            },
        };
        let command = match parsed {
            Ok(command) => command,
            Err(error) => {
                let refusal = match self.game.check_move(line) {
                    // A move when no game waits for one.
                    Ok(_) if self.current.is_none() => {
                        "No game is in progress: type a number to play that many games.".into()
                    }
                    _ => error.to_string(),
                };
                return Reading::Done(refuse(&refusal));
            }
        };
        Reading::Command(command)
    }

    /// On your turn, why a line that is written like a move of this game (see
    /// [`looks_like_a_move`]) is not one, in the game's words. `None` for a line that is
    /// a command: a command's name, or any line the commands read except a bare number,
    /// which is a count of games only where moves are not numbers.
    fn misread_move(&self, line: &str) -> Option<String> {
        let current = self.current.as_ref()?;
        if !current.is_your_turn(self.you) {
            return None;
        }
        let first = line.split_whitespace().next()?;
        let is_command_word = command::COMMANDS
            .iter()
            .any(|command| command.name.eq_ignore_ascii_case(first));
        let names = current.game.legal_move_names();
        let numbers_are_moves = names
            .iter()
            .all(|name| name.chars().any(|c| c.is_ascii_digit()));
        let bare_number = first.starts_with(|c: char| c.is_ascii_digit());
        let a_command = command::parse(line).is_ok() && !(bare_number && numbers_are_moves);
        // A line with a control character is never read as a try at a move: the
        // game's notation error would quote it raw (the command reader escapes it).
        if is_command_word
            || a_command
            || !looks_like_a_move(line, &names)
            || line.chars().any(char::is_control)
        {
            return None;
        }
        match current.game.check_move(line) {
            Err(crate::game::MoveError::Notation(why)) => Some(why),
            _ => None,
        }
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
            Err(crate::game::MoveError::Illegal { why, .. }) => {
                Some(Err(format!("{CANNOT_PLAY_THERE}: {why}.")))
            }
            Err(crate::game::MoveError::Notation(_)) => None,
        }
    }
}

/// How a move the game's rules refuse is told, before the game's reason: a lesson sees
/// from it that the learner met a rule (lesson 20's renju cross).
pub const CANNOT_PLAY_THERE: &str = "You cannot play there";

/// Characters that may sit between the parts of a move as someone types it (`MM.LR`,
/// `d4-e5`, `mm lr`, `1,2,3`).
const MOVE_SEPARATORS: &[char] = &[' ', '.', ',', '-', ':', ';', '/'];

/// Whether `line` is written like one of `names` (the legal moves' names): a single word
/// no longer than the longest name and one more character ("ZZ" in noughts and crosses,
/// "9ZZ" in the cube); or, up to about two moves long, only the letters and digits the
/// names use, with separators between, and a digit or a letter wherever every name has
/// one ("mm lr" in ultimate, "h6 h5" in go-bang, "1,2,3" in Qubic).
pub fn looks_like_a_move(line: &str, names: &[String]) -> bool {
    let line = line.trim();
    let longest = names
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    let length = line.chars().count();
    if longest == 0 || length == 0 {
        return false;
    }
    if line.split_whitespace().count() == 1 && length <= longest + 1 {
        return true;
    }
    let used: std::collections::HashSet<char> = names
        .iter()
        .flat_map(|name| name.chars())
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let every_name_has =
        |kind: fn(&char) -> bool| names.iter().all(|name| name.chars().any(|c| kind(&c)));
    let line_has = |kind: fn(&char) -> bool| line.chars().any(|c| kind(&c));
    length <= 2 * longest + 2
        && line
            .chars()
            .all(|c| MOVE_SEPARATORS.contains(&c) || used.contains(&c.to_ascii_lowercase()))
        && (!every_name_has(char::is_ascii_digit) || line_has(char::is_ascii_digit))
        && (!every_name_has(char::is_ascii_alphabetic) || line_has(char::is_ascii_alphabetic))
}

#[cfg(test)]
mod tests {
    use super::looks_like_a_move;

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    #[test]
    fn lines_written_like_moves_are_seen_as_moves() {
        let ultimate = names(&["MM.LL", "MM.LR", "LL.RR"]);
        assert!(looks_like_a_move("mm lr", &ultimate));
        assert!(looks_like_a_move("MM-LR", &ultimate));
        let gobang = names(&["h6", "h5", "d4-e5", "o15"]);
        assert!(looks_like_a_move("h6 h5", &gobang));
        let qubic: Vec<String> = (0..64).map(|cell| cell.to_string()).collect();
        assert!(looks_like_a_move("64", &qubic));
        assert!(looks_like_a_move("1,2,3", &qubic));
        assert!(looks_like_a_move("ZZ", &names(&["LL", "MM"])));
    }

    #[test]
    fn commands_and_sentences_are_not() {
        let ultimate = names(&["MM.LL", "MM.LR", "LL.RR"]);
        // (A single short word is taken for a move: the caller first sets commands'
        // names apart.)
        assert!(!looks_like_a_move("show stats", &ultimate));
        assert!(!looks_like_a_move("play 5", &ultimate));
        let gobang = names(&["h6", "h5", "d4-e5", "o15"]);
        // Every go-bang move has a digit; a word of its letters alone is not one.
        assert!(!looks_like_a_move("go back", &gobang));
        assert!(!looks_like_a_move("hint mcts", &gobang));
        let qubic: Vec<String> = (0..64).map(|cell| cell.to_string()).collect();
        assert!(!looks_like_a_move("12 34 56 78", &qubic));
        // Noughts and crosses moves are letters: numbers are not written like them.
        assert!(!looks_like_a_move("12 34", &names(&["LL", "MM"])));
        assert!(!looks_like_a_move("anything", &[]));
    }
}
