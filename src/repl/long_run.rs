//! Long runs at the console: an estimate of the time from the first games, a progress bar
//! on a terminal, and Ctrl-C that stops the run (keeping the games played) instead of the
//! program. The session asks [`Watcher::hook`] after every few games whether to go on.

use crate::app::{Progress, ProgressHook};
use crate::stop::Searched;
use indicatif::{ProgressBar, ProgressStyle};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A run expected to take longer than this is announced with its estimate.
const WORTH_ANNOUNCING: Duration = Duration::from_secs(5);
/// The estimate is made once this much of the run has passed.
const MEASURED_OVER: Duration = Duration::from_millis(700);

/// Ctrl-C, shared with the signal handler. It never ends the program: it raises the flag
/// that the command running looks at ([`crate::stop`]), so a search, a training run, an
/// experiment or a demonstration stops within a fraction of a second and the session goes
/// on with everything learned. At the prompt the line editor reads Ctrl-C as a key (the
/// line is abandoned); with piped input, a Ctrl-C that comes between commands stops
/// nothing, and the lines after it still run (a script's `save` still saves).
#[derive(Debug, Clone, Default)]
pub struct Interrupts {
    stop: Arc<AtomicBool>,
}

impl Interrupts {
    /// Takes over Ctrl-C for the process, and has this thread's long work look at it.
    /// `None` if the handler could not be installed (then Ctrl-C ends the program, as by
    /// default).
    pub fn install() -> Option<Interrupts> {
        let interrupts = Interrupts::default();
        let shared = Arc::clone(&interrupts.stop);
        ctrlc::set_handler(move || shared.store(true, Ordering::SeqCst)).ok()?;
        crate::stop::watch(Arc::clone(&interrupts.stop));
        Some(interrupts)
    }

    /// Asks the current run to stop, as Ctrl-C does (tests use it).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// What is known of the run in progress.
struct Run {
    started: Instant,
    total: u64,
    at_most: bool,
    /// Games trained, or boxes written to a page.
    writing: bool,
    announced: bool,
    bar: Option<ProgressBar>,
}

/// A search is shown once it has run this long.
const SEARCH_WORTH_SHOWING: Duration = Duration::from_secs(1);
/// The search's status line is redrawn at most this often.
const SEARCH_REDRAWN_EVERY: Duration = Duration::from_millis(200);

/// The search in progress, as its pauses told it ([`crate::stop::checkpoint`]).
struct Search {
    started: Instant,
    last: Searched,
    deepest: Option<u32>,
    drawn: Option<Instant>,
}

/// Watches long runs for the console: `terminal` says whether a bar may be drawn (on
/// standard error); without one the estimate is still written there, once. Searches are
/// shown on a terminal only.
pub struct Watcher {
    interrupts: Interrupts,
    terminal: bool,
    run: RefCell<Option<Run>>,
    search: RefCell<Option<Search>>,
}

impl Watcher {
    pub fn new(interrupts: Interrupts, terminal: bool) -> Rc<Watcher> {
        Rc::new(Watcher {
            interrupts,
            terminal,
            run: RefCell::new(None),
            search: RefCell::new(None),
        })
    }

    /// The watcher of searches to give [`crate::stop::report_searches_to`]: on a
    /// terminal, a search that runs over a second gets a status line on standard error
    /// (positions, depth, time, and that Ctrl-C stops it), taken away when the command
    /// ends, so the answer prints where it always did.
    pub fn search_watcher(self: &Rc<Watcher>) -> crate::stop::SearchWatcher {
        let watcher = Rc::clone(self);
        Rc::new(move |searched| watcher.searched(searched))
    }

    fn searched(&self, searched: Option<Searched>) {
        let mut search = self.search.borrow_mut();
        let Some(searched) = searched else {
            if search.take().is_some_and(|search| search.drawn.is_some()) {
                eprint!("\r\x1b[2K");
            }
            return;
        };
        // A training run's bar has the line: its games' searches are not shown.
        if !self.terminal || self.run.borrow().is_some() {
            return;
        }
        let now = Instant::now();
        // A count that went down is the next search of the command (an AI's next move).
        let fresh = search
            .as_ref()
            .is_none_or(|search| searched.positions < search.last.positions);
        if fresh {
            let drawn = search.as_ref().and_then(|search| search.drawn);
            *search = Some(Search {
                started: now,
                last: searched,
                deepest: None,
                drawn,
            });
        }
        let Some(search) = search.as_mut() else {
            return;
        };
        search.last = searched;
        search.deepest = search.deepest.max(searched.depth);
        let elapsed = now - search.started;
        let due = search
            .drawn
            .is_none_or(|drawn| now - drawn >= SEARCH_REDRAWN_EVERY);
        if elapsed >= SEARCH_WORTH_SHOWING && due {
            search.drawn = Some(now);
            let line = search_status(searched.positions, search.deepest, elapsed);
            eprint!("\r\x1b[2K{line}");
        }
    }

    /// The hook to give the session.
    pub fn hook(self: &Rc<Watcher>) -> ProgressHook {
        let watcher = Rc::clone(self);
        ProgressHook(Rc::new(move |step| watcher.step(step)))
    }

    fn step(&self, step: Progress) -> bool {
        match step {
            // Not cleared here: a Ctrl-C earlier in the same command (a search before
            // the training) has stopped the whole command. The console clears it as
            // each line begins.
            Progress::Start { .. } | Progress::Writing { .. } => {
                let (total, at_most, writing) = match step {
                    Progress::Start { total, at_most } => (total, at_most, false),
                    Progress::Writing { total } => (total, false, true),
                    _ => (0, false, false),
                };
                *self.run.borrow_mut() = Some(Run {
                    started: Instant::now(),
                    total,
                    at_most,
                    writing,
                    announced: false,
                    bar: None,
                });
                true
            }
            Progress::Done(done) => {
                let stop = self.interrupts.stop_requested();
                if let Some(run) = self.run.borrow_mut().as_mut() {
                    if stop {
                        // The terminal's echo of the ^C key has moved the cursor below
                        // the bar: clear that line, then the bar's line above it.
                        if let Some(bar) = run.bar.take() {
                            bar.finish_and_clear();
                            eprint!("\x1b[1A\x1b[2K\r");
                        }
                    } else {
                        self.show(run, done);
                    }
                }
                !stop
            }
            Progress::Finish => {
                if let Some(bar) = self.run.borrow_mut().take().and_then(|run| run.bar) {
                    bar.finish_and_clear();
                }
                true
            }
        }
    }

    fn show(&self, run: &mut Run, done: u64) {
        if let Some(bar) = &run.bar {
            bar.set_position(done);
            return;
        }
        let elapsed = run.started.elapsed();
        if run.announced || elapsed < MEASURED_OVER || done == 0 {
            return;
        }
        run.announced = true;
        let left = run.total.saturating_sub(done);
        let estimate = elapsed.mul_f64(left as f64 / done as f64);
        if estimate < WORTH_ANNOUNCING {
            return;
        }
        let (unit, stop) = if run.writing {
            ("boxes", "Ctrl-C stops, and no page is written")
        } else {
            ("games", "Ctrl-C stops and keeps the games played")
        };
        let sentence = format!(
            "{} {} to go at this pace ({} of {} {unit} in {}); {stop}.",
            if run.at_most {
                "At most about"
            } else {
                "About"
            },
            duration(estimate),
            done,
            run.total,
            duration(elapsed)
        );
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err, "{}", crate::repl::text::fill(&sentence, 79));
        if self.terminal {
            let bar = ProgressBar::new(run.total);
            let template = if run.writing {
                "writing {bar:30} {pos}/{len} boxes, {eta} left"
            } else {
                "training {bar:30} {pos}/{len} games, {eta} left"
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar.set_position(done);
            run.bar = Some(bar);
        }
    }
}

/// The status line of a search that is taking a while, within 80 columns.
pub fn search_status(positions: u64, depth: Option<u32>, elapsed: Duration) -> String {
    let positions = if positions == 1 {
        "1 position".to_string()
    } else {
        format!("{} positions", crate::text::grouped(positions))
    };
    let depth = depth.map_or(String::new(), |depth| format!(", {depth} deep"));
    format!(
        "searching: {positions}{depth}, {} (Ctrl-C stops)",
        duration(elapsed)
    )
}

/// A duration as a person says it: `40 seconds`, `12 minutes`, `30 hours`, `9 days`.
pub fn duration(time: Duration) -> String {
    let seconds = time.as_secs_f64();
    let (amount, unit) = if seconds < 90.0 {
        (seconds, "second")
    } else if seconds < 90.0 * 60.0 {
        (seconds / 60.0, "minute")
    } else if seconds < 48.0 * 3600.0 {
        (seconds / 3600.0, "hour")
    } else {
        (seconds / 86_400.0, "day")
    };
    let rounded = amount.round().max(1.0) as u64;
    format!("{rounded} {unit}{}", if rounded == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_a_person_says_them() {
        assert_eq!(duration(Duration::from_millis(300)), "1 second");
        assert_eq!(duration(Duration::from_secs(46)), "46 seconds");
        assert_eq!(duration(Duration::from_secs(600)), "10 minutes");
        assert_eq!(duration(Duration::from_secs(30 * 3600)), "30 hours");
        assert_eq!(duration(Duration::from_secs(9 * 86_400)), "9 days");
    }

    #[test]
    fn a_search_status_says_how_far_and_fits_the_screen() {
        let line = search_status(12_345_678, Some(9), Duration::from_millis(3_700));
        assert_eq!(
            line,
            "searching: 12,345,678 positions, 9 deep, 4 seconds (Ctrl-C stops)"
        );
        assert_eq!(
            search_status(1, None, Duration::from_secs(1)),
            "searching: 1 position, 1 second (Ctrl-C stops)"
        );
        // A quadrillion positions, a thousand plies, most of two days: still one line.
        let longest = search_status(
            999_999_999_999_999,
            Some(999),
            Duration::from_secs(47 * 3600),
        );
        assert!(longest.len() <= 80, "{longest}");
    }

    #[test]
    fn searches_are_followed_only_on_a_terminal() {
        let at = |positions| {
            Some(Searched {
                positions,
                depth: Some(3),
            })
        };
        let quiet = Watcher::new(Interrupts::default(), false);
        (quiet.search_watcher())(at(1024));
        assert!(quiet.search.borrow().is_none(), "piped: nothing followed");
        let shown = Watcher::new(Interrupts::default(), true);
        let watch = shown.search_watcher();
        watch(at(1024));
        watch(at(4096));
        let search = shown.search.borrow().as_ref().map(|search| search.last);
        assert_eq!(search, at(4096));
        // A new search (the count starts again) is timed from its own start.
        let before = shown.search.borrow().as_ref().unwrap().started;
        watch(at(1024));
        assert!(shown.search.borrow().as_ref().unwrap().started >= before);
        watch(None);
        assert!(
            shown.search.borrow().is_none(),
            "the command's end clears it"
        );
    }

    #[test]
    fn a_stop_request_ends_the_run_and_the_next_line_starts_clean() {
        let interrupts = Interrupts::default();
        crate::stop::watch(Arc::clone(&interrupts.stop));
        let watcher = Watcher::new(interrupts.clone(), false);
        let hook = watcher.hook();
        let start = Progress::Start {
            total: 10,
            at_most: false,
        };
        assert!((hook.0)(start));
        assert!((hook.0)(Progress::Done(1)));
        interrupts.request_stop();
        assert!(crate::stop::requested(), "searches see Ctrl-C too");
        assert!(!(hook.0)(Progress::Done(2)));
        (hook.0)(Progress::Finish);
        assert!((hook.0)(start));
        assert!(
            !(hook.0)(Progress::Done(1)),
            "a second run in the same command is stopped too"
        );
        (hook.0)(Progress::Finish);
        // As the console does when the next line comes.
        crate::stop::clear();
        assert!((hook.0)(start));
        assert!(
            (hook.0)(Progress::Done(1)),
            "a new line's run is not stopped"
        );
        crate::stop::unwatch();
    }
}
