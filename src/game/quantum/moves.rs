//! Quantum tic-tac-toe's moves, where a move's marks are now, and why a move is
//! refused, in words.

use super::MOST_SPOOKY;
use crate::game::{Player, Square};
use std::fmt;

/// A move: two squares for the mover's spooky marks (the same square twice is a
/// deterministic move), or the square a cycle's closing mark takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QuantumMove {
    Spooky(u8, u8),
    Collapse(u8),
}

/// Where one move's marks are now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Spooky in two squares.
    Spooky(u8, u8),
    /// Collapsed into one square.
    Classical(u8),
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalQuantumMove {
    GameOver,
    /// A collapse is waiting: only the choice of its square may be made.
    CollapseFirst {
        chooser: Player,
        first: u8,
        second: u8,
    },
    /// A collapse choice with no cycle waiting.
    NoCollapse,
    /// The square is not one of the closing move's two.
    NotACollapseSquare {
        square: u8,
        first: u8,
        second: u8,
    },
    Classical(u8),
    SameSquare(u8),
    Crowded(u8),
}

pub(super) fn name(square: u8) -> String {
    Square::ALL[usize::from(square) % 9].name()
}

impl fmt::Display for IllegalQuantumMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalQuantumMove::GameOver => write!(f, "the game is already over"),
            IllegalQuantumMove::CollapseFirst {
                chooser,
                first,
                second,
            } => write!(
                f,
                "a cycle must collapse first: {chooser} chooses {} or {}",
                name(first),
                name(second)
            ),
            IllegalQuantumMove::NoCollapse => write!(
                f,
                "no cycle is waiting to collapse, so a move names two squares (LL-MM)"
            ),
            IllegalQuantumMove::NotACollapseSquare {
                square,
                first,
                second,
            } => write!(
                f,
                "the closing mark is in {} and {}, so it cannot take {}",
                name(first),
                name(second),
                name(square)
            ),
            IllegalQuantumMove::Classical(square) => {
                write!(f, "{} already holds a classical mark", name(square))
            }
            IllegalQuantumMove::SameSquare(square) => write!(
                f,
                "both marks in {} is a deterministic move, which these rules forbid",
                name(square)
            ),
            IllegalQuantumMove::Crowded(square) => {
                write!(
                    f,
                    "{} already holds {MOST_SPOOKY} spooky marks",
                    name(square)
                )
            }
        }
    }
}

impl std::error::Error for IllegalQuantumMove {}
