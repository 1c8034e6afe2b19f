//! The progress file that remembers, between sessions, how far the learner got in each
//! lesson: read once, never written over when it could not be read, written atomically.

use super::{Course, LessonEvent, LessonProgress, PROGRESS_FILE};
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

impl Course {
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
