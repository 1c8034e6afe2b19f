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

/// What the lines run in fresh sessions of one lesson printed, kept for the lesson's
/// check: a step's quoted command and its fact are often the same `solve`, and a
/// search of seconds is run once.
#[derive(Default)]
pub struct Runs {
    /// The lines run, and the events of the last.
    last: std::collections::HashMap<Vec<String>, Vec<Event>>,
}

impl Runs {
    /// Runs `lines` in a fresh session of the lesson, or recalls them: the events of
    /// the last line; `Err` names an earlier line that was refused.
    fn run(&mut self, lesson: &Lesson, lines: &[String]) -> Result<&[Event], String> {
        if !self.last.contains_key(lines) {
            let folder =
                tempfile::tempdir().map_err(|error| format!("no scratch folder: {error}"))?;
            let mut session = lesson_session(lesson, folder.path())?;
            let mut last = Vec::new();
            for (at, line) in lines.iter().enumerate() {
                last = run_timed(&mut session, line)
                    .map_err(|why| format!("the line \"{line}\" {why}"))?;
                // The last line's refusal may be the point ("h8 is forbidden").
                if at + 1 < lines.len()
                    && let Some(why) = refusal(&last)
                {
                    return Err(format!("the line \"{line}\" was refused: {why}"));
                }
            }
            self.last.insert(lines.to_vec(), last);
        }
        Ok(&self.last[lines])
    }
}

/// Runs each command `step` quotes in a fresh session of the lesson, and, if it is
/// refused there, in one brought to the step's declared state; `Err` names the first
/// refused in both, or that is no command.
pub fn check_quoted(lesson: &Lesson, step: &Step) -> Result<(), String> {
    quoted_in(lesson, step, &mut Runs::default())
}

fn quoted_in(lesson: &Lesson, step: &Step, runs: &mut Runs) -> Result<(), String> {
    for quoted in step.quoted() {
        // The course's own commands are read beside the session, which has no course:
        // that they read as commands is enough (a bare `hint` is the lesson's while the
        // step has hints).
        match command::parse(&quoted) {
            Ok(Command::Course(_)) => continue,
            Ok(Command::Hint(None)) if !step.hints().is_empty() => continue,
            _ => {}
        }
        // As the learner meets it: first in the lesson's state, then, if the step
        // declares one, in the state its lines lead to (a game waiting for a move).
        let plain = refusal(runs.run(lesson, std::slice::from_ref(&quoted))?);
        let Some(why) = plain else { continue };
        if step.state().is_empty() {
            return Err(format!("the quoted command `{quoted}` is refused: {why}"));
        }
        let mut lines = step.state().to_vec();
        lines.push(quoted.clone());
        let stated = runs
            .run(lesson, &lines)
            .map_err(|why| why.replace("the line", "the state line"))?;
        if let Some(why) = refusal(stated) {
            return Err(format!(
                "the quoted command `{quoted}` is refused, with or without {}: {why}",
                step.state().join(", ")
            ));
        }
    }
    Ok(())
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
/// last command prints against the fact and the step's words; then every figure of the
/// step's words must be one a fact checked or the step lists (see [`super::figures`]).
pub fn check_facts(lesson: &Lesson, step: &Step, render: Render) -> Result<(), String> {
    facts_in(lesson, step, render, &mut Runs::default())
}

fn facts_in(lesson: &Lesson, step: &Step, render: Render, runs: &mut Runs) -> Result<(), String> {
    let prose = prose_of(step);
    let prose: Vec<&str> = prose.iter().map(String::as_str).collect();
    let mut stated = Vec::new();
    for fact in step.facts() {
        let output = render(
            runs.run(lesson, &fact.run)
                .map_err(|why| why.replace("the line", "the fact's command"))?,
        );
        stated.extend(fact.check(&output, &prose)?);
    }
    super::figures::audit(step, &step.prose(), &stated)
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
    let mut runs = Runs::default();
    for (index, step) in lesson.steps.iter().enumerate() {
        at_step(index + 1);
        quoted_in(lesson, step, &mut runs).map_err(|reason| fail(index, reason))?;
        facts_in(lesson, step, render, &mut runs).map_err(|reason| fail(index, reason))?;
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
                    // A move the rules refuse is what a refused_move exercise asks for.
                    if let Some(Event::Refusal(why)) = events
                        .iter()
                        .find(|event| matches!(event, Event::Refusal(_)))
                        && !(*goal == super::goal::Goal::RefusedMove
                            && why.starts_with(crate::app::CANNOT_PLAY_THERE))
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
