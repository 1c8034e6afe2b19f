//! Alpha-beta negamax for any [`Game`], written once: a transposition table keyed by the
//! game's canonical key (so positions equal up to the game's symmetries are searched
//! once), the best move from the table tried first, and a node budget. `solve` searches to
//! the end of the game; `Searcher` deepens iteratively under a budget when the whole game
//! is too large, and plays the best move of the deepest search it finished.
//!
//! Scores are for the player to move: a win `k` half-moves away scores `WIN - k`, a loss
//! `-(WIN - k)`, a draw (or, in a depth-limited search, an unknown) 0. A game that can end
//! with a margin of half a point (quantum tic-tac-toe's 1 to ½) scores such an end
//! `HALF - k`: any whole win is worth more than any half one.

use super::{Agent, random_best};
use crate::game::Game;
use rand::Rng;
use std::collections::HashMap;
use std::fmt;

/// The score of a win on the spot.
pub const WIN: i32 = 1_000_000;
/// The score of a win by half a point on the spot (1 to ½).
pub const HALF: i32 = WIN / 2;

/// What a search found out about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The player to move wins in this many half-moves with best play.
    Win(u32),
    /// The player to move loses in this many half-moves.
    Loss(u32),
    Draw,
    /// The player to move ends this many half-moves on with half a point more than the
    /// opponent (1 to ½ in quantum tic-tac-toe).
    HalfWin(u32),
    /// The player to move ends with half a point less.
    HalfLoss(u32),
}

impl Value {
    pub(crate) fn from_score(score: i32) -> Value {
        let plies = |distance: i32| u32::try_from(distance).unwrap_or(0);
        match score {
            s if s > HALF => Value::Win(plies(WIN - s)),
            s if s > 0 => Value::HalfWin(plies(HALF - s)),
            s if s < -HALF => Value::Loss(plies(WIN + s)),
            s if s < 0 => Value::HalfLoss(plies(HALF + s)),
            _ => Value::Draw,
        }
    }

    /// The same result seen from the other side.
    pub fn for_opponent(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n),
            Value::Loss(n) => Value::Win(n),
            Value::HalfWin(n) => Value::HalfLoss(n),
            Value::HalfLoss(n) => Value::HalfWin(n),
            Value::Draw => Value::Draw,
        }
    }

    /// The margin in half points for the player to move: 2 for a win, 1 for a win by
    /// half a point, 0 for a draw.
    pub fn margin(self) -> i32 {
        match self {
            Value::Win(_) => 2,
            Value::HalfWin(_) => 1,
            Value::Draw => 0,
            Value::HalfLoss(_) => -1,
            Value::Loss(_) => -2,
        }
    }
}

/// The score of a finished position for the player to move: the margin of its points,
/// a whole point scoring [`WIN`] and half a point [`HALF`].
pub fn final_score<G: Game>(position: &G) -> Option<i32> {
    let [x, o] = position.points()?;
    let margin = i32::from(x) - i32::from(o);
    let margin = if position.to_move() == crate::game::Player::X {
        margin
    } else {
        -margin
    };
    Some(margin * HALF)
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half_moves = |plies: &u32| {
            if *plies == 1 {
                "1 half-move".to_string()
            } else {
                format!("{plies} half-moves")
            }
        };
        match self {
            Value::Win(plies) => write!(f, "a win in {}", half_moves(plies)),
            Value::Loss(plies) => write!(f, "a loss in {}", half_moves(plies)),
            Value::Draw => write!(f, "a draw"),
            Value::HalfWin(plies) => {
                write!(f, "a win by 1 point to ½ in {}", half_moves(plies))
            }
            Value::HalfLoss(plies) => {
                write!(f, "a loss by ½ point to 1 in {}", half_moves(plies))
            }
        }
    }
}

/// The result of a complete solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M> {
    pub value: Value,
    /// A best move, if the game is not over.
    pub best: Option<M>,
    pub nodes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    score: i32,
    bound: Bound,
    /// Depth searched below this node (`u32::MAX`: to the end).
    depth: u32,
    best: Option<M>,
}

/// The budget ran out before the search finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// Moves a score one half-move further from the end (a win or loss gets one ply longer).
pub(crate) fn age(score: i32) -> i32 {
    match score {
        s if s > 0 => s - 1,
        s if s < 0 => s + 1,
        s => s,
    }
}

/// The child-side bound that ages to `bound`.
fn unage(bound: i32) -> i32 {
    match bound {
        b if b > 0 && b < WIN => b + 1,
        b if b < 0 && b > -WIN => b - 1,
        b => b,
    }
}

/// The most memory the transposition table may take, and never more than half of what
/// the machine has available ([`crate::memory`]). A budget of positions beyond what fits
/// is lowered to it: every position searched may add an entry, so a search within
/// [`positions_memory_allows`] cannot run the machine out of memory.
pub const MAX_TABLE_BYTES: u64 = 1 << 30;

/// The memory one table may take here: [`MAX_TABLE_BYTES`], or less on a machine with
/// less to spare.
pub fn table_bytes() -> u64 {
    crate::memory::for_one_table(MAX_TABLE_BYTES)
}

/// The most positions a search of `G` may visit within [`table_bytes`]: an entry is
/// its key and value plus the hash table's control byte, and the table keeps at most 7/8
/// of its slots full and doubles, so it may hold 16/7 slots per entry.
pub fn positions_memory_allows<G: Game>() -> u64 {
    let entry = std::mem::size_of::<(G::Key, Entry<G::Move>)>() as u64 + 1;
    table_bytes() * 7 / (entry * 16)
}

/// A search with its table and counters.
#[derive(Debug, Clone)]
pub struct AlphaBeta<G: Game> {
    table: HashMap<G::Key, Entry<G::Move>>,
    /// Positions visited so far.
    pub nodes: u64,
    budget: u64,
    /// A depth-limited search stopped somewhere before the end of the game.
    pub hit_horizon: bool,
    /// One move list per level of the search, reused so no position allocates one.
    buffers: Vec<Vec<G::Move>>,
    /// A search thinking by the clock gives up at this instant.
    deadline: Option<std::time::Instant>,
    /// The best move at the root of the last search, in the root's own orientation (the
    /// table keeps moves of the canonical image, which may be turned).
    root_best: Option<G::Move>,
    /// Only the game's search moves ([`Game::search_moves_into`]) are looked at: a
    /// heuristic engine's search, never a proof.
    near_play: bool,
}

impl<G: Game> AlphaBeta<G> {
    /// A search that gives up after `budget` positions (or after as many as its table
    /// may hold, if that is fewer).
    pub fn new(budget: u64) -> Self {
        AlphaBeta {
            table: HashMap::new(),
            nodes: 0,
            budget: budget.min(positions_memory_allows::<G>()),
            hit_horizon: false,
            buffers: Vec::new(),
            deadline: None,
            root_best: None,
            near_play: false,
        }
    }

    /// The same search over the game's search moves only (near the play on gomoku's
    /// board): what a heuristic engine looks at; its values are not proofs.
    pub fn near_play(mut self) -> Self {
        self.near_play = true;
        self
    }

    /// The same search, also giving up at `deadline` (checked every 1,024 positions, as
    /// Ctrl-C is: see [`crate::stop`]).
    pub fn until(mut self, deadline: Option<std::time::Instant>) -> Self {
        self.deadline = deadline;
        self
    }

    /// Solves `position` to the end, or runs out of budget.
    pub fn solve(&mut self, position: &G) -> Result<Solution<G::Move>, OutOfBudget> {
        self.root_best = None;
        let score = self.search(position, -WIN - 1, WIN + 1, u32::MAX)?;
        let nodes = self.nodes;
        let stored = self.root_best.or_else(|| {
            self.table
                .get(&position.canonical_key())
                .and_then(|entry| entry.best)
                .filter(|_| position.symmetry_count() == 1)
        });
        let best = match stored {
            Some(best) => Some(best),
            None => {
                // Naming a best move may search again below the root (a child stored under
                // a symmetry, or pushed out of the table): it gets a budget of its own, so
                // the value found is never reported without one for want of a position.
                self.budget = self
                    .nodes
                    .saturating_add(self.budget)
                    .min(positions_memory_allows::<G>());
                self.best_move_by_probe(position)
            }
        };
        Ok(Solution {
            value: Value::from_score(score),
            best,
            nodes,
        })
    }

    /// The best move found by asking the table about every child (works whatever
    /// symmetry mapped the stored entry).
    fn best_move_by_probe(&mut self, position: &G) -> Option<G::Move> {
        let mut best: Option<(G::Move, i32)> = None;
        for mv in position.legal_moves() {
            let mut child = position.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let score = age(-self.search(&child, -WIN - 1, WIN + 1, u32::MAX).ok()?);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
            }
        }
        best.map(|(mv, _)| mv)
    }

    /// Whether the table holds as many positions as memory allows: a search kept from
    /// question to question (perfect play) starts a fresh one then.
    pub fn table_is_full(&self) -> bool {
        self.table.len() as u64 >= positions_memory_allows::<G>()
    }

    /// Every legal move with its exact score, for `solve` and hints.
    pub fn move_values(&mut self, position: &G) -> Result<Vec<(G::Move, Value)>, OutOfBudget> {
        let mut values = Vec::new();
        for mv in position.legal_moves() {
            let mut child = position.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let score = age(-self.search(&child, -WIN - 1, WIN + 1, u32::MAX)?);
            values.push((mv, Value::from_score(score)));
        }
        Ok(values)
    }

    /// Negamax with alpha-beta to `depth` half-moves (`u32::MAX`: to the end); at the
    /// horizon an unfinished position scores 0.
    pub fn search(
        &mut self,
        position: &G,
        alpha: i32,
        beta: i32,
        depth: u32,
    ) -> Result<i32, OutOfBudget> {
        self.search_at(position, alpha, beta, depth, 0)
    }

    fn search_at(
        &mut self,
        position: &G,
        alpha: i32,
        beta: i32,
        depth: u32,
        level: usize,
    ) -> Result<i32, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        if self.nodes.is_multiple_of(1024)
            && (crate::stop::checkpoint(crate::stop::Searched {
                positions: self.nodes,
                depth: u32::try_from(level).ok(),
            }) || self
                .deadline
                .is_some_and(|deadline| std::time::Instant::now() >= deadline))
        {
            return Err(OutOfBudget);
        }
        if let Some(score) = final_score(position) {
            return Ok(score);
        }
        if depth == 0 {
            self.hit_horizon = true;
            return Ok(0);
        }
        // An unfinished position scores between a loss and a win one half-move away.
        // When the window lies outside that range the answer is known without a search
        // (and searching would pass an empty window down).
        if alpha >= WIN - 1 {
            return Ok(WIN - 1);
        }
        if beta <= -(WIN - 1) {
            return Ok(-(WIN - 1));
        }
        let key = position.canonical_key();
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = None;
        if let Some(entry) = self.table.get(&key) {
            first = entry.best;
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return Ok(entry.score),
                    Bound::Lower => alpha = alpha.max(entry.score),
                    Bound::Upper => beta = beta.min(entry.score),
                }
                if alpha >= beta {
                    return Ok(entry.score);
                }
            }
        }
        let original_alpha = alpha;
        if self.buffers.len() <= level {
            self.buffers.resize_with(level + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.buffers[level]);
        if self.near_play {
            position.search_moves_into(&mut moves);
        } else {
            position.legal_moves_into(&mut moves);
        }
        position.order_moves(&mut moves);
        // The table's best move first, when it is a move here (an entry reached through a
        // symmetry may name a move of the image, so check it is legal).
        if let Some(first) = first
            && let Some(index) = moves.iter().position(|mv| *mv == first)
        {
            moves.swap(0, index);
        }
        let child_depth = if depth == u32::MAX { depth } else { depth - 1 };
        let mut best_score = -WIN - 1;
        let mut best_move = None;
        let mut outcome = Ok(());
        for &mv in &moves {
            let mut child = position.clone();
            if child.play(mv).is_err() {
                continue;
            }
            let same_mover = child.to_move() == position.to_move() && !child.is_over();
            let searched = if same_mover {
                self.search_at(&child, unage(alpha), unage(beta), child_depth, level + 1)
                    .map(age)
            } else {
                self.search_at(&child, -unage(beta), -unage(alpha), child_depth, level + 1)
                    .map(|score| age(-score))
            };
            let score = match searched {
                Ok(score) => score,
                Err(out) => {
                    outcome = Err(out);
                    break;
                }
            };
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if level == 0 {
                    self.root_best = Some(mv);
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[level] = moves;
        outcome?;
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            key,
            Entry {
                score: best_score,
                bound,
                depth,
                best: best_move,
            },
        );
        Ok(best_score)
    }
}

/// Plays by alpha-beta: solves the game when the budget allows, otherwise deepens
/// iteratively and plays a best move of the deepest finished search.
#[derive(Debug, Clone, Copy)]
pub struct Searcher {
    /// Positions per move.
    pub budget: u64,
    /// Or the time a move may take, in milliseconds (then the budget is only the
    /// table's memory); not reproducible from `--seed`.
    pub millis: Option<u32>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher {
            budget: 200_000,
            millis: None,
        }
    }
}

impl Searcher {
    /// A search of `budget` positions a move.
    pub fn with_budget(budget: u64) -> Searcher {
        Searcher {
            budget,
            millis: None,
        }
    }

    /// A search thinking as asked, or `default` positions a move.
    pub fn thinking(thinking: Option<super::Thinking>, default: u64) -> Searcher {
        match thinking {
            None => Searcher::with_budget(default),
            Some(super::Thinking::Count(count)) => Searcher::with_budget(count),
            Some(super::Thinking::Millis(millis)) => Searcher {
                budget: u64::MAX,
                millis: Some(millis),
            },
        }
    }

    /// Scores of every move from the deepest search that finished, with the depth.
    pub fn scores<G: Game>(&self, position: &G) -> (Vec<(G::Move, i32)>, u32) {
        let mut done = Vec::new();
        let mut reached = 0;
        let mut spent = 0;
        let deadline = self.millis.map(|millis| {
            std::time::Instant::now() + std::time::Duration::from_millis(u64::from(millis))
        });
        let mut moves = Vec::new();
        position.search_moves_into(&mut moves);
        for depth in 1..=u32::try_from(position.legal_moves().len() + 64).unwrap_or(64) {
            let mut search = AlphaBeta::<G>::new(self.budget.saturating_sub(spent))
                .until(deadline)
                .near_play();
            let mut scores = Vec::new();
            let mut finished = true;
            for &mv in &moves {
                let mut child = position.clone();
                if child.play(mv).is_err() {
                    continue;
                }
                let result = if child.to_move() == position.to_move() && !child.is_over() {
                    search.search(&child, -WIN - 1, WIN + 1, depth - 1).map(age)
                } else {
                    search
                        .search(&child, -WIN - 1, WIN + 1, depth - 1)
                        .map(|s| age(-s))
                };
                match result {
                    Ok(score) => scores.push((mv, score)),
                    Err(OutOfBudget) => {
                        finished = false;
                        break;
                    }
                }
            }
            spent += search.nodes;
            if !finished {
                break;
            }
            done = scores;
            reached = depth;
            // The search reached the end of every line: deeper cannot change anything.
            if !search.hit_horizon {
                break;
            }
        }
        (done, reached)
    }
}

impl<G: Game> Agent<G> for Searcher {
    fn name(&self) -> &'static str {
        "alphabeta"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        let (scores, _) = self.scores(position);
        if scores.is_empty() {
            // Not even depth 1 finished: any legal move.
            return position.legal_moves().first().copied();
        }
        random_best(scores, rng)
    }
}

#[cfg(test)]
mod tests;
