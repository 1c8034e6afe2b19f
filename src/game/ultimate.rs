//! Ultimate tic-tac-toe (Orlin's article): nine small boards in a 3x3.
//!
//! Three in a row in a small board wins that board; three won boards in a row win the
//! game. The cell you play sends your opponent to the small board at that position.
//! The seed's conventions, the default here: sent to a board already won that still has
//! empty cells, you must play there all the same (a won board stays its winner's, whoever
//! makes a line in it later); sent to a full board, you may play in any board. A board
//! that fills without a line counts for nobody, or with `draw-counts-both` for both
//! players, and then one move can complete big lines for both at once: that is a draw.
//! With `closed` (OpenSpiel's and most online rules) a won or full board is closed, and a
//! player sent to a closed board chooses any open one.
//!
//! A move is the board, then the cell, each in the classic two letters (row then column:
//! `L`, `M`, `R`): `MM.LL` is the top-left cell of the centre board (`MMLL` reads too).
//! Boards and cells are numbered 0..9 in reading order; move `9 * board + cell`.

use super::picture::PictureError;
use super::view::BoardView;
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player, Symmetry,
};

/// Ultimate tic-tac-toe.
pub const ULTIMATE: Declaration = Declaration {
    name: "ultimate",
    about: "nine boards in a 3x3; your cell sends the opponent to that board",
    options: &[
        GameOption {
            name: "closed",
            help: "a won or full board is closed (then play anywhere)",
            value: None,
        },
        GameOption {
            name: "draw-counts-both",
            help: "a drawn board counts for both players",
            value: None,
        },
    ],
    notation: "the board, then the cell, each two letters row-column: MM.LL",
    example: "MM.LL",
    picture: "the 9x9 grid's rows, `/` between, then the board to play in (`MM`, or `any`); a \
        board where both players made a line says who made theirs first: `... LR,LL=X`",
    rules: "Orlin's article: nine boards in a 3x3; three in a row wins a small board, three \
        won boards in a row the game; the cell you play sends your opponent to that \
        board. Orlin's conventions: sent to a won board that has empty cells, you still \
        play there (it stays its first winner's); sent to a full board, play anywhere; a \
        drawn board counts for nobody. `draw-counts-both`: a drawn board counts for both \
        (one move can then give both a big line: a draw). `closed` (OpenSpiel's rule): a \
        won or full board is closed, and sent to one you play in any open board. A move \
        may also be written without the dot: `MMLL`.",
    too_big_for_menace: None,
};

impl Declared for Ultimate {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Ultimate, String> {
        Ok(Ultimate::new(UltimateRules {
            closed: options.contains(&"closed"),
            draw_counts_both: options.contains(&"draw-counts-both"),
        }))
    }
}

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UltimateRules {
    /// A won or full board is closed; sent to one, choose any open board.
    pub closed: bool,
    /// A board filled without a line counts for both players.
    pub draw_counts_both: bool,
}

/// A position of ultimate tic-tac-toe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ultimate {
    rules: UltimateRules,
    /// Each small board's marks, a bit per cell in reading order.
    x: [u16; 9],
    o: [u16; 9],
    /// The boards each player won, a bit per board: the first line made in a board wins
    /// it for good.
    won_x: u16,
    won_o: u16,
    /// The board the player to move must play in; `None`: any board they may play in.
    target: Option<u8>,
    outcome: Option<Outcome>,
    /// Kept as play goes, so no move counts marks: the boards with every cell taken, and
    /// the moves made.
    full: u16,
    ply: u8,
}

impl Ultimate {
    pub fn new(rules: UltimateRules) -> Ultimate {
        Ultimate {
            rules,
            x: [0; 9],
            o: [0; 9],
            won_x: 0,
            won_o: 0,
            target: None,
            outcome: None,
            full: 0,
            ply: 0,
        }
    }

    pub fn rules(&self) -> UltimateRules {
        self.rules
    }

    /// The mark on cell `cell` (0..81, `9 * board + cell`).
    pub fn at(&self, cell: usize) -> Option<Player> {
        let (board, bit) = (cell / 9, 1u16 << (cell % 9));
        if self.x.get(board)? & bit != 0 {
            Some(Player::X)
        } else if self.o[board] & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// Who won board `board`, if anyone has.
    pub fn board_winner(&self, board: usize) -> Option<Player> {
        if self.won_x & (1 << board) != 0 {
            Some(Player::X)
        } else if self.won_o & (1 << board) != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The board the player to move is sent to, if they have no free choice.
    pub fn target(&self) -> Option<usize> {
        self.target.map(usize::from)
    }

    fn filled(&self, board: usize) -> u16 {
        self.x[board] | self.o[board]
    }

    /// Boards filled without being won.
    fn drawn_boards(&self) -> u16 {
        self.full & !(self.won_x | self.won_o)
    }

    /// The boards no move may be made in: full ones, and under `closed` won ones too.
    fn closed_boards(&self) -> u16 {
        if self.rules.closed {
            self.full | self.won_x | self.won_o
        } else {
            self.full
        }
    }

    /// Whether a move may be made in `board` when the player has a free choice.
    fn open(&self, board: usize) -> bool {
        self.closed_boards() & (1 << board) == 0
    }

    /// Whether the player to move may play in `board` (if it has an empty cell).
    fn playable(&self, board: usize) -> bool {
        match self.target {
            Some(target) => usize::from(target) == board,
            None => self.open(board),
        }
    }

    /// Recomputes what play keeps (after a position is read from a picture).
    fn recount(&mut self) {
        self.full = (0..9)
            .filter(|board| self.filled(*board) == FULL)
            .fold(0, |mask, board| mask | 1 << board);
        let (x, o) = self.marks();
        self.ply = (x + o) as u8;
    }

    /// Where the player sent to `board` must play: that board, or anywhere if it is
    /// full (or, under `closed`, won).
    fn target_after(&self, board: usize) -> Option<u8> {
        self.open(board).then_some(board as u8)
    }

    /// The big board's result: a line of won boards, both at once (a draw), or no move
    /// left (a draw).
    fn judge(&self) -> Option<Outcome> {
        let both = if self.rules.draw_counts_both {
            self.drawn_boards()
        } else {
            0
        };
        let x_line = has_line(self.won_x | both);
        let o_line = has_line(self.won_o | both);
        match (x_line, o_line) {
            (true, true) => Some(Outcome::Draw),
            (true, false) => Some(Outcome::Win(Player::X)),
            (false, true) => Some(Outcome::Win(Player::O)),
            (false, false) if self.closed_boards() == FULL => Some(Outcome::Draw),
            (false, false) => None,
        }
    }

    /// Makes the move in `cell` of `board`, known to be legal.
    #[inline]
    fn apply(&mut self, board: usize, cell: usize) {
        let still_open = (self.won_x | self.won_o) & (1 << board) == 0;
        let (marks, won) = match self.ply % 2 {
            0 => (&mut self.x[board], &mut self.won_x),
            _ => (&mut self.o[board], &mut self.won_o),
        };
        *marks |= 1 << cell;
        // The first line made in a board wins it for good.
        let mut big_change = false;
        if still_open && has_line(*marks) {
            *won |= 1 << board;
            big_change = true;
        }
        self.ply += 1;
        if self.filled(board) == FULL {
            self.full |= 1 << board;
            big_change = true;
        }
        self.target = self.target_after(cell);
        // Only a board won or filled can end the game.
        if big_change {
            self.outcome = self.judge();
        }
    }

    fn marks(&self) -> (u32, u32) {
        let count = |boards: &[u16; 9]| boards.iter().map(|b| b.count_ones()).sum::<u32>();
        (count(&self.x), count(&self.o))
    }
}

impl Game for Ultimate {
    type Move = u8;
    type IllegalMove = IllegalUltimateMove;
    type BadNotation = BadMove;
    type Key = ([u16; 9], [u16; 9], u32);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    fn legal_moves_into(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let boards: Vec<usize> = match self.target {
            Some(board) => vec![usize::from(board)],
            None => (0..9).filter(|board| self.open(*board)).collect(),
        };
        for board in boards {
            let empty = !self.filled(board) & FULL;
            out.extend(
                (0..9)
                    .filter(|cell| empty & (1 << cell) != 0)
                    .map(|cell| (board * 9 + cell) as u8),
            );
        }
    }

    fn play_picked(&mut self, pick: &mut dyn FnMut(usize) -> usize, _: &mut Vec<u8>) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        let empty = |board: usize| !self.filled(board) & FULL;
        // Most moves are sent to one board: pick among its empty cells at once.
        if let Some(board) = self.target {
            let board = usize::from(board);
            let cells = empty(board);
            let count = usize::from(CELL_COUNT[usize::from(cells)]);
            if count == 0 {
                return false;
            }
            let n = pick(count).min(count - 1);
            self.apply(board, usize::from(NTH_CELL[usize::from(cells)][n]));
            return true;
        }
        let open = !self.closed_boards() & FULL;
        let mut boards = open;
        let mut count = 0;
        while boards != 0 {
            count += empty(boards.trailing_zeros() as usize).count_ones() as usize;
            boards &= boards - 1;
        }
        if count == 0 {
            return false;
        }
        let mut n = pick(count).min(count - 1);
        let mut boards = open;
        while boards != 0 {
            let board = boards.trailing_zeros() as usize;
            boards &= boards - 1;
            let cells = empty(board);
            let here = cells.count_ones() as usize;
            if n >= here {
                n -= here;
                continue;
            }
            self.apply(board, usize::from(NTH_CELL[usize::from(cells)][n]));
            return true;
        }
        false
    }

    /// The moves [`Game::play_picked`] makes, in one loop that calls `pick` directly:
    /// most moves are sent to one board, and its empty cells are counted by a table.
    /// Under the default rules the loop keeps the position in local variables (the
    /// compiler holds them in registers) and writes it back once at the end.
    fn play_out<P: FnMut(usize) -> usize>(&mut self, pick: &mut P, limit: usize) -> Option<Player> {
        if self.rules == UltimateRules::default() {
            return self.play_out_default(pick, limit);
        }
        for _ in 0..limit {
            if let Some(outcome) = self.outcome {
                return outcome.winner();
            }
            let Some(board) = self.target else {
                // A free choice of board (rare): the general move.
                if !self.play_picked(pick, &mut Vec::new()) {
                    return None;
                }
                continue;
            };
            let board = usize::from(board);
            let cells = usize::from(!self.filled(board) & FULL);
            let count = usize::from(CELL_COUNT[cells]);
            if count == 0 {
                return None;
            }
            let n = pick(count).min(count - 1);
            self.apply(board, usize::from(NTH_CELL[cells][n]));
        }
        self.outcome.and_then(Outcome::winner)
    }

    /// In the board it is sent to, a playout wins the board if it can, else blocks the
    /// opponent's win there (a board already won is not worth either); otherwise random.
    fn play_policy(&mut self, pick: &mut dyn FnMut(usize) -> usize, buffer: &mut Vec<u8>) -> bool {
        if let (Some(board), None) = (self.target, self.outcome) {
            let board = usize::from(board);
            if (self.won_x | self.won_o) & (1 << board) == 0 {
                let empty = !self.filled(board) & FULL;
                let (mine, theirs) = match self.to_move() {
                    Player::X => (self.x[board], self.o[board]),
                    Player::O => (self.o[board], self.x[board]),
                };
                if let Some(cell) = win_or_block(mine, theirs, empty, pick) {
                    self.apply(board, cell);
                    return true;
                }
            }
        }
        self.play_picked(pick, buffer)
    }

    fn play(&mut self, mv: u8) -> Result<(), IllegalUltimateMove> {
        if mv >= 81 {
            return Err(IllegalUltimateMove::OffTheBoard(mv));
        }
        if self.outcome.is_some() {
            return Err(IllegalUltimateMove::GameOver);
        }
        let (board, cell) = (usize::from(mv) / 9, usize::from(mv) % 9);
        if self.filled(board) & (1 << cell) != 0 {
            return Err(IllegalUltimateMove::Taken(mv));
        }
        match self.target {
            Some(must) if usize::from(must) != board => {
                return Err(IllegalUltimateMove::WrongBoard { must });
            }
            None if !self.open(board) => return Err(IllegalUltimateMove::Closed(board as u8)),
            _ => {}
        }
        self.apply(board, cell);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn parse_move(&self, text: &str) -> Result<u8, BadMove> {
        let text = text.trim();
        let (board, cell) = match text.split_once('.') {
            Some(parts) => parts,
            None if text.chars().count() == 4 && text.is_ascii() => text.split_at(2),
            None => {
                return Err(BadMove(format!(
                    "a move is a board and a cell, like MM.LL, not \"{text}\""
                )));
            }
        };
        let board = parse_pair(board, "board")?;
        let cell = parse_pair(cell, "cell")?;
        Ok((board * 9 + cell) as u8)
    }

    fn move_name(&self, mv: u8) -> String {
        move_text(mv)
    }

    fn key(&self) -> Self::Key {
        let target = self.target.map_or(9, u32::from);
        (
            self.x,
            self.o,
            u32::from(self.won_x) | u32::from(self.won_o) << 9 | target << 18,
        )
    }

    fn picture(&self) -> String {
        self.write_picture()
    }

    fn from_picture(&self, text: &str) -> Result<Ultimate, PictureError> {
        self.read_picture(text)
    }

    /// The 9x9 grid in blocks, and beside it the big board: who won which board, the
    /// board to play in named in its title.
    fn view(&self) -> BoardView {
        self.draw()
    }

    fn symmetry_count(&self) -> usize {
        8
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::from_index(index)
            .map(Symmetry::inverse)
            .map_or("as drawn", Symmetry::describe)
            .to_string()
    }

    fn transformed(&self, index: usize) -> Ultimate {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return *self;
        };
        let bits = |mask: u16| symmetry.map_mask(mask);
        let mut image = Ultimate::new(self.rules);
        for board in 0..9 {
            image.x[symmetry.map(board)] = bits(self.x[board]);
            image.o[symmetry.map(board)] = bits(self.o[board]);
        }
        image.won_x = bits(self.won_x);
        image.won_o = bits(self.won_o);
        image.target = self
            .target
            .map(|board| symmetry.map(usize::from(board)) as u8);
        image.outcome = self.outcome;
        image.full = bits(self.full);
        image.ply = self.ply;
        image
    }

    fn transform_move(&self, mv: u8, index: usize) -> u8 {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return mv;
        };
        let (board, cell) = (usize::from(mv) / 9, usize::from(mv) % 9);
        (symmetry.map(board) * 9 + symmetry.map(cell)) as u8
    }

    fn order_moves(&self, moves: &mut [u8]) {
        // Moves that win a small board first, then moves that block one.
        let me = self.to_move();
        let mine = |board: usize| match me {
            Player::X => self.x[board],
            Player::O => self.o[board],
        };
        let theirs = |board: usize| match me {
            Player::X => self.o[board],
            Player::O => self.x[board],
        };
        moves.sort_by_key(|mv| {
            let (board, bit) = (usize::from(*mv) / 9, 1u16 << (mv % 9));
            if has_line(mine(board) | bit) {
                0
            } else if has_line(theirs(board) | bit) {
                1
            } else {
                2
            }
        });
    }
}

/// The cell (`9 * board + cell`) at row `row`, column `column` of the 9x9 grid.
fn grid_to_cell(row: usize, column: usize) -> usize {
    let board = (row / 3) * 3 + column / 3;
    let cell = (row % 3) * 3 + column % 3;
    board * 9 + cell
}

mod notation;
mod picture;
mod playout;
mod view;

pub use notation::IllegalUltimateMove;
pub(crate) use notation::{CELL_COUNT, LINES, NTH_CELL, has_line, parse_pair, win_or_block};
use notation::{FULL, move_text, name};

#[cfg(test)]
mod tests;
