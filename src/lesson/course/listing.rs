//! Which lessons there are: read again from their folder on each look (so a teacher's
//! edits show at once, a broken file named and left out), listed with the learner's
//! progress, and found by number or name.

use super::*;

impl Course {
    /// (Re)reads the lessons, so a teacher's edits show at once. Each broken file is
    /// named (and left out); the others stay usable.
    fn reload(&mut self, folder: &Path) -> Vec<LessonEvent> {
        let loaded = match load_all(folder) {
            Ok(loaded) => loaded,
            Err(error) => return vec![LessonEvent::Problem(format!("{error}."))],
        };
        let mut problems: Vec<LessonEvent> = loaded
            .broken
            .iter()
            .map(|error| {
                LessonEvent::Problem(format!(
                    "A lesson file is broken and left out: {}.",
                    error.to_string().trim_end_matches('.')
                ))
            })
            .collect();
        let lessons = loaded.lessons;
        if lessons.is_empty() {
            problems.push(LessonEvent::Problem(format!(
                "There are no lessons in {}.",
                crate::files::shown(&folder.display().to_string(), 200)
            )));
        }
        // A lesson open while its file changed is closed.
        if let Some(active) = &self.active {
            let same = self.lessons.get(active.lesson).map(|l| &l.name)
                == lessons.get(active.lesson).map(|l| &l.name);
            let step_still_there = lessons
                .get(active.lesson)
                .is_some_and(|lesson| active.step < lesson.steps.len());
            if !same || !step_still_there {
                self.active = None;
            }
        }
        self.lessons = lessons;
        problems
    }

    fn prepare(&mut self, settings: &Settings) -> Vec<LessonEvent> {
        let mut events: Vec<LessonEvent> = self
            .load_progress(&settings.saves_dir)
            .into_iter()
            .collect();
        events.extend(self.reload(&settings.lessons_dir));
        events
    }

    /// `lessons`: every lesson with the learner's progress.
    pub fn list(&mut self, settings: &Settings) -> Vec<LessonEvent> {
        let mut events = self.prepare(settings);
        if self.lessons.is_empty() {
            return events;
        }
        let entries = self
            .lessons
            .iter()
            .enumerate()
            .map(|(index, lesson)| ListEntry {
                number: index + 1,
                name: lesson.name.clone(),
                title: lesson.title.clone(),
                summary: lesson.summary.clone(),
                steps: lesson.steps.len(),
                // A step past the lesson's end (an edited lesson, a damaged file) starts
                // it again, as `lesson N` would.
                progress: self
                    .progress
                    .get(&lesson.name)
                    .copied()
                    .filter(|progress| progress.step < lesson.steps.len())
                    .unwrap_or_default(),
            })
            .collect();
        events.push(LessonEvent::List(entries));
        events
    }

    /// `lesson N` or `lesson NAME`: starts or resumes a lesson, in the session as it is
    /// (the console sets up the lesson's [`super::Needs`] between [`Course::find`] and
    /// [`Course::start`]).
    pub fn open(&mut self, which: &str, session: &Session) -> Vec<LessonEvent> {
        let (mut events, found) = self.find(which, session.settings());
        if let Some(index) = found {
            events.extend(self.start(index, session));
        }
        events
    }

    /// The state lesson `index` (from [`Course::find`]) runs in.
    pub fn needs(&self, index: usize) -> &crate::lesson::Needs {
        &self.lessons[index].needs
    }

    /// The lesson `lesson N` or `lesson NAME` names: its index, or what is wrong.
    pub fn find(&mut self, which: &str, settings: &Settings) -> (Vec<LessonEvent>, Option<usize>) {
        let mut events = self.prepare(settings);
        if self.lessons.is_empty() {
            return (events, None);
        }
        let wanted = which.trim().to_ascii_lowercase();
        let found = wanted
            .parse::<usize>()
            .ok()
            .and_then(|number| number.checked_sub(1))
            .filter(|index| *index < self.lessons.len())
            .or_else(|| {
                self.lessons.iter().position(|lesson| {
                    lesson.name.to_ascii_lowercase() == wanted
                        || lesson.name.to_ascii_lowercase().get(3..) == Some(wanted.as_str())
                })
            });
        if found.is_none() {
            events.push(LessonEvent::Problem(format!(
                "There is no lesson \"{which}\": type lessons to see them, then lesson 1 to start."
            )));
        }
        (events, found)
    }
}
