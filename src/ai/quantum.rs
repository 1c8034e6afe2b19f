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

use crate::game::quantum::{Quantum, QuantumMove};
use crate::game::{Game, Player, Symmetry};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Bounds on X's margin in a position, from searches with narrower windows.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    lower: i8,
    upper: i8,
    /// The move that last decided the position, by its place in the legal moves: tried
    /// first next time.
    best: u8,
}

/// Mixes a key into a hash (the keys are structured, not random).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*byte);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The budget of positions ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// The memory one position in the table takes at most: a hash-table entry (key and bounds) and its control
/// byte, up to 16/7 slots an entry (at most 7/8 full, and doubling), and the old table
/// beside the new one while it doubles. A budget is checked against it ([`crate::memory`]).
pub const BYTES_PER_POSITION: u64 =
    ((std::mem::size_of::<(u64, Bounds)>() as u64 + 1) * 16 / 7) * 3 / 2;

/// A search with its table.
pub struct Solver {
    table: HashMap<u64, Bounds, BuildHasherDefault<MixHasher>>,
    /// Positions searched (visits, counting those the table answered).
    pub visits: u64,
    budget: u64,
    /// The squares each symmetry sends each square to.
    maps: [[u8; 9]; 8],
    /// Move lists of finished nodes, reused so that no node allocates one.
    spare: Vec<Vec<QuantumMove>>,
}

/// X's margin, in half points, of a finished game.
fn margin(position: &Quantum) -> Option<i8> {
    position
        .points()
        .map(|[x, o]| i8::try_from(i16::from(x) - i16::from(o)).unwrap_or(0))
}

impl Solver {
    /// A search that gives up once its table holds `budget` positions.
    pub fn new(budget: u64) -> Solver {
        Solver {
            table: HashMap::default(),
            visits: 0,
            budget: budget.min(crate::memory::entries_fitting(BYTES_PER_POSITION, u64::MAX)),
            spare: Vec::new(),
            maps: std::array::from_fn(|index| {
                let symmetry = Symmetry::from_index(index).unwrap_or(Symmetry::ALL[0]);
                std::array::from_fn(|square| symmetry.map(square) as u8)
            }),
        }
    }

    /// Positions held in the table.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// The smallest key among the 8 images of the position.
    fn canonical(&self, position: &Quantum) -> u64 {
        let mut best = u64::MAX;
        for map in &self.maps {
            let mut key = position.key() & 1 << 63;
            for (index, mark) in position.marks().iter().enumerate() {
                let code = match *mark {
                    crate::game::quantum::Mark::Spooky(a, b) => {
                        let (a, b) = (map[usize::from(a)], map[usize::from(b)]);
                        1 + 9 * u64::from(a.min(b)) + u64::from(a.max(b))
                    }
                    crate::game::quantum::Mark::Classical(s) => 82 + u64::from(map[usize::from(s)]),
                };
                key |= code << (7 * index);
            }
            best = best.min(key);
        }
        best
    }

    /// X's margin with perfect play, in half points: a few searches with null windows
    /// (is it at least 1? at least 2? …), each proving a bound, the table keeping what
    /// one proved for the next (MTD(f)).
    pub fn value(&mut self, position: &Quantum) -> Result<i8, OutOfBudget> {
        let (mut lower, mut upper) = (-2i8, 2i8);
        let mut guess = 0i8;
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(position, beta - 1, beta)?;
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
            let key = self.canonical(&child);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            values.push((mv, self.value(&child)?));
        }
        Ok(values)
    }

    fn search(&mut self, position: &Quantum, alpha: i8, beta: i8) -> Result<i8, OutOfBudget> {
        if let Some(margin) = margin(position) {
            return Ok(margin);
        }
        self.visits += 1;
        let key = self.canonical(position);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = 0u8;
        if let Some(bounds) = self.table.get(&key) {
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
        let maximising = position.to_move() == Player::X;
        let mut best = if maximising { -3 } else { 3 };
        let mut best_index = 0u8;
        let mut moves = self.spare.pop().unwrap_or_default();
        position.legal_moves_into(&mut moves);
        // Moves that close a cycle first: they decide the most.
        moves.sort_by_key(|mv| match *mv {
            QuantumMove::Spooky(a, b) if a != b => !position.connected(a, b),
            _ => false,
        });
        if usize::from(first) < moves.len() {
            moves.swap(0, usize::from(first));
        }
        for (index, mv) in moves.iter().enumerate() {
            let mut child = *position;
            if child.play(*mv).is_err() {
                continue;
            }
            let value = self.search(&child, alpha, beta)?;
            let better = if maximising {
                value > best
            } else {
                value < best
            };
            if better {
                best = value;
                // Its place in the legal moves, undoing the swap of the first.
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
        let entry = self.table.entry(key).or_insert(Bounds {
            lower: -2,
            upper: 2,
            best: 0,
        });
        entry.best = best_index;
        if best <= window_alpha {
            entry.upper = entry.upper.min(best);
        } else if best >= window_beta {
            entry.lower = entry.lower.max(best);
        } else {
            entry.lower = best;
            entry.upper = best;
        }
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
        if let Some(margin) = margin(position) {
            return margin;
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
