//! The m,n,k-game: noughts and crosses on a board of any width and height, `k` in a row
//! to win, and the "modified boards" of the algorithm page's survey (3x4, long boards of
//! fixed width, a cylinder glued along one side).
//!
//! The algorithm page's survey says every `n` in a row on an `n x n` board is a draw; its
//! section on boards names 3x4, long boards of fixed width and cylinders without rules, so
//! the choices are this file's and its declaration says them:
//! - The board is `size WxH`, columns by rows (default 4x4; at most 64 cells, which is
//!   one 64-bit mask a player); `k N` marks in a row win (default the shorter side).
//! - `cylinder` glues the left edge to the right: rows and diagonals run on round the
//!   back, columns do not. A line is `k` different cells, so on a cylinder `k` is at most
//!   the width, and with `k` equal to the width a row is one line wherever it starts.
//! - A player who makes `k` in a row wins at once. The game is drawn when the board is
//!   full, or sooner, as soon as neither player can still complete a line: every line
//!   holds a mark of each, or needs more marks than its player has moves left. That ends
//!   no game whose result was still open, and lets a search prove draws far sooner.
//!
//! Cells are named as `four.rs` names them, chess-style: file letter, rank from the
//! bottom (`a1` bottom-left); a position is drawn and pictured top rank first.

mod shape;
#[cfg(test)]
mod tests;

pub use shape::MnkRules;
use shape::{Shape, shape};

use super::picture::{PictureError, check_counts, read_marks, write_marks};
use super::view::{BoardView, Layout, grid_panel};
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, OptionValue, Outcome, Player,
};
use std::fmt;

/// The m,n,k-game and its options.
pub const MNK: Declaration = Declaration {
    name: "mnk",
    about: "k in a row on any board or cylinder (default: four in a row on 4x4)",
    options: &[
        GameOption {
            name: "size",
            help: "columns x rows, at most 64 cells (default 4x4); a bare 3x4 says the same",
            value: Some(OptionValue {
                placeholder: "WxH",
                examples: &["3x4", "5x3"],
            }),
        },
        GameOption {
            name: "k",
            help: "how many in a row win (default: the shorter side, at least 2)",
            value: Some(OptionValue {
                placeholder: "N",
                examples: &["3"],
            }),
        },
        GameOption {
            name: "cylinder",
            help: "glue the left and right edges: rows and diagonals go round",
            value: None,
        },
    ],
    notation: "a cell, file letter and rank from the bottom: b3 (a1 is bottom-left)",
    example: "b3",
    picture: "the ranks from the top, `/` between: `..X/.../.O./X..` on 3x4",
    rules: "the algorithm page's \"modified boards\": k in a row on W columns by H rows \
        (default 4x4; at most 64 cells, one 64-bit mask a player; a bare `3x4` or `5` is \
        the size, as in `gomoku 19`), k by default the shorter side. `cylinder` glues the \
        left edge to the right: rows and diagonals run on round the back, columns do not; \
        a line is k different cells, so there k is at most the width, and with k equal to \
        the width a whole row is one line. A line wins at once; the game is drawn when \
        the board is full, or sooner, once neither side can still complete a line (each \
        line holds both marks, or needs more marks than its side has moves left). \
        Symmetries: 8 on a square, 4 on other rectangles, 4 x width on a cylinder (turns \
        round it, mirrors left-right and top-bottom).",
    too_big_for_menace: None,
};

/// The widest board: files are the letters a to z.
pub const MAX_SIDE: u8 = 26;

impl Declared for Mnk {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Mnk, String> {
        let (mut width, mut height, mut k) = (4u8, 4u8, None);
        for option in options {
            if let Some(value) = option.strip_prefix("size ") {
                (width, height) = parse_size(value)?;
            } else if let Some(value) = option.strip_prefix("k ") {
                k = Some(
                    value
                        .parse::<u8>()
                        .ok()
                        .filter(|k| *k >= 2)
                        .ok_or_else(|| {
                            format!(
                                "the option k takes how many in a row win, 2 or more, not \"{}\"",
                                crate::files::shown(value, 20)
                            )
                        })?,
                );
            }
        }
        let cylinder = options.contains(&"cylinder");
        let k = k.unwrap_or_else(|| width.min(height).max(2));
        if width.max(height) < 2 {
            return Err(format!(
                "a {width}x{height} board is too small: it needs room for 2 in a row"
            ));
        }
        if k > width.max(height) {
            return Err(format!(
                "{k} in a row does not fit a {width}x{height} board: choose k up to {}",
                width.max(height)
            ));
        }
        // X, who has the most moves, gets half the cells rounded up: a longer line can
        // never be made, and the game would be drawn before it starts.
        let most = (usize::from(width) * usize::from(height)).div_ceil(2);
        if most < 2 {
            return Err(format!(
                "a {width}x{height} board is too small: X gets only {most} cell, and a line \
                 needs 2"
            ));
        }
        if usize::from(k) > most {
            return Err(format!(
                "on a {width}x{height} board X gets at most {most} cells, so nobody can make \
                 {k} in a row: choose k up to {most}"
            ));
        }
        if cylinder && k > width {
            return Err(format!(
                "on a cylinder a row goes round {width} columns, so k is at most {width}, not {k}"
            ));
        }
        Ok(Mnk::new(MnkRules {
            width,
            height,
            k,
            cylinder,
        }))
    }
}

/// Reads `WxH` (columns x rows), or says why it is not a board here.
pub fn parse_size(text: &str) -> Result<(u8, u8), String> {
    let bad = || {
        format!(
            "a board is columns x rows like 3x4, each side 1 to {MAX_SIDE}, not \"{}\"",
            crate::files::shown(text, 20)
        )
    };
    let lower = text.to_ascii_lowercase();
    let side = |part: &str| {
        part.parse::<u8>()
            .ok()
            .filter(|side| (1..=MAX_SIDE).contains(side))
    };
    let (width, height) = match lower.split_once('x') {
        Some((w, h)) => (side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?),
        None => {
            let n = side(&lower).ok_or_else(bad)?;
            (n, n)
        }
    };
    let cells = usize::from(width) * usize::from(height);
    if cells > 64 {
        return Err(format!(
            "a {width}x{height} board has {cells} cells, and boards here hold at most 64"
        ));
    }
    Ok((width, height))
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMnkMove {
    Taken(String),
    OffTheBoard(u8),
    GameOver,
}

impl fmt::Display for IllegalMnkMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMnkMove::Taken(cell) => write!(f, "{cell} is taken"),
            IllegalMnkMove::OffTheBoard(cell) => write!(f, "there is no cell {cell}"),
            IllegalMnkMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalMnkMove {}

/// A position: X's and O's cells as bit masks, the board's shape, and how the game ended.
#[derive(Clone, Copy)]
pub struct Mnk {
    x: u64,
    o: u64,
    shape: &'static Shape,
    ended: Option<Outcome>,
}

impl PartialEq for Mnk {
    fn eq(&self, other: &Mnk) -> bool {
        (self.x, self.o, self.shape.rules, self.ended)
            == (other.x, other.o, other.shape.rules, other.ended)
    }
}

impl Eq for Mnk {}

impl fmt::Debug for Mnk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mnk({:?} {})", self.shape.rules, self.picture())
    }
}

impl Mnk {
    /// The empty board, judged as every other position is: on a board where no line
    /// can ever be made it is already a draw, as reading its picture back says.
    pub fn new(rules: MnkRules) -> Mnk {
        let shape = shape(rules);
        Mnk {
            x: 0,
            o: 0,
            shape,
            ended: Mnk::judge(shape, 0, 0),
        }
    }

    pub fn rules(&self) -> MnkRules {
        self.shape.rules
    }

    /// The lines of `k` cells, as masks.
    pub fn lines(&self) -> &'static [u64] {
        &self.shape.lines
    }

    /// The mark on a cell, if any.
    pub fn at(&self, cell: usize) -> Option<Player> {
        super::owner(self.x, self.o, cell)
    }

    fn cells(&self) -> usize {
        self.shape.rules.cells()
    }

    /// A player's cells, as a mask.
    pub fn marks(&self, player: Player) -> u64 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// How the game stands with these marks, X's and O's: a line, a full board, or no
    /// line either can still complete.
    fn judge(shape: &Shape, x: u64, o: u64) -> Option<Outcome> {
        let lined = |marks: u64| shape.lines.iter().any(|line| marks & line == *line);
        if lined(x) {
            return Some(Outcome::Win(Player::X));
        }
        if lined(o) {
            return Some(Outcome::Win(Player::O));
        }
        Self::judge_no_line(shape, x, o)
    }

    /// [`Mnk::judge`] once it is known that no line is made.
    fn judge_no_line(shape: &Shape, x: u64, o: u64) -> Option<Outcome> {
        let empty = shape.full & !(x | o);
        let left = empty.count_ones();
        // X moves next when the marks are even; the mover gets the odd move of the rest.
        let x_next = x.count_ones() == o.count_ones();
        let (x_left, o_left) = if x_next {
            (left.div_ceil(2), left / 2)
        } else {
            (left / 2, left.div_ceil(2))
        };
        let open = |line: &u64| {
            let needed = (line & empty).count_ones();
            (line & o == 0 && needed <= x_left) || (line & x == 0 && needed <= o_left)
        };
        if shape.lines.iter().any(open) {
            None
        } else {
            Some(Outcome::Draw)
        }
    }

    /// The cells of completed lines, for the view.
    fn line_cells(&self) -> u64 {
        self.lines()
            .iter()
            .filter(|line| self.x & **line == **line || self.o & **line == **line)
            .fold(0, |cells, line| cells | line)
    }
}

impl Game for Mnk {
    type Move = u8;
    type IllegalMove = IllegalMnkMove;
    type BadNotation = BadMove;
    type Key = (u64, u64);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        super::turn(self.x.count_ones(), self.o.count_ones())
    }

    fn ply(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.ended.is_some() {
            return;
        }
        let mut empty = self.shape.full & !(self.x | self.o);
        while empty != 0 {
            out.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    fn play(&mut self, cell: u8) -> Result<(), IllegalMnkMove> {
        if usize::from(cell) >= self.cells() {
            return Err(IllegalMnkMove::OffTheBoard(cell));
        }
        if self.ended.is_some() {
            return Err(IllegalMnkMove::GameOver);
        }
        let bit = 1u64 << cell;
        if (self.x | self.o) & bit != 0 {
            return Err(IllegalMnkMove::Taken(self.shape.cell_name(cell.into())));
        }
        let mover = self.to_move();
        match mover {
            Player::X => self.x |= bit,
            Player::O => self.o |= bit,
        }
        let marks = self.marks(mover);
        let lined = self.shape.through[usize::from(cell)]
            .iter()
            .any(|line| marks & line == *line);
        self.ended = if lined {
            Some(Outcome::Win(mover))
        } else {
            Mnk::judge_no_line(self.shape, self.x, self.o)
        };
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ended
    }

    fn result_note(&self) -> Option<String> {
        (self.ended == Some(Outcome::Draw) && self.x | self.o != self.shape.full)
            .then(|| "drawn before the board is full: neither side can still make a line".into())
    }

    fn parse_move(&self, text: &str) -> Result<u8, BadMove> {
        let rules = self.rules();
        let (w, h) = (usize::from(rules.width), usize::from(rules.height));
        let text = text.trim().to_ascii_lowercase();
        let last = (b'a' + rules.width - 1) as char;
        let bad = || {
            BadMove(format!(
                "a cell is a file a-{last} and a rank 1-{h}, like a1, not \"{}\"",
                crate::files::shown(&text, 12)
            ))
        };
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?;
        let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !file.is_ascii_lowercase() || file > last || !(1..=h).contains(&rank) {
            return Err(bad());
        }
        Ok(((h - rank) * w + (file as u8 - b'a') as usize) as u8)
    }

    fn winning_lines(&self) -> Vec<Vec<(u8, Option<Player>)>> {
        self.lines()
            .iter()
            .map(|line| {
                (0..self.cells())
                    .filter(|cell| line & (1 << cell) != 0)
                    .map(|cell| (cell as u8, self.at(cell)))
                    .collect()
            })
            .collect()
    }

    fn move_name(&self, cell: u8) -> String {
        self.shape
            .cell_name(usize::from(cell).min(self.cells() - 1))
    }

    fn key(&self) -> (u64, u64) {
        (self.x, self.o)
    }

    /// The ranks from the top, `/` between them.
    fn picture(&self) -> String {
        let width = usize::from(self.rules().width);
        write_marks(self.cells(), Some(width), |cell| self.at(cell))
    }

    fn from_picture(&self, text: &str) -> Result<Mnk, PictureError> {
        let (x, o) = read_marks(text.trim(), self.cells())?;
        check_counts(x, o)?;
        let ended = Mnk::judge(self.shape, x, o);
        let lined = |marks: u64| self.lines().iter().any(|line| marks & line == *line);
        if lined(x) && lined(o) {
            return Err(PictureError::Impossible(
                "a line of X and a line of O cannot both stand: play stops at the first".into(),
            ));
        }
        // The line was made by the last move: X's when X has one mark more.
        let x_moved_last = x.count_ones() > o.count_ones();
        match ended {
            Some(Outcome::Win(Player::X)) if !x_moved_last => Err(PictureError::Impossible(
                "X's line stands but O has moved since: play stops at the line".into(),
            )),
            Some(Outcome::Win(Player::O)) if x_moved_last => Err(PictureError::Impossible(
                "O's line stands but X has moved since: play stops at the line".into(),
            )),
            _ => Ok(Mnk {
                x,
                o,
                shape: self.shape,
                ended,
            }),
        }
    }

    fn view(&self) -> BoardView {
        let rules = self.rules();
        let (w, h) = (usize::from(rules.width), usize::from(rules.height));
        let ranks: Vec<String> = (1..=h).rev().map(|rank| rank.to_string()).collect();
        let files: Vec<String> = (0..w)
            .map(|file| ((b'a' + file as u8) as char).to_string())
            .collect();
        let ranks: Vec<&str> = ranks.iter().map(String::as_str).collect();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let line = self.line_cells();
        let panel = grid_panel(
            "",
            &ranks,
            &files,
            |row, column| row * w + column,
            |cell| self.at(cell),
            |cell| line & (1 << cell) != 0,
        );
        BoardView {
            layout: Layout::Spaced,
            panels: vec![panel],
        }
    }

    fn symmetry_count(&self) -> usize {
        self.shape.maps.len()
    }

    fn transformed(&self, index: usize) -> Mnk {
        Mnk {
            x: self.shape.map_mask(index, self.x),
            o: self.shape.map_mask(index, self.o),
            ..*self
        }
    }

    /// The smallest key among the images, as the default finds it, without making the
    /// images.
    fn canonical_key(&self) -> (u64, u64) {
        (0..self.shape.maps.len())
            .map(|index| {
                (
                    self.shape.map_mask(index, self.x),
                    self.shape.map_mask(index, self.o),
                )
            })
            .min()
            .unwrap_or((self.x, self.o))
    }

    fn transform_move(&self, cell: u8, index: usize) -> u8 {
        self.shape.maps[index]
            .get(usize::from(cell))
            .copied()
            .unwrap_or(cell)
    }

    fn symmetry_words(&self, index: usize) -> String {
        self.shape
            .words
            .get(index)
            .cloned()
            .unwrap_or_else(|| "as drawn".into())
    }

    /// A move that makes a line first, then one that stops the opponent's, then the
    /// cells on the most lines still open, weighted by the marks already in them: what
    /// lets the solver prove these boards in few positions.
    fn order_moves(&self, moves: &mut [u8]) {
        let me = self.to_move();
        let (mine, theirs) = (self.marks(me), self.marks(me.opponent()));
        let weight = |cell: &u8| -> i64 {
            let through = &self.shape.through[usize::from(*cell)];
            let bit = 1u64 << cell;
            if through.iter().any(|line| (mine | bit) & line == *line) {
                return i64::MIN;
            }
            if through.iter().any(|line| (theirs | bit) & line == *line) {
                return i64::MIN + 1;
            }
            let mut score = 0i64;
            for line in through {
                if line & theirs == 0 {
                    score += 1 << (2 * (line & mine).count_ones());
                }
                if line & mine == 0 {
                    score += 1 << (2 * (line & theirs).count_ones());
                }
            }
            -score
        };
        moves.sort_by_cached_key(weight);
    }
}
