//! Gomoku and its family on square boards of 5 to 26 lines: free-style gomoku (five or
//! more in a row wins, the gomoku bot's `checkWin`), `exactly-five`, renju (black's
//! double-three, double-four and overline forbidden; the algorithm page's survey), the
//! swap opening of the same survey (black's first stone in the centre, one free stone each,
//! then white may take black's side), and connect-6 (six in a row; one stone first, then
//! two a turn).
//!
//! Stones are black (the first player, X) and white (O); after a swap the seats change
//! colours. A cell is written as in Gomocup tools and Go diagrams: a column letter and
//! a row number from the bottom, `h8` the centre of 15x15.

mod declaration;
mod illegal;
mod picture;
pub mod renju;

pub use declaration::{CONNECT6, GOMOKU};
pub use illegal::IllegalStone;
#[cfg(test)]
mod tests;

use super::picture::PictureError;
use super::view::{BoardView, Layout, grid_panel};
use super::{BadMove, Game, Outcome, Player};
use renju::{BLACK, EMPTY, Foul, WHITE};

/// The smallest and largest boards (26 columns have letters a to z).
pub const MIN_SIZE: u8 = 5;
pub const MAX_SIZE: u8 = 26;

/// The move that takes black's side in the swap opening.
pub const SWAP: u16 = u16::MAX;

/// The rules of one game of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GomokuRules {
    pub size: u8,
    /// How many in a row win: 5, or 6 in connect-6.
    pub goal: u8,
    /// Only exactly `goal` in a row wins.
    pub exactly_five: bool,
    /// Black's forbidden moves; black needs exactly five, white five or more.
    pub renju: bool,
    /// The swap opening of the algorithm page's survey.
    pub swap: bool,
    /// Two stones a turn after black's first.
    pub connect6: bool,
}

impl GomokuRules {
    /// Free-style gomoku on a board of side `size`.
    pub fn freestyle(size: u8) -> GomokuRules {
        GomokuRules {
            size,
            goal: 5,
            exactly_five: false,
            renju: false,
            swap: false,
            connect6: false,
        }
    }
}

/// The colour of a stone. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    fn code(self) -> u8 {
        match self {
            Colour::Black => BLACK,
            Colour::White => WHITE,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// The four directions of a line, in the gomoku bot's order: 0°, 45°, 90°, 135° (rows grow
/// downward, so 45° runs up and to the right).
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (1, -1), (0, 1), (1, 1)];

/// A position: the cells (index `y * size + x`, row `y = 0` at the top), who has
/// swapped, the winner and the last stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gomoku {
    rules: GomokuRules,
    cells: Vec<u8>,
    stones: u16,
    swapped: bool,
    winner: Option<Colour>,
    last: Option<u16>,
    hash: u64,
    /// Renju only: black is to move and every empty cell is forbidden (a draw).
    black_stuck: bool,
}

/// A fixed pseudo-random number per (cell, colour) for the position key (Zobrist):
/// a mix of the index, so the rules need no table and hold no randomness.
fn zobrist(cell: usize, colour: u8) -> u64 {
    let mut z = (cell as u64 * 3 + u64::from(colour)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Gomoku {
    pub fn new(rules: GomokuRules) -> Gomoku {
        let size = usize::from(rules.size);
        Gomoku {
            rules,
            cells: vec![EMPTY; size * size],
            stones: 0,
            swapped: false,
            winner: None,
            last: None,
            hash: 0,
            black_stuck: false,
        }
    }

    /// The position with these black and white stones (cells), or why play cannot
    /// reach it: what a Gomocup manager's `BOARD` command describes.
    pub fn with_stones(
        rules: GomokuRules,
        black: &[usize],
        white: &[usize],
    ) -> Result<Gomoku, PictureError> {
        let size = usize::from(rules.size);
        let mut rows = vec![vec!['.'; size]; size];
        for (stones, mark) in [(black, 'X'), (white, 'O')] {
            for cell in stones {
                let Some(row) = rows.get_mut(cell / size) else {
                    return Err(PictureError::Impossible(format!(
                        "cell {cell} is off a {size}x{size} board"
                    )));
                };
                if row[cell % size] != '.' {
                    return Err(PictureError::Impossible(format!(
                        "cell {cell} is given twice"
                    )));
                }
                row[cell % size] = mark;
            }
        }
        let text: Vec<String> = rows.iter().map(|row| row.iter().collect()).collect();
        picture::read(rules, &text.join("/"))
    }

    pub fn rules(&self) -> GomokuRules {
        self.rules
    }

    pub fn size(&self) -> usize {
        usize::from(self.rules.size)
    }

    /// The cells, `EMPTY`, `BLACK` or `WHITE`, row by row from the top.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn stones(&self) -> usize {
        usize::from(self.stones)
    }

    pub fn last(&self) -> Option<usize> {
        self.last.map(usize::from)
    }

    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The centre cell (for an even side, the one below and right of the middle).
    pub fn centre(&self) -> usize {
        let half = self.size() / 2;
        half * self.size() + half
    }

    /// The colour of the stone to be placed next.
    pub fn colour_to_move(&self) -> Colour {
        let stones = usize::from(self.stones);
        let black = if self.rules.connect6 {
            // b, ww, bb, ww, ...
            stones == 0 || (stones - 1) / 2 % 2 == 1
        } else {
            stones.is_multiple_of(2)
        };
        if black { Colour::Black } else { Colour::White }
    }

    /// The seat playing `colour`: black is X until a swap.
    pub fn seat(&self, colour: Colour) -> Player {
        match (colour, self.swapped) {
            (Colour::Black, false) | (Colour::White, true) => Player::X,
            _ => Player::O,
        }
    }

    /// The colour `seat` plays.
    pub fn colour_of(&self, seat: Player) -> Colour {
        if self.seat(Colour::Black) == seat {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// True if the swap is a legal move now.
    pub fn swap_allowed(&self) -> bool {
        self.rules.swap && self.stones == 3 && !self.swapped && self.winner.is_none()
    }

    /// The cell at column `x`, row `y` from the top, if on the board.
    pub fn index(&self, x: i32, y: i32) -> Option<usize> {
        let size = self.size() as i32;
        ((0..size).contains(&x) && (0..size).contains(&y)).then(|| (y * size + x) as usize)
    }

    /// The length of the run of `colour` through `cell` along `(dx, dy)`, counting
    /// `cell` as that colour.
    pub fn run_through(&self, cell: usize, colour: u8, (dx, dy): (i32, i32)) -> usize {
        let size = self.size() as i32;
        let (x, y) = ((cell % self.size()) as i32, (cell / self.size()) as i32);
        let mut length = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
            while (0..size).contains(&cx)
                && (0..size).contains(&cy)
                && self.cells[(cy * size + cx) as usize] == colour
            {
                length += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        length
    }

    /// Whether a run of `length` stones of `colour` wins under these rules.
    fn run_wins(&self, length: usize, colour: Colour) -> bool {
        let goal = usize::from(self.rules.goal);
        let exact = self.rules.exactly_five || (self.rules.renju && colour == Colour::Black);
        if exact {
            length == goal
        } else {
            length >= goal
        }
    }

    /// Whether `colour` placing a stone on the empty `cell` wins at once: the gomoku bot's
    /// `checkWin`, which looks only along the four lines through the new stone.
    pub fn wins_at(&self, cell: usize, colour: Colour) -> bool {
        DIRECTIONS
            .iter()
            .any(|d| self.run_wins(self.run_through(cell, colour.code(), *d), colour))
    }

    /// Why black may not play `cell` under renju, if it may not.
    pub fn foul(&self, cell: usize) -> Option<Foul> {
        if !self.rules.renju || self.colour_to_move() != Colour::Black {
            return None;
        }
        let mut scratch = self.cells.clone();
        renju::foul(self.size(), &mut scratch, cell)
    }

    /// A cell's name: `h8`.
    pub fn cell_name(&self, cell: usize) -> String {
        let size = self.size();
        format!(
            "{}{}",
            (b'a' + (cell % size) as u8) as char,
            size - cell / size
        )
    }

    /// Reads a cell name, or says why it is not one.
    pub fn parse_cell(&self, text: &str) -> Result<usize, BadMove> {
        let size = self.size();
        let last_letter = (b'a' + size as u8 - 1) as char;
        let text = text.trim().to_ascii_lowercase();
        let bad = || {
            BadMove(format!(
                "a cell is a column letter a-{last_letter} and a row number 1-{size}, like {}, not \"{}\"",
                self.cell_name(self.centre()),
                crate::files::shown(&text, 12)
            ))
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !letter.is_ascii_lowercase() || letter > last_letter || !(1..=size).contains(&row) {
            return Err(bad());
        }
        Ok((size - row) * size + (letter as u8 - b'a') as usize)
    }

    /// The cells of every winning line on the board (for the view).
    fn winning_cells(&self) -> Vec<bool> {
        let Some(colour) = self.winner else {
            return vec![false; self.cells.len()];
        };
        (0..self.cells.len())
            .map(|cell| {
                self.cells[cell] == colour.code()
                    && DIRECTIONS.iter().any(|direction| {
                        self.run_wins(self.run_through(cell, colour.code(), *direction), colour)
                    })
            })
            .collect()
    }

    /// True under renju when black is to move, the game goes on, and every empty cell
    /// is forbidden. The first allowed cell ends the search, which is almost always at
    /// once.
    fn renju_black_stuck(&self) -> bool {
        if !self.rules.renju || self.winner.is_some() || self.colour_to_move() != Colour::Black {
            return false;
        }
        let mut scratch = self.cells.clone();
        (0..self.cells.len()).all(|cell| {
            self.cells[cell] != EMPTY || renju::foul(self.size(), &mut scratch, cell).is_some()
        }) && usize::from(self.stones) < self.cells.len()
    }

    /// Puts a stone down without any check (the caller has checked).
    fn place(&mut self, cell: usize, colour: Colour) {
        self.cells[cell] = colour.code();
        self.hash ^= zobrist(cell, colour.code());
        self.stones += 1;
        self.last = Some(cell as u16);
    }

    /// Every empty cell where the stone to move may go, in cell order.
    fn legal_cells(&self, out: &mut Vec<u16>) {
        if self.rules.swap && self.stones == 0 {
            out.push(self.centre() as u16);
            return;
        }
        let mut scratch = (self.rules.renju && self.colour_to_move() == Colour::Black)
            .then(|| self.cells.clone());
        for cell in 0..self.cells.len() {
            if self.cells[cell] != EMPTY {
                continue;
            }
            if let Some(scratch) = scratch.as_mut()
                && renju::foul(self.size(), scratch, cell).is_some()
            {
                continue;
            }
            out.push(cell as u16);
        }
        if self.swap_allowed() {
            out.push(SWAP);
        }
    }
}

impl Game for Gomoku {
    type Move = u16;
    type IllegalMove = IllegalStone;
    type BadNotation = BadMove;
    type Key = (u64, u16);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        self.seat(self.colour_to_move())
    }

    fn ply(&self) -> usize {
        usize::from(self.stones) + usize::from(self.swapped)
    }

    fn legal_moves_into(&self, out: &mut Vec<u16>) {
        out.clear();
        if !self.is_over() {
            self.legal_cells(out);
        }
    }

    /// Moves two cells or fewer from a stone (the swap move kept); the centre on an
    /// empty board. A stone farther away neither blocks nor builds on anything yet.
    fn search_moves_into(&self, out: &mut Vec<u16>) {
        self.legal_moves_into(out);
        if self.stones == 0 {
            let centre = self.centre() as u16;
            if out.contains(&centre) {
                out.retain(|mv| *mv == centre || *mv == SWAP);
            }
            return;
        }
        let size = self.size();
        let near = |cell: usize| {
            let (row, column) = (cell / size, cell % size);
            (row.saturating_sub(2)..=(row + 2).min(size - 1)).any(|r| {
                (column.saturating_sub(2)..=(column + 2).min(size - 1))
                    .any(|c| self.cells[r * size + c] != EMPTY)
            })
        };
        out.retain(|mv| *mv == SWAP || near(usize::from(*mv)));
    }

    fn play_picked(&mut self, pick: &mut dyn FnMut(usize) -> usize, buffer: &mut Vec<u16>) -> bool {
        if self.is_over() {
            return false;
        }
        // The swap opening's first moves: list them.
        if self.rules.swap && self.stones <= 3 {
            self.legal_moves_into(buffer);
            if buffer.is_empty() {
                return false;
            }
            let mv = buffer[pick(buffer.len()).min(buffer.len() - 1)];
            return self.play(mv).is_ok();
        }
        // Otherwise the legal moves are the empty cells, less renju's fouls for black:
        // pick the n-th empty cell without listing them, and pick again after a foul,
        // which keeps every legal cell equally likely.
        let empty = self.cells.len() - usize::from(self.stones);
        if empty == 0 {
            return false;
        }
        loop {
            let mut nth = pick(empty).min(empty - 1);
            let Some(cell) = (0..self.cells.len()).find(|cell| {
                self.cells[*cell] == EMPTY && {
                    nth = nth.wrapping_sub(1);
                    nth == usize::MAX
                }
            }) else {
                return false;
            };
            match self.play(cell as u16) {
                Ok(()) => return true,
                Err(IllegalStone::Forbidden(..)) => continue,
                Err(_) => return false,
            }
        }
    }

    fn play(&mut self, mv: u16) -> Result<(), IllegalStone> {
        if self.is_over() {
            return Err(IllegalStone::GameOver);
        }
        if mv == SWAP {
            if !self.swap_allowed() {
                return Err(IllegalStone::NoSwap);
            }
            self.swapped = true;
            return Ok(());
        }
        let cell = usize::from(mv);
        if cell >= self.cells.len() {
            return Err(IllegalStone::OffTheBoard);
        }
        if self.cells[cell] != EMPTY {
            return Err(IllegalStone::Taken(self.cell_name(cell)));
        }
        if self.rules.swap && self.stones == 0 && cell != self.centre() {
            return Err(IllegalStone::CentreFirst(self.cell_name(self.centre())));
        }
        if let Some(foul) = self.foul(cell) {
            return Err(IllegalStone::Forbidden(self.cell_name(cell), foul));
        }
        let colour = self.colour_to_move();
        if self.wins_at(cell, colour) {
            self.winner = Some(colour);
        }
        self.place(cell, colour);
        self.black_stuck = self.renju_black_stuck();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(colour) => Some(Outcome::Win(self.seat(colour))),
            None if usize::from(self.stones) == self.cells.len() => Some(Outcome::Draw),
            // Renju: black to move with every empty cell forbidden.
            None if self.black_stuck => Some(Outcome::Draw),
            None => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<u16, BadMove> {
        if text.trim().eq_ignore_ascii_case("swap") {
            return Ok(SWAP);
        }
        self.parse_cell(text).map(|cell| cell as u16)
    }

    fn move_name(&self, mv: u16) -> String {
        if mv == SWAP {
            "swap".into()
        } else {
            self.cell_name(usize::from(mv).min(self.cells.len() - 1))
        }
    }

    fn move_prompt(&self) -> Option<String> {
        if self.swap_allowed() {
            return Some("a cell for white, or swap to take black's stones".into());
        }
        if self.rules.connect6 && self.stones > 0 {
            let first = (usize::from(self.stones) - 1) % 2 == 0;
            // The example is a free cell, the one nearest the centre.
            let size = self.size();
            let centre = size / 2;
            let example = self
                .legal_moves()
                .into_iter()
                .filter(|mv| *mv != SWAP)
                .min_by_key(|mv| {
                    let (row, column) = (usize::from(*mv) / size, usize::from(*mv) % size);
                    (row.abs_diff(centre).max(column.abs_diff(centre)), *mv)
                })
                .map(|mv| format!(", like {}", self.move_name(mv)))
                .unwrap_or_default();
            return Some(format!(
                "{} {} stone of two{example}",
                self.colour_to_move().name(),
                if first { "first" } else { "second" }
            ));
        }
        None
    }

    fn key(&self) -> (u64, u16) {
        (self.hash, self.stones << 1 | u16::from(self.swapped))
    }

    fn picture(&self) -> String {
        picture::write(self)
    }

    fn from_picture(&self, text: &str) -> Result<Gomoku, PictureError> {
        picture::read(self.rules, text)
    }

    fn view(&self) -> BoardView {
        let size = self.size();
        let line = self.winning_cells();
        let rows: Vec<String> = (1..=size).rev().map(|row| row.to_string()).collect();
        let columns: Vec<String> = (0..size)
            .map(|x| ((b'a' + x as u8) as char).to_string())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let columns: Vec<&str> = columns.iter().map(String::as_str).collect();
        let owner = |cell: usize| match self.cells[cell] {
            BLACK => Some(self.seat(Colour::Black)),
            WHITE => Some(self.seat(Colour::White)),
            _ => None,
        };
        let mut panel = grid_panel(
            "",
            &rows,
            &columns,
            |r, c| r * size + c,
            owner,
            |cell| line[cell],
        );
        // Stones are drawn by the seat that owns them: after a swap, black's stones
        // change hands and letters with them.
        panel.columns_below = true;
        BoardView {
            layout: Layout::Spaced,
            panels: vec![panel],
        }
    }

    fn order_moves(&self, moves: &mut [u16]) {
        // Near the last stone first, then near the centre: where the fight is.
        let size = self.size() as i32;
        let focus = self.last().unwrap_or_else(|| self.centre());
        let (fx, fy) = ((focus % self.size()) as i32, (focus / self.size()) as i32);
        moves.sort_by_key(|mv| {
            if *mv == SWAP {
                return 0;
            }
            let (x, y) = (i32::from(*mv) % size, i32::from(*mv) / size);
            (x - fx).abs().max((y - fy).abs())
        });
    }
}
