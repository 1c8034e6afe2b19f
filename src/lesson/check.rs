//! `menace lessons --check`: every lesson run headlessly. Each shown command and each
//! demonstration runs in a scratch session and must not be refused; each exercise's
//! solution runs, in order, in one session per lesson (as a learner would do the steps)
//! and must reach its goal, which must not be met already when the step opens. Each
//! command a step's prose quotes in backticks runs in a fresh session of the lesson, in
//! the state the step declares, and must not be refused: a lesson never tells the
//! learner to type what the program then refuses. Each fact a step states runs in a
//! fresh session of the lesson, and what it prints must still be what the step says
//! (see [`super::facts`]).

use super::goal::Tally;
use super::scratch::lesson_scratch_run;
use super::{Lesson, LessonError, Step};
use crate::app::command::{self, Command};
use crate::app::{Event, Session, Settings};
use std::path::{Path, PathBuf};

/// A fresh session in the state the lesson declares, as it runs at the console, writing
/// nothing outside `folder`.
fn lesson_session(lesson: &Lesson, folder: &Path) -> Result<Session, String> {
    let mut session = Session::new(Settings {
        seed: lesson.seed,
        show_boxes: crate::app::BoxListing::Off,
        saves_dir: folder.to_path_buf(),
        lessons_dir: PathBuf::from("/nonexistent-lessons"),
        // Like a demonstration, the check writes nothing outside its scratch folder.
        confined: true,
        ..Settings::default()
    });
    lesson
        .needs
        .setup()
        .and_then(|setup| session.enter_lesson_state(&setup))?;
    Ok(session)
}

/// Runs each command `step` quotes in a fresh session of the lesson, and, if it is
/// refused there, in one brought to the step's declared state; `Err` names the first
/// refused in both, or that is no command.
pub fn check_quoted(lesson: &Lesson, step: &Step) -> Result<(), String> {
    for quoted in step.quoted() {
        // The course's own commands are read beside the session, which has no course:
        // that they read as commands is enough (a bare `hint` is the lesson's while the
        // step has hints).
        match command::parse(&quoted) {
            Ok(
                Command::Lessons
                | Command::Lesson(_)
                | Command::Next
                | Command::Back
                | Command::Skip
                | Command::QuitLesson
                | Command::Answer(_),
            ) => continue,
            Ok(Command::Hint(None)) if !step.hints().is_empty() => continue,
            _ => {}
        }
        // As the learner meets it: first in the lesson's state, then, if the step
        // declares one, in the state its lines lead to (a game waiting for a move).
        let plain = run_quoted(lesson, &[], &quoted)?;
        let Some(why) = plain else { continue };
        if step.state().is_empty() {
            return Err(format!("the quoted command `{quoted}` is refused: {why}"));
        }
        if let Some(why) = run_quoted(lesson, step.state(), &quoted)? {
            return Err(format!(
                "the quoted command `{quoted}` is refused, with or without {}: {why}",
                step.state().join(", ")
            ));
        }
    }
    Ok(())
}

/// Runs `state`, then `quoted`, in a fresh session of the lesson: the refusal of
/// `quoted`, if any; `Err` if a state line is refused.
fn run_quoted(lesson: &Lesson, state: &[String], quoted: &str) -> Result<Option<String>, String> {
    let folder = tempfile::tempdir().map_err(|error| format!("no scratch folder: {error}"))?;
    let mut session = lesson_session(lesson, folder.path())?;
    for line in state {
        if let Some(why) = refusal(&session.handle_line(line)) {
            return Err(format!("the state line \"{line}\" was refused: {why}"));
        }
    }
    let events = run_timed(&mut session, quoted)
        .map_err(|why| format!("the quoted command `{quoted}` {why}"))?;
    Ok(refusal(&events))
}

/// Runs `line` as the learner would, within the time a step may run
/// ([`super::budget::TIME`]): a command a lesson has the learner type runs no longer
/// than what it runs itself. `Err` says it ran past it.
fn run_timed(session: &mut Session, line: &str) -> Result<Vec<Event>, String> {
    let deadline = std::time::Instant::now() + super::budget::TIME;
    match crate::stop::within(deadline, || session.handle_line(line)) {
        (events, false) => Ok(events),
        (_, true) => Err(format!(
            "ran past the {} s a lesson step may take, and was stopped",
            super::budget::TIME.as_secs_f64()
        )),
    }
}

/// The first refusal among `events`.
fn refusal(events: &[Event]) -> Option<String> {
    events.iter().find_map(|event| match event {
        Event::Refusal(why) => Some(why.clone()),
        _ => None,
    })
}

/// Turns a command's events into the text the console prints, for the facts: the
/// lessons sit below the console, which passes its own renderer.
pub type Render<'a> = &'a dyn Fn(&[Event]) -> String;

/// Runs each fact `step` states in a fresh session of the lesson and matches what its
/// last command prints against the fact and the step's words.
pub fn check_facts(lesson: &Lesson, step: &Step, render: Render) -> Result<(), String> {
    let prose = prose_of(step);
    let prose: Vec<&str> = prose.iter().map(String::as_str).collect();
    // Two facts of a step shown by the same commands run them once.
    let mut shown: Vec<(&[String], String)> = Vec::new();
    for fact in step.facts() {
        if let Some((_, output)) = shown.iter().find(|(run, _)| *run == fact.run.as_slice()) {
            fact.check(output, &prose)?;
            continue;
        }
        let folder = tempfile::tempdir().map_err(|error| format!("no scratch folder: {error}"))?;
        let mut session = lesson_session(lesson, folder.path())?;
        let mut output = String::new();
        for (at, line) in fact.run.iter().enumerate() {
            let events = session.handle_line(line);
            // The last line's refusal may be the fact itself ("h8 is forbidden").
            if at + 1 < fact.run.len()
                && let Some(why) = refusal(&events)
            {
                return Err(format!("the fact's command \"{line}\" was refused: {why}"));
            }
            output = render(&events);
        }
        fact.check(&output, &prose)?;
        shown.push((&fact.run, output));
    }
    Ok(())
}

/// The words a step states its facts in: its prose, and a question's right answers.
fn prose_of(step: &Step) -> Vec<String> {
    let mut prose: Vec<String> = step.prose().into_iter().map(str::to_string).collect();
    if let Step::Question {
        answer, answers, ..
    } = step
    {
        prose.push(super::answer::shown(answer.as_ref(), answers));
        prose.extend(answers.iter().cloned());
    }
    prose
}

/// Checks one lesson; the error names its file and step. `render` turns events into
/// the console's text, which the facts are matched against.
pub fn check(lesson: &Lesson, render: Render) -> Result<(), LessonError> {
    check_telling(lesson, render, &mut |_| {})
}

/// [`check`], telling `at_step` the number of each step (from 1) as it begins, so a
/// front end can name the step that is slow.
pub fn check_telling(
    lesson: &Lesson,
    render: Render,
    at_step: &mut dyn FnMut(usize),
) -> Result<(), LessonError> {
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
    let mut learner = lesson_session(lesson, folder.path()).map_err(|reason| LessonError {
        file: file.clone(),
        step: None,
        reason,
    })?;
    for (index, step) in lesson.steps.iter().enumerate() {
        at_step(index + 1);
        check_quoted(lesson, step).map_err(|reason| fail(index, reason))?;
        check_facts(lesson, step, render).map_err(|reason| fail(index, reason))?;
        match step {
            Step::Text { show: commands, .. } | Step::Demo { commands, .. } => {
                lesson_scratch_run(lesson, commands).map_err(|(command, why)| {
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
                    let events = run_timed(&mut learner, line).map_err(|why| {
                        fail(index, format!("the solution line \"{line}\" {why}"))
                    })?;
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
