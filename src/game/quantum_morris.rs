//! Quantum Three Men's Morris (the quantum article's own game): Three Men's Morris with
//! the pieces of quantum tic-tac-toe. Each player has three pieces; a piece is placed as
//! two halves on two points at once, its two spooky marks. Once all six are placed, a
//! move slides one half along a line to a neighbouring point, or splits a classical
//! piece (one half stays, the other slides away); a half slid onto its own other half
//! merges the two into a classical piece. A move that closes a cycle of entangled points
//! collapses as in quantum tic-tac-toe: the opponent of the player who closed it chooses
//! where the closing piece lands, and the cycle and everything hanging off it settle.
//! Three classical pieces of one side in a line win.
//!
//! What the seed leaves open is chosen here, as the issue asks, and written in README
//! and the lesson:
//! - halves slide along the lines of `variant morris` (rows and columns; with
//!   `diagonal-moves` also between a corner and the centre), to any point that holds no
//!   classical piece, however many halves are there already;
//! - a classical piece moves only by splitting (the seed: "only the half-pieces move";
//!   a whole piece is moved by splitting it);
//! - merges, and placing both halves on one point, are allowed unless `no-merge` (the
//!   author forbade them in some versions, finding them too strong); both settle the
//!   merged point's part of the graph at once, as a deterministic move does;
//! - pieces are numbered per player (x1 x2 x3, o1 o2 o3), as the author numbers them:
//!   lines made at once by both sides are a draw (Goff's numbering makes no sense with
//!   three pieces a side, the seed says);
//! - a position seen for the third time with the same player to move is a draw, and a
//!   player with no move loses, as in `variant morris`; positions are compared with
//!   each side's pieces as a set, whichever of them stands where (the labels x1, x2 are
//!   only names: nothing else in the rules looks at them, and the solver counts
//!   positions the same way).

use super::morris::{MorrisRules, adjacent};
use super::quantum::Mark;
use super::tictactoe::LINES;
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player, Square,
    Symmetry,
};
use std::fmt;

mod rules;
#[cfg(test)]
mod tests;

/// Quantum Three Men's Morris.
pub const QUANTUM_MORRIS: Declaration = Declaration {
    name: "quantum-morris",
    about: "Three Men's Morris with pieces placed as two halves",
    options: &[
        GameOption {
            name: "diagonal-moves",
            help: "halves may also slide between a corner and the centre",
            value: None,
        },
        GameOption {
            name: "diagonal-lines",
            help: "the two diagonals count as lines",
            value: None,
        },
        GameOption {
            name: "closer-chooses",
            help: "whoever closes a cycle chooses its collapse (else the opponent)",
            value: None,
        },
        GameOption {
            name: "no-merge",
            help: "no merging two halves, nor placing both on one point",
            value: None,
        },
    ],
    notation: "place on two points (LL-MM); slide a half: x1:LL-LM; collapse: LL",
    example: "LL-MM",
    picture: "the pieces in placing order (x1, o1, x2, o2, x3, o3), commas between (`LL-MM` \
        spooky, `LL` classical, `?` after the piece whose cycle waits), a space and who \
        moves now (while a cycle waits, who chooses its collapse, as the JSON's `to_move` \
        says: the closer's opponent, or the closer under `closer-chooses`): \
        `LL,MM-RR,LR-ML O` (`start X` for none)",
    rules: "the quantum article's quantum Three Men's Morris: three pieces a side, each \
        placed as two halves on two points (its spooky marks, x1 o1 x2 …, numbered per \
        player); once all six are placed, a move slides one of your halves to a \
        neighbouring point along a line of `variant morris` (with `diagonal-moves` also \
        between a corner and the centre) that holds no classical piece, or splits a \
        classical piece (one half stays, the other slides: a whole piece moves only so, \
        the article's \"only the half-pieces move\"); a half slid onto its own other half \
        merges them into a classical piece there, pushing the other halves out as a \
        deterministic move does, and so may a placement of both halves on one point \
        (`no-merge` forbids both, as the author did in some versions). A move that closes \
        a cycle collapses as in `quantum` (the opponent of the closer chooses; \
        `closer-chooses`). Three classical pieces in a line win (diagonals with \
        `diagonal-lines`); lines made at once by both are a draw (the seed: Goff's \
        numbering makes no sense with three pieces a side); a position seen a third time \
        with the same player to move is a draw, and a player with no move loses, as in \
        `morris`. Positions are compared with each side's pieces as a set: which of a \
        side's pieces is which changes nothing (x1 on LL and x2 on MM is the same \
        position as the swap), in the repetition rule as everywhere else, and the solver \
        counts positions the same way (the seed numbers pieces per player but says \
        nothing of repetition). Where the article is silent (where halves may go, how \
        whole pieces move) these are this program's choices.",
    too_big_for_menace: None,
};

impl Declared for QuantumMorris {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<QuantumMorris, String> {
        Ok(QuantumMorris::new(QuantumMorrisRules::from_options(
            options,
        )))
    }
}

impl QuantumMorrisRules {
    /// The rules the option words chosen make (`no-merge`, `closer-chooses`, ...): what
    /// the game starts with, and what the solver's tests name rule sets by.
    pub fn from_options(options: &[&str]) -> QuantumMorrisRules {
        QuantumMorrisRules {
            board: MorrisRules {
                diagonal_moves: options.contains(&"diagonal-moves"),
                diagonal_lines: options.contains(&"diagonal-lines"),
                pass_when_stuck: false,
            },
            closer_chooses: options.contains(&"closer-chooses"),
            merges: !options.contains(&"no-merge"),
        }
    }
}

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct QuantumMorrisRules {
    /// Where halves slide and which lines count, as in Three Men's Morris.
    pub board: MorrisRules,
    /// The player who closes a cycle chooses its collapse.
    pub closer_chooses: bool,
    /// Two halves may merge, and a piece may be placed with both halves on one point.
    pub merges: bool,
}

/// The six pieces in the order they are placed: x1, o1, x2, o2, x3, o3.
const PIECES: usize = 6;

/// A move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QuantumMorrisMove {
    /// Place the next piece with halves on two points (the same point twice: both).
    Place(u8, u8),
    /// Piece `piece` (0-5, in placing order) sends its mark on `from` to `to`: a half
    /// slides, or a classical piece splits, or a half lands on its other half and merges.
    Slide { piece: u8, from: u8, to: u8 },
    /// The square the closing piece's half takes, while a collapse waits.
    Collapse(u8),
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalQuantumMorrisMove {
    GameOver,
    /// In words: what is wrong.
    Refused(String),
}

impl fmt::Display for IllegalQuantumMorrisMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalQuantumMorrisMove::GameOver => write!(f, "the game is already over"),
            IllegalQuantumMorrisMove::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for IllegalQuantumMorrisMove {}

/// A position, with the positions of the moving phase seen so far (for repetition).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct QuantumMorris {
    rules: QuantumMorrisRules,
    /// Where each placed piece's marks are, in placing order.
    marks: [Mark; PIECES],
    placed: u8,
    /// Whose turn it is once any waiting collapse is chosen.
    next: Player,
    /// The piece whose move closed a cycle that waits to collapse, and who closed it.
    pending: Option<(u8, Player)>,
    plies: u32,
    history: Vec<u64>,
}

fn name(point: u8) -> String {
    Square::ALL[usize::from(point) % 9].name()
}

impl QuantumMorris {
    pub fn new(rules: QuantumMorrisRules) -> QuantumMorris {
        QuantumMorris {
            rules,
            marks: [Mark::Classical(0); PIECES],
            placed: 0,
            next: Player::X,
            pending: None,
            plies: 0,
            history: Vec::new(),
        }
    }

    /// The rule options this game is played under.
    pub fn rules(&self) -> QuantumMorrisRules {
        self.rules
    }

    /// The placed pieces' marks, in placing order.
    pub fn marks(&self) -> &[Mark] {
        &self.marks[..usize::from(self.placed)]
    }

    /// The side a piece (0-5, in placing order) belongs to.
    pub fn owner(piece: usize) -> Player {
        if piece.is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    /// A piece's label: `x1`, `o3`; capitals once classical.
    pub fn label(piece: usize, classical: bool) -> String {
        let letter = match (QuantumMorris::owner(piece), classical) {
            (Player::X, false) => 'x',
            (Player::O, false) => 'o',
            (Player::X, true) => 'X',
            (Player::O, true) => 'O',
        };
        format!("{letter}{}", piece / 2 + 1)
    }

    fn classical_of(&self, player: Player) -> u16 {
        self.marks()
            .iter()
            .enumerate()
            .fold(0, |mask, (piece, mark)| match mark {
                Mark::Classical(point) if QuantumMorris::owner(piece) == player => {
                    mask | 1 << point
                }
                _ => mask,
            })
    }

    fn has_line(&self, player: Player) -> bool {
        let marks = self.classical_of(player);
        let count = if self.rules.board.diagonal_lines {
            8
        } else {
            6
        };
        LINES[..count].iter().any(|line| marks & line == *line)
    }

    /// The piece whose move closed a waiting cycle, and its two points.
    pub fn pending_collapse(&self) -> Option<(usize, u8, u8)> {
        let (piece, _) = self.pending?;
        match self.marks[usize::from(piece)] {
            Mark::Spooky(a, b) => Some((usize::from(piece), a, b)),
            Mark::Classical(_) => None,
        }
    }

    /// The whole state in a word: each piece in six bits (0 not placed, 1 + 9a + b
    /// spooky on a and b with a < b, 82 + p classical on p), who moves next, and the
    /// waiting piece.
    fn state(&self) -> u64 {
        let mut key = 0u64;
        for (piece, mark) in self.marks().iter().enumerate() {
            let code = match *mark {
                Mark::Spooky(a, b) => 1 + 9 * u64::from(a.min(b)) + u64::from(a.max(b)),
                Mark::Classical(p) => 82 + u64::from(p),
            };
            key |= code << (7 * piece);
        }
        key |= u64::from(self.next == Player::O) << 42;
        if let Some((piece, closer)) = self.pending {
            key |= (1 + u64::from(piece)) << 43 | u64::from(closer == Player::O) << 46;
        }
        key
    }

    /// The position as the repetition rule compares it: each side's pieces as a set
    /// (which of one's own pieces is which changes nothing, so x1 on LL and x2 on MM is
    /// the same position as x2 on LL and x1 on MM), who moves, and any waiting piece.
    pub(super) fn unlabelled_state(&self) -> u64 {
        self.normalized().state()
    }

    /// The same position with each side's pieces in a fixed order (labels are only
    /// names: which of one's own pieces is which changes nothing in the game) and no
    /// history: what a solver works on.
    pub fn normalized(&self) -> QuantumMorris {
        let mut order: Vec<usize> = (0..usize::from(self.placed)).collect();
        let code = |mark: &Mark| match *mark {
            Mark::Spooky(a, b) => (0u8, a.min(b), a.max(b)),
            Mark::Classical(p) => (1, p, p),
        };
        // Sort within each side, keeping X's pieces on even places and O's on odd.
        for side in 0..2 {
            let mut places: Vec<usize> = order.iter().copied().filter(|p| p % 2 == side).collect();
            places.sort_by_key(|piece| {
                (
                    Some(*piece) != self.pending.map(|(p, _)| usize::from(p)),
                    code(&self.marks[*piece]),
                )
            });
            let mut slots = (0..usize::from(self.placed)).filter(|p| p % 2 == side);
            for piece in places {
                if let Some(slot) = slots.next() {
                    order[slot] = piece;
                }
            }
        }
        let mut normal = QuantumMorris {
            history: Vec::new(),
            ..*self
        };
        for (slot, piece) in order.iter().enumerate() {
            normal.marks[slot] = self.marks[*piece];
            if self.pending.map(|(p, _)| usize::from(p)) == Some(*piece) {
                normal.pending = self.pending.map(|(_, closer)| (slot as u8, closer));
            }
        }
        normal
    }
}

impl Game for QuantumMorris {
    type Move = QuantumMorrisMove;
    type IllegalMove = IllegalQuantumMorrisMove;
    type BadNotation = BadMove;
    type Key = u64;
    type BadPicture = super::PictureError;

    fn to_move(&self) -> Player {
        match self.pending {
            Some((_, closer)) if self.rules.closer_chooses => closer,
            Some((_, closer)) => closer.opponent(),
            None => self.next,
        }
    }

    fn ply(&self) -> usize {
        self.plies as usize
    }

    fn legal_moves_into(&self, out: &mut Vec<QuantumMorrisMove>) {
        out.clear();
        if !self.is_over() {
            self.moves_ignoring_outcome(out);
        }
    }

    fn play(&mut self, mv: QuantumMorrisMove) -> Result<(), IllegalQuantumMorrisMove> {
        if self.is_over() {
            return Err(IllegalQuantumMorrisMove::GameOver);
        }
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match (self.has_line(Player::X), self.has_line(Player::O)) {
            (true, true) => return Some(Outcome::Draw),
            (true, false) => return Some(Outcome::Win(Player::X)),
            (false, true) => return Some(Outcome::Win(Player::O)),
            (false, false) => {}
        }
        let state = self.unlabelled_state();
        if self.history.iter().filter(|seen| **seen == state).count() >= 3 {
            return Some(Outcome::Draw);
        }
        let mut moves = Vec::new();
        self.moves_ignoring_outcome(&mut moves);
        if moves.is_empty() {
            return Some(Outcome::Win(self.to_move().opponent()));
        }
        None
    }

    fn result_note(&self) -> Option<String> {
        (self.has_line(Player::X) && self.has_line(Player::O)).then(|| {
            "Both sides made a line at once: a draw, as the author of the game counts it."
                .to_string()
        })
    }

    fn move_prompt(&self) -> Option<String> {
        let (piece, first, second) = self.pending_collapse()?;
        Some(format!(
            "the point {} takes, {} or {}",
            QuantumMorris::label(piece, false),
            name(first),
            name(second)
        ))
    }

    fn parse_move(&self, text: &str) -> Result<QuantumMorrisMove, BadMove> {
        self.read_move(text)
    }

    fn move_name(&self, mv: QuantumMorrisMove) -> String {
        match mv {
            QuantumMorrisMove::Place(a, b) => format!("{}-{}", name(a.min(b)), name(a.max(b))),
            QuantumMorrisMove::Slide { piece, from, to } => format!(
                "{}:{}-{}",
                QuantumMorris::label(usize::from(piece), false),
                name(from),
                name(to)
            ),
            QuantumMorrisMove::Collapse(point) => name(point),
        }
    }

    fn key(&self) -> u64 {
        self.state()
    }

    fn picture(&self) -> String {
        self.write_picture()
    }

    fn from_picture(&self, text: &str) -> Result<QuantumMorris, super::PictureError> {
        QuantumMorris::read_picture(text, self.rules)
    }

    fn view(&self) -> super::BoardView {
        self.draw()
    }

    fn symmetry_count(&self) -> usize {
        8
    }

    fn transformed(&self, index: usize) -> QuantumMorris {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return self.clone();
        };
        let map = |point: u8| symmetry.map(usize::from(point)) as u8;
        let mut image = self.clone();
        for mark in image.marks[..usize::from(self.placed)].iter_mut() {
            *mark = match *mark {
                Mark::Spooky(a, b) => Mark::Spooky(map(a).min(map(b)), map(a).max(map(b))),
                Mark::Classical(p) => Mark::Classical(map(p)),
            };
        }
        // As in Morris, an image carries no repetition history.
        image.history.clear();
        image
    }

    fn transform_move(&self, mv: QuantumMorrisMove, index: usize) -> QuantumMorrisMove {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return mv;
        };
        let map = |point: u8| symmetry.map(usize::from(point)) as u8;
        match mv {
            QuantumMorrisMove::Place(a, b) => {
                QuantumMorrisMove::Place(map(a).min(map(b)), map(a).max(map(b)))
            }
            QuantumMorrisMove::Slide { piece, from, to } => QuantumMorrisMove::Slide {
                piece,
                from: map(from),
                to: map(to),
            },
            QuantumMorrisMove::Collapse(point) => QuantumMorrisMove::Collapse(map(point)),
        }
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::words(index)
    }

    fn positions_repeat(&self) -> bool {
        true
    }

    fn without_history(&self) -> QuantumMorris {
        self.normalized()
    }
}

/// Whether a half may slide from `from` to `to` under these rules.
fn slides(from: u8, to: u8, rules: QuantumMorrisRules) -> bool {
    from != to && adjacent(from, to, rules.board)
}
