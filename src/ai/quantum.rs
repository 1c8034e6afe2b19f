//! The exact value of quantum tic-tac-toe under each rule set: `menace solve quantum`.
//!
//! Results here are points, not only wins: Goff's rule can end a game 1 to ½. The search
//! is minimax with alpha-beta over X's margin in half points (−2 to 2: O's whole point
//! to X's), with a transposition table of bounds keyed by the position up to the 8
//! symmetries of the square. It does not count how long a result takes to come (the
//! generic alpha-beta does, and so cannot prune nearly as much): it answers what the
//! seeds ask, who wins and by how much. A collapse choice is a move of the player who
//! chooses, so one side may move twice running; minimax over X's margin needs no
//! special case for that.

use crate::game::quantum::{Mark, Quantum, QuantumMove};
use crate::game::{Game, Player, Symmetry};

mod last_move;
mod state;
mod table;

use state::{State, code};

pub use table::BYTES_PER_POSITION;
use table::Table;

/// The budget of positions ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// A search with its table.
pub struct Solver {
    table: Table,
    /// Positions searched with the table (visits, counting those it answered); those
    /// near the end, searched without it, are not counted.
    pub visits: u64,
    budget: u64,
    /// Each mark's code in the key (0 not made, 1 + 9a + b spooky in a < b, 82 + s
    /// classical in s) as each symmetry sends it: a look-up, not a match, per mark.
    code_maps: [[u8; 91]; 8],
    /// The same, to the image's place among the 45 codes a mark can have (36 spooky
    /// pairs, 9 classical squares): a bit in a 64-bit set per side, per player.
    dense_maps: [[u8; 91]; 8],
    /// Move lists of finished nodes, reused so that no node allocates one.
    spare: Vec<Vec<QuantumMove>>,
}

/// Positions with this many moves made (one move or none left) are searched without
/// the table: they are most of the positions (3.8 of the 4.9 million the table held
/// under Goff's rules), each with a tiny subtree that costs less to search again than
/// to look up and store; the table then holds a quarter as many, in 40 MB, not 130.
const WITHOUT_TABLE_FROM: usize = 8;

impl Solver {
    /// A search that gives up once its table holds `budget` positions.
    pub fn new(budget: u64) -> Solver {
        let code_maps: [[u8; 91]; 8] = std::array::from_fn(|index| {
            let symmetry = Symmetry::from_index(index).unwrap_or(Symmetry::ALL[0]);
            let map = |square: u8| symmetry.map(usize::from(square)) as u8;
            let mut codes = [0u8; 91];
            for a in 0..9 {
                codes[usize::from(code(Mark::Classical(a)))] = code(Mark::Classical(map(a)));
                for b in a..9 {
                    codes[usize::from(code(Mark::Spooky(a, b)))] =
                        code(Mark::Spooky(map(a), map(b)));
                }
            }
            codes
        });
        // Each code a mark can have, by its place among them.
        let mut dense = [0u8; 91];
        let mut next = 0;
        for a in 0..9 {
            for b in a + 1..9 {
                dense[usize::from(code(Mark::Spooky(a, b)))] = next;
                next += 1;
            }
            dense[usize::from(code(Mark::Classical(a)))] = 36 + a;
        }
        Solver {
            table: Table::new(),
            visits: 0,
            budget: budget.min(crate::memory::entries_fitting(BYTES_PER_POSITION, u64::MAX)),
            spare: Vec::new(),
            dense_maps: code_maps.map(|codes| codes.map(|image| dense[usize::from(image)])),
            code_maps,
        }
    }

    /// Positions held in the table.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// The smallest key among the 8 images of the position: each move's code in seven
    /// bits, and whether a collapse waits in the top bit.
    ///
    /// Numbered per player, lines made at once draw whatever their numbers, so a mark's
    /// number only says whose it is (its parity) and, for the last, whether it is the
    /// cycle waiting to collapse: the key then lists each side's marks sorted (the
    /// waiting one last), so that move orders reaching the same marks meet in the table.
    /// Under Goff's numbering the ages decide lines made at once, and the key keeps the
    /// order.
    fn canonical(&self, state: &State) -> u64 {
        let codes = state.codes();
        let pending = state.pending();
        if state.rules().per_player {
            return self.canonical_per_player(codes, pending);
        }
        let mut best = u64::MAX;
        for map in &self.code_maps {
            let mut key = u64::from(pending) << 63;
            for (index, code) in codes.iter().enumerate() {
                key |= u64::from(map[usize::from(*code)]) << (7 * index);
            }
            best = best.min(key);
        }
        best
    }

    /// [`Solver::canonical`] per player: X's marks (the odd-numbered, even indices of
    /// `codes`) sorted largest first, then O's, then the one waiting to collapse. Each
    /// image holds each side's marks as a set of the 45 codes a mark can have, a bit each
    /// in a word (a side never holds two marks of one code: two spooky marks in the same
    /// two squares are a cycle), so the images are compared without sorting, and only
    /// the least is written out, each code by its place among the 45 (plus one: 0 is no
    /// move).
    fn canonical_per_player(&self, codes: &[u8], pending: bool) -> u64 {
        let made = codes.len();
        let sorted = if pending { made - 1 } else { made };
        let mut best = (u8::MAX, u64::MAX, u64::MAX);
        for map in &self.dense_maps {
            let mut sides = [0u64; 2];
            for (index, code) in codes[..sorted].iter().enumerate() {
                sides[index % 2] |= 1 << map[usize::from(*code)];
            }
            let waiting = if pending {
                map[usize::from(codes[made - 1])]
            } else {
                0
            };
            best = best.min((waiting, sides[0], sides[1]));
        }
        let (waiting, x, o) = best;
        let mut key = u64::from(pending) << 63;
        let mut index = 0;
        for mut set in [x, o] {
            while set != 0 {
                let place = 63 - set.leading_zeros();
                key |= u64::from(place + 1) << (7 * index);
                index += 1;
                set &= !(1 << place);
            }
        }
        debug_assert_eq!(index, sorted, "a side holds two marks of one code");
        if pending {
            key |= u64::from(waiting + 1) << (7 * (made - 1));
        }
        key
    }

    /// X's margin with perfect play, in half points: a few searches with null windows
    /// (is it at least 1? at least 2? …), each proving a bound, the table keeping what
    /// one proved for the next (MTD(f)).
    pub fn value(&mut self, position: &Quantum) -> Result<i8, OutOfBudget> {
        let state = State::new(position);
        let (mut lower, mut upper) = (-2i8, 2i8);
        let mut guess = 0i8;
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(&state, beta - 1, beta)?;
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        Ok(lower)
    }

    /// A move that keeps `value` (the position's value, from [`Solver::value`]): each
    /// move is only tested against that bound (does it reach `value`?), which the table
    /// mostly answers already.
    pub fn best_move(
        &mut self,
        position: &Quantum,
        value: i8,
    ) -> Result<Option<QuantumMove>, OutOfBudget> {
        let maximising = position.to_move() == Player::X;
        for mv in position.legal_moves() {
            let mut child = *position;
            if child.play(mv).is_err() {
                continue;
            }
            let child = State::new(&child);
            let keeps = if maximising {
                self.search(&child, value - 1, value)? >= value
            } else {
                self.search(&child, value, value + 1)? <= value
            };
            if keeps {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    /// X's margin after each legal move, one move per class of moves equal up to the
    /// position's symmetries (the first such in the game's order), in the game's order.
    pub fn move_values(
        &mut self,
        position: &Quantum,
    ) -> Result<Vec<(QuantumMove, i8)>, OutOfBudget> {
        let mut seen = Vec::new();
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let mut child = *position;
            if child.play(mv).is_err() {
                continue;
            }
            let key = self.canonical(&State::new(&child));
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            values.push((mv, self.value(&child)?));
        }
        Ok(values)
    }

    fn search(&mut self, position: &State, alpha: i8, beta: i8) -> Result<i8, OutOfBudget> {
        match position.margin() {
            Some(margin) => Ok(margin),
            None => self.search_open(position, alpha, beta),
        }
    }

    /// X's margin after `mv` made `child`: only a collapse or a deterministic move makes
    /// marks classical, so only they can end the game; a search skips scoring the rest.
    fn search_child(
        &mut self,
        child: &State,
        mv: QuantumMove,
        alpha: i8,
        beta: i8,
    ) -> Result<i8, OutOfBudget> {
        match mv {
            QuantumMove::Spooky(a, b) if a != b => self.search_open(child, alpha, beta),
            _ => self.search(child, alpha, beta),
        }
    }

    /// [`Solver::search`] in a position known not to be over.
    fn search_open(&mut self, position: &State, alpha: i8, beta: i8) -> Result<i8, OutOfBudget> {
        self.visits += 1;
        if position.made() >= WITHOUT_TABLE_FROM {
            return self.plain(position, alpha, beta);
        }
        let key = self.canonical(position);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = 0u8;
        let (stored, place) = self.table.get(key);
        if let Some(bounds) = stored {
            if bounds.lower >= beta || bounds.lower == bounds.upper {
                return Ok(bounds.lower);
            }
            if bounds.upper <= alpha {
                return Ok(bounds.upper);
            }
            alpha = alpha.max(bounds.lower);
            beta = beta.min(bounds.upper);
            first = bounds.best;
        }
        if self.table.len() as u64 >= self.budget
            || (self.visits.is_multiple_of(1024)
                && crate::stop::checkpoint(crate::stop::Searched {
                    positions: self.visits,
                    depth: None,
                }))
        {
            return Err(OutOfBudget);
        }
        let (window_alpha, window_beta) = (alpha, beta);
        let maximising = position.side_to_move() == Player::X;
        let mut best = if maximising { -3 } else { 3 };
        let mut best_index = 0u8;
        let mut moves = self.spare.pop().unwrap_or_default();
        // Moves that close a cycle and deterministic moves first, in their order: they
        // decide the most (the deterministic ones make marks classical at once).
        position.ordered_moves_into(&mut moves);
        if usize::from(first) < moves.len() {
            moves.swap(0, usize::from(first));
        }
        for (index, mv) in moves.iter().enumerate() {
            let mut child = *position;
            child.play(*mv);
            let value = self.search_child(&child, *mv, alpha, beta)?;
            let better = if maximising {
                value > best
            } else {
                value < best
            };
            if better {
                best = value;
                // Its place in the ordered moves, undoing the swap of the first.
                best_index = match index {
                    0 => first,
                    i if i == usize::from(first) => 0,
                    i => i as u8,
                };
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.spare.push(moves);
        self.table.update(key, place, |entry| {
            entry.best = best_index;
            if best <= window_alpha {
                entry.upper = entry.upper.min(best);
            } else if best >= window_beta {
                entry.lower = entry.lower.max(best);
            } else {
                entry.lower = best;
                entry.upper = best;
            }
        });
        Ok(best)
    }
}

impl Solver {
    /// Alpha-beta without the table, near the end of the game (see
    /// [`WITHOUT_TABLE_FROM`]), for a position not over.
    fn plain(&mut self, position: &State, mut alpha: i8, mut beta: i8) -> Result<i8, OutOfBudget> {
        if let Some(value) = last_move::value(position) {
            return Ok(value);
        }
        let maximising = position.side_to_move() == Player::X;
        let mut best = if maximising { -3 } else { 3 };
        let mut moves = self.spare.pop().unwrap_or_default();
        position.legal_moves_into(&mut moves);
        for mv in moves.iter() {
            let mut child = *position;
            child.play(*mv);
            let over = match mv {
                QuantumMove::Spooky(a, b) if a != b => None,
                _ => child.margin(),
            };
            let value = match over {
                Some(margin) => margin,
                None => self.plain(&child, alpha, beta)?,
            };
            if maximising {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.spare.push(moves);
        Ok(best)
    }
}

/// A margin in half points as words for X: "X wins 1 to ½".
pub fn margin_words(margin: i8) -> &'static str {
    match margin {
        2 => "X wins 1 to 0",
        1 => "X wins 1 to ½",
        0 => "neither side wins: a draw",
        -1 => "O wins 1 to ½",
        _ => "O wins 1 to 0",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::quantum::QuantumRules;

    fn position(rules: QuantumRules, picture: &str) -> Quantum {
        Quantum::new(rules).from_picture(picture).unwrap()
    }

    /// Plain minimax over every move, no table, no pruning: the reference.
    fn minimax(position: &Quantum) -> i8 {
        if let Some([x, o]) = position.points() {
            return x as i8 - o as i8;
        }
        let values = position.legal_moves().into_iter().map(|mv| {
            let mut child = *position;
            child.play(mv).unwrap();
            minimax(&child)
        });
        if position.to_move() == Player::X {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn the_search_agrees_with_plain_minimax_on_late_positions() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut checked = 0;
        for rules in [
            QuantumRules::default(),
            QuantumRules {
                closer_chooses: true,
                per_player: true,
                deterministic: true,
            },
            QuantumRules {
                deterministic: true,
                ..QuantumRules::default()
            },
            QuantumRules {
                per_player: true,
                ..QuantumRules::default()
            },
        ] {
            for _ in 0..60 {
                // Random play to a position a few moves from the end.
                let mut game = Quantum::new(rules);
                while !game.is_over() && game.marks().len() < 6 {
                    let moves = game.legal_moves();
                    game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
                if game.is_over() {
                    continue;
                }
                let mut solver = Solver::new(10_000_000);
                assert_eq!(
                    solver.value(&game).unwrap(),
                    minimax(&game),
                    "{}",
                    game.picture()
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    /// Every rule set: the eight options' combinations.
    fn every_rule_set() -> impl Iterator<Item = QuantumRules> {
        (0..8).map(|bits| QuantumRules {
            closer_chooses: bits & 1 != 0,
            per_player: bits & 2 != 0,
            deterministic: bits & 4 != 0,
        })
    }

    #[test]
    fn the_last_move_from_settled_boards_agrees_with_plain_minimax() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        for rules in every_rule_set() {
            let mut checked = 0;
            while checked < 150 {
                // Random play until eight moves are made and no collapse waits.
                let mut game = Quantum::new(rules);
                while !game.is_over()
                    && (game.marks().len() < 8 || game.pending_collapse().is_some())
                {
                    let legal = game.legal_moves();
                    game.play(legal[rng.random_range(0..legal.len())]).unwrap();
                }
                if game.is_over() || game.marks().len() != 8 {
                    continue;
                }
                assert_eq!(
                    last_move::value(&State::new(&game)),
                    Some(minimax(&game)),
                    "{rules:?} {}",
                    game.picture()
                );
                checked += 1;
            }
        }
        // Any other position is left to the search.
        let start = Quantum::new(QuantumRules::default());
        assert_eq!(last_move::value(&State::new(&start)), None);
    }

    #[test]
    fn a_collapse_chooser_takes_the_better_world() {
        // X closed LL-ML-LM-MM-LR-MR... no: O closed the six-cycle; X chooses, and
        // either world gives both lines, X's older: 1 to ½.
        let rules = QuantumRules::default();
        let game = position(rules, "LL-ML,ML-LM,LM-MM,MM-LR,LR-MR,MR-LL");
        assert_eq!(Solver::new(1000).value(&game), Ok(1));
        let per_player = QuantumRules {
            per_player: true,
            ..rules
        };
        let game = position(per_player, "LL-ML,ML-LM,LM-MM,MM-LR,LR-MR,MR-LL");
        assert_eq!(Solver::new(1000).value(&game), Ok(0));
    }

    #[test]
    fn the_budget_stops_the_search() {
        let mut solver = Solver::new(100);
        assert_eq!(
            solver.value(&Quantum::new(QuantumRules::default())),
            Err(OutOfBudget)
        );
    }
}
