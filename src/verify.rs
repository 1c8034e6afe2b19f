//! The independent checker of a Qubic proof. It shares no code with the search that
//! wrote the proof, nor with the game's own geometry: it works out the 76 lines from
//! scratch, and then only replays. From each position the proof gives X's move; every
//! reply of O is tried, and each must lead either to a position the proof covers or to
//! one where X completes a line at once. So a bug in the prover cannot hide in here.
//!
//! The replay goes level by level, on every core: each child of a position has two
//! more marks than it, so the positions of one level (one number of marks) can be
//! checked side by side, their children gathered, and each checked once. Every level
//! is kept in a fixed order (its positions sorted), and the error reported is the
//! first of the shallowest level with one: the same on every run and any number of
//! threads.

use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

mod file;
pub use file::{MAX_PROOF_BYTES, MEMORY_PER_BYTE, Moves, read};

/// The 76 lines of the 4x4x4 cube as masks over cells numbered 16·layer + 4·row +
/// column: every line of four cells in a straight line, in any of the 13 directions.
fn lines() -> Vec<u64> {
    let mut lines = HashSet::new();
    let cell = |layer: i32, row: i32, column: i32| (16 * layer + 4 * row + column) as u32;
    for step_layer in -1i32..=1 {
        for step_row in -1i32..=1 {
            for step_column in -1i32..=1 {
                if (step_layer, step_row, step_column) == (0, 0, 0) {
                    continue;
                }
                for layer in 0..4 {
                    for row in 0..4 {
                        for column in 0..4 {
                            let cells: Option<Vec<u32>> = (0..4)
                                .map(|k| {
                                    let (l, r, c) = (
                                        layer + k * step_layer,
                                        row + k * step_row,
                                        column + k * step_column,
                                    );
                                    ((0..4).contains(&l)
                                        && (0..4).contains(&r)
                                        && (0..4).contains(&c))
                                    .then(|| cell(l, r, c))
                                })
                                .collect();
                            if let Some(cells) = cells {
                                lines.insert(cells.iter().fold(0u64, |mask, c| mask | 1 << c));
                            }
                        }
                    }
                }
            }
        }
    }
    let mut lines: Vec<u64> = lines.into_iter().collect();
    lines.sort_unstable();
    lines
}

/// The 192 maps of the cube onto itself that keep lines lines, worked out here from
/// their description in the Qubic article: the 48 rotations and reflections (the three
/// coordinates permuted, each perhaps reversed) times the 4 maps that apply one
/// permutation of the values 0..3 to every coordinate at once (none; 1 and 2 swapped;
/// 0 with 1 and 2 with 3; both). Each is checked to send the 76 lines onto the 76 lines.
fn symmetries(lines: &[u64]) -> Result<Vec<[u8; 64]>, String> {
    let swap_middle = [0usize, 2, 1, 3];
    let swap_pairs = [1usize, 0, 3, 2];
    let both: Vec<usize> = (0..4).map(|value| swap_middle[swap_pairs[value]]).collect();
    let inner: [&[usize]; 4] = [&[0, 1, 2, 3], &swap_middle, &swap_pairs, &both];
    let mut maps = Vec::new();
    for permutation in inner {
        for first in 0..3 {
            for second in 0..3 {
                if first == second {
                    continue;
                }
                // The axis left over: 0 + 1 + 2 = 3.
                let third = 3 - first - second;
                for reversed in 0..8 {
                    let mut map = [0u8; 64];
                    for (cell, image) in map.iter_mut().enumerate() {
                        let coordinates =
                            [cell / 16, (cell / 4) % 4, cell % 4].map(|value| permutation[value]);
                        let moved = [first, second, third].map(|axis| coordinates[axis]);
                        let mut at = [0; 3];
                        for axis in 0..3 {
                            at[axis] = if reversed & (1 << axis) != 0 {
                                3 - moved[axis]
                            } else {
                                moved[axis]
                            };
                        }
                        *image = (16 * at[0] + 4 * at[1] + at[2]) as u8;
                    }
                    maps.push(map);
                }
            }
        }
    }
    let image = |map: &[u8; 64], mask: u64| {
        (0..64).fold(0u64, |image, cell| {
            image | ((mask >> cell) & 1) << map[cell]
        })
    };
    for map in &maps {
        for line in lines {
            if !lines.contains(&image(map, *line)) {
                return Err("a symmetry of the checker does not keep lines lines".into());
            }
        }
    }
    Ok(maps)
}

/// The reflections of the cube (each of the three axes perhaps reversed) in Gray code
/// order, from none: at each step one more axis is reversed or put back, named by the
/// lower of its coordinate's two bits in a cell's number (16·layer + 4·row + column:
/// 4 for the layer, 2 for the row, 0 for the column). Reversing a coordinate 0..3
/// flips both of its bits.
const GRAY_AXES: [u8; 7] = [0, 2, 0, 4, 0, 2, 0];

/// Flips bit `bit` of every cell's number: the marks on cells with that bit clear swap
/// with those on cells with it set.
#[inline(always)]
fn flip(marks: u64, bit: u8) -> u64 {
    const KEEP: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let (keep, shift) = (KEEP[usize::from(bit)], 1u32 << bit);
    ((marks & keep) << shift) | ((marks >> shift) & keep)
}

/// Reverses the axis whose coordinate's lower bit is `low`.
#[inline(always)]
fn reverse(marks: u64, low: u8) -> u64 {
    flip(flip(marks, low), low + 1)
}

/// A hasher for the proof's positions (two boards): a multiply and a final mix, fast
/// where the standard one is built to resist chosen keys, which a proof file's
/// positions cannot be turned into here (at worst slower, never wrong).
#[derive(Default)]
struct Mixing(u64);

impl std::hash::Hasher for Mixing {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(31);
    }

    fn finish(&self) -> u64 {
        let mut mixed = self.0;
        mixed ^= mixed >> 33;
        mixed = mixed.wrapping_mul(0xff51_afd7_ed55_8ccd);
        mixed ^ (mixed >> 33)
    }
}

/// One of the 192 maps: a base map, then a reflection (the bits of a cell's number it
/// flips).
#[derive(Clone, Copy)]
struct Map {
    base: u8,
    reflection: u8,
}

type ProofTable = HashMap<(u64, u64), u8, std::hash::BuildHasherDefault<Mixing>>;

struct Checker {
    lines: Vec<u64>,
    /// The lines through each cell.
    through: Vec<Vec<u64>>,
    /// The 24 maps that reverse no axis, each as the image of every value of each of
    /// the 8 bytes of a board. Every one of the 192 maps is one of them followed by a
    /// reflection (checked when they are made), so a position's 192 images are 24
    /// looked up and 7 reflections of each, a few shifts and masks apiece: far less
    /// than 192 lookups in 3 MB of tables.
    bases: Vec<[[u64; 256]; 8]>,
    /// The same 24 maps cell by cell, to carry one cell.
    base_cells: Vec<[u8; 64]>,
    /// X's move by canonical position, as this checker canonicalises the proof's own
    /// entries (which may be written in any frame).
    proof: ProofTable,
}

impl Checker {
    /// Works out the lines and the maps, and checks that there are 76 and 192 of them
    /// and that each map is a base followed by a reflection.
    fn new() -> Result<Checker, String> {
        let lines = lines();
        if lines.len() != 76 {
            return Err(format!("the checker found {} lines, not 76", lines.len()));
        }
        let maps = symmetries(&lines)?;
        let distinct: HashSet<[u8; 64]> = maps.iter().copied().collect();
        if distinct.len() != 192 {
            return Err(format!(
                "the checker found {} symmetries, not 192",
                distinct.len()
            ));
        }
        // The maps come in runs of 8, one per reflection, the first reversing no axis:
        // the first of each run is a base. What the images below do, each base then
        // the reflections in Gray code order, must make the 192 maps again.
        let bases: Vec<[u8; 64]> = maps.iter().step_by(8).copied().collect();
        let reflections: Vec<u8> = std::iter::once(0)
            .chain(GRAY_AXES.iter().scan(0u8, |flipped, low| {
                *flipped ^= 3 << low;
                Some(*flipped)
            }))
            .collect();
        let composed: HashSet<[u8; 64]> = bases
            .iter()
            .flat_map(|base| {
                reflections
                    .iter()
                    .map(move |reflection| base.map(|image| image ^ reflection))
            })
            .collect();
        if bases.len() != 24 || composed != distinct {
            return Err("the checker's maps are not its 24 bases times 8 reflections".into());
        }
        let through = (0..64)
            .map(|cell| {
                lines
                    .iter()
                    .copied()
                    .filter(|line| line & (1 << cell) != 0)
                    .collect()
            })
            .collect();
        let tables = bases
            .iter()
            .map(|map| {
                let mut tables = [[0u64; 256]; 8];
                for (byte, table) in tables.iter_mut().enumerate() {
                    for (value, image) in table.iter_mut().enumerate() {
                        for bit in 0..8 {
                            if value & (1 << bit) != 0 {
                                *image |= 1 << map[8 * byte + bit];
                            }
                        }
                    }
                }
                tables
            })
            .collect();
        Ok(Checker {
            lines,
            through,
            bases: tables,
            base_cells: bases,
            proof: ProofTable::default(),
        })
    }

    fn has_line(&self, marks: u64) -> bool {
        self.lines.iter().any(|line| marks & line == *line)
    }

    /// Whether `marks`, just played on `cell`, make a line (only lines through it can).
    fn has_line_through(&self, marks: u64, cell: u32) -> bool {
        self.through[cell as usize]
            .iter()
            .any(|line| marks & line == *line)
    }

    /// The cells where X completes a line at once, and those where O does.
    fn finishing_cells(&self, x: u64, o: u64) -> (u64, u64) {
        self.lines.iter().fold((0, 0), |(for_x, for_o), line| {
            let (mine, theirs) = (x & line, o & line);
            (
                for_x
                    | if mine.count_ones() == 3 && theirs == 0 {
                        line ^ mine
                    } else {
                        0
                    },
                for_o
                    | if theirs.count_ones() == 3 && mine == 0 {
                        line ^ theirs
                    } else {
                        0
                    },
            )
        })
    }

    /// The image of a board under a base map (8 lookups).
    #[inline(always)]
    fn base_image(&self, base: usize, board: u64) -> u64 {
        let tables = &self.bases[base];
        let mut image = 0;
        for (byte, table) in tables.iter().enumerate() {
            image |= table[((board >> (8 * byte)) & 0xff) as usize];
        }
        image
    }

    /// The image of a board under one map.
    fn image(&self, map: Map, board: u64) -> u64 {
        [0, 2, 4]
            .into_iter()
            .filter(|low| map.reflection & (1 << low) != 0)
            .fold(self.base_image(usize::from(map.base), board), reverse)
    }

    /// The image of one cell under one map.
    fn cell_image(&self, map: Map, cell: u32) -> u32 {
        u32::from(self.base_cells[usize::from(map.base)][cell as usize] ^ map.reflection)
    }

    /// The least image of X's marks under the 192 maps, and every map that gives it:
    /// the canonical form is the least image of X's marks, then of O's under those
    /// maps alone. Each base's image is looked up, its 7 reflections made from it.
    fn least_for_x(&self, x: u64) -> (u64, Vec<Map>) {
        // All 192 first, then the least, then the maps that give it: three plain loops
        // with no branch to guess wrong in the first two.
        let mut images = [0u64; 192];
        for (base, run) in images.chunks_exact_mut(8).enumerate() {
            let mut image = self.base_image(base, x);
            run[0] = image;
            for (slot, low) in run[1..].iter_mut().zip(GRAY_AXES) {
                image = reverse(image, low);
                *slot = image;
            }
        }
        let least = images.iter().copied().min().unwrap_or(u64::MAX);
        let mut giving = Vec::new();
        for (at, image) in images.iter().enumerate() {
            if *image == least {
                let reflection = GRAY_AXES[..at % 8]
                    .iter()
                    .fold(0u8, |reflection, low| reflection ^ 3 << low);
                giving.push(Map {
                    base: (at / 8) as u8,
                    reflection,
                });
            }
        }
        (least, giving)
    }

    /// The smallest image of the position (X's marks first, then O's).
    fn canonical(&self, x: u64, o: u64) -> (u64, u64) {
        let (x, maps) = self.least_for_x(x);
        let o = maps.iter().map(|map| self.image(*map, o)).min();
        (x, o.unwrap_or(u64::MAX))
    }

    /// The smallest image of the position, with X's move on `cell` carried there (the
    /// least such cell where maps that give the same image carry it differently).
    fn canonical_move(&self, x: u64, o: u64, cell: u8) -> ((u64, u64), u8) {
        let (x, maps) = self.least_for_x(x);
        let (o, moved) = maps
            .iter()
            .map(|map| (self.image(*map, o), self.cell_image(*map, u32::from(cell))))
            .min()
            .unwrap_or((u64::MAX, 0));
        ((x, o), moved as u8)
    }

    /// The proof's entries in this checker's own canonical frame: each stored position
    /// (in whatever frame the file wrote it) is turned into its smallest image, and its
    /// move with it, on every core. Where two entries turn out to be one position, the
    /// first is kept: a correct proof's moves all win, and the check replays the one
    /// kept.
    fn canonicalise(&self, given: &Moves) -> Result<ProofTable, String> {
        for (&(x, o), &cell) in given {
            if x & o != 0 {
                return Err(format!(
                    "the proof's position {} has a cell marked twice",
                    picture(x, o)
                ));
            }
            if (x | o) & (1u64 << cell) != 0 {
                return Err(format!(
                    "the proof plays X on {cell} in {}, which is not empty",
                    picture(x, o)
                ));
            }
        }
        let entries: Vec<(&(u64, u64), &u8)> = given.iter().collect();
        let turned: Vec<((u64, u64), u8)> = entries
            .par_iter()
            .map(|&(&(x, o), &cell)| self.canonical_move(x, o, cell))
            .collect();
        let mut proof = ProofTable::with_capacity_and_hasher(turned.len(), Default::default());
        for (key, cell) in turned {
            proof.entry(key).or_insert(cell);
        }
        Ok(proof)
    }

    /// Checks one position of the proof with X to move (in canonical form, and with no
    /// line for X to finish at once): the proof's move, then every reply of O's. `Ok`
    /// with the positions after O's replies that still need checking (X cannot finish
    /// a line at once there), in canonical form.
    fn expand(&self, x: u64, o: u64) -> Result<Vec<(u64, u64)>, String> {
        let Some(&cell) = self.proof.get(&(x, o)) else {
            return Err(format!(
                "the proof has no move for X in the position {}",
                picture(x, o)
            ));
        };
        let bit = 1u64 << cell;
        if (x | o) & bit != 0 {
            return Err(format!(
                "the proof plays X on {cell} in {}, which is not empty",
                picture(x, o)
            ));
        }
        let before = (x, o);
        let x = x | bit;
        if self.has_line_through(x, u32::from(cell)) {
            return Ok(Vec::new());
        }
        let empty = !(x | o);
        if empty == 0 {
            return Err("the proof's line ends in a full board with no line: a draw".into());
        }
        let (for_x, for_o) = self.finishing_cells(x, o);
        if for_o != 0 {
            return Err(format!(
                "O wins by replying {} after X's {cell} in the position {}",
                for_o.trailing_zeros(),
                picture(before.0, before.1)
            ));
        }
        // A reply that leaves X a line to finish needs no checking: with two such
        // cells, none does; with one, only the reply on it; with none, every reply.
        let mut replies = match for_x.count_ones() {
            0 => empty,
            1 => for_x,
            _ => 0,
        };
        if replies == 0 {
            return Ok(Vec::new());
        }
        // X's marks are the same after every reply: their least image and the maps
        // giving it are worked out once, and so are O's marks under those maps; each
        // reply then adds one cell to each.
        let (x, maps) = self.least_for_x(x);
        let o_images: Vec<u64> = maps.iter().map(|map| self.image(*map, o)).collect();
        let mut children = Vec::with_capacity(replies.count_ones() as usize);
        while replies != 0 {
            let reply = replies.trailing_zeros();
            replies &= replies - 1;
            let o = maps
                .iter()
                .zip(&o_images)
                .map(|(map, o)| o | 1 << self.cell_image(*map, reply))
                .min();
            children.push((x, o.unwrap_or(u64::MAX)));
        }
        Ok(children)
    }
}

/// Checks that `proof` (X's move by position, each position in any of its 192 frames)
/// wins for X, to move with marks `x` against `o`, against every defence. `Ok` with the
/// number of positions of the proof, up to symmetry, that were checked. Runs on the
/// threads of the current rayon pool; the answer, and the error, are the same on any
/// number of them.
pub fn check(x: u64, o: u64, proof: &Moves) -> Result<usize, String> {
    if x & o != 0 || x.count_ones() != o.count_ones() {
        return Err("the position is not one with X to move".into());
    }
    let mut checker = Checker::new()?;
    checker.proof = checker.canonicalise(proof)?;
    if checker.has_line(x) || checker.has_line(o) {
        return Err("the game is already over".into());
    }
    if checker.finishing_cells(x, o).0 != 0 {
        return Ok(0);
    }
    let mut level = vec![checker.canonical(x, o)];
    let mut checked = 0;
    while !level.is_empty() {
        checked += level.len();
        let expanded: Vec<Result<Vec<(u64, u64)>, String>> = level
            .par_iter()
            .map(|&(x, o)| checker.expand(x, o))
            .collect();
        let mut next = Vec::new();
        for children in expanded {
            next.extend(children?);
        }
        next.par_sort_unstable();
        next.dedup();
        level = next;
    }
    Ok(checked)
}

/// A position as the console writes Qubic: four layers of 16 cells, `/` between (its
/// own few lines here, like everything else the checker needs).
fn picture(x: u64, o: u64) -> String {
    let mut text = String::new();
    for cell in 0..64 {
        if cell > 0 && cell % 16 == 0 {
            text.push('/');
        }
        text.push(match (x >> cell & 1, o >> cell & 1) {
            (1, _) => 'X',
            (_, 1) => 'O',
            _ => '.',
        });
    }
    text
}

#[cfg(test)]
mod tests;
