//! Ultimate tic-tac-toe's small parts: the line and n-th-cell tables of a 3x3 board
//! (the playouts' inner loop), board and cell names, and why a move is refused.

use crate::game::BadMove;
use crate::game::view::LMR;
use std::fmt;

// The eight lines of a 3x3 board as 9-bit masks: the classic board's.
pub(crate) use crate::game::tictactoe::LINES;

pub(super) const FULL: u16 = 0b111_111_111;

/// For every set of cells of a 3x3 board (a 9-bit mask), whether it holds a line: one
/// lookup instead of eight tests, in the inner loop of random playouts.
const HAS_LINE: [bool; 512] = {
    let mut table = [false; 512];
    let mut marks = 0;
    while marks < 512 {
        let mut line = 0;
        while line < LINES.len() {
            if marks as u16 & LINES[line] == LINES[line] {
                table[marks] = true;
            }
            line += 1;
        }
        marks += 1;
    }
    table
};

/// For every set of cells (a 9-bit mask) and every `n` below its size, the `n`-th cell
/// of the set: picking a random empty cell in a playout is then one lookup, with no loop
/// for the processor to mispredict.
pub(crate) const NTH_CELL: [[u8; 9]; 512] = {
    let mut table = [[0u8; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut cell, mut found) = (0, 0);
        while cell < 9 {
            if mask & (1 << cell) != 0 {
                table[mask][found] = cell as u8;
                found += 1;
            }
            cell += 1;
        }
        mask += 1;
    }
    table
};

/// The number of cells in every set of cells (a 9-bit mask): the build targets any
/// x86-64, whose `count_ones` has no single instruction to use.
pub(crate) const CELL_COUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// For every set of cells (a 9-bit mask), the cells that would complete a line with
/// it: where a playout's policy wins or blocks a small board.
pub(crate) const COMPLETES: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut marks = 0;
    while marks < 512 {
        let mut cell = 0;
        while cell < 9 {
            let with = marks | 1 << cell;
            let mut line = 0;
            while line < LINES.len() {
                if with as u16 & LINES[line] == LINES[line] && marks & 1 << cell == 0 {
                    table[marks] |= 1 << cell;
                }
                line += 1;
            }
            cell += 1;
        }
        marks += 1;
    }
    table
};

/// The playout policy's cell in a 3x3 board not yet won, holding `mine` and `theirs`
/// with `empty` cells free: one that wins it, else one that blocks the opponent's win
/// (`pick` chooses among several); `None` when there is neither.
pub(crate) fn win_or_block(
    mine: u16,
    theirs: u16,
    empty: u16,
    pick: &mut dyn FnMut(usize) -> usize,
) -> Option<usize> {
    let choices = [
        COMPLETES[usize::from(mine & FULL)],
        COMPLETES[usize::from(theirs & FULL)],
    ]
    .into_iter()
    .map(|cells| cells & empty)
    .find(|cells| *cells != 0)?;
    let count = choices.count_ones() as usize;
    let n = pick(count).min(count - 1);
    Some(usize::from(NTH_CELL[usize::from(choices & FULL)][n]))
}

pub(crate) fn has_line(marks: u16) -> bool {
    HAS_LINE[usize::from(marks & FULL)]
}

/// A board or a cell of one, by its two letters.
pub(super) fn name(index: usize) -> String {
    format!("{}{}", LMR[index / 3], LMR[index % 3])
}

pub(crate) fn parse_pair(text: &str, what: &str) -> Result<usize, BadMove> {
    let letters: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
    let position = |c: char| "LMR".find(c);
    match letters[..] {
        [row, column] => match (position(row), position(column)) {
            (Some(row), Some(column)) => Ok(row * 3 + column),
            _ => Err(BadMove(format!(
                "the {what} is two letters from L, M and R (row, then column), not \"{text}\""
            ))),
        },
        _ => Err(BadMove(format!(
            "the {what} is two letters from L, M and R (row, then column), not \"{text}\""
        ))),
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalUltimateMove {
    OffTheBoard(u8),
    Taken(u8),
    /// The player must play in this board.
    WrongBoard {
        must: u8,
    },
    /// Under `closed`, this board takes no more moves.
    Closed(u8),
    GameOver,
}

impl fmt::Display for IllegalUltimateMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalUltimateMove::OffTheBoard(cell) => write!(f, "there is no cell {cell}"),
            IllegalUltimateMove::Taken(cell) => {
                write!(f, "{} is already taken", move_text(*cell))
            }
            IllegalUltimateMove::WrongBoard { must } => write!(
                f,
                "the last move sends you to board {}: play there, like {}.LL",
                name(usize::from(*must)),
                name(usize::from(*must))
            ),
            IllegalUltimateMove::Closed(board) => write!(
                f,
                "board {} is closed (won or full): play in an open board",
                name(usize::from(*board))
            ),
            IllegalUltimateMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalUltimateMove {}

pub(super) fn move_text(cell: u8) -> String {
    let cell = usize::from(cell);
    format!("{}.{}", name(cell / 9), name(cell % 9))
}
