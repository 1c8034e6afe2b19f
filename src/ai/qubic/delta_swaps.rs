//! Qubic's 192 images by delta swaps, the other way to move bits, compared with the
//! Qubic article's byte tables. A delta swap exchanges the bits under a mask
//! with the bits `shift` places above them in three operations, with no table. Every
//! map of the cube is a short word in a few generators, each a couple of delta swaps:
//! reversing one coordinate (two swaps), exchanging two axes (a 4x4 transpose, two
//! swaps), and the Qubic article's two inner maps (one swap per axis). The word for each
//! map is found by a breadth-first walk of the group from the identity, comparing the
//! permutation each word makes with the game's own maps, so no composition order is worked
//! out by hand; a test checks every map against the tables.

use crate::game::cube::Geometry;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A map as delta swaps: (mask, shift), applied in order.
pub type Word = Vec<(u64, u32)>;

/// Exchanges the bits of `board` under `mask` with those `shift` places above.
fn delta_swap(board: u64, mask: u64, shift: u32) -> u64 {
    let moved = ((board >> shift) ^ board) & mask;
    board ^ moved ^ (moved << shift)
}

/// The cells whose coordinate along the axis of `stride` (1, 4 or 16) is in `values`.
fn cells_with(stride: usize, values: &[usize]) -> u64 {
    (0..64).fold(0, |mask, cell| {
        if values.contains(&((cell / stride) % 4)) {
            mask | 1 << cell
        } else {
            mask
        }
    })
}

/// The generators, each as its delta swaps (mask, shift).
fn generators() -> Vec<Word> {
    let strides = [1usize, 4, 16];
    let mut generators = Vec::new();
    for stride in strides {
        // v -> v ^ 2, then v -> v ^ 1: v -> 3 - v.
        generators.push(vec![
            (cells_with(stride, &[0, 1]), 2 * stride as u32),
            (cells_with(stride, &[0, 2]), stride as u32),
        ]);
    }
    for (low, high) in [(1usize, 4usize), (1, 16), (4, 16)] {
        // A transpose: 2x2 blocks first, then within each block.
        let blocks = cells_with(low, &[2, 3]) & cells_with(high, &[0, 1]);
        let singles = cells_with(low, &[1, 3]) & cells_with(high, &[0, 2]);
        generators.push(vec![
            (blocks, 2 * (high - low) as u32),
            (singles, (high - low) as u32),
        ]);
    }
    // The Qubic article's inner maps: 1 and 2 swapped, or 0 with 1 and 2 with 3, on every
    // axis.
    generators.push(
        strides
            .iter()
            .map(|&stride| (cells_with(stride, &[1]), stride as u32))
            .collect(),
    );
    generators.push(
        strides
            .iter()
            .map(|&stride| (cells_with(stride, &[0, 2]), stride as u32))
            .collect(),
    );
    generators
}

/// For each of the game's 192 maps (in [`Geometry::symmetries`] order), its delta
/// swaps; `None` if the generators did not reach one of them.
pub fn words() -> Option<&'static Vec<Word>> {
    static WORDS: OnceLock<Option<Vec<Word>>> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            let apply = |word: &[(u64, u32)], board: u64| {
                word.iter().fold(board, |board, (mask, shift)| {
                    delta_swap(board, *mask, *shift)
                })
            };
            let permutation = |word: &[(u64, u32)]| -> Vec<u8> {
                (0..64)
                    .map(|cell| apply(word, 1 << cell).trailing_zeros() as u8)
                    .collect()
            };
            let generators = generators();
            let mut found: HashMap<Vec<u8>, Word> = HashMap::new();
            let mut frontier = vec![Vec::new()];
            found.insert(permutation(&[]), Vec::new());
            while !frontier.is_empty() {
                let mut next = Vec::new();
                for word in &frontier {
                    for generator in &generators {
                        let mut longer: Word = word.clone();
                        longer.extend(generator);
                        let made = permutation(&longer);
                        if let std::collections::hash_map::Entry::Vacant(entry) = found.entry(made)
                        {
                            entry.insert(longer.clone());
                            next.push(longer);
                        }
                    }
                }
                frontier = next;
            }
            Geometry::of(4)
                .symmetries
                .iter()
                .map(|map| found.get(map).cloned())
                .collect()
        })
        .as_ref()
}

/// Where map `symmetry` sends the cells of `board`, by its delta swaps.
pub fn image(words: &[Word], symmetry: usize, board: u64) -> u64 {
    words[symmetry].iter().fold(board, |board, (mask, shift)| {
        delta_swap(board, *mask, *shift)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn every_map_by_delta_swaps_is_the_games_own() {
        let words = words().expect("the generators reach all 192 maps");
        assert_eq!(words.len(), 192);
        let geometry = Geometry::of(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        for _ in 0..100 {
            let board: u64 = rng.random();
            for symmetry in 0..192 {
                assert_eq!(
                    image(words, symmetry, board),
                    geometry.image(symmetry, board)
                );
            }
        }
        // The longest word: 13 swaps (the BFS finds shortest words; a longer one would
        // mean the generators changed).
        let longest = words.iter().map(Vec::len).max().unwrap();
        assert!(longest <= 13, "{longest}");
    }
}
