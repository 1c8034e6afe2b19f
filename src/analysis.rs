//! Analysis over any game: `solve`, uniformly random play, how far a search reaches.
//! Generic over [`Game`], so every game gets them without code of its own; a game's
//! registry entry may name its own solver instead (quantum tic-tac-toe does), and the
//! registry reaches these through the entry, typed.

use crate::ai::alphabeta::{AlphaBeta, HALF, Searcher, Value, positions_memory_allows};
use crate::ai::lookahead::Lookahead;
use crate::ai::mcts::Mcts;
use crate::ai::retrograde::Retrograde;
use crate::ai::{Agent, RandomAgent};
use crate::game::Declared;
use rand::{Rng, RngExt};

/// How hard the generic AIs work: alpha-beta's positions per move, Monte-Carlo's
/// playouts per move, the positions `lookahead` may rate per move, and the positions
/// `solve` may visit. Every search in a variant is bounded by one of these, counted in
/// positions rather than seconds so that `--seed` replays a session exactly; the defaults
/// keep a move under about a second on a slow machine (`menace bench` measures them).
/// Tests turn them down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Effort {
    pub positions: u64,
    pub playouts: u32,
    /// Lookahead rates a position in about 20 ns (no tables), so it gets more of them.
    pub lookahead: u64,
    pub solve: u64,
}

impl Default for Effort {
    fn default() -> Self {
        Effort {
            positions: Searcher::default().budget,
            playouts: Mcts::default().playouts,
            lookahead: 10_000_000,
            solve: 3_000_000,
        }
    }
}

/// A generic search, as a player's row makes it, run by [`engine_move`] on the game's
/// own type: the engines every game gets without code of its own.
#[derive(Debug, Clone, Copy)]
pub enum Engine {
    Random,
    AlphaBeta(Searcher),
    Mcts(Mcts),
    Lookahead(Lookahead),
}

/// Monte-Carlo tree search's choice: the move, how many playouts went through it of how
/// many in all, the share of those the player to move won (a draw counts half), and
/// whether the move is proven to win (`Some(true)`) or to lose (`Some(false)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    pub name: String,
    pub visits: u32,
    pub playouts: u32,
    pub share: f64,
    pub proven: Option<bool>,
}

/// What `solve` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    /// The value for the player to move, a best move, and the positions looked at.
    Value {
        value: Value,
        best: Option<String>,
        positions: u64,
        method: &'static str,
    },
    /// The result in points for the player to move, from a search that weighs points
    /// and not the moves to them (quantum tic-tac-toe, whose games can end 1 to ½):
    /// `margin` is the player to move's points minus the opponent's, in half points.
    Points {
        margin: i8,
        best: Option<String>,
        positions: u64,
        method: &'static str,
    },
    /// The player to move wins, proved by a strategy checked against every reply (the
    /// giveaway cube's centre and mirror), which says who wins and not in how many moves.
    Wins {
        best: Option<String>,
        positions: u64,
        method: &'static str,
    },
    /// The budget ran out first. `budget` is the one searched with: the one asked for,
    /// or less when a table of that many positions would not fit in memory (`asked`).
    TooBig { budget: u64, asked: u64 },
}

/// What uniformly random play gave: games by their score (X's and O's points in
/// halves), and the moves they took.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RandomPlay {
    pub by_score: std::collections::BTreeMap<[u8; 2], u64>,
    pub moves: u64,
}

impl RandomPlay {
    pub fn games(&self) -> u64 {
        self.by_score.values().sum()
    }

    /// X's mean margin, in points a game.
    pub fn mean_margin(&self) -> f64 {
        let halves: i64 = self
            .by_score
            .iter()
            .map(|([x, o], count)| (i64::from(*x) - i64::from(*o)) * *count as i64)
            .sum();
        halves as f64 / 2.0 / self.games().max(1) as f64
    }
}

/// The move a generic engine chooses on `game`, by name, without playing it.
pub fn engine_move<G: Declared>(game: &G, engine: Engine, rng: &mut dyn Rng) -> Option<String> {
    let mv = match engine {
        Engine::AlphaBeta(mut searcher) => searcher.choose(game, rng),
        Engine::Mcts(mut mcts) => mcts.choose(game, rng),
        Engine::Lookahead(mut lookahead) => lookahead.choose(game, rng),
        Engine::Random => RandomAgent.choose(game, rng),
    }?;
    Some(game.move_name(mv))
}

/// Monte-Carlo tree search's choice under `search`, and what the search thinks of the
/// position, in numbers.
pub fn mcts_estimate<G: Declared>(game: &G, search: Mcts, rng: &mut dyn Rng) -> Option<Estimate> {
    let statistics = search.statistics(game, rng);
    let chosen = crate::ai::mcts::best_move(&statistics)?;
    let mine = statistics.iter().find(|s| s.mv == chosen)?;
    Some(Estimate {
        name: game.move_name(chosen),
        visits: mine.visits,
        playouts: statistics.iter().map(|s| s.visits).sum(),
        share: mine.share,
        proven: mine.proven,
    })
}

/// The value of `game` under perfect play if found within `budget` positions: by
/// retrograde analysis where positions repeat, by alpha-beta elsewhere. A game's
/// registry entry may name a solver of its own instead.
pub fn solve<G: Declared>(game: &G, budget: u64) -> Solved {
    if game.positions_repeat() {
        return solve_by_retrograde(game, budget);
    }
    let mut search = AlphaBeta::new(budget);
    match search.solve(game) {
        Ok(solution) => Solved::Value {
            value: solution.value,
            best: solution.best.map(|mv| game.move_name(mv)),
            positions: solution.nodes,
            method: "alpha-beta",
        },
        Err(_) => Solved::TooBig {
            budget: budget.min(positions_memory_allows::<G>()),
            asked: budget,
        },
    }
}

/// `games` games of uniformly random play from `start` (every legal move equally likely,
/// each side): how many ended with each score.
pub fn random_games<G: Declared>(start: &G, games: u64, rng: &mut dyn Rng) -> RandomPlay {
    let mut tally = RandomPlay::default();
    let mut buffer = Vec::new();
    let mut pick = |count: usize| rng.random_range(0..count);
    for _ in 0..games {
        let mut game = start.clone();
        while game.play_picked(&mut pick, &mut buffer) {
            tally.moves += 1;
        }
        // A game stuck with no move and no result is counted as a draw.
        *tally
            .by_score
            .entry(game.points().unwrap_or([1, 1]))
            .or_insert(0) += 1;
    }
    tally
}

/// How many half-moves ahead `lookahead depth` gets from `game` within the budget.
pub fn lookahead_reach<G: Declared>(game: &G, depth: u32, effort: Effort) -> u32 {
    crate::ai::lookahead::rate_moves_within(
        game,
        depth,
        crate::ai::lookahead::Fin::Seed,
        effort.lookahead,
    )
    .1
}

/// How deep an iterative alpha-beta search gets within `budget` positions, with its
/// preferred move and what the search saw.
pub fn deepest_search<G: Declared>(game: &G, budget: u64) -> (u32, Option<(String, &'static str)>) {
    // Each depth's table is emptied before the next, but the total is bounded too:
    // no budget of positions runs for hours.
    let budget = budget.min(positions_memory_allows::<G>());
    let (scores, depth) = Searcher::with_budget(budget).scores(game);
    let best = scores
        .iter()
        .rev()
        .max_by_key(|(_, score)| *score)
        .map(|(mv, score)| {
            let verdict = match *score {
                s if s > HALF => "a forced win found",
                s if s > 0 => "a forced win by half a point found",
                s if s < -HALF => "every move loses",
                s if s < 0 => "every move loses half a point",
                _ => "no result within that depth",
            };
            (game.move_name(*mv), verdict)
        });
    (depth, best)
}

/// Solves a game whose positions repeat by retrograde analysis of all its positions, or
/// says it is too big when more than `budget` are reachable.
fn solve_by_retrograde<G: Declared>(game: &G, budget: u64) -> Solved {
    // Every position reachable from this one, and so every value it depends on. A listed
    // position weighs a few hundred bytes: keep within the memory alpha-beta may use.
    let limit = budget.min(crate::ai::alphabeta::table_bytes() / 256);
    let Some(table) = Retrograde::analyse_within(
        game,
        G::without_history,
        usize::try_from(limit).unwrap_or(usize::MAX),
    ) else {
        return Solved::TooBig {
            budget: limit,
            asked: budget,
        };
    };
    let value = table.value(&game.without_history()).unwrap_or(Value::Draw);
    let best = game.legal_moves().into_iter().min_by_key(|mv| {
        // The move as the game names it, on the game as it is; then the table's form.
        let mut child = game.clone();
        let _ = child.play(*mv);
        let child = child.without_history();
        // The best move leaves the opponent the worst value.
        match table.value(&child) {
            Some(Value::Loss(n)) => (0, i64::from(n)),
            Some(Value::Draw) => (1, 0),
            Some(Value::Win(n)) => (2, -i64::from(n)),
            // Retrograde analysis is for games of whole points (Morris).
            Some(Value::HalfLoss(_) | Value::HalfWin(_)) | None => (3, 0),
        }
    });
    Solved::Value {
        value,
        best: best.map(|mv| game.move_name(mv)),
        positions: table.positions() as u64,
        method: "retrograde analysis",
    }
}
