//! Why a stone may not go where it was asked: the rules' answers, in words.

use super::renju::Foul;
use std::fmt;

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalStone {
    Taken(String),
    OffTheBoard,
    /// The swap opening's first stone goes in the centre.
    CentreFirst(String),
    /// Renju forbids black this cell.
    Forbidden(String, Foul),
    /// `swap` only after the first three stones, once.
    NoSwap,
    GameOver,
}

impl fmt::Display for IllegalStone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalStone::Taken(cell) => write!(f, "{cell} is taken"),
            IllegalStone::OffTheBoard => write!(f, "that cell is off the board"),
            IllegalStone::CentreFirst(centre) => write!(
                f,
                "in the swap opening black's first stone goes in the centre, {centre}"
            ),
            IllegalStone::Forbidden(cell, foul) => write!(
                f,
                "{cell} would make {}, which renju forbids black",
                foul.words()
            ),
            IllegalStone::NoSwap => write!(
                f,
                "swap is white's choice once the first three stones are down, and only then"
            ),
            IllegalStone::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalStone {}
