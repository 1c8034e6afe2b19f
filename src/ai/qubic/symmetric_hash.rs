//! A 64-bit key that is the same for a Qubic position and all its 192 images, updated
//! move by move, for the proof search's table. The exact canonical form
//! ([`Geometry::canonical`]) costs a few microseconds: 192 images of two boards. Here
//! each position carries 192 Zobrist hashes, the hash of each of its images; a move
//! changes each by one XOR, and the key is their minimum. An image of the position has
//! the same 192 hashes in another order, so the same key. Two positions that are not
//! images of each other share a key only by a 64-bit accident, and the proofs do not
//! rest on it: every proof is replayed by the independent checker.

use crate::game::cube::Geometry;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;

/// The number of symmetries of Qubic.
pub const MAPS: usize = 192;

/// The hashes of a position's 192 images.
pub type Hashes = [u64; MAPS];

/// For each cell and mark, the Zobrist number of its image under each map.
#[derive(Debug)]
pub struct SymmetricHash {
    /// Indexed by 2·cell + (0 for X, 1 for O).
    numbers: Vec<Hashes>,
}

impl SymmetricHash {
    /// The tables, computed once from a fixed seed (so keys are the same every run).
    pub fn get() -> &'static SymmetricHash {
        static TABLES: OnceLock<SymmetricHash> = OnceLock::new();
        TABLES.get_or_init(|| {
            let geometry = Geometry::of(4);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x9b1c);
            let zobrist: Vec<u64> = (0..128).map(|_| rng.random()).collect();
            let numbers = (0..128)
                .map(|index| {
                    let (cell, mark) = (index / 2, index % 2);
                    std::array::from_fn(|map| {
                        zobrist[2 * usize::from(geometry.symmetries[map][cell]) + mark]
                    })
                })
                .collect();
            SymmetricHash { numbers }
        })
    }

    /// The hashes of the position (`x`, `o`), computed from nothing.
    pub fn of(&self, x: u64, o: u64) -> Box<Hashes> {
        let mut hashes = Box::new([0u64; MAPS]);
        for (marks, mark) in [(x, 0), (o, 1)] {
            let mut rest = marks;
            while rest != 0 {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.add(&mut hashes, cell, mark);
            }
        }
        hashes
    }

    /// Puts a mark (0 for X, 1 for O) on `cell`.
    pub fn add(&self, hashes: &mut Hashes, cell: usize, mark: usize) {
        for (hash, number) in hashes.iter_mut().zip(&self.numbers[2 * cell + mark]) {
            *hash ^= number;
        }
    }

    /// The key of the position the hashes describe.
    pub fn key(hashes: &Hashes) -> u64 {
        hashes.iter().copied().min().unwrap_or(0)
    }

    /// The key after a mark on `cell`, without changing the hashes.
    pub fn key_after(&self, hashes: &Hashes, cell: usize, mark: usize) -> u64 {
        let numbers = &self.numbers[2 * cell + mark];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just seen to have AVX2.
            return unsafe { least_xor_avx2(hashes, numbers) };
        }
        least_xor(hashes, numbers)
    }
}

/// The least of `hashes[i] ^ numbers[i]`: a position's key after a move, the search's
/// commonest arithmetic (192 per child of every position expanded).
#[inline(always)]
fn least_xor(hashes: &Hashes, numbers: &Hashes) -> u64 {
    hashes
        .iter()
        .zip(numbers)
        .map(|(hash, number)| hash ^ number)
        .min()
        .unwrap_or(0)
}

/// [`least_xor`] compiled for AVX2, four hashes at a time: a baseline x86-64 build has
/// no 64-bit comparison of vectors, and takes the 192 one by one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn least_xor_avx2(hashes: &Hashes, numbers: &Hashes) -> u64 {
    least_xor(hashes, numbers)
}

impl SymmetricHash {}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn images_share_a_key_and_other_positions_do_not() {
        let hash = SymmetricHash::get();
        let geometry = Geometry::of(4);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut keys = std::collections::HashMap::new();
        for _ in 0..200 {
            let (x, o) = crate::ai::qubic::random_position(&mut rng, 1..24);
            let key = SymmetricHash::key(&hash.of(x, o));
            let map = rng.random_range(0..MAPS);
            let (ix, io) = (geometry.image(map, x), geometry.image(map, o));
            assert_eq!(SymmetricHash::key(&hash.of(ix, io)), key);
            // Moving by one mark at a time gives the same key as computing from nothing.
            let mut hashes = hash.of(x, 0);
            let cell = (!(x | o)).trailing_zeros() as usize;
            let after = hash.key_after(&hash.of(x, o), cell, 1);
            let mut rest = o;
            while rest != 0 {
                hash.add(&mut hashes, rest.trailing_zeros() as usize, 1);
                rest &= rest - 1;
            }
            assert_eq!(SymmetricHash::key(&hashes), key);
            assert_eq!(after, SymmetricHash::key(&hash.of(x, o | 1 << cell)));
            // Different canonical forms, different keys.
            let canonical = geometry.canonical(x, o).0;
            if let Some(other) = keys.insert(key, canonical) {
                assert_eq!(other, canonical);
            }
        }
    }
}
