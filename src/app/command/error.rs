//! Why a line is not a command: each refusal as a value, and the one sentence the
//! console prints for it. Kept apart from the parser so the wording of every refusal
//! can be read in one place.

use super::{MAX_GAMES, MAX_LINE, MAX_SOLVE_BUDGET};
use crate::menace::learn::PresetError;
use std::fmt;

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    Empty,
    TooLong(usize),
    NotAscii(char),
    Unknown(String),
    BadCount(String),
    MissingArgument {
        command: &'static str,
        usage: &'static str,
    },
    ExtraWords {
        command: &'static str,
        extra: String,
    },
    BadPly(String),
    BadBox(String),
    BadPreset(PresetError),
    BadOpponent(String),
    BadTraining(String),
    BadBudget(String),
    /// A search depth out of range, with the sentence that says so.
    BadDepth(String),
    /// Not a learner, or a parameter it does not take, with the sentence that says so.
    BadLearner(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => write!(
                f,
                "Type a move like MM, a number of games to play, or help."
            ),
            CommandError::TooLong(length) => write!(
                f,
                "That line is {length} characters long; commands are at most {MAX_LINE}."
            ),
            CommandError::NotAscii(c) => write!(
                f,
                "Only plain letters, digits and punctuation are understood, not {c:?}."
            ),
            CommandError::Unknown(word) => write!(
                f,
                "There is no command \"{word}\"; type help to see them all."
            ),
            CommandError::BadBudget(text) => write!(
                f,
                "A search budget is a whole number of positions from 1 to {}, not \"{text}\".",
                crate::text::grouped(MAX_SOLVE_BUDGET)
            ),
            CommandError::BadCount(text) => write!(
                f,
                "The number of games must be a whole number from 1 to {MAX_GAMES}, not \"{text}\"."
            ),
            CommandError::MissingArgument { command, usage } => {
                write!(f, "{command} needs more: {usage}.")
            }
            CommandError::ExtraWords { command, extra } => {
                write!(f, "{command} does not take \"{extra}\".")
            }
            CommandError::BadPly(text) => write!(
                f,
                "boxes takes MENACE's move number (boxes 3), a ply (boxes ply 4), or on, off, changed, not \"{text}\"."
            ),
            CommandError::BadBox(why) => write!(f, "{why}."),
            CommandError::BadPreset(why) => write!(f, "Not a preset: {why}."),
            CommandError::BadOpponent(why) => write!(f, "Not an opponent: {why}."),
            CommandError::BadTraining(why) => write!(f, "{why}."),
            CommandError::BadDepth(why) => write!(f, "{why}."),
            CommandError::BadLearner(why) => write!(f, "{why}."),
        }
    }
}

impl std::error::Error for CommandError {}
