//! The board of go-bang: its 96 fives, the fives through each square, each square's
//! neighbours, and square names; computed once, at compile time, so the rules need no
//! tables built at run time.

use crate::game::BadMove;

/// The side of the board.
pub const SIDE: usize = 8;

/// The board's fives (bit `rank * 8 + file` for each square, `a1` bit 0): 32 along the
/// rows, 32 along the columns, 16 up-right diagonals and 16 down-right, each from its
/// first square in that order. A player's scored fives are a 96-bit set of these.
pub const FIVES: [u64; 96] = fives();

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

const fn fives() -> [u64; 96] {
    let mut out = [0u64; 96];
    let mut n = 0;
    let mut d = 0;
    while d < 4 {
        let (dx, dy) = DIRECTIONS[d];
        let mut start: i32 = 0;
        while start < 64 {
            let (x, y) = (start % 8, start / 8);
            let (ex, ey) = (x + 4 * dx, y + 4 * dy);
            if ex >= 0 && ex < 8 && ey >= 0 && ey < 8 {
                let mut mask = 0u64;
                let mut k = 0;
                while k < 5 {
                    mask |= 1u64 << ((y + k * dy) * 8 + x + k * dx);
                    k += 1;
                }
                out[n] = mask;
                n += 1;
            }
            start += 1;
        }
        d += 1;
    }
    out
}

/// The fives through each square, as sets of indices into [`FIVES`]: a move can fill
/// only fives through the square it puts a piece on.
pub(super) const FIVES_AT: [u128; 64] = fives_at();

const fn fives_at() -> [u128; 64] {
    let mut out = [0u128; 64];
    let mut index = 0;
    while index < FIVES.len() {
        let mut cell = 0;
        while cell < 64 {
            if FIVES[index] & 1 << cell != 0 {
                out[cell] |= 1 << index;
            }
            cell += 1;
        }
        index += 1;
    }
    out
}

/// The squares next to each square, the king's step.
pub(super) const NEIGHBOURS: [u64; 64] = neighbours();

const fn neighbours() -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut cell = 0;
    while cell < 64 {
        let (x, y) = ((cell % 8) as i32, (cell / 8) as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx != 0 || dy != 0) && nx >= 0 && nx < 8 && ny >= 0 && ny < 8 {
                    out[cell] |= 1u64 << (ny * 8 + nx);
                }
                dx += 1;
            }
            dy += 1;
        }
        cell += 1;
    }
    out
}

/// The fives all of whose squares are in `stones`.
pub fn filled_fives(stones: u64) -> u128 {
    FIVES
        .iter()
        .enumerate()
        .filter(|(_, five)| stones & **five == **five)
        .fold(0, |set, (index, _)| set | 1 << index)
}

/// A square's name: `d4`.
pub fn square_name(cell: u8) -> String {
    let cell = cell % 64;
    format!("{}{}", (b'a' + cell % 8) as char, cell / 8 + 1)
}

/// Reads a square's name, or says why it is not one.
pub fn parse_square(text: &str) -> Result<u8, BadMove> {
    let lower = text.trim().to_ascii_lowercase();
    let bad = || {
        BadMove(format!(
            "a square is a column letter a-h and a row 1-8, like d4, not \"{}\"",
            crate::files::shown(&lower, 12)
        ))
    };
    match lower.as_bytes() {
        [letter @ b'a'..=b'h', row @ b'1'..=b'8'] => Ok((row - b'1') * 8 + (letter - b'a')),
        _ => Err(bad()),
    }
}
