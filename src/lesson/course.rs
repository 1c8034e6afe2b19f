//! A learner's way through the lessons: which lesson and step, what the current exercise
//! has seen, and the progress file that remembers it between sessions.

use super::goal::Tally;
pub use super::scratch::scratch_run;

mod answers;
mod hints;
mod listing;
mod open_game;
mod progress;
use super::{Lesson, Step, load_all};
use crate::app::{Event, Session, Settings};
pub use open_game::OpenGame;
pub use progress::LessonProgress;
use std::collections::BTreeMap;
use std::path::Path;

/// The progress file's name, in the saves folder.
pub const PROGRESS_FILE: &str = "lessons.yaml";

/// One line of the `lessons` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListEntry {
    pub number: usize,
    pub name: String,
    pub title: String,
    pub summary: String,
    pub steps: usize,
    pub progress: LessonProgress,
}

/// A step as the learner sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct StepView {
    pub lesson_number: usize,
    pub title: String,
    pub step: usize,
    pub steps: usize,
    pub kind: &'static str,
    pub text: String,
    /// The position the step asks about, drawn under its text.
    pub board: Option<crate::app::Event>,
    /// Commands run in a scratch session, each with what it did.
    pub outputs: Vec<super::scratch::Shown>,
    /// For an exercise whose goal is already met.
    pub already_done: Option<String>,
}

/// What the lesson runner has to say.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonEvent {
    List(Vec<ListEntry>),
    Step(Box<StepView>),
    GoalMet(String),
    Hint {
        text: String,
        number: usize,
        of: usize,
        /// The last hint, with a game waiting for a move: the AI to name for advice on
        /// it, the strongest the game declares for `hint` (never one that plays it badly).
        ask_an_ai: Option<String>,
    },
    NoHints,
    Correct {
        explain: String,
    },
    Wrong {
        hint: Option<String>,
        /// Why the answer is wrong, where the program judged it (see [`super::judge`]).
        why: Option<String>,
    },
    NotYet(String),
    /// `skip`; a skipped question shows its answer.
    Skipped(Option<String>),
    Finished {
        title: String,
        next: Option<String>,
    },
    Left {
        title: String,
    },
    /// A sentence of the lesson's beside what the learner does: the count along a
    /// `find_boxes` exercise, or a game still open where the step opening starts others.
    Aside(String),
    /// Every lesson is done: the titles of what was learned, in order.
    CourseComplete(Vec<String>),
    AtStart,
    /// Something went wrong: one sentence.
    Problem(String),
}

#[derive(Debug, Clone)]
struct Active {
    lesson: usize,
    step: usize,
    tally: Tally,
    hints_shown: usize,
    /// The exercise's goal is met, or the question answered.
    solved: bool,
    /// The furthest step reached in this lesson: the steps before it were done,
    /// answered or skipped, so after `back` to one of them `next` goes on again.
    furthest: usize,
    /// The furthest step was itself done or answered when the learner went `back`
    /// from it: coming to it again with `next`, it is passed too.
    furthest_solved: bool,
}

/// The lessons, the learner's progress, and the lesson in progress.
#[derive(Debug, Clone, Default)]
pub struct Course {
    lessons: Vec<Lesson>,
    progress: BTreeMap<String, LessonProgress>,
    progress_loaded: bool,
    /// The progress file could not be read: it is never written over (it may be the
    /// learner's own, damaged or not ours), and this session's progress stays in memory.
    progress_unwritable: bool,
    active: Option<Active>,
}

impl Course {
    /// True while a lesson is open.
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }

    /// True while the open step has hints, so a bare `hint` is the lesson's.
    pub fn wants_hint(&self) -> bool {
        self.current_step()
            .is_some_and(|step| matches!(step, Step::Exercise { .. } | Step::Question { .. }))
    }

    /// True while the open step is a question not yet answered right: a bare line
    /// that is no command (`304`, `41`) is then its answer.
    pub fn awaits_answer(&self) -> bool {
        self.active.as_ref().is_some_and(|active| !active.solved)
            && matches!(self.current_step(), Some(Step::Question { .. }))
    }

    /// True when `line` is in the words of one of the open question's choices.
    pub fn names_a_choice(&self, line: &str) -> bool {
        matches!(self.current_step(), Some(Step::Question { text, .. })
            if super::answer::names_a_choice(line, text))
    }

    fn current_step(&self) -> Option<&Step> {
        let active = self.active.as_ref()?;
        self.lessons.get(active.lesson)?.steps.get(active.step)
    }

    /// The file name (without `.yaml`) of lesson `index`.
    pub fn lesson_name(&self, index: usize) -> &str {
        &self.lessons[index].name
    }

    /// The box listing the open step asks for, if it asks for one.
    pub fn step_listing(&self) -> Option<crate::app::BoxListing> {
        match self.current_step()? {
            Step::Exercise { listing, .. } => *listing,
            _ => None,
        }
    }

    /// The move pictures the open step asks for, if it sets them.
    pub fn step_pictures(&self) -> Option<super::tutor::Pictures> {
        match self.current_step()? {
            Step::Exercise { pictures, .. } => *pictures,
            _ => None,
        }
    }

    /// The open lesson and step, if one is open.
    pub fn position(&self) -> Option<(usize, usize)> {
        self.active
            .as_ref()
            .map(|active| (active.lesson, active.step))
    }

    /// Starts or resumes lesson `index`, found by [`Course::find`].
    pub fn start(&mut self, index: usize, session: &Session) -> Vec<LessonEvent> {
        let step = self.resume_step(index);
        let saved = self
            .progress
            .get(&self.lessons[index].name)
            .copied()
            // A lesson finished and opened again keeps its second walk's progress too.
            .filter(|saved| saved.step == step)
            .unwrap_or_default();
        let steps = self.lessons[index].steps.len();
        self.active = Some(Active {
            lesson: index,
            step,
            tally: Tally::default(),
            hints_shown: 0,
            solved: false,
            furthest: saved.furthest.clamp(step, steps.saturating_sub(1)),
            furthest_solved: saved.furthest_solved,
        });
        let mut events = self.enter_step(session);
        // A step done or answered before leaving stays done: the learner is told so,
        // and `next` goes on.
        if saved.solved
            && let Some(active) = self.active.as_mut()
        {
            active.solved = true;
            for event in &mut events {
                if let LessonEvent::Step(view) = event
                    && view.already_done.is_none()
                {
                    view.already_done = Some(match view.kind {
                        "question" => "you answered this question before you left".into(),
                        _ => "you did this before you left".into(),
                    });
                }
            }
        }
        events
    }

    /// Shows the step the learner is at, and records it.
    fn enter_step(&mut self, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Vec::new();
        };
        active.tally = Tally::default();
        active.hints_shown = 0;
        active.solved = false;
        let lesson = &self.lessons[active.lesson];
        let step = &lesson.steps[active.step];
        let (text, commands) = match step {
            Step::Text { text, show, .. } => (text, show.as_slice()),
            Step::Demo { text, commands, .. } => (text, commands.as_slice()),
            Step::Exercise { text, .. } | Step::Question { text, .. } => (text, &[][..]),
        };
        let mut events = Vec::new();
        let outputs = match super::scratch::lesson_scratch_run(lesson, commands) {
            Ok(outputs) => outputs,
            Err((command, why)) => {
                events.push(LessonEvent::Problem(format!(
                    "This step's command \"{command}\" no longer works ({why}); please tell the lesson's author."
                )));
                Vec::new()
            }
        };
        // The position was read when the lesson was loaded.
        let board = super::judge::drawn(lesson, step).ok().flatten();
        let already_done = match step {
            // Done or answered before the learner went `back` from it.
            _ if active.step == active.furthest && active.furthest_solved => {
                active.solved = true;
                Some(match step {
                    Step::Question { .. } => "you answered this question already".to_string(),
                    _ => "you did this already".to_string(),
                })
            }
            Step::Exercise { goal, .. } if goal.met(&active.tally, session) => {
                active.solved = true;
                Some(goal.describe())
            }
            _ => None,
        };
        events.insert(
            0,
            LessonEvent::Step(Box::new(StepView {
                lesson_number: active.lesson + 1,
                title: lesson.title.clone(),
                step: active.step + 1,
                steps: lesson.steps.len(),
                kind: step.kind(),
                text: text.trim_end().to_string(),
                board,
                outputs,
                already_done,
            })),
        );
        self.record();
        events.extend(self.save_progress(&session.settings().saves_dir));
        events
    }

    fn no_lesson() -> Vec<LessonEvent> {
        vec![LessonEvent::Problem(
            "No lesson is open: type lessons to see them, or lesson 1 to start.".into(),
        )]
    }

    /// `next`: on to the next step, once this one is done.
    pub fn next(&mut self, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Course::no_lesson();
        };
        let lesson = &self.lessons[active.lesson];
        // A step the learner has been past (and came `back` to) is passed already.
        let passed = active.solved
            || active.step < active.furthest
            || (active.step == active.furthest && active.furthest_solved);
        match &lesson.steps[active.step] {
            Step::Exercise { .. } if !passed => {
                return vec![LessonEvent::NotYet(
                    "This exercise is not done yet: type hint for help, or skip to move on.".into(),
                )];
            }
            Step::Question { .. } if !passed => {
                return vec![LessonEvent::NotYet(
                    "Answer the question first (type your answer), or type skip.".into(),
                )];
            }
            _ => {}
        }
        self.advance(session)
    }

    fn advance(&mut self, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Course::no_lesson();
        };
        let lesson = &self.lessons[active.lesson];
        if active.step + 1 < lesson.steps.len() {
            active.step += 1;
            if active.step > active.furthest {
                active.furthest = active.step;
                active.furthest_solved = false;
            }
            return self.enter_step(session);
        }
        let title = lesson.title.clone();
        let name = lesson.name.clone();
        let next = self
            .lessons
            .get(active.lesson + 1)
            .map(|next| format!("type `lesson {}` ({})", active.lesson + 2, next.title));
        self.progress.insert(
            name,
            LessonProgress {
                step: 0,
                done: true,
                ..LessonProgress::default()
            },
        );
        self.active = None;
        let mut events = vec![LessonEvent::Finished { title, next }];
        if self.course_complete() {
            events.push(LessonEvent::CourseComplete(
                self.lessons
                    .iter()
                    .map(|lesson| lesson.title.clone())
                    .collect(),
            ));
        }
        events.extend(self.save_progress(&session.settings().saves_dir));
        events
    }

    /// True once every lesson of the course is done.
    pub fn course_complete(&self) -> bool {
        !self.lessons.is_empty()
            && self.lessons.iter().all(|lesson| {
                self.progress
                    .get(&lesson.name)
                    .is_some_and(|progress| progress.done)
            })
    }

    /// `back`: the previous step again.
    pub fn back(&mut self, session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Course::no_lesson();
        };
        if active.step == 0 {
            return vec![LessonEvent::AtStart];
        }
        if active.step == active.furthest && active.solved {
            active.furthest_solved = true;
        }
        active.step -= 1;
        self.enter_step(session)
    }

    /// `quit-lesson`: closes the lesson; progress stays.
    pub fn quit(&mut self) -> Vec<LessonEvent> {
        match self.active.take() {
            Some(active) => vec![LessonEvent::Left {
                title: self.lessons[active.lesson].title.clone(),
            }],
            None => Course::no_lesson(),
        }
    }

    /// After an ordinary command during an exercise: did it meet the goal?
    pub fn observe(&mut self, line: &str, events: &[Event], session: &Session) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Vec::new();
        };
        let Step::Exercise { goal, .. } = &self.lessons[active.lesson].steps[active.step] else {
            return Vec::new();
        };
        if active.solved {
            return Vec::new();
        }
        let mut said = Vec::new();
        if let super::Goal::FindBoxes { menace_move } = goal {
            said.extend(
                super::goal::count_along(&mut active.tally, events, *menace_move)
                    .map(LessonEvent::Aside),
            );
        } else {
            active.tally.observe(events);
        }
        if goal.met(&active.tally, session) {
            active.solved = true;
            said.push(LessonEvent::GoalMet(goal.describe_met(&active.tally)));
            said.extend(self.record_and_save(session));
            return said;
        }
        if !said.is_empty() {
            return said;
        }
        // A refused line outside a game is a wrong try at the exercise: offer the next
        // hint. During a game a refusal is about the game (a move that is not legal, a
        // command that waits for the game's end), and the refusal itself answers it; a
        // hint then would tell the learner to do what they cannot (start a game while
        // one is in progress) or what they just tried.
        if events
            .iter()
            .any(|event| matches!(event, Event::Refusal(_)))
            && session.position().is_none()
            && !self.next_hint_quotes(line)
        {
            return self.hint(None);
        }
        Vec::new()
    }
}
