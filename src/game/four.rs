//! Two 4x4 games of the algorithm page's survey in which only the first player can make a
//! line.
//!
//! - **Silverman 4x4**: the first player places X, the second O. If a row of four
//!   identical marks (X or O) appears in a row, column or diagonal, the first player wins;
//!   if the board fills without one, the second player wins. Options: the anti-diagonal
//!   (top-right to bottom-left) does not count (Bel&Chen's 4x4 article); neither
//!   diagonal counts (the survey).
//! - **Crazy 4x4**: the same, but on every move the player chooses which mark to place.
//!
//! Squares are named as in the algorithm page's survey, chess-style: files `a`-`d` left to
//! right, ranks `1`-`4` bottom to top (`a4` is the top-left corner). A crazy move adds the
//! mark: `b3x`.

use super::picture::{PictureError, check_counts, read_marks, write_marks};
use super::view::{BoardView, Layout, grid_panel};
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player, Symmetry,
};
use std::fmt;

/// Silverman's 4x4 game.
pub const SILVERMAN: Declaration = Declaration {
    name: "silverman",
    about: "4x4: any four alike in a row wins for the first player",
    options: &[
        GameOption {
            name: "no-anti-diagonal",
            help: "the diagonal from d4 to a1 does not count",
            value: None,
        },
        GameOption {
            name: "no-diagonals",
            help: "neither diagonal counts: only rows and columns",
            value: None,
        },
    ],
    notation: "a square, file a-d and rank 1-4 (a4 top-left): b3",
    example: "b3",
    picture: "ranks 4 to 1, `/` between: `X.../..../.O../....`",
    rules: "4x4; X places X, O places O; any four identical marks in a row win for the first \
        player, a full board for the second; `no-anti-diagonal` (Bel&Chen's 4x4 article): \
        the anti-diagonal d4-a1 does not count; `no-diagonals` (the algorithm page's \
        survey): neither diagonal counts.",
    too_big_for_menace: None,
};

/// The crazy 4x4 game.
pub const CRAZY: Declaration = Declaration {
    name: "crazy",
    about: "4x4: either player places X or O; any four alike wins for the first",
    options: &[],
    notation: "a square and the mark to place: b3x or b3o",
    example: "b3x",
    picture: "ranks 4 to 1, `/` between: `X.../..../.O../....`",
    rules: "4x4; each move places X or O; four identical marks win for the first player.",
    too_big_for_menace: None,
};

impl Declared for FourByFour {
    fn start(
        declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<FourByFour, String> {
        Ok(FourByFour::new(FourRules {
            crazy: declaration.name == CRAZY.name,
            no_anti_diagonal: options.contains(&"no-anti-diagonal"),
            no_diagonals: options.contains(&"no-diagonals"),
        }))
    }
}

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FourRules {
    /// Either player may place either mark.
    pub crazy: bool,
    /// The anti-diagonal (top-right d4 to bottom-left a1) does not count.
    pub no_anti_diagonal: bool,
    /// Neither diagonal counts (the algorithm page's survey): only rows and columns.
    pub no_diagonals: bool,
}

/// A move: the square, and the mark placed there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FourMove {
    pub cell: u8,
    pub mark: Player,
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalFourMove {
    Occupied(u8),
    OffTheBoard(u8),
    /// In Silverman's game each player places only their own mark.
    WrongMark(Player),
    GameOver,
}

impl fmt::Display for IllegalFourMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalFourMove::Occupied(cell) => write!(f, "{} is taken", square_name(*cell)),
            IllegalFourMove::OffTheBoard(cell) => write!(f, "there is no square {cell}"),
            IllegalFourMove::WrongMark(mark) => {
                write!(f, "in Silverman's game the player to move places {mark}")
            }
            IllegalFourMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalFourMove {}

fn square_name(cell: u8) -> String {
    let (row, column) = (cell / 4, cell % 4);
    format!("{}{}", (b'a' + column) as char, 4 - row)
}

/// The ten lines (4 rows, 4 columns, 2 diagonals) as bit masks; the anti-diagonal last.
fn all_lines() -> [u16; 10] {
    let mut lines = [0u16; 10];
    for i in 0..4 {
        lines[i] = 0xF << (4 * i);
        lines[4 + i] = 0x1111 << i;
    }
    lines[8] = (0..4).fold(0, |mask, i| mask | 1 << (5 * i));
    lines[9] = (0..4).fold(0, |mask, i| mask | 1 << (3 * i + 3));
    lines
}

/// The 8 symmetries of the square as cell maps: (row, column) -> image.
fn square_symmetry(index: usize, cell: u8) -> u8 {
    let (r, c) = (cell / 4, cell % 4);
    let (r, c) = match index {
        0 => (r, c),
        1 => (c, 3 - r),
        2 => (3 - r, 3 - c),
        3 => (3 - c, r),
        4 => (r, 3 - c),
        5 => (3 - r, c),
        6 => (c, r),
        _ => (3 - c, 3 - r),
    };
    r * 4 + c
}

/// The image of a set of cells (a bit per cell) under square symmetry `index`, by two
/// lookups of a byte each: canonical keys are taken millions of times when perfect play
/// values every position.
fn mask_image(index: usize, mask: u16) -> u16 {
    static IMAGES: std::sync::OnceLock<[[[u16; 256]; 2]; 8]> = std::sync::OnceLock::new();
    let images = IMAGES.get_or_init(|| {
        let mut images = [[[0u16; 256]; 2]; 8];
        for (index, halves) in images.iter_mut().enumerate() {
            for (half, bytes) in halves.iter_mut().enumerate() {
                for (byte, image) in bytes.iter_mut().enumerate() {
                    *image = (0..8u8)
                        .filter(|bit| byte & (1 << bit) != 0)
                        .fold(0u16, |image, bit| {
                            image | 1 << square_symmetry(index, bit + 8 * half as u8)
                        });
                }
            }
        }
        images
    });
    let [low, high] = &images[index];
    low[usize::from(mask & 0xff)] | high[usize::from(mask >> 8)]
}

/// A position of Silverman's or the crazy 4x4 game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FourByFour {
    x: u16,
    o: u16,
    rules: FourRules,
    /// Set by the move that made four alike: only the lines through it are looked at.
    line_made: bool,
}

impl FourByFour {
    pub fn new(rules: FourRules) -> FourByFour {
        FourByFour {
            x: 0,
            o: 0,
            rules,
            line_made: false,
        }
    }

    pub fn rules(&self) -> FourRules {
        self.rules
    }

    /// The mark on a square, if any.
    pub fn at(&self, cell: usize) -> Option<Player> {
        super::owner(u64::from(self.x), u64::from(self.o), cell)
    }

    fn lines(&self) -> &'static [u16] {
        static LINES: std::sync::OnceLock<[u16; 10]> = std::sync::OnceLock::new();
        let lines = LINES.get_or_init(all_lines);
        if self.rules.no_diagonals {
            &lines[..8]
        } else if self.rules.no_anti_diagonal {
            &lines[..9]
        } else {
            &lines[..]
        }
    }

    /// The symmetries that keep the counted lines: all 8 of the square (also with no
    /// diagonal at all), or with only the anti-diagonal left out the 4 that keep each
    /// diagonal a diagonal.
    fn geometric_symmetries(&self) -> &'static [usize] {
        if self.rules.no_anti_diagonal && !self.rules.no_diagonals {
            &[0, 2, 6, 7]
        } else {
            &[0, 1, 2, 3, 4, 5, 6, 7]
        }
    }

    fn empty(&self) -> u16 {
        !(self.x | self.o)
    }
}

impl Game for FourByFour {
    type Move = FourMove;
    type IllegalMove = IllegalFourMove;
    type BadNotation = BadMove;
    type Key = (u16, u16);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        if self.ply().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    fn ply(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<FourMove>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let marks: &[Player] = if self.rules.crazy {
            &[Player::X, Player::O]
        } else {
            match self.to_move() {
                Player::X => &[Player::X],
                Player::O => &[Player::O],
            }
        };
        let empty = self.empty();
        for cell in (0..16u8).filter(|cell| empty & (1 << cell) != 0) {
            out.extend(marks.iter().map(|mark| FourMove { cell, mark: *mark }));
        }
    }

    fn play(&mut self, mv: FourMove) -> Result<(), IllegalFourMove> {
        if mv.cell >= 16 {
            return Err(IllegalFourMove::OffTheBoard(mv.cell));
        }
        if self.is_over() {
            return Err(IllegalFourMove::GameOver);
        }
        if self.empty() & (1 << mv.cell) == 0 {
            return Err(IllegalFourMove::Occupied(mv.cell));
        }
        if !self.rules.crazy && mv.mark != self.to_move() {
            return Err(IllegalFourMove::WrongMark(self.to_move()));
        }
        match mv.mark {
            Player::X => self.x |= 1 << mv.cell,
            Player::O => self.o |= 1 << mv.cell,
        }
        let marks = match mv.mark {
            Player::X => self.x,
            Player::O => self.o,
        };
        self.line_made = self
            .lines()
            .iter()
            .filter(|line| *line & (1 << mv.cell) != 0)
            .any(|line| marks & line == *line);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.line_made {
            Some(Outcome::Win(Player::X))
        } else if self.x | self.o == u16::MAX {
            Some(Outcome::Win(Player::O))
        } else {
            None
        }
    }

    /// Only the first player can make a line: when the second completes one, or the
    /// board fills, the note says why the result went the way it did.
    fn result_note(&self) -> Option<String> {
        if self.line_made {
            let mark = if self.lines().iter().any(|line| self.x & line == *line) {
                Player::X
            } else {
                Player::O
            };
            let mover = self.to_move().opponent();
            (mover != Player::X || mark != Player::X).then(|| {
                format!(
                    "{mover} completed four {mark}s in a row, and any four alike in a row win for the first player, X."
                )
            })
        } else {
            self.is_over().then(|| {
                "The board filled with no four alike in a row, so the second player, O, wins."
                    .to_string()
            })
        }
    }

    fn parse_move(&self, text: &str) -> Result<FourMove, BadMove> {
        let chars: Vec<char> = text.trim().to_ascii_lowercase().chars().collect();
        let (file, rank, mark) = match (&chars[..], self.rules.crazy) {
            ([file, rank], false) => (*file, *rank, self.to_move()),
            ([file, rank, mark], true) => {
                let mark = match mark {
                    'x' => Player::X,
                    'o' => Player::O,
                    other => {
                        return Err(BadMove(format!("the mark is x or o, not '{other}'")));
                    }
                };
                (*file, *rank, mark)
            }
            (_, false) => {
                return Err(BadMove(format!(
                    "a move is a square like b3, not \"{}\"",
                    text.trim()
                )));
            }
            (_, true) => {
                return Err(BadMove(format!(
                    "a crazy move is a square and a mark, like b3x, not \"{}\"",
                    text.trim()
                )));
            }
        };
        let column = "abcd"
            .find(file)
            .ok_or_else(|| BadMove(format!("the file is a, b, c or d, not '{file}'")))?;
        let rank = rank
            .to_digit(10)
            .filter(|rank| (1..=4).contains(rank))
            .ok_or_else(|| BadMove(format!("the rank is 1 to 4, not '{rank}'")))?;
        Ok(FourMove {
            cell: ((4 - rank as usize) * 4 + column) as u8,
            mark,
        })
    }

    fn move_name(&self, mv: FourMove) -> String {
        let square = square_name(mv.cell);
        if self.rules.crazy {
            format!("{square}{}", mv.mark.symbol().to_ascii_lowercase())
        } else {
            square
        }
    }

    fn key(&self) -> (u16, u16) {
        (self.x, self.o)
    }

    /// The ranks from 4 (top) to 1, `/` between them.
    fn picture(&self) -> String {
        write_marks(16, Some(4), |cell| self.at(cell))
    }

    fn from_picture(&self, text: &str) -> Result<FourByFour, PictureError> {
        let (x, o) = read_marks(text.trim(), 16)?;
        if !self.rules.crazy {
            check_counts(x, o)?;
        }
        let (x, o) = (x as u16, o as u16);
        let lined = |marks: u16| self.lines().iter().any(|line| marks & line == *line);
        if lined(x) && lined(o) {
            return Err(PictureError::Impossible(
                "a line of X and a line of O cannot both stand: play stops at the first".into(),
            ));
        }
        let line_made = lined(x) || lined(o);
        Ok(FourByFour {
            x,
            o,
            rules: self.rules,
            line_made,
        })
    }

    fn view(&self) -> BoardView {
        let line = self
            .lines()
            .iter()
            .filter(|line| self.x & **line == **line || self.o & **line == **line)
            .fold(0u16, |cells, line| cells | line);
        BoardView {
            layout: Layout::Spaced,
            panels: vec![grid_panel(
                "",
                &["4", "3", "2", "1"],
                &["a", "b", "c", "d"],
                |row, column| row * 4 + column,
                |cell| self.at(cell),
                |cell| line & (1 << cell) != 0,
            )],
        }
    }

    /// The square's symmetries that keep the lines, and in the crazy game also the same
    /// again with X and O swapped (either mark wins alike).
    fn symmetry_count(&self) -> usize {
        self.geometric_symmetries().len() * if self.rules.crazy { 2 } else { 1 }
    }

    /// The four's square symmetries are numbered as [`Symmetry::ALL`] is.
    fn symmetry_words(&self, index: usize) -> String {
        let geometric = self.geometric_symmetries();
        // The diagonals are named in this board's own squares.
        let square =
            match Symmetry::from_index(geometric[index % geometric.len()]).map(Symmetry::inverse) {
                None => "as drawn",
                Some(Symmetry::MirrorMainDiagonal) => "flipped on a4-d1",
                Some(Symmetry::MirrorAntiDiagonal) => "flipped on d4-a1",
                Some(other) => other.describe(),
            };
        if index >= geometric.len() {
            format!("{square}, with X and O swapped")
        } else {
            square.to_string()
        }
    }

    fn transformed(&self, index: usize) -> FourByFour {
        let geometric = self.geometric_symmetries();
        let (map, swap) = (geometric[index % geometric.len()], index >= geometric.len());
        let (x, o) = (mask_image(map, self.x), mask_image(map, self.o));
        let (x, o) = if swap { (o, x) } else { (x, o) };
        FourByFour {
            x,
            o,
            rules: self.rules,
            line_made: self.line_made,
        }
    }

    /// The smallest key among the images, as the default finds it, without making the
    /// images.
    fn canonical_key(&self) -> (u16, u16) {
        let mut best = (self.x, self.o);
        for &map in self.geometric_symmetries() {
            let (x, o) = (mask_image(map, self.x), mask_image(map, self.o));
            best = best.min((x, o));
            if self.rules.crazy {
                best = best.min((o, x));
            }
        }
        best
    }

    fn transform_move(&self, mv: FourMove, index: usize) -> FourMove {
        let geometric = self.geometric_symmetries();
        let (map, swap) = (geometric[index % geometric.len()], index >= geometric.len());
        FourMove {
            cell: square_symmetry(map, mv.cell),
            mark: if swap { mv.mark.opponent() } else { mv.mark },
        }
    }

    fn order_moves(&self, moves: &mut [FourMove]) {
        // Moves that complete a line first (the first player wants them, the second
        // must avoid them, and a refutation is found sooner either way).
        let lines = self.lines();
        let completes = |mv: &FourMove| {
            let marks = match mv.mark {
                Player::X => self.x,
                Player::O => self.o,
            } | 1 << mv.cell;
            lines.iter().any(|line| marks & line == *line)
        };
        let me = self.to_move();
        moves.sort_by_key(|mv| {
            let completes = completes(mv);
            match me {
                Player::X => !completes,
                Player::O => completes,
            }
        });
    }
}

#[cfg(test)]
mod tests;
