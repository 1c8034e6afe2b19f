//! Strategic tic-tac-toe (the strategic article): nine ultimate boards in a 3x3,
//! 729 cells on three levels.
//!
//! The seed's words: the whole field is the *strategic* board; each of its nine cells
//! holds a *tactical* board, an ultimate board of nine *operational* boards, each an
//! ordinary 3x3 board of cells. Three in a row in an operational board wins that
//! tactical cell; three tactical cells in a row win that strategic cell; three strategic
//! cells in a row win the game. The seed's "Tactical" rule set sends one level deeper
//! than ultimate: a move in cell `o` of operational board `t` of tactical board `s` sends
//! the opponent to tactical board `t`, operational board `o`.
//!
//! The limits repeat ultimate's (the seed's conventions) one level up: a won board stays
//! playable (sent there, you play there; the first line in a board wins it for good),
//! and a board that fills without a line counts for nobody. The seed leaves open where a
//! player sent to a full board may play; here the choice widens one level at a time:
//! sent to a full operational board, you may play in any operational board of the same
//! tactical board; if that whole tactical board is full, anywhere. The game is drawn
//! when every cell is taken without a line of strategic cells.
//!
//! A move is three digits, strategic, tactical, operational, each 1-9 in reading order
//! (`541`: board 5, its board 4, cell 1), as the seed's numbered field writes it; the
//! two-letter form per level (`MM.ML.LL`) reads too. Internally a cell is
//! `81 * s + 9 * t + o` with each part 0..9, and operational board `9 * s + t`.

use super::picture::PictureError;
use super::view::BoardView;
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, OptionValue, Outcome, Player,
    Symmetry,
};

/// Strategic tic-tac-toe under the seed's Tactical rule set.
pub const STRATEGIC: Declaration = Declaration {
    name: "strategic",
    about: "nine ultimate boards in a 3x3: 729 cells on three levels",
    options: &[GameOption {
        name: "map",
        help: "the Functional or Hyperfunctional rule set, by the map in FILE",
        value: Some(OptionValue {
            placeholder: "FILE",
            examples: &[
                "maps/functional-example.yaml",
                "maps/hyperfunctional-example.yaml",
            ],
        }),
    }],
    notation: "three digits 1-9, board, its board, cell: 541 (or MM.ML.LL)",
    example: "541",
    picture: "the 27x27 field's rows, `/` between, then where to play: an operational board \
        (`54`), any board of a tactical board (`5`), or `any`; then who made their line \
        first where both did (`,54=O`, `,5=X`)",
    rules: "the strategic article's \"Tactical\" rule set: nine ultimate boards in a 3x3, 729 \
        cells. A move in cell o of operational board t of tactical board s sends the \
        opponent to operational board o of tactical board t; three in a row wins an \
        operational board, three of those a tactical board, three of those the game. As \
        in ultimate, a won board stays playable and a drawn one counts for nobody. Where \
        the article leaves the choice to the reader, here it widens one level at a time: \
        sent to a full operational board, play in any board of the same tactical board; \
        if that tactical board is full, anywhere. A move may also be written with \
        dots: `5.4.1`.",
    too_big_for_menace: None,
};

impl Declared for Strategic {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        files: &OptionFiles,
    ) -> Result<Strategic, String> {
        let mut game = Strategic::new();
        for option in options {
            if let Some(path) = option.strip_prefix("map ") {
                game.map = Some(map::load(path, files)?);
            }
        }
        Ok(game)
    }
}

const FULL: u16 = 0b111_111_111;
const CELLS: usize = 729;

/// Where the player to move may play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// In this operational board (`9 * s + t`).
    Board(u8),
    /// In any operational board of this tactical board.
    Tactical(u8),
    /// Anywhere.
    Any,
}

/// A position of strategic tic-tac-toe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strategic {
    /// Each operational board's marks (board `9 * s + t`), a bit per cell.
    x: [u16; 81],
    o: [u16; 81],
    /// For each tactical board, the operational boards each player won, a bit each.
    won_x: [u16; 9],
    won_o: [u16; 9],
    /// For each tactical board, its operational boards with every cell taken.
    full: [u16; 9],
    /// The tactical boards each player won.
    big_x: u16,
    big_o: u16,
    target: Target,
    outcome: Option<Outcome>,
    ply: u16,
    /// The Functional or Hyperfunctional rule set's map; `None`: the Tactical rule set,
    /// where a move in board t sends to tactical board t.
    map: Option<&'static SendMap>,
}

impl Default for Strategic {
    fn default() -> Self {
        Strategic::new()
    }
}

impl Strategic {
    pub fn new() -> Strategic {
        Strategic {
            x: [0; 81],
            o: [0; 81],
            won_x: [0; 9],
            won_o: [0; 9],
            full: [0; 9],
            big_x: 0,
            big_o: 0,
            target: Target::Any,
            outcome: None,
            ply: 0,
            map: None,
        }
    }

    /// The map of the rule set, if it is not the Tactical one.
    pub fn map(&self) -> Option<&'static SendMap> {
        self.map
    }

    /// The mark on `cell` (`81 * s + 9 * t + o`).
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

    /// Where the player to move may play.
    pub fn target(&self) -> Target {
        self.target
    }

    /// Who won operational board `board` (`9 * s + t`).
    pub fn board_winner(&self, board: usize) -> Option<Player> {
        let (s, bit) = (board / 9, 1u16 << (board % 9));
        winner_of(self.won_x.get(s)? & bit, self.won_o[s] & bit)
    }

    /// Who won tactical board `s`.
    pub fn tactical_winner(&self, s: usize) -> Option<Player> {
        winner_of(self.big_x & (1 << s), self.big_o & (1 << s))
    }

    fn filled(&self, board: usize) -> u16 {
        self.x[board] | self.o[board]
    }

    /// Where the player sent to operational board `board` plays: there, or in its
    /// tactical board if it is full, or anywhere if that is full too.
    fn target_after(&self, board: usize) -> Target {
        let s = board / 9;
        if self.filled(board) != FULL {
            Target::Board(board as u8)
        } else if self.full[s] != FULL {
            Target::Tactical(s as u8)
        } else {
            Target::Any
        }
    }

    /// Plays `cell`, known to be empty and allowed.
    fn apply(&mut self, cell: usize) {
        let (board, o) = (cell / 9, cell % 9);
        let (s, t) = (board / 9, board % 9);
        let x_moves = self.ply.is_multiple_of(2);
        let board_open = (self.won_x[s] | self.won_o[s]) & (1 << t) == 0;
        let tactical_open = (self.big_x | self.big_o) & (1 << s) == 0;
        let (marks, won, big) = if x_moves {
            (&mut self.x[board], &mut self.won_x[s], &mut self.big_x)
        } else {
            (&mut self.o[board], &mut self.won_o[s], &mut self.big_o)
        };
        *marks |= 1 << o;
        // The first line made in a board wins it for good, at each level.
        if board_open && has_line(*marks) {
            *won |= 1 << t;
            if tactical_open && has_line(*won) {
                *big |= 1 << s;
                if has_line(*big) {
                    let winner = if x_moves { Player::X } else { Player::O };
                    self.outcome = Some(Outcome::Win(winner));
                }
            }
        }
        if self.filled(board) == FULL {
            self.full[s] |= 1 << t;
        }
        self.ply += 1;
        if self.outcome.is_none() && usize::from(self.ply) == CELLS {
            self.outcome = Some(Outcome::Draw);
        }
        let next = self.map.map_or(t, |map| usize::from(map.next[cell]));
        self.target = self.target_after(9 * next + o);
    }

    /// The operational boards the player to move may play in.
    fn boards_in_play(&self) -> std::ops::Range<usize> {
        match self.target {
            Target::Board(board) => usize::from(board)..usize::from(board) + 1,
            Target::Tactical(s) => 9 * usize::from(s)..9 * usize::from(s) + 9,
            Target::Any => 0..81,
        }
    }

    /// The tactical board the view zooms into: the one in play, or the centre when the
    /// player may play anywhere.
    fn zoomed(&self) -> usize {
        match self.target {
            Target::Board(board) => usize::from(board) / 9,
            Target::Tactical(s) => usize::from(s),
            Target::Any => 4,
        }
    }

    /// The cell at row `row`, column `column` of the 27x27 field.
    fn field_cell(row: usize, column: usize) -> usize {
        let s = (row / 9) * 3 + column / 9;
        let t = (row / 3 % 3) * 3 + column / 3 % 3;
        let o = (row % 3) * 3 + column % 3;
        81 * s + 9 * t + o
    }
}

impl Game for Strategic {
    type Move = u16;
    type IllegalMove = IllegalStrategicMove;
    type BadNotation = BadMove;
    type Key = ([u64; 12], [u64; 12], [u64; 3]);
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

    fn legal_moves_into(&self, out: &mut Vec<u16>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        for board in self.boards_in_play() {
            let empty = !self.filled(board) & FULL;
            out.extend(
                (0..9)
                    .filter(|o| empty & (1 << o) != 0)
                    .map(|o| (board * 9 + o) as u16),
            );
        }
    }

    fn play_picked(&mut self, pick: &mut dyn FnMut(usize) -> usize, buffer: &mut Vec<u16>) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        // Most moves are sent to one board: pick among its empty cells at once.
        if let Target::Board(board) = self.target {
            let board = usize::from(board);
            let cells = !self.filled(board) & FULL;
            let count = cells.count_ones() as usize;
            if count == 0 {
                return false;
            }
            let n = pick(count).min(count - 1);
            let o = NTH_CELL[usize::from(cells)][n];
            self.apply(board * 9 + usize::from(o));
            return true;
        }
        self.legal_moves_into(buffer);
        if buffer.is_empty() {
            return false;
        }
        let cell = buffer[pick(buffer.len()).min(buffer.len() - 1)];
        self.apply(usize::from(cell));
        true
    }

    /// In the operational board it is sent to, a playout wins the board if it can, else
    /// blocks the opponent's win there (unless the board is already won); else random.
    fn play_policy(&mut self, pick: &mut dyn FnMut(usize) -> usize, buffer: &mut Vec<u16>) -> bool {
        if let (Target::Board(board), None) = (self.target, self.outcome) {
            let board = usize::from(board);
            let (s, t) = (board / 9, board % 9);
            if (self.won_x[s] | self.won_o[s]) & (1 << t) == 0 {
                let empty = !self.filled(board) & FULL;
                let (mine, theirs) = match self.to_move() {
                    Player::X => (self.x[board], self.o[board]),
                    Player::O => (self.o[board], self.x[board]),
                };
                if let Some(cell) = win_or_block(mine, theirs, empty, pick) {
                    self.apply(board * 9 + cell);
                    return true;
                }
            }
        }
        self.play_picked(pick, buffer)
    }

    fn play(&mut self, mv: u16) -> Result<(), IllegalStrategicMove> {
        let cell = usize::from(mv);
        if cell >= CELLS {
            return Err(IllegalStrategicMove::OffTheBoard(mv));
        }
        if self.outcome.is_some() {
            return Err(IllegalStrategicMove::GameOver);
        }
        let board = cell / 9;
        if self.filled(board) & (1 << (cell % 9)) != 0 {
            return Err(IllegalStrategicMove::Taken(mv));
        }
        if !self.boards_in_play().contains(&board) {
            return Err(IllegalStrategicMove::Elsewhere(self.target));
        }
        self.apply(cell);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn parse_move(&self, text: &str) -> Result<u16, BadMove> {
        parse_cell(text).map(|cell| cell as u16)
    }

    fn move_name(&self, mv: u16) -> String {
        digits(usize::from(mv))
    }

    fn key(&self) -> Self::Key {
        let mut x = [0u64; 12];
        let mut o = [0u64; 12];
        for board in 0..81 {
            put_bits(&mut x, 9 * board, 9, u64::from(self.x[board]));
            put_bits(&mut o, 9 * board, 9, u64::from(self.o[board]));
        }
        let mut rest = [0u64; 3];
        for s in 0..9 {
            put_bits(&mut rest, 9 * s, 9, u64::from(self.won_x[s]));
            put_bits(&mut rest, 81 + 9 * s, 9, u64::from(self.won_o[s]));
        }
        let target = match self.target {
            Target::Board(board) => u64::from(board),
            Target::Tactical(s) => 81 + u64::from(s),
            Target::Any => 90,
        };
        put_bits(&mut rest, 162, 7, target);
        put_bits(&mut rest, 169, 9, u64::from(self.big_x));
        put_bits(&mut rest, 178, 9, u64::from(self.big_o));
        (x, o, rest)
    }

    /// The 729 cells as the 27x27 field reads, rows split by `/`, then where the player
    /// to move plays: an operational board (`54`), a tactical board (`5`) or `any`; then
    /// who made their line first in a board where both did (`,54=O`, `,5=X`).
    fn picture(&self) -> String {
        self.write_picture()
    }

    fn from_picture(&self, text: &str) -> Result<Strategic, PictureError> {
        self.read_picture(text)
    }

    /// Three panels: the tactical board in play, cell by cell; every operational board
    /// by who won it; the strategic board by who won each tactical board.
    fn view(&self) -> BoardView {
        self.view_of(self.zoomed())
    }

    fn zoomed_view(&self, part: usize) -> Option<BoardView> {
        (part < 9).then(|| self.view_of(part))
    }

    /// The square's eight, unless a map does not commute with them: then none.
    fn symmetry_count(&self) -> usize {
        if self.map.is_none_or(|map| map.symmetric) {
            8
        } else {
            1
        }
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::from_index(index)
            .map(Symmetry::inverse)
            .map_or("as drawn", Symmetry::describe)
            .to_string()
    }

    /// The square's symmetries act on all three levels at once, and so on where the
    /// player is sent: the Tactical rule set commutes with them.
    fn transformed(&self, index: usize) -> Strategic {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return *self;
        };
        let bits = |mask: u16| symmetry.map_mask(mask);
        let mut image = *self;
        for s in 0..9 {
            let s2 = symmetry.map(s);
            for t in 0..9 {
                let board = 9 * s2 + symmetry.map(t);
                image.x[board] = bits(self.x[9 * s + t]);
                image.o[board] = bits(self.o[9 * s + t]);
            }
            image.won_x[s2] = bits(self.won_x[s]);
            image.won_o[s2] = bits(self.won_o[s]);
            image.full[s2] = bits(self.full[s]);
        }
        image.big_x = bits(self.big_x);
        image.big_o = bits(self.big_o);
        image.target = match self.target {
            Target::Board(board) => {
                let (s, t) = (usize::from(board) / 9, usize::from(board) % 9);
                Target::Board((9 * symmetry.map(s) + symmetry.map(t)) as u8)
            }
            Target::Tactical(s) => Target::Tactical(symmetry.map(usize::from(s)) as u8),
            Target::Any => Target::Any,
        };
        image
    }

    fn transform_move(&self, mv: u16, index: usize) -> u16 {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return mv;
        };
        let cell = usize::from(mv);
        let (s, t, o) = (cell / 81, cell / 9 % 9, cell % 9);
        (81 * symmetry.map(s) + 9 * symmetry.map(t) + symmetry.map(o)) as u16
    }

    fn order_moves(&self, moves: &mut [u16]) {
        // Moves that win an operational board first, then moves that block one.
        let (mine, theirs) = match self.to_move() {
            Player::X => (&self.x, &self.o),
            Player::O => (&self.o, &self.x),
        };
        moves.sort_by_key(|mv| {
            let (board, bit) = (usize::from(*mv) / 9, 1u16 << (mv % 9));
            if has_line(mine[board] | bit) {
                0
            } else if has_line(theirs[board] | bit) {
                1
            } else {
                2
            }
        });
    }
}

fn winner_of(x: u16, o: u16) -> Option<Player> {
    if x != 0 {
        Some(Player::X)
    } else if o != 0 {
        Some(Player::O)
    } else {
        None
    }
}

/// The cells of the lines of won tactical boards, as a mask of the strategic board.
fn strategic_line(big: u16) -> u16 {
    LINES
        .iter()
        .filter(|line| big & **line == **line)
        .fold(0, |cells, line| cells | line)
}

/// Writes `width` (at most 64) bits of `value` at bit `at` of `words`.
fn put_bits<const N: usize>(words: &mut [u64; N], at: usize, width: usize, value: u64) {
    let value = value & (u64::MAX >> (64 - width));
    let (word, shift) = (at / 64, at % 64);
    words[word] |= value << shift;
    if shift + width > 64 {
        words[word + 1] |= value >> (64 - shift);
    }
}

pub mod map;
mod notation;
mod picture;
mod view;

pub use map::{MapRules, SendMap};
pub use notation::IllegalStrategicMove;
use notation::{digits, parse_cell};

use super::ultimate::{LINES, NTH_CELL, has_line, win_or_block};

#[cfg(test)]
mod tests;
