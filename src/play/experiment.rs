//! The learning experiment: how many games a fresh MENACE needs against an opponent
//! before it loses none of the next hundred, over many seeds; and, where it never gets
//! there, what it learns instead (how long it holds out). The same training loop as
//! `train`, in any game and from either side; `experiment` in noughts and crosses
//! compares the presets against perfect play this way.

use crate::analysis::Effort;
use crate::game::{AnyGame, Player};
use crate::menace::train::Played;
use crate::menace::{DEFAULT_BOX_LIMIT, GameResult, Preset};
use crate::players::{Choice, Rival};
use crate::registry;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// One run of the learning experiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOutcome {
    /// It lost none of the next [`SAFE_STREAK`] games after this many games.
    Safe(u64),
    /// Its first box ran empty after this many games, so it refused to play on.
    Refused(u64),
    /// Still losing when the limit was reached.
    Unfinished,
}

/// The loss-free stretch that counts as having learned.
pub const SAFE_STREAK: u64 = 100;

/// The most games one run of the classic experiment may take before it counts as
/// unfinished.
pub const EXPERIMENT_LIMIT: u64 = 200_000;

/// One seed's run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRun {
    pub outcome: RunOutcome,
    /// Games played.
    pub games: u64,
    /// Losses and mean length (in moves) of the first and the last hundred games.
    pub first: (u64, f64),
    pub last: (u64, f64),
}

/// The experiment over seeds `0..seeds` for one game, side, opponent and preset.
#[derive(Debug, Clone, PartialEq)]
pub struct GameExperiment {
    pub title: String,
    pub side: Player,
    pub vs: Choice,
    pub preset: Preset,
    pub limit: u64,
    /// The runs finished, one per seed from 0.
    pub runs: Vec<GameRun>,
    /// Seeds asked for; fewer runs when the experiment was stopped (Ctrl-C).
    pub seeds: u64,
}

impl GameExperiment {
    /// The median games until safe, over the runs that got there.
    pub fn median_safe(&self) -> Option<u64> {
        median_safe(self.runs.iter().map(|run| run.outcome))
    }
}

/// The median games until safe, over the runs that got there.
fn median_safe(runs: impl Iterator<Item = RunOutcome>) -> Option<u64> {
    let mut safe: Vec<u64> = runs
        .filter_map(|run| match run {
            RunOutcome::Safe(games) => Some(games),
            _ => None,
        })
        .collect();
    safe.sort_unstable();
    safe.get(safe.len() / 2).copied()
}

/// Runs the experiment in `start`'s game; the sentence saying why not if the game, side
/// or opponent cannot be used. `progress` is told the games played so far after every
/// game and answers whether to go on; a stopped experiment reports the runs it finished.
#[allow(clippy::too_many_arguments)]
pub fn run(
    start: &dyn AnyGame,
    side: Player,
    vs: Choice,
    preset: Preset,
    seeds: u64,
    limit: u64,
    effort: Effort,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<GameExperiment, String> {
    let mut runs = Vec::new();
    let mut played = 0u64;
    for seed in 0..seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut menace = registry::new_learner(start, side, preset, DEFAULT_BOX_LIMIT, &mut rng)?;
        let make = |side: Player, rng: &mut dyn rand::Rng| {
            registry::new_learner(start, side, preset, DEFAULT_BOX_LIMIT, rng).ok()
        };
        let mut rival = Rival::new(vs, start, side.opponent(), preset, effort, &make, &mut rng)?;
        let mut tally = Tally::default();
        let mut stopped = false;
        if limit > 0 {
            menace.play_games(&mut rival, start, &mut rng, &mut |_, game| {
                let Played::Game(end) = game else {
                    if game == Played::Refused {
                        tally.outcome = Some(RunOutcome::Refused(tally.games));
                    }
                    return false;
                };
                played += 1;
                if !progress(played) {
                    stopped = true;
                    return false;
                }
                tally.add(end.result == GameResult::Lost, end.moves) && tally.games < limit
            });
        }
        if stopped {
            break;
        }
        runs.push(tally.run());
    }
    Ok(GameExperiment {
        title: start.title(),
        side,
        vs,
        preset,
        limit,
        runs,
        seeds,
    })
}

/// One run's games as they come.
#[derive(Default)]
struct Tally {
    outcome: Option<RunOutcome>,
    games: u64,
    last_loss_end: u64,
    /// The last hundred games: lost, and how long.
    recent: VecDeque<(bool, usize)>,
    first: Option<(u64, f64)>,
}

impl Tally {
    /// Counts a game; `false` once the run is settled (safe).
    fn add(&mut self, lost: bool, moves: usize) -> bool {
        self.games += 1;
        self.recent.push_back((lost, moves));
        if self.recent.len() > SAFE_STREAK as usize {
            self.recent.pop_front();
        }
        if self.games == SAFE_STREAK {
            self.first = Some(summary(&self.recent));
        }
        if lost {
            self.last_loss_end = self.games;
        } else if self.games - self.last_loss_end >= SAFE_STREAK {
            self.outcome = Some(RunOutcome::Safe(self.last_loss_end));
            return false;
        }
        true
    }

    fn run(self) -> GameRun {
        let last = summary(&self.recent);
        GameRun {
            outcome: self.outcome.unwrap_or(RunOutcome::Unfinished),
            games: self.games,
            first: self.first.unwrap_or(last),
            last,
        }
    }
}

/// Losses and mean length of some games.
fn summary(games: &VecDeque<(bool, usize)>) -> (u64, f64) {
    let losses = games.iter().filter(|(lost, _)| *lost).count() as u64;
    let mean = if games.is_empty() {
        0.0
    } else {
        games.iter().map(|(_, length)| *length as f64).sum::<f64>() / games.len() as f64
    };
    (losses, mean)
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
    /// Runs seeds `0..seeds`; Ctrl-C ends it (see [`crate::stop`]) with the runs
    /// finished.
    pub fn run(preset: Preset, seeds: u64, limit: u64) -> Experiment {
        let runs = registry::start(&["classic"])
            .and_then(|start| {
                run(
                    start.as_ref(),
                    Player::X,
                    Choice::bare(&crate::players::perfect::ROW),
                    preset,
                    seeds,
                    limit,
                    Effort::default(),
                    &mut |_| !crate::stop::requested(),
                )
            })
            .map(|experiment| experiment.runs.iter().map(|run| run.outcome).collect())
            .unwrap_or_default();
        Experiment {
            preset,
            runs,
            limit,
        }
    }

    /// The median number of games until safe, over the runs that got there.
    pub fn median_safe(&self) -> Option<u64> {
        median_safe(self.runs.iter().copied())
    }

    pub fn count(&self, wanted: fn(&RunOutcome) -> bool) -> usize {
        self.runs.iter().filter(|run| wanted(run)).count()
    }
}
