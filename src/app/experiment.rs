//! The learning experiment in any game: how many games a fresh MENACE needs against an
//! opponent before it loses none of the next hundred, over many seeds; and, where it
//! never gets there, what it learns instead (how long it holds out).

use super::training::play_counted_game;
use crate::analysis::Effort;
use crate::game::Player;
use crate::menace::learner;
use crate::menace::{DEFAULT_BOX_LIMIT, GameResult, Preset};
use crate::play::{RunOutcome, SAFE_STREAK};
use crate::players::Choice;
use crate::players::Rival;
use crate::registry;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

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
        let mut safe: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|run| match run.outcome {
                RunOutcome::Safe(games) => Some(games),
                _ => None,
            })
            .collect();
        safe.sort_unstable();
        safe.get(safe.len() / 2).copied()
    }
}

/// Runs the experiment; the sentence saying why not if the game, side or opponent
/// cannot be used. `progress` is told the games played so far after every game and
/// answers whether to go on; a stopped experiment reports the runs it finished.
#[allow(clippy::too_many_arguments)]
pub fn run(
    words: &[&str],
    side: Player,
    vs: Choice,
    preset: Preset,
    seeds: u64,
    limit: u64,
    effort: Effort,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<GameExperiment, String> {
    let start = registry::start(words)?;
    let mut runs = Vec::new();
    let mut played = 0u64;
    'seeds: for seed in 0..seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut menace =
            learner::for_game(start.as_ref(), side, preset, DEFAULT_BOX_LIMIT, &mut rng)?;
        let make = |side: Player, rng: &mut dyn rand::Rng| {
            learner::for_game(start.as_ref(), side, preset, DEFAULT_BOX_LIMIT, rng).ok()
        };
        let mut rival = Rival::new(
            vs,
            start.as_ref(),
            side.opponent(),
            preset,
            effort,
            &make,
            &mut rng,
        )?;
        let mut last_loss_end = 0;
        let mut outcome = RunOutcome::Unfinished;
        let mut games = 0;
        let mut recent: Vec<(bool, usize)> = Vec::new();
        let mut first = (0, 0.0);
        for game in 0..limit {
            if menace.refuses_to_play(start.as_ref()).is_some() {
                outcome = RunOutcome::Refused(game);
                break;
            }
            let Some((result, length)) =
                play_counted_game(menace.as_mut(), &mut rival, start.as_ref(), &mut rng)
            else {
                break;
            };
            games = game + 1;
            played += 1;
            if !progress(played) {
                break 'seeds;
            }
            recent.push((result == GameResult::Lost, length));
            if recent.len() > SAFE_STREAK as usize {
                recent.remove(0);
            }
            if games == SAFE_STREAK {
                first = summary(&recent);
            }
            if result == GameResult::Lost {
                last_loss_end = game + 1;
            } else if game + 1 - last_loss_end >= SAFE_STREAK {
                outcome = RunOutcome::Safe(last_loss_end);
                break;
            }
        }
        if games < SAFE_STREAK {
            first = summary(&recent);
        }
        runs.push(GameRun {
            outcome,
            games,
            first,
            last: summary(&recent),
        });
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

/// Losses and mean length of some games.
fn summary(games: &[(bool, usize)]) -> (u64, f64) {
    let losses = games.iter().filter(|(lost, _)| *lost).count() as u64;
    let mean = if games.is_empty() {
        0.0
    } else {
        games.iter().map(|(_, length)| *length as f64).sum::<f64>() / games.len() as f64
    };
    (losses, mean)
}
