//! Noughts and crosses on a 3x3 board, with misère as a rule option.
//!
//! Cells are numbered 0..9 in reading order. A move is named by two letters, the row
//! (`L` top, `M` middle, `R` bottom) and then the column (`L` left, `M` middle, `R`
//! right), as in the MENACE challenge: `LL` is the top-left corner, `MM` the centre.

use super::view::{BoardView, LMR, Layout, grid_panel};
use super::{Declaration, Declared, Game, OptionFiles, Outcome, Player, Symmetry};
use std::fmt;

/// Classic noughts and crosses, as the registry lists it.
pub const CLASSIC: Declaration = Declaration {
    name: "classic",
    about: "noughts and crosses against MENACE (the default)",
    options: &[],
    notation: "two letters, row then column (L, M, R): LL top-left, MM centre",
    example: "MM",
    picture: "9 cells in reading order: `X...O....`",
    rules: "the 3x3 board; X moves first; three in a row (a row, a column or a diagonal) \
        wins, and a full board without one is a draw. MENACE plays X with its 304 boxes.",
    too_big_for_menace: None,
};

/// Misère: the classic board, where three in a row loses.
pub const MISERE: Declaration = Declaration {
    name: "misere",
    about: "classic board, but three in a row loses",
    options: &[],
    notation: CLASSIC.notation,
    example: "MM",
    picture: CLASSIC.picture,
    rules: "the classic board; three in a row loses (MENACE plays it with the same 304 \
        boxes).",
    too_big_for_menace: None,
};

impl Declared for TicTacToe {
    fn start(
        declaration: &Declaration,
        _options: &[&str],
        _files: &OptionFiles,
    ) -> Result<TicTacToe, String> {
        Ok(TicTacToe::new(Rules {
            misere: declaration.name == MISERE.name,
        }))
    }
}

/// The eight lines of three: rows, columns, diagonals, as bit masks over the cells.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The letters of the notation, in order: index 0 is `L`, 1 is `M`, 2 is `R`.
const LETTERS: [char; 3] = ['L', 'M', 'R'];

/// One of the nine cells of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// All nine, in reading order.
    pub const ALL: [Square; 9] = [
        Square(0),
        Square(1),
        Square(2),
        Square(3),
        Square(4),
        Square(5),
        Square(6),
        Square(7),
        Square(8),
    ];

    /// The square numbered `index` (0..9 in reading order).
    pub fn new(index: usize) -> Option<Square> {
        Square::ALL.get(index).copied()
    }

    /// Its number, 0..9 in reading order.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The two-letter name: row letter then column letter.
    pub fn name(self) -> String {
        let index = self.index();
        [LETTERS[index / 3], LETTERS[index % 3]].iter().collect()
    }

    /// Reads a two-letter name, upper or lower case.
    pub fn parse(text: &str) -> Result<Square, BadNotation> {
        let letters: Vec<char> = text.chars().collect();
        let [row, column] = letters[..] else {
            return Err(BadNotation::WrongLength {
                text: text.chars().take(12).collect(),
            });
        };
        let position = |letter: char| {
            LETTERS
                .iter()
                .position(|known| *known == letter.to_ascii_uppercase())
        };
        let row_index = position(row).ok_or(BadNotation::BadRow(row))?;
        let column_index = position(column).ok_or(BadNotation::BadColumn(column))?;
        Ok(Square(
            u8::try_from(row_index * 3 + column_index).unwrap_or(0),
        ))
    }

    /// The image of this square under a symmetry of the board.
    pub fn transformed(self, symmetry: Symmetry) -> Square {
        Square::ALL[symmetry.map(self.index())]
    }

    fn bit(self) -> u16 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why a piece of text does not name a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadNotation {
    WrongLength { text: String },
    BadRow(char),
    BadColumn(char),
}

impl fmt::Display for BadNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadNotation::WrongLength { text } => write!(
                f,
                "a move is two letters, row then column (like MM), not \"{text}\""
            ),
            BadNotation::BadRow(letter) => write!(
                f,
                "the row letter must be L (top), M (middle) or R (bottom), not '{letter}'"
            ),
            BadNotation::BadColumn(letter) => write!(
                f,
                "the column letter must be L (left), M (middle) or R (right), not '{letter}'"
            ),
        }
    }
}

impl std::error::Error for BadNotation {}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    Occupied { square: Square, by: Player },
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Occupied { square, by } => {
                write!(f, "{square} is already taken by {by}")
            }
            IllegalMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Why a 9-character picture is not a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadPicture {
    WrongLength(usize),
    BadCharacter(char),
    /// X moves first, so X has as many marks as O or one more.
    ImpossibleCounts {
        x: u32,
        o: u32,
    },
    /// Play stops at the first line, so both players cannot have one.
    BothWon,
}

impl fmt::Display for BadPicture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadPicture::WrongLength(length) => write!(
                f,
                "a position is 9 characters (., X or O in reading order), not {length}"
            ),
            BadPicture::BadCharacter(c) => {
                write!(f, "a position uses only '.', 'X' and 'O', not {c:?}")
            }
            BadPicture::ImpossibleCounts { x, o } => write!(
                f,
                "{x} X and {o} O cannot happen: X moves first, so X has as many marks as O or one more"
            ),
            BadPicture::BothWon => write!(f, "both players cannot have three in a row"),
        }
    }
}

impl std::error::Error for BadPicture {}

/// The rule options of noughts and crosses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// Misère: whoever completes three in a row loses.
    pub misere: bool,
}

/// A position of noughts and crosses: two bit masks, one per player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
    rules: Rules,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new(Rules::default())
    }
}

impl TicTacToe {
    /// The empty board under the given rules.
    pub fn new(rules: Rules) -> TicTacToe {
        TicTacToe { x: 0, o: 0, rules }
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Reads a picture such as `X...O....` (9 characters, reading order, `.` empty),
    /// checking that it could arise in play.
    pub fn from_picture(picture: &str, rules: Rules) -> Result<TicTacToe, BadPicture> {
        let length = picture.chars().count();
        if length != 9 {
            return Err(BadPicture::WrongLength(length));
        }
        let mut position = TicTacToe::new(rules);
        for (index, c) in picture.chars().enumerate() {
            match c.to_ascii_uppercase() {
                '.' => {}
                'X' => position.x |= 1 << index,
                'O' => position.o |= 1 << index,
                other => return Err(BadPicture::BadCharacter(other)),
            }
        }
        let (x, o) = (position.x.count_ones(), position.o.count_ones());
        if x != o && x != o + 1 {
            return Err(BadPicture::ImpossibleCounts { x, o });
        }
        if position.has_line(Player::X) && position.has_line(Player::O) {
            return Err(BadPicture::BothWon);
        }
        Ok(position)
    }

    /// Builds a position from its base-3 code (see [`TicTacToe::code`]) without checking
    /// that it could arise in play; `None` if the code is out of range.
    pub fn from_code(code: usize, rules: Rules) -> Option<TicTacToe> {
        if code >= 19_683 {
            return None;
        }
        let mut position = TicTacToe::new(rules);
        let mut rest = code;
        for index in (0..9).rev() {
            match rest % 3 {
                1 => position.o |= 1 << index,
                2 => position.x |= 1 << index,
                _ => {}
            }
            rest /= 3;
        }
        Some(position)
    }

    /// The position as 9 characters in reading order: `.` empty, `X`, `O`.
    pub fn picture(&self) -> String {
        Square::ALL
            .iter()
            .map(|square| match self.at(*square) {
                None => '.',
                Some(player) => player.symbol(),
            })
            .collect()
    }

    /// The position as a base-3 number, cell 0 the most significant digit, with
    /// `.` = 0, `O` = 1, `X` = 2. Comparing codes compares pictures as strings, since
    /// `.` < `O` < `X`; codes run from 0 to 19,682.
    pub fn code(&self) -> usize {
        (0..9).fold(0, |code, index| {
            let digit = if self.x & (1 << index) != 0 {
                2
            } else if self.o & (1 << index) != 0 {
                1
            } else {
                0
            };
            code * 3 + digit
        })
    }

    /// Who holds a square, if anyone.
    pub fn at(&self, square: Square) -> Option<Player> {
        if self.x & square.bit() != 0 {
            Some(Player::X)
        } else if self.o & square.bit() != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The empty squares as a bit mask (bit `i` for cell `i`).
    pub fn empty_mask(&self) -> u16 {
        FULL & !(self.x | self.o)
    }

    /// The marks of one player as a bit mask.
    pub fn marks(&self, player: Player) -> u16 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// True if `player` has three in a row.
    pub fn has_line(&self, player: Player) -> bool {
        let marks = self.marks(player);
        LINES.iter().any(|line| marks & line == *line)
    }

    /// The line of three that ended the game, if any, as a bit mask.
    pub fn winning_line(&self) -> Option<u16> {
        [self.x, self.o]
            .into_iter()
            .flat_map(|marks| {
                LINES
                    .iter()
                    .copied()
                    .filter(move |line| marks & line == *line)
            })
            .next()
    }

    /// The image of the position under a symmetry of the square.
    pub fn transform(&self, symmetry: Symmetry) -> TicTacToe {
        let move_bits = |mask: u16| {
            (0..9)
                .filter(|index| mask & (1 << index) != 0)
                .fold(0u16, |image, index| image | 1 << symmetry.map(index))
        };
        TicTacToe {
            x: move_bits(self.x),
            o: move_bits(self.o),
            rules: self.rules,
        }
    }

    /// Makes a move known to be legal (an empty square of a game not over); the fast path
    /// for training loops that take their moves from [`TicTacToe::empty_mask`].
    pub fn place(&mut self, square: Square) {
        debug_assert!(self.at(square).is_none() && !self.is_over());
        match self.to_move() {
            Player::X => self.x |= square.bit(),
            Player::O => self.o |= square.bit(),
        }
    }
}

impl Game for TicTacToe {
    type Move = Square;
    type IllegalMove = IllegalMove;
    type BadNotation = BadNotation;
    type Key = u16;
    type BadPicture = BadPicture;

    fn to_move(&self) -> Player {
        super::turn(self.x.count_ones(), self.o.count_ones())
    }

    fn ply(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<Square>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let empty = self.empty_mask();
        out.extend(
            Square::ALL
                .into_iter()
                .filter(|square| empty & square.bit() != 0),
        );
    }

    fn play(&mut self, square: Square) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if let Some(by) = self.at(square) {
            return Err(IllegalMove::Occupied { square, by });
        }
        self.place(square);
        Ok(())
    }

    fn play_known_legal(&mut self, square: Square) {
        self.place(square);
    }

    fn outcome(&self) -> Option<Outcome> {
        let completed = if self.has_line(Player::X) {
            Some(Player::X)
        } else if self.has_line(Player::O) {
            Some(Player::O)
        } else {
            None
        };
        match completed {
            Some(player) if self.rules.misere => Some(Outcome::Win(player.opponent())),
            Some(player) => Some(Outcome::Win(player)),
            None if self.x | self.o == FULL => Some(Outcome::Draw),
            None => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<Square, BadNotation> {
        Square::parse(text)
    }

    fn winning_lines(&self) -> Vec<Vec<(Square, Option<Player>)>> {
        LINES
            .iter()
            .map(|line| {
                Square::ALL
                    .into_iter()
                    .filter(|square| line & (1 << square.0) != 0)
                    .map(|square| (square, self.at(square)))
                    .collect()
            })
            .collect()
    }

    fn move_name(&self, square: Square) -> String {
        square.name()
    }

    fn key(&self) -> u16 {
        // The code is below 2^15, so the top bit is free for the rule option.
        let code = u16::try_from(self.code()).unwrap_or(u16::MAX >> 1);
        code | (u16::from(self.rules.misere) << 15)
    }

    fn picture(&self) -> String {
        TicTacToe::picture(self)
    }

    fn from_picture(&self, text: &str) -> Result<TicTacToe, BadPicture> {
        TicTacToe::from_picture(text.trim(), self.rules)
    }

    fn view(&self) -> BoardView {
        let line = self.winning_line().unwrap_or(0);
        BoardView {
            layout: Layout::Ruled,
            panels: vec![grid_panel(
                "",
                &LMR,
                &LMR,
                |row, column| row * 3 + column,
                |cell| self.at(Square::ALL[cell % 9]),
                |cell| line & (1 << cell) != 0,
            )],
        }
    }

    fn symmetry_count(&self) -> usize {
        Symmetry::ALL.len()
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::words(index)
    }

    fn inverse_symmetry(&self, index: usize) -> Option<usize> {
        Symmetry::from_index(index).map(|symmetry| symmetry.inverse().index())
    }

    fn dense_code(&self) -> Option<usize> {
        Some(self.code())
    }

    fn transformed(&self, index: usize) -> TicTacToe {
        Symmetry::from_index(index).map_or(*self, |symmetry| self.transform(symmetry))
    }

    fn transform_move(&self, square: Square, index: usize) -> Square {
        Symmetry::from_index(index).map_or(square, |symmetry| square.transformed(symmetry))
    }
}

#[cfg(test)]
mod tests;
