//! Training runs: MENACE's one training loop ([`crate::menace::train`]) against a rival,
//! counted into a report with its learning curve; and the learning experiment
//! ([`experiment`]), the same loop over many seeds.
//!
//! Every game and both sides go through here (`train`, `experiment`, `menace bench`).
//! Noughts and crosses against a rival written for its board runs at full speed: the
//! loop is typed for the game, the random and perfect rivals read precomputed tables,
//! MENACE's boxes are found by table, and nothing is allocated per game.

use crate::game::AnyGame;
use crate::menace::learner::Learner;
use crate::menace::train::Played;
use crate::menace::{GameResult, Record};
use crate::players::{Choice, Rival};
use rand::Rng;
use std::time::{Duration, Instant};

pub mod experiment;
pub use experiment::{
    Aim, EXPERIMENT_LIMIT, Experiment, GOAL_PER_MILLE, GOAL_WINDOW, GameExperiment, GameRun, Goal,
    Plan, RunOutcome, SAFE_STREAK, Stretch,
};

/// One window of a learning curve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CurvePoint {
    /// Games played by the end of this window.
    pub games: u64,
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
    /// Beads in MENACE's first box at the end of the window.
    pub first_box: u64,
}

impl CurvePoint {
    pub fn window_games(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

/// What a training run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrainingReport {
    /// The learner's kind (`menace`, `td`): its name heads the tables and charts.
    pub learner: &'static str,
    pub opponent: Choice,
    /// Games asked for.
    pub asked: u64,
    pub overall: Record,
    /// The last tenth of the games played (at least one game).
    pub last_tenth: Record,
    pub curve: Vec<CurvePoint>,
    /// Set when MENACE stopped early because its first box ran empty.
    pub refused_after: Option<u64>,
    /// The number of the box the curve's first-box column counts (box 1 of the listing
    /// where MENACE moves first; a box after one opening where it moves second).
    pub first_box_number: Option<usize>,
    /// The run was stopped (Ctrl-C) before all the games asked for were played; the ones
    /// played count, and MENACE keeps what it learned from them.
    pub stopped: bool,
    /// A learner that explores: its results after the run in [`GREEDY_GAMES`] games
    /// against the same opponent with exploration off and nothing learned, which is
    /// what it has learned (the run's own results include its random moves).
    pub greedy: Option<Record>,
}

/// How many games measure a learner's greedy play after a training run.
pub const GREEDY_GAMES: u64 = 1_000;

impl TrainingReport {
    /// The learning curve as CSV: one row per window.
    pub fn curve_csv(&self) -> String {
        let last = if self.learner == crate::learners::MENACE.name {
            "first_box_beads"
        } else {
            "positions_valued"
        };
        let mut csv = format!("games,won,drawn,lost,{last}\n");
        for point in &self.curve {
            csv.push_str(&format!(
                "{},{},{},{},{}\n",
                point.games, point.won, point.drawn, point.lost, point.first_box
            ));
        }
        csv
    }
}

/// How many windows a learning curve has at most.
pub const CURVE_WINDOWS: u64 = 20;

/// Plays `games` training games of `start`'s game, `learner` against `rival`, and lets
/// both learn. `progress` is told how many games are done now and then (for a progress
/// bar: about every 20 ms) and answers whether to go on: `false` stops the run there
/// (Ctrl-C), and the games played count.
pub fn train(
    learner: &mut dyn Learner,
    rival: &mut Rival,
    start: &dyn AnyGame,
    games: u64,
    rng: &mut dyn Rng,
    progress: &mut dyn FnMut(u64) -> bool,
) -> TrainingReport {
    let window = games.div_ceil(CURVE_WINDOWS).max(1);
    let last_tenth_from = games - (games / 10).max(1).min(games);
    let mut report = TrainingReport {
        learner: learner.kind(),
        opponent: rival.kind(),
        asked: games,
        overall: Record::default(),
        last_tenth: Record::default(),
        curve: Vec::new(),
        refused_after: None,
        first_box_number: None,
        stopped: false,
        greedy: None,
    };
    // MENACE's curve follows the beads in its first box; another learner's the
    // entries (valued positions) it holds.
    let first_box = |learner: &dyn Learner| {
        if learner.as_menace().is_none() {
            return learner.entry_count() as u64;
        }
        learner.first_box(start).map_or(0, |first| {
            first.beads.iter().map(|(_, count)| u64::from(*count)).sum()
        })
    };
    let mut point = CurvePoint::default();
    let mut pace = Pace::new();
    if games > 0 {
        learner.play_games(rival, start, rng, &mut |learner, played| {
            let game = report.overall.games();
            let result = match played {
                Played::Game(end) => end.result,
                Played::Refused | Played::NoRoom => {
                    report.refused_after = Some(game);
                    return false;
                }
            };
            report.overall.add(result);
            if game >= last_tenth_from {
                report.last_tenth.add(result);
            }
            match result {
                GameResult::Won => point.won += 1,
                GameResult::Drew => point.drawn += 1,
                GameResult::Lost => point.lost += 1,
            }
            let done = game + 1;
            if done.is_multiple_of(window) || done == games {
                point.games = done;
                point.first_box = first_box(learner);
                report.curve.push(point);
                point = CurvePoint::default();
            }
            if done == games {
                return false;
            }
            if pace.due(done) && !progress(done) {
                report.stopped = true;
                return false;
            }
            true
        });
    }
    if point.window_games() > 0 {
        point.games = report.overall.games();
        point.first_box = first_box(learner);
        report.curve.push(point);
    }
    report.first_box_number = learner.first_box(start).map(|first| first.number);
    if !report.stopped && report.refused_after.is_none() && report.overall.games() > 0 {
        report.greedy = greedy_record(learner, rival, start, rng);
    }
    let _ = progress(report.overall.games());
    report
}

/// A learner's results in [`GREEDY_GAMES`] games of greedy play against a copy of
/// `rival` (a rival that learns learns nothing it keeps); `None` for a learner with no
/// exploration to turn off.
fn greedy_record(
    learner: &dyn Learner,
    rival: &Rival,
    start: &dyn AnyGame,
    rng: &mut dyn Rng,
) -> Option<Record> {
    let mut greedy = learner.greedy()?;
    let mut rival = rival.clone();
    let mut record = Record::default();
    greedy.play_games(&mut rival, start, rng, &mut |_, played| match played {
        Played::Game(end) => {
            record.add(end.result);
            record.games() < GREEDY_GAMES
        }
        Played::Refused | Played::NoRoom => false,
    });
    Some(record)
}

/// When to tell a progress bar: about every [`Pace::EVERY`], checking the clock only at
/// the games it was told of, so that a classic game (a few hundred nanoseconds) pays
/// nothing for it and a slow game (seconds, in strategic) is reported after each.
pub(crate) struct Pace {
    stride: u64,
    next: u64,
    last: Instant,
}

impl Pace {
    const EVERY: Duration = Duration::from_millis(20);

    pub(crate) fn new() -> Pace {
        Pace {
            stride: 1,
            next: 1,
            last: Instant::now(),
        }
    }

    /// Whether to report after `done` games.
    pub(crate) fn due(&mut self, done: u64) -> bool {
        if done < self.next {
            return false;
        }
        let now = Instant::now();
        let took = now - self.last;
        self.last = now;
        if took < Self::EVERY {
            self.stride = (self.stride * 2).min(1 << 16);
        } else if took > Self::EVERY * 4 {
            self.stride = (self.stride / 2).max(1);
        }
        self.next = done + self.stride;
        true
    }
}

#[cfg(test)]
mod tests;
