//! Scratch sessions: the commands a lesson shows or demonstrates run in a fresh session
//! of their own, confined to a temporary folder, never in the learner's. What they did
//! comes back as events; the console draws them.

use crate::app::{Event, Session, Settings};
use std::path::PathBuf;

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
    let mut shown = Vec::new();
    for command in commands {
        let events = scratch.handle_line(command);
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
