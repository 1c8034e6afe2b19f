//! `plot` and `export`: the learning curve as an SVG chart and every box on one HTML
//! page, written atomically like every output (and never over a save).

use super::event::Event;
use super::session::{Progress, Session, refuse};
use crate::menace::save::{self, SaveError};
use crate::play::TrainingReport;
use std::path::PathBuf;

impl Session {
    /// Remembers a finished training run for `plot` and `export`.
    pub(super) fn remember_run(&mut self, report: &TrainingReport) {
        let side = self.you.opponent();
        let name = if report.learner == crate::learners::MENACE.name {
            "MENACE"
        } else {
            report.learner
        };
        let title = format!(
            "{name} ({side}, {}) against {}: {} games",
            self.game.title(),
            report.opponent,
            report.overall.games()
        );
        self.last_run = Some((Box::new(report.clone()), title));
        let game = self.game.title();
        self.runs_by_learner
            .retain(|(run, _, _)| run.learner != report.learner);
        self.runs_by_learner
            .push((Box::new(report.clone()), game, side));
    }

    /// The last run and the last runs of the other learners that match it (the same
    /// opponent, game, side and number of games), in the order of the table of learners.
    fn matching_runs(&self) -> Vec<&crate::play::TrainingReport> {
        let Some((last, _)) = &self.last_run else {
            return Vec::new();
        };
        let (game, side) = (self.game.title(), self.you.opponent());
        let mut runs: Vec<&crate::play::TrainingReport> = vec![last.as_ref()];
        runs.extend(
            self.runs_by_learner
                .iter()
                .filter(|(run, run_game, run_side)| {
                    run.learner != last.learner
                        && *run_game == game
                        && *run_side == side
                        && run.opponent == last.opponent
                        && run.asked == last.asked
                        && !run.curve.is_empty()
                })
                .map(|(run, _, _)| run.as_ref()),
        );
        // In the order of the table of learners, as help lists them.
        runs.sort_by_key(|run| {
            crate::learners::LEARNERS
                .iter()
                .position(|row| row.name == run.learner)
        });
        runs
    }

    /// Where an output named `name` goes, or the refusal saying why it cannot.
    fn output_path(&self, name: &str, extension: &str, what: &str) -> Result<PathBuf, Vec<Event>> {
        let path = self
            .file_for(Some(name), extension)
            .map_err(|bad| refuse(&format!("Not written: the {what}'s file {bad}.")))?;
        if let Some(kind) = crate::files::not_regular(&path) {
            return Err(refuse(&format!(
                "Not written: {} is {kind}, not a regular file; give another name.",
                save::shown_path(&path)
            )));
        }
        if save::holds_a_save(&path) {
            return Err(refuse(&format!(
                "Not written: {} holds MENACE's boxes, and a {what} never replaces a save; give another name.",
                save::shown_path(&path)
            )));
        }
        self.folder_ready(&path)
            .map_err(|why| refuse(&format!("Not written: {why}.")))?;
        Ok(path)
    }

    /// `plot FILE.svg`, and `train ... plot FILE.svg` after its run.
    pub(super) fn plot(&mut self, name: &str) -> Vec<Event> {
        let Some((report, title)) = &self.last_run else {
            return refuse(
                "There is no training run to plot yet: train first, e.g. train 2000 vs perfect plot curve.svg.",
            );
        };
        if report.curve.is_empty() {
            return refuse("The last training run played no games, so it has no curve to plot.");
        }
        let path = match self.output_path(name, "svg", "chart") {
            Ok(path) => path,
            Err(refusal) => return refusal,
        };
        let runs = self.matching_runs();
        let learners: Vec<&'static str> = runs.iter().map(|run| run.learner).collect();
        let drawn = if runs.len() > 1 {
            let names: Vec<&str> = runs
                .iter()
                .map(|run| crate::pictures::compare::shown_name(run.learner))
                .collect();
            let title = format!(
                "{} ({}, {}) against {}: {} games each",
                names.join(", "),
                self.you.opponent(),
                self.game.title(),
                report.opponent,
                report.asked
            );
            crate::pictures::compare::learning_curves(&runs, &title)
        } else {
            crate::pictures::chart::learning_curve(report, title)
        };
        let svg = match drawn {
            Ok(svg) => svg,
            Err(why) => return refuse(&format!("The chart could not be drawn: {why}.")),
        };
        match save::write_output(&path, svg.as_bytes()) {
            Ok(()) => vec![Event::ChartWritten { path, learners }],
            Err(SaveError { path, error }) => refuse(&format!(
                "Could not write the chart to {}: {error}.",
                save::shown_path(&path)
            )),
        }
    }

    /// `export FILE.html`: every box of MENACE for the chosen game and side.
    /// `export labels FILE.html [counts]`: a sheet of matchbox labels to print, one for
    /// every box of the chosen MENACE.
    pub(super) fn export_labels(&mut self, name: &str, counts: bool) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("No labels: {}.", why)),
        };
        let learner = self.slots[index].learner.as_ref();
        let page = match crate::pictures::labels::labels_page(self.game.as_ref(), learner, counts) {
            Ok(page) => page,
            Err(why) => return refuse(&format!("No labels: {why}.")),
        };
        let path = match self.output_path(name, "html", "labels") {
            Ok(path) => path,
            Err(refusal) => return refusal,
        };
        let boxes = learner.box_count();
        match save::write_output(&path, page.as_bytes()) {
            Ok(()) => vec![Event::LabelsWritten {
                path,
                boxes,
                sheets: boxes.div_ceil(crate::pictures::labels::PER_SHEET),
            }],
            Err(SaveError { path, error }) => refuse(&format!(
                "Could not write the labels to {}: {error}.",
                save::shown_path(&path)
            )),
        }
    }

    pub(super) fn export(&mut self, name: &str) -> Vec<Event> {
        let index = match self.slot_index() {
            Ok(index) => index,
            Err(why) => return refuse(&format!("Nothing to export: {}.", why)),
        };
        let path = match self.output_path(name, "html", "page") {
            Ok(path) => path,
            Err(refusal) => return refusal,
        };
        let curve = self
            .last_run
            .as_ref()
            .filter(|(report, _)| !report.curve.is_empty())
            .and_then(|(report, title)| crate::pictures::chart::learning_curve(report, title).ok());
        let learner = self.slots[index].learner.as_ref();
        let boxes = learner.box_count();
        // The page is written as it is made (it may run to gigabytes), with a bar when
        // it is slow; Ctrl-C stops it and leaves no page.
        let hook = self.progress.clone();
        if let Some(hook) = &hook {
            (hook.0)(Progress::Writing {
                total: boxes as u64,
            });
        }
        let mut going_on = |done| {
            // The console's hook first (it clears its bar on Ctrl-C), then the flag,
            // so that the stop is noticed with or without a hook.
            let hooked = match &hook {
                Some(hook) => (hook.0)(Progress::Done(done)),
                None => true,
            };
            hooked & !crate::stop::requested()
        };
        let (game, seed) = (self.game.as_ref(), self.settings.seed);
        let written = save::write_output_with(&path, &mut |file| {
            crate::pictures::page::write_boxes_page(
                file,
                game,
                learner,
                curve.as_deref(),
                seed,
                &mut going_on,
            )
        });
        if let Some(hook) = &hook {
            (hook.0)(Progress::Finish);
        }
        match written {
            Ok(()) => vec![Event::PageWritten {
                path,
                boxes,
                curve: curve.is_some(),
            }],
            Err(SaveError { error, .. }) if error.kind() == std::io::ErrorKind::Interrupted => {
                vec![Event::Interrupted]
            }
            Err(SaveError { path, error }) => refuse(&format!(
                "Could not write the page to {}: {error}.",
                save::shown_path(&path)
            )),
        }
    }
}
