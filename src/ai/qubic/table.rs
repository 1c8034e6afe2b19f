//! The df-pn search's table: proof and disproof numbers under each position's
//! symmetric key, in a fixed block of memory chosen before the search starts
//! (`menace solve qubic --memory`). A full table does not stop the search: a new entry
//! takes the place of the one in its bucket that cost the least work to find (as
//! df-pn solvers do, by the size of the search below it), so what is forgotten is
//! what is cheapest to find again; the search stays correct, only slower.
//!
//! An entry is 16 bytes: 40 bits of the key and 24 of work in one word, the two
//! numbers in another (the first XOR-ed with the second, for the searches on other
//! cores: see [`Slot`]). The bucket comes from the key's bits mixed, so about 40 + 25
//! bits are compared, and every proof is replayed by the checker anyway.

/// The proof and disproof numbers of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbers {
    pub proof: u32,
    pub disproof: u32,
}

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU64, AtomicUsize};

/// Entries a bucket holds (one 64-byte cache line).
const BUCKET: usize = 4;
const CHECK_BITS: u32 = 40;
const CHECK_MASK: u64 = (1 << CHECK_BITS) - 1;
const MOST_WORK: u64 = (1 << (64 - CHECK_BITS)) - 1;

/// One entry: the key's check and the work (XOR-ed with the numbers), then the
/// numbers. Both words zero is an empty slot (no position has both numbers zero); a
/// plain array of words, so a new table is zeroed memory the system hands over page by
/// page as it is touched. The table is shared by the searches on every core, each word
/// read and written whole but an entry in two writes: a read that meets half of one
/// entry and half of another sees the check disagree (the first word is the check XOR
/// the numbers), and takes the slot for another position's, as lock-free chess tables
/// do (Hyatt and Mann).
type Slot = [AtomicU64; 2];

/// The bytes an entry takes.
pub const BYTES_PER_ENTRY: u64 = std::mem::size_of::<Slot>() as u64;

/// A table of at most a given size, replacing the least worked entry when a bucket is
/// full; shared by threads (a search on each core), each asking and writing as if it
/// were alone.
#[derive(Debug)]
pub struct Table {
    slots: Vec<Slot>,
    buckets: u64,
    counts: Counts,
}

/// The table's counters, on a cache line of their own: every new entry changes them,
/// and on the line of `slots` and `buckets`, which every lookup reads, each change by
/// one core's search would make the other core's next lookup wait for the line (X on
/// 0, O on 27 on two cores: 19.3 µs of CPU a visit against 20.0, four runs each).
#[derive(Debug, Default)]
#[repr(align(128))]
struct Counts {
    len: AtomicUsize,
    replaced: AtomicU64,
}

/// An entry as read: the check, the work, the numbers' word (0 for an empty slot).
#[derive(Debug, Clone, Copy)]
struct Entry {
    check: u64,
    work: u64,
    word: u64,
}

fn read(slot: &Slot) -> Entry {
    let word = slot[1].load(Relaxed);
    let meta = slot[0].load(Relaxed) ^ word;
    Entry {
        check: meta & CHECK_MASK,
        work: meta >> CHECK_BITS,
        word,
    }
}

fn write(slot: &Slot, check: u64, work: u64, word: u64) {
    slot[0].store((check | work.min(MOST_WORK) << CHECK_BITS) ^ word, Relaxed);
    slot[1].store(word, Relaxed);
}

impl Table {
    /// A table within `bytes` (at least one bucket).
    pub fn new(bytes: u64) -> Table {
        Table::try_new(bytes).expect("memory for the table")
    }

    /// A table within `bytes` (at least one bucket), or `None` when the system will
    /// not give that much memory: the one who asked says so, where a failed
    /// allocation would end the program.
    pub fn try_new(bytes: u64) -> Option<Table> {
        let buckets = (bytes / (BYTES_PER_ENTRY * BUCKET as u64)).max(1);
        let entries = usize::try_from(buckets).ok()?.checked_mul(BUCKET)?;
        let mut slots: Vec<Slot> = Vec::new();
        slots.try_reserve_exact(entries).ok()?;
        // Written on every core: the default table is 1.5 GB, each page faulted in and
        // zeroed by the system as it is first written, 1 to 3 s on one core. (Memory
        // the system hands over as zeros, touched first by the search, was tried: the
        // faults during the search cost five times as much system time.) The room is
        // reserved above, so this fills it in place.
        use rayon::prelude::*;
        slots.par_extend((0..entries).into_par_iter().map(|_| Slot::default()));
        Some(Table {
            slots,
            buckets,
            counts: Counts::default(),
        })
    }

    /// The entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Positions held now.
    pub fn len(&self) -> usize {
        self.counts.len.load(Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries that took another's place.
    pub fn replaced(&self) -> u64 {
        self.counts.replaced.load(Relaxed)
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        // A key is the least of 192 hashes, so its high bits are mostly clear: it is
        // mixed before its high 32 bits choose the bucket.
        let mixed = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let start = ((mixed * self.buckets) >> 32) as usize * BUCKET;
        &self.slots[start..start + BUCKET]
    }

    /// The numbers stored for `key`, if it is still there.
    pub fn get(&self, key: u64) -> Option<Numbers> {
        let check = key & CHECK_MASK;
        self.bucket(key)
            .iter()
            .map(read)
            .find(|entry| entry.word != 0 && entry.check == check)
            .map(|entry| Numbers {
                proof: entry.word as u32,
                disproof: (entry.word >> 32) as u32,
            })
    }

    /// Stores the numbers of `key`, with the work (positions searched) they cost. An
    /// entry already there keeps the larger work; otherwise an empty slot is taken, or
    /// the least worked entry's if it cost less than this one did (a bare evaluation,
    /// of no work, does not push out a searched position).
    pub fn put(&self, key: u64, numbers: Numbers, work: u64) {
        let check = key & CHECK_MASK;
        let bucket = self.bucket(key);
        let word = u64::from(numbers.proof) | u64::from(numbers.disproof) << 32;
        let entries: [Entry; BUCKET] = std::array::from_fn(|index| read(&bucket[index]));
        if let Some(index) = entries
            .iter()
            .position(|entry| entry.word != 0 && entry.check == check)
        {
            write(&bucket[index], check, entries[index].work.max(work), word);
            return;
        }
        if let Some(index) = entries.iter().position(|entry| entry.word == 0) {
            write(&bucket[index], check, work, word);
            self.counts.len.fetch_add(1, Relaxed);
            return;
        }
        let least = (0..BUCKET)
            .min_by_key(|index| entries[*index].work)
            .expect("a bucket has slots");
        if entries[least].work <= work {
            write(&bucket[least], check, work, word);
            self.counts.replaced.fetch_add(1, Relaxed);
        }
    }

    /// Forgets `key` (so that a proved position can be searched again).
    pub fn remove(&self, key: u64) {
        let check = key & CHECK_MASK;
        let bucket = self.bucket(key);
        if let Some(slot) = bucket.iter().find(|slot| {
            let entry = read(slot);
            entry.word != 0 && entry.check == check
        }) {
            slot[0].store(0, Relaxed);
            slot[1].store(0, Relaxed);
            self.counts.len.fetch_sub(1, Relaxed);
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
        let table = Table::new(BYTES_PER_ENTRY * BUCKET as u64);
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
        assert_eq!(table.replaced(), 1);
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
