//! Scratch sessions: the commands a lesson shows or demonstrates run in a fresh session
//! of their own, confined to a temporary folder, never in the learner's. What they did
//! comes back as events; the console draws them.

use crate::app::{Event, Session, Settings};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One command a lesson shows, with what it made the scratch session do.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub line: String,
    pub events: Vec<Event>,
    /// The scratch folder, which the text shows as `saves` (it is gone by then).
    pub folder: String,
}

/// Runs `commands` in a fresh scratch session with `seed`, returning what each did, or
/// the first command the session refused and why.
pub fn scratch_run(seed: u64, commands: &[String]) -> Result<Vec<Shown>, (String, String)> {
    scratch_run_in(seed, None, commands)
}

/// [`scratch_run`] in the state a lesson declares (its game, preset, side and opponent),
/// so that what a step shows comes from a MENACE like the learner's, in the same seat.
pub fn lesson_scratch_run(
    lesson: &super::Lesson,
    commands: &[String],
) -> Result<Vec<Shown>, (String, String)> {
    let setup = lesson.needs.setup().map_err(|why| (String::new(), why))?;
    scratch_run_in(lesson.seed, Some(&setup), commands)
}

fn scratch_run_in(
    seed: u64,
    setup: Option<&crate::app::lesson_state::Setup>,
    commands: &[String],
) -> Result<Vec<Shown>, (String, String)> {
    scratch_run_within(seed, setup, commands, super::budget::TIME)
}

/// [`scratch_run_in`], the commands stopped once they have run for `time` together:
/// then the command running is named as over the lesson's budget.
fn scratch_run_within(
    seed: u64,
    setup: Option<&crate::app::lesson_state::Setup>,
    commands: &[String],
    time: Duration,
) -> Result<Vec<Shown>, (String, String)> {
    if commands.is_empty() {
        return Ok(Vec::new());
    }
    let folder = tempfile::tempdir().map_err(|error| (String::new(), error.to_string()))?;
    let mut scratch = Session::new(Settings {
        seed,
        show_boxes: crate::app::BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        lessons_dir: PathBuf::from("/nonexistent-lessons"),
        confined: true,
        ..Settings::default()
    });
    if let Some(setup) = setup {
        scratch
            .enter_lesson_state(setup)
            .map_err(|why| (String::new(), why))?;
    }
    let started = Instant::now();
    let mut shown = Vec::new();
    for command in commands {
        let deadline = started + time;
        let (events, cut) = crate::stop::within(deadline, || scratch.handle_line(command));
        if cut {
            return Err((
                command.clone(),
                format!(
                    "it ran past the {} s a lesson step may run by itself, and was stopped",
                    time.as_secs_f64()
                ),
            ));
        }
        // Ctrl-C ends the demonstration here; the session that showed the step says so
        // once (see `crate::stop`).
        if crate::stop::noticed() {
            break;
        }
        if let Some(Event::Refusal(why)) = events.iter().find(|e| matches!(e, Event::Refusal(_))) {
            return Err((command.clone(), why.clone()));
        }
        shown.push(Shown {
            line: command.clone(),
            events,
            folder: folder.path().display().to_string(),
        });
    }
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_that_runs_past_its_time_is_stopped_and_named() {
        // 10,000 games against Monte-Carlo search are within the counts; in ultimate
        // they would take about forty minutes.
        let commands = ["variant ultimate", "train 10000 vs mcts"].map(String::from);
        let started = Instant::now();
        let cut = scratch_run_within(1, None, &commands, Duration::from_millis(300));
        let took = started.elapsed();
        let (command, why) = cut.unwrap_err();
        assert_eq!(command, "train 10000 vs mcts");
        assert!(why.contains("a lesson step may run by itself"), "{why}");
        assert!(took < Duration::from_secs(20), "stopped in {took:?}");
        assert!(!crate::stop::noticed(), "no Ctrl-C is said");
        // In time, nothing is cut.
        let quick = ["train 10 vs random"].map(String::from);
        let shown = scratch_run_within(1, None, &quick, Duration::from_secs(60)).unwrap();
        assert_eq!(shown.len(), 1);
    }
}
