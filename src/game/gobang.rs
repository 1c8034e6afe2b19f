//! Go-bang as the algorithm page's survey describes it (lines 194-196): on a chess board
//! each player places 12 pieces (15 in another version, option `pieces 15`) trying to make
//! five in a row; once they are all down, a move slides one of your pieces to an adjacent
//! empty square. The game does not end at the first five: every five scores a point, ten
//! points win, and a five made before does not count again.
//!
//! Where the seed leaves the rules open, this file chooses (and the tests check):
//!
//! - A *combination* is five of one player's pieces on five consecutive squares of a
//!   row, column or diagonal: one of the board's 96 fives. It scores one point for its
//!   player the move it is filled, unless that player scored those same five squares
//!   before ("repeated combinations are not counted"), even if the pieces have since
//!   moved away and come back. A run of six holds two fives, so growing five into six
//!   scores one more point; one move may fill several fives (two lines crossing, or
//!   three and one joined into six) and scores each.
//! - Pieces are placed in turn, X first, until both have placed all theirs (they run out
//!   together); then X slides first. A slide is one step to any of the eight neighbouring
//!   squares, the king's step: the fives run along the diagonals too, so the pieces move
//!   along them, and the 4-neighbour step would leave a piece on a diagonal line unable to
//!   join its neighbours without a detour.
//! - A player none of whose pieces can move passes (`pass`, legal only then). Both cannot
//!   be stuck at once: that would need every neighbour of every piece to be taken, which
//!   only a full board allows.
//! - The game ends when a player reaches ten points (that player wins), or as a draw
//!   after forty sliding moves (passes included) in a row without a point. Points never
//!   go down and the count of quiet moves grows until a point resets it, so every game
//!   ends (at most 30 placements and 20 x 40 slides) and no position recurs: the
//!   searches need no repetition rule, and none is added.
//!
//! Squares are named as in gomoku, a column letter and a row from the bottom (`a1`
//! bottom-left, `h8` top-right): `d4` places, `d4-e5` slides.

mod board;
mod picture;
#[cfg(test)]
mod tests;

use super::picture::PictureError;
use super::view::{BoardView, Layout, grid_panel};
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, OptionValue, Outcome, Player,
};
use std::fmt;

pub use board::{FIVES, SIDE, filled_fives, parse_square, square_name};
use board::{FIVES_AT, NEIGHBOURS};

/// Go-bang and its option.
pub const GOBANG: Declaration = Declaration {
    name: "gobang",
    about: "8x8: place 12, then slide; a point a new five, 10 win (the survey)",
    options: &[GameOption {
        name: "pieces",
        help: "pieces each: 12 (the default) or 15, the survey's other version",
        value: Some(OptionValue {
            placeholder: "N",
            examples: &["15"],
        }),
    }],
    notation: "a square to place (d4), then from-to to slide one step (d4-e5); pass if stuck",
    example: "d4",
    picture: "five words: the rows from the top as in gomoku (`OOOO4/8/8/8/8/8/8/XXXXX3`), who \
        moves, the sliding moves since the last point, then the fives X scored and the \
        fives O scored, each by its end squares, commas between, `-` for none: `... O 0 \
        a1-e1 -`. The scored fives are the points (one each) and decide what can still \
        score, so they are part of the position; a picture with an unlisted five on the \
        board, a scored five moved while pieces are still being placed, or a winner to \
        move is refused",
    rules: "the algorithm page's go-bang on a chess board: each side places 12 pieces \
        (`pieces 15`: the page's other version), X first, then slides one a step to any \
        of the eight neighbouring empty squares (the king's step, as the fives run along \
        diagonals too); a player who cannot slide passes. The game does not end at the \
        first five: every five of one player's pieces in a row scores a point the move it \
        is filled, ten points win; a five that player scored before never scores again \
        (\"repeated combinations are not counted\"), even after its pieces moved away and \
        back. Six in a row holds two fives, so growing five into six scores one more \
        point, and one move filling two fives scores two. Forty sliding moves in a row \
        without a point draw, so every game ends. The points and what is left to place \
        (or the quiet moves) stand over the board and in the prompt. Too big to solve and \
        for MENACE; the searching AIs play it.",
    too_big_for_menace: Some(
        "go-bang's positions (pieces sliding on 64 squares, with the fives scored so far) are far more than any number of matchboxes could hold",
    ),
};

impl Declared for Gobang {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Gobang, String> {
        let mut pieces = 12;
        for option in options {
            if let Some(value) = option.strip_prefix("pieces ") {
                pieces = match value.trim() {
                    "12" => 12,
                    "15" => 15,
                    other => {
                        return Err(format!(
                            "go-bang is played with 12 or 15 pieces each (in the survey), not \"{}\"",
                            crate::files::shown(other, 20)
                        ));
                    }
                };
            }
        }
        Ok(Gobang::new(pieces))
    }
}

/// The points that win.
pub const TARGET: u32 = 10;
/// Sliding moves in a row without a point that end the game in a draw.
pub const QUIET_LIMIT: u8 = 40;

/// A move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GobangMove {
    Place(u8),
    Slide { from: u8, to: u8 },
    Pass,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalGobangMove {
    /// A slide while pieces are still being placed.
    StillPlacing(u8),
    /// A placement once all pieces are down.
    AllPlaced(u8),
    Occupied(u8),
    NotYours(u8),
    NotAdjacent {
        from: u8,
        to: u8,
    },
    /// A pass while a piece can move (or while placing).
    NoPass,
    GameOver,
}

impl fmt::Display for IllegalGobangMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: &u8| square_name(*cell);
        match self {
            IllegalGobangMove::StillPlacing(pieces) => write!(
                f,
                "pieces slide only once both sides have placed all {pieces}: name a square to place"
            ),
            IllegalGobangMove::AllPlaced(pieces) => write!(
                f,
                "all {pieces} pieces are placed: slide one a step, like d4-e5"
            ),
            IllegalGobangMove::Occupied(cell) => write!(f, "{} is taken", name(cell)),
            IllegalGobangMove::NotYours(cell) => {
                write!(f, "there is no piece of yours on {}", name(cell))
            }
            IllegalGobangMove::NotAdjacent { from, to } => {
                write!(f, "{} is not next to {}", name(to), name(from))
            }
            IllegalGobangMove::NoPass => {
                write!(f, "you may pass only when none of your pieces can move")
            }
            IllegalGobangMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalGobangMove {}

/// A position: the pieces, who moves, the fives each side has scored (which are its
/// points, and which can never score again), and the sliding moves since the last point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gobang {
    pieces: u8,
    x: u64,
    o: u64,
    to_move: Player,
    /// X's scored fives, then O's, as sets of indices into [`FIVES`].
    scored: [u128; 2],
    quiet: u8,
    plies: u16,
}

fn seat(player: Player) -> usize {
    match player {
        Player::X => 0,
        Player::O => 1,
    }
}

impl Gobang {
    /// The start, with `pieces` (12 or 15) each.
    pub fn new(pieces: u8) -> Gobang {
        Gobang {
            pieces,
            x: 0,
            o: 0,
            to_move: Player::X,
            scored: [0, 0],
            quiet: 0,
            plies: 0,
        }
    }

    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// The squares `player`'s pieces stand on.
    pub fn stones(&self, player: Player) -> u64 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    /// Who stands on a square.
    pub fn at(&self, cell: usize) -> Option<Player> {
        super::owner(self.x, self.o, cell)
    }

    /// The fives `player` has scored.
    pub fn scored(&self, player: Player) -> u128 {
        self.scored[seat(player)]
    }

    /// `player`'s points: one for every five scored.
    pub fn score(&self, player: Player) -> u32 {
        self.scored(player).count_ones()
    }

    /// Sliding moves (and passes) since the last point.
    pub fn quiet(&self) -> u8 {
        self.quiet
    }

    /// True while pieces are still being placed.
    pub fn placing(&self) -> bool {
        (self.x | self.o).count_ones() < 2 * u32::from(self.pieces)
    }

    /// The fives the mover would score by `mv`, which has been checked. Every five
    /// standing on the board has scored already, so only those through the square the
    /// move fills can be new.
    fn gain(&self, mv: GobangMove) -> u128 {
        let target = match mv {
            GobangMove::Place(cell) | GobangMove::Slide { to: cell, .. } => cell,
            GobangMove::Pass => return 0,
        };
        let stones = self.after(mv);
        let mut candidates = FIVES_AT[usize::from(target % 64)] & !self.scored(self.to_move);
        let mut new = 0;
        while candidates != 0 {
            let index = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if stones & FIVES[index] == FIVES[index] {
                new |= 1 << index;
            }
        }
        new
    }

    /// The mover's slides, in square order of the piece, then of the target.
    /// `wanted` where it is legal, else the legal move whose square (a slide's target)
    /// is nearest the board's centre: the example a prompt shows.
    fn legal_example(&self, wanted: GobangMove) -> String {
        if self.check(wanted).is_ok() {
            return self.move_name(wanted);
        }
        let side = SIDE as i32;
        let distance = |cell: u8| {
            let (row, column) = (i32::from(cell) / side, i32::from(cell) % side);
            (2 * row - side + 1)
                .abs()
                .max((2 * column - side + 1).abs())
        };
        self.legal_moves()
            .into_iter()
            .min_by_key(|mv| match *mv {
                GobangMove::Place(cell) | GobangMove::Slide { to: cell, .. } => distance(cell),
                GobangMove::Pass => i32::MAX,
            })
            .map_or_else(|| self.move_name(wanted), |mv| self.move_name(mv))
    }

    fn slides(&self, out: &mut Vec<GobangMove>) {
        let empty = !(self.x | self.o);
        let mut mine = self.stones(self.to_move);
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let mut targets = NEIGHBOURS[usize::from(from)] & empty;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                out.push(GobangMove::Slide { from, to });
            }
        }
    }

    /// The mover's pieces after `mv`, which has been checked.
    fn after(&self, mv: GobangMove) -> u64 {
        let mine = self.stones(self.to_move);
        let bit = |cell: u8| 1u64.checked_shl(u32::from(cell)).unwrap_or(0);
        match mv {
            GobangMove::Place(cell) => mine | bit(cell),
            GobangMove::Slide { from, to } => (mine & !bit(from)) | bit(to),
            GobangMove::Pass => mine,
        }
    }

    /// Why `mv` may not be played now, if it may not.
    fn check(&self, mv: GobangMove) -> Result<(), IllegalGobangMove> {
        if self.is_over() {
            return Err(IllegalGobangMove::GameOver);
        }
        let taken = self.x | self.o;
        let bit = |cell: u8| 1u64.checked_shl(u32::from(cell)).unwrap_or(0);
        match mv {
            GobangMove::Place(cell) => {
                if !self.placing() {
                    return Err(IllegalGobangMove::AllPlaced(self.pieces));
                }
                if cell >= 64 || taken & bit(cell) != 0 {
                    return Err(IllegalGobangMove::Occupied(cell));
                }
            }
            GobangMove::Slide { from, to } => {
                if self.placing() {
                    return Err(IllegalGobangMove::StillPlacing(self.pieces));
                }
                if from >= 64 || self.stones(self.to_move) & bit(from) == 0 {
                    return Err(IllegalGobangMove::NotYours(from));
                }
                if to >= 64 || taken & bit(to) != 0 {
                    return Err(IllegalGobangMove::Occupied(to));
                }
                if NEIGHBOURS[usize::from(from)] & bit(to) == 0 {
                    return Err(IllegalGobangMove::NotAdjacent { from, to });
                }
            }
            GobangMove::Pass => {
                let mut slides = Vec::new();
                self.slides(&mut slides);
                if self.placing() || !slides.is_empty() {
                    return Err(IllegalGobangMove::NoPass);
                }
            }
        }
        Ok(())
    }

    /// The points in words: `X 3, O 1`.
    fn points_words(&self) -> String {
        format!("X {}, O {}", self.score(Player::X), self.score(Player::O))
    }
}

impl Game for Gobang {
    type Move = GobangMove;
    type IllegalMove = IllegalGobangMove;
    type BadNotation = BadMove;
    /// The pieces (X's above O's), the scored fives with who moves, and the quiet
    /// count with the number of pieces.
    type Key = (u128, u128, u128, u16);
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> usize {
        usize::from(self.plies)
    }

    fn legal_moves_into(&self, out: &mut Vec<GobangMove>) {
        out.clear();
        if self.is_over() {
            return;
        }
        if self.placing() {
            let mut empty = !(self.x | self.o);
            while empty != 0 {
                out.push(GobangMove::Place(empty.trailing_zeros() as u8));
                empty &= empty - 1;
            }
            return;
        }
        self.slides(out);
        if out.is_empty() {
            out.push(GobangMove::Pass);
        }
    }

    fn play(&mut self, mv: GobangMove) -> Result<(), IllegalGobangMove> {
        self.check(mv)?;
        let me = self.to_move;
        let was_placing = self.placing();
        let mine = self.after(mv);
        let new = self.gain(mv);
        match me {
            Player::X => self.x = mine,
            Player::O => self.o = mine,
        }
        self.scored[seat(me)] |= new;
        if !was_placing {
            self.quiet = if new != 0 { 0 } else { self.quiet + 1 };
        }
        self.plies = self.plies.saturating_add(1);
        self.to_move = me.opponent();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        for player in [Player::X, Player::O] {
            if self.score(player) >= TARGET {
                return Some(Outcome::Win(player));
            }
        }
        (self.quiet >= QUIET_LIMIT).then_some(Outcome::Draw)
    }

    /// A point scored: the score line changes, and this says why.
    fn move_note(&self, before: &Gobang) -> Option<String> {
        let player = [Player::X, Player::O]
            .into_iter()
            .find(|player| self.score(*player) > before.score(*player))?;
        let new = self.score(player) - before.score(player);
        let fives = if new == 1 {
            "a new five: 1 point".to_string()
        } else {
            format!("{new} new fives: {new} points")
        };
        Some(format!(
            "{player} scores {fives} ({}).",
            self.points_words()
        ))
    }

    fn result_note(&self) -> Option<String> {
        match self.outcome()? {
            Outcome::Win(player) => Some(format!(
                "{player} reached {TARGET} points: {}.",
                self.points_words()
            )),
            Outcome::Draw => Some(format!(
                "{QUIET_LIMIT} sliding moves in a row scored nothing, so the game ends \
                 drawn at {} ({TARGET} points win).",
                self.points_words()
            )),
        }
    }

    /// The prompt names the phase and a move legal here: `d4` (or `d4-e5`) while it is,
    /// else the legal move nearest the centre, so the example never names a taken square.
    fn move_prompt(&self) -> Option<String> {
        let points = format!("points {}", self.points_words());
        Some(if self.placing() {
            let left = u32::from(self.pieces) - self.stones(self.to_move).count_ones();
            let like = self.legal_example(GobangMove::Place(27));
            format!("{points}; place a piece, like {like} ({left} to place)")
        } else if self.legal_moves() == [GobangMove::Pass] {
            format!("{points}; none of your pieces can move: pass")
        } else {
            let like = self.legal_example(GobangMove::Slide { from: 27, to: 36 });
            format!("{points}; slide a piece a step, like {like}")
        })
    }

    fn parse_move(&self, text: &str) -> Result<GobangMove, BadMove> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(GobangMove::Pass);
        }
        match text.split_once('-') {
            Some((from, to)) => Ok(GobangMove::Slide {
                from: parse_square(from)?,
                to: parse_square(to)?,
            }),
            None => parse_square(text).map(GobangMove::Place).map_err(|_| {
                BadMove(format!(
                    "a go-bang move is a square like d4 (to place), d4-e5 (to slide) or pass, not \"{}\"",
                    crate::files::shown(text, 12)
                ))
            }),
        }
    }

    fn move_name(&self, mv: GobangMove) -> String {
        match mv {
            GobangMove::Place(cell) => square_name(cell),
            GobangMove::Slide { from, to } => {
                format!("{}-{}", square_name(from), square_name(to))
            }
            GobangMove::Pass => "pass".into(),
        }
    }

    fn key(&self) -> (u128, u128, u128, u16) {
        (
            u128::from(self.x) << 64 | u128::from(self.o),
            self.scored[0] << 1 | u128::from(self.to_move == Player::O),
            self.scored[1],
            u16::from(self.quiet) << 8 | u16::from(self.pieces),
        )
    }

    fn picture(&self) -> String {
        picture::write(self)
    }

    fn from_picture(&self, text: &str) -> Result<Gobang, PictureError> {
        picture::read(self.pieces, text)
    }

    /// The board with the points and what remains to do over it; the fives standing on
    /// the board (all of them scored) are coloured.
    fn view(&self) -> BoardView {
        let standing = FIVES
            .iter()
            .filter(|five| self.x & **five == **five || self.o & **five == **five)
            .fold(0u64, |cells, five| cells | five);
        let rows: Vec<String> = (1..=SIDE).rev().map(|row| row.to_string()).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let columns = ["a", "b", "c", "d", "e", "f", "g", "h"];
        let title = if self.placing() {
            format!(
                "points {} ({TARGET} win); to place: X {}, O {}",
                self.points_words(),
                u32::from(self.pieces) - self.x.count_ones(),
                u32::from(self.pieces) - self.o.count_ones()
            )
        } else {
            format!(
                "points {} ({TARGET} win); {} of {QUIET_LIMIT} moves without a point",
                self.points_words(),
                self.quiet
            )
        };
        let mut panel = grid_panel(
            &title,
            &rows,
            &columns,
            |row, column| (SIDE - 1 - row) * SIDE + column,
            |cell| self.at(cell),
            |cell| standing & (1 << cell) != 0,
        );
        panel.columns_below = true;
        BoardView {
            layout: Layout::Spaced,
            panels: vec![panel],
        }
    }

    /// Moves that score first, the more points the sooner: what a search should try.
    fn order_moves(&self, moves: &mut [GobangMove]) {
        moves.sort_by_key(|mv| std::cmp::Reverse(self.gain(*mv).count_ones()));
    }
}
