//! The exact index of quantum Morris positions: every position at rest (no collapse
//! waiting) that the rules allow, one of each class under the board's 8 symmetries, gets
//! a number from 0 to `len() - 1`, and a number gives its position back.
//!
//! A piece's place is one of 45 codes (36 spooky pairs, 9 classical points); a side's
//! pieces are a set of distinct codes (which of one's pieces is which changes nothing, so
//! a side is its set, sorted); the sets are ranked in the combinatorial number system.
//! Sets of each pair of sizes (the placing phase: 0-0, 1-0, 1-1, 2-1, 2-2, 3-2; then 3-3
//! with X or O to move) make a dense space of 418 million codes; a bitmap marks the ones
//! that are legal and the least of their symmetry class, and counting its bits (a count
//! kept for every 64) turns a dense code into the position's number.

use super::rest::{CODES, Rest, SYMMETRIES, mark};
use crate::game::Player;
use crate::game::quantum::Mark;

/// n choose k for the small numbers here.
const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// `CHOOSE[n][k]`, n choose k, for the ranks.
static CHOOSE: [[u32; 4]; CODES + 1] = {
    let mut table = [[0u32; 4]; CODES + 1];
    let mut n = 0;
    while n <= CODES {
        let mut k = 0;
        while k < 4 {
            table[n][k] = choose(n, k) as u32;
            k += 1;
        }
        n += 1;
    }
    table
};

/// The rank of a sorted set of codes among the sets of its size.
fn rank(set: &[u8]) -> usize {
    let mut sum = 0;
    for (i, c) in set.iter().enumerate() {
        sum += CHOOSE[usize::from(*c)][i + 1] as usize;
    }
    sum
}

/// The sizes of the two sides in each section.
const SECTION_LENS: [[u8; 2]; 8] = [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
    [3, 3],
    [3, 3],
];

/// What a side's set allows by itself, worked out once per set.
#[derive(Clone, Copy, Default)]
struct SideFacts {
    /// The points of its classical pieces, and of its halves.
    classical: u16,
    halves: u16,
}

/// Whether a position's marks are legal at rest: classical pieces on distinct points, no
/// half on a classical point, and no cycle of spooky pairs.
pub fn legal(rest: &Rest) -> bool {
    let mut classical = 0u16;
    let mut halves = 0u16;
    let mut parts: [u16; 9] = std::array::from_fn(|p| 1 << p);
    for side in 0..2 {
        let set = rest.side(side);
        if set.windows(2).any(|w| w[0] >= w[1]) {
            return false;
        }
        for c in set {
            match mark(*c) {
                Mark::Classical(p) => {
                    if classical >> p & 1 != 0 {
                        return false;
                    }
                    classical |= 1 << p;
                }
                Mark::Spooky(a, b) => {
                    halves |= 1 << a | 1 << b;
                    let joined = parts[usize::from(a)];
                    if joined >> b & 1 != 0 {
                        return false;
                    }
                    let joined = joined | parts[usize::from(b)];
                    let mut rest = joined;
                    while rest != 0 {
                        parts[rest.trailing_zeros() as usize] = joined;
                        rest &= rest - 1;
                    }
                }
            }
        }
    }
    classical & halves == 0
}

/// The index: numbers for the legal positions at rest, one per symmetry class.
pub struct Index {
    /// Where each section starts in the dense space.
    starts: [usize; 9],
    /// Each set of each size, by rank.
    sets: [Vec<[u8; 3]>; 4],
    /// For each size, set and symmetry: the rank of the set's image.
    images: [Vec<[u16; 8]>; 4],
    /// One bit per dense code: legal and canonical.
    bits: Vec<u64>,
    /// The number of set bits before each word.
    before: Vec<u32>,
}

impl Index {
    /// Marks every legal canonical position, using `threads` threads; `None` if stopped
    /// at one of its pauses.
    pub(super) fn build(threads: usize, pauses: &super::pauses::Pauses) -> Option<Index> {
        let sets: [Vec<[u8; 3]>; 4] = std::array::from_fn(sets_of_size);
        let images: [Vec<[u16; 8]>; 4] = std::array::from_fn(|size| {
            sets[size]
                .iter()
                .map(|set| {
                    std::array::from_fn(|s| {
                        let mut image = [0u8; 3];
                        for i in 0..size {
                            image[i] = SYMMETRIES.0[s][usize::from(set[i])];
                        }
                        image[..size].sort_unstable();
                        rank(&image[..size]) as u16
                    })
                })
                .collect()
        });
        let mut starts = [0usize; 9];
        for s in 0..8 {
            let [x, o] = SECTION_LENS[s];
            starts[s + 1] = starts[s] + sets[usize::from(x)].len() * sets[usize::from(o)].len();
        }
        let words = starts[8].div_ceil(64);
        let mut bits = vec![0u64; words];
        let facts: [Vec<SideFacts>; 4] =
            std::array::from_fn(|size| sets[size].iter().map(|s| facts(&s[..size])).collect());
        for section in 0..8 {
            // In play the two sections differ only in who moves: marked alike.
            if section == 7 {
                let (from, to) = (starts[6], starts[7]);
                for i in 0..(to - from) {
                    // 200 million bits: a pause now and then, as in the blocks.
                    if i % (1 << 20) == 0 && pauses.pause(true, None) {
                        return None;
                    }
                    if bits[(from + i) / 64] >> ((from + i) % 64) & 1 != 0 {
                        bits[(to + i) / 64] |= 1 << ((to + i) % 64);
                    }
                }
                continue;
            }
            let [xl, ol] = SECTION_LENS[section];
            let (xs, os) = (&sets[usize::from(xl)], &sets[usize::from(ol)]);
            let next = if xl == ol { Player::X } else { Player::O };
            let width = os.len();
            // X's sets in blocks taken in turn by the threads; each keeps the dense codes
            // it marks.
            let found = super::pauses::in_blocks(
                xs.len(),
                8,
                threads,
                pauses,
                None,
                Vec::new,
                |marked: &mut Vec<usize>, block| {
                    let looked = (block.len() * width) as u64;
                    for xr in block {
                        let xf = facts[usize::from(xl)][xr];
                        if xf.classical == u16::MAX {
                            continue;
                        }
                        for (or, of) in facts[usize::from(ol)].iter().enumerate() {
                            if of.classical == u16::MAX
                                || xf.classical & (of.classical | of.halves) != 0
                                || of.classical & xf.halves != 0
                            {
                                continue;
                            }
                            let rest = Rest {
                                sides: [xs[xr], os[or]],
                                lens: [xl, ol],
                                next,
                            };
                            let (xi, oi) =
                                (&images[usize::from(xl)][xr], &images[usize::from(ol)][or]);
                            let least =
                                (1..8).all(|s| (xi[s] as usize, oi[s] as usize) >= (xr, or));
                            if least && legal(&rest) {
                                marked.push(starts[section] + xr * width + or);
                            }
                        }
                    }
                    looked
                },
            )?;
            for dense in found.into_iter().flatten() {
                bits[dense / 64] |= 1 << (dense % 64);
            }
        }
        let mut before = Vec::with_capacity(words + 1);
        let mut count = 0u32;
        for word in &bits {
            before.push(count);
            count += word.count_ones();
        }
        before.push(count);
        Some(Index {
            starts,
            sets,
            images,
            bits,
            before,
        })
    }

    /// How many positions the index numbers.
    pub fn len(&self) -> usize {
        self.before.last().copied().unwrap_or(0) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the index holds.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8 + self.before.len() * 4
    }

    /// The dense code of the least image of `rest`: the one whose ranks, X's then O's,
    /// come first.
    fn dense(&self, rest: &Rest) -> usize {
        let section = rest.section();
        let [xl, ol] = SECTION_LENS[section];
        let (xr, or) = (rank(rest.side(0)), rank(rest.side(1)));
        let (xi, oi) = (
            &self.images[usize::from(xl)][xr],
            &self.images[usize::from(ol)][or],
        );
        // Each image's pair of ranks as one number (X's above O's: ranks are below
        // 2^16), so the least is a plain minimum.
        let pair = |x: usize, o: usize| (x as u32) << 16 | o as u32;
        let mut least = pair(xr, or);
        for s in 1..8 {
            least = least.min(pair(usize::from(xi[s]), usize::from(oi[s])));
        }
        let (x, o) = ((least >> 16) as usize, (least & 0xffff) as usize);
        self.starts[section] + x * self.sets[usize::from(ol)].len() + o
    }

    /// The number of the class of a legal position (`None` for an illegal one).
    pub fn number_of_class(&self, rest: &Rest) -> Option<u32> {
        let dense = self.dense(rest);
        let word = *self.bits.get(dense / 64)?;
        let bit = dense % 64;
        (word >> bit & 1 != 0)
            .then(|| self.before[dense / 64] + (word & ((1u64 << bit) - 1)).count_ones())
    }

    /// The position a number stands for.
    pub fn position(&self, number: u32) -> Rest {
        self.of_dense(self.dense_of_number(number))
    }

    /// The dense code of a number.
    fn dense_of_number(&self, number: u32) -> usize {
        // The word holding it: the last whose count before is at most the number.
        let word = self.before.partition_point(|b| *b <= number) - 1;
        let mut bits = self.bits[word];
        for _ in 0..(number - self.before[word]) {
            bits &= bits - 1;
        }
        word * 64 + bits.trailing_zeros() as usize
    }

    /// The positions numbered `numbers`, in order, each with its number: one search for
    /// the first, then a walk along the bitmap (the passes take numbers in blocks).
    pub fn positions(
        &self,
        numbers: std::ops::Range<u32>,
    ) -> impl Iterator<Item = (u32, Rest)> + '_ {
        let mut dense = if numbers.is_empty() {
            0
        } else {
            self.dense_of_number(numbers.start)
        };
        numbers.map(move |number| {
            let rest = self.of_dense(dense);
            // On to the next set bit.
            let mut word = (dense + 1) / 64;
            let mut bits = self
                .bits
                .get(word)
                .map_or(0, |w| w & (u64::MAX << ((dense + 1) % 64)));
            while bits == 0 && word + 1 < self.bits.len() {
                word += 1;
                bits = self.bits[word];
            }
            dense = word * 64 + bits.trailing_zeros() as usize;
            (number, rest)
        })
    }

    /// The position at a dense code (one the bitmap marks).
    fn of_dense(&self, dense: usize) -> Rest {
        let section = self.starts.partition_point(|s| *s <= dense) - 1;
        let [xl, ol] = SECTION_LENS[section];
        let width = self.sets[usize::from(ol)].len();
        let offset = dense - self.starts[section];
        let next = match section {
            7 => Player::O,
            6 => Player::X,
            _ if xl == ol => Player::X,
            _ => Player::O,
        };
        Rest {
            sides: [
                self.sets[usize::from(xl)][offset / width],
                self.sets[usize::from(ol)][offset % width],
            ],
            lens: [xl, ol],
            next,
        }
    }
}

/// Every set of `size` distinct codes, sorted, in rank order.
fn sets_of_size(size: usize) -> Vec<[u8; 3]> {
    let mut sets = Vec::with_capacity(choose(CODES, size));
    let mut set = [0u8; 3];
    fn fill(set: &mut [u8; 3], place: usize, size: usize, out: &mut Vec<[u8; 3]>) {
        if place == size {
            out.push(*set);
            return;
        }
        // Rank order is colexicographic: the last code varies slowest.
        let low = if place == 0 { 0 } else { set[place - 1] + 1 };
        for c in low..CODES as u8 {
            set[place] = c;
            fill(set, place + 1, size, out);
        }
    }
    fill(&mut set, 0, size, &mut sets);
    sets.sort_by_key(|s| rank(&s[..size]));
    sets
}

/// A side's points, or `classical == u16::MAX` if the set cannot stand by itself.
fn facts(set: &[u8]) -> SideFacts {
    let lone = Rest {
        sides: [
            {
                let mut s = [0; 3];
                s[..set.len()].copy_from_slice(set);
                s
            },
            [0; 3],
        ],
        lens: [set.len() as u8, 0],
        next: Player::X,
    };
    if !legal(&lone) {
        return SideFacts {
            classical: u16::MAX,
            halves: 0,
        };
    }
    set.iter()
        .fold(SideFacts::default(), |f, c| match mark(*c) {
            Mark::Classical(p) => SideFacts {
                classical: f.classical | 1 << p,
                ..f
            },
            Mark::Spooky(a, b) => SideFacts {
                halves: f.halves | 1 << a | 1 << b,
                ..f
            },
        })
}
