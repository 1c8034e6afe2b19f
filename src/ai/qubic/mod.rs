//! Qubic's own searches (seed 000): forcing chains of threats, the proofs built on
//! them, and the searches that find proofs, each checked by [`crate::verify`].

pub mod delta_swaps;
pub mod dfpn;
pub mod parallel;
pub mod pass;
pub mod pns;
pub mod proof;
pub mod symmetric_hash;
pub mod table;
pub mod threats;

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
