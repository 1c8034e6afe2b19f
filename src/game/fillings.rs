//! Every way to fill a board with X and O, and how many of those fillings hold no line
//! of either: whether a game on fixed lines can end in a draw at all is a question about
//! full boards, answered here by counting them (Gosper's enumeration of the masks with
//! X's number of cells set), so that a lesson's "all 20,058,300 ways to fill the cube"
//! is a figure the program computes.

/// The most fillings counted; past it, `count full` says the board has too many.
pub const FILLINGS_LIMIT: u64 = 50_000_000;

/// What counting the full boards found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fillings {
    /// The board's cells.
    pub cells: u32,
    /// X's cells in a full board (X moves first: the larger half).
    pub x: u32,
    /// Every way to place X's marks, the rest O's.
    pub boards: u64,
    /// Those in which neither X nor O has a line.
    pub without_a_line: u64,
}

/// Why the full boards were not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoFillings {
    /// More than [`FILLINGS_LIMIT`] boards (or more than 63 cells).
    TooMany { cells: u32 },
    /// `go_on` answered `false` (Ctrl-C).
    Stopped,
}

/// Binomial coefficient, `None` past `u64`.
fn choose(n: u32, k: u32) -> Option<u64> {
    let mut result: u64 = 1;
    for i in 0..u64::from(k) {
        result = result.checked_mul(u64::from(n) - i)? / (i + 1);
    }
    Some(result)
}

/// Counts the full boards of `cells` cells whose winning `lines` are the given masks;
/// `go_on` is asked every million boards whether to go on.
pub fn fillings(
    cells: u32,
    lines: &[u64],
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Result<Fillings, NoFillings> {
    let x = cells.div_ceil(2);
    let too_many = NoFillings::TooMany { cells };
    if cells == 0 || cells > 63 {
        return Err(too_many);
    }
    match choose(cells, x) {
        Some(boards) if boards <= FILLINGS_LIMIT => {}
        _ => return Err(too_many),
    }
    let full: u64 = (1 << cells) - 1;
    let has_line = |marks: u64| lines.iter().any(|line| marks & line == *line);
    let mut marks: u64 = (1 << x) - 1;
    let mut boards = 0u64;
    let mut without_a_line = 0u64;
    while marks <= full {
        boards += 1;
        if !has_line(marks) && !has_line(full & !marks) {
            without_a_line += 1;
        }
        if boards.is_multiple_of(1_000_000) && !go_on(boards) {
            return Err(NoFillings::Stopped);
        }
        // Gosper's hack: the next larger mask with as many bits set.
        let lowest = marks & marks.wrapping_neg();
        let ripple = marks + lowest;
        marks = (((ripple ^ marks) >> 2) / lowest) | ripple;
    }
    Ok(Fillings {
        cells,
        x,
        boards,
        without_a_line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight lines of noughts and crosses, cells numbered row by row.
    fn classic_lines() -> Vec<u64> {
        let cells = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ];
        cells
            .iter()
            .map(|line| line.iter().map(|cell| 1u64 << cell).sum())
            .collect()
    }

    #[test]
    fn noughts_and_crosses_has_126_full_boards_and_16_of_them_are_draws() {
        let counted = fillings(9, &classic_lines(), &mut |_| true).unwrap();
        assert_eq!((counted.x, counted.boards), (5, 126));
        // Checked by hand from the other side: a board is a draw exactly when no line
        // is all X nor all O; brute force over all 2^9 boards agrees.
        let lines = classic_lines();
        let full = (1u64 << 9) - 1;
        let by_brute_force = (0..=full)
            .filter(|marks| marks.count_ones() == 5)
            .filter(|marks| {
                !lines
                    .iter()
                    .any(|line| marks & line == *line || (full & !marks) & line == *line)
            })
            .count() as u64;
        assert_eq!(counted.without_a_line, by_brute_force);
        assert_eq!(by_brute_force, 16);
    }

    #[test]
    fn too_many_boards_are_refused_before_counting() {
        assert_eq!(
            fillings(64, &[], &mut |_| true),
            Err(NoFillings::TooMany { cells: 64 })
        );
        assert_eq!(
            fillings(40, &[], &mut |_| true),
            Err(NoFillings::TooMany { cells: 40 })
        );
        assert_eq!(choose(27, 14), Some(20_058_300));
    }
}
