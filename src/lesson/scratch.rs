//! Scratch sessions: the commands a lesson shows or demonstrates run in a fresh session
//! of their own, confined to a temporary folder, never in the learner's.

use crate::app::{Event, Session, Settings};
use std::path::PathBuf;

/// Runs `commands` in a fresh scratch session with `seed`, returning each command's
/// transcript, or the first command the session refused and why.
pub fn scratch_run(seed: u64, commands: &[String]) -> Result<Vec<String>, (String, String)> {
    let folder = tempfile::tempdir().map_err(|error| (String::new(), error.to_string()))?;
    let mut scratch = Session::new(Settings {
        seed,
        show_boxes: crate::app::BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        lessons_dir: PathBuf::from("/nonexistent-lessons"),
        confined: true,
        ..Settings::default()
    });
    let mut outputs = Vec::new();
    for command in commands {
        let (text, events) = crate::repl::respond_with_events(&mut scratch, command);
        // Ctrl-C ends the demonstration here; the session that showed the step says so
        // once (see `crate::stop`).
        if crate::stop::noticed() {
            break;
        }
        if let Some(Event::Refusal(why)) = events.iter().find(|e| matches!(e, Event::Refusal(_))) {
            return Err((command.clone(), why.clone()));
        }
        let hidden = folder.path().display().to_string();
        outputs.push(text.replace(&hidden, "saves"));
    }
    Ok(outputs)
}
