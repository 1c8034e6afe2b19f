//! How strategic tic-tac-toe writes its cells and boards, and why a move is refused.

use super::Target;
use crate::game::BadMove;
use crate::game::ultimate::parse_pair;
use std::fmt;

/// A cell as the seed's numbered field writes it: board, its board, cell, each 1-9.
pub(super) fn digits(cell: usize) -> String {
    format!("{}{}{}", cell / 81 + 1, cell / 9 % 9 + 1, cell % 9 + 1)
}

/// An operational board (`9 * s + t`) as two digits.
pub(super) fn digits_of_board(board: usize) -> String {
    format!("{}{}", board / 9 + 1, board % 9 + 1)
}

/// A tactical board (`5`) or an operational board (`54`) written in digits, 0-based.
pub(super) fn board_digits(text: &str) -> Option<(usize, Option<usize>)> {
    let levels: Vec<usize> = text.chars().map(digit).collect::<Option<_>>()?;
    match levels[..] {
        [s] => Some((s, None)),
        [s, t] => Some((s, Some(t))),
        _ => None,
    }
}

fn digit(c: char) -> Option<usize> {
    match c {
        '1'..='9' => Some(c as usize - '1' as usize),
        _ => None,
    }
}

/// Reads a cell: `541`, `5.4.1`, `MM.ML.LL` or `MMMLLL`.
pub(super) fn parse_cell(text: &str) -> Result<usize, BadMove> {
    let text = text.trim();
    let bad = || {
        BadMove(format!(
            "a move is three digits 1-9 (board, its board, cell) like 541, or MM.ML.LL, not \"{}\"",
            crate::files::shown(text, 20)
        ))
    };
    let parts: Vec<&str> = if text.contains('.') {
        text.split('.').collect()
    } else if text.len() == 3 && text.is_ascii() {
        vec![&text[0..1], &text[1..2], &text[2..3]]
    } else if text.len() == 6 && text.is_ascii() {
        vec![&text[0..2], &text[2..4], &text[4..6]]
    } else {
        return Err(bad());
    };
    let [s, t, o] = parts[..] else {
        return Err(bad());
    };
    let level = |part: &str, what: &str| -> Result<usize, BadMove> {
        let mut chars = part.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => digit(c).ok_or_else(bad),
            _ => parse_pair(part, what),
        }
    };
    Ok(81 * level(s, "board")? + 9 * level(t, "board in it")? + level(o, "cell")?)
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalStrategicMove {
    OffTheBoard(u16),
    Taken(u16),
    /// The player must play where the last move sent them.
    Elsewhere(Target),
    GameOver,
}

impl fmt::Display for IllegalStrategicMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalStrategicMove::OffTheBoard(cell) => write!(f, "there is no cell {cell}"),
            IllegalStrategicMove::Taken(cell) => {
                write!(f, "{} is already taken", digits(usize::from(*cell)))
            }
            IllegalStrategicMove::Elsewhere(Target::Board(board)) => {
                let board = digits_of_board(usize::from(*board));
                write!(
                    f,
                    "the last move sends you to board {board}: play there, like {board}1"
                )
            }
            IllegalStrategicMove::Elsewhere(Target::Tactical(s)) => write!(
                f,
                "the last move sends you to a full board, so you play anywhere in board {}, like {}11",
                s + 1,
                s + 1
            ),
            IllegalStrategicMove::Elsewhere(Target::Any) => write!(f, "that cell is not in play"),
            IllegalStrategicMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalStrategicMove {}
