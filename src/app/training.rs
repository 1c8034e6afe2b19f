//! `train`: MENACE against an AI at full speed, in MENACE's one training loop
//! ([`crate::play::train`]), with the same learner and rival the console plays with.

use super::event::Event;
use super::session::{Progress, Session, capitalised, refuse};
use crate::menace::save::{self, SaveError};
use crate::play;
use crate::players::Choice;

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
            && let Some(kind) = crate::files::not_regular(path)
        {
            return refuse(&format!(
                "Not trained: {} is {kind}, not a regular file; give another name, such as curve.csv.",
                save::shown_path(path)
            ));
        }
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
        let report = play::train(
            slot.learner.as_mut(),
            &mut sparring,
            start.as_ref(),
            games,
            &mut self.rng,
            &mut report_progress,
        );
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
