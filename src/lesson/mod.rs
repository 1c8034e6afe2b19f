//! The lessons: YAML files a teacher edits (`lessons/*.yaml`), checked on load, stepped
//! through inside the console, and run headlessly by `menace lessons --check`.
//!
//! A lesson is a title, a one-line summary, what it assumes, a seed for its scratch
//! sessions, and steps. A step is text to read (optionally showing the output of console
//! commands, so pictures come from the program itself), a demonstration (commands run in
//! a scratch session, with their real output), an exercise (the learner types commands
//! until a goal on the real session is met; a scripted solution proves it can be), or a
//! question (answered with `answer ...`).

pub mod answer;
pub mod budget;
pub mod check;
pub mod course;
pub mod facts;
pub mod figures;
pub mod goal;
pub mod judge;
pub mod needs;
pub mod scratch;
pub mod tutor;

use crate::app::command::{self, Command};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};

pub use facts::Fact;
pub use goal::Goal;
pub use needs::Needs;
pub use tutor::{Said, Tutor};

/// One lesson file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub title: String,
    pub summary: String,
    /// What the learner should know first, in words (e.g. "lesson 1").
    #[serde(default)]
    pub assumes: String,
    /// Seeds the scratch sessions of demonstrations and of the check.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// The game, preset, side and opponent it runs in (see [`needs`]).
    #[serde(default)]
    pub needs: Needs,
    pub steps: Vec<Step>,
    /// The file's name without `.yaml`, e.g. `01-meet-menace`.
    #[serde(skip)]
    pub name: String,
}

fn default_seed() -> u64 {
    1
}

/// One step of a lesson.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// Paragraphs to read; `show` runs console commands in a scratch session and shows
    /// their output under the text (a box, a board, a listing).
    Text {
        text: String,
        #[serde(default)]
        show: Vec<String>,
        /// A position of the lesson's game, drawn under the text (a puzzle to look at).
        #[serde(default)]
        position: Option<String>,
        #[serde(default)]
        state: Vec<String>,
        /// Figures and results the step states, with the commands that show them.
        #[serde(default)]
        facts: Vec<Fact>,
        /// Figures of the step's words no command computes (see [`figures`]).
        #[serde(default)]
        cites: Vec<String>,
        /// Figures the program computes that no fact checks yet (see [`figures`]).
        #[serde(default)]
        unchecked: Vec<String>,
    },
    /// Commands run in a scratch session with the lesson's seed, shown with their output.
    Demo {
        text: String,
        commands: Vec<String>,
        #[serde(default)]
        state: Vec<String>,
        /// Figures and results the step states, with the commands that show them.
        #[serde(default)]
        facts: Vec<Fact>,
        /// Figures of the step's words no command computes (see [`figures`]).
        #[serde(default)]
        cites: Vec<String>,
        /// Figures the program computes that no fact checks yet (see [`figures`]).
        #[serde(default)]
        unchecked: Vec<String>,
    },
    /// The learner does something; the goal is checked on the real session.
    Exercise {
        text: String,
        goal: Goal,
        #[serde(default)]
        hints: Vec<String>,
        /// Lines that reach the goal; `menace lessons --check` runs them.
        solution: Vec<String>,
        /// The box listing after each game while the step is open (`changed`, `off`),
        /// where a run of games would bury what the step asks the learner to watch; the
        /// learner's own comes back when the lesson is left.
        #[serde(default)]
        listing: Option<crate::app::BoxListing>,
        /// The move pictures (each MENACE move drawn as its box) while the step is open:
        /// `off` where a game's hundreds of pictures would bury what the step shows.
        #[serde(default)]
        pictures: Option<tutor::Pictures>,
        #[serde(default)]
        state: Vec<String>,
        /// Figures and results the step states, with the commands that show them.
        #[serde(default)]
        facts: Vec<Fact>,
        /// Figures of the step's words no command computes (see [`figures`]).
        #[serde(default)]
        cites: Vec<String>,
        /// Figures the program computes that no fact checks yet (see [`figures`]).
        #[serde(default)]
        unchecked: Vec<String>,
    },
    /// A question; the learner types `answer ...`.
    Question {
        text: String,
        /// The right answer, of a kind of question (see [`answer`]): every spelling
        /// the kind reads is accepted.
        #[serde(default)]
        answer: Option<answer::Expected>,
        /// Exact answers accepted (besides `answer`).
        #[serde(default)]
        answers: Vec<String>,
        /// A position of the lesson's game, drawn under the question.
        #[serde(default)]
        position: Option<String>,
        /// The program judges the answer in `position` (see [`judge`]), instead of
        /// `answer` and `answers`.
        #[serde(default)]
        judge: Option<judge::Judge>,
        #[serde(default)]
        hints: Vec<String>,
        /// Shown once it is answered (or skipped).
        explain: String,
        #[serde(default)]
        state: Vec<String>,
        /// Figures and results the step states, with the commands that show them.
        #[serde(default)]
        facts: Vec<Fact>,
        /// Figures of the step's words no command computes (see [`figures`]).
        #[serde(default)]
        cites: Vec<String>,
        /// Figures the program computes that no fact checks yet (see [`figures`]).
        #[serde(default)]
        unchecked: Vec<String>,
    },
}

// Every kind of step may declare `state`: the lines that bring a fresh session of the
// lesson to the state the step speaks of (`["1"]`: a game is waiting for your move).
// `menace lessons --check` runs each command the step quotes in backticks in the
// lesson's own state, and one refused there again after the step's state lines.

impl Step {
    /// A word for the kind of step.
    pub fn kind(&self) -> &'static str {
        match self {
            Step::Text { .. } => "text",
            Step::Demo { .. } => "demonstration",
            Step::Exercise { .. } => "exercise",
            Step::Question { .. } => "question",
        }
    }

    /// The lines that bring a fresh session of the lesson to the state this step
    /// speaks of, where the commands it quotes are checked.
    pub fn state(&self) -> &[String] {
        match self {
            Step::Text { state, .. }
            | Step::Demo { state, .. }
            | Step::Exercise { state, .. }
            | Step::Question { state, .. } => state,
        }
    }

    /// Everything the step says to the learner: its text, hints and explanation.
    pub fn prose(&self) -> Vec<&str> {
        match self {
            Step::Text { text, .. } | Step::Demo { text, .. } => vec![text],
            Step::Exercise { text, hints, .. } => std::iter::once(text)
                .chain(hints)
                .map(String::as_str)
                .collect(),
            Step::Question {
                text,
                hints,
                explain,
                ..
            } => std::iter::once(text)
                .chain(hints)
                .chain(std::iter::once(explain))
                .map(String::as_str)
                .collect(),
        }
    }

    /// The commands the step quotes in its prose, marked in backticks (`box 1`), in order
    /// and each once.
    pub fn quoted(&self) -> Vec<String> {
        let mut quoted: Vec<String> = Vec::new();
        for prose in self.prose() {
            for line in quotes(prose) {
                if !quoted.contains(&line) {
                    quoted.push(line);
                }
            }
        }
        quoted
    }

    /// The figures and results the step states, with the commands that show them.
    pub fn facts(&self) -> &[Fact] {
        match self {
            Step::Text { facts, .. }
            | Step::Demo { facts, .. }
            | Step::Exercise { facts, .. }
            | Step::Question { facts, .. } => facts,
        }
    }

    /// The phrases of the step's words that hold figures no command computes: a date,
    /// a quotation, a cell the learner is told to type, a rule's number.
    pub fn cites(&self) -> &[String] {
        match self {
            Step::Text { cites, .. }
            | Step::Demo { cites, .. }
            | Step::Exercise { cites, .. }
            | Step::Question { cites, .. } => cites,
        }
    }

    /// The phrases of the step's words that hold figures the program computes but no
    /// fact checks yet: the course's known gap, listed so it can only shrink.
    pub fn unchecked(&self) -> &[String] {
        match self {
            Step::Text { unchecked, .. }
            | Step::Demo { unchecked, .. }
            | Step::Exercise { unchecked, .. }
            | Step::Question { unchecked, .. } => unchecked,
        }
    }

    /// The hints of an exercise or question.
    pub fn hints(&self) -> &[String] {
        match self {
            Step::Exercise { hints, .. } | Step::Question { hints, .. } => hints,
            _ => &[],
        }
    }
}

impl Lesson {
    /// Every piece of prose the lesson shows: title, summary, what it assumes, and each
    /// step's text, hints, answers and explanation.
    pub fn prose_mut(&mut self) -> Vec<&mut String> {
        let mut all = vec![&mut self.title, &mut self.summary, &mut self.assumes];
        for step in &mut self.steps {
            match step {
                Step::Text { text, .. } | Step::Demo { text, .. } => all.push(text),
                Step::Exercise { text, hints, .. } => {
                    all.push(text);
                    all.extend(hints.iter_mut());
                }
                Step::Question {
                    text,
                    answers,
                    hints,
                    explain,
                    ..
                } => {
                    all.push(text);
                    all.push(explain);
                    all.extend(hints.iter_mut());
                    all.extend(answers.iter_mut());
                }
            }
        }
        all
    }
}

/// The spans of `text` between backticks, trimmed; an unpaired backtick quotes nothing.
pub fn quotes(text: &str) -> Vec<String> {
    let pieces: Vec<&str> = text.split('`').collect();
    // Pieces at odd places are inside a pair; the last is outside if the count is even.
    let paired = if pieces.len().is_multiple_of(2) {
        pieces.len() - 1
    } else {
        pieces.len()
    };
    pieces[..paired]
        .iter()
        .skip(1)
        .step_by(2)
        .map(|quote| quote.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|quote| !quote.is_empty())
        .collect()
}

mod file;
pub use file::{LessonError, Loaded, MAX_LESSON_FILES, load, load_all, parse};

#[cfg(test)]
mod tests;
