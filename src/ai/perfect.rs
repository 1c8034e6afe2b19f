//! Perfect play in any game a solver settles: among the moves of the best value, one at
//! random, preferring the fastest win and the slowest loss (as the classic `perfect`
//! does). The values come from the game's solver ([`MoveValues`]): alpha-beta for the
//! games whose positions never repeat, a retrograde table where they do (Morris), the
//! search over points for quantum tic-tac-toe.
//!
//! The solver is asked once per position met and the best moves kept, by the position's
//! own key, so that after a few games a reply is one table lookup: what lets MENACE train
//! against perfect play at hundreds of thousands of games a second. The solver itself
//! (with everything its table has learned) is shared between the players made for one
//! game, across threads, behind a lock taken only for a position never met before.

use super::alphabeta::{AlphaBeta, OutOfBudget, Value, age, final_score};
use super::retrograde::Retrograde;
use crate::game::Game;
use crate::game::quantum::Quantum;
use crate::inline_map::InlineMap;
use rand::{Rng, RngExt};
use std::sync::{Arc, Mutex, PoisonError};

/// A solver's value of every legal move: what [`PerfectPlay`] chooses from.
pub trait MoveValues<G: Game>: Send {
    /// Every legal move of `position` (not over) with its value for the player making
    /// it, or `None` when the solver cannot settle them within its budget.
    fn move_values(&mut self, position: &G) -> Option<Vec<(G::Move, Value)>>;

    /// Whether the values of a symmetric image of a position are the images of the
    /// position's, so that perfect play may ask about one frame for all of them
    /// ([`PerfectPlay`]): true of the exact searches by distance. The search over points
    /// says no: asked in another frame it gave other best moves (an experiment against
    /// it played other games), so it is asked about each position as met.
    fn same_in_every_frame(&self) -> bool {
        false
    }
}

/// How good a value is for the player who gets it: whole wins above half wins above
/// draws, and among wins the fastest, among losses the slowest.
pub fn rank(value: Value) -> i64 {
    let plies = |n: u32| i64::from(n);
    match value {
        Value::Win(n) => 4_000_000 - plies(n),
        Value::HalfWin(n) => 2_000_000 - plies(n),
        Value::Draw => 0,
        Value::HalfLoss(n) => -2_000_000 + plies(n),
        Value::Loss(n) => -4_000_000 + plies(n),
    }
}

/// Alpha-beta with one table kept from question to question, each question with a
/// budget of its own: the table is emptied when it holds as many positions as memory
/// allows, and is otherwise what makes the next question cheap.
#[derive(Debug)]
pub struct ByAlphaBeta<G: Game> {
    search: AlphaBeta<G>,
    budget: u64,
}

impl<G: Game> ByAlphaBeta<G> {
    /// A solver that gives up on a question after `budget` positions.
    pub fn new(budget: u64) -> ByAlphaBeta<G> {
        ByAlphaBeta {
            search: AlphaBeta::new(budget),
            budget,
        }
    }
}

impl<G: Game> MoveValues<G> for ByAlphaBeta<G> {
    fn same_in_every_frame(&self) -> bool {
        true
    }

    fn move_values(&mut self, position: &G) -> Option<Vec<(G::Move, Value)>> {
        if self.search.table_is_full() {
            self.search = AlphaBeta::new(self.budget);
        }
        self.search.nodes = 0;
        // Out of budget, the table half filled by the unfinished question is still
        // right: only the count starts again at the next.
        self.search.move_values(position).ok()
    }
}

/// Every position's exact value, found by searching all of them below the first one
/// asked about (no pruning) and kept by the position's canonical key: slower than
/// alpha-beta for one question, but then every later question is a lookup per move,
/// which is what training against perfect play asks for. Gives up past `limit`
/// positions (keeping what it has, which is exact).
#[derive(Debug)]
pub struct ByExhaustive<G: Game> {
    scores: InlineMap<G::Key, i32>,
    limit: usize,
    buffers: Vec<Vec<G::Move>>,
}

impl<G: Game> ByExhaustive<G> {
    pub fn new(limit: usize) -> ByExhaustive<G> {
        ByExhaustive {
            scores: InlineMap::default(),
            limit,
            buffers: Vec::new(),
        }
    }

    /// How many positions it has valued.
    pub fn positions(&self) -> usize {
        self.scores.len()
    }

    /// The score of `position` for its player to move, as alpha-beta scores it (a win
    /// `k` half-moves away scores `WIN - k`).
    fn score(&mut self, position: &G, level: usize) -> Result<i32, OutOfBudget> {
        if let Some(score) = final_score(position) {
            return Ok(score);
        }
        let key = position.canonical_key();
        if let Some(score) = self.scores.get(&key) {
            return Ok(*score);
        }
        if self.scores.len() >= self.limit || crate::stop::requested() {
            return Err(OutOfBudget);
        }
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[level]);
        position.legal_moves_into(&mut moves);
        let mut best = i32::MIN;
        let mut outcome = Ok(());
        for &mv in &moves {
            let mut child = position.clone();
            child.play_known_legal(mv);
            match self.score(&child, level + 1) {
                Ok(score) => best = best.max(age(-score)),
                Err(error) => {
                    outcome = Err(error);
                    break;
                }
            }
        }
        self.buffers[level] = moves;
        outcome?;
        // A position with no move and no result (none in these games) is a draw.
        let best = if best == i32::MIN { 0 } else { best };
        self.scores.insert(key, best);
        Ok(best)
    }
}

impl<G: Game> MoveValues<G> for ByExhaustive<G> {
    fn same_in_every_frame(&self) -> bool {
        true
    }

    fn move_values(&mut self, position: &G) -> Option<Vec<(G::Move, Value)>> {
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_known_legal(mv);
            let score = age(-self.score(&child, 0).ok()?);
            values.push((mv, Value::from_score(score)));
        }
        Some(values)
    }
}

/// The values of a retrograde analysis: every position reachable from the start, listed
/// once, so a question is a lookup per move.
#[derive(Debug)]
pub struct ByRetrograde<G: Game> {
    table: Retrograde<G>,
    normalize: fn(&G) -> G,
}

impl<G: Game> ByRetrograde<G> {
    /// The analysis of everything reachable from `start`, or `None` past `limit`
    /// positions. `normalize` strips what a position remembers beyond its board.
    pub fn analyse(start: &G, normalize: fn(&G) -> G, limit: usize) -> Option<ByRetrograde<G>> {
        Retrograde::analyse_within(start, normalize, limit)
            .map(|table| ByRetrograde { table, normalize })
    }

    /// How many positions the analysis listed.
    pub fn positions(&self) -> usize {
        self.table.positions()
    }
}

impl<G: Game> MoveValues<G> for ByRetrograde<G> {
    fn move_values(&mut self, position: &G) -> Option<Vec<(G::Move, Value)>> {
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            if child.play(mv).is_err() {
                continue;
            }
            // A move that ends the game is valued by its end (a third repetition, which
            // the listed positions do not remember, included).
            let value = match child.outcome() {
                Some(crate::game::Outcome::Win(winner)) if winner == position.to_move() => {
                    Value::Win(1)
                }
                Some(crate::game::Outcome::Win(_)) => Value::Loss(1),
                Some(crate::game::Outcome::Draw) => Value::Draw,
                None => match self.table.value(&(self.normalize)(&child)) {
                    // The opponent's value one move later.
                    Some(Value::Win(n)) => Value::Loss(n + 1),
                    Some(Value::Loss(n)) => Value::Win(n + 1),
                    Some(_) => Value::Draw,
                    None => return None,
                },
            };
            values.push((mv, value));
        }
        Some(values)
    }
}

/// Quantum tic-tac-toe's search over points: a value is a margin, not a distance, so
/// every win of one margin is as good as another.
pub struct ByPoints {
    search: super::quantum::Solver,
    budget: u64,
}

impl ByPoints {
    pub fn new(budget: u64) -> ByPoints {
        ByPoints {
            search: super::quantum::Solver::new(budget),
            budget,
        }
    }
}

impl MoveValues<Quantum> for ByPoints {
    fn move_values(&mut self, position: &Quantum) -> Option<Vec<(<Quantum as Game>::Move, Value)>> {
        if self.search.positions() as u64 >= self.budget {
            self.search = super::quantum::Solver::new(self.budget);
        }
        let mover = position.to_move();
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let mut child = *position;
            if child.play(mv).is_err() {
                continue;
            }
            // X's margin in half points, for the player making the move.
            let margin = self.search.value(&child).ok()?;
            let margin = if mover == crate::game::Player::X {
                margin
            } else {
                -margin
            };
            values.push((
                mv,
                match margin {
                    2.. => Value::Win(0),
                    1 => Value::HalfWin(0),
                    0 => Value::Draw,
                    -1 => Value::HalfLoss(0),
                    _ => Value::Loss(0),
                },
            ));
        }
        Some(values)
    }
}

/// A game's solver, shared by every player made for that game.
pub type SharedValues<G> = Arc<Mutex<Box<dyn MoveValues<G>>>>;

/// The best moves of a position and their value.
#[derive(Debug, Clone)]
pub struct Best<M> {
    pub moves: Vec<M>,
    pub value: Value,
}

/// What a perfect player keeps of a position: its first best move and value in the
/// map itself, the others in one list beside it (most positions met in training have
/// a single best move, so choosing one waits on memory once).
#[derive(Debug, Clone, Copy)]
struct Known<M> {
    first: M,
    /// Where the other best moves start in [`PerfectPlay::others`], and how many.
    others_from: u32,
    others: u32,
    value: Value,
}

/// The first best move of `values` (fastest win, slowest loss) and its value, the
/// other best moves appended to `others`.
fn best_of<M: Copy>(values: &[(M, Value)], others: &mut Vec<M>) -> Option<Known<M>> {
    let top = values.iter().map(|(_, value)| rank(*value)).max()?;
    let mut best = values.iter().filter(|(_, value)| rank(*value) == top);
    let &(first, value) = best.next()?;
    let others_from = u32::try_from(others.len()).ok()?;
    others.extend(best.map(|(mv, _)| *mv));
    let count = u32::try_from(others.len()).ok()? - others_from;
    Some(Known {
        first,
        others_from,
        others: count,
        value,
    })
}

/// A perfect player: the solver's values, and the best moves of every position it has
/// been asked about.
///
/// Where the game has symmetries, its positions never repeat and its solver's values
/// are the same in every frame, the solver is asked about each position's canonical
/// form only, and a position met in another frame takes
/// its best moves from there ([`PerfectPlay::by_symmetry`]): while MENACE explores, most
/// positions perfect play meets are images of ones it has valued, and a lookup per move
/// in the solver's table (a cache miss each) was most of the time training took.
pub struct PerfectPlay<G: Game> {
    values: SharedValues<G>,
    known: InlineMap<G::Key, Known<G::Move>>,
    others: Vec<G::Move>,
    /// The solver's values are the same in every frame of a position.
    same_in_every_frame: bool,
    /// The best moves of canonical forms, by their key, in their own frame.
    canonical: InlineMap<G::Key, Known<G::Move>>,
    canonical_others: Vec<G::Move>,
}

impl<G: Game> Clone for PerfectPlay<G> {
    fn clone(&self) -> Self {
        PerfectPlay {
            values: Arc::clone(&self.values),
            known: self.known.clone(),
            others: self.others.clone(),
            same_in_every_frame: self.same_in_every_frame,
            canonical: self.canonical.clone(),
            canonical_others: self.canonical_others.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for PerfectPlay<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PerfectPlay({} positions known)", self.known.len())
    }
}

impl<G: Game> PerfectPlay<G> {
    pub fn new(values: SharedValues<G>) -> PerfectPlay<G> {
        let same_in_every_frame = values
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .same_in_every_frame();
        PerfectPlay {
            values,
            same_in_every_frame,
            known: InlineMap::default(),
            others: Vec::new(),
            canonical: InlineMap::default(),
            canonical_others: Vec::new(),
        }
    }

    /// What is kept of `position`, asking the solver (under its lock) the first time.
    fn known(&mut self, position: &G) -> Option<Known<G::Move>> {
        if let Some(known) = self.known.get(&position.key()) {
            return Some(*known);
        }
        let known = match self.by_symmetry(position) {
            Some(known) => known,
            None => {
                let values = self.ask(position)?;
                best_of(&values, &mut self.others)?
            }
        };
        self.known.insert(position.key(), known);
        Some(known)
    }

    /// The solver's values of `position`'s moves, under its lock.
    fn ask(&self, position: &G) -> Option<Vec<(G::Move, Value)>> {
        self.values
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .move_values(position)
    }

    /// `position`'s best moves read from its canonical form's (valued the first time
    /// it is met), listed in `position`'s own order of legal moves: the moves and the
    /// order the solver would give for `position` itself, so the choices, and with
    /// them every seeded figure, stay the same. `None` where the game has no symmetry,
    /// its positions repeat (a position's history may then count) or its solver's
    /// values are not the same in every frame, or the solver cannot settle it.
    fn by_symmetry(&mut self, position: &G) -> Option<Known<G::Move>> {
        if !self.same_in_every_frame || position.symmetry_count() < 2 || position.positions_repeat()
        {
            return None;
        }
        let (symmetry, canonical) = (1..position.symmetry_count())
            .map(|symmetry| (symmetry, position.transformed(symmetry)))
            .fold((0, position.clone()), |least, image| {
                if image.1.key() < least.1.key() {
                    image
                } else {
                    least
                }
            });
        let key = canonical.key();
        let best = match self.canonical.get(&key) {
            Some(best) => *best,
            None => {
                let values = self.ask(&canonical)?;
                let best = best_of(&values, &mut self.canonical_others)?;
                self.canonical.insert(key, best);
                best
            }
        };
        let from = best.others_from as usize;
        let best_moves = std::iter::once(best.first)
            .chain(
                self.canonical_others[from..from + best.others as usize]
                    .iter()
                    .copied(),
            )
            .collect::<Vec<_>>();
        let mut ours = position
            .legal_moves()
            .into_iter()
            .filter(|mv| best_moves.contains(&position.transform_move(*mv, symmetry)));
        let first = ours.next()?;
        let others_from = u32::try_from(self.others.len()).ok()?;
        self.others.extend(ours);
        let others = u32::try_from(self.others.len()).ok()? - others_from;
        // A game breaking its symmetry contract would lose a best move here: ask the
        // solver about the position itself instead.
        if others != best.others {
            self.others.truncate(others_from as usize);
            return None;
        }
        Some(Known {
            first,
            others_from,
            others,
            value: best.value,
        })
    }

    /// The best moves of `position` and their value, or `None` when the game is over or
    /// the solver cannot settle the position.
    pub fn best(&mut self, position: &G) -> Option<Best<G::Move>> {
        let known = self.known(position)?;
        let from = known.others_from as usize;
        let others = &self.others[from..from + known.others as usize];
        Some(Best {
            moves: std::iter::once(known.first)
                .chain(others.iter().copied())
                .collect(),
            value: known.value,
        })
    }

    /// One of the best moves of `position`, at random.
    pub fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        let known = self.known(position)?;
        if known.others == 0 {
            return Some(known.first);
        }
        match rng.random_range(0..=known.others as usize) {
            0 => Some(known.first),
            other => self
                .others
                .get(known.others_from as usize + other - 1)
                .copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TicTacToe;
    use rand::SeedableRng;

    fn shared<G: Game>(values: impl MoveValues<G> + 'static) -> SharedValues<G> {
        Arc::new(Mutex::new(Box::new(values)))
    }

    /// The best moves of every position of noughts and crosses, by both solvers, are
    /// among the classic minimax's (which values a win as a win, however far): all of
    /// them where the best is a draw, the fastest wins and slowest losses otherwise.
    #[test]
    fn on_noughts_and_crosses_it_plays_among_the_classic_perfect_moves() {
        let mut by_alpha_beta = PerfectPlay::new(shared(ByAlphaBeta::<TicTacToe>::new(1 << 20)));
        let mut by_retrograde = PerfectPlay::new(shared(
            ByRetrograde::analyse(&TicTacToe::default(), |p| *p, 10_000).unwrap(),
        ));
        let mut exhaustive = PerfectPlay::new(shared(ByExhaustive::<TicTacToe>::new(10_000)));
        let mut solver = crate::ai::minimax::Solver::new();
        let mask = |moves: &[crate::game::Square]| {
            moves
                .iter()
                .fold(0u16, |mask, square| mask | 1 << square.index())
        };
        let mut faster = 0;
        for position in crate::menace::boxes::reachable_positions() {
            if position.is_over() {
                continue;
            }
            let classic = mask(&crate::ai::best_moves(solver.move_scores(&position)));
            let mut found = Vec::new();
            for play in [&mut by_alpha_beta, &mut by_retrograde, &mut exhaustive] {
                let best = play.best(&position).unwrap();
                let ours = mask(&best.moves);
                assert_eq!(ours & !classic, 0, "{}", position.picture());
                if best.value == Value::Draw {
                    assert_eq!(ours, classic, "{}", position.picture());
                }
                found.push((ours, best.value));
            }
            assert_eq!(found[0], found[1], "{}", position.picture());
            assert_eq!(found[0], found[2], "{}", position.picture());
            faster += usize::from(found[0].0 != classic);
        }
        // Some wins are faster than others (a win on the spot beside a win later).
        assert!(faster > 0);
    }

    #[test]
    fn its_choice_is_one_of_the_best_moves_and_seeded() {
        let mut play = PerfectPlay::new(shared(ByAlphaBeta::<TicTacToe>::new(1 << 20)));
        let start = TicTacToe::default();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let chosen: Vec<_> = (0..20).map(|_| play.choose(&start, &mut rng)).collect();
        let mut again = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let replayed: Vec<_> = (0..20).map(|_| play.choose(&start, &mut again)).collect();
        assert_eq!(chosen, replayed);
        let best = play.best(&start).unwrap().moves.clone();
        assert!(chosen.iter().all(|mv| best.contains(&mv.unwrap())));
        // Every opening of noughts and crosses draws.
        assert_eq!(best.len(), 9);
    }

    #[test]
    fn a_solver_out_of_budget_gives_no_move() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut play = PerfectPlay::new(shared(ByAlphaBeta::<TicTacToe>::new(10)));
        assert_eq!(play.choose(&TicTacToe::default(), &mut rng), None);
        let mut play = PerfectPlay::new(shared(ByExhaustive::<TicTacToe>::new(10)));
        assert_eq!(play.choose(&TicTacToe::default(), &mut rng), None);
    }

    /// Noughts and crosses has 765 positions up to symmetry, 627 of them unfinished:
    /// valuing the first moves values each once, all but the empty board itself.
    #[test]
    fn the_exhaustive_search_values_each_position_once() {
        let mut values = ByExhaustive::<TicTacToe>::new(10_000);
        assert!(values.move_values(&TicTacToe::default()).is_some());
        assert_eq!(values.positions(), 626);
    }
}
