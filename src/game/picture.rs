//! A whole position as one line of text, the "picture" (`X...O....` for the classic
//! board): what `solve POS`, `box POS`, lesson positions and game records are written in.
//! Every game reads and writes its own; this module holds the parts they share.

use super::Player;
use std::fmt;

/// Why a line of text is not a position of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PictureError {
    /// The marks part has the wrong number of cells.
    WrongLength {
        expected: usize,
        found: usize,
    },
    BadCharacter(char),
    /// X moves first, so X has as many marks as O or one more.
    ImpossibleCounts {
        x: u32,
        o: u32,
    },
    /// Something the rules cannot produce, in the game's words.
    Impossible(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::WrongLength { expected, found } => write!(
                f,
                "a position here is {expected} cells (., X or O), not {found}"
            ),
            PictureError::BadCharacter(c) => {
                write!(f, "a position uses only '.', 'X' and 'O', not {c:?}")
            }
            PictureError::ImpossibleCounts { x, o } => write!(
                f,
                "{x} X and {o} O cannot happen: X moves first, so X has as many marks as O or one more"
            ),
            PictureError::Impossible(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PictureError {}

/// Reads `cells` marks (`.`, `X`, `O`, any case; `/` may separate rows and is skipped),
/// one per cell in order, for a board of any size.
pub fn read_cells(text: &str, cells: usize) -> Result<Vec<Option<Player>>, PictureError> {
    let marks: Vec<char> = text.chars().filter(|c| *c != '/').collect();
    if marks.len() != cells {
        return Err(PictureError::WrongLength {
            expected: cells,
            found: marks.len(),
        });
    }
    marks
        .into_iter()
        .map(|c| match c.to_ascii_uppercase() {
            '.' => Ok(None),
            'X' => Ok(Some(Player::X)),
            'O' => Ok(Some(Player::O)),
            other => Err(PictureError::BadCharacter(other)),
        })
        .collect()
}

/// [`read_cells`] for a board of at most 64 cells, as two bit masks (bit `i` for the
/// `i`-th cell read); bigger boards keep the cells as they are read.
pub fn read_marks(text: &str, cells: usize) -> Result<(u64, u64), PictureError> {
    if cells > 64 {
        return Err(PictureError::Impossible(format!(
            "a board of {cells} cells does not fit one 64-bit mask a player"
        )));
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (index, cell) in read_cells(text, cells)?.into_iter().enumerate() {
        match cell {
            Some(Player::X) => x |= 1 << index,
            Some(Player::O) => o |= 1 << index,
            None => {}
        }
    }
    Ok((x, o))
}

/// Checks the mark counts of a game where every move adds one mark, X first.
pub fn check_counts(x: u64, o: u64) -> Result<(), PictureError> {
    check_count_numbers(x.count_ones(), o.count_ones())
}

/// The same from the numbers of marks, for boards of any size.
pub fn check_count_numbers(x: u32, o: u32) -> Result<(), PictureError> {
    if x == o || x == o + 1 {
        Ok(())
    } else {
        Err(PictureError::ImpossibleCounts { x, o })
    }
}

/// Writes cells `0..cells` as marks, with `/` before every `row`-th cell if `row` is set.
pub fn write_marks(
    cells: usize,
    row: Option<usize>,
    at: impl Fn(usize) -> Option<Player>,
) -> String {
    let mut text = String::with_capacity(cells + cells / 4);
    for cell in 0..cells {
        if let Some(row) = row
            && cell > 0
            && cell % row == 0
        {
            text.push('/');
        }
        text.push(at(cell).map_or('.', Player::symbol));
    }
    text
}

/// Splits a picture into its marks and an optional second word (who moves, the last
/// column ...), refusing more words.
pub fn split_suffix(text: &str) -> Result<(&str, Option<&str>), PictureError> {
    let mut words = text.split_whitespace();
    let marks = words.next().unwrap_or("");
    let suffix = words.next();
    if let Some(extra) = words.next() {
        return Err(PictureError::Impossible(format!(
            "a position is its cells and at most one word after them, not also \"{extra}\""
        )));
    }
    Ok((marks, suffix))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_of_a_board_of_any_size_read_back() {
        // 81 cells, as ultimate tic-tac-toe will have: no 64-bit mask is assumed.
        let text: String = (0..81).map(|i| ['.', 'X', 'O'][i % 3]).collect();
        let cells = read_cells(&text, 81).unwrap();
        assert_eq!(cells.len(), 81);
        let written = write_marks(81, Some(9), |cell| cells[cell]);
        assert_eq!(read_cells(&written, 81).unwrap(), cells);
        assert!(read_marks(&text, 81).is_err());
        assert_eq!(
            read_cells("X.", 3),
            Err(PictureError::WrongLength {
                expected: 3,
                found: 2
            })
        );
        assert_eq!(read_cells("X?.", 3), Err(PictureError::BadCharacter('?')));
    }
}
