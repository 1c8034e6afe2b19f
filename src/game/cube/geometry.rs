//! The geometry of a cube, apart from its rules: the lines and the symmetries of an
//! `n`x`n`x`n` cube, computed once per size, and the bit tricks on them (winning cells,
//! images under a symmetry, canonical forms) that Qubic's proof search calls millions of
//! times. Kept apart from `Cube` because the searches in `ai::qubic` use it alone.

use std::sync::OnceLock;

/// The geometry of one cube size: its lines, symmetries and the lines through each cell.
#[derive(Debug)]
pub struct Geometry {
    pub size: usize,
    pub cells: usize,
    /// Each line as a bit mask over the cells.
    pub lines: Vec<u64>,
    /// For each cell, the indices of the lines through it.
    pub lines_through: Vec<Vec<usize>>,
    /// For each symmetry, where each cell goes.
    pub symmetries: Vec<Vec<u8>>,
    /// Qubic's images by table (see [`Geometry::image`]); 3 MB, so only where boards
    /// fill all 64 bits.
    byte_tables: Option<Vec<[[u64; 256]; 8]>>,
}

/// The cell `mine` would finish `line` on (0 if none): `theirs` has none of it and
/// exactly one of its cells is not `mine`'s, a test of one bit with no count of marks.
#[inline(always)]
fn finishing_cell(line: u64, mine: u64, theirs: u64) -> u64 {
    let missing = line & !mine;
    let one = missing != 0 && missing & (missing - 1) == 0 && theirs & line == 0;
    missing & u64::from(one).wrapping_neg()
}

impl Geometry {
    fn compute(size: usize) -> Geometry {
        let cells = size * size * size;
        let index = |x: usize, y: usize, z: usize| z * size * size + y * size + x;
        let mut lines = Vec::new();
        // The 13 directions, each counted once (the first non-zero step is positive).
        for dx in -1i32..=1 {
            for dy in -1i32..=1 {
                for dz in -1i32..=1 {
                    let first = [dz, dy, dx].into_iter().find(|d| *d != 0);
                    if first != Some(1) {
                        continue;
                    }
                    for z in 0..size as i32 {
                        for y in 0..size as i32 {
                            for x in 0..size as i32 {
                                let end = |start: i32, step: i32| start + step * (size as i32 - 1);
                                let inside = |v: i32| (0..size as i32).contains(&v);
                                // Only lines that start at the cube's edge and reach
                                // across.
                                let before = |start: i32, step: i32| start - step;
                                if !(inside(end(x, dx)) && inside(end(y, dy)) && inside(end(z, dz)))
                                {
                                    continue;
                                }
                                if inside(before(x, dx))
                                    && inside(before(y, dy))
                                    && inside(before(z, dz))
                                {
                                    continue;
                                }
                                let mask = (0..size as i32).fold(0u64, |mask, k| {
                                    let (cx, cy, cz) = (x + k * dx, y + k * dy, z + k * dz);
                                    mask | 1 << index(cx as usize, cy as usize, cz as usize)
                                });
                                lines.push(mask);
                            }
                        }
                    }
                }
            }
        }
        lines.sort_unstable();
        lines.dedup();
        let lines_through = (0..cells)
            .map(|cell| {
                (0..lines.len())
                    .filter(|line| lines[*line] & (1 << cell) != 0)
                    .collect()
            })
            .collect();
        let mut symmetries = Vec::new();
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        // The Qubic article's "inner" automorphisms of the 4x4x4 cube: one permutation of
        // the values 0..3 applied to every coordinate at once. Swapping 1 and 2 (the middle
        // of every line) or 0 with 1 and 2 with 3 keeps every line a line, though it moves
        // neighbours apart; with both, 4 maps. The 3x3x3 cube has none beyond its
        // reflections.
        let inner: Vec<Vec<usize>> = if size == 4 {
            vec![
                vec![0, 1, 2, 3],
                vec![0, 2, 1, 3],
                vec![1, 0, 3, 2],
                // Both: 0 and 1 swapped, then 1 and 2.
                vec![2, 0, 3, 1],
            ]
        } else {
            vec![(0..size).collect()]
        };
        for permutation in &inner {
            for order in orders {
                for flips in 0..8u8 {
                    let map: Vec<u8> = (0..cells)
                        .map(|cell| {
                            let coordinates = [
                                permutation[cell % size],
                                permutation[(cell / size) % size],
                                permutation[cell / (size * size)],
                            ];
                            let mut image = [0; 3];
                            for axis in 0..3 {
                                let value = coordinates[order[axis]];
                                image[axis] = if flips & (1 << axis) != 0 {
                                    size - 1 - value
                                } else {
                                    value
                                };
                            }
                            index(image[0], image[1], image[2]) as u8
                        })
                        .collect();
                    symmetries.push(map);
                }
            }
        }
        let mut geometry = Geometry {
            size,
            cells,
            lines,
            lines_through,
            symmetries,
            byte_tables: None,
        };
        if cells == 64 {
            geometry.byte_tables = Some(geometry.build_byte_tables());
        }
        geometry
    }

    /// The geometry of the `size` cube (3 or 4), computed once.
    pub fn of(size: usize) -> &'static Geometry {
        static THREE: OnceLock<Geometry> = OnceLock::new();
        static FOUR: OnceLock<Geometry> = OnceLock::new();
        if size == 4 {
            FOUR.get_or_init(|| Geometry::compute(4))
        } else {
            THREE.get_or_init(|| Geometry::compute(3))
        }
    }

    /// The empty cells where `mine` would complete a line at once, `theirs` being the
    /// other player's marks. A line counts when `theirs` has none of it and exactly
    /// one of its cells is not `mine`: a test of one bit, with no count of marks (the
    /// build has no `popcnt` instruction, and Qubic's proof search asks this of all 76
    /// lines millions of times).
    pub fn winning_cells(&self, mine: u64, theirs: u64) -> u64 {
        self.lines
            .iter()
            .fold(0, |cells, line| cells | finishing_cell(*line, mine, theirs))
    }

    /// [`Geometry::winning_cells`] on the lines through `cell` only. After a mark of
    /// `mine` on `cell`, `mine`'s winning cells are those it had, less `cell`, and
    /// these; `theirs`' are those they had, less `cell` (a line they were one short on
    /// through `cell` was short of `cell` itself). So a search adding one mark at a
    /// time looks at 4 or 7 lines instead of all 76.
    pub fn winning_cells_through(&self, mine: u64, theirs: u64, cell: usize) -> u64 {
        self.lines_through[cell].iter().fold(0, |cells, &line| {
            cells | finishing_cell(self.lines[line], mine, theirs)
        })
    }

    /// The winning cells (`mine`'s, `theirs`') after `mine`'s mark on `cell` (which
    /// `mine` now holds), from those before it: see [`Geometry::winning_cells_through`].
    pub fn winning_after_mark(
        &self,
        (my_wins, their_wins): (u64, u64),
        mine: u64,
        theirs: u64,
        cell: usize,
    ) -> (u64, u64) {
        let bit = 1u64 << cell;
        (
            (my_wins & !bit) | self.winning_cells_through(mine, theirs, cell),
            their_wins & !bit,
        )
    }

    /// Where `symmetry` sends the cells of `mask`. Qubic's 192 maps use the Qubic article's
    /// trick: for each map, 8 tables of 256 masks, one per byte of the board, OR-ed
    /// together, with no branch; the smaller cube moves bit by bit.
    pub fn image(&self, symmetry: usize, mask: u64) -> u64 {
        match &self.byte_tables {
            Some(tables) => {
                let tables = &tables[symmetry];
                (0..8).fold(0, |image, byte| {
                    image | tables[byte][((mask >> (8 * byte)) & 0xff) as usize]
                })
            }
            None => self.image_bit_by_bit(symmetry, mask),
        }
    }

    /// The canonical form of a position: the smallest image of the pair (X's marks,
    /// O's marks) over every symmetry, with a symmetry that gives it. Proofs are stored
    /// under it, so a position and its 191 images are proved once.
    /// X's image first: O's is needed only under a map that gives X's least image so
    /// far, nearly always one, which halves the work (the proof search canonicalises
    /// every position of its proofs).
    pub fn canonical(&self, x: u64, o: u64) -> ((u64, u64), usize) {
        let mut least = ((x, o), 0);
        for symmetry in 0..self.symmetries.len() {
            let image_x = self.image(symmetry, x);
            if symmetry > 0 && image_x > least.0.0 {
                continue;
            }
            let image = (image_x, self.image(symmetry, o));
            if symmetry == 0 || image < least.0 {
                least = (image, symmetry);
            }
        }
        least
    }

    /// O's replies in the position (X's marks `x`, O's `o`, O to move), one per class of
    /// replies alike under the symmetries: the position after each reply in canonical
    /// form, with the lowest cell of its class.
    pub fn replies_up_to_symmetry(
        &self,
        x: u64,
        o: u64,
    ) -> std::collections::BTreeMap<(u64, u64), u8> {
        let mut classes = std::collections::BTreeMap::new();
        for reply in 0..self.cells as u8 {
            if (x | o) & (1 << reply) == 0 {
                let (key, _) = self.canonical(x, o | 1 << reply);
                classes.entry(key).or_insert(reply);
            }
        }
        classes
    }

    /// The same, one set bit at a time (the tables are built with it).
    pub fn image_bit_by_bit(&self, symmetry: usize, mask: u64) -> u64 {
        let map = &self.symmetries[symmetry];
        let mut rest = mask;
        let mut image = 0;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            image |= 1 << map[cell];
            rest &= rest - 1;
        }
        image
    }

    /// For each map, the image of every value of every byte of a 64-cell board.
    fn build_byte_tables(&self) -> Vec<[[u64; 256]; 8]> {
        (0..self.symmetries.len())
            .map(|symmetry| {
                let mut tables = [[0u64; 256]; 8];
                for (byte, table) in tables.iter_mut().enumerate() {
                    for (value, image) in table.iter_mut().enumerate() {
                        *image = self.image_bit_by_bit(symmetry, (value as u64) << (8 * byte));
                    }
                }
                tables
            })
            .collect()
    }
}
