//! A quantum Morris position at rest as the index sees it: each piece's place as one
//! of 45 codes (36 spooky pairs, 9 classical points), each side's pieces a sorted set of
//! codes, and the images of a position under the board's 8 symmetries, by const tables.
use crate::game::Player;
use crate::game::quantum::Mark;
use crate::game::{Square, Symmetry};

/// Codes of a piece's place: 0-35 spooky pairs (a < b), 36-44 classical points.
pub const CODES: usize = 45;
const CLASSICAL: u8 = 36;

/// The spooky pair of each code below 36.
const PAIRS: [(u8, u8); 36] = {
    let mut pairs = [(0, 0); 36];
    let (mut a, mut n) = (0u8, 0);
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            pairs[n] = (a, b);
            n += 1;
            b += 1;
        }
        a += 1;
    }
    pairs
};

/// The code of each spooky pair, either way round.
const PAIR_CODE: [[u8; 9]; 9] = {
    let mut table = [[0u8; 9]; 9];
    let mut n = 0;
    while n < 36 {
        let (a, b) = PAIRS[n];
        table[a as usize][b as usize] = n as u8;
        table[b as usize][a as usize] = n as u8;
        n += 1;
    }
    table
};

/// The code of a mark.
pub fn code(mark: Mark) -> u8 {
    match mark {
        Mark::Classical(p) => CLASSICAL + p,
        Mark::Spooky(a, b) => PAIR_CODE[usize::from(a) % 9][usize::from(b) % 9],
    }
}

/// The mark a code stands for.
pub fn mark(code: u8) -> Mark {
    if code >= CLASSICAL {
        Mark::Classical(code - CLASSICAL)
    } else {
        let (a, b) = PAIRS[usize::from(code)];
        Mark::Spooky(a, b)
    }
}

/// A position at rest: each side's codes, sorted, and who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rest {
    /// X's codes then O's, each sorted ascending in its first `lens` places.
    pub sides: [[u8; 3]; 2],
    pub lens: [u8; 2],
    pub next: Player,
}

impl Rest {
    /// The empty board, X to place.
    pub const START: Rest = Rest {
        sides: [[0; 3]; 2],
        lens: [0, 0],
        next: Player::X,
    };

    /// A side's codes.
    pub fn side(&self, side: usize) -> &[u8] {
        &self.sides[side][..usize::from(self.lens[side])]
    }

    /// The marks in the rules' placing order (x1, o1, x2, ...), with the number placed.
    pub fn marks(&self) -> ([Mark; 6], usize) {
        let mut marks = [Mark::Classical(0); 6];
        for side in 0..2 {
            for (i, c) in self.side(side).iter().enumerate() {
                marks[2 * i + side] = mark(*c);
            }
        }
        (marks, usize::from(self.lens[0] + self.lens[1]))
    }

    /// The position of `marks` (placing order), with `next` to move, codes sorted.
    pub fn from_marks(marks: &[Mark], next: Player) -> Rest {
        let mut rest = Rest {
            sides: [[0; 3]; 2],
            lens: [0, 0],
            next,
        };
        for (piece, m) in marks.iter().enumerate() {
            let side = piece % 2;
            rest.sides[side][usize::from(rest.lens[side])] = code(*m);
            rest.lens[side] += 1;
        }
        for side in 0..2 {
            sort3(&mut rest.sides[side], rest.lens[side]);
        }
        rest
    }

    /// The image under symmetry `s`, codes sorted again.
    pub fn transformed(&self, s: usize) -> Rest {
        let mut image = *self;
        for side in 0..2 {
            let len = usize::from(self.lens[side]);
            for i in 0..len {
                image.sides[side][i] = SYMMETRIES.0[s][usize::from(self.sides[side][i])];
            }
            sort3(&mut image.sides[side], self.lens[side]);
        }
        image
    }

    /// The position as the game's picture writes it (`LL-MM,MM,start X`), pieces in
    /// placing order: `QuantumMorris`'s `from_picture` reads it back.
    pub fn picture(&self) -> String {
        let (marks, placed) = self.marks();
        let name = |p: u8| Square::ALL[usize::from(p) % 9].name();
        let pieces: Vec<String> = marks[..placed]
            .iter()
            .map(|m| match *m {
                Mark::Spooky(a, b) => format!("{}-{}", name(a), name(b)),
                Mark::Classical(p) => name(p),
            })
            .collect();
        let pieces = if pieces.is_empty() {
            "start".to_string()
        } else {
            pieces.join(",")
        };
        format!("{pieces} {}", self.next)
    }

    /// This position with one more piece for `side` (on `code`), `next` to move: a
    /// placement that settles nothing, without going through the marks.
    pub fn with_added(&self, side: usize, code: u8, next: Player) -> Rest {
        let mut child = *self;
        child.sides[side][usize::from(child.lens[side])] = code;
        child.lens[side] += 1;
        sort3(&mut child.sides[side], child.lens[side]);
        child.next = next;
        child
    }

    /// This position with `side`'s piece at `place` (its place in the sorted set) on
    /// `code` instead, `next` to move: a move that settles nothing.
    pub fn with_replaced(&self, side: usize, place: usize, code: u8, next: Player) -> Rest {
        let mut child = *self;
        child.sides[side][place] = code;
        sort3(&mut child.sides[side], child.lens[side]);
        child.next = next;
        child
    }

    /// The section of the dense space: the pieces placed, and in play who moves.
    pub(super) fn section(&self) -> usize {
        match (self.lens, self.next) {
            ([3, 3], Player::O) => 7,
            ([x, o], _) => usize::from(x + o),
        }
    }
}

/// Sorts the first `len` (at most 3) codes: a sorting network, as this is done for
/// every move of every position.
fn sort3(codes: &mut [u8; 3], len: u8) {
    let swap = |codes: &mut [u8; 3], i: usize, j: usize| {
        if codes[i] > codes[j] {
            codes.swap(i, j);
        }
    };
    if len >= 2 {
        swap(codes, 0, 1);
    }
    if len == 3 {
        swap(codes, 1, 2);
        swap(codes, 0, 1);
    }
}

/// Each symmetry as a table from code to code.
pub(super) struct SymmetryTables(pub(super) [[u8; CODES]; 8]);

pub(super) static SYMMETRIES: SymmetryTables = SymmetryTables(symmetry_tables());

const fn symmetry_tables() -> [[u8; CODES]; 8] {
    let mut tables = [[0u8; CODES]; 8];
    let mut s = 0;
    while s < 8 {
        let mut c = 0;
        while c < CODES {
            let image = if c >= CLASSICAL as usize {
                CLASSICAL + map_point(s, (c - CLASSICAL as usize) as u8)
            } else {
                let (a, b) = PAIRS[c];
                let (p, q) = (map_point(s, a), map_point(s, b));
                let (p, q) = if p < q { (p, q) } else { (q, p) };
                let mut n = 0;
                while PAIRS[n].0 != p || PAIRS[n].1 != q {
                    n += 1;
                }
                n as u8
            };
            tables[s][c] = image;
            c += 1;
        }
        s += 1;
    }
    tables
}

/// Where symmetry `s` sends a point: the same table as [`Symmetry::map`], checked by a
/// test, written here so the code tables are built at compile time.
const fn map_point(s: usize, point: u8) -> u8 {
    let (r, c) = (point / 3, point % 3);
    let (r, c) = match s {
        0 => (r, c),
        1 => (c, 2 - r),
        2 => (2 - r, 2 - c),
        3 => (2 - c, r),
        4 => (r, 2 - c),
        5 => (2 - r, c),
        6 => (c, r),
        _ => (2 - c, 2 - r),
    };
    3 * r + c
}

/// Whether the const table above agrees with the game's own symmetries.
pub fn symmetries_agree() -> bool {
    (0..8).all(|s| {
        let symmetry = Symmetry::from_index(s);
        (0..9u8)
            .all(|p| symmetry.is_some_and(|sym| sym.map(usize::from(p)) as u8 == map_point(s, p)))
    })
}
