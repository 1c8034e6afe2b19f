//! A learner that explores is measured now and then with exploration off: its own
//! games count its random moves, and what it learned is the play left without them.

use super::{Goal, Stretch, Tally};
use crate::game::AnyGame;
use crate::menace::learner::Learner;
use crate::menace::train::Played;
use crate::players::Rival;
use rand_chacha::ChaCha8Rng;

/// A learner that explores, measured with exploration off and nothing learned: a copy
/// of it plays a window of games against a copy of the opponent as it was at the start
/// of the run, at the games [`greedy_check_due`] names and at the end of the run.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Greedy {
    /// The games played when the first check that met the goal was made.
    pub reached: Option<u64>,
    /// The check at the end of the run.
    pub last: Stretch,
}

/// Whether the greedy play of a learner that explores is checked after `games` games:
/// every 100 games up to 10,000, then every tenth of the power of ten below (every
/// 1,000 games from 10,000, every 10,000 from 100,000 ...), so that the games it took
/// are known to within a tenth for a tenth of the games' cost.
pub fn greedy_check_due(games: u64) -> bool {
    if games < 100 {
        return false;
    }
    let digits = games.ilog10();
    let step = 10u64.pow(digits.saturating_sub(1)).max(100);
    games.is_multiple_of(step)
}

/// Mixed into a seed for the generator of its greedy checks.
pub(super) const GREEDY_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// A window of `goal`'s games of `learner`'s greedy play against a copy of `rival`:
/// how many met the aim, how many were lost, how long they were.
pub(super) fn greedy_stretch(
    learner: &dyn Learner,
    rival: &Rival,
    start: &dyn AnyGame,
    goal: Goal,
    rng: &mut ChaCha8Rng,
) -> Stretch {
    let mut tally = Tally::new(Goal {
        needed: goal.window + 1,
        ..goal
    });
    if let Some(mut greedy) = learner.greedy() {
        let mut rival = rival.clone();
        greedy.play_games(&mut rival, start, rng, &mut |_, game| match game {
            Played::Game(end) => tally.add(end.result, end.moves) && tally.games < goal.window,
            Played::Refused | Played::NoRoom => false,
        });
    }
    tally.stretch()
}
