//! Noughts and crosses in a cube: `n` in a row along any line of an `n`x`n`x`n` cube.
//! The 3x3x3 cube (seed 001) has 49 lines; Qubic, the 4x4x4 cube (seed 000), has 76. The
//! lines and the 48 symmetries of the cube (6 orders of the axes times 8 reflections) are
//! computed, not typed in.
//!
//! Cells are numbered layer by layer from the top, row by row, as in seed 000. On the 3x3x3
//! cube a move is the layer digit (1 top, 3 bottom) and the classic two letters: `2MM` is
//! the centre of the cube. On bigger cubes a move is the cell number.

use super::picture::{PictureError, check_counts, read_marks, write_marks};
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player};
use std::fmt;
use std::sync::OnceLock;

/// The 3x3x3 cube of seed 001.
pub const CUBE: Declaration = Declaration {
    name: "cube",
    about: "3x3x3 cube, three in a row along any of its 49 lines",
    options: &[GameOption {
        name: "misere",
        help: "3-D giveaway (the survey of variants): whoever makes three in a row loses",
        value: None,
    }],
    notation: "layer 1-3 (top to bottom), then row and column letters: 2MM is the centre",
    example: "2MM",
    too_big_for_menace: None,
};

/// Qubic, the 4x4x4 cube of seed 000: four in a row along any of its 76 lines.
pub const QUBIC: Declaration = Declaration {
    name: "qubic",
    about: "4x4x4 cube, four in a row along any of its 76 lines",
    options: &[],
    notation: "a cell number 0-63: 16 x layer + 4 x row + column, from the top layer, row by row, left to right (0 and 3: far corners on top; 60 and 63: near corners at the bottom)",
    example: "21",
    too_big_for_menace: None,
};

impl Declared for Cube {
    fn start(
        declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Cube, String> {
        if declaration.name == QUBIC.name {
            Ok(Cube::new(4))
        } else if options.contains(&"misere") {
            Ok(Cube::misere())
        } else {
            Ok(Cube::new(3))
        }
    }

    fn three_cube(&self) -> Option<&Cube> {
        (self.geometry().size == 3).then_some(self)
    }
}

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
                                // Only lines that start at the cube's edge and reach across.
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
        // Seed 000's "inner" automorphisms of the 4x4x4 cube: one permutation of the
        // values 0..3 applied to every coordinate at once. Swapping 1 and 2 (the middle
        // of every line) or 0 with 1 and 2 with 3 keeps every line a line, though it
        // moves neighbours apart; with both, 4 maps. The 3x3x3 cube has none beyond its
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
        self.lines.iter().fold(0, |cells, line| {
            let missing = line & !mine;
            let one = missing != 0 && missing & (missing - 1) == 0 && theirs & line == 0;
            cells | (missing & u64::from(one).wrapping_neg())
        })
    }

    /// Where `symmetry` sends the cells of `mask`. Qubic's 192 maps use seed 000's
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
    pub fn canonical(&self, x: u64, o: u64) -> ((u64, u64), usize) {
        (0..self.symmetries.len())
            .map(|symmetry| ((self.image(symmetry, x), self.image(symmetry, o)), symmetry))
            .min()
            .unwrap_or(((x, o), 0))
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

/// A cell of a cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CubeCell(pub u8);

/// Why a cube move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalCubeMove {
    /// The cell, named as moves are typed (`2MM`, or Qubic's number).
    Occupied(String),
    OffTheCube(CubeCell),
    GameOver,
}

impl fmt::Display for IllegalCubeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalCubeMove::Occupied(name) => write!(f, "{name} is taken"),
            IllegalCubeMove::OffTheCube(cell) => write!(f, "there is no cell {}", cell.0),
            IllegalCubeMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalCubeMove {}

/// A position in a cube game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube {
    size: u8,
    x: u64,
    o: u64,
    /// Set by the move that completed a line (who made it): only the lines through
    /// that cell are looked at.
    winner: Option<Player>,
    /// 3-D giveaway: the player who makes a line loses.
    misere: bool,
}

const ROW_LETTERS: [char; 3] = ['L', 'M', 'R'];
const ROW_LETTERS_TEXT: [&str; 3] = ["L", "M", "R"];

impl Cube {
    /// The empty `size` cube (3 or 4).
    pub fn new(size: usize) -> Cube {
        Cube {
            size: if size == 4 { 4 } else { 3 },
            x: 0,
            o: 0,
            winner: None,
            misere: false,
        }
    }

    /// The empty 3x3x3 cube of the giveaway game, where a line loses.
    pub fn misere() -> Cube {
        Cube {
            misere: true,
            ..Cube::new(3)
        }
    }

    /// Whether a line loses (3-D giveaway).
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(usize::from(self.size))
    }

    fn full(&self) -> u64 {
        let cells = self.geometry().cells;
        if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        }
    }

    /// Who holds a cell.
    pub fn at(&self, cell: usize) -> Option<Player> {
        super::owner(self.x, self.o, cell)
    }

    /// The marks of a player, a bit per cell.
    pub fn marks(&self, player: Player) -> u64 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// Cells where `player` would complete a line at once.
    pub fn winning_cells(&self, player: Player) -> u64 {
        self.geometry()
            .winning_cells(self.marks(player), self.marks(player.opponent()))
    }
}

impl Game for Cube {
    type Move = CubeCell;
    type IllegalMove = IllegalCubeMove;
    type BadNotation = BadMove;
    type Key = (u64, u64);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        super::turn(self.x.count_ones(), self.o.count_ones())
    }

    fn ply(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<CubeCell>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let mut empty = self.full() & !(self.x | self.o);
        while empty != 0 {
            out.push(CubeCell(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
    }

    fn play(&mut self, cell: CubeCell) -> Result<(), IllegalCubeMove> {
        let index = usize::from(cell.0);
        if index >= self.geometry().cells {
            return Err(IllegalCubeMove::OffTheCube(cell));
        }
        if self.is_over() {
            return Err(IllegalCubeMove::GameOver);
        }
        if self.at(index).is_some() {
            return Err(IllegalCubeMove::Occupied(if self.size == 3 {
                self.move_name(cell)
            } else {
                format!("cell {}", cell.0)
            }));
        }
        let me = self.to_move();
        match me {
            Player::X => self.x |= 1 << index,
            Player::O => self.o |= 1 << index,
        }
        let geometry = self.geometry();
        let marks = self.marks(me);
        if geometry.lines_through[index]
            .iter()
            .any(|line| marks & geometry.lines[*line] == geometry.lines[*line])
        {
            self.winner = Some(me);
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(maker) = self.winner {
            Some(Outcome::Win(if self.misere {
                maker.opponent()
            } else {
                maker
            }))
        } else if self.x | self.o == self.full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// In giveaway the winner made no line: the note says who did.
    fn result_note(&self) -> Option<String> {
        let maker = self.winner.filter(|_| self.misere)?;
        Some(format!(
            "{maker} made three in a row, and in giveaway a line loses."
        ))
    }

    fn parse_move(&self, text: &str) -> Result<CubeCell, BadMove> {
        let text = text.trim();
        if self.size == 3 {
            let chars: Vec<char> = text.chars().collect();
            let [layer, row, column] = chars[..] else {
                return Err(BadMove(format!(
                    "a cube move is a layer digit and two letters, like 2MM, not \"{text}\""
                )));
            };
            let layer = layer
                .to_digit(10)
                .filter(|d| (1..=3).contains(d))
                .ok_or_else(|| BadMove(format!("the layer is 1, 2 or 3, not '{layer}'")))?;
            let letter = |c: char| {
                ROW_LETTERS
                    .iter()
                    .position(|l| *l == c.to_ascii_uppercase())
            };
            let row =
                letter(row).ok_or_else(|| BadMove(format!("the row is L, M or R, not '{row}'")))?;
            let column = letter(column)
                .ok_or_else(|| BadMove(format!("the column is L, M or R, not '{column}'")))?;
            Ok(CubeCell(
                ((layer as usize - 1) * 9 + row * 3 + column) as u8,
            ))
        } else {
            text.parse::<u8>()
                .ok()
                .filter(|cell| usize::from(*cell) < self.geometry().cells)
                .map(CubeCell)
                .ok_or_else(|| {
                    BadMove(format!(
                        "a move is a cell number from 0 to 63, not \"{text}\""
                    ))
                })
        }
    }

    fn move_name(&self, cell: CubeCell) -> String {
        let index = usize::from(cell.0);
        if self.size == 3 {
            format!(
                "{}{}{}",
                index / 9 + 1,
                ROW_LETTERS[(index / 3) % 3],
                ROW_LETTERS[index % 3]
            )
        } else {
            index.to_string()
        }
    }

    fn key(&self) -> (u64, u64) {
        (self.x, self.o)
    }

    /// The layers from the top, `/` between them.
    fn picture(&self) -> String {
        let geometry = self.geometry();
        write_marks(
            geometry.cells,
            Some(geometry.size * geometry.size),
            |cell| self.at(cell),
        )
    }

    fn from_picture(&self, text: &str) -> Result<Cube, PictureError> {
        let geometry = self.geometry();
        let (x, o) = read_marks(text.trim(), geometry.cells)?;
        check_counts(x, o)?;
        let lined = |marks: u64| geometry.lines.iter().any(|line| marks & line == *line);
        let winner = match (lined(x), lined(o)) {
            (true, true) => {
                return Err(PictureError::Impossible(
                    "both players cannot have a line: play stops at the first".into(),
                ));
            }
            (true, false) => Some(Player::X),
            (false, true) => Some(Player::O),
            (false, false) => None,
        };
        Ok(Cube {
            size: self.size,
            x,
            o,
            winner,
            misere: self.misere,
        })
    }

    /// One panel per layer, side by side.
    fn view(&self) -> BoardView {
        let geometry = self.geometry();
        let size = geometry.size;
        let line: u64 = geometry
            .lines
            .iter()
            .filter(|line| self.x & **line == **line || self.o & **line == **line)
            .fold(0, |cells, line| cells | line);
        // Qubic's cells are numbers: each row is labelled with its first cell and each
        // column with what to add, so cell = row label + column label.
        let columns: Vec<String> = (0..size).map(|n| n.to_string()).collect();
        BoardView {
            layout: Layout::Spaced,
            panels: (0..size)
                .map(|layer| {
                    let firsts: Vec<String> = (0..size)
                        .map(|row| (layer * size * size + row * size).to_string())
                        .collect();
                    let (rows, columns): (Vec<&str>, Vec<&str>) = if size == 3 {
                        (ROW_LETTERS_TEXT.to_vec(), ROW_LETTERS_TEXT.to_vec())
                    } else {
                        (
                            firsts.iter().map(String::as_str).collect(),
                            columns.iter().map(String::as_str).collect(),
                        )
                    };
                    grid_panel(
                        // The cube's layers are typed 1-3; Qubic's cells count them
                        // from 0 (cell = 16 x layer + 4 x row + column).
                        &format!("layer {}", if size == 3 { layer + 1 } else { layer }),
                        &rows,
                        &columns,
                        |row, column| layer * size * size + row * size + column,
                        |cell| self.at(cell),
                        |cell| line & (1 << cell) != 0,
                    )
                })
                .collect(),
        }
    }

    fn symmetry_count(&self) -> usize {
        self.geometry().symmetries.len()
    }

    fn transformed(&self, index: usize) -> Cube {
        let geometry = self.geometry();
        if index >= geometry.symmetries.len() {
            return *self;
        }
        Cube {
            size: self.size,
            x: geometry.image(index, self.x),
            o: geometry.image(index, self.o),
            winner: self.winner,
            misere: self.misere,
        }
    }

    fn transform_move(&self, cell: CubeCell, index: usize) -> CubeCell {
        self.geometry()
            .symmetries
            .get(index)
            .and_then(|map| map.get(usize::from(cell.0)))
            .map_or(cell, |image| CubeCell(*image))
    }

    fn order_moves(&self, moves: &mut [CubeCell]) {
        let me = self.to_move();
        let wins = self.winning_cells(me);
        let blocks = self.winning_cells(me.opponent());
        let geometry = self.geometry();
        if self.misere {
            // In giveaway a line loses: cells that complete one of the mover's lines go
            // last, and the fewer lines a cell lies on the safer it is.
            moves.sort_by_key(|cell| {
                let bit = 1u64 << cell.0;
                (
                    wins & bit != 0,
                    geometry.lines_through[usize::from(cell.0)].len(),
                )
            });
            return;
        }
        moves.sort_by_key(|cell| {
            let bit = 1u64 << cell.0;
            let urgency = if wins & bit != 0 {
                0
            } else if blocks & bit != 0 {
                1
            } else {
                2
            };
            (
                urgency,
                usize::MAX - geometry.lines_through[usize::from(cell.0)].len(),
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_3x3x3_cube_has_49_lines_and_qubic_76() {
        assert_eq!(Geometry::of(3).lines.len(), 49);
        assert_eq!(Geometry::of(4).lines.len(), 76);
    }

    /// The one-bit test of a line agrees with counting its marks, on random boards of
    /// both cubes (marks may overlap: the test is on the bits alone).
    #[test]
    fn winning_cells_agree_with_counting_each_lines_marks() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        for size in [3, 4] {
            let geometry = Geometry::of(size);
            let cells = if size == 4 { u64::MAX } else { (1 << 27) - 1 };
            for _ in 0..2000 {
                let (mine, theirs): (u64, u64) = (rng.random(), rng.random());
                let (mine, theirs) = (mine & rng.random::<u64>() & cells, theirs & cells);
                let theirs = theirs & rng.random::<u64>() & !mine;
                let counted = geometry
                    .lines
                    .iter()
                    .filter(|line| {
                        (mine & **line).count_ones() as usize == size - 1 && theirs & **line == 0
                    })
                    .fold(0, |found, line| found | (line & !mine));
                assert_eq!(geometry.winning_cells(mine, theirs), counted);
            }
        }
    }

    #[test]
    fn qubic_corners_and_centres_lie_on_7_lines_the_rest_on_4() {
        let geometry = Geometry::of(4);
        let sevens = (0..64)
            .filter(|c| geometry.lines_through[*c].len() == 7)
            .count();
        let fours = (0..64)
            .filter(|c| geometry.lines_through[*c].len() == 4)
            .count();
        assert_eq!((sevens, fours), (16, 48));
    }

    #[test]
    fn the_centre_of_the_3x3x3_cube_is_on_13_lines() {
        assert_eq!(Geometry::of(3).lines_through[13].len(), 13);
        // Lesson 10: a corner is on 7 (3 edges, 3 face diagonals, 1 through the centre).
        for corner in [0, 2, 6, 8, 18, 20, 24, 26] {
            assert_eq!(Geometry::of(3).lines_through[corner].len(), 7);
        }
    }

    #[test]
    fn the_symmetries_are_distinct_permutations_that_keep_lines_lines() {
        // 48 rotations and reflections; Qubic also has seed 000's 4 inner maps.
        for (size, count) in [(3, 48), (4, 192)] {
            let geometry = Geometry::of(size);
            assert_eq!(geometry.symmetries.len(), count);
            let distinct: std::collections::HashSet<&Vec<u8>> =
                geometry.symmetries.iter().collect();
            assert_eq!(distinct.len(), count);
            let lines: std::collections::HashSet<u64> = geometry.lines.iter().copied().collect();
            for symmetry in 0..count {
                let images: std::collections::HashSet<u64> = geometry
                    .lines
                    .iter()
                    .map(|line| geometry.image(symmetry, *line))
                    .collect();
                // Onto: the images are the lines themselves, each once.
                assert_eq!(images, lines, "symmetry {symmetry}");
            }
        }
    }

    #[test]
    fn table_images_equal_bit_by_bit_images() {
        let geometry = Geometry::of(4);
        let mut mask = 0x9e37_79b9_7f4a_7c15u64;
        for symmetry in 0..192 {
            for _ in 0..20 {
                mask = mask.rotate_left(7) ^ mask.wrapping_mul(0x2545_f491_4f6c_dd1d);
                assert_eq!(
                    geometry.image(symmetry, mask),
                    geometry.image_bit_by_bit(symmetry, mask)
                );
            }
        }
    }

    /// Seed 001 says a 4x4x4 game can end in a draw: a full board, 32 X and 32 O, with
    /// no four alike on any of the 76 lines. Found here by a seeded local search (swap
    /// an X and an O while that lowers the number of one-mark lines), then checked.
    #[test]
    fn a_full_qubic_board_without_a_line_exists() {
        use rand::{RngExt, SeedableRng};
        let geometry = Geometry::of(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let one_mark_lines = |x: u64| {
            geometry
                .lines
                .iter()
                .filter(|line| x & **line == **line || x & **line == 0)
                .count()
        };
        let mut found = None;
        'tries: for _ in 0..50 {
            // 32 X among the 64 cells.
            let mut cells: Vec<u8> = (0..64).collect();
            for index in (1..64).rev() {
                cells.swap(index, rng.random_range(0..=index));
            }
            let mut x = cells[..32].iter().fold(0u64, |m, c| m | 1 << c);
            for _ in 0..20_000 {
                let bad = one_mark_lines(x);
                if bad == 0 {
                    found = Some(x);
                    break 'tries;
                }
                let from = rng.random_range(0..64);
                let to = rng.random_range(0..64);
                if x & (1 << from) == 0 || x & (1 << to) != 0 {
                    continue;
                }
                let moved = x & !(1 << from) | 1 << to;
                if one_mark_lines(moved) <= bad {
                    x = moved;
                }
            }
        }
        let x = found.expect("a drawn full board");
        assert_eq!(x.count_ones(), 32);
        let picture: String = (0..64)
            .map(|cell| if x & (1 << cell) != 0 { 'X' } else { 'O' })
            .collect::<Vec<_>>()
            .chunks(16)
            .map(|layer| layer.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        let board = Cube::new(4).from_picture(&picture).unwrap();
        assert_eq!(board.outcome(), Some(Outcome::Draw), "{picture}");
    }

    #[test]
    fn qubics_192_maps_form_a_group() {
        let geometry = Geometry::of(4);
        let maps: std::collections::HashSet<&Vec<u8>> = geometry.symmetries.iter().collect();
        let compose = |a: &Vec<u8>, b: &Vec<u8>| -> Vec<u8> {
            (0..64).map(|cell| a[usize::from(b[cell])]).collect()
        };
        let identity: Vec<u8> = (0..64).collect();
        assert!(maps.contains(&identity));
        for a in &geometry.symmetries {
            // Closure: every composition is one of the maps.
            for b in &geometry.symmetries {
                assert!(maps.contains(&compose(a, b)));
            }
            // Inverses: some map undoes each one.
            assert!(
                geometry
                    .symmetries
                    .iter()
                    .any(|b| compose(a, b) == identity)
            );
        }
    }

    #[test]
    fn qubics_cells_fall_into_two_orbits_seven_line_cells_and_four_line_cells() {
        let geometry = Geometry::of(4);
        let mut orbits: Vec<std::collections::BTreeSet<u8>> = Vec::new();
        for cell in 0..64u8 {
            if orbits.iter().any(|orbit| orbit.contains(&cell)) {
                continue;
            }
            orbits.push(
                geometry
                    .symmetries
                    .iter()
                    .map(|map| map[usize::from(cell)])
                    .collect(),
            );
        }
        assert_eq!(orbits.len(), 2, "{orbits:?}");
        let mut sizes: Vec<(usize, usize)> = orbits
            .iter()
            .map(|orbit| {
                let lines: std::collections::BTreeSet<usize> = orbit
                    .iter()
                    .map(|cell| geometry.lines_through[usize::from(*cell)].len())
                    .collect();
                assert_eq!(lines.len(), 1, "an orbit's cells lie on as many lines");
                (orbit.len(), *lines.iter().next().unwrap())
            })
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![(16, 7), (48, 4)]);
        // So there are two kinds of first move: cell 0 (a corner) and cell 1.
        assert_ne!(
            orbits.iter().position(|orbit| orbit.contains(&0)),
            orbits.iter().position(|orbit| orbit.contains(&1))
        );
    }

    #[test]
    fn moves_are_named_and_parsed_alike() {
        let cube = Cube::new(3);
        for cell in cube.legal_moves() {
            assert_eq!(cube.parse_move(&cube.move_name(cell)), Ok(cell));
        }
        assert_eq!(cube.parse_move("2mm"), Ok(CubeCell(13)));
        assert!(cube.parse_move("4MM").is_err());
        assert!(cube.parse_move("2MX").is_err());
        let qubic = Cube::new(4);
        assert_eq!(qubic.parse_move("63"), Ok(CubeCell(63)));
        assert!(qubic.parse_move("64").is_err());
    }

    #[test]
    fn a_line_through_the_centre_wins() {
        let mut cube = Cube::new(3);
        for name in ["1LL", "1LM", "2MM", "1LR", "3RR"] {
            cube.play(cube.parse_move(name).unwrap()).unwrap();
        }
        assert_eq!(cube.outcome(), Some(Outcome::Win(Player::X)));
        assert!(cube.legal_moves().is_empty());
    }
}
