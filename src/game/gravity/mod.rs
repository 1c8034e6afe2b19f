//! Gravity ("falling") noughts and crosses of seed 001 and its family. The upright 8x8
//! board: a mark drops to the lowest empty square of its column; four in a row (across,
//! up or diagonally) wins. The options are the seed's other versions:
//!
//! - `not-on-last`: a mark may not come to rest on the opponent's last mark (waived when
//!   every move would). The seed gives this ban with the giveaway version; on the
//!   ordinary game it breaks it (the first player wins by stacking one column).
//! - `giveaway` (поддавки): whoever makes four of their own in a row loses. The seed says
//!   it from X's side ("crosses win if a row of four noughts appears"); here it holds for
//!   both sides, and the ban above is always on, as the seed gives it for this version.
//! - `five`: the seed's first version, an unbounded board with a floor and five in a
//!   row, played on a fixed board 15 columns wide (gomoku's width) and 8 rows high.
//! - `linetris`: a full bottom row vanishes and everything above drops one row.
//! - `circular`: a mark is pushed in from any of the four walls and slides to the first
//!   blocked cell; with `linetris` a full edge row or column vanishes and the field
//!   shifts toward that wall.
//!
//! Rows are numbered from the bottom. The geometry is in [`board`], pictures in
//! `picture`.

mod board;
mod picture;

pub use board::Push;
use board::{Shape, decode, encode};

use super::picture::PictureError;
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Declaration, Declared, Game, GameOption, Outcome, Player};
use std::fmt;

/// Gravity noughts and crosses and the seed's versions of it.
pub const GRAVITY: Declaration = Declaration {
    name: "gravity",
    about: "8x8 upright: marks fall; four in a row wins",
    options: &[
        GameOption {
            name: "not-on-last",
            help: "no mark directly on top of the opponent's last one (the seed's ban for \
                   giveaway; on the ordinary game X wins by stacking one column)",
            value: None,
        },
        GameOption {
            name: "giveaway",
            help: "whoever makes four of their own in a row loses; no mark on top of the \
                   opponent's last one",
            value: None,
        },
        GameOption {
            name: "five",
            help: "the seed's board with a floor: 15 columns, 8 rows, five in a row wins",
            value: None,
        },
        GameOption {
            name: "circular",
            help: "marks are pushed in from any wall: dv d^ into column d from the top or \
                   bottom, 3< 3> into row 3 from the right or left",
            value: None,
        },
        GameOption {
            name: "linetris",
            help: "a full bottom row (circular: a full edge) vanishes and the rest shifts \
                   toward it; a game of 128 moves is a draw",
            value: None,
        },
    ],
    notation: "a column letter, a (left) to h: the mark falls to the lowest empty square; \
               circular: dv or d^ push into column d from the top or bottom, 3< or 3> into \
               row 3 from the right or left",
    example: "d",
    too_big_for_menace: Some(
        "8x8 gravity has far too many positions for matchboxes: no box limit could hold what MENACE would need",
    ),
};

impl Declared for Gravity {
    fn start(_declaration: &Declaration, options: &[&str]) -> Result<Gravity, String> {
        let has = |name: &str| options.contains(&name);
        let rules = GravityRules {
            not_on_last: has("not-on-last"),
            giveaway: has("giveaway"),
            five: has("five"),
            circular: has("circular"),
            linetris: has("linetris"),
        };
        if rules.giveaway && rules.not_on_last {
            return Err(
                "giveaway already forbids a mark on top of the opponent's last one: leave out not-on-last"
                    .into(),
            );
        }
        if rules.five && (rules.circular || rules.linetris) {
            return Err(
                "five is the seed's upright board with a floor; linetris and circular are 8x8 games"
                    .into(),
            );
        }
        Ok(Gravity::new(rules))
    }
}

/// A game of linetris that reaches this many moves is a draw: its board never fills.
pub const MOVE_LIMIT: u16 = 128;

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GravityRules {
    /// No mark may come to rest on (against) the opponent's last one.
    pub not_on_last: bool,
    /// Four of your own in a row loses; the ban above is on.
    pub giveaway: bool,
    /// 15 columns by 8 rows, five in a row.
    pub five: bool,
    /// Pushes from all four walls.
    pub circular: bool,
    /// Full edges vanish.
    pub linetris: bool,
}

impl GravityRules {
    /// The board's size and the length of a line.
    pub fn shape(self) -> Shape {
        if self.five {
            Shape {
                width: 15,
                height: 8,
                goal: 5,
            }
        } else {
            Shape {
                width: 8,
                height: 8,
                goal: 4,
            }
        }
    }

    /// Whether the opponent's last mark may not be rested on.
    pub fn ban(self) -> bool {
        self.not_on_last || self.giveaway
    }

    /// The walls a mark may be pushed toward, which are also the edges linetris clears.
    fn walls(self) -> &'static [Push] {
        if self.circular {
            &Push::ALL
        } else {
            &[Push::Down]
        }
    }
}

/// Names a cell: column letter and row number from the bottom, `d3`.
fn cell_name(row: usize, column: usize) -> String {
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalDrop {
    /// Upright: the column is full.
    Full(u8),
    /// Circular: the cell a push enters through is taken.
    Blocked {
        push: Push,
        line: u8,
        row: u8,
        column: u8,
    },
    /// Upright: the column has the opponent's last mark on top.
    OnTopOfLast(u8),
    /// Circular: the mark would come to rest against the opponent's last mark, here.
    AgainstLast {
        row: u8,
        column: u8,
    },
    NoSuchLine(u8),
    GameOver,
}

impl fmt::Display for IllegalDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = |column: u8| (b'a' + column) as char;
        match *self {
            IllegalDrop::Full(column) => write!(f, "column {} is full", letter(column)),
            IllegalDrop::Blocked {
                push,
                line,
                row,
                column,
            } => {
                let line = match push {
                    Push::Down | Push::Up => format!("column {}", letter(line)),
                    Push::Left | Push::Right => format!("row {}", line + 1),
                };
                write!(
                    f,
                    "{} is taken, so nothing enters {line} from {}",
                    cell_name(row.into(), column.into()),
                    push.wall()
                )
            }
            IllegalDrop::OnTopOfLast(column) => write!(
                f,
                "column {} has the opponent's last mark on top",
                letter(column)
            ),
            IllegalDrop::AgainstLast { row, column } => write!(
                f,
                "that mark would come to rest against the opponent's last mark at {}",
                cell_name(row.into(), column.into())
            ),
            IllegalDrop::NoSuchLine(line) => write!(f, "there is no column or row {line}"),
            IllegalDrop::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalDrop {}

/// A position: a bit per cell (bit `row * width + column`, row 0 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gravity {
    x: u128,
    o: u128,
    /// Upright: how many marks each column holds (its marks always start at the floor).
    heights: [u8; 15],
    /// The cell of the last mark, while it is still on the board.
    last: Option<u8>,
    /// Moves made: linetris takes marks away, so the marks cannot count them.
    moves: u16,
    winner: Option<Player>,
    rules: GravityRules,
}

impl Gravity {
    pub fn new(rules: GravityRules) -> Gravity {
        Gravity {
            x: 0,
            o: 0,
            heights: [0; 15],
            last: None,
            moves: 0,
            winner: None,
            rules,
        }
    }

    pub fn rules(&self) -> GravityRules {
        self.rules
    }

    fn shape(&self) -> Shape {
        self.rules.shape()
    }

    /// Who holds a square (row from the bottom, column from the left).
    pub fn at(&self, row: usize, column: usize) -> Option<Player> {
        let bit = self.shape().bit(row, column);
        if self.x & bit != 0 {
            Some(Player::X)
        } else if self.o & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    fn occupied(&self) -> u128 {
        self.x | self.o
    }

    /// The cells a push may enter through: the top row upright, every edge circular. Once
    /// they are all taken no move is left.
    fn entrances(&self) -> u128 {
        let shape = self.shape();
        if self.rules.circular {
            shape.top() | shape.bottom() | shape.left() | shape.right()
        } else {
            shape.top()
        }
    }

    /// Where a move's mark comes to rest, `(row, column)`, if its line is open.
    fn landing(&self, mv: u8) -> Result<(usize, usize), IllegalDrop> {
        let shape = self.shape();
        let (push, line) = decode(mv);
        if line >= shape.lines(push) || (!self.rules.circular && push != Push::Down) {
            return Err(IllegalDrop::NoSuchLine(mv));
        }
        if !self.rules.circular {
            let row = usize::from(self.heights[line]);
            return if row < shape.height {
                Ok((row, line))
            } else {
                Err(IllegalDrop::Full(line as u8))
            };
        }
        shape.landing(self.occupied(), push, line).ok_or_else(|| {
            let (row, column) = shape.entrance(push, line);
            IllegalDrop::Blocked {
                push,
                line: line as u8,
                row: row as u8,
                column: column as u8,
            }
        })
    }

    /// True if the move's mark would come to rest against the last mark (on top of it,
    /// upright).
    fn rests_on_last(&self, mv: u8) -> bool {
        let Some(last) = self.last else {
            return false;
        };
        let Ok((row, column)) = self.landing(mv) else {
            return false;
        };
        let (dr, dc) = decode(mv).0.step();
        let (r, c) = (row as i32 + dr, column as i32 + dc);
        self.shape().inside(r, c)
            && r as usize * self.shape().width + c as usize == usize::from(last)
    }

    /// Every move whose line is open, before the ban.
    fn open_moves(&self, out: &mut Vec<u8>) {
        let shape = self.shape();
        if self.rules.circular {
            let occupied = self.occupied();
            for push in Push::ALL {
                for line in 0..shape.lines(push) {
                    let (row, column) = shape.entrance(push, line);
                    if occupied & shape.bit(row, column) == 0 {
                        out.push(encode(push, line));
                    }
                }
            }
        } else {
            out.extend(
                (0..shape.width as u8).filter(|column| {
                    usize::from(self.heights[usize::from(*column)]) < shape.height
                }),
            );
        }
    }

    /// Linetris: full edges vanish and the field shifts toward them, until none is full.
    /// Only an edge through the new mark can have filled: one edge, or two at a corner,
    /// which vanish together (the field shifts diagonally), so that no wall comes first.
    /// Clearing moves all marks alike, so it never makes a line.
    fn clear(&mut self) {
        let shape = self.shape();
        loop {
            let full = shape.full_edges(self.occupied(), self.rules.walls());
            if full.is_empty() {
                return;
            }
            for toward in full {
                self.x = shape.shift(self.x, toward);
                self.o = shape.shift(self.o, toward);
                self.last = self
                    .last
                    .and_then(|cell| shape.shift_cell(cell.into(), toward))
                    .map(|cell| cell as u8);
                if !self.rules.circular {
                    for height in &mut self.heights[..shape.width] {
                        *height -= 1;
                    }
                }
            }
        }
    }

    /// The key of the 15x8 board, whose marks do not fit two u64: each column as its marks
    /// (X a one) under a one above its top, nine bits a column.
    fn packed_key(&self) -> (u64, u64, u16) {
        let shape = self.shape();
        let mut packed = 0u128;
        let mut tail = 0u16;
        for column in 0..shape.width {
            let height = usize::from(self.heights[column]);
            let marks = (0..height).fold(1u16 << height, |bits, row| {
                if self.x & shape.bit(row, column) != 0 {
                    bits | 1 << row
                } else {
                    bits
                }
            });
            if column < 14 {
                packed |= u128::from(marks) << (9 * column);
            } else {
                tail = marks;
            }
        }
        let last = match self.last {
            Some(cell) if self.rules.ban() => u16::from(cell) % shape.width as u16,
            _ => 15,
        };
        (packed as u64, (packed >> 64) as u64, tail | last << 9)
    }

    /// The image of a cell (row, column) of the 8x8 board under symmetry `index`: the
    /// four turns clockwise (0 to 3), then the mirrors left-right, top-bottom, in the
    /// diagonal a1-h8 and in the diagonal a8-h1. Upright games use only 0 and 4.
    fn image(&self, index: usize, row: usize, column: usize) -> (usize, usize) {
        let width = self.shape().width;
        let n = width - 1;
        match index {
            0 => (row, column),
            1 => (n - column, row),
            2 => (n - row, n - column),
            3 => (column, n - row),
            4 => (row, n - column),
            5 => (n - row, column),
            6 => (column, row),
            _ => (n - column, n - row),
        }
    }

    /// Upright games declare the left-right mirror as their symmetry 1; it is image 4.
    fn image_index(&self, index: usize) -> usize {
        if self.rules.circular || index == 0 {
            index
        } else {
            4
        }
    }

    fn map_cells(&self, mask: u128, index: usize) -> u128 {
        let shape = self.shape();
        let mut image = 0;
        let mut rest = mask;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (row, column) = self.image(index, cell / shape.width, cell % shape.width);
            image |= shape.bit(row, column);
        }
        image
    }
}

impl Game for Gravity {
    type Move = u8;
    type IllegalMove = IllegalDrop;
    type BadNotation = BadMove;
    type Key = (u64, u64, u16);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    fn ply(&self) -> usize {
        usize::from(self.moves)
    }

    fn legal_moves_into(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_over() {
            return;
        }
        self.open_moves(out);
        if self.rules.ban() && self.last.is_some() && out.iter().any(|mv| !self.rests_on_last(*mv))
        {
            out.retain(|mv| !self.rests_on_last(*mv));
        }
    }

    fn play(&mut self, mv: u8) -> Result<(), IllegalDrop> {
        if self.is_over() {
            return Err(IllegalDrop::GameOver);
        }
        let (row, column) = self.landing(mv)?;
        if self.rules.ban() && self.rests_on_last(mv) && !self.legal_moves().contains(&mv) {
            return Err(if self.rules.circular {
                let shape = self.shape();
                let last = usize::from(self.last.unwrap_or_default());
                IllegalDrop::AgainstLast {
                    row: (last / shape.width) as u8,
                    column: (last % shape.width) as u8,
                }
            } else {
                IllegalDrop::OnTopOfLast(column as u8)
            });
        }
        let shape = self.shape();
        let bit = shape.bit(row, column);
        let me = self.to_move();
        match me {
            Player::X => self.x |= bit,
            Player::O => self.o |= bit,
        }
        if !self.rules.circular {
            self.heights[column] += 1;
        }
        self.moves += 1;
        self.last = Some((row * shape.width + column) as u8);
        // Only the lines through the new mark can have become lines; a line ends the game
        // at once, before linetris would clear its row.
        let marks = if me == Player::X { self.x } else { self.o };
        if shape.line_through(marks, row, column) {
            self.winner = Some(if self.rules.giveaway {
                me.opponent()
            } else {
                me
            });
        } else if self.rules.linetris {
            self.clear();
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(player) = self.winner {
            return Some(Outcome::Win(player));
        }
        let entrances = self.entrances();
        let stuck = self.occupied() & entrances == entrances;
        let long = self.rules.linetris && self.moves >= MOVE_LIMIT;
        (stuck || long).then_some(Outcome::Draw)
    }

    fn result_note(&self) -> Option<String> {
        match self.winner {
            Some(winner) if self.rules.giveaway => Some(format!(
                "{} made {} in a row and loses (giveaway)",
                winner.opponent(),
                self.shape().goal
            )),
            None if self.rules.linetris && self.moves >= MOVE_LIMIT => {
                Some(format!("a draw: linetris stops after {MOVE_LIMIT} moves"))
            }
            _ => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, BadMove> {
        let text = text.trim().to_ascii_lowercase();
        let shape = self.shape();
        let last_letter = (b'a' + shape.width as u8 - 1) as char;
        let column = |letter: u8| {
            (letter.is_ascii_lowercase() && usize::from(letter - b'a') < shape.width)
                .then(|| letter - b'a')
        };
        if !self.rules.circular {
            return match text.as_bytes() {
                [letter] if column(*letter).is_some() => Ok(letter - b'a'),
                _ => Err(BadMove(format!(
                    "a move is a column letter from a to {last_letter}, not \"{text}\""
                ))),
            };
        }
        let row = |digit: u8| {
            (b'1'..=b'0' + shape.height as u8)
                .contains(&digit)
                .then(|| usize::from(digit - b'1'))
        };
        let parsed = match text.as_bytes() {
            [letter] | [letter, b'v'] => column(*letter).map(|c| encode(Push::Down, c.into())),
            [letter, b'^'] => column(*letter).map(|c| encode(Push::Up, c.into())),
            [digit, b'<'] => row(*digit).map(|r| encode(Push::Left, r)),
            [digit, b'>'] => row(*digit).map(|r| encode(Push::Right, r)),
            _ => None,
        };
        parsed.ok_or_else(|| {
            BadMove(format!(
                "a move is a column letter a to h with v (from the top) or ^ (from the bottom), \
                 or a row 1 to 8 with < (from the right) or > (from the left), as dv or 3<; \
                 not \"{text}\""
            ))
        })
    }

    fn move_name(&self, mv: u8) -> String {
        let (push, line) = decode(mv);
        let line = line.min(self.shape().lines(push) - 1);
        let letter = (b'a' + line as u8) as char;
        match push {
            Push::Down if !self.rules.circular => letter.to_string(),
            Push::Down | Push::Up => format!("{letter}{}", push.arrow()),
            Push::Left | Push::Right => format!("{}{}", line + 1, push.arrow()),
        }
    }

    fn key(&self) -> (u64, u64, u16) {
        if self.rules.five {
            return self.packed_key();
        }
        let last = match self.last {
            Some(cell) if self.rules.ban() => u16::from(cell),
            _ => 127,
        };
        let moves = if self.rules.linetris { self.moves } else { 0 };
        (self.x as u64, self.o as u64, last | moves << 7)
    }

    fn picture(&self) -> String {
        picture::write(self)
    }

    fn from_picture(&self, text: &str) -> Result<Gravity, PictureError> {
        picture::read(self.rules, text)
    }

    fn view(&self) -> BoardView {
        let shape = self.shape();
        let line = shape.lines_of(self.x) | shape.lines_of(self.o);
        let ranks: Vec<String> = (1..=shape.height).rev().map(|r| r.to_string()).collect();
        let files: Vec<String> = (0..shape.width)
            .map(|c| ((b'a' + c as u8) as char).to_string())
            .collect();
        let ranks: Vec<&str> = ranks.iter().map(String::as_str).collect();
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let mut panel = grid_panel(
            "",
            &ranks,
            &files,
            |row, column| (shape.height - 1 - row) * shape.width + column,
            |cell| self.at(cell / shape.width, cell % shape.width),
            |cell| line & 1 << cell != 0,
        );
        panel.columns_below = true;
        BoardView {
            layout: Layout::Spaced,
            panels: vec![panel],
        }
    }

    /// Upright: the mirror image left to right (the floor and linetris's clearing tell up
    /// from down). Circular: the square's eight, since every wall is alike.
    fn symmetry_count(&self) -> usize {
        if self.rules.circular { 8 } else { 2 }
    }

    fn transformed(&self, index: usize) -> Gravity {
        if index == 0 {
            return *self;
        }
        let image = self.image_index(index);
        let shape = self.shape();
        let mut heights = self.heights;
        heights[..shape.width].reverse();
        Gravity {
            x: self.map_cells(self.x, image),
            o: self.map_cells(self.o, image),
            heights: if self.rules.circular {
                self.heights
            } else {
                heights
            },
            last: self.last.map(|cell| {
                let cell = usize::from(cell);
                let (row, column) = self.image(image, cell / shape.width, cell % shape.width);
                (row * shape.width + column) as u8
            }),
            moves: self.moves,
            winner: self.winner,
            rules: self.rules,
        }
    }

    fn symmetry_words(&self, index: usize) -> String {
        match self.image_index(index) {
            0 => "as drawn",
            1 => "turned a quarter clockwise",
            2 => "turned half round",
            3 => "turned a quarter anticlockwise",
            4 => "mirrored left-right",
            5 => "mirrored top to bottom",
            6 => "reflected in the diagonal a1-h8",
            _ => "reflected in the diagonal a8-h1",
        }
        .to_string()
    }

    fn transform_move(&self, mv: u8, index: usize) -> u8 {
        let image = self.image_index(index);
        if image == 0 {
            return mv;
        }
        let shape = self.shape();
        let (push, line) = decode(mv);
        let line = line.min(shape.lines(push) - 1);
        if !self.rules.circular {
            return encode(Push::Down, shape.width - 1 - line);
        }
        // The image of the entrance and of the step after it give the image push.
        let (row, column) = shape.entrance(push, line);
        let (dr, dc) = push.step();
        let next = ((row as i32 + dr) as usize, (column as i32 + dc) as usize);
        let (r0, c0) = self.image(image, row, column);
        let (r1, c1) = self.image(image, next.0, next.1);
        match (r1 as i32 - r0 as i32, c1 as i32 - c0 as i32) {
            (-1, 0) => encode(Push::Down, c0),
            (1, 0) => encode(Push::Up, c0),
            (0, -1) => encode(Push::Left, r0),
            _ => encode(Push::Right, r0),
        }
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // Centre lines first: they take part in the most lines.
        let width = self.shape().width as i32;
        moves.sort_by_key(|mv| (i32::from(*mv & 15) * 2 - (width - 1)).abs());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut Gravity, columns: &str) {
        for c in columns.chars() {
            let mv = game.parse_move(&c.to_string()).unwrap();
            game.play(mv).unwrap_or_else(|why| panic!("{c}: {why}"));
        }
    }

    #[test]
    fn marks_fall_and_four_in_a_row_wins() {
        let mut game = Gravity::new(GravityRules::default());
        play(&mut game, "aabbccd");
        assert_eq!(game.at(0, 3), Some(Player::X));
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
        let mut diagonal = Gravity::new(GravityRules::default());
        // X climbs a diagonal a1 b2 c3 d4.
        play(&mut diagonal, "abbccdcddhd");
        assert_eq!(
            diagonal.outcome(),
            Some(Outcome::Win(Player::X)),
            "{diagonal:?}"
        );
    }

    #[test]
    fn a_full_column_is_refused() {
        let mut game = Gravity::new(GravityRules::default());
        play(&mut game, "aaaaaaaa");
        assert_eq!(game.play(0), Err(IllegalDrop::Full(0)));
        assert!(!game.legal_moves().contains(&0));
    }

    #[test]
    fn the_seed_option_forbids_dropping_on_the_opponents_last_mark() {
        let mut game = Gravity::new(GravityRules {
            not_on_last: true,
            ..GravityRules::default()
        });
        play(&mut game, "d");
        assert_eq!(game.play(3), Err(IllegalDrop::OnTopOfLast(3)));
        assert!(!game.legal_moves().contains(&3));
        play(&mut game, "e");
        assert!(game.legal_moves().contains(&3), "only the last mark counts");
    }

    #[test]
    fn mirroring_commutes_with_play() {
        let mut game = Gravity::new(GravityRules {
            not_on_last: true,
            ..GravityRules::default()
        });
        play(&mut game, "abcd");
        for mv in game.legal_moves() {
            let mut played = game;
            played.play(mv).unwrap();
            let mut image = game.transformed(1);
            image.play(game.transform_move(mv, 1)).unwrap();
            assert_eq!(played.transformed(1), image);
        }
        for mv in game.legal_moves() {
            assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
        }
    }

    fn rules(options: &[&str]) -> GravityRules {
        Gravity::start(&GRAVITY, options).unwrap().rules
    }

    fn moves(game: &mut Gravity, names: &[&str]) {
        for name in names {
            let mv = game.parse_move(name).unwrap();
            game.play(mv).unwrap_or_else(|why| panic!("{name}: {why}"));
        }
    }

    #[test]
    fn giveaway_four_of_your_own_loses() {
        let mut game = Gravity::new(rules(&["giveaway"]));
        // X a1 b1 c1 d1; O stacks h1 h2 h3 on its own marks.
        play(&mut game, "ahbhch");
        assert_eq!(game.outcome(), None);
        play(&mut game, "d");
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::O)));
        assert!(game.result_note().unwrap().contains("X made 4 in a row"));
        // And from O's side: O's four loses for O.
        let mut game = Gravity::new(rules(&["giveaway"]));
        play(&mut game, "hahbgcgd");
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    }

    #[test]
    fn giveaway_bans_the_square_on_top_of_the_opponents_last_mark() {
        let mut game = Gravity::new(rules(&["giveaway"]));
        play(&mut game, "d");
        assert_eq!(game.play(3), Err(IllegalDrop::OnTopOfLast(3)));
        assert_eq!(
            IllegalDrop::OnTopOfLast(3).to_string(),
            "column d has the opponent's last mark on top"
        );
        assert!(!game.legal_moves().contains(&3));
        play(&mut game, "e");
        assert!(game.legal_moves().contains(&3), "only the last mark counts");
        assert!(!game.legal_moves().contains(&4));
        assert!(Gravity::start(&GRAVITY, &["giveaway", "not-on-last"]).is_err());
    }

    #[test]
    fn linetris_clears_a_full_bottom_row_and_the_rest_drops() {
        let mut game = Gravity::new(rules(&["linetris"]));
        // X a1, O a2, then the rest of row 1 alternately: no four in it.
        play(&mut game, "aabcdefg");
        assert_eq!(game.occupied().count_ones(), 8);
        play(&mut game, "h");
        assert_eq!(game.outcome(), None);
        assert_eq!(game.at(0, 0), Some(Player::O), "a2 dropped to a1");
        assert_eq!(game.occupied().count_ones(), 1);
        assert_eq!((game.ply(), game.to_move()), (9, Player::O));
        assert_eq!(game.heights[..8], [1, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn in_linetris_a_four_made_by_the_drop_wins_though_its_row_is_full() {
        // Row 1 ends O O X X X X O O: X's f1 fills it and makes c1-f1.
        for (options, winner) in [
            (&["linetris"][..], Player::X),
            (&["giveaway", "linetris"], Player::O),
        ] {
            let mut game = Gravity::new(rules(options));
            play(&mut game, "cadbegch");
            play(&mut game, "f");
            assert_eq!(game.outcome(), Some(Outcome::Win(winner)), "{options:?}");
            assert_eq!(
                game.at(0, 5),
                Some(Player::X),
                "the row stays: the game is over"
            );
        }
    }

    #[test]
    fn linetris_draws_after_its_move_limit() {
        let mut game = Gravity::new(rules(&["linetris"]));
        game.moves = MOVE_LIMIT;
        assert_eq!(game.outcome(), Some(Outcome::Draw));
        assert!(game.legal_moves().is_empty());
    }

    #[test]
    fn circular_pushes_from_each_wall_slide_to_the_far_wall_or_a_mark() {
        let mut game = Gravity::new(rules(&["circular"]));
        moves(&mut game, &["dv", "e^", "3<", "4>"]);
        assert_eq!(game.at(0, 3), Some(Player::X), "dv falls to d1");
        assert_eq!(game.at(7, 4), Some(Player::O), "e^ rises to e8");
        assert_eq!(game.at(2, 0), Some(Player::X), "3< slides to a3");
        assert_eq!(game.at(3, 7), Some(Player::O), "4> slides to h4");
        moves(&mut game, &["1>"]);
        assert_eq!(game.at(0, 2), Some(Player::X), "1> stops against d1");
        let blocked = game.play(game.parse_move("d^").unwrap()).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "d1 is taken, so nothing enters column d from the bottom"
        );
        let blocked = game.play(game.parse_move("e").unwrap()).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "e8 is taken, so nothing enters column e from the top"
        );
        let blocked = game.play(game.parse_move("3>").unwrap()).unwrap_err();
        assert_eq!(
            blocked.to_string(),
            "a3 is taken, so nothing enters row 3 from the left"
        );
        for name in ["dv", "d^", "3<", "3>", "h^", "8>"] {
            assert_eq!(game.move_name(game.parse_move(name).unwrap()), name);
        }
        for bad in ["9<", "i^", "d<", "3", "3v", ""] {
            assert!(game.parse_move(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn circular_linetris_clears_a_full_side_toward_its_wall() {
        let mut game = Gravity::new(rules(&["circular", "linetris"]));
        // X d1, then column a filled from the top, O X O X O X O X: no four.
        moves(
            &mut game,
            &["dv", "av", "av", "av", "av", "av", "av", "av", "av"],
        );
        assert_eq!(game.outcome(), None);
        assert_eq!(game.occupied(), game.shape().bit(0, 2), "d1 moved to c1");
        assert_eq!(game.at(0, 2), Some(Player::X));
    }

    #[test]
    fn a_corner_mark_that_fills_two_sides_clears_both_and_shifts_diagonally() {
        let mut game = Gravity::new(rules(&["circular", "linetris"]));
        let shape = game.shape();
        // b1..h1 O X O X O X O, a2..a8 X O X O X O X, and c3: no four anywhere.
        for k in 1..8 {
            let (row, column) = (shape.bit(0, k), shape.bit(k, 0));
            if k % 2 == 1 {
                game.o |= row;
                game.x |= column;
            } else {
                game.x |= row;
                game.o |= column;
            }
        }
        game.o |= shape.bit(2, 2);
        game.moves = 16;
        // X pushes into row 1 from the left: a1, the corner.
        moves(&mut game, &["1>"]);
        assert_eq!(game.outcome(), None);
        assert_eq!(game.occupied(), shape.bit(1, 1), "c3 moved to b2");
    }

    #[test]
    fn five_needs_five_in_a_row_on_fifteen_columns() {
        let mut game = Gravity::new(rules(&["five"]));
        // O's four on row 2 does not win; X's five on row 1 does.
        play(&mut game, "aabbccdd");
        assert_eq!(game.outcome(), None);
        play(&mut game, "e");
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
        let game = Gravity::new(rules(&["five"]));
        assert_eq!(game.parse_move("o"), Ok(14));
        assert_eq!(
            game.parse_move("p").unwrap_err().to_string(),
            "a move is a column letter from a to o, not \"p\""
        );
        assert!(Gravity::start(&GRAVITY, &["five", "circular"]).is_err());
    }

    #[test]
    fn every_symmetry_commutes_with_play_in_circular_games() {
        let mut game = Gravity::new(rules(&["circular", "linetris"]));
        moves(&mut game, &["dv", "2<", "c^", "7>"]);
        for index in 0..game.symmetry_count() {
            for mv in game.legal_moves() {
                let mut played = game;
                played.play(mv).unwrap();
                let mut image = game.transformed(index);
                image.play(game.transform_move(mv, index)).unwrap();
                assert_eq!(
                    played.transformed(index),
                    image,
                    "{index} {}",
                    game.move_name(mv)
                );
            }
        }
    }

    #[test]
    fn pictures_carry_the_last_mark_and_the_count_of_moves() {
        let mut game = Gravity::new(rules(&["giveaway", "circular", "linetris"]));
        moves(&mut game, &["dv", "3<"]);
        let picture = game.picture();
        assert!(picture.ends_with(" a3 2"), "{picture}");
        assert_eq!(game.from_picture(&picture), Ok(game));
        let wrong = picture.replace(" a3 ", " d1 ");
        assert!(
            game.from_picture(&wrong).is_err(),
            "d1 is X's, but O moved last"
        );
        let floating = Gravity::new(rules(&["circular"]));
        let lone = "......../......../......../...X..../......../......../......../........";
        assert!(floating.from_picture(lone).is_err());
    }
}
