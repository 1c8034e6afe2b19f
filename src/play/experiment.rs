//! The learning experiment: how many games a fresh learner (MENACE, or another kind of
//! the table of learners) needs against an opponent before it reaches its goal, over
//! many seeds; and, where it never gets there, how close it came. A learner that
//! explores is also measured now and then with exploration off ([`Greedy`]), since its
//! own games include its random moves. The goal is MENACE's best possible result (what its side gets with best play
//! on both sides: a win where its side wins, at least a draw where the game is a draw) in
//! most of a window of games in a row ([`Goal`]). The same training loop as `train`, in
//! any game and from either side; `experiment` in noughts and crosses compares the
//! presets against perfect play this way, with the seed article's goal (no loss in a
//! hundred games).

use crate::ai::alphabeta::Value;
use crate::analysis::{Effort, Solved};
use crate::game::{AnyGame, Player};
use crate::learners::LearnerChoice;
use crate::menace::learner::Learner;
use crate::menace::train::Played;
use crate::menace::{DEFAULT_BOX_LIMIT, GameResult, Preset};
use crate::players::{Choice, Rival};
use crate::registry;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// One run of the learning experiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOutcome {
    /// It had reached the goal when it had played this many games: the window that
    /// met it ended there.
    Reached(u64),
    /// Its first box ran empty after this many games, so it refused to play on.
    Refused(u64),
    /// Still short of the goal when the limit was reached (or MENACE had filled every
    /// box it may have).
    Unfinished,
}

/// The loss-free stretch that counts as having learned in the classic experiment.
pub const SAFE_STREAK: u64 = 100;

/// The window of games the goal is measured over in any other game.
pub const GOAL_WINDOW: u64 = 1_000;

/// The share of [`GOAL_WINDOW`] games, in thousandths, that must reach the aim.
pub const GOAL_PER_MILLE: u64 = 950;

/// The most games one run of the classic experiment may take before it counts as
/// unfinished.
pub const EXPERIMENT_LIMIT: u64 = 200_000;

/// The most positions the search for the game's value may look at: enough for every
/// game perfect play settles (crazy 4x4 takes 6.3 million, Silverman about half a
/// million), and half a minute at most where it is not enough (mnk 7x7).
const VALUE_BUDGET: u64 = 7_000_000;

/// What a game counts for: the result MENACE aims at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Only a win: MENACE's side wins with best play.
    Win,
    /// A draw or a win.
    NotLose,
}

impl Aim {
    pub fn met_by(self, result: GameResult) -> bool {
        match self {
            Aim::Win => result == GameResult::Won,
            Aim::NotLose => result != GameResult::Lost,
        }
    }
}

/// What counts as having learned: at least `needed` of `window` games in a row meet the
/// aim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goal {
    pub window: u64,
    pub needed: u64,
    pub aim: Aim,
    /// What MENACE's side gets with best play on both sides, where a solver found it:
    /// the aim is a win where it is a win, and not losing otherwise (a side that loses
    /// with best play can only aim not to lose against a weaker opponent).
    pub value: Option<GameResult>,
}

impl Goal {
    /// The seed article's goal in noughts and crosses: no loss in a hundred games.
    pub fn classic() -> Goal {
        Goal {
            window: SAFE_STREAK,
            needed: SAFE_STREAK,
            aim: Aim::NotLose,
            value: Some(GameResult::Drew),
        }
    }

    /// The goal for MENACE as `side` in `start`: its best possible result in
    /// [`GOAL_PER_MILLE`] of [`GOAL_WINDOW`] games, the result found by the game's
    /// solver.
    pub fn best_result(start: &dyn AnyGame, side: Player) -> Goal {
        // Only where perfect play is offered: elsewhere (Qubic, gomoku ...) a search
        // would spend its whole budget, minutes, to say nothing.
        let solvable = (crate::players::perfect::ROW.plays)(start);
        let solved = if solvable {
            registry::solve(start, VALUE_BUDGET)
        } else {
            Solved::TooBig {
                budget: 0,
                asked: 0,
            }
        };
        let for_x = match solved {
            Solved::Value { value, .. } => Some(match value {
                Value::Win(_) | Value::HalfWin(_) => GameResult::Won,
                Value::Draw => GameResult::Drew,
                Value::Loss(_) | Value::HalfLoss(_) => GameResult::Lost,
            }),
            Solved::Points { margin, .. } => Some(match margin.signum() {
                1 => GameResult::Won,
                0 => GameResult::Drew,
                _ => GameResult::Lost,
            }),
            Solved::Wins { .. } => Some(GameResult::Won),
            Solved::TooBig { .. } => None,
        };
        // The solver answers for the player to move at the start: X.
        let value = for_x.map(|result| match (side, result) {
            (Player::X, result) => result,
            (Player::O, GameResult::Won) => GameResult::Lost,
            (Player::O, GameResult::Lost) => GameResult::Won,
            (Player::O, GameResult::Drew) => GameResult::Drew,
        });
        Goal {
            window: GOAL_WINDOW,
            needed: GOAL_WINDOW * GOAL_PER_MILLE / 1_000,
            aim: if value == Some(GameResult::Won) {
                Aim::Win
            } else {
                Aim::NotLose
            },
            value,
        }
    }
}

/// A stretch of games: how many, how many lost, how many met the aim, and their mean
/// length in moves.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stretch {
    pub games: u64,
    pub lost: u64,
    pub at_aim: u64,
    pub mean_moves: f64,
}

/// One seed's run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRun {
    pub outcome: RunOutcome,
    /// Games played.
    pub games: u64,
    /// The first and the last window of games.
    pub first: Stretch,
    pub last: Stretch,
    /// The boxes MENACE had made by the end (the positions it met), or the entries a
    /// learner of another kind held.
    pub boxes: usize,
    /// A learner that explores: its greedy play ([`Greedy`]); `None` for MENACE.
    pub greedy: Option<Greedy>,
}

/// The experiment over seeds `0..seeds` for one game, side, opponent and preset.
#[derive(Debug, Clone, PartialEq)]
pub struct GameExperiment {
    pub title: String,
    /// The learner's kind and its parameters.
    pub learner: LearnerChoice,
    pub side: Player,
    pub vs: Choice,
    pub preset: Preset,
    pub goal: Goal,
    pub limit: u64,
    /// The runs finished, one per seed from 0.
    pub runs: Vec<GameRun>,
    /// Seeds asked for; fewer runs when the experiment was stopped (Ctrl-C).
    pub seeds: u64,
}

impl GameExperiment {
    /// The median games played by the time the goal was reached, over the runs that got
    /// there.
    pub fn median_reached(&self) -> Option<u64> {
        median_reached(self.runs.iter().map(|run| run.outcome))
    }

    /// The median boxes made by the end of a run.
    pub fn median_boxes(&self) -> Option<usize> {
        median(self.runs.iter().map(|run| run.boxes).collect())
    }

    /// The median games played when greedy play first met the goal, over the runs
    /// whose greedy play did; `None` for MENACE.
    pub fn median_greedy_reached(&self) -> Option<u64> {
        median(
            self.runs
                .iter()
                .filter_map(|run| run.greedy.and_then(|greedy| greedy.reached))
                .collect(),
        )
    }

    /// The median share, in thousandths, of the games that met the aim in the greedy
    /// check at the end of each run; `None` for MENACE.
    pub fn median_greedy_last_per_mille(&self) -> Option<u64> {
        median(
            self.runs
                .iter()
                .filter_map(|run| run.greedy)
                .map(|greedy| greedy.last.at_aim * 1_000 / greedy.last.games.max(1))
                .collect(),
        )
    }

    /// The median share, in thousandths, of the last window's games that met the aim,
    /// over the runs that did not reach the goal.
    pub fn median_short_per_mille(&self) -> Option<u64> {
        median(
            self.runs
                .iter()
                .filter(|run| !matches!(run.outcome, RunOutcome::Reached(_)))
                .map(|run| run.last.at_aim * 1_000 / run.last.games.max(1))
                .collect(),
        )
    }
}

/// The median games played by the time the goal was reached, over the runs that got
/// there.
fn median_reached(runs: impl Iterator<Item = RunOutcome>) -> Option<u64> {
    median(
        runs.filter_map(|run| match run {
            RunOutcome::Reached(games) => Some(games),
            _ => None,
        })
        .collect(),
    )
}

/// The middle value (the upper one of an even count).
fn median<T: Ord + Copy>(mut values: Vec<T>) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

/// Runs the experiment in `start`'s game; the sentence saying why not if the game, side
/// or opponent cannot be used. The seeds run side by side on every core (each from its
/// own generator, so the runs are the same as one at a time); `progress` is told the
/// games played so far, on this thread, a few times a second and at the end, and
/// answers whether to go on. A stopped experiment reports the runs it finished.
pub fn run(
    start: &dyn AnyGame,
    plan: &Plan,
    seeds: u64,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<GameExperiment, String> {
    // MENACE and the rival are made once here first: they say now if they cannot play,
    // and what the rival solves for the game (perfect play's values) is kept for every
    // seed. Only then is the game solved for the goal, which may take seconds.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    plan.learner(start, &mut rng)?;
    plan.rival(start, &mut rng)?;
    let goal = plan
        .goal
        .unwrap_or_else(|| Goal::best_result(start, plan.side));
    let plan = &Plan {
        goal: Some(goal),
        ..plan.clone()
    };
    let played = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (flag, deadline) = (crate::stop::watched(), crate::stop::deadline());
    let starts: Vec<(u64, Box<dyn AnyGame>)> =
        (0..seeds).map(|seed| (seed, start.boxed_clone())).collect();
    let finished: Vec<Result<Option<GameRun>, String>> = std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            starts
                .into_par_iter()
                .map(|(seed, start)| {
                    match &flag {
                        Some(flag) => crate::stop::watch(Arc::clone(flag)),
                        None => crate::stop::unwatch(),
                    }
                    // A pool thread keeps the deadline for this seed only.
                    crate::stop::keep_deadline(deadline);
                    let run = plan.one_seed(start.as_ref(), seed, &played, &stop);
                    crate::stop::keep_deadline(None);
                    run
                })
                .collect()
        });
        let mut told = u64::MAX;
        while !worker.is_finished() {
            let now = played.load(Ordering::Relaxed);
            if now != told {
                told = now;
                if !progress(now) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        worker.join().unwrap_or_else(|_| Vec::new())
    });
    let stopped = stop.load(Ordering::Relaxed);
    if !stopped {
        progress(played.load(Ordering::Relaxed));
    }
    let mut runs = Vec::new();
    for run in finished {
        match run? {
            Some(run) => runs.push(run),
            // Runs are reported in seed order, up to the first one stopped.
            None => break,
        }
    }
    Ok(GameExperiment {
        title: start.title(),
        learner: plan.learner.clone(),
        side: plan.side,
        vs: plan.vs,
        preset: plan.preset,
        goal,
        limit: plan.limit,
        runs,
        seeds,
    })
}

/// What every seed's run shares: the learner, its side and (for MENACE) preset, the
/// opponent, the goal and the most games a run may take.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The kind of learner and its parameters (MENACE by default).
    pub learner: LearnerChoice,
    pub side: Player,
    pub vs: Choice,
    pub preset: Preset,
    /// `None`: MENACE's best possible result ([`Goal::best_result`]), found once MENACE
    /// and the opponent are known to fit the game.
    pub goal: Option<Goal>,
    pub limit: u64,
    /// How hard a searching opponent looks.
    pub effort: Effort,
}

impl Plan {
    fn learner(
        &self,
        start: &dyn AnyGame,
        rng: &mut ChaCha8Rng,
    ) -> Result<Box<dyn Learner>, String> {
        registry::new_learner_of(
            start,
            &self.learner,
            self.side,
            self.preset,
            DEFAULT_BOX_LIMIT,
            rng,
        )
    }

    fn rival(&self, start: &dyn AnyGame, rng: &mut ChaCha8Rng) -> Result<Rival, String> {
        let preset = self.preset;
        let make = |choice: &LearnerChoice, side: Player, rng: &mut dyn rand::Rng| {
            registry::new_learner_of(start, choice, side, preset, DEFAULT_BOX_LIMIT, rng).ok()
        };
        Rival::new(
            self.vs,
            start,
            self.side.opponent(),
            preset,
            self.effort,
            &make,
            rng,
        )
    }

    /// Seed `seed`'s run, counting its games into `played`; `None` if `stop` was
    /// raised (or Ctrl-C pressed) before it finished.
    fn one_seed(
        &self,
        start: &dyn AnyGame,
        seed: u64,
        played: &AtomicU64,
        stop: &AtomicBool,
    ) -> Result<Option<GameRun>, String> {
        // Once stopped, the seeds not begun are not set up either (a rival that solves
        // the game takes a while, and there may be thousands of seeds left).
        if stop.load(Ordering::Relaxed) || crate::stop::requested() {
            return Ok(None);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut learner = self.learner(start, &mut rng)?;
        let mut rival = self.rival(start, &mut rng)?;
        let goal = self
            .goal
            .unwrap_or_else(|| Goal::best_result(start, self.side));
        let mut tally = Tally::new(goal);
        // Greedy play is checked against the opponent as it starts, with a generator of
        // its own, so that the checks change nothing of the run itself.
        let mut greedy = learner.greedy().map(|_| Greedy::default());
        let first_rival = greedy.is_some().then(|| rival.clone());
        let mut greedy_rng = ChaCha8Rng::seed_from_u64(seed ^ GREEDY_SEED);
        let mut stopped = false;
        if self.limit > 0 {
            learner.play_games(&mut rival, start, &mut rng, &mut |learner, game| {
                tally.boxes = learner.entry_count();
                let Played::Game(end) = game else {
                    if game == Played::Refused {
                        tally.outcome = Some(RunOutcome::Refused(tally.games));
                    }
                    return false;
                };
                played.fetch_add(1, Ordering::Relaxed);
                if stop.load(Ordering::Relaxed) || crate::stop::requested() {
                    stopped = true;
                    return false;
                }
                let go_on = tally.add(end.result, end.moves) && tally.games < self.limit;
                if let (Some(greedy), Some(first_rival)) = (&mut greedy, &first_rival)
                    && (!go_on || greedy.reached.is_none() && greedy_check_due(tally.games))
                {
                    let check = greedy_stretch(learner, first_rival, start, goal, &mut greedy_rng);
                    if greedy.reached.is_none() && check.at_aim >= goal.needed {
                        greedy.reached = Some(tally.games);
                    }
                    greedy.last = check;
                }
                go_on
            });
        }
        Ok((!stopped).then(|| Tally { greedy, ..tally }.run()))
    }
}

/// One run's games as they come.
struct Tally {
    goal: Goal,
    outcome: Option<RunOutcome>,
    games: u64,
    /// The last window's games: lost, met the aim, how long.
    recent: VecDeque<(bool, bool, usize)>,
    at_aim: u64,
    first: Option<Stretch>,
    boxes: usize,
    greedy: Option<Greedy>,
}

impl Tally {
    fn new(goal: Goal) -> Tally {
        Tally {
            goal,
            outcome: None,
            games: 0,
            recent: VecDeque::with_capacity(goal.window as usize + 1),
            at_aim: 0,
            first: None,
            boxes: 0,
            greedy: None,
        }
    }

    /// Counts a game; `false` once the goal is reached.
    fn add(&mut self, result: GameResult, moves: usize) -> bool {
        self.games += 1;
        let met = self.goal.aim.met_by(result);
        self.recent
            .push_back((result == GameResult::Lost, met, moves));
        self.at_aim += u64::from(met);
        if self.recent.len() as u64 > self.goal.window
            && let Some((_, gone, _)) = self.recent.pop_front()
        {
            self.at_aim -= u64::from(gone);
        }
        if self.games == self.goal.window {
            self.first = Some(self.stretch());
        }
        if self.games >= self.goal.window && self.at_aim >= self.goal.needed {
            self.outcome = Some(RunOutcome::Reached(self.games));
            return false;
        }
        true
    }

    /// The last window's games.
    fn stretch(&self) -> Stretch {
        let games = self.recent.len() as u64;
        let lost = self.recent.iter().filter(|(lost, ..)| *lost).count() as u64;
        let moves: usize = self.recent.iter().map(|(.., moves)| moves).sum();
        Stretch {
            games,
            lost,
            at_aim: self.at_aim,
            mean_moves: if games == 0 {
                0.0
            } else {
                moves as f64 / games as f64
            },
        }
    }

    fn run(self) -> GameRun {
        let last = self.stretch();
        GameRun {
            outcome: self.outcome.unwrap_or(RunOutcome::Unfinished),
            games: self.games,
            first: self.first.unwrap_or(last),
            last,
            boxes: self.boxes,
            greedy: self.greedy,
        }
    }
}

/// The classic experiment for one preset: classic MENACE (X) against perfect play, as
/// the seed article's question has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Experiment {
    pub preset: Preset,
    pub runs: Vec<RunOutcome>,
    pub limit: u64,
}

impl Experiment {
    /// Runs seeds `0..seeds`; `progress` is told the games played so far and answers
    /// whether to go on (as [`run`]'s); stopped, or at Ctrl-C (see [`crate::stop`]), it
    /// keeps the runs finished.
    pub fn run(
        preset: Preset,
        seeds: u64,
        limit: u64,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Experiment {
        let runs = registry::start(&["classic"])
            .and_then(|start| {
                let plan = Plan {
                    learner: LearnerChoice::default(),
                    side: Player::X,
                    vs: Choice::bare(&crate::players::perfect::ROW),
                    preset,
                    goal: Some(Goal::classic()),
                    limit,
                    effort: Effort::default(),
                };
                run(start.as_ref(), &plan, seeds, &mut |played| {
                    progress(played) && !crate::stop::requested()
                })
            })
            .map(|experiment| experiment.runs.iter().map(|run| run.outcome).collect())
            .unwrap_or_default();
        Experiment {
            preset,
            runs,
            limit,
        }
    }

    /// The median number of games before the hundred without a loss, over the runs
    /// that got there.
    pub fn median_safe(&self) -> Option<u64> {
        median_reached(self.runs.iter().copied()).map(|games| games - SAFE_STREAK)
    }

    pub fn count(&self, wanted: fn(&RunOutcome) -> bool) -> usize {
        self.runs.iter().filter(|run| wanted(run)).count()
    }
}

mod greedy;
use greedy::{GREEDY_SEED, greedy_stretch};
pub use greedy::{Greedy, greedy_check_due};

#[cfg(test)]
mod tests;
