//! The course beside a session: the console talks to a [`Tutor`], which reads each line
//! for the course first (a lesson command, the answer to a lesson's question, a bare
//! `hint` while a step has hints) and hands everything else to the [`Session`], then lets
//! the open lesson watch what the session did. The session itself knows nothing of
//! lessons: the course drives it through its commands and watches its events.

use super::course::{Course, LessonEvent};
use crate::app::command::{self, Command};
use crate::app::{Event, Reading, Session, Settings};
use std::ops::{Deref, DerefMut};

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
        }
    }

    /// Reads one line and does what it says, for the course or for the session.
    pub fn handle_line(&mut self, line: &str) -> Vec<Said> {
        let mut said = self.handle_line_unwatched(line);
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
            if !first.is_empty() && !is_command_word {
                let answer = Command::Answer(line.trim().to_string());
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

    /// The lesson commands, and a bare `hint` while a lesson step has hints; `None` for
    /// every other command.
    fn lesson_command(&mut self, command: &Command) -> Option<Vec<Said>> {
        let course = &mut self.course;
        let session = &mut self.session;
        let mut set_up = None;
        let said = match command {
            Command::Lessons => course.list(session.settings()),
            Command::Lesson(which) => {
                let (mut said, found) = course.find(which, session.settings());
                if let Some(index) = found {
                    let entered = course
                        .needs(index)
                        .setup()
                        .and_then(|setup| session.enter_lesson_state(&setup));
                    match entered {
                        Ok(event) => {
                            set_up = Some(event);
                            said.extend(course.start(index, session));
                        }
                        Err(why) => said.push(LessonEvent::Problem(format!(
                            "This lesson cannot start: {why}."
                        ))),
                    }
                }
                said
            }
            Command::Next => course.next(session),
            Command::Back => course.back(session),
            Command::Skip => course.skip(session),
            Command::QuitLesson => course.quit(),
            Command::Answer(text) => course.answer(text),
            Command::Hint(None) if course.wants_hint() => course.hint(session.position()),
            _ => return None,
        };
        let mut all: Vec<Said> = set_up.into_iter().map(Said::Session).collect();
        all.extend(said.into_iter().map(Said::Lesson));
        // The lesson ended, was left, or its file went: the learner's own state is back.
        if !self.course.is_active() {
            all.extend(self.session.leave_lesson_state().map(Said::Session));
        }
        Some(all)
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
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
