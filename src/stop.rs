//! Ctrl-C for long work. The console's signal handler raises a flag; the searches,
//! training loops and experiments look at it often (every thousand positions or so) and
//! give up as if their budget had run out, so the command ends within a fraction of a
//! second and the session, with everything learned, goes on.
//!
//! The flag is watched per thread: the console installs its flag on the thread that runs
//! the session, and a test installs one of its own, so tests running side by side never
//! stop each other's searches. A thread that watches no flag is never stopped.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static WATCHED: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    /// Whether work on this thread has seen the flag raised since it was last cleared.
    static NOTICED: Cell<bool> = const { Cell::new(false) };
}

/// Makes `flag` the one this thread's long work looks at (replacing any before).
pub fn watch(flag: Arc<AtomicBool>) {
    WATCHED.with_borrow_mut(|watched| *watched = Some(flag));
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

/// Whether this thread's flag is raised, without counting as work that stopped for it.
pub fn raised() -> bool {
    WATCHED.with_borrow(|watched| {
        watched
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
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
}
