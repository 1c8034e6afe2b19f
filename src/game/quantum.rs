//! Quantum tic-tac-toe (Allan Goff, 2006; the quantum article): every move puts two
//! "spooky" marks of the mover, numbered with the move, in two squares at once. Squares are
//! the nodes and moves the edges of the entanglement graph; a move that closes a cycle must
//! be collapsed before anything else: one player chooses which of its two squares the
//! closing mark takes, and every mark of that cycle, and every mark hanging off it, is then
//! forced into one square and becomes classical. Only classical marks make lines.
//!
//! The rules that published versions differ on are options:
//! - who chooses the collapse: the opponent of the player who closed the cycle (the seed:
//!   the closer "is to blame"; Goff's rule too), or with `closer-chooses` the closer;
//! - lines made at once by both players (one collapse can do it): Goff numbers the moves
//!   across both players (x1, o2, x3…) and gives the line whose highest number is lower a
//!   whole point and the other half a point; the quantum article's author numbers each
//!   player's moves separately (x1, o1, x2…) and calls it a draw (`per-player`);
//! - deterministic moves, both marks in one square (`deterministic`): forbidden by
//!   default, as the seed's author did in most of his versions; allowed, the square
//!   becomes classical at once and pushes the spooky marks already there out to their
//!   other squares, and so on through the tree of entanglements.
//!
//! The game ends when a line exists or every square is classical; when a single square
//! is left that is not classical, it fills itself with the mark of the player to move.
//!
//! Squares are named like the noughts and crosses cells: `LL-MM` is a move, `LL` the
//! square a cycle's closing mark takes.

use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player, Symmetry,
};

pub(crate) mod graph;
mod moves;
mod picture;
mod score;
#[cfg(test)]
mod tests;
pub(crate) mod view;

use moves::name;
pub use moves::{IllegalQuantumMove, Mark, QuantumMove};
use score::LINES_WITHIN;
pub use score::{Score, lines_within};

/// Quantum tic-tac-toe.
pub const QUANTUM: Declaration = Declaration {
    name: "quantum",
    about: "Goff's quantum tic-tac-toe: two spooky marks a move",
    options: &[
        GameOption {
            name: "closer-chooses",
            help: "whoever closes a cycle chooses its collapse (else the opponent)",
            value: None,
        },
        GameOption {
            name: "per-player",
            help: "marks numbered per player (x1 o1 x2); lines at once draw",
            value: None,
        },
        GameOption {
            name: "deterministic",
            help: "both marks may go in one square, pushing others out",
            value: None,
        },
    ],
    notation: "two squares for your spooky marks (LL-MM); a cycle's square (LL)",
    example: "LL-MM",
    picture: "the moves and collapse choices that led there, commas between \
        (`LL-MM,MM-RR,LL-RR,LL`; `start` for none): a mark's number, and so which line \
        came first, depends on the order, and reading the picture replays it, so it can \
        only show a position play reaches",
    rules: "the quantum article and Allan Goff (2006): a move puts two spooky marks of the \
        mover, numbered with the move (x1, o2, x3 …), in two squares that are not \
        classical. Squares are the nodes and moves the edges of the entanglement graph; a \
        move that closes a cycle (the same two squares twice included) must be collapsed \
        before anything else: the opponent of the player who closed it (the seed: the \
        closer \"is to blame\"; `closer-chooses`: the closer) names the square the \
        closing mark takes, and every mark of the cycle and every mark hanging off it is \
        forced into one square and becomes classical. Only classical marks make lines; \
        the game ends at a line or when every square is classical, and a single square \
        left open fills itself with the mark of the player to move. Lines made at once by \
        both players: Goff's whole point for the line completed first (its highest number \
        is lower) and half a point for the other; `per-player` numbers each side's moves \
        on their own (x1, o1, x2 …) and calls it a draw, as the quantum article's author \
        does. `deterministic` allows both marks in one square, which becomes classical at \
        once and pushes the spooky marks already there out to their other squares, \
        through the whole tree of entanglements (the article's rule; forbidden by \
        default, as in most of the author's versions). A square holds at most 8 spooky \
        marks (never binding: the spooky marks form a forest).",
    too_big_for_menace: None,
};

impl Declared for Quantum {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Quantum, String> {
        Ok(Quantum::new(QuantumRules {
            closer_chooses: options.contains(&"closer-chooses"),
            per_player: options.contains(&"per-player"),
            deterministic: options.contains(&"deterministic"),
        }))
    }
}

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct QuantumRules {
    /// The player who closes a cycle chooses its collapse (else the opponent does).
    pub closer_chooses: bool,
    /// Moves numbered per player, and lines made at once a draw (else Goff's numbering
    /// across both players and his 1 to ½).
    pub per_player: bool,
    /// Both marks of a move may go in one square.
    pub deterministic: bool,
}

/// The most moves a game can have: each move ends up as one classical mark.
const MOST_MOVES: usize = 9;
/// Moves plus collapses: a collapse follows a move and makes at least two squares
/// classical, so there are at most four.
const MOST_PLIES: usize = 13;
/// How many spooky marks a square may hold.
const MOST_SPOOKY: usize = 8;

/// A position, with the moves that led to it (its picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Quantum {
    rules: QuantumRules,
    /// Where the marks of move `k + 1` are now, for the moves made.
    marks: [Mark; MOST_MOVES],
    /// Moves made, numbered from 1.
    made: u8,
    /// The last move closed a cycle that has not collapsed yet.
    pending: bool,
    /// Every move and collapse so far, in order.
    history: [QuantumMove; MOST_PLIES],
    plies: u8,
}

impl Quantum {
    pub fn new(rules: QuantumRules) -> Quantum {
        Quantum {
            rules,
            marks: [Mark::Classical(0); MOST_MOVES],
            made: 0,
            pending: false,
            history: [QuantumMove::Collapse(0); MOST_PLIES],
            plies: 0,
        }
    }

    pub fn rules(&self) -> QuantumRules {
        self.rules
    }

    /// The marks of the moves made, move 1 first.
    pub fn marks(&self) -> &[Mark] {
        &self.marks[..usize::from(self.made)]
    }

    /// Who makes move number `number` (from 1): X the odd ones.
    pub fn mover(number: u8) -> Player {
        if number % 2 == 1 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The moves and collapses made so far.
    pub fn history(&self) -> &[QuantumMove] {
        &self.history[..usize::from(self.plies)]
    }

    /// The number of the move whose classical mark stands in `square`, if one does.
    pub fn classical(&self, square: u8) -> Option<u8> {
        self.marks()
            .iter()
            .position(|mark| *mark == Mark::Classical(square))
            .map(|index| index as u8 + 1)
    }

    /// The numbers of the moves with a spooky mark in `square`, in order.
    pub fn spooky(&self, square: u8) -> Vec<u8> {
        self.marks()
            .iter()
            .enumerate()
            .filter(|(_, mark)| matches!(mark, Mark::Spooky(a, b) if *a == square || *b == square))
            .map(|(index, _)| index as u8 + 1)
            .collect()
    }

    /// The squares holding a classical mark, as a 9-bit mask.
    fn classical_mask(&self) -> u16 {
        graph::classical_mask(self.marks())
    }

    /// The classical marks of X and of O, as masks, in one pass.
    fn classical_sides(&self) -> (u16, u16) {
        let mut sides = (0, 0);
        for (index, mark) in self.marks().iter().enumerate() {
            if let Mark::Classical(square) = *mark {
                // X makes the odd-numbered moves: even indices.
                if index % 2 == 0 {
                    sides.0 |= 1 << square;
                } else {
                    sides.1 |= 1 << square;
                }
            }
        }
        sides
    }

    /// The cycle waiting to collapse: the closing move's number and its two squares.
    pub fn pending_collapse(&self) -> Option<(u8, u8, u8)> {
        if !self.pending {
            return None;
        }
        match self.marks[usize::from(self.made) - 1] {
            Mark::Spooky(a, b) => Some((self.made, a, b)),
            Mark::Classical(_) => None,
        }
    }

    /// Who chooses the waiting collapse.
    fn chooser(&self) -> Player {
        let closer = Quantum::mover(self.made);
        if self.rules.closer_chooses {
            closer
        } else {
            closer.opponent()
        }
    }

    /// Whether two squares are joined by a chain of spooky marks.
    pub fn connected(&self, from: u8, to: u8) -> bool {
        graph::joined(self.marks(), None, from, to)
    }

    /// For each square, the squares joined to it by chains of spooky marks (itself
    /// included), as 9-bit masks: whether any move closes a cycle, for all at once.
    pub fn parts(&self) -> [u16; 9] {
        graph::parts(self.marks())
    }

    /// The squares of the cycle the last move closed, in order around it from the first
    /// of its squares (for the picture of a waiting collapse).
    pub fn cycle(&self) -> Vec<u8> {
        match self.pending_collapse() {
            Some((number, ..)) => graph::cycle(self.marks(), usize::from(number) - 1),
            None => Vec::new(),
        }
    }

    /// Puts mark `number` classically in `square` and forces every spooky mark there out
    /// to its other square, and so on: what a collapse and a deterministic move do.
    fn settle(&mut self, number: u8, square: u8) {
        let made = usize::from(self.made);
        graph::settle(&mut self.marks[..made], usize::from(number) - 1, square);
    }

    /// After marks became classical: unless a line ended the game, a single square left
    /// that is not classical fills itself with the mark of the player to move.
    fn after_settling(&mut self) {
        let (x, o) = self.classical_sides();
        if LINES_WITHIN[usize::from(x)] | LINES_WITHIN[usize::from(o)] != 0 {
            return;
        }
        let open = 0x1FF & !(x | o);
        if open.count_ones() == 1 {
            self.made += 1;
            self.marks[usize::from(self.made) - 1] = Mark::Classical(open.trailing_zeros() as u8);
        }
    }

    /// The square that filled itself, the last one left, with the number of its mark,
    /// if the last move ended so: every move but that one was typed as a pair.
    pub fn filled_square(&self) -> Option<(u8, u8)> {
        let typed = self
            .history()
            .iter()
            .filter(|mv| matches!(mv, QuantumMove::Spooky(..)))
            .count();
        if usize::from(self.made) <= typed {
            return None;
        }
        match self.marks[usize::from(self.made) - 1] {
            Mark::Classical(square) => Some((self.made, square)),
            Mark::Spooky(..) => None,
        }
    }

    /// A move's number as the rules write it: across both players (`x3`), or per
    /// player (`x2`) with `per-player`.
    pub fn label(&self, number: u8) -> u8 {
        if self.rules.per_player {
            number.div_ceil(2)
        } else {
            number
        }
    }

    /// A mark's name: `x3` spooky, `X3` classical.
    pub fn mark_name(&self, number: u8, classical: bool) -> String {
        let letter = match (Quantum::mover(number), classical) {
            (Player::X, false) => 'x',
            (Player::O, false) => 'o',
            (Player::X, true) => 'X',
            (Player::O, true) => 'O',
        };
        format!("{letter}{}", self.label(number))
    }

    fn legal_into(&self, out: &mut Vec<QuantumMove>) {
        out.clear();
        if self.is_over() {
            return;
        }
        if let Some((_, a, b)) = self.pending_collapse() {
            out.extend([QuantumMove::Collapse(a), QuantumMove::Collapse(b)]);
            return;
        }
        let open = 0x1FF & !self.classical_mask();
        let mut counts = [0usize; 9];
        for mark in self.marks() {
            if let Mark::Spooky(a, b) = *mark {
                counts[usize::from(a)] += 1;
                counts[usize::from(b)] += 1;
            }
        }
        let room =
            |square: u8| open >> square & 1 != 0 && counts[usize::from(square)] < MOST_SPOOKY;
        for a in 0..9u8 {
            if !room(a) {
                continue;
            }
            if self.rules.deterministic {
                out.push(QuantumMove::Spooky(a, a));
            }
            for b in a + 1..9 {
                if room(b) {
                    out.push(QuantumMove::Spooky(a, b));
                }
            }
        }
    }

    fn check(&self, mv: QuantumMove) -> Result<(), IllegalQuantumMove> {
        if self.is_over() {
            return Err(IllegalQuantumMove::GameOver);
        }
        match (mv, self.pending_collapse()) {
            (QuantumMove::Collapse(square), Some((_, first, second))) => {
                if square == first || square == second {
                    Ok(())
                } else {
                    Err(IllegalQuantumMove::NotACollapseSquare {
                        square,
                        first,
                        second,
                    })
                }
            }
            (QuantumMove::Collapse(_), None) => Err(IllegalQuantumMove::NoCollapse),
            (QuantumMove::Spooky(..), Some((_, first, second))) => {
                Err(IllegalQuantumMove::CollapseFirst {
                    chooser: self.chooser(),
                    first,
                    second,
                })
            }
            (QuantumMove::Spooky(a, b), None) => {
                let classical = self.classical_mask();
                for square in [a, b] {
                    if square >= 9 || classical >> square & 1 != 0 {
                        return Err(IllegalQuantumMove::Classical(square % 9));
                    }
                    let crowd = self
                        .marks()
                        .iter()
                        .filter(|mark| matches!(mark, Mark::Spooky(a, b) if *a == square || *b == square))
                        .count();
                    if crowd >= MOST_SPOOKY {
                        return Err(IllegalQuantumMove::Crowded(square));
                    }
                }
                if a == b && !self.rules.deterministic {
                    return Err(IllegalQuantumMove::SameSquare(a));
                }
                Ok(())
            }
        }
    }

    /// Plays a move from [`Game::legal_moves_into`] without checking it again: what
    /// [`Game::play`] does once the move is checked, and all a search needs.
    pub fn play_legal(&mut self, mv: QuantumMove) {
        self.play_legal_closing(mv, |position, a, b| position.connected(a, b));
    }

    /// [`Quantum::play_legal`] with the parts of the entanglement graph before the move
    /// ([`Quantum::parts`]) known: whether a spooky move closes a cycle is then one
    /// look-up. A search finds the parts once for all of a position's moves.
    pub fn play_legal_with_parts(&mut self, mv: QuantumMove, parts: &[u16; 9]) {
        self.play_legal_closing(mv, |_, a, b| parts[usize::from(a)] >> b & 1 != 0);
    }

    /// Plays a legal move; `closes` says whether spooky marks in two squares join a
    /// part of the graph to itself.
    fn play_legal_closing(
        &mut self,
        mv: QuantumMove,
        closes: impl FnOnce(&Quantum, u8, u8) -> bool,
    ) {
        match mv {
            QuantumMove::Collapse(square) => {
                self.pending = false;
                self.settle(self.made, square);
                self.after_settling();
            }
            QuantumMove::Spooky(a, b) => {
                let (a, b) = (a.min(b), a.max(b));
                self.made += 1;
                if a == b {
                    self.settle(self.made, a);
                    self.after_settling();
                } else {
                    let closes = closes(self, a, b);
                    self.marks[usize::from(self.made) - 1] = Mark::Spooky(a, b);
                    self.pending = closes;
                }
            }
        }
        self.history[usize::from(self.plies)] = match mv {
            QuantumMove::Spooky(a, b) => QuantumMove::Spooky(a.min(b), a.max(b)),
            other => other,
        };
        self.plies += 1;
    }

    /// The position after the waiting collapse puts the closing mark in `square`, drawn
    /// beside the position itself so a learner sees the two worlds to choose between.
    pub fn collapsed_into(&self, square: u8) -> Option<Quantum> {
        let mut after = *self;
        after.play(QuantumMove::Collapse(square)).ok()?;
        Some(after)
    }
}

impl Game for Quantum {
    type Move = QuantumMove;
    type IllegalMove = IllegalQuantumMove;
    type BadNotation = BadMove;
    type Key = u64;
    type BadPicture = super::PictureError;

    fn to_move(&self) -> Player {
        if self.pending {
            self.chooser()
        } else {
            Quantum::mover(self.made + 1)
        }
    }

    fn ply(&self) -> usize {
        usize::from(self.plies)
    }

    fn legal_moves_into(&self, out: &mut Vec<QuantumMove>) {
        self.legal_into(out);
    }

    fn play(&mut self, mv: QuantumMove) -> Result<(), IllegalQuantumMove> {
        self.check(mv)?;
        self.play_legal(mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        let [x_halves, o_halves] = self.points()?;
        Some(match x_halves.cmp(&o_halves) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::X),
            std::cmp::Ordering::Less => Outcome::Win(Player::O),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The score's points, with the lines' ages worked out only when both sides have a
    /// line under Goff's numbering: searches ask at every position.
    fn points(&self) -> Option<[u8; 2]> {
        // One pass over the marks gives every answer but the ages of lines at once.
        let (x, o) = self.classical_sides();
        let (x_lines, o_lines) = (LINES_WITHIN[usize::from(x)], LINES_WITHIN[usize::from(o)]);
        match (x_lines != 0, o_lines != 0) {
            (false, false) => (x | o == 0x1FF).then_some([1, 1]),
            (true, false) => Some([2, 0]),
            (false, true) => Some([0, 2]),
            (true, true) if self.rules.per_player => Some([1, 1]),
            (true, true) => self.halves(self.line_age(x_lines), self.line_age(o_lines)),
        }
    }

    fn result_note(&self) -> Option<String> {
        let filled = self.filled_square().map(|(number, square)| {
            format!(
                "{}, the last square left, filled itself with {}.",
                name(square),
                self.mark_name(number, true)
            )
        });
        match (filled, self.both_lines_note()) {
            (Some(filled), Some(both)) => Some(format!("{filled} {both}")),
            (filled, both) => filled.or(both),
        }
    }

    fn move_prompt(&self) -> Option<String> {
        let (number, first, second) = self.pending_collapse()?;
        Some(format!(
            "the square {} takes, {} or {}",
            self.mark_name(number, false),
            name(first),
            name(second)
        ))
    }

    fn parse_move(&self, text: &str) -> Result<QuantumMove, BadMove> {
        picture::parse_move(text)
    }

    fn move_name(&self, mv: QuantumMove) -> String {
        picture::move_name(mv)
    }

    /// Each move's state in six bits (0 not made, 1 + 9a + b spooky in a and b,
    /// 82 + s classical in s; a < b) and whether a collapse waits: the numbers say whose
    /// marks are whose and which are older.
    fn key(&self) -> u64 {
        let mut key = u64::from(self.pending) << 63;
        for (index, mark) in self.marks().iter().enumerate() {
            let code = match *mark {
                Mark::Spooky(a, b) => 1 + 9 * u64::from(a.min(b)) + u64::from(a.max(b)),
                Mark::Classical(s) => 82 + u64::from(s),
            };
            key |= code << (7 * index);
        }
        key
    }

    fn picture(&self) -> String {
        picture::write(self)
    }

    fn from_picture(&self, text: &str) -> Result<Quantum, super::PictureError> {
        picture::read(text, self.rules)
    }

    fn view(&self) -> super::BoardView {
        self.draw()
    }

    fn symmetry_count(&self) -> usize {
        8
    }

    fn transformed(&self, index: usize) -> Quantum {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return *self;
        };
        let map = |square: u8| symmetry.map(usize::from(square)) as u8;
        let mut image = *self;
        for mark in image.marks[..usize::from(self.made)].iter_mut() {
            *mark = match *mark {
                Mark::Spooky(a, b) => Mark::Spooky(map(a).min(map(b)), map(a).max(map(b))),
                Mark::Classical(s) => Mark::Classical(map(s)),
            };
        }
        for mv in image.history[..usize::from(self.plies)].iter_mut() {
            *mv = self.transform_move(*mv, index);
        }
        image
    }

    fn transform_move(&self, mv: QuantumMove, index: usize) -> QuantumMove {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return mv;
        };
        let map = |square: u8| symmetry.map(usize::from(square)) as u8;
        match mv {
            QuantumMove::Spooky(a, b) => {
                QuantumMove::Spooky(map(a).min(map(b)), map(a).max(map(b)))
            }
            QuantumMove::Collapse(s) => QuantumMove::Collapse(map(s)),
        }
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::words(index)
    }
}
