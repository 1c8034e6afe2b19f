//! The commands that look without playing: the board, hints, ratings, solving, the
//! boxes and the statistics.

use super::command::{BoxQuery, BoxesOf};
use super::event::{Event, MoveScores};
use super::session::{Progress, Session, capitalised, refuse};
use crate::game::AnyGame;
use crate::menace::learner::{BoxSummary, classic_board};
use crate::menace::{Preset, learner};
use crate::play::{self, Experiment};
use crate::players::Choice;

/// The most games one run of `experiment` takes in a game other than classic.
pub const GAME_EXPERIMENT_LIMIT: u64 = 2_000;

impl Session {
    /// The board of the game in progress (or the starting position), whole or zoomed
    /// into part `part` (1-based).
    pub(super) fn show_board(&self, part: Option<usize>) -> Vec<Event> {
        let (game, mut marked) = match &self.current {
            Some(current) => (&current.game, current.last_marked.clone()),
            None => (&self.game, Vec::new()),
        };
        let view = match part {
            None => game.view(),
            Some(part) => match game.zoomed_view(part - 1) {
                Some(view) => view,
                None => {
                    return refuse(&format!(
                        "{} draws its whole board: type board without a number.",
                        capitalised(&game.title())
                    ));
                }
            },
        };
        // The whole board brackets the last move, as when it was made; a part is drawn
        // plain.
        if part.is_some() {
            marked.clear();
        }
        vec![Event::Board { view, marked }]
    }

    /// The position a command names (a picture of the chosen game), or the board of the
    /// game in progress.
    fn position_or_board(
        &self,
        picture: Option<&str>,
        command: &str,
    ) -> Result<Box<dyn AnyGame>, Vec<Event>> {
        let position = match picture {
            Some(picture) => self.game.from_picture(picture).map_err(|why| {
                refuse(&format!(
                    "\"{picture}\" is not a position of {}: {why}.",
                    self.game.title()
                ))
            })?,
            None => match &self.current {
                Some(current) => current.game.boxed_clone(),
                None => {
                    return Err(refuse(&format!(
                        // Quoted, so the sentence's full stop is not read as a cell.
                        "No game is in progress: {command} needs a board, or a position like \"{command} {}\".",
                        example_picture(self.game.as_ref())
                    )));
                }
            },
        };
        if position.outcome().is_some() {
            return Err(refuse(&format!(
                "{} is a finished game: there is no move to {command}.",
                position.picture()
            )));
        }
        Ok(position)
    }

    pub(super) fn hint(&mut self, kind: Option<Choice>) -> Vec<Event> {
        let Some(current) = &self.current else {
            return refuse("No game is in progress: a hint needs a board.");
        };
        if !current.is_your_turn(self.you) {
            return refuse("A hint is for your own move, when it is your turn.");
        }
        let position = current.game.boxed_clone();
        // Unnamed, the table's strongest adviser for this game: the teacher in noughts
        // and crosses, the threat search in gomoku, alpha-beta elsewhere.
        let Some(by) = kind.or_else(|| crate::players::default_hint(position.as_ref())) else {
            return refuse("There is no move to hint at.");
        };
        let mut adviser = match self.rival(by, self.you) {
            Ok(adviser) => adviser,
            Err(why) => return refuse(&format!("{}.", capitalised(&why))),
        };
        let chosen = adviser.hint(position.as_ref(), &mut self.rng);
        // A search stopped by Ctrl-C has not earned the name of a hint.
        if crate::stop::noticed() {
            return vec![Event::Interrupted];
        }
        match chosen {
            Some(chosen) => {
                let mut events = vec![Event::Hint {
                    by,
                    name: chosen.name,
                    reason: chosen.reason,
                }];
                events.extend(self.depth_note(by, position.as_ref()));
                events
            }
            None => refuse("There is no move to hint at."),
        }
    }

    pub(super) fn rate(&self, picture: Option<&str>) -> Vec<Event> {
        if classic_board(self.game.as_ref()).is_none() {
            return refuse(&format!(
                "The rating heuristic rates noughts and crosses only, not {}.",
                self.game.title()
            ));
        }
        match self.position_or_board(picture, "rate") {
            Ok(position) => match classic_board(position.as_ref()) {
                Some(board) => vec![Event::Ratings {
                    board,
                    ratings: crate::ai::rating::ratings(&board),
                }],
                None => Vec::new(),
            },
            Err(refusal) => refusal,
        }
    }

    /// `rate D [POS]`: every empty cell as the depth-limited search rates it,
    /// looking `depth` half-moves ahead with the algorithm page's draw rule.
    pub(super) fn rate_ahead(&self, depth: u32, picture: Option<&str>) -> Vec<Event> {
        if classic_board(self.game.as_ref()).is_none() {
            return refuse(&format!(
                "Lookahead's ratings are drawn for noughts and crosses only, not {}.",
                self.game.title()
            ));
        }
        let board = match self.position_or_board(picture, "rate") {
            Ok(position) => match classic_board(position.as_ref()) {
                Some(board) => board,
                None => return Vec::new(),
            },
            Err(refusal) => return refusal,
        };
        if crate::game::Game::outcome(&board).is_some() {
            return refuse(&format!(
                "{} is a finished game: there is no move to rate.",
                crate::game::Game::picture(&board)
            ));
        }
        let ratings =
            crate::ai::lookahead::rate_moves(&board, depth, crate::ai::lookahead::Fin::Seed)
                .into_iter()
                .map(|(cell, rating)| (cell.index(), rating))
                .collect();
        vec![Event::AheadRatings {
            board,
            depth,
            ratings,
        }]
    }

    pub(super) fn solve(&self, picture: Option<&str>, within: Option<u64>) -> Vec<Event> {
        let position = match picture {
            None if self.current.is_none() => self.game.restart(),
            _ => match self.position_or_board(picture, "solve") {
                Ok(position) => position,
                Err(refusal) => return refusal,
            },
        };
        let scores = match classic_board(position.as_ref()) {
            Some(_) if position.outcome().is_some() => {
                return refuse(&format!(
                    "{} is a finished game: there is no move to solve.",
                    position.picture()
                ));
            }
            Some(board) => Some(MoveScores {
                board,
                scores: crate::ai::Solver::new().move_scores(&board),
            }),
            None => None,
        };
        let start = std::time::Instant::now();
        let budget = within.unwrap_or(self.settings.effort.solve);
        let solved = crate::registry::solve(&*position, budget);
        // Stopped by Ctrl-C, the search proves nothing: "too big" would be wrong.
        if crate::stop::noticed() {
            return vec![Event::Interrupted];
        }
        vec![Event::Solved {
            title: self.game.title(),
            picture: position.picture(),
            solved,
            scores,
            millis: start.elapsed().as_millis(),
        }]
    }

    pub(super) fn experiment(&mut self, seeds: u64) -> Vec<Event> {
        // The learner in play for this game and side: its kind and parameters.
        let learner = self.learner().map_or_else(
            || self.learner_choice.clone(),
            |learner| crate::learners::LearnerChoice {
                row: crate::learners::row_or_menace(learner.kind()),
                params: learner.params(),
            },
        );
        if self.game.title() != "classic" || learner.row.kind != crate::learners::Kind::Menace {
            // Any other game, or another kind of learner: the learner on its side
            // against the training opponent (MENACE under its preset), at most a few
            // thousand games a run.
            let preset = self
                .learner()
                .map_or(self.settings.preset, |learner| learner.preset());
            let start = self.game.restart();
            let hook = self.progress.clone();
            if let Some(hook) = &hook {
                (hook.0)(Progress::Start {
                    total: seeds.saturating_mul(GAME_EXPERIMENT_LIMIT),
                    at_most: true,
                });
            }
            let mut report_progress = |done| {
                // The console's hook first (it clears its bar on Ctrl-C), then the flag,
                // so that the stop is noticed with or without a hook.
                let hooked = match &hook {
                    Some(hook) => (hook.0)(Progress::Done(done)),
                    None => true,
                };
                hooked & !crate::stop::requested()
            };
            let plan = play::Plan {
                learner,
                side: self.you.opponent(),
                vs: self.trainer,
                preset,
                goal: None,
                limit: GAME_EXPERIMENT_LIMIT,
                effort: self.settings.effort,
            };
            let result = play::experiment::run(start.as_ref(), &plan, seeds, &mut report_progress);
            if let Some(hook) = &hook {
                (hook.0)(Progress::Finish);
            }
            return match result {
                Ok(experiment) => vec![Event::GameExperiment(Box::new(experiment))],
                Err(why) => refuse(&format!("{}.", capitalised(&why))),
            };
        }
        let presets = [
            Preset::challenge(),
            Preset::michie(),
            Preset::parse("custom 8/4/2/1 3/1/-1 resign").unwrap_or_default(),
        ];
        // Progress as training shows it: the games of every preset's runs, at most the
        // limit for each seed (a run ends once MENACE is safe).
        let hook = self.progress.clone();
        if let Some(hook) = &hook {
            (hook.0)(Progress::Start {
                total: seeds
                    .saturating_mul(play::EXPERIMENT_LIMIT)
                    .saturating_mul(presets.len() as u64),
                at_most: true,
            });
        }
        let mut before = 0;
        let mut stopped = false;
        let mut runs = Vec::new();
        for preset in presets {
            let mut played = 0;
            // The console's hook first (it clears its bar on Ctrl-C), then the flag.
            let experiment = if stopped || crate::stop::noticed() {
                Experiment {
                    preset,
                    runs: Vec::new(),
                    limit: play::EXPERIMENT_LIMIT,
                }
            } else {
                Experiment::run(preset, seeds, play::EXPERIMENT_LIMIT, &mut |done| {
                    played = done;
                    let hooked = match &hook {
                        Some(hook) => (hook.0)(Progress::Done(before + done)),
                        None => true,
                    };
                    let go_on = hooked & !crate::stop::requested();
                    stopped |= !go_on;
                    go_on
                })
            };
            before += played;
            runs.push(experiment);
        }
        if let Some(hook) = &hook {
            (hook.0)(Progress::Finish);
        }
        // Stopped, the seeds finished are reported: each preset's column counts its own.
        if stopped || crate::stop::noticed() {
            return vec![Event::Interrupted, Event::Experiments { runs, seeds }];
        }
        vec![Event::Experiments { runs, seeds }]
    }

    /// MENACE for the chosen game, or the refusal saying why there is none.
    fn learner_or_refusal(&mut self) -> Result<&dyn learner::Learner, Vec<Event>> {
        match self.slot_index() {
            Ok(index) => Ok(self.slots[index].learner.as_ref()),
            Err(why) => Err(refuse(&format!("{}.", capitalised(&why)))),
        }
    }

    pub(super) fn listing(&mut self, which: Option<BoxesOf>) -> Vec<Event> {
        let title = self.game.title();
        let side = self.you.opponent();
        let learner = match self.learner_or_refusal() {
            Ok(learner) => learner,
            Err(refusal) => return refusal,
        };
        // A big MENACE's boxes take seconds to gather: Ctrl-C stops that.
        let mut boxes = Vec::with_capacity(learner.box_count());
        for number in 1..=learner.box_count() {
            if number % 1024 == 0 && crate::stop::requested() {
                return vec![Event::Interrupted];
            }
            boxes.extend(learner.box_by_number(number));
        }
        let mut plies: Vec<usize> = boxes.iter().map(|summary| summary.ply).collect();
        plies.sort_unstable();
        plies.dedup();
        let ply = match which {
            None => None,
            Some(BoxesOf::Ply(ply)) if plies.contains(&ply) => Some(ply),
            Some(BoxesOf::Ply(ply)) => {
                let plies: Vec<String> = plies.iter().map(usize::to_string).collect();
                return refuse(&format!(
                    "MENACE has no box at ply {ply}; its boxes are at ply {}.",
                    if plies.is_empty() {
                        "none yet".into()
                    } else {
                        plies.join(", ")
                    }
                ));
            }
            // The listing's headers count MENACE's moves as ply / 2 + 1, whichever
            // side it plays; `boxes N` counts the same way.
            Some(BoxesOf::Move(number)) => match plies.iter().find(|ply| *ply / 2 + 1 == number) {
                Some(ply) => Some(*ply),
                None => {
                    let moves: Vec<String> =
                        plies.iter().map(|ply| (ply / 2 + 1).to_string()).collect();
                    return refuse(&if moves.is_empty() {
                        "MENACE has no boxes yet: they are made as it meets positions.".into()
                    } else {
                        format!(
                            "MENACE has no box for its {} move; it has boxes for its moves {} (boxes ply N lists a ply).",
                            crate::text::nth(number),
                            moves.join(", ")
                        )
                    });
                }
            },
        };
        vec![Event::Listing {
            title,
            side,
            total: learner.box_count(),
            limit: learner.box_limit(),
            boxes,
            ply,
        }]
    }

    pub(super) fn show_box(&mut self, query: Option<BoxQuery>) -> Vec<Event> {
        let last_box = self.current.as_ref().and_then(|current| current.last_box);
        let game = self.game.boxed_clone();
        let side = self.you.opponent();
        let learner = match self.learner_or_refusal() {
            Ok(learner) => learner,
            Err(refusal) => return refusal,
        };
        let of = learner.box_count();
        let (summary, asked) = match query {
            None => match last_box.and_then(|number| learner.box_by_number(number)) {
                Some(summary) => (summary, None),
                None => {
                    return refuse(&format!(
                        "Name a box: box {} (any position) or box 1 to box {of}.",
                        example_picture(game.as_ref())
                    ));
                }
            },
            Some(BoxQuery::Number(number)) => match learner.box_by_number(number) {
                Some(summary) => (summary, None),
                None if of == 0 => {
                    return refuse("MENACE has no boxes yet: they are made as it meets positions.");
                }
                None => {
                    return refuse(&format!("Boxes are numbered 1 to {of}, not {number}."));
                }
            },
            Some(BoxQuery::Position(picture)) => {
                let position = match game.from_picture(&picture) {
                    Ok(position) => position,
                    Err(why) => {
                        return refuse(&format!("\"{picture}\" is not a box: {why}."));
                    }
                };
                match learner.box_for(position.as_ref()) {
                    Some(found) => (
                        found.summary,
                        Some(super::event::Asked {
                            position: position.picture(),
                            relation: found.relation,
                            example: found.example,
                        }),
                    ),
                    None => {
                        return refuse(&format!(
                            "No box serves {}: MENACE moves from a box only with {side} to move and a choice to make in an unfinished game{}.",
                            position.picture(),
                            if learner.box_limit().is_some() {
                                " it has met"
                            } else {
                                ""
                            }
                        ));
                    }
                }
            }
        };
        let (view, labels) = box_picture(game.as_ref(), &summary);
        vec![Event::BoxView {
            summary,
            of,
            side,
            view,
            labels,
            asked,
        }]
    }

    pub(super) fn stats(&mut self) -> Vec<Event> {
        let title = self.game.title();
        let side = self.you.opponent();
        // This learner's games not saved, and the rest: other games' learners and
        // those put aside (by `learner`, or by a lesson).
        let all_unsaved = self.unsaved();
        let unsaved = self
            .slots
            .iter()
            .find(|slot| slot.side == side && slot.title == title)
            .map_or(0, |slot| slot.unsaved);
        let start = self.game.restart();
        let learner = match self.learner_or_refusal() {
            Ok(learner) => learner,
            Err(refusal) => return refusal,
        };
        let first = learner.first_box(start.as_ref());
        let first_box_number = first.as_ref().map(|first| first.number);
        let first_box =
            first.map(|first| first.beads.iter().map(|(_, count)| u64::from(*count)).sum());
        let other = learner
            .as_menace()
            .is_none()
            .then(|| super::event::LearnerFacts::of(learner, &title));
        vec![Event::Stats(Box::new(super::event::Stats {
            title,
            side,
            record: learner.record(),
            preset: learner.preset(),
            first_box,
            first_box_number,
            all_beads: learner.all_beads(),
            boxes: learner.box_count(),
            limit: learner.box_limit(),
            unsaved,
            unsaved_elsewhere: all_unsaved.saturating_sub(unsaved),
            other,
        }))]
    }
}

/// A picture of the game's start, to show how positions are written.
pub(super) fn example_picture(game: &dyn AnyGame) -> String {
    let start = game.restart();
    let mut position = start.boxed_clone();
    let legal = position.legal_move_names();
    if let Some(first) = legal.first() {
        let _ = position.play_move(first);
    }
    position.picture()
}

/// A box's picture as a board, and the bead counts on the cells their moves fill when
/// every move fills exactly one cell of its own (otherwise the counts are listed).
/// MENACE's move as a picture: the box it drew from, with each move's bead count as it
/// was before the draw, and the cell of the drawn bead. `None` where the box's beads
/// do not each fill one cell (Morris slides, gravity's columns), or after the game moved
/// on (the position the box was drawn for is needed to read its picture).
pub(super) fn move_picture(
    game: &dyn AnyGame,
    learner: &dyn learner::Learner,
    turn: &learner::MenaceMove,
) -> Option<super::event::MovePicture> {
    let learner::MenaceMove::Drew {
        box_number,
        bead,
        relation,
        ..
    } = turn
    else {
        return None;
    };
    let mut summary = learner.box_by_number(*box_number)?;
    // The bead is out of the box while the game goes on; the picture shows it in.
    let (_, count) = summary.beads.iter_mut().find(|(name, _)| name == bead)?;
    *count += 1;
    let (view, labels) = box_picture(game, &summary);
    let labels = labels?;
    let picture = game.from_picture(&summary.picture).ok()?;
    let mut after = picture.boxed_clone();
    after.play_move(bead).ok()?;
    let [drawn_cell] = after.view().changed_since(&view)[..] else {
        return None;
    };
    Some(super::event::MovePicture {
        view,
        labels,
        drawn_cell,
        relation: relation.clone(),
    })
}

fn box_picture(
    game: &dyn AnyGame,
    summary: &BoxSummary,
) -> (crate::game::BoardView, Option<Vec<(usize, String)>>) {
    let Ok(picture) = game.from_picture(&summary.picture) else {
        return (game.view(), None);
    };
    let view = picture.view();
    let mut labels = Vec::new();
    for (bead, count) in &summary.beads {
        let mut after = picture.boxed_clone();
        if after.play_move(bead).is_err() {
            return (view, None);
        }
        match after.view().changed_since(&view)[..] {
            [cell] if !labels.iter().any(|(seen, _)| *seen == cell) => {
                // No beads is `-`: a `0` in a cell would look like a nought.
                let shown = if *count == 0 {
                    "-".to_string()
                } else {
                    count.to_string()
                };
                labels.push((cell, shown));
            }
            _ => return (view, None),
        }
    }
    (view, Some(labels))
}
