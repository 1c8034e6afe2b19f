//! Noughts and crosses in a cube: `n` in a row along any line of an `n`x`n`x`n` cube.
//! The 3x3x3 cube (the algorithm page's survey) has 49 lines; Qubic, the 4x4x4 cube (the
//! Qubic article), has 76. The lines and the 48 symmetries of the cube (6 orders of the
//! axes times 8 reflections) are computed, not typed in.
//!
//! Cells are numbered layer by layer from the top, row by row, as in the Qubic article. On
//! the 3x3x3 cube a move is the layer digit (1 top, 3 bottom) and the classic two letters:
//! `2MM` is the centre of the cube. On bigger cubes a move is the cell number.

use super::picture::{PictureError, check_counts, read_marks, write_marks};
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player};
use std::fmt;

mod geometry;
pub use geometry::Geometry;

/// The 3x3x3 cube of the algorithm page's survey.
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
    picture: "three layers of 9, top first, `/` between: `........./....X..../.........`",
    rules: "3x3x3; three in a row along any of the 49 lines; `misere`, the algorithm page's \
        3-D giveaway: whoever makes three in a row loses.\n\n`solve` settles the giveaway \
        cube from the start: the first player wins (`menace solve cube misere`, well \
        under a second). The generic search cannot (it runs out of table at depth 14), so \
        the cube's entry has its own solver: where the player to move can follow the \
        centre-and-mirror strategy (the centre is theirs or empty, and every opponent \
        mark's opposite cell through the centre is empty or theirs), it checks the \
        strategy against every reply, positions counted once up to the cube's 48 \
        symmetries, and reports a win it proves with the method \"the centre-and-mirror \
        strategy, checked against every reply\". Anywhere else, or when mirroring does \
        not force the win, the generic search answers as for any game; the plain cube \
        always goes to it. What is known about first moves off the centre is in [the \
        claims table](research/claims.md).",
    too_big_for_menace: None,
};

/// Qubic, the 4x4x4 cube of the Qubic article: four in a row along any of its 76 lines.
pub const QUBIC: Declaration = Declaration {
    name: "qubic",
    about: "4x4x4 cube, four in a row along any of its 76 lines",
    options: &[],
    notation: "a cell number 0-63: 16 x layer + 4 x row + column, from the top layer, row by row, left to right (0 and 3: far corners on top; 60 and 63: near corners at the bottom)",
    example: "21",
    picture: "four layers of 16, top first, `/` between",
    rules: "the Qubic article's Qubic: 4x4x4; four in a row along any of the 76 lines (48 \
        rows and columns, 24 face diagonals, 4 main diagonals). Drawn as four layers side \
        by side, layer 0 (the top) first, each row labelled with its first cell and each \
        column with what to add.",
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

    fn winning_lines(&self) -> Vec<Vec<(CubeCell, Option<Player>)>> {
        let geometry = self.geometry();
        geometry
            .lines
            .iter()
            .map(|line| {
                (0..geometry.cells)
                    .filter(|cell| line & (1 << cell) != 0)
                    .map(|cell| (CubeCell(cell as u8), self.at(cell)))
                    .collect()
            })
            .collect()
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

    /// The geometry's canonical form: O's image is taken only under the maps that give
    /// X's least image so far, a fraction of imaging the whole position under all 192
    /// (a load checks a million Qubic boxes with it).
    fn canonical_key(&self) -> (u64, u64) {
        self.geometry().canonical(self.x, self.o).0
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
mod tests;
