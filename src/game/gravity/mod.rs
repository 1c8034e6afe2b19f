//! Gravity ("falling") noughts and crosses of the algorithm page's survey, and its family.
//! The upright 8x8 board: a mark drops to the lowest empty square of its column; four in a
//! row (across, up or diagonally) wins. The options are the seed's other versions:
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
mod illegal;
mod picture;
mod rules;
#[cfg(test)]
mod tests;

pub use board::Push;
use board::{Shape, decode, encode};
pub use illegal::IllegalDrop;
use illegal::cell_name;
pub use rules::{GRAVITY, GravityRules, MOVE_LIMIT};

use super::picture::PictureError;
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Game, Outcome, Player};

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

    /// Linetris: says that a full row (or edge) vanished, which the board alone shows
    /// only as every mark moved.
    fn move_note(&self, before: &Gravity) -> Option<String> {
        if !self.rules.linetris || self.moves != before.moves + 1 {
            return None;
        }
        let placed = before.occupied().count_ones() + 1;
        let vanished = placed.checked_sub(self.occupied().count_ones())?;
        if vanished == 0 {
            return None;
        }
        Some(if self.rules.circular {
            "A full edge vanished: the field shifted toward its wall, and the marks keep \
             their neighbours."
                .to_string()
        } else if vanished as usize <= self.shape().width {
            "Row 1 was full: it vanished, and every mark above dropped one row.".to_string()
        } else {
            "The full bottom rows vanished, and every mark above dropped.".to_string()
        })
    }

    /// Circular pushes come from four walls: the prompt shows a legal push of each kind,
    /// where the declared example (a bare column) would hide them.
    fn move_prompt(&self) -> Option<String> {
        if !self.rules.circular || self.is_over() {
            return None;
        }
        let names: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|mv| self.move_name(mv))
            .collect();
        let column = names.iter().find(|name| name.ends_with(['v', '^']));
        let row = names.iter().find(|name| name.ends_with(['<', '>']));
        Some(match (column, row) {
            (Some(column), Some(row)) => {
                format!("push in from a wall: {column} into a column, {row} into a row")
            }
            (Some(only), None) | (None, Some(only)) => {
                format!("push in from a wall, like {only}")
            }
            (None, None) => return None,
        })
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
