//! Gravity ("falling") noughts and crosses of seed 001: an 8x8 board standing upright; a
//! mark drops to the lowest empty square of its column; four in a row (across, up or
//! diagonally) wins. Option from the seed: a mark may not be dropped directly on top of
//! the opponent's last mark (waived when no other column is open).
//!
//! A move is a column letter, `a` (left) to `h` (right). Rows are numbered from the bottom.

use super::picture::{PictureError, check_counts, read_marks, split_suffix, write_marks};
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Declaration, Declared, Game, GameOption, Outcome, Player};
use std::fmt;

/// Gravity noughts and crosses on an 8x8 board.
pub const GRAVITY: Declaration = Declaration {
    name: "gravity",
    about: "8x8 upright: marks fall; four in a row wins",
    options: &[GameOption {
        name: "not-on-last",
        help: "no mark directly on top of the opponent's last one",
        value: None,
    }],
    notation: "a column letter, a (left) to h: the mark falls to the lowest empty square",
    example: "d",
    too_big_for_menace: Some(
        "8x8 gravity has far too many positions for matchboxes: no box limit could hold what MENACE would need",
    ),
};

impl Declared for Gravity {
    fn start(_declaration: &Declaration, options: &[&str]) -> Result<Gravity, String> {
        Ok(Gravity::new(GravityRules {
            not_on_last: options.contains(&"not-on-last"),
        }))
    }
}

const SIZE: usize = 8;

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GravityRules {
    /// No mark straight on top of the opponent's last one.
    pub not_on_last: bool,
}

/// Why a drop was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalDrop {
    Full(u8),
    OnTopOfLast(u8),
    NoSuchColumn(u8),
    GameOver,
}

impl fmt::Display for IllegalDrop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |column: &u8| (b'a' + column) as char;
        match self {
            IllegalDrop::Full(column) => write!(f, "column {} is full", name(column)),
            IllegalDrop::OnTopOfLast(column) => write!(
                f,
                "column {} has the opponent's last mark on top",
                name(column)
            ),
            IllegalDrop::NoSuchColumn(column) => write!(f, "there is no column {column}"),
            IllegalDrop::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalDrop {}

/// A position: a bit per square (bit `row * 8 + column`, row 0 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gravity {
    x: u64,
    o: u64,
    heights: [u8; SIZE],
    last: Option<u8>,
    winner: Option<Player>,
    rules: GravityRules,
}

impl Gravity {
    pub fn new(rules: GravityRules) -> Gravity {
        Gravity {
            x: 0,
            o: 0,
            heights: [0; SIZE],
            last: None,
            winner: None,
            rules,
        }
    }

    /// Who holds a square (row from the bottom, column from the left).
    pub fn at(&self, row: usize, column: usize) -> Option<Player> {
        let bit = 1u64 << (row * SIZE + column);
        if self.x & bit != 0 {
            Some(Player::X)
        } else if self.o & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    fn open_columns(&self) -> Vec<u8> {
        (0..SIZE as u8)
            .filter(|column| usize::from(self.heights[usize::from(*column)]) < SIZE)
            .collect()
    }

    /// Counts the run of `marks` through `(row, column)` along one direction.
    #[inline(always)]
    fn run(marks: u64, row: i32, column: i32, dr: i32, dc: i32) -> u32 {
        let mut count = 0;
        for sign in [1, -1] {
            let (mut r, mut c) = (row + sign * dr, column + sign * dc);
            while (0..SIZE as i32).contains(&r)
                && (0..SIZE as i32).contains(&c)
                && marks & (1 << (r * SIZE as i32 + c)) != 0
            {
                count += 1;
                r += sign * dr;
                c += sign * dc;
            }
        }
        count + 1
    }
}

impl Game for Gravity {
    type Move = u8;
    type IllegalMove = IllegalDrop;
    type BadNotation = BadMove;
    type Key = (u64, u64, u8);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        super::turn(self.x.count_ones(), self.o.count_ones())
    }

    fn ply(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let open = |column: &u8| usize::from(self.heights[usize::from(*column)]) < SIZE;
        out.extend((0..SIZE as u8).filter(open));
        if self.rules.not_on_last
            && let Some(last) = self.last
            && out.iter().any(|column| *column != last)
        {
            out.retain(|column| *column != last);
        }
    }

    fn play(&mut self, column: u8) -> Result<(), IllegalDrop> {
        if self.is_over() {
            return Err(IllegalDrop::GameOver);
        }
        let index = usize::from(column);
        if index >= SIZE {
            return Err(IllegalDrop::NoSuchColumn(column));
        }
        if usize::from(self.heights[index]) >= SIZE {
            return Err(IllegalDrop::Full(column));
        }
        if self.rules.not_on_last
            && self.last == Some(column)
            && self.open_columns().iter().any(|open| *open != column)
        {
            return Err(IllegalDrop::OnTopOfLast(column));
        }
        let row = usize::from(self.heights[index]);
        let bit = 1u64 << (row * SIZE + index);
        let me = self.to_move();
        match me {
            Player::X => self.x |= bit,
            Player::O => self.o |= bit,
        }
        self.heights[index] += 1;
        self.last = Some(column);
        // Only the lines through the new mark can have become four.
        let marks = if me == Player::X { self.x } else { self.o };
        let (r, c) = (row as i32, index as i32);
        if [(0, 1), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|(dr, dc)| Gravity::run(marks, r, c, *dr, *dc) >= 4)
        {
            self.winner = Some(me);
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(player) => Some(Outcome::Win(player)),
            None if self.ply() == SIZE * SIZE => Some(Outcome::Draw),
            None => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u8, BadMove> {
        let text = text.trim().to_ascii_lowercase();
        match text.as_bytes() {
            [letter @ b'a'..=b'h'] => Ok(letter - b'a'),
            _ => Err(BadMove(format!(
                "a move is a column letter from a to h, not \"{text}\""
            ))),
        }
    }

    fn move_name(&self, column: u8) -> String {
        ((b'a' + column.min(7)) as char).to_string()
    }

    fn key(&self) -> (u64, u64, u8) {
        let last = if self.rules.not_on_last {
            self.last.map_or(0xFF, |c| c)
        } else {
            0xFF
        };
        (self.x, self.o, last)
    }

    /// The rows from the top, `/` between them; under `not-on-last` the column of the
    /// last mark follows as a second word, since the next move depends on it.
    fn picture(&self) -> String {
        let marks = write_marks(SIZE * SIZE, Some(SIZE), |index| {
            self.at(SIZE - 1 - index / SIZE, index % SIZE)
        });
        match self.last {
            Some(column) if self.rules.not_on_last => {
                format!("{marks} {}", self.move_name(column))
            }
            _ => marks,
        }
    }

    fn from_picture(&self, text: &str) -> Result<Gravity, PictureError> {
        let (marks, last) = split_suffix(text)?;
        let (top_down_x, top_down_o) = read_marks(marks, SIZE * SIZE)?;
        // The picture reads from the top row; bit `row * 8 + column` counts from the bottom.
        let flip = |mask: u64| mask.swap_bytes();
        let (x, o) = (flip(top_down_x), flip(top_down_o));
        check_counts(x, o)?;
        let mut position = Gravity::new(self.rules);
        (position.x, position.o) = (x, o);
        for column in 0..SIZE {
            let height = (0..SIZE)
                .take_while(|row| (x | o) & 1 << (row * SIZE + column) != 0)
                .count();
            if (height..SIZE).any(|row| (x | o) & 1 << (row * SIZE + column) != 0) {
                return Err(PictureError::Impossible(format!(
                    "a mark floats above an empty square in column {}: marks fall to the bottom",
                    self.move_name(column as u8)
                )));
            }
            position.heights[column] = height as u8;
        }
        let four = |marks: u64| {
            (0..SIZE * SIZE).any(|cell| {
                marks & 1 << cell != 0
                    && [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|(dr, dc)| {
                        Gravity::run(marks, (cell / SIZE) as i32, (cell % SIZE) as i32, *dr, *dc)
                            >= 4
                    })
            })
        };
        position.winner = match (four(x), four(o)) {
            (true, true) => {
                return Err(PictureError::Impossible(
                    "both players cannot have four in a row: play stops at the first".into(),
                ));
            }
            (true, false) => Some(Player::X),
            (false, true) => Some(Player::O),
            (false, false) => None,
        };
        if let Some(word) = last {
            if !self.rules.not_on_last {
                return Err(PictureError::Impossible(format!(
                    "only the not-on-last rule needs the last column, not \"{word}\""
                )));
            }
            let column = self
                .parse_move(word)
                .map_err(|why| PictureError::Impossible(why.to_string()))?;
            if position.heights[usize::from(column)] == 0 {
                return Err(PictureError::Impossible(format!(
                    "column {word} is empty, so the last mark cannot be there"
                )));
            }
            position.last = Some(column);
        }
        Ok(position)
    }

    fn view(&self) -> BoardView {
        let mut line = 0u64;
        for marks in [self.x, self.o] {
            for cell in 0..SIZE * SIZE {
                let (r, c) = ((cell / SIZE) as i32, (cell % SIZE) as i32);
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let run: Vec<i32> = (0..4)
                        .map(|k| (r + k * dr) * SIZE as i32 + c + k * dc)
                        .collect();
                    let inside = (0..4).all(|k| {
                        (0..SIZE as i32).contains(&(r + k * dr))
                            && (0..SIZE as i32).contains(&(c + k * dc))
                    });
                    if inside && run.iter().all(|bit| marks & 1 << bit != 0) {
                        line |= run.iter().fold(0, |cells, bit| cells | 1 << bit);
                    }
                }
            }
        }
        let ranks = ["8", "7", "6", "5", "4", "3", "2", "1"];
        let mut panel = grid_panel(
            "",
            &ranks,
            &["a", "b", "c", "d", "e", "f", "g", "h"],
            |row, column| (SIZE - 1 - row) * SIZE + column,
            |cell| self.at(cell / SIZE, cell % SIZE),
            |cell| line & 1 << cell != 0,
        );
        panel.columns_below = true;
        BoardView {
            layout: Layout::Spaced,
            panels: vec![panel],
        }
    }

    /// The board's mirror image, left to right.
    fn symmetry_count(&self) -> usize {
        2
    }

    fn transformed(&self, index: usize) -> Gravity {
        if index == 0 {
            return *self;
        }
        let mirror = |mask: u64| {
            (0..SIZE).fold(0u64, |image, row| {
                let byte = ((mask >> (row * SIZE)) & 0xFF) as u8;
                image | u64::from(byte.reverse_bits()) << (row * SIZE)
            })
        };
        let mut heights = self.heights;
        heights.reverse();
        Gravity {
            x: mirror(self.x),
            o: mirror(self.o),
            heights,
            last: self.last.map(|c| 7 - c),
            winner: self.winner,
            rules: self.rules,
        }
    }

    fn symmetry_words(&self, index: usize) -> String {
        if index == 0 {
            "as drawn"
        } else {
            "mirrored left-right"
        }
        .to_string()
    }

    fn transform_move(&self, column: u8, index: usize) -> u8 {
        if index == 0 {
            column
        } else {
            7 - column.min(7)
        }
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // Centre columns first: they take part in the most lines.
        moves.sort_by_key(|column| (i32::from(*column) * 2 - 7).abs());
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
        let mut game = Gravity::new(GravityRules { not_on_last: true });
        play(&mut game, "d");
        assert_eq!(game.play(3), Err(IllegalDrop::OnTopOfLast(3)));
        assert!(!game.legal_moves().contains(&3));
        play(&mut game, "e");
        assert!(game.legal_moves().contains(&3), "only the last mark counts");
    }

    #[test]
    fn mirroring_commutes_with_play() {
        let mut game = Gravity::new(GravityRules { not_on_last: true });
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
}
