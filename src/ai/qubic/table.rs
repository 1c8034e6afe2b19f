//! The df-pn search's table: proof and disproof numbers under each position's
//! symmetric key, in a fixed block of memory chosen before the search starts
//! (`menace solve qubic --memory`). A full table does not stop the search: a new entry
//! takes the place of the one in its bucket that cost the least work to find (as
//! df-pn solvers do, by the size of the search below it), so what is forgotten is
//! what is cheapest to find again; the search stays correct, only slower.
//!
//! An entry is 16 bytes: 40 bits of the key and 24 of work in one word, the two
//! numbers in another. The bucket comes from the key's bits mixed, so about 40 + 25
//! bits are compared, and every proof is replayed by the checker anyway.

/// The proof and disproof numbers of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

/// Entries a bucket holds (one 64-byte cache line).
const BUCKET: usize = 4;
const CHECK_BITS: u32 = 40;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;
const MOST_WORK: u64 = (1 << (64 - CHECK_BITS)) - 1;

/// One entry: the key's check and the work, then the numbers. Both words zero is an
/// empty slot (no position has both numbers zero); a plain array of words, so a new
/// table is zeroed memory the system hands over page by page as it is touched.
type Slot = [u64; 2];
const EMPTY: Slot = [0; 2];

/// The bytes an entry takes.
pub const BYTES_PER_ENTRY: u64 = std::mem::size_of::<Slot>() as u64;

/// A table of at most a given size, replacing the least worked entry when a bucket is
/// full.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
    buckets: u64,
    len: usize,
    /// Entries that took another's place.
    pub replaced: u64,
}

impl Table {
    /// A table within `bytes` (at least one bucket).
    pub fn new(bytes: u64) -> Table {
        let buckets = (bytes / (BYTES_PER_ENTRY * BUCKET as u64)).max(1);
        Table {
            slots: vec![EMPTY; buckets as usize * BUCKET],
            buckets,
            len: 0,
            replaced: 0,
        }
    }

    /// The entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Positions held now.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        // A key is the least of 192 hashes, so its high bits are mostly clear: it is
        // mixed before its high 32 bits choose the bucket.
        let mixed = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let start = ((mixed * self.buckets) >> 32) as usize * BUCKET;
        start..start + BUCKET
    }

    /// The numbers stored for `key`, if it is still there.
    pub fn get(&self, key: u64) -> Option<Numbers> {
        let check = key & CHECK_MASK;
        self.slots[self.bucket(key)]
            .iter()
            .find(|slot| slot[1] != 0 && slot[0] & CHECK_MASK == check)
            .map(|slot| Numbers {
                proof: slot[1] as u32,
                disproof: (slot[1] >> 32) as u32,
            })
    }

    /// Stores the numbers of `key`, with the work (positions searched) they cost. An
    /// entry already there keeps the larger work; otherwise an empty slot is taken, or
    /// the least worked entry's if it cost less than this one did (a bare evaluation,
    /// of no work, does not push out a searched position).
    pub fn put(&mut self, key: u64, numbers: Numbers, work: u64) {
        let check = key & CHECK_MASK;
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        let word = u64::from(numbers.proof) | u64::from(numbers.disproof) << 32;
        let with_work = |work: u64| check | work.min(MOST_WORK) << CHECK_BITS;
        if let Some(slot) = bucket
            .iter_mut()
            .find(|slot| slot[1] != 0 && slot[0] & CHECK_MASK == check)
        {
            let old = slot[0] >> CHECK_BITS;
            *slot = [with_work(old.max(work)), word];
            return;
        }
        if let Some(slot) = bucket.iter_mut().find(|slot| slot[1] == 0) {
            *slot = [with_work(work), word];
            self.len += 1;
            return;
        }
        let least = bucket
            .iter_mut()
            .min_by_key(|slot| slot[0] >> CHECK_BITS)
            .expect("a bucket has slots");
        if least[0] >> CHECK_BITS <= work {
            *least = [with_work(work), word];
            self.replaced += 1;
        }
    }

    /// Forgets `key` (so that a proved position can be searched again).
    pub fn remove(&mut self, key: u64) {
        let check = key & CHECK_MASK;
        let range = self.bucket(key);
        if let Some(slot) = self.slots[range]
            .iter_mut()
            .find(|slot| slot[1] != 0 && slot[0] & CHECK_MASK == check)
        {
            *slot = EMPTY;
            self.len -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Numbers = Numbers {
        proof: 3,
        disproof: 5,
    };

    #[test]
    fn a_full_bucket_keeps_the_most_worked_entries() {
        // One bucket: every key lands in it.
        let mut table = Table::new(BYTES_PER_ENTRY * BUCKET as u64);
        assert_eq!(table.capacity(), BUCKET);
        for key in 1..=4u64 {
            table.put(key, A, key * 10);
        }
        assert_eq!(table.len(), 4);
        // No work: it does not displace any searched entry.
        table.put(99, A, 0);
        assert_eq!(table.get(99), None);
        // More work than the least (key 1, 10): it takes that one's place.
        table.put(100, A, 15);
        assert_eq!(table.get(100), Some(A));
        assert_eq!(table.get(1), None);
        assert_eq!(table.get(2), Some(A));
        assert_eq!(table.replaced, 1);
        // Updating an entry keeps its larger work.
        let b = Numbers {
            proof: 0,
            disproof: 7,
        };
        table.put(4, b, 1);
        assert_eq!(table.get(4), Some(b));
        table.put(101, A, 39);
        assert_eq!(table.get(4), Some(b), "work 40 kept");
        table.remove(4);
        assert_eq!(table.get(4), None);
        assert_eq!(table.len(), 3);
    }
}
