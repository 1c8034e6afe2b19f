//! Why a move of the gravity family was refused, in one sentence.

use super::board::Push;
use std::fmt;

/// Names a cell: column letter and row number from the bottom, `d3`.
pub(super) fn cell_name(row: usize, column: usize) -> String {
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalDrop {
    /// Upright: the column is full.
    Full(u8),
    /// Circular: the cell a push enters through is taken.
    Blocked {
        push: Push,
        line: u8,
        row: u8,
        column: u8,
    },
    /// Upright: the column has the opponent's last mark on top.
    OnTopOfLast(u8),
    /// Circular: the mark would come to rest against the opponent's last mark, here.
    AgainstLast {
        row: u8,
        column: u8,
    },
    NoSuchLine(u8),
    GameOver,
}

impl fmt::Display for IllegalDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |column: u8| (b'a' + column) as char;
        match *self {
            IllegalDrop::Full(column) => write!(f, "column {} is full", letter(column)),
            IllegalDrop::Blocked {
                push,
                line,
                row,
                column,
            } => {
                let line = match push {
                    Push::Down | Push::Up => format!("column {}", letter(line)),
                    Push::Left | Push::Right => format!("row {}", line + 1),
                };
                write!(
                    f,
                    "{} is taken, so nothing enters {line} from {}",
                    cell_name(row.into(), column.into()),
                    push.wall()
                )
            }
            IllegalDrop::OnTopOfLast(column) => write!(
                f,
                "column {} has the opponent's last mark on top",
                letter(column)
            ),
            IllegalDrop::AgainstLast { row, column } => write!(
                f,
                "that mark would come to rest against the opponent's last mark at {}",
                cell_name(row.into(), column.into())
            ),
            IllegalDrop::NoSuchLine(line) => write!(f, "there is no column or row {line}"),
            IllegalDrop::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalDrop {}
