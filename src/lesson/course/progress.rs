//! How far the learner got in each lesson (the step, whether it was done, how far
//! they went), and the progress file that remembers it between sessions: read once,
//! never written over when it could not be read, written atomically.

use super::{Course, LessonEvent, PROGRESS_FILE};
use crate::app::Session;
use crate::menace::save::{self, SaveError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The largest progress file read: a line per lesson, so a few kilobytes at most.
const MAX_PROGRESS_BYTES: u64 = 256 * 1024;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProgressFile {
    pub(super) format: u32,
    pub(super) lessons: BTreeMap<String, LessonProgress>,
}

/// How far the learner got in one lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    /// The step to resume at, from 0.
    pub step: usize,
    pub done: bool,
    /// That step's exercise was done or its question answered, so `next` goes on from
    /// it after leaving and coming back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub solved: bool,
    /// The furthest step reached (the steps before it were done, answered or skipped),
    /// so that after `back`, leaving and coming back, `next` still goes on.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub furthest: usize,
    /// The furthest step itself was done or answered before the learner went `back`
    /// from it, so `next` passes it too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub furthest_solved: bool,
}

fn is_zero(number: &usize) -> bool {
    *number == 0
}

impl Course {
    /// The step lesson `index` opens at: where the learner left it, a finished lesson
    /// too (`quit-lesson` says so); a lesson finished and not opened since starts again
    /// at its first step.
    pub fn resume_step(&self, index: usize) -> usize {
        let saved = self
            .progress
            .get(&self.lessons[index].name)
            .copied()
            .unwrap_or_default();
        if saved.step >= self.lessons[index].steps.len() {
            0
        } else {
            saved.step
        }
    }

    /// [`Course::record`], then writes the progress file.
    pub(super) fn record_and_save(&mut self, session: &Session) -> Option<LessonEvent> {
        self.record();
        self.save_progress(&session.settings().saves_dir)
    }

    /// Records where the open lesson stands (its step, whether it is done, how far the
    /// learner got), so that leaving and coming back changes nothing.
    pub(super) fn record(&mut self) {
        let Some(active) = &self.active else {
            return;
        };
        let name = self.lessons[active.lesson].name.clone();
        let done = self.progress.get(&name).is_some_and(|p| p.done);
        self.progress.insert(
            name,
            LessonProgress {
                step: active.step,
                done,
                solved: active.solved,
                furthest: active.furthest,
                furthest_solved: active.furthest_solved,
            },
        );
    }

    pub(super) fn load_progress(&mut self, saves: &Path) -> Option<LessonEvent> {
        if self.progress_loaded {
            return None;
        }
        self.progress_loaded = true;
        let path = saves.join(PROGRESS_FILE);
        let shown = crate::files::shown(&path.display().to_string(), 200);
        let text = match crate::files::read_text(&path, MAX_PROGRESS_BYTES) {
            Ok(text) => text,
            Err(crate::files::ReadProblem::Missing) => return None,
            Err(problem) => {
                self.progress_unwritable = true;
                return Some(LessonEvent::Problem(format!(
                    "Lesson progress in {shown} could not be read ({problem}); it is left as it is, and this session's progress is kept only until you quit. Your boxes are untouched."
                )));
            }
        };
        let parsed = crate::files::check_nesting(&text, crate::files::MAX_NESTING)
            .ok()
            .and_then(|()| serde_yaml::from_str::<ProgressFile>(&text).ok());
        match parsed {
            Some(file) if file.format == 1 => {
                self.progress = file.lessons;
                None
            }
            Some(_) | None => {
                self.progress_unwritable = true;
                Some(LessonEvent::Problem(format!(
                    "Lesson progress in {shown} is not readable; it is left as it is, and this session's progress is kept only until you quit. Your boxes are untouched."
                )))
            }
        }
    }

    pub(super) fn save_progress(&self, saves: &Path) -> Option<LessonEvent> {
        if self.progress_unwritable {
            return None;
        }
        let file = ProgressFile {
            format: 1,
            lessons: self.progress.clone(),
        };
        let text = serde_yaml::to_string(&file).unwrap_or_default();
        // The saves folder is made for the first progress written; a save never makes
        // any other folder.
        let _ = std::fs::create_dir_all(saves);
        match save::write_atomically(&saves.join(PROGRESS_FILE), text.as_bytes()) {
            Ok(()) => None,
            Err(SaveError { path, error }) => Some(LessonEvent::Problem(format!(
                "Lesson progress could not be written to {}: {error}.",
                path.display()
            ))),
        }
    }
}
