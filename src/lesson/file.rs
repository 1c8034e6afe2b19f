//! Reading lesson files: a lesson's YAML parsed and checked step by step (its commands,
//! goals, answers and facts), and a folder of lessons loaded in name order, a broken one
//! reported by file and step while the others still load.

use super::*;

/// Why a lesson was refused, naming the file and, where it applies, the step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonError {
    pub file: String,
    /// Counted from 1.
    pub step: Option<usize>,
    pub reason: String,
}

impl fmt::Display for LessonError {
    /// One sentence, whatever the file held: escaped, and cut if a parser quoted much.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sentence = match self.step {
            Some(step) => format!("{}, step {step}: {}", self.file, self.reason),
            None => format!("{}: {}", self.file, self.reason),
        };
        f.write_str(&crate::files::shown(&sentence, 300))
    }
}

impl std::error::Error for LessonError {}

/// A lesson file as first read: its steps are read one by one afterwards.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    title: String,
    summary: String,
    #[serde(default)]
    assumes: String,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default)]
    needs: Needs,
    steps: Vec<serde_yaml::Value>,
}

/// The largest lesson file read (a lesson is a few kilobytes).
const MAX_LESSON_BYTES: u64 = 1024 * 1024;

/// Reads and checks one lesson from its text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Lesson, LessonError> {
    let fail = |step: Option<usize>, reason: String| LessonError {
        file: file.to_string(),
        step,
        reason,
    };
    crate::files::check_nesting(text, crate::files::MAX_NESTING).map_err(|why| fail(None, why))?;
    // Read in two phases: the lesson with its steps left as YAML, then each step on its
    // own, so that an error inside a step names the step whatever the parser says.
    let raw: LessonFile =
        serde_yaml::from_str(text).map_err(|error| fail(None, error.to_string()))?;
    let steps = raw
        .steps
        .into_iter()
        .enumerate()
        .map(|(index, step)| {
            serde_yaml::from_value::<Step>(step)
                .map_err(|error| fail(Some(index + 1), error.to_string()))
        })
        .collect::<Result<Vec<Step>, LessonError>>()?;
    let mut lesson = Lesson {
        title: raw.title,
        summary: raw.summary,
        assumes: raw.assumes,
        seed: raw.seed,
        needs: raw.needs,
        steps,
        name: String::new(),
    };
    lesson.name = Path::new(file).file_stem().map_or_else(
        || file.to_string(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    if lesson.title.trim().is_empty() {
        return Err(fail(None, "the title is empty".into()));
    }
    if lesson.summary.trim().is_empty() {
        return Err(fail(None, "the summary is empty".into()));
    }
    if lesson.steps.is_empty() {
        return Err(fail(None, "there are no steps".into()));
    }
    lesson.needs.setup().map_err(|why| fail(None, why))?;
    for (index, step) in lesson.steps.iter().enumerate() {
        validate_step(step).map_err(|reason| fail(Some(index + 1), reason))?;
        judge::validate(&lesson, step).map_err(|reason| fail(Some(index + 1), reason))?;
    }
    escape_prose(&mut lesson);
    Ok(lesson)
}

/// Escapes control characters in everything a lesson shows as prose, so a file cannot
/// drive the terminal (commands with control characters are refused by the checks).
fn escape_prose(lesson: &mut Lesson) {
    for text in lesson.prose_mut() {
        *text = glue_quotes(&crate::files::escaped(text));
    }
}

/// A command quoted in backticks is never broken over two lines: the spaces inside a
/// quote become no-break spaces (which the command reader takes as spaces).
pub(super) fn glue_quotes(text: &str) -> String {
    let mut glued = String::with_capacity(text.len());
    let mut inside = false;
    // An unpaired last backtick quotes nothing, as in [`quotes`].
    let pairs = text.matches('`').count() / 2 * 2;
    let mut seen = 0;
    for character in text.chars() {
        match character {
            '`' => {
                seen += 1;
                inside = !inside && seen <= pairs;
                glued.push('`');
            }
            ' ' if inside => glued.push('\u{a0}'),
            other => glued.push(other),
        }
    }
    glued
}

fn validate_commands(what: &str, lines: &[String]) -> Result<(), String> {
    for line in lines {
        match command::parse(line) {
            Ok(Command::Quit) => return Err(format!("{what} \"{line}\" would end the session")),
            Ok(_) => {}
            Err(error) => return Err(format!("{what} \"{line}\" is not a command: {error}")),
        }
    }
    Ok(())
}

fn validate_step(step: &Step) -> Result<(), String> {
    let text = match step {
        Step::Text { text, show, .. } => {
            validate_commands("the shown command", show)?;
            budget::check(show)?;
            text
        }
        Step::Demo { text, commands, .. } => {
            if commands.is_empty() {
                return Err("a demonstration needs at least one command".into());
            }
            validate_commands("the command", commands)?;
            budget::check(commands)?;
            text
        }
        Step::Exercise {
            text,
            goal,
            solution,
            ..
        } => {
            goal.validate()?;
            if solution.is_empty() {
                return Err("an exercise needs a solution (the lines that reach its goal)".into());
            }
            // A solution line may be a move in a variant's notation, which only the game
            // in progress can read: the check runs them all.
            if solution
                .iter()
                .any(|line| matches!(command::parse(line), Ok(Command::Quit)))
            {
                return Err("a solution must not quit the session".into());
            }
            text
        }
        Step::Question {
            text,
            answer,
            answers,
            explain,
            judge,
            ..
        } => {
            if let Some(answer) = answer {
                answer.kind()?;
            } else if judge.is_none() && answers.iter().all(|answer| answer.trim().is_empty()) {
                return Err("a question needs at least one accepted answer".into());
            }
            if explain.trim().is_empty() {
                return Err("a question needs an explanation".into());
            }
            text
        }
    };
    if text.trim().is_empty() {
        return Err(format!("the {} has no text", step.kind()));
    }
    // State lines may be moves, which only the check can read.
    if step
        .state()
        .iter()
        .any(|line| matches!(command::parse(line), Ok(Command::Quit)))
    {
        return Err("a step's state must not quit the session".into());
    }
    budget::check(step.state())?;
    figures::validate(step)?;
    for fact in step.facts() {
        fact.validate()?;
        // A fact may play moves, which only the game in progress can read.
        if fact
            .run
            .iter()
            .any(|line| matches!(command::parse(line), Ok(Command::Quit)))
        {
            return Err("a fact's commands must not quit the session".into());
        }
        budget::check(&fact.run)?;
    }
    for quoted in step.quoted() {
        // Moves are read by the game in progress, so whether a quote is refused is for
        // the check; here only what no session may run.
        if matches!(command::parse(&quoted), Ok(Command::Quit)) {
            return Err(format!(
                "the quoted command \"{quoted}\" would end the session"
            ));
        }
    }
    Ok(())
}

/// The lessons of a folder: the good ones in file-name order, and each broken file with
/// what is wrong with it. One broken file does not take the others with it.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub lessons: Vec<Lesson>,
    pub broken: Vec<LessonError>,
}

/// A course of more lesson files than this is not a course but the wrong folder (a
/// folder of saves, say); reading them all, each up to its byte cap, could take minutes.
pub const MAX_LESSON_FILES: usize = 500;

/// Every `*.yaml` lesson in `folder`, ordered by file name. `Err` only when the folder
/// itself cannot be read or holds more than [`MAX_LESSON_FILES`] of them.
pub fn load_all(folder: &Path) -> Result<Loaded, LessonError> {
    let fail = |reason: String| LessonError {
        file: folder.display().to_string(),
        step: None,
        reason,
    };
    let entries = std::fs::read_dir(folder)
        .map_err(|error| {
            fail(format!(
                "the lessons folder cannot be read: {error}; run menace from the project folder, or name the folder with --lessons DIR"
            ))
        })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .take(MAX_LESSON_FILES + 1)
        .collect();
    if files.len() > MAX_LESSON_FILES {
        return Err(fail(format!(
            "the lessons folder holds more than {MAX_LESSON_FILES} lesson files; check that it is the right folder"
        )));
    }
    files.sort();
    let mut loaded = Loaded::default();
    for path in &files {
        match load(path) {
            Ok(lesson) => loaded.lessons.push(lesson),
            Err(error) => loaded.broken.push(error),
        }
    }
    Ok(loaded)
}

/// Reads and checks one lesson file.
pub fn load(path: &Path) -> Result<Lesson, LessonError> {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    );
    let fail = |reason: String| LessonError {
        file: file.clone(),
        step: None,
        reason,
    };
    let text = crate::files::read_text(path, MAX_LESSON_BYTES)
        .map_err(|problem| fail(format!("cannot be read: {problem}")))?;
    parse(&text, &file)
}
