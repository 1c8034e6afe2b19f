//! `menace lessons --check`: every lesson run headlessly. Each shown command and each
//! demonstration runs in a scratch session and must not be refused; each exercise's
//! solution runs, in order, in one session per lesson (as a learner would do the steps)
//! and must reach its goal, which must not be met already when the step opens.

use super::course::scratch_run;
use super::goal::Tally;
use super::{Lesson, LessonError, Step};
use crate::app::{Event, Session, Settings};
use std::path::PathBuf;

/// Checks one lesson; the error names its file and step.
pub fn check(lesson: &Lesson) -> Result<(), LessonError> {
    check_telling(lesson, &mut |_| {})
}

/// [`check`], telling `at_step` the number of each step (from 1) as it begins, so a
/// front end can name the step that is slow.
pub fn check_telling(lesson: &Lesson, at_step: &mut dyn FnMut(usize)) -> Result<(), LessonError> {
    let file = format!("{}.yaml", lesson.name);
    let fail = |step: usize, reason: String| LessonError {
        file: file.clone(),
        step: Some(step + 1),
        reason,
    };
    let folder = tempfile::tempdir().map_err(|error| LessonError {
        file: file.clone(),
        step: None,
        reason: format!("no scratch folder: {error}"),
    })?;
    let mut learner = Session::new(Settings {
        seed: lesson.seed,
        show_boxes: crate::app::BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        lessons_dir: PathBuf::from("/nonexistent-lessons"),
        // Like a demonstration, the check writes nothing outside its scratch folder.
        confined: true,
        ..Settings::default()
    });
    // The lesson runs in the state it declares, as it does at the console.
    lesson
        .needs
        .setup()
        .and_then(|setup| learner.enter_lesson_state(&setup))
        .map_err(|reason| LessonError {
            file: file.clone(),
            step: None,
            reason,
        })?;
    for (index, step) in lesson.steps.iter().enumerate() {
        at_step(index + 1);
        match step {
            Step::Text { show: commands, .. } | Step::Demo { commands, .. } => {
                scratch_run(lesson.seed, commands).map_err(|(command, why)| {
                    fail(
                        index,
                        format!("the command \"{command}\" was refused: {why}"),
                    )
                })?;
            }
            Step::Exercise { goal, solution, .. } => {
                let mut tally = Tally::default();
                // As rustlings' --require-solutions: an exercise already done when its
                // step opens (after the steps before it) teaches nothing.
                if goal.met(&tally, &learner) {
                    return Err(fail(
                        index,
                        format!(
                            "its goal is already met when the step opens ({}), before the learner does anything",
                            goal.describe()
                        ),
                    ));
                }
                for line in solution {
                    let events = learner.handle_line(line);
                    if let Some(Event::Refusal(why)) = events
                        .iter()
                        .find(|event| matches!(event, Event::Refusal(_)))
                    {
                        return Err(fail(
                            index,
                            format!("the solution line \"{line}\" was refused: {why}"),
                        ));
                    }
                    tally.observe(&events);
                }
                if !goal.met(&tally, &learner) {
                    return Err(fail(
                        index,
                        format!("the solution does not reach the goal ({})", goal.describe()),
                    ));
                }
            }
            Step::Question { .. } => {}
        }
    }
    Ok(())
}
