//! Matches and training runs: who moves, what the results were, learning curves.
//!
//! MENACE plays X; the opponent plays O. Training runs at full speed: the random and
//! perfect opponents read precomputed tables, MENACE's boxes are found by table, and
//! nothing is allocated per game.

use crate::game::{Game, Player, Rules, TicTacToe};
use crate::menace::learn::Record;
use crate::menace::{Drawn, GameResult, Menace, Preset, Turn, matchboxes};
use crate::players::perfect::Perfect;
use crate::players::{Choice, ClassicPlays};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How one game ended for MENACE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    /// MENACE gave up on an empty box.
    pub resigned: bool,
}

/// Plays one whole game, MENACE (X) against `opponent` (O), and lets both learn.
/// `drawn` is scratch space, reused between games.
pub fn play_game(
    menace: &mut Menace,
    opponent: &mut dyn ClassicPlays,
    rules: Rules,
    rng: &mut dyn Rng,
    drawn: &mut Vec<Drawn>,
) -> GameEnd {
    drawn.clear();
    let mut board = TicTacToe::new(rules);
    let mut resigned = false;
    while !board.is_over() {
        let square = if board.to_move() == Player::X {
            match menace.take_turn(&board, rng) {
                Ok(turn @ Turn::Drew { square, .. }) => {
                    drawn.extend(turn.drawn());
                    square
                }
                Ok(Turn::Forced(square)) => square,
                Ok(Turn::Resigned(_)) | Err(_) => {
                    resigned = true;
                    break;
                }
            }
        } else {
            match opponent.choose(&board, rng) {
                Some(square) => square,
                None => break,
            }
        };
        board.place(square);
    }
    let result = if resigned {
        GameResult::Lost
    } else {
        board.outcome().map_or(GameResult::Drew, |outcome| {
            GameResult::for_side(outcome, Player::X)
        })
    };
    menace.reinforce(drawn, result);
    opponent.game_over(&board);
    GameEnd { result, resigned }
}

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
    pub opponent: Choice,
    /// Games asked for.
    pub asked: u64,
    pub overall: Record,
    /// The last tenth of the games played (at least one game).
    pub last_tenth: Record,
    pub curve: Vec<CurvePoint>,
    /// Set when MENACE stopped early because its first box ran empty.
    pub refused_after: Option<u64>,
    /// The run was stopped (Ctrl-C) before all the games asked for were played; the ones
    /// played count, and MENACE keeps what it learned from them.
    pub stopped: bool,
}

impl TrainingReport {
    /// The learning curve as CSV: one row per window.
    pub fn curve_csv(&self) -> String {
        let mut csv = String::from("games,won,drawn,lost,first_box_beads\n");
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

/// Plays `games` training games at full speed against `opponent`, chosen as `choice`.
/// `progress` is told how many games are done every few games (for a progress bar) and
/// answers whether to go on: `false` stops the run there (Ctrl-C).
pub fn train(
    menace: &mut Menace,
    opponent: &mut dyn ClassicPlays,
    choice: Choice,
    games: u64,
    rules: Rules,
    rng: &mut dyn Rng,
    progress: &mut dyn FnMut(u64) -> bool,
) -> TrainingReport {
    let window = games.div_ceil(CURVE_WINDOWS).max(1);
    let last_tenth_from = games - (games / 10).max(1).min(games);
    let first_box = matchboxes()
        .find(&TicTacToe::default())
        .map(|lookup| lookup.id);
    let mut report = TrainingReport {
        opponent: choice,
        asked: games,
        overall: Record::default(),
        last_tenth: Record::default(),
        curve: Vec::new(),
        refused_after: None,
        stopped: false,
    };
    let mut point = CurvePoint::default();
    let mut drawn = Vec::with_capacity(5);
    for game in 0..games {
        if menace.refuses_to_play().is_some() {
            report.refused_after = Some(game);
            break;
        }
        let end = play_game(menace, opponent, rules, rng, &mut drawn);
        report.overall.add(end.result);
        if game >= last_tenth_from {
            report.last_tenth.add(end.result);
        }
        match end.result {
            GameResult::Won => point.won += 1,
            GameResult::Drew => point.drawn += 1,
            GameResult::Lost => point.lost += 1,
        }
        if (game + 1) % window == 0 || game + 1 == games {
            point.games = game + 1;
            point.first_box = first_box.map_or(0, |id| menace.total(id));
            report.curve.push(point);
            point = CurvePoint::default();
        }
        // Often enough that Ctrl-C stops within a fraction of a second even against
        // the slowest opponent, rarely enough to cost nothing against the fastest.
        if (game + 1) % 8 == 0 && game + 1 < games && !progress(game + 1) {
            report.stopped = true;
            break;
        }
    }
    if point.window_games() > 0 {
        point.games = report.overall.games();
        point.first_box = first_box.map_or(0, |id| menace.total(id));
        report.curve.push(point);
    }
    let _ = progress(report.overall.games());
    report
}

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

/// The most games one run of the experiment may take before it counts as unfinished.
pub const EXPERIMENT_LIMIT: u64 = 200_000;

/// Trains a fresh MENACE under `preset` against `perfect` until it loses none of
/// [`SAFE_STREAK`] games in a row, its first box runs empty, or `limit` games pass.
pub fn games_until_safe(preset: Preset, seed: u64, limit: u64) -> RunOutcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut menace = Menace::new(preset, &mut rng);
    let mut opponent = Perfect;
    let mut drawn = Vec::with_capacity(5);
    let mut last_loss_end = 0;
    for game in 0..limit {
        if menace.refuses_to_play().is_some() {
            return RunOutcome::Refused(game);
        }
        let end = play_game(
            &mut menace,
            &mut opponent,
            Rules::default(),
            &mut rng,
            &mut drawn,
        );
        if end.result == GameResult::Lost {
            last_loss_end = game + 1;
        } else if game + 1 - last_loss_end >= SAFE_STREAK {
            return RunOutcome::Safe(last_loss_end);
        }
    }
    RunOutcome::Unfinished
}

/// The experiment over many seeds for one preset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Experiment {
    pub preset: Preset,
    pub runs: Vec<RunOutcome>,
    pub limit: u64,
}

impl Experiment {
    /// Runs seeds `0..seeds`; Ctrl-C ends it after the run in progress (see
    /// [`crate::stop`]), with fewer runs.
    pub fn run(preset: Preset, seeds: u64, limit: u64) -> Experiment {
        Experiment {
            preset,
            runs: (0..seeds)
                .take_while(|_| !crate::stop::requested())
                .map(|seed| games_until_safe(preset, seed, limit))
                .collect(),
            limit,
        }
    }

    /// The median number of games until safe, over the runs that got there.
    pub fn median_safe(&self) -> Option<u64> {
        let mut safe: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|run| match run {
                RunOutcome::Safe(games) => Some(*games),
                _ => None,
            })
            .collect();
        safe.sort_unstable();
        safe.get(safe.len() / 2).copied()
    }

    pub fn count(&self, wanted: fn(&RunOutcome) -> bool) -> usize {
        self.runs.iter().filter(|run| wanted(run)).count()
    }
}

#[cfg(test)]
mod tests;
