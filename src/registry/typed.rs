//! What a registered game can do beyond its rules, reached through its entry: the
//! generic searches and `solve` of [`crate::analysis`], MENACE's learner for it, and how
//! it is best shown. Each entry holds these as functions made for its own game type, so
//! code above the registry asks `registry::solve(game, budget)` and never which game it
//! is; a game with its own solver names it on its entry line ([`Entry::with_solver`]).

use super::{Entry, entry_of};
use crate::ai::mcts::Mcts;
use crate::analysis::{self, Effort, Engine, Estimate, RandomPlay, Solved};
use crate::game::{AnyGame, Declared, Player};
use crate::menace::generic::count::{Counting, NotCounted};
use crate::menace::learner::{BoxSource, Learner, SavedBoxes};
use crate::menace::{Preset, Record};
use rand::Rng;

/// How deep a search got, with its preferred move and what it saw.
type Deepest = (u32, Option<(String, &'static str)>);
/// Boxes per ply, or the limit passed.
type BoxCount = Result<Vec<(usize, usize)>, NotCounted>;
/// What a count of boxes tells how far it has got, and which answers whether to go on.
type CountProgress<'a> = &'a mut dyn FnMut(Counting) -> bool;
/// A fresh learner for a side, under a preset, holding at most so many boxes.
pub(super) type NewLearner = fn(Player, Preset, usize, &mut dyn Rng) -> Box<dyn Learner>;
/// A fresh learner of a kind from the table of learners, with its parameters.
pub(super) type MakeLearner = fn(
    crate::learners::Kind,
    Player,
    Preset,
    usize,
    &[(&'static str, f64)],
    &mut dyn Rng,
) -> Box<dyn Learner>;
/// A learner of another kind than MENACE from a save file's values, or why not.
pub(super) type RestoreOther = fn(
    &dyn AnyGame,
    Player,
    Record,
    &crate::menace::save::OtherLearner,
) -> Option<Result<Box<dyn Learner>, String>>;
/// A learner from a save file's boxes, or why not.
pub(super) type RestoreLearner = fn(
    &dyn AnyGame,
    Player,
    Preset,
    Record,
    &SavedBoxes,
) -> Option<Result<Box<dyn Learner>, String>>;
/// A learner from a compressed save file's boxes as they are read, or why not.
pub(super) type RestoreStream = fn(
    &dyn AnyGame,
    Player,
    Preset,
    Record,
    &mut dyn BoxSource,
) -> Option<Result<Box<dyn Learner>, String>>;

/// The entry's functions, each made for the entry's game type `G`: they find the typed
/// position behind a `dyn AnyGame` of that game.
#[derive(Clone, Copy)]
pub(super) struct Abilities {
    pub solve: fn(&dyn AnyGame, u64) -> Option<Solved>,
    pub engine_move: fn(&dyn AnyGame, Engine, &mut dyn Rng) -> Option<String>,
    pub mcts_estimate: fn(&dyn AnyGame, Mcts, &mut dyn Rng) -> Option<Estimate>,
    pub random_games: fn(&dyn AnyGame, u64, &mut dyn Rng) -> Option<RandomPlay>,
    pub lookahead_reach: fn(&dyn AnyGame, u32, Effort) -> Option<u32>,
    pub deepest_search: fn(&dyn AnyGame, u64) -> Option<Deepest>,
    pub new_learner: NewLearner,
    /// A learner of any kind, as the table of learners makes it for the game's type.
    pub make_learner: MakeLearner,
    pub restore_other: RestoreOther,
    pub count_boxes: fn(&dyn AnyGame, Player, usize, CountProgress) -> Option<BoxCount>,
    pub restore_learner: RestoreLearner,
    pub restore_stream: RestoreStream,
}

/// The typed position behind `game`, if it is a `G`: always, for the entry that started
/// it (each entry's functions are only ever given its own game's positions).
fn typed<G: Declared>(game: &dyn AnyGame) -> Option<&G> {
    game.position::<G>()
}

impl Abilities {
    pub(super) const fn of<G: Declared>() -> Abilities {
        Abilities {
            solve: |game, budget| Some(analysis::solve(typed::<G>(game)?, budget)),
            engine_move: |game, engine, rng| analysis::engine_move(typed::<G>(game)?, engine, rng),
            mcts_estimate: |game, search, rng| {
                analysis::mcts_estimate(typed::<G>(game)?, search, rng)
            },
            random_games: |game, games, rng| {
                Some(analysis::random_games(typed::<G>(game)?, games, rng))
            },
            lookahead_reach: |game, depth, effort| {
                Some(analysis::lookahead_reach(typed::<G>(game)?, depth, effort))
            },
            deepest_search: |game, budget| {
                Some(analysis::deepest_search(typed::<G>(game)?, budget))
            },
            new_learner: |side, preset, box_limit, rng| {
                crate::learners::make::<G>(
                    crate::learners::Kind::Menace,
                    side,
                    preset,
                    box_limit,
                    &[],
                    rng,
                )
            },
            make_learner: crate::learners::make::<G>,
            restore_other: |game, side, record, saved| {
                Some(crate::learners::restore(
                    typed::<G>(game)?,
                    side,
                    record,
                    saved,
                ))
            },
            count_boxes: |game, side, limit, progress| {
                Some(crate::menace::generic_learner::count_boxes(
                    typed::<G>(game)?,
                    side,
                    limit,
                    progress,
                ))
            },
            restore_learner: |game, side, preset, record, boxes| {
                Some(crate::menace::generic_learner::restore(
                    typed::<G>(game)?,
                    side,
                    preset,
                    record,
                    boxes,
                ))
            },
            restore_stream: |game, side, preset, record, boxes| {
                Some(crate::menace::generic_learner::restore_stream(
                    typed::<G>(game)?,
                    side,
                    preset,
                    record,
                    boxes,
                ))
            },
        }
    }
}

impl Entry {
    /// The same entry with its own solver in place of the generic one.
    pub(super) const fn with_solver(
        mut self,
        solve: fn(&dyn AnyGame, u64) -> Option<Solved>,
    ) -> Entry {
        self.abilities.solve = solve;
        self.own_solver = true;
        self
    }

    /// The same entry with MENACE made and restored its own way (classic MENACE's boxes
    /// all made at the start).
    pub(super) const fn with_learner(
        mut self,
        new_learner: NewLearner,
        restore_learner: RestoreLearner,
    ) -> Entry {
        self.abilities.new_learner = new_learner;
        self.abilities.restore_learner = restore_learner;
        // Such a MENACE has its few hundred boxes made its own way and is always saved
        // in YAML; a compressed file for it was not written by `save`.
        self.abilities.restore_stream = |_, _, _, _, _| {
            Some(Err(
                "this game's MENACE is saved in YAML, never in the compressed format".into(),
            ))
        };
        self
    }
}

/// What the entry says when it is handed a position it did not start: nothing a user
/// can cause (every `dyn AnyGame` comes from `registry::start`), so it is answered as a
/// search that found nothing.
fn unknown(budget: u64) -> Solved {
    Solved::TooBig {
        budget: 0,
        asked: budget,
    }
}

/// The value of `game` under perfect play if found within `budget` positions, by the
/// game's own solver where its entry names one.
pub fn solve(game: &dyn AnyGame, budget: u64) -> Solved {
    entry_of(game)
        .and_then(|entry| (entry.abilities.solve)(game, budget))
        .unwrap_or_else(|| unknown(budget))
}

/// The move a generic engine chooses, by name, without playing it.
pub fn engine_move(game: &dyn AnyGame, engine: Engine, rng: &mut dyn Rng) -> Option<String> {
    (entry_of(game)?.abilities.engine_move)(game, engine, rng)
}

/// Monte-Carlo tree search's choice under `search`, and what it thinks of the position.
pub fn mcts_estimate(game: &dyn AnyGame, search: Mcts, rng: &mut dyn Rng) -> Option<Estimate> {
    (entry_of(game)?.abilities.mcts_estimate)(game, search, rng)
}

/// `games` games of uniformly random play from `game`: how many ended with each score.
pub fn random_games(game: &dyn AnyGame, games: u64, rng: &mut dyn Rng) -> RandomPlay {
    entry_of(game)
        .and_then(|entry| (entry.abilities.random_games)(game, games, rng))
        .unwrap_or_default()
}

/// How many half-moves ahead `lookahead depth` gets from `game` within the budget.
pub fn lookahead_reach(game: &dyn AnyGame, depth: u32, effort: Effort) -> u32 {
    entry_of(game)
        .and_then(|entry| (entry.abilities.lookahead_reach)(game, depth, effort))
        .unwrap_or(0)
}

/// How deep an iterative alpha-beta search gets within `budget` positions, with its
/// preferred move and what the search saw.
pub fn deepest_search(game: &dyn AnyGame, budget: u64) -> (u32, Option<(String, &'static str)>) {
    entry_of(game)
        .and_then(|entry| (entry.abilities.deepest_search)(game, budget))
        .unwrap_or((0, None))
}

/// A fresh MENACE for `side` of `game`, holding at most `box_limit` boxes (where its
/// boxes are made as positions are met); the sentence saying why not where the game is
/// too big for matchboxes.
pub fn new_learner(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    box_limit: usize,
    rng: &mut dyn Rng,
) -> Result<Box<dyn Learner>, String> {
    if let Some(why) = game.declaration().too_big_for_menace {
        return Err(why.to_string());
    }
    let entry =
        entry_of(game).ok_or_else(|| format!("MENACE does not learn {} yet", game.title()))?;
    Ok((entry.abilities.new_learner)(side, preset, box_limit, rng))
}

/// A fresh learner of the chosen kind for `game`, playing `side`: MENACE made as
/// [`new_learner`] makes it (its boxes filled under `preset`, at most `box_limit`), any
/// other kind with the choice's parameters. A game too big for MENACE's boxes is too
/// big for a table of values too.
pub fn new_learner_of(
    game: &dyn AnyGame,
    choice: &crate::learners::LearnerChoice,
    side: Player,
    preset: Preset,
    box_limit: usize,
    rng: &mut dyn Rng,
) -> Result<Box<dyn Learner>, String> {
    if choice.row.kind == crate::learners::Kind::Menace {
        return new_learner(game, side, preset, box_limit, rng);
    }
    if let Some(why) = game.declaration().too_big_for_menace {
        return Err(why.to_string());
    }
    let entry = entry_of(game)
        .ok_or_else(|| format!("{} does not learn {} yet", choice.row.name, game.title()))?;
    Ok((entry.abilities.make_learner)(
        choice.row.kind,
        side,
        preset,
        box_limit,
        &choice.params,
        rng,
    ))
}

/// A learner of another kind than MENACE for `game` rebuilt from a save file's values.
pub fn restore_other(
    game: &dyn AnyGame,
    side: Player,
    record: Record,
    saved: &crate::menace::save::OtherLearner,
) -> Result<Box<dyn Learner>, String> {
    entry_of(game)
        .and_then(|entry| (entry.abilities.restore_other)(game, side, record, saved))
        .unwrap_or_else(|| Err(format!("no learner learns {} yet", game.title())))
}

/// How many boxes a MENACE playing `side` needs: one for every position reachable from
/// `game` where it has a choice, up to symmetry, counted per ply; why not, when there
/// are more than `limit`, when counting them may not fit in memory, or when `progress`
/// (told how far the count has got) answers `false`.
pub fn count_boxes(
    game: &dyn AnyGame,
    side: Player,
    limit: usize,
    progress: &mut dyn FnMut(Counting) -> bool,
) -> Result<Vec<(usize, usize)>, NotCounted> {
    entry_of(game)
        .and_then(|entry| (entry.abilities.count_boxes)(game, side, limit, progress))
        .unwrap_or(Err(NotCounted::Limit(limit)))
}

/// A MENACE for `game` rebuilt from a compressed save file's boxes as they are read.
pub fn restore_stream(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &mut dyn BoxSource,
) -> Result<Box<dyn Learner>, String> {
    entry_of(game)
        .and_then(|entry| (entry.abilities.restore_stream)(game, side, preset, record, boxes))
        .unwrap_or_else(|| Err(format!("{} is not a registered game", game.title())))
}

/// A MENACE for `game` rebuilt from a save file's boxes.
pub fn restore_learner(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &SavedBoxes,
) -> Result<Box<dyn Learner>, String> {
    entry_of(game)
        .and_then(|entry| (entry.abilities.restore_learner)(game, side, preset, record, boxes))
        .unwrap_or_else(|| Err(format!("{} is not a registered game", game.title())))
}
