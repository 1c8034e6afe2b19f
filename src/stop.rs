//! Ctrl-C for long work. The console's signal handler raises a flag; the searches,
//! training loops and experiments look at it often (every thousand positions or so) and
//! give up as if their budget had run out, so the command ends within a fraction of a
//! second and the session, with everything learned, goes on.
//!
//! The flag is watched per thread: the console installs its flag on the thread that runs
//! the session, and a test installs one of its own, so tests running side by side never
//! stop each other's searches. A thread that watches no flag is never stopped.
//!
//! A thread may also have a deadline ([`within`]): past it, its work is asked to stop
//! just as for Ctrl-C. A lesson bounds in time what it runs by itself so.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How far a long search has got, as it tells at its regular pauses: the positions it
/// has looked at and, where it knows one, how deep it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searched {
    pub positions: u64,
    pub depth: Option<u32>,
}

/// What is told how far searches have got: `Some` at each pause of a search, `None` when
/// the command that ran them has ended. The console draws a status line from it; the
/// searches themselves only return values.
pub type SearchWatcher = Rc<dyn Fn(Option<Searched>)>;

thread_local! {
    static WATCHED: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    static SEARCH_WATCHER: RefCell<Option<SearchWatcher>> = const { RefCell::new(None) };
    /// Whether work on this thread has seen the flag raised since it was last cleared.
    static NOTICED: Cell<bool> = const { Cell::new(false) };
    /// When work on this thread is asked to stop even without the flag, if ever.
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Makes `flag` the one this thread's long work looks at (replacing any before).
pub fn watch(flag: Arc<AtomicBool>) {
    WATCHED.with_borrow_mut(|watched| *watched = Some(flag));
}

/// The flag this thread's long work looks at, if any: for work this thread hands to
/// others (an experiment's seeds on both cores), which then watch it too.
pub fn watched() -> Option<Arc<AtomicBool>> {
    WATCHED.with_borrow(Clone::clone)
}

/// This thread stops watching any flag.
pub fn unwatch() {
    WATCHED.with_borrow_mut(|watched| *watched = None);
}

/// Lowers this thread's flag: the console does so as each new line begins, so Ctrl-C
/// stops the command running when it comes, never the next one.
pub fn clear() {
    NOTICED.set(false);
    WATCHED.with_borrow(|watched| {
        if let Some(flag) = watched {
            flag.store(false, Ordering::SeqCst);
        }
    });
}

/// Whether the work in progress on this thread has been asked to stop. Work that asks
/// and gets `true` gives up, and is then [`noticed`].
pub fn requested() -> bool {
    let raised = raised();
    if raised {
        NOTICED.set(true);
    }
    raised
}

/// Whether this thread's flag is raised (or its deadline passed), without counting as
/// work that stopped for it.
pub fn raised() -> bool {
    flag_raised() || deadline_passed()
}

fn flag_raised() -> bool {
    WATCHED.with_borrow(|watched| {
        watched
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// This thread's deadline, if it has one: for work it hands to other threads, which
/// then keep it too ([`keep_deadline`]).
pub fn deadline() -> Option<Instant> {
    DEADLINE.get()
}

/// This thread keeps `deadline` (one handed over by the thread whose work it does).
pub fn keep_deadline(deadline: Option<Instant>) {
    DEADLINE.set(deadline);
}

fn deadline_passed() -> bool {
    DEADLINE
        .get()
        .is_some_and(|deadline| Instant::now() >= deadline)
}

/// Runs `work` with a deadline on this thread (or the one it has, if sooner): past it,
/// long work stops as for Ctrl-C. Returns what `work` returned, and whether the
/// deadline stopped some of it; a stop the deadline made is not [`noticed`] afterwards,
/// as it was no Ctrl-C.
pub fn within<T>(deadline: Instant, work: impl FnOnce() -> T) -> (T, bool) {
    let before = DEADLINE.get();
    let noticed_before = NOTICED.get();
    DEADLINE.set(Some(before.map_or(deadline, |before| before.min(deadline))));
    let result = work();
    let cut = NOTICED.get() && deadline_passed() && !flag_raised();
    DEADLINE.set(before);
    if cut {
        NOTICED.set(noticed_before);
    }
    (result, cut)
}

/// Has `watcher` told how far this thread's searches get (`None`: no one is told).
pub fn report_searches_to(watcher: Option<SearchWatcher>) {
    SEARCH_WATCHER.with_borrow_mut(|slot| *slot = watcher);
}

/// A long search's regular pause (every thousand positions or so): tells the watcher, if
/// any, how far it has got, then says whether to stop, as [`requested`] does.
pub fn checkpoint(searched: Searched) -> bool {
    if let Some(watcher) = SEARCH_WATCHER.with_borrow(Clone::clone) {
        watcher(Some(searched));
    }
    requested()
}

/// The command that ran searches has ended: the watcher takes back what it showed.
pub fn searches_ended() {
    if let Some(watcher) = SEARCH_WATCHER.with_borrow(Clone::clone) {
        watcher(None);
    }
}

/// Whether some work on this thread has stopped for the flag since it was cleared: a
/// command that did nothing long (`against`, `variant`) is not said to have been stopped
/// by a Ctrl-C that came while it ran.
pub fn noticed() -> bool {
    NOTICED.get()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_thread_watching_a_flag_sees_it_raised() {
        let flag = Arc::new(AtomicBool::new(false));
        watch(Arc::clone(&flag));
        assert!(!requested());
        flag.store(true, Ordering::SeqCst);
        assert!(!noticed(), "nothing has looked yet");
        assert!(requested());
        assert!(noticed());
        let elsewhere = std::thread::spawn(requested).join().unwrap();
        assert!(!elsewhere, "another thread watches nothing");
        clear();
        assert!(!requested() && !noticed());
        flag.store(true, Ordering::SeqCst);
        unwatch();
        assert!(!requested());
    }

    #[test]
    fn past_its_deadline_work_stops_as_for_ctrl_c_and_is_told_so() {
        let soon = Instant::now() + std::time::Duration::from_millis(30);
        let (stops, cut) = within(soon, || {
            let mut stops = 0;
            while !requested() {
                stops += 1;
                std::thread::yield_now();
            }
            assert_eq!(deadline(), Some(soon));
            stops
        });
        assert!(stops > 0 && cut, "stopped at the deadline, not before");
        assert!(!noticed(), "a deadline's stop is no Ctrl-C");
        assert_eq!(deadline(), None, "the deadline ends with the work");
        assert!(!requested());
        // Work that ends in time is not cut.
        let later = Instant::now() + std::time::Duration::from_secs(60);
        assert_eq!(within(later, requested), (false, false));
    }

    #[test]
    fn a_search_pause_tells_the_watcher_and_asks_the_flag() {
        let told: Rc<RefCell<Vec<Option<Searched>>>> = Rc::default();
        let record = Rc::clone(&told);
        report_searches_to(Some(Rc::new(move |searched| {
            record.borrow_mut().push(searched)
        })));
        let flag = Arc::new(AtomicBool::new(false));
        watch(Arc::clone(&flag));
        let at = Searched {
            positions: 2048,
            depth: Some(7),
        };
        assert!(!checkpoint(at));
        flag.store(true, Ordering::SeqCst);
        assert!(
            checkpoint(at),
            "a pause stops for Ctrl-C as `requested` does"
        );
        searches_ended();
        assert_eq!(*told.borrow(), vec![Some(at), Some(at), None]);
        report_searches_to(None);
        unwatch();
        assert!(!checkpoint(at));
        assert_eq!(told.borrow().len(), 3, "no watcher, no report");
    }
}
