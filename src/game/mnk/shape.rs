//! The geometry of one board of the family: its lines of `k` cells and its symmetries,
//! worked out once per rule set and shared by every position (a position is two bit
//! masks and a reference to this).
//!
//! Cells are numbered row by row from the top, `row * width + column`, as the picture
//! writes them; files `a`.. run left to right and ranks `1`.. bottom to top, so `a1` is
//! the bottom-left corner and the top-left cell is `a` + the height, as in `four.rs`.

use crate::game::Symmetry;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The rules of one board: its size, how many in a row win, whether the left and right
/// edges are glued into a cylinder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MnkRules {
    /// Columns (files a, b, ...).
    pub width: u8,
    /// Rows (ranks 1, 2, ...).
    pub height: u8,
    /// How many marks in a row win.
    pub k: u8,
    /// The left and right edges are glued: rows and diagonals run on round the back.
    pub cylinder: bool,
}

impl MnkRules {
    pub fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }
}

/// What every position of a rule set shares.
#[derive(Debug)]
pub struct Shape {
    pub rules: MnkRules,
    /// Every line of `k` cells as a mask, each once (on a cylinder with `k` equal to the
    /// width a whole row is one line, however far round it starts).
    pub lines: Vec<u64>,
    /// The lines through each cell.
    pub through: Vec<Vec<u64>>,
    /// Every cell.
    pub full: u64,
    /// Symmetry `i` sends cell `c` to `maps[i][c]`; the identity first.
    pub maps: Vec<Vec<u8>>,
    /// How a board relates to its image under symmetry `i`, in a few words.
    pub words: Vec<String>,
    /// `byte_images[i][b][v]`: the image under symmetry `i` of the cells of byte `b`
    /// of a mask whose value there is `v`. A mask's image is then one lookup per byte
    /// of the board (two on 4x4) instead of one per mark: the canonical form, asked
    /// for at every move MENACE and perfect play make, is most of a trained game's time.
    byte_images: Vec<Vec<[u64; 256]>>,
}

/// The shared shape of `rules`, made the first time it is asked for. A program meets a
/// handful of rule sets, so each is made once and kept for the program's life (that is
/// what lets a position be `Copy`).
pub fn shape(rules: MnkRules) -> &'static Shape {
    static SHAPES: OnceLock<Mutex<HashMap<MnkRules, &'static Shape>>> = OnceLock::new();
    let mut shapes = SHAPES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    shapes
        .entry(rules)
        .or_insert_with(|| Box::leak(Box::new(Shape::new(rules))))
}

impl Shape {
    fn new(rules: MnkRules) -> Shape {
        let (w, h, k) = (
            i32::from(rules.width),
            i32::from(rules.height),
            i32::from(rules.k),
        );
        let cell = |row: i32, column: i32| -> Option<u32> {
            let column = if rules.cylinder {
                column.rem_euclid(w)
            } else {
                column
            };
            ((0..h).contains(&row) && (0..w).contains(&column)).then_some((row * w + column) as u32)
        };
        let mut lines: Vec<u64> = Vec::new();
        for row in 0..h {
            for column in 0..w {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Option<Vec<u32>> = (0..k)
                        .map(|i| cell(row + i * dr, column + i * dc))
                        .collect();
                    let Some(cells) = cells else { continue };
                    let mask = cells.iter().fold(0u64, |mask, c| mask | 1 << c);
                    // A wrapped row of more than `width` cells would use a cell twice:
                    // the start refuses it (k <= width on a cylinder).
                    if mask.count_ones() == rules.k as u32 && !lines.contains(&mask) {
                        lines.push(mask);
                    }
                }
            }
        }
        let cells = rules.cells();
        let through = (0..cells)
            .map(|c| {
                lines
                    .iter()
                    .copied()
                    .filter(|line| line & (1 << c) != 0)
                    .collect()
            })
            .collect();
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let (maps, words) = symmetries(rules);
        let bytes = cells.div_ceil(8);
        let byte_images = maps
            .iter()
            .map(|map| {
                (0..bytes)
                    .map(|byte| {
                        let mut table = [0u64; 256];
                        for (value, image) in table.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let cell = byte * 8 + bit;
                                if value & (1 << bit) != 0 && cell < map.len() {
                                    *image |= 1 << map[cell];
                                }
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        Shape {
            rules,
            lines,
            through,
            full,
            maps,
            words,
            byte_images,
        }
    }

    /// The image of a set of cells under symmetry `index`.
    pub fn map_mask(&self, index: usize, mask: u64) -> u64 {
        self.byte_images[index]
            .iter()
            .enumerate()
            .fold(0, |image, (byte, table)| {
                image | table[((mask >> (8 * byte)) & 0xff) as usize]
            })
    }

    /// A cell's name: file letter, rank number from the bottom (`a1` bottom-left).
    pub fn cell_name(&self, cell: usize) -> String {
        let w = usize::from(self.rules.width);
        let h = usize::from(self.rules.height);
        format!("{}{}", (b'a' + (cell % w) as u8) as char, h - cell / w)
    }
}

/// The maps that keep the lines, with their words. A square has the 8 of
/// [`Symmetry::ALL`] (in that order), any other rectangle the 4 that keep it upright
/// (half turn, mirrors left-right and top-bottom). A cylinder has no left or right edge:
/// it turns round its axis by any number of columns, mirrors left-right, flips top to
/// bottom, and combinations of these (4 x width maps); it is not turned a quarter.
fn symmetries(rules: MnkRules) -> (Vec<Vec<u8>>, Vec<String>) {
    let (w, h) = (usize::from(rules.width), usize::from(rules.height));
    let build = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<u8> {
        (0..w * h)
            .map(|cell| {
                let (r, c) = f(cell / w, cell % w);
                (r * w + c) as u8
            })
            .collect()
    };
    let mut maps = Vec::new();
    let mut words = Vec::new();
    if rules.cylinder {
        for flip in [false, true] {
            for mirror in [false, true] {
                for turn in 0..w {
                    maps.push(build(&|r, c| {
                        let r = if flip { h - 1 - r } else { r };
                        let c = if mirror { w - 1 - c } else { c };
                        (r, (c + turn) % w)
                    }));
                    words.push(cylinder_words(flip, mirror, turn, w));
                }
            }
        }
        return (maps, words);
    }
    let square = w == h;
    let chosen: &[Symmetry] = if square {
        &Symmetry::ALL
    } else {
        &[
            Symmetry::Identity,
            Symmetry::HalfTurn,
            Symmetry::MirrorLeftRight,
            Symmetry::MirrorTopBottom,
        ]
    };
    let n = w; // only read by the quarter turns and diagonals, which need a square
    for symmetry in chosen {
        maps.push(build(&|r, c| match symmetry {
            Symmetry::Identity => (r, c),
            Symmetry::QuarterTurnClockwise => (c, n - 1 - r),
            Symmetry::HalfTurn => (h - 1 - r, w - 1 - c),
            Symmetry::QuarterTurnAnticlockwise => (n - 1 - c, r),
            Symmetry::MirrorLeftRight => (r, w - 1 - c),
            Symmetry::MirrorTopBottom => (h - 1 - r, c),
            Symmetry::MirrorMainDiagonal => (c, r),
            Symmetry::MirrorAntiDiagonal => (n - 1 - c, n - 1 - r),
        }));
        let last = (b'a' + (n - 1) as u8) as char;
        // The diagonals are named in this board's own cells, as four.rs names them.
        words.push(match symmetry.inverse() {
            Symmetry::MirrorMainDiagonal => format!("flipped on a{n}-{last}1"),
            Symmetry::MirrorAntiDiagonal => format!("flipped on {last}{n}-a1"),
            other => other.describe().to_string(),
        });
    }
    (maps, words)
}

/// How the board relates to its image under a cylinder map: the words of the inverse
/// map (the mirrors are their own inverses; turning right is undone by turning left).
fn cylinder_words(flip: bool, mirror: bool, turn: usize, width: usize) -> String {
    let mut parts = Vec::new();
    if flip {
        parts.push("mirrored top-bottom".to_string());
    }
    if mirror {
        parts.push("mirrored left-right".to_string());
    }
    if turn != 0 {
        // The map turns `turn` columns right. A plain turn is undone by turning the
        // rest of the way round; a mirror with a turn is its own inverse.
        let count = if mirror { turn } else { width - turn };
        parts.push(format!(
            "turned {count} column{} right round the cylinder",
            if count == 1 { "" } else { "s" }
        ));
    }
    if parts.is_empty() {
        "as drawn".to_string()
    } else {
        parts.join(", ")
    }
}
