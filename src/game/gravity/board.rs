//! The geometry of the gravity family: where a pushed mark comes to rest, which lines
//! count, and how linetris clears a full edge. Cells are bits `row * width + column` of a
//! u128, row 0 at the bottom, so the 15x8 board of `five` fits as the 8x8 board does.

/// The way a mark travels. Upright games only drop (`Down`); `circular` pushes from any
/// of the four walls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Push {
    /// Enters at the top of a column and falls: `dv` (plain `d` upright).
    Down,
    /// Enters at the bottom of a column and rises: `d^`.
    Up,
    /// Enters at the right end of a row and slides left: `3<`.
    Left,
    /// Enters at the left end of a row and slides right: `3>`.
    Right,
}

impl Push {
    pub const ALL: [Push; 4] = [Push::Down, Push::Up, Push::Left, Push::Right];

    /// The step a mark takes, in rows and columns.
    pub fn step(self) -> (i32, i32) {
        match self {
            Push::Down => (-1, 0),
            Push::Up => (1, 0),
            Push::Left => (0, -1),
            Push::Right => (0, 1),
        }
    }

    /// The arrow written after the line in circular notation.
    pub fn arrow(self) -> char {
        match self {
            Push::Down => 'v',
            Push::Up => '^',
            Push::Left => '<',
            Push::Right => '>',
        }
    }

    /// The wall a mark pushed this way enters through, in words.
    pub fn wall(self) -> &'static str {
        match self {
            Push::Down => "the top",
            Push::Up => "the bottom",
            Push::Left => "the right",
            Push::Right => "the left",
        }
    }
}

/// A move as a byte: the push in the high bits, the column or row (0-based) in the low
/// four, so that an upright drop is just its column.
pub fn encode(push: Push, line: usize) -> u8 {
    let high = match push {
        Push::Down => 0,
        Push::Up => 1,
        Push::Left => 2,
        Push::Right => 3,
    };
    (high << 4) | line as u8
}

/// The push and line of a move byte.
pub fn decode(mv: u8) -> (Push, usize) {
    (Push::ALL[usize::from(mv >> 4) & 3], usize::from(mv & 15))
}

/// The board's size and the length of a winning line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    pub width: usize,
    pub height: usize,
    pub goal: u32,
}

/// The four directions a line can run in (the other four are their reverses).
pub const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Shape {
    pub fn cells(self) -> usize {
        self.width * self.height
    }

    pub fn bit(self, row: usize, column: usize) -> u128 {
        1u128 << (row * self.width + column)
    }

    /// Every cell of the board.
    pub fn board(self) -> u128 {
        if self.cells() == 128 {
            u128::MAX
        } else {
            (1u128 << self.cells()) - 1
        }
    }

    /// The bottom row.
    pub fn bottom(self) -> u128 {
        (1u128 << self.width) - 1
    }

    /// The top row.
    pub fn top(self) -> u128 {
        self.bottom() << ((self.height - 1) * self.width)
    }

    /// The left column.
    pub fn left(self) -> u128 {
        (0..self.height).fold(0, |mask, row| mask | self.bit(row, 0))
    }

    /// The right column.
    pub fn right(self) -> u128 {
        self.left() << (self.width - 1)
    }

    pub fn inside(self, row: i32, column: i32) -> bool {
        (0..self.height as i32).contains(&row) && (0..self.width as i32).contains(&column)
    }

    /// How many lines of the board a push may enter: columns for `Down` and `Up`, rows
    /// for `Left` and `Right`.
    pub fn lines(self, push: Push) -> usize {
        match push {
            Push::Down | Push::Up => self.width,
            Push::Left | Push::Right => self.height,
        }
    }

    /// The cell (row, column) a push along `line` enters through.
    pub fn entrance(self, push: Push, line: usize) -> (usize, usize) {
        match push {
            Push::Down => (self.height - 1, line),
            Push::Up => (0, line),
            Push::Left => (line, self.width - 1),
            Push::Right => (line, 0),
        }
    }

    /// Where a mark pushed along `line` comes to rest among `occupied`: the last empty
    /// cell before the first occupied one or the far wall; `None` if the entrance is
    /// taken.
    pub fn landing(self, occupied: u128, push: Push, line: usize) -> Option<(usize, usize)> {
        let (row, column) = self.entrance(push, line);
        if occupied & self.bit(row, column) != 0 {
            return None;
        }
        let (dr, dc) = push.step();
        let (mut r, mut c) = (row as i32, column as i32);
        while self.inside(r + dr, c + dc)
            && occupied & self.bit((r + dr) as usize, (c + dc) as usize) == 0
        {
            r += dr;
            c += dc;
        }
        Some((r as usize, c as usize))
    }

    /// The length of the run of `marks` through (row, column) along one direction and its
    /// reverse, the cell itself counted.
    #[inline(always)]
    pub fn run(self, marks: u128, row: i32, column: i32, dr: i32, dc: i32) -> u32 {
        let mut count = 1;
        for sign in [1, -1] {
            let (mut r, mut c) = (row + sign * dr, column + sign * dc);
            while self.inside(r, c) && marks & self.bit(r as usize, c as usize) != 0 {
                count += 1;
                r += sign * dr;
                c += sign * dc;
            }
        }
        count
    }

    /// True if a line of `goal` or more of `marks` runs through (row, column).
    #[inline]
    pub fn line_through(self, marks: u128, row: usize, column: usize) -> bool {
        DIRECTIONS
            .iter()
            .any(|(dr, dc)| self.run(marks, row as i32, column as i32, *dr, *dc) >= self.goal)
    }

    /// The cells of every line of `goal` or more of `marks` (empty if there is none).
    pub fn lines_of(self, marks: u128) -> u128 {
        let goal = self.goal as i32;
        let mut found = 0;
        for row in 0..self.height as i32 {
            for column in 0..self.width as i32 {
                for (dr, dc) in DIRECTIONS {
                    let cells: Option<u128> = (0..goal)
                        .map(|k| (row + k * dr, column + k * dc))
                        .try_fold(0, |mask, (r, c)| {
                            let inside =
                                self.inside(r, c) && marks & self.bit(r as usize, c as usize) != 0;
                            inside.then(|| mask | self.bit(r as usize, c as usize))
                        });
                    found |= cells.unwrap_or(0);
                }
            }
        }
        found
    }

    /// The full edges of the board among `walls` (the bottom row only, upright; all four
    /// edges, circular), as the pushes that shift the field toward each.
    pub fn full_edges(self, occupied: u128, walls: &[Push]) -> Vec<Push> {
        walls
            .iter()
            .copied()
            .filter(|wall| {
                let edge = self.edge(*wall);
                occupied & edge == edge
            })
            .collect()
    }

    /// The edge a push moves toward: the bottom row for `Down`, and so on.
    pub fn edge(self, toward: Push) -> u128 {
        match toward {
            Push::Down => self.bottom(),
            Push::Up => self.top(),
            Push::Left => self.left(),
            Push::Right => self.right(),
        }
    }

    /// `mask` with the edge toward `toward` removed and everything else moved one step
    /// that way, as linetris clears a full edge.
    pub fn shift(self, mask: u128, toward: Push) -> u128 {
        let kept = mask & !self.edge(toward);
        let moved = match toward {
            Push::Down => kept >> self.width,
            Push::Up => kept << self.width,
            Push::Left => kept >> 1,
            Push::Right => kept << 1,
        };
        moved & self.board()
    }

    /// The image of a cell under the same shift, or `None` if it vanished.
    pub fn shift_cell(self, cell: usize, toward: Push) -> Option<usize> {
        let moved = self.shift(1u128 << cell, toward);
        (moved != 0).then(|| moved.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EIGHT: Shape = Shape {
        width: 8,
        height: 8,
        goal: 4,
    };

    #[test]
    fn moves_encode_and_decode() {
        for push in Push::ALL {
            for line in 0..15 {
                assert_eq!(decode(encode(push, line)), (push, line));
            }
        }
        assert_eq!(encode(Push::Down, 3), 3, "an upright drop is its column");
    }

    #[test]
    fn a_push_from_each_wall_slides_to_the_first_blocked_cell() {
        // One mark at d5 (row 4, column 3).
        let occupied = EIGHT.bit(4, 3);
        assert_eq!(EIGHT.landing(occupied, Push::Down, 3), Some((5, 3)));
        assert_eq!(EIGHT.landing(occupied, Push::Up, 3), Some((3, 3)));
        assert_eq!(EIGHT.landing(occupied, Push::Left, 4), Some((4, 4)));
        assert_eq!(EIGHT.landing(occupied, Push::Right, 4), Some((4, 2)));
        // Nothing in the way: to the far wall.
        assert_eq!(EIGHT.landing(occupied, Push::Down, 0), Some((0, 0)));
        assert_eq!(EIGHT.landing(occupied, Push::Up, 0), Some((7, 0)));
        assert_eq!(EIGHT.landing(occupied, Push::Left, 0), Some((0, 0)));
        assert_eq!(EIGHT.landing(occupied, Push::Right, 0), Some((0, 7)));
        // A taken entrance refuses the push.
        assert_eq!(EIGHT.landing(EIGHT.bit(7, 3), Push::Down, 3), None);
        assert_eq!(EIGHT.landing(EIGHT.bit(2, 0), Push::Right, 2), None);
    }

    #[test]
    fn shifts_drop_the_edge_and_move_the_rest() {
        let cell = |row, column| EIGHT.bit(row, column);
        let mask = EIGHT.bottom() | cell(1, 0) | cell(3, 7);
        assert_eq!(EIGHT.shift(mask, Push::Down), cell(0, 0) | cell(2, 7));
        // Column a goes (a1 and a2 with it); the rest moves one column left.
        assert_eq!(
            EIGHT.shift(mask, Push::Left),
            (EIGHT.bottom() & !cell(0, 0)) >> 1 | cell(3, 6)
        );
        assert_eq!(EIGHT.shift(EIGHT.top(), Push::Up), 0);
        assert_eq!(EIGHT.shift(cell(3, 7), Push::Right), 0);
        assert_eq!(EIGHT.shift(cell(3, 6), Push::Right), cell(3, 7));
        assert_eq!(EIGHT.shift_cell(9, Push::Down), Some(1));
        assert_eq!(EIGHT.shift_cell(1, Push::Down), None);
    }

    #[test]
    fn lines_are_found_in_every_direction() {
        let across = (0..4).fold(0, |m, c| m | EIGHT.bit(2, c + 2));
        let slant = (0..4).fold(0, |m, k| m | EIGHT.bit(k, 7 - k));
        assert_eq!(EIGHT.lines_of(across), across);
        assert_eq!(EIGHT.lines_of(slant), slant);
        assert!(EIGHT.line_through(slant, 1, 6));
        assert_eq!(EIGHT.lines_of(across & !EIGHT.bit(2, 4)), 0);
        let wide = Shape {
            width: 15,
            height: 8,
            goal: 5,
        };
        let five = (0..5).fold(0, |m, c| m | wide.bit(0, c + 10));
        assert_eq!(wide.lines_of(five), five);
        assert_eq!(wide.lines_of(five & !wide.bit(0, 14)), 0);
    }
}
