//! The course beside a session: the console talks to a [`Tutor`], which reads each line
//! for the course first (a lesson command, the answer to a lesson's question, a bare
//! `hint` while a step has hints) and hands everything else to the [`Session`], then lets
//! the open lesson watch what the session did. The session itself knows nothing of
//! lessons: the course drives it through its commands and watches its events.

use super::course::{Course, LessonEvent, OpenGame};
use crate::app::command::{self, Command, CourseCommand};
use crate::app::lesson_state::KeptState;
use crate::app::{Event, Reading, Session, Settings};
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::path::PathBuf;

/// The folder in the saves folder where each lesson's own state is kept between runs.
pub const KEPT_STATES: &str = "lesson-states";

/// What a line made happen, in order: the session's events and what the lesson said.
// Nearly everything said is a session event, moved here as it is: boxing it would cost
// an allocation per event to shrink the rarer lesson words.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Said {
    Session(Event),
    Lesson(LessonEvent),
}

impl Said {
    /// The session's event, if this is one.
    pub fn event(&self) -> Option<&Event> {
        match self {
            Said::Session(event) => Some(event),
            Said::Lesson(_) => None,
        }
    }

    /// What the lesson said, if this is that.
    pub fn lesson(&self) -> Option<&LessonEvent> {
        match self {
            Said::Lesson(said) => Some(said),
            Said::Session(_) => None,
        }
    }
}

/// The session's events among what was said, the lesson's words left out.
pub fn session_events(said: Vec<Said>) -> Vec<Event> {
    said.into_iter()
        .filter_map(|said| match said {
            Said::Session(event) => Some(event),
            Said::Lesson(_) => None,
        })
        .collect()
}

/// A session with the course beside it. Everything that is not the course's is the
/// session's: the tutor derefs to it.
#[derive(Debug)]
pub struct Tutor {
    session: Session,
    course: Course,
    /// The state of each lesson left part way, by lesson name, for when it is resumed.
    kept: HashMap<String, KeptState>,
    /// The learner's own box listing, while a lesson step has set another.
    own_listing: Option<crate::app::BoxListing>,
    /// The learner's own move pictures (on or off), while a lesson step has set others.
    own_pictures: Option<bool>,
}

/// What a step sets the move pictures to (`pictures: off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pictures {
    On,
    Off,
}

impl Tutor {
    pub fn new(settings: Settings) -> Tutor {
        Tutor::with_session(Session::new(settings))
    }

    /// The course beside a session already made (one `--load` filled, say).
    pub fn with_session(session: Session) -> Tutor {
        Tutor {
            session,
            course: Course::default(),
            kept: HashMap::new(),
            own_listing: None,
            own_pictures: None,
        }
    }

    /// Reads one line and does what it says, for the course or for the session.
    pub fn handle_line(&mut self, line: &str) -> Vec<Said> {
        let before = self.course.position();
        let mut said = self.handle_line_unwatched(line);
        // A step opened: the lesson's state is written beside the progress, so that the
        // lesson resumed after menace was closed starts from what the steps before set.
        let after = self.course.position();
        if after.is_some() && after != before {
            said.extend(self.write_open_lesson_state());
            // The listing's notice goes before the step it serves, so that the step
            // still ends on its prompt.
            let at = said
                .iter()
                .position(|said| matches!(said, Said::Lesson(LessonEvent::Step(_))))
                .unwrap_or(said.len());
            if let Some(notice) = self.step_listing() {
                said.insert(at, notice);
            }
            if let Some(notice) = self.step_pictures() {
                said.insert(at, notice);
            }
            // A game left open would make this step's commands refused: said before the
            // step, not found out after. When the open game is the step's own, the step
            // goes on with it, and its board is drawn again under the step.
            match self.course.open_game_for_step(&self.session) {
                OpenGame::InTheWay => said.insert(
                    at,
                    Said::Lesson(LessonEvent::Aside(
                        "Your game is still open, and the step below cannot begin while it is: finish it or type resign first.".into(),
                    )),
                ),
                OpenGame::StepsOwn => {
                    said.insert(
                        at,
                        Said::Lesson(LessonEvent::Aside(format!(
                            "Your game of {} is still open, and it is this step's game: it goes on where you left it.",
                            self.session.game_title()
                        ))),
                    );
                    let board = self.session.board_and_prompt();
                    said.extend(board.into_iter().map(Said::Session));
                }
                // Opened again with a game going that the step does not use: the game
                // is said and drawn, so that the learner knows it waits.
                OpenGame::Unused
                    if self.session.position().is_some()
                        && before.map(|(lesson, _)| lesson) != after.map(|(lesson, _)| lesson) =>
                {
                    said.insert(
                        at,
                        Said::Lesson(LessonEvent::Aside(format!(
                            "Your game of {} is still open: it goes on where you left it.",
                            self.session.game_title()
                        ))),
                    );
                    let board = self.session.board_and_prompt();
                    said.extend(board.into_iter().map(Said::Session));
                }
                OpenGame::Unused => {}
            }
        }
        if after.is_none() {
            self.restore_listing();
        }
        let events = said.iter().filter_map(Said::event);
        if let Some(stopped) = Event::interrupted_unless_said(events) {
            said.push(Said::Session(stopped));
        }
        said
    }

    fn handle_line_unwatched(&mut self, line: &str) -> Vec<Said> {
        // While a lesson's question waits (and no yes/no question does), a line that
        // starts with no command word is its answer: "304" answers "how many boxes?"
        // rather than playing 304 games.
        if !self.session.awaits_confirmation() && self.course.awaits_answer() {
            let first = line.split_whitespace().next().unwrap_or("");
            // `yes` and `no` confirm only when a confirmation waits; here they answer.
            let is_command_word = command::COMMANDS.iter().any(|command| {
                command.name.eq_ignore_ascii_case(first) && !matches!(command.name, "yes" | "no")
            });
            // A line in the words of one of the question's choices answers it, even
            // one that starts with a command's name (`against a defender who ...`).
            if !first.is_empty() && (!is_command_word || self.course.names_a_choice(line)) {
                let answer = Command::Course(CourseCommand::Answer(line.trim().to_string()));
                return self.lesson_command(&answer).unwrap_or_default();
            }
        }
        match self.session.read_line(line) {
            Reading::Command(command) => {
                if let Some(said) = self.lesson_command(&command) {
                    return said;
                }
                let events = self.session.execute(command);
                self.observed(line, events)
            }
            // A confirmed command is seen by an open lesson like any other.
            Reading::Done(events) => self.observed(line, events),
            Reading::Kept(events) => events.into_iter().map(Said::Session).collect(),
        }
    }

    /// The session's events, and what an open lesson makes of them.
    fn observed(&mut self, line: &str, events: Vec<Event>) -> Vec<Said> {
        let lesson = if self.course.is_active() {
            self.course.observe(line, &events, &self.session)
        } else {
            Vec::new()
        };
        events
            .into_iter()
            .map(Said::Session)
            .chain(lesson.into_iter().map(Said::Lesson))
            .collect()
    }

    /// The course's commands, and a bare `hint` while a lesson step has hints; `None` for
    /// every other command.
    fn lesson_command(&mut self, command: &Command) -> Option<Vec<Said>> {
        let open = self.course.position().map(|(open, _)| open);
        let (set_up, said) = match command {
            Command::Course(command) => self.course_command(command),
            Command::Hint(None) if self.course.wants_hint() => {
                (None, self.course.hint(self.session.position()))
            }
            _ => return None,
        };
        let finished = said
            .iter()
            .any(|said| matches!(said, LessonEvent::Finished { .. }));
        let mut all: Vec<Said> = set_up.into_iter().map(Said::Session).collect();
        all.extend(said.into_iter().map(Said::Lesson));
        // The lesson ended, was left, or its file went: the learner's own state is back.
        if !self.course.is_active() {
            // Left part way, the lesson's state is kept for when it is opened again; a
            // finished lesson starts afresh next time, so its state is discarded.
            let name = open.map(|open| self.course.lesson_name(open).to_string());
            let resumable = !finished;
            if let Some((event, state)) = self.session.leave_lesson_state_kept(resumable) {
                all.push(Said::Session(event));
                let folder = kept_folder(&self.session);
                match name {
                    Some(name) if resumable => {
                        let problems = keep(&mut self.kept, &folder, name, state);
                        all.extend(problems.into_iter().map(Said::Lesson));
                    }
                    Some(name) => KeptState::remove(&folder, &name),
                    None => {}
                }
            }
        }
        Some(all)
    }

    /// What the tutor does for each of the course's commands: the session's event that
    /// set a lesson up, if one was, and what the lesson said.
    fn course_command(&mut self, command: &CourseCommand) -> (Option<Event>, Vec<LessonEvent>) {
        let course = &mut self.course;
        let session = &mut self.session;
        let said = match command {
            CourseCommand::Lessons => course.list(session.settings()),
            CourseCommand::Lesson(which) => return self.open_lesson(which),
            CourseCommand::Next => course.next(session),
            CourseCommand::Back => course.back(session),
            CourseCommand::Skip => {
                // A setting the next steps rely on is made anyway, and said.
                let typed = course.setting_to_type_on_skip(session);
                let mut aside = Vec::new();
                for line in typed.iter().flatten() {
                    if let Ok(command) = command::parse(line) {
                        session.execute(command);
                    }
                }
                if let Some(lines) = typed.filter(|lines| !lines.is_empty()) {
                    aside.push(LessonEvent::Aside(format!(
                        "The next steps need this setting, so `{}` was typed for you.",
                        lines.join("`, then `")
                    )));
                }
                let mut said = course.skip(session);
                let at = usize::from(!said.is_empty());
                for (offset, event) in aside.into_iter().enumerate() {
                    said.insert(at + offset, event);
                }
                said
            }
            CourseCommand::QuitLesson => course.quit(),
            CourseCommand::Answer(text) => course.answer(text, session),
        };
        (None, said)
    }

    /// `lesson N`: the lesson found, set up in its own state (resumed as it was left, if
    /// it was), the lesson open until now kept.
    fn open_lesson(&mut self, which: &str) -> (Option<Event>, Vec<LessonEvent>) {
        let course = &mut self.course;
        let session = &mut self.session;
        let mut set_up = None;
        let (mut said, found) = course.find(which, session.settings());
        // The lesson already open is shown again where it stands: its state is
        // the session's own, neither put aside nor replaced.
        if let Some(index) = found
            && course.position().map(|(open, _)| open) == Some(index)
        {
            said.extend(course.start(index, session));
        } else if let Some(index) = found {
            let name = course.lesson_name(index).to_string();
            let folder = kept_folder(session);
            // The lesson's state as it was left part way, from this run or from
            // the saves folder; none for a lesson never opened or finished since.
            let kept = match self.kept.remove(&name) {
                Some(kept) => Some(kept),
                None => KeptState::load(&folder, &name).unwrap_or_else(|why| {
                    said.push(LessonEvent::Problem(format!(
                        "The state this lesson was left in could not be read ({why}); it starts from its own setup instead. Your own boxes are untouched."
                    )));
                    None
                }),
            };
            let open = course.position().map(|(open, _)| open);
            let entered = course
                .needs(index)
                .setup()
                .and_then(|setup| session.enter_lesson_state_kept(&setup, kept));
            match entered {
                Ok((event, displaced)) => {
                    set_up = Some(event);
                    // The learner's own listing and pictures come back when the lesson
                    // ends, whoever changed them in it (a step, or `boxes changed`).
                    self.own_listing
                        .get_or_insert(session.settings().show_boxes);
                    self.own_pictures
                        .get_or_insert(session.settings().show_pictures);
                    // The lesson open until now is kept, not dropped.
                    if let (Some(open), Some(displaced)) = (open, displaced) {
                        let open = course.lesson_name(open).to_string();
                        said.extend(keep(&mut self.kept, &folder, open, displaced));
                    }
                    said.extend(course.start(index, session));
                }
                Err(why) => said.push(LessonEvent::Problem(format!(
                    "This lesson cannot start: {why}."
                ))),
            }
        }
        (set_up, said)
    }

    /// The box listing the step that just opened asks for, set and said, the learner's
    /// own remembered to come back when the lesson is left.
    fn step_listing(&mut self) -> Option<Said> {
        let wanted = self.course.step_listing()?;
        let current = self.session.settings().show_boxes;
        if wanted == current {
            return None;
        }
        self.own_listing.get_or_insert(current);
        let events = self.session.execute(Command::BoxesAfterGame(wanted));
        events.into_iter().next().map(Said::Session)
    }

    /// The move pictures the step that just opened asks for, set and said, the
    /// learner's own remembered to come back when the lesson is left.
    fn step_pictures(&mut self) -> Option<Said> {
        let wanted = self.course.step_pictures()? == Pictures::On;
        let current = self.session.settings().show_pictures;
        if wanted == current {
            return None;
        }
        self.own_pictures.get_or_insert(current);
        let events = self.session.execute(Command::Pictures(wanted));
        events.into_iter().next().map(Said::Session)
    }

    /// The learner's own box listing and move pictures back, after a lesson step
    /// changed them.
    fn restore_listing(&mut self) {
        if let Some(own) = self.own_listing.take() {
            let _ = self.session.execute(Command::BoxesAfterGame(own));
        }
        if let Some(own) = self.own_pictures.take() {
            let _ = self.session.execute(Command::Pictures(own));
        }
    }

    /// Writes the open lesson's state beside the progress; a sentence if it failed.
    fn write_open_lesson_state(&mut self) -> Option<Said> {
        let (open, _) = self.course.position()?;
        let name = self.course.lesson_name(open).to_string();
        let folder = kept_folder(&self.session);
        let written = self.session.save_lesson_state(&folder, &name);
        written.err().map(|why| Said::Lesson(not_kept(&why)))
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

/// Where lessons' states are kept: a folder in the saves folder.
fn kept_folder(session: &Session) -> PathBuf {
    session.settings().saves_dir.join(KEPT_STATES)
}

/// Keeps a lesson's state in memory and on disk; what to say if the disk refused it.
fn keep(
    kept: &mut HashMap<String, KeptState>,
    folder: &std::path::Path,
    name: String,
    state: KeptState,
) -> Vec<LessonEvent> {
    let written = state.save(folder, &name);
    kept.insert(name, state);
    written
        .err()
        .map(|why| not_kept(&why))
        .into_iter()
        .collect()
}

fn not_kept(why: &str) -> LessonEvent {
    LessonEvent::Problem(format!(
        "The lesson's state could not be written to the saves folder ({why}); it is kept until you quit."
    ))
}

impl Deref for Tutor {
    type Target = Session;

    fn deref(&self) -> &Session {
        &self.session
    }
}

impl DerefMut for Tutor {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}
