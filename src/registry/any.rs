//! [`AnyGame`]: one position of any registered game behind one object-safe trait, with
//! moves as text. [`Playing`] implements it once for every [`Game`], so a game gets the
//! console, the generic AIs, `solve` and `replay` without code of its own.

use crate::ai::alphabeta::{AlphaBeta, HALF, Searcher, Value, positions_memory_allows};
use crate::ai::lookahead::Lookahead;
use crate::ai::mcts::Mcts;
use crate::ai::retrograde::Retrograde;
use crate::ai::{Agent, RandomAgent};
use crate::game::cube::Cube;
use crate::game::gomoku::Gomoku;
use crate::game::quantum::Quantum;
use crate::game::{BoardView, Declaration, Declared, Game, Outcome, Player};
use rand::{Rng, RngExt};
use std::any::Any;
use std::fmt;

/// Why a line of text is not a move here, by phase: the text is not written as this
/// game writes moves, or it names a move the position does not allow. Both carry the
/// game's own sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    Notation(String),
    Illegal { name: String, why: String },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Notation(why) => f.write_str(why),
            MoveError::Illegal { why, .. } => f.write_str(why),
        }
    }
}

impl std::error::Error for MoveError {}

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

/// A generic search, as a player's row makes it, run by [`AnyGame::engine_move`] on the
/// game's own type: the engines every game gets without code of its own.
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

/// A position of any registered game. Moves travel as text in the game's notation;
/// everything else is the game's own answer.
pub trait AnyGame: fmt::Debug {
    /// The game's declaration.
    fn declaration(&self) -> &'static Declaration;
    /// The options chosen, in declared order.
    fn options(&self) -> &[String];
    /// The name with its options, as `variant` takes it: `silverman no-anti-diagonal`.
    fn title(&self) -> String {
        let mut title = self.declaration().name.to_string();
        for option in self.options() {
            title.push(' ');
            title.push_str(option);
        }
        title
    }
    fn to_move(&self) -> Player;
    fn ply(&self) -> usize;
    fn outcome(&self) -> Option<Outcome>;
    /// What each side scored, in half points, X first ([`crate::game::Game::points`]).
    fn points(&self) -> Option<[u8; 2]>;
    /// A sentence on how the game ended, when the outcome alone does not tell it.
    fn result_note(&self) -> Option<String>;
    /// What the last move did beyond the board's change, given the game before it.
    fn move_note(&self, before: &dyn AnyGame) -> Option<String>;
    /// What the player to move has to do, when it is not an ordinary move.
    fn move_prompt(&self) -> Option<String>;
    /// The legal moves by name, in the game's order.
    fn legal_move_names(&self) -> Vec<String>;
    /// Reads a move in two phases, the notation and then the rules, without playing it:
    /// its name as the game writes it, or why not.
    fn check_move(&self, text: &str) -> Result<String, MoveError>;
    /// Plays a move given as text: its name, or why not (and nothing changes).
    fn play_move(&mut self, text: &str) -> Result<String, MoveError>;
    fn picture(&self) -> String;
    /// The position a picture shows, under this game's rules.
    // `&self` supplies the rules and options the picture is read under.
    #[allow(clippy::wrong_self_convention)]
    fn from_picture(&self, text: &str) -> Result<Box<dyn AnyGame>, String>;
    fn view(&self) -> BoardView;
    /// The view zoomed into part `part` (0-based), for a board too big to draw whole.
    fn zoomed_view(&self, part: usize) -> Option<BoardView>;
    fn symmetry_count(&self) -> usize;
    /// True where positions can recur, so that a picture (which holds no history) can
    /// show a position a repetition has already ended.
    fn positions_repeat(&self) -> bool;
    /// The image under symmetry `index`, and the name of `mv`'s image there.
    fn transformed(&self, index: usize) -> Box<dyn AnyGame>;
    fn transformed_move(&self, mv: &str, index: usize) -> Option<String>;
    /// The starting position of the same game and options.
    fn restart(&self) -> Box<dyn AnyGame>;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
    /// The game as a value of its own type, for code that knows it (classic MENACE).
    fn as_any(&self) -> &dyn Any;
    /// The position as noughts and crosses ([`Declared::noughts_and_crosses`]).
    fn noughts_and_crosses(&self) -> Option<&crate::game::TicTacToe>;
    /// The position as five-in-a-row gomoku, for the players written for it
    /// ([`Declared::five_in_a_row`]).
    fn five_in_a_row(&self) -> Option<&Gomoku>;
    /// The position as the 3x3x3 cube, for the mirror player.
    fn three_cube(&self) -> Option<&Cube>;
    /// A fresh generic MENACE for `side` of this game (boxes made as positions are met).
    fn new_learner(
        &self,
        side: Player,
        preset: crate::menace::Preset,
        box_limit: usize,
    ) -> Option<Box<dyn crate::menace::learner::Learner>>;
    /// How many boxes a MENACE playing `side` needs: one for every position reachable
    /// from this one where it has a choice, up to symmetry, counted per ply; `Err` with
    /// the limit when there are more than `limit`.
    fn count_boxes(&self, side: Player, limit: usize) -> Result<Vec<(usize, usize)>, usize>;
    /// A generic MENACE rebuilt from a save file's boxes.
    fn restore_learner(
        &self,
        side: Player,
        preset: crate::menace::Preset,
        record: crate::menace::Record,
        boxes: &crate::menace::learner::SavedBoxes,
    ) -> Result<Box<dyn crate::menace::learner::Learner>, String>;
    /// The move a generic engine chooses, by name, without playing it.
    fn engine_move(&self, engine: Engine, rng: &mut dyn Rng) -> Option<String>;
    /// Monte-Carlo tree search's choice under `search`, and what the search thinks of
    /// the position, in numbers.
    fn mcts_estimate(&self, search: Mcts, rng: &mut dyn Rng) -> Option<Estimate>;
    /// The value under perfect play if found within `budget` positions.
    fn solve(&self, budget: u64) -> Solved;
    /// `games` games of uniformly random play from this position (every legal move
    /// equally likely, each side): how many ended with each score.
    fn random_games(&self, games: u64, rng: &mut dyn Rng) -> RandomPlay;
    /// How many half-moves ahead `lookahead depth` gets from here within the budget.
    fn lookahead_reach(&self, depth: u32, effort: Effort) -> u32;
    /// How deep an iterative alpha-beta search gets within `budget` positions, with its
    /// preferred move and what the search saw.
    fn deepest_search(&self, budget: u64) -> (u32, Option<(String, &'static str)>);
}

/// A position of game `G` with the declaration and options it was started with.
#[derive(Debug, Clone)]
pub struct Playing<G> {
    game: G,
    declaration: &'static Declaration,
    options: Vec<String>,
    /// The position the game started from, to start again without reading any
    /// option's file a second time.
    initial: G,
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

impl<G: Game> Playing<G> {
    pub fn new(game: G, declaration: &'static Declaration, options: Vec<String>) -> Self {
        Playing {
            initial: game.clone(),
            game,
            declaration,
            options,
        }
    }

    /// The typed position.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn with(&self, game: G) -> Box<dyn AnyGame>
    where
        G: Declared,
    {
        Box::new(Playing {
            game,
            declaration: self.declaration,
            options: self.options.clone(),
            initial: self.initial.clone(),
        })
    }

    fn read(&self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self
            .game
            .parse_move(text.trim())
            .map_err(|why| MoveError::Notation(why.to_string()))?;
        let mut trial = self.game.clone();
        trial.play(mv).map_err(|why| MoveError::Illegal {
            name: self.game.move_name(mv),
            why: why.to_string(),
        })?;
        Ok(mv)
    }
}

impl<G: Declared> AnyGame for Playing<G> {
    fn declaration(&self) -> &'static Declaration {
        self.declaration
    }

    fn options(&self) -> &[String] {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn ply(&self) -> usize {
        self.game.ply()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn points(&self) -> Option<[u8; 2]> {
        self.game.points()
    }

    fn move_note(&self, before: &dyn AnyGame) -> Option<String> {
        let before = before.as_any().downcast_ref::<Playing<G>>()?;
        self.game.move_note(&before.game)
    }

    fn result_note(&self) -> Option<String> {
        self.game.result_note()
    }

    fn move_prompt(&self) -> Option<String> {
        self.game.move_prompt()
    }

    fn legal_move_names(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .into_iter()
            .map(|mv| self.game.move_name(mv))
            .collect()
    }

    fn check_move(&self, text: &str) -> Result<String, MoveError> {
        self.read(text).map(|mv| self.game.move_name(mv))
    }

    fn play_move(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.read(text)?;
        let name = self.game.move_name(mv);
        self.game.play(mv).map_err(|why| MoveError::Illegal {
            name: name.clone(),
            why: why.to_string(),
        })?;
        Ok(name)
    }

    fn picture(&self) -> String {
        self.game.picture()
    }

    fn from_picture(&self, text: &str) -> Result<Box<dyn AnyGame>, String> {
        self.game
            .from_picture(text)
            .map(|game| self.with(game))
            .map_err(|why| why.to_string())
    }

    fn view(&self) -> BoardView {
        self.game.view()
    }

    fn zoomed_view(&self, part: usize) -> Option<BoardView> {
        self.game.zoomed_view(part)
    }

    fn symmetry_count(&self) -> usize {
        self.game.symmetry_count()
    }

    fn positions_repeat(&self) -> bool {
        self.game.positions_repeat()
    }

    fn transformed(&self, index: usize) -> Box<dyn AnyGame> {
        self.with(self.game.transformed(index))
    }

    fn transformed_move(&self, mv: &str, index: usize) -> Option<String> {
        let mv = self.game.parse_move(mv).ok()?;
        let image = self.game.transformed(index);
        Some(image.move_name(self.game.transform_move(mv, index)))
    }

    fn restart(&self) -> Box<dyn AnyGame> {
        self.with(self.initial.clone())
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn new_learner(
        &self,
        side: Player,
        preset: crate::menace::Preset,
        box_limit: usize,
    ) -> Option<Box<dyn crate::menace::learner::Learner>> {
        Some(crate::menace::generic_learner::new::<G>(
            side, preset, box_limit,
        ))
    }

    fn count_boxes(&self, side: Player, limit: usize) -> Result<Vec<(usize, usize)>, usize> {
        // The michie preset's fixed counts: filling draws nothing at random.
        let mut menace =
            crate::menace::GenericMenace::<G>::new(side, crate::menace::Preset::michie(), limit);
        let mut unused = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        menace
            .fill_reachable(&self.game, &mut unused)
            .map_err(|_| limit)?;
        let mut plies: Vec<(usize, usize)> = Vec::new();
        for (_, matchbox) in menace.boxes() {
            match plies.iter_mut().find(|(ply, _)| *ply == matchbox.ply()) {
                Some((_, count)) => *count += 1,
                None => plies.push((matchbox.ply(), 1)),
            }
        }
        plies.sort_unstable();
        Ok(plies)
    }

    fn restore_learner(
        &self,
        side: Player,
        preset: crate::menace::Preset,
        record: crate::menace::Record,
        boxes: &crate::menace::learner::SavedBoxes,
    ) -> Result<Box<dyn crate::menace::learner::Learner>, String> {
        crate::menace::generic_learner::restore(&self.game, side, preset, record, boxes)
    }

    fn engine_move(&self, engine: Engine, rng: &mut dyn Rng) -> Option<String> {
        let game = &self.game;
        let mv = match engine {
            Engine::AlphaBeta(mut searcher) => searcher.choose(game, rng),
            Engine::Mcts(mut mcts) => mcts.choose(game, rng),
            Engine::Lookahead(mut lookahead) => lookahead.choose(game, rng),
            Engine::Random => RandomAgent.choose(game, rng),
        }?;
        Some(game.move_name(mv))
    }

    fn noughts_and_crosses(&self) -> Option<&crate::game::TicTacToe> {
        self.game.noughts_and_crosses()
    }

    fn five_in_a_row(&self) -> Option<&Gomoku> {
        self.game.five_in_a_row()
    }

    fn three_cube(&self) -> Option<&Cube> {
        self.game.three_cube()
    }

    fn mcts_estimate(&self, search: Mcts, rng: &mut dyn Rng) -> Option<Estimate> {
        let game = &self.game;
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

    fn solve(&self, budget: u64) -> Solved {
        let game = &self.game;
        if let Some(quantum) = (game as &dyn Any).downcast_ref::<Quantum>() {
            return solve_quantum(quantum, budget);
        }
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

    fn random_games(&self, games: u64, rng: &mut dyn Rng) -> RandomPlay {
        let mut tally = RandomPlay::default();
        let mut buffer = Vec::new();
        let mut pick = |count: usize| rng.random_range(0..count);
        for _ in 0..games {
            let mut game = self.game.clone();
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

    fn lookahead_reach(&self, depth: u32, effort: Effort) -> u32 {
        crate::ai::lookahead::rate_moves_within(
            &self.game,
            depth,
            crate::ai::lookahead::Fin::Seed,
            effort.lookahead,
        )
        .1
    }

    fn deepest_search(&self, budget: u64) -> (u32, Option<(String, &'static str)>) {
        let game = &self.game;
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
}

/// Solves quantum tic-tac-toe by its own search over points (`menace::ai::quantum`): the
/// generic alpha-beta counts the moves to every result and cannot prune enough to
/// solve it from the start.
fn solve_quantum(game: &Quantum, budget: u64) -> Solved {
    // A table entry takes about 40 bytes with the hash table's slack; keep within what a
    // table may take (1 GB at most).
    let asked = budget;
    let budget = budget.min(crate::ai::alphabeta::table_bytes() / 40);
    let mut solver = crate::ai::quantum::Solver::new(budget);
    let for_mover = |margin: i8| {
        if game.to_move() == Player::X {
            margin
        } else {
            -margin
        }
    };
    let solved = solver.value(game).and_then(|value| {
        let best = solver.best_move(game, value)?;
        Ok((value, best.map(|mv| game.move_name(mv))))
    });
    match solved {
        Ok((value, best)) => Solved::Points {
            margin: for_mover(value),
            best,
            positions: solver.positions() as u64,
            method: "minimax over points",
        },
        Err(_) => Solved::TooBig { budget, asked },
    }
}

/// Solves a game whose positions repeat by retrograde analysis of all its positions, or
/// says it is too big when more than `budget` are reachable.
fn solve_by_retrograde<G: Game>(game: &G, budget: u64) -> Solved {
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
