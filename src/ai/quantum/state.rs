//! The search's own position: the game's marks held as bit masks kept up as moves are
//! made, so that a node never walks the list of marks again.
//!
//! The rules' [`Quantum`] keeps each move's mark and works out from that list what a
//! question needs: the classical squares for the score, each square's spooky marks for
//! a collapse, the parts of the entanglement graph for the cycles. Profiled, those
//! walks were most of the solver's time. A [`State`] keeps the answers themselves: each
//! side's classical squares, each square's spooky marks as a mask of move numbers, the
//! parts of the graph (which only ever merge: a collapse or a deterministic move makes
//! a whole part classical, and a classical square is never asked again), and each
//! move's mark as its code in the solver's key. It is small enough to copy for each child. Its moves follow the rules exactly: a unit test plays
//! random games on both and compares them after every move.

use crate::game::Player;
use crate::game::quantum::{Mark, Quantum, QuantumMove, QuantumRules, lines_within};
use crate::game::tictactoe::LINES;

/// A spooky mark's code in a < b: its two squares from the code, and its code from them.
const SPOOKY_CODES: usize = 1 + 9 * 8 + 9;
/// The first classical code: `CLASSICAL + s` is a classical mark in `s`.
const CLASSICAL: u8 = 82;

/// A mark's code, the solver's key's unit: 0 not made, 1 + 9a + b spooky in a < b,
/// 82 + s classical in s.
pub(super) fn code(mark: Mark) -> u8 {
    match mark {
        Mark::Spooky(a, b) => spooky_code(a, b),
        Mark::Classical(s) => CLASSICAL + s,
    }
}

fn spooky_code(a: u8, b: u8) -> u8 {
    1 + 9 * a.min(b) + a.max(b)
}

/// For each spooky code, its two squares XORed: the other square of a mark from one.
const OTHER: [u8; SPOOKY_CODES] = {
    let mut table = [0u8; SPOOKY_CODES];
    let mut a = 0;
    while a < 9 {
        let mut b = a;
        while b < 9 {
            table[(1 + 9 * a + b) as usize] = a ^ b;
            b += 1;
        }
        a += 1;
    }
    table
};

/// A position as the search keeps it (see the module's comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    /// Each move's mark as its code (see [`code`]), for the moves made.
    codes: [u8; 9],
    /// Each square's spooky marks: bit `i` for the mark of move `i + 1`.
    spooky_at: [u16; 9],
    /// For each square not classical, the squares joined to it by chains of spooky
    /// marks, itself included; a classical square's entry is stale and never read.
    parts: [u16; 9],
    /// The squares holding X's classical marks, and O's.
    classical: [u16; 2],
    made: u8,
    /// The last move closed a cycle that has not collapsed yet.
    pending: bool,
    rules: QuantumRules,
}

impl State {
    /// The rules' position as the search keeps it.
    pub fn new(position: &Quantum) -> State {
        let mut state = State {
            codes: [0; 9],
            spooky_at: [0; 9],
            parts: position.parts(),
            classical: [0; 2],
            made: position.marks().len() as u8,
            pending: position.pending_collapse().is_some(),
            rules: position.rules(),
        };
        for (index, mark) in position.marks().iter().enumerate() {
            state.codes[index] = code(*mark);
            match *mark {
                Mark::Spooky(a, b) => {
                    state.spooky_at[usize::from(a)] |= 1 << index;
                    state.spooky_at[usize::from(b)] |= 1 << index;
                }
                Mark::Classical(square) => state.set_classical(index, square),
            }
        }
        state
    }

    pub fn rules(&self) -> QuantumRules {
        self.rules
    }

    /// The codes of the marks of the moves made, move 1 first.
    pub fn codes(&self) -> &[u8] {
        &self.codes[..usize::from(self.made)]
    }

    /// Moves made.
    pub fn made(&self) -> usize {
        usize::from(self.made)
    }

    /// Whether a cycle waits to collapse.
    pub fn pending(&self) -> bool {
        self.pending
    }

    /// Who moves: the chooser of a waiting collapse, else the maker of the next move.
    pub fn side_to_move(&self) -> Player {
        if self.pending {
            let closer = Quantum::mover(self.made);
            if self.rules.closer_chooses {
                closer
            } else {
                closer.opponent()
            }
        } else {
            Quantum::mover(self.made + 1)
        }
    }

    /// The squares not classical that may take another spooky mark (one holding eight
    /// is full), as a mask.
    pub fn room(&self) -> u16 {
        let mut room = 0x1FF & !(self.classical[0] | self.classical[1]);
        // Eight spooky marks in one square need eight moves made.
        if self.made >= 8 {
            for square in 0..9 {
                if self.spooky_at[square].count_ones() >= 8 {
                    room &= !(1 << square);
                }
            }
        }
        room
    }

    /// The legal moves of a position not over, in the order of the rules'
    /// [`crate::game::Game::legal_moves_into`].
    pub fn legal_moves_into(&self, moves: &mut Vec<QuantumMove>) {
        moves.clear();
        if self.pending {
            let (a, b) = self.pending_squares();
            moves.extend([QuantumMove::Collapse(a), QuantumMove::Collapse(b)]);
            return;
        }
        let room = self.room();
        let mut rest = room;
        while rest != 0 {
            let a = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if self.rules.deterministic {
                moves.push(QuantumMove::Spooky(a, a));
            }
            let mut partners = rest;
            while partners != 0 {
                let b = partners.trailing_zeros() as u8;
                partners &= partners - 1;
                moves.push(QuantumMove::Spooky(a, b));
            }
        }
    }

    /// Whether every square with room lies in one part of the graph: then every spooky
    /// move closes a cycle.
    pub fn room_joined(&self) -> bool {
        let room = self.room();
        room == 0 || self.parts[room.trailing_zeros() as usize] & room == room
    }

    /// The legal moves of a position not over, in the order of the rules'
    /// [`crate::game::Game::legal_moves_into`] but with the decisive ones first (each group in that
    /// order): the moves that close a cycle and the deterministic moves, which make
    /// marks classical. Returns how many are decisive.
    pub fn ordered_moves_into(&self, moves: &mut Vec<QuantumMove>) -> usize {
        moves.clear();
        if self.pending {
            let (a, b) = self.pending_squares();
            moves.extend([QuantumMove::Collapse(a), QuantumMove::Collapse(b)]);
            return 2;
        }
        let room = self.room();
        let mut decisive = 0;
        for closing in [true, false] {
            let mut rest = room;
            while rest != 0 {
                let a = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                if closing && self.rules.deterministic {
                    moves.push(QuantumMove::Spooky(a, a));
                }
                let joined = self.parts[usize::from(a)];
                let mut partners = rest & if closing { joined } else { !joined };
                while partners != 0 {
                    let b = partners.trailing_zeros() as u8;
                    partners &= partners - 1;
                    moves.push(QuantumMove::Spooky(a, b));
                }
            }
            if closing {
                decisive = moves.len();
            }
        }
        decisive
    }

    /// The squares of the mark waiting to collapse, the lower first.
    fn pending_squares(&self) -> (u8, u8) {
        let code = self.codes[usize::from(self.made) - 1] - 1;
        (code / 9, code % 9)
    }

    /// Plays a legal move (one of [`State::ordered_moves_into`]).
    pub fn play(&mut self, mv: QuantumMove) {
        match mv {
            QuantumMove::Collapse(square) => {
                self.pending = false;
                self.settle(usize::from(self.made) - 1, square);
                self.after_settling();
            }
            QuantumMove::Spooky(a, b) if a == b => {
                self.made += 1;
                self.settle(usize::from(self.made) - 1, a);
                self.after_settling();
            }
            QuantumMove::Spooky(a, b) => {
                let index = usize::from(self.made);
                self.made += 1;
                self.codes[index] = spooky_code(a, b);
                self.spooky_at[usize::from(a)] |= 1 << index;
                self.spooky_at[usize::from(b)] |= 1 << index;
                let (a, b) = (usize::from(a), usize::from(b));
                if self.parts[a] >> b & 1 != 0 {
                    self.pending = true;
                } else {
                    let joined = self.parts[a] | self.parts[b];
                    let mut rest = joined;
                    while rest != 0 {
                        self.parts[rest.trailing_zeros() as usize] = joined;
                        rest &= rest - 1;
                    }
                }
            }
        }
    }

    fn set_classical(&mut self, index: usize, square: u8) {
        self.codes[index] = CLASSICAL + square;
        self.classical[index % 2] |= 1 << square;
        // A classical square's part is itself, as the rules' `parts` finds it.
        self.parts[usize::from(square)] = 1 << square;
    }

    /// Puts the mark of move `index + 1` classically in `square` and forces every spooky
    /// mark there out to its other square, and so on: the squares in the order of the
    /// rules' `graph::settle` (the lowest waiting first, each square's marks oldest
    /// first), so the result is the same.
    fn settle(&mut self, index: usize, square: u8) {
        let code = self.codes[index];
        if code != 0 && code < CLASSICAL {
            let (a, b) = ((code - 1) / 9, (code - 1) % 9);
            self.spooky_at[usize::from(a)] &= !(1 << index);
            self.spooky_at[usize::from(b)] &= !(1 << index);
        }
        self.set_classical(index, square);
        let mut settled = 0u16;
        let mut waiting = 1u16 << square;
        while waiting != 0 {
            let here = waiting.trailing_zeros() as u8;
            waiting &= waiting - 1;
            // A mark forced out from another square since is classical already: it
            // stays in its other square's mask, left out by `settled`, until that
            // square is cleared in turn (every square a mark is forced into is).
            let mut touching = std::mem::take(&mut self.spooky_at[usize::from(here)]) & !settled;
            settled |= touching;
            while touching != 0 {
                let mark = touching.trailing_zeros() as usize;
                touching &= touching - 1;
                let there = here ^ OTHER[usize::from(self.codes[mark])];
                self.set_classical(mark, there);
                waiting |= 1 << there;
            }
        }
    }

    /// After marks became classical: unless a line ended the game, a single square left
    /// that is not classical fills itself with the mark of the player to move.
    fn after_settling(&mut self) {
        let [x, o] = self.classical;
        if lines_within(x) | lines_within(o) != 0 {
            return;
        }
        let open = 0x1FF & !(x | o);
        if open.count_ones() == 1 {
            self.made += 1;
            self.set_classical(usize::from(self.made) - 1, open.trailing_zeros() as u8);
        }
    }

    /// X's margin in half points if the game is over: the rules' `points`, from the
    /// masks.
    pub fn margin(&self) -> Option<i8> {
        let [x, o] = self.classical;
        let (x_lines, o_lines) = (lines_within(x), lines_within(o));
        match (x_lines != 0, o_lines != 0) {
            (false, false) => (x | o == 0x1FF).then_some(0),
            (true, false) => Some(2),
            (false, true) => Some(-2),
            (true, true) if self.rules.per_player => Some(0),
            // The line whose highest number is lower came first: 1 to ½.
            (true, true) if self.line_age(x_lines) < self.line_age(o_lines) => Some(1),
            (true, true) => Some(-1),
        }
    }

    /// The highest move number in the youngest-numbered of `lines` (a set of indices).
    /// Asked only when both sides have a line under Goff's numbering.
    fn line_age(&self, lines: u8) -> u8 {
        let mut number = [0u8; 9];
        for (index, code) in self.codes().iter().enumerate() {
            if *code >= CLASSICAL {
                number[usize::from(code - CLASSICAL)] = index as u8 + 1;
            }
        }
        let mut age = u8::MAX;
        let mut rest = lines;
        while rest != 0 {
            let line = LINES[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            let highest = (0..9)
                .filter(|square| line >> square & 1 != 0)
                .map(|square| number[square])
                .max()
                .unwrap_or(0);
            age = age.min(highest);
        }
        age
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use rand::{RngExt, SeedableRng};

    /// X's margin of a finished game by the rules.
    fn rules_margin(position: &Quantum) -> Option<i8> {
        position.points().map(|[x, o]| x as i8 - o as i8)
    }

    #[test]
    fn the_state_plays_every_move_as_the_rules_do() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let mut moves = Vec::new();
        let mut positions = 0;
        for bits in 0..8u8 {
            let rules = QuantumRules {
                closer_chooses: bits & 1 != 0,
                per_player: bits & 2 != 0,
                deterministic: bits & 4 != 0,
            };
            for _ in 0..400 {
                let mut game = Quantum::new(rules);
                let mut state = State::new(&game);
                loop {
                    assert_eq!(state, State::new(&game), "{}", game.picture());
                    assert_eq!(state.margin(), rules_margin(&game), "{}", game.picture());
                    positions += 1;
                    if game.is_over() {
                        break;
                    }
                    assert_eq!(state.side_to_move(), game.to_move());
                    let decisive = state.ordered_moves_into(&mut moves);
                    // The rules' moves, decisive ones first, each group in order.
                    let legal = game.legal_moves();
                    let closes = |mv: &QuantumMove| {
                        let mut child = game;
                        child.play(*mv).unwrap();
                        !matches!(mv, QuantumMove::Spooky(a, b) if a != b)
                            || child.pending_collapse().is_some()
                    };
                    let mut expected: Vec<QuantumMove> =
                        legal.iter().copied().filter(closes).collect();
                    assert_eq!(decisive, expected.len(), "{}", game.picture());
                    expected.extend(legal.iter().copied().filter(|mv| !closes(mv)));
                    assert_eq!(moves, expected, "{}", game.picture());
                    state.legal_moves_into(&mut moves);
                    assert_eq!(moves, legal, "{}", game.picture());
                    let mv = legal[rng.random_range(0..legal.len())];
                    game.play(mv).unwrap();
                    state.play(mv);
                }
            }
        }
        assert!(positions > 20_000, "{positions}");
    }
}
