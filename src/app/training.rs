//! `train`: MENACE against an AI at full speed. Classic MENACE as X takes the fast
//! table-driven loop of [`crate::play::train`]; every other game and side takes the
//! generic loop here, through the same [`Learner`] and [`Rival`] the console plays with.

use super::event::Event;
use super::session::{Progress, Session, capitalised, refuse};
use crate::game::AnyGame;
use crate::game::Player;
use crate::menace::learner::{Learner, MenaceMove};
use crate::menace::save::{self, SaveError};
use crate::menace::{GameResult, Record};
use crate::play::{self, CURVE_WINDOWS, CurvePoint, TrainingReport};
use crate::players::Choice;
use crate::players::Rival;
use rand::Rng;

impl Session {
    pub(super) fn train(
        &mut self,
        games: u64,
        vs: Option<Choice>,
        csv: Option<&str>,
    ) -> Vec<Event> {
        if let Some(busy) = self.busy("train") {
            return busy;
        }
        // Where the curve goes is settled before a single game is played.
        let csv_path = match csv.map(|name| self.file_for(Some(name), "csv")).transpose() {
            Ok(path) => path,
            Err(bad) => {
                return refuse(&format!(
                    "Not trained: the curve's file {bad}; give a name such as curve.csv."
                ));
            }
        };
        if let Some(path) = &csv_path
            && save::holds_a_save(path)
        {
            return refuse(&format!(
                "Not trained: {} holds MENACE's boxes, and a curve never replaces a save; give another name, such as curve.csv.",
                save::shown_path(path)
            ));
        }
        if let Some(Err(why)) = csv_path.as_ref().map(|path| self.folder_ready(path)) {
            return refuse(&format!("Not trained: {why}."));
        }
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        if let Some(kind) = vs
            && kind != self.trainer
        {
            self.trainer = kind;
            self.sparring = None;
        }
        let side = self.slots[index].side;
        let sparring = match self.sparring.take() {
            Some(rival) if rival.kind() == self.trainer => rival,
            _ => match self.rival(self.trainer, side.opponent()) {
                Ok(rival) => rival,
                Err(why) => return refuse(&format!("{}.", capitalised(&why))),
            },
        };
        let start = self.game.restart();
        if let Some(first) = self.slots[index].learner.refuses_to_play(start.as_ref()) {
            self.sparring = Some(sparring);
            return vec![Event::Refused(first)];
        }
        let hook = self.progress.clone();
        if let Some(hook) = &hook {
            (hook.0)(Progress::Start {
                total: games,
                at_most: false,
            });
        }
        // Ctrl-C stops the run, with or without a console's hook (a lesson's
        // demonstration has none).
        let mut report_progress = |done| {
            // The console's hook first (it clears its bar on Ctrl-C), then the flag,
            // so that the stop is noticed with or without a hook.
            let hooked = match &hook {
                Some(hook) => (hook.0)(Progress::Done(done)),
                None => true,
            };
            hooked & !crate::stop::requested()
        };
        let mut sparring = sparring;
        let slot = &mut self.slots[index];
        let choice = sparring.kind();
        let report = match (sparring.classic(), slot.learner.as_classic_mut()) {
            (Some(opponent), Some(menace)) if side == Player::X => play::train(
                menace,
                opponent,
                choice,
                games,
                crate::menace::learner::classic_board(start.as_ref())
                    .map(|board| board.rules())
                    .unwrap_or_default(),
                &mut self.rng,
                &mut report_progress,
            ),
            _ => train_generic(
                slot.learner.as_mut(),
                &mut sparring,
                start.as_ref(),
                games,
                &mut self.rng,
                &mut report_progress,
            ),
        };
        if let Some(hook) = &hook {
            (hook.0)(Progress::Finish);
        }
        slot.unsaved += report.overall.games();
        self.sparring = Some(sparring);
        self.remember_run(&report);
        let csv_text = report.curve_csv();
        let mut events = vec![Event::Trained(Box::new(report))];
        if let Some(path) = csv_path {
            match save::write_output(&path, csv_text.as_bytes()) {
                Ok(()) => events.push(Event::CurveWritten(path)),
                Err(SaveError { path, error }) => events.push(Event::Refusal(format!(
                    "Could not write the curve to {}: {error}.",
                    save::shown_path(&path)
                ))),
            }
        }
        events
    }
}

/// Plays one whole game of `start`'s game, `learner` against `rival`, and lets both
/// learn. `None` if MENACE ran out of room for boxes (the game is then not counted).
pub fn play_generic_game(
    learner: &mut dyn Learner,
    rival: &mut Rival,
    start: &dyn AnyGame,
    rng: &mut dyn Rng,
) -> Option<GameResult> {
    play_counted_game(learner, rival, start, rng).map(|(result, _)| result)
}

/// The same, with the number of moves the game lasted.
pub fn play_counted_game(
    learner: &mut dyn Learner,
    rival: &mut Rival,
    start: &dyn AnyGame,
    rng: &mut dyn Rng,
) -> Option<(GameResult, usize)> {
    let side = learner.side();
    let mut game = start.restart();
    let mut drawn = Vec::new();
    let mut resigned = false;
    while game.outcome().is_none() {
        let name = if game.to_move() == side {
            match learner.take_turn(game.as_ref(), rng) {
                Ok(turn) => {
                    if let MenaceMove::Drew { drawn: bead, .. } = &turn {
                        drawn.push(*bead);
                    }
                    match turn.play() {
                        Some(name) => name.to_string(),
                        None => {
                            resigned = true;
                            break;
                        }
                    }
                }
                Err(_) => {
                    learner.return_beads(&drawn);
                    rival.game_over(game.as_ref());
                    return None;
                }
            }
        } else {
            match rival.choose(game.as_ref(), rng) {
                Some(chosen) => chosen.name,
                None => break,
            }
        };
        if game.play_move(&name).is_err() {
            break;
        }
    }
    let result = match game.outcome() {
        _ if resigned => GameResult::Lost,
        Some(outcome) => GameResult::for_side(outcome, side),
        None => GameResult::Drew,
    };
    learner.learn(&drawn, result);
    rival.game_over(game.as_ref());
    Some((result, game.ply()))
}

/// Training in any game: the same report as the classic loop.
pub fn train_generic(
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
        opponent: rival.kind(),
        asked: games,
        overall: Record::default(),
        last_tenth: Record::default(),
        curve: Vec::new(),
        refused_after: None,
        stopped: false,
    };
    let first_box = |learner: &dyn Learner| {
        learner.first_box(start).map_or(0, |first| {
            first.beads.iter().map(|(_, count)| u64::from(*count)).sum()
        })
    };
    let mut point = CurvePoint::default();
    for game in 0..games {
        if learner.refuses_to_play(start).is_some() {
            report.refused_after = Some(game);
            break;
        }
        let Some(result) = play_generic_game(learner, rival, start, rng) else {
            report.refused_after = Some(game);
            break;
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
        if (game + 1) % window == 0 || game + 1 == games {
            point.games = game + 1;
            point.first_box = first_box(learner);
            report.curve.push(point);
            point = CurvePoint::default();
        }
        // A game of a variant takes microseconds to seconds: ask after every one.
        if game + 1 < games && !progress(game + 1) {
            report.stopped = true;
            break;
        }
    }
    if point.window_games() > 0 {
        point.games = report.overall.games();
        point.first_box = first_box(learner);
        report.curve.push(point);
    }
    let _ = progress(report.overall.games());
    report
}
