//! `menace lessons [--check]`: the lessons listed, or each run headlessly, with the step
//! that is slow named as it runs.

use std::path::Path;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The step being checked, and since when; `None` once it has been named or is done.
type Current = Arc<Mutex<Option<(String, Instant)>>>;

/// Names on standard error the lesson step `lessons --check` is running once it has
/// run for [`SlowStep::AFTER`], so a slow demonstration is never a silent wait.
struct SlowStep {
    current: Current,
}

impl SlowStep {
    const AFTER: Duration = Duration::from_secs(2);

    fn watch() -> SlowStep {
        let current: Current = Arc::new(Mutex::new(None));
        let watched = Arc::clone(&current);
        // Ends with the program; it only ever reads the step and writes one line.
        let _ = std::thread::Builder::new().spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(100));
                let mut current = match watched.lock() {
                    Ok(current) => current,
                    Err(_) => return,
                };
                if let Some((step, started)) = current.as_ref()
                    && started.elapsed() >= SlowStep::AFTER
                {
                    complain!(
                        "menace: still checking {step} after {} seconds...",
                        SlowStep::AFTER.as_secs()
                    );
                    // Said once a step.
                    *current = None;
                }
            }
        });
        SlowStep { current }
    }

    fn begin(&self, step: String) {
        if let Ok(mut current) = self.current.lock() {
            *current = Some((step, Instant::now()));
        }
    }

    fn end(&self) {
        if let Ok(mut current) = self.current.lock() {
            *current = None;
        }
    }
}

/// `menace lessons [--check]`. A broken lesson file is reported and the others are still
/// listed or checked; the exit code says whether everything was right.
pub fn run(folder: &Path, check: bool) -> ExitCode {
    let loaded = match menace::lesson::load_all(folder) {
        Ok(loaded) if loaded.lessons.is_empty() && loaded.broken.is_empty() => {
            complain!("menace: there are no lessons in {}", folder.display());
            return ExitCode::FAILURE;
        }
        Ok(loaded) => loaded,
        Err(error) => {
            complain!("menace: {error}");
            return ExitCode::FAILURE;
        }
    };
    let slow = SlowStep::watch();
    let mut failed = loaded.broken.len();
    for error in &loaded.broken {
        outln!("BROKEN {error}");
    }
    for (number, lesson) in loaded.lessons.iter().enumerate() {
        if !check {
            let line = format!(
                "{:>2}. {} ({} steps): {}",
                number + 1,
                lesson.title,
                lesson.steps.len(),
                lesson.summary
            );
            let wrap = menace::repl::text::words(79).subsequent_indent("    ");
            outln!("{}", textwrap::fill(&line, wrap));
            continue;
        }
        let mut at_step = |step: usize| {
            slow.begin(format!(
                "{}.yaml, step {step} ({})",
                lesson.name,
                lesson.steps[step - 1].kind()
            ))
        };
        let render = |events: &[menace::app::Event]| {
            menace::repl::render::events(events, menace::repl::render::Palette::PLAIN)
        };
        let checked = menace::lesson::check::check_telling(lesson, &render, &mut at_step);
        slow.end();
        match checked {
            Ok(()) => outln!("ok    {}.yaml ({} steps)", lesson.name, lesson.steps.len()),
            Err(error) => {
                failed += 1;
                outln!("FAIL  {error}");
            }
        }
    }
    if check {
        let total = loaded.lessons.len() + loaded.broken.len();
        outln!("{} passed, {failed} failed", total - failed);
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
