//! The analysis's work shared between threads, with pauses as every long search has
//! ([`crate::stop::checkpoint`]): Ctrl-C stops it and the console is told how far it has
//! got. The flag and the console's watcher are the calling thread's (both are kept per
//! thread), so the calling thread takes blocks of work like the others and is the one
//! that tells and asks; the threads it started look only at whether it has stopped.

use crate::stop::Searched;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// How far the analysis has got, shared by its threads.
#[derive(Default)]
pub(super) struct Pauses {
    /// Positions looked at so far, by every thread and in every phase, so the count
    /// told only grows (a count that went down would be a new search to the console).
    done: AtomicU64,
    /// Set once the calling thread has been asked to stop.
    halted: AtomicBool,
}

impl Pauses {
    /// A pause between blocks: the calling thread (`lead`) tells how far the analysis has
    /// got and asks whether to stop; every thread then says whether it has been stopped.
    pub(super) fn pause(&self, lead: bool, depth: Option<u32>) -> bool {
        if lead
            && crate::stop::checkpoint(Searched {
                positions: self.done.load(Ordering::Relaxed),
                depth,
            })
        {
            self.halted.store(true, Ordering::Relaxed);
        }
        self.halted.load(Ordering::Relaxed)
    }

    /// Whether the analysis was stopped.
    pub(super) fn halted(&self) -> bool {
        self.halted.load(Ordering::Relaxed)
    }
}

/// Calls `work` on the numbers `0..len`, a block of `block` at a time, on `threads`
/// threads (the calling thread one of them) taking blocks in turn, with a pause before
/// each block; `work` returns how many positions the block looked at. Each thread keeps
/// one `S` (from `make`) for all its blocks; they come back in the order of the threads,
/// or `None` if the analysis was stopped.
pub(super) fn in_blocks<S: Send>(
    len: usize,
    block: usize,
    threads: usize,
    pauses: &Pauses,
    depth: Option<u32>,
    make: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, Range<usize>) -> u64 + Sync,
) -> Option<Vec<S>> {
    let block = block.max(1);
    let taken = AtomicUsize::new(0);
    let run = |lead: bool| {
        let mut kept = make();
        while !pauses.pause(lead, depth) {
            let first = taken.fetch_add(block, Ordering::Relaxed);
            if first >= len {
                break;
            }
            let looked = work(&mut kept, first..(first + block).min(len));
            pauses.done.fetch_add(looked, Ordering::Relaxed);
        }
        kept
    };
    let kept: Vec<S> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads.max(1))
            .map(|_| scope.spawn(|| run(false)))
            .collect();
        let mut kept = vec![run(true)];
        // A thread that panicked has nothing to add; the analysis is then incomplete,
        // and said to be stopped rather than trusted.
        for other in others {
            match other.join() {
                Ok(one) => kept.push(one),
                Err(_) => pauses.halted.store(true, Ordering::Relaxed),
            }
        }
        kept
    });
    (!pauses.halted()).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::Arc;

    #[test]
    fn every_number_is_worked_once_and_the_count_told_grows() {
        let told: Rc<RefCell<Vec<u64>>> = Rc::default();
        let sink = Rc::clone(&told);
        crate::stop::report_searches_to(Some(Rc::new(move |searched| {
            if let Some(searched) = searched {
                sink.borrow_mut().push(searched.positions);
            }
        })));
        let pauses = Pauses::default();
        let kept = in_blocks(
            10_000,
            64,
            2,
            &pauses,
            None,
            Vec::new,
            |seen: &mut Vec<usize>, numbers| {
                // Work that takes time, so that both threads get blocks on a busy machine.
                std::thread::sleep(std::time::Duration::from_micros(100));
                let looked = numbers.len() as u64;
                seen.extend(numbers);
                looked
            },
        );
        crate::stop::report_searches_to(None);
        let mut seen: Vec<usize> = kept.expect("not stopped").concat();
        seen.sort_unstable();
        assert_eq!(seen, (0..10_000).collect::<Vec<_>>());
        let told = told.take();
        assert!(told.len() > 1, "{told:?}");
        assert!(told.windows(2).all(|pair| pair[0] <= pair[1]), "{told:?}");
    }

    #[test]
    fn a_raised_flag_stops_every_thread() {
        let flag = Arc::new(AtomicBool::new(false));
        crate::stop::watch(Arc::clone(&flag));
        let pauses = Pauses::default();
        let worked = AtomicUsize::new(0);
        let kept = in_blocks(
            1_000_000,
            1,
            2,
            &pauses,
            None,
            || (),
            |_, _| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                // The flag is raised while the work goes on, as Ctrl-C is.
                if worked.fetch_add(1, Ordering::Relaxed) == 100 {
                    flag.store(true, Ordering::SeqCst);
                }
                1
            },
        );
        assert!(kept.is_none());
        assert!(crate::stop::noticed(), "the stop counts as noticed");
        assert!(worked.load(Ordering::Relaxed) < 1_000, "stopped soon");
        crate::stop::clear();
        crate::stop::unwatch();
    }
}
