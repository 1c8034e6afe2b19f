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
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

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
/// or opponent cannot be used. The seeds run side by side on every core (each from its
/// own generator, so the runs are the same as one at a time); `progress` is told the
/// games played so far, on this thread, a few times a second and at the end, and
/// answers whether to go on. A stopped experiment reports the runs it finished.
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
    let setup = Setup {
        side,
        vs,
        preset,
        limit,
        effort,
    };
    // The rival is made once here first: it says now if it cannot play, and what it
    // solves for the game (perfect play's values) is kept for every seed.
    setup.rival(start, &mut ChaCha8Rng::seed_from_u64(0))?;
    let played = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let flag = crate::stop::watched();
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
                    setup.one_seed(start.as_ref(), seed, &played, &stop)
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
        side,
        vs,
        preset,
        limit,
        runs,
        seeds,
    })
}

/// What every seed's run shares.
struct Setup {
    side: Player,
    vs: Choice,
    preset: Preset,
    limit: u64,
    effort: Effort,
}

impl Setup {
    fn rival(&self, start: &dyn AnyGame, rng: &mut ChaCha8Rng) -> Result<Rival, String> {
        let preset = self.preset;
        let make = |side: Player, rng: &mut dyn rand::Rng| {
            registry::new_learner(start, side, preset, DEFAULT_BOX_LIMIT, rng).ok()
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
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut menace =
            registry::new_learner(start, self.side, self.preset, DEFAULT_BOX_LIMIT, &mut rng)?;
        let mut rival = self.rival(start, &mut rng)?;
        let mut tally = Tally::default();
        let mut stopped = false;
        if self.limit > 0 {
            menace.play_games(&mut rival, start, &mut rng, &mut |_, game| {
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
                tally.add(end.result == GameResult::Lost, end.moves) && tally.games < self.limit
            });
        }
        Ok((!stopped).then(|| tally.run()))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The seeds run side by side give the runs they give one at a time, in order.
    #[test]
    fn seeds_side_by_side_run_as_they_do_one_at_a_time() {
        for (words, vs) in [
            (&["classic"][..], "perfect"),
            (&["mnk", "3x4"][..], "random"),
        ] {
            let start = registry::start(words).unwrap();
            let vs = Choice::parse(&[vs]).unwrap();
            let preset = Preset::default();
            let together = run(
                start.as_ref(),
                Player::X,
                vs,
                preset,
                6,
                3_000,
                Effort::default(),
                &mut |_| true,
            )
            .unwrap();
            let setup = Setup {
                side: Player::X,
                vs,
                preset,
                limit: 3_000,
                effort: Effort::default(),
            };
            let (played, stop) = (AtomicU64::new(0), AtomicBool::new(false));
            let one_at_a_time: Vec<GameRun> = (0..6)
                .map(|seed| {
                    setup
                        .one_seed(start.as_ref(), seed, &played, &stop)
                        .unwrap()
                        .unwrap()
                })
                .collect();
            assert_eq!(together.runs, one_at_a_time, "{}", start.title());
            let games: u64 = one_at_a_time.iter().map(|run| run.games).sum();
            assert_eq!(played.load(Ordering::Relaxed), games);
        }
    }
}
