//! Qubic's own searches (the Qubic article): forcing chains of threats, the proofs built on
//! them, and the searches that find proofs, each checked by [`crate::verify`].

pub mod delta_swaps;
pub mod dfpn;
pub mod parallel;
pub mod pass;
pub mod pns;
pub mod proof;
pub mod strategy;
pub mod symmetric_hash;
pub mod table;
pub mod threats;

/// Asks the processor to bring the memory of `value` into its cache, for a read
/// soon: the searches' tables are far larger than the caches, and a miss asked for
/// ahead overlaps the work between instead of waiting when the read comes.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE, which has the prefetch, is part of every x86-64 processor; a
        // prefetch reads nothing into the program and cannot fault, and the address
        // is that of a live value anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// A position of random play with a number of marks drawn from `marks`, X first (the
/// game may already be over in it), for the tests.
#[cfg(test)]
pub(crate) fn random_position(
    rng: &mut rand_chacha::ChaCha8Rng,
    marks: std::ops::Range<usize>,
) -> (u64, u64) {
    use rand::RngExt;
    let (mut x, mut o) = (0u64, 0u64);
    for turn in 0..rng.random_range(marks) {
        let free: Vec<u32> = (0..64).filter(|c| (x | o) & (1 << c) == 0).collect();
        let cell = free[rng.random_range(0..free.len())];
        if turn % 2 == 0 {
            x |= 1 << cell;
        } else {
            o |= 1 << cell;
        }
    }
    (x, o)
}
