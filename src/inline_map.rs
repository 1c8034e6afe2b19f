//! A hash map that keeps each key beside its value in one array, probed in a line.
//!
//! Training against perfect play looks up two big tables every move (MENACE's box for a
//! position, perfect play's best moves for the next), and once they outgrow the caches
//! each lookup waits on memory. A `HashMap` (hashbrown) keeps its control bytes apart
//! from its entries, so a lookup that misses the cache waits twice: once for the control
//! bytes, once for the entry. Here the key is in the slot itself, and with the table at
//! most five eighths full the slot a key hashes to, or the next in the same cache line,
//! almost always holds it or is empty: one wait. The cost is memory (between 1.6 and 3.2
//! slots an entry), fine for the small keys and values these tables hold. Nothing is ever removed one at a time: `retain`
//! rebuilds the table, which is rare (forgetting boxes).

use std::hash::{BuildHasher, Hash};

/// The map. Keys are small `Copy` values (position keys), hashed by foldhash with a
/// fixed seed, so a run's tables, and anything that walks them, are the same every run.
#[derive(Clone)]
pub struct InlineMap<K, V> {
    slots: Vec<Option<(K, V)>>,
    len: usize,
}

impl<K, V> Default for InlineMap<K, V> {
    fn default() -> Self {
        InlineMap {
            slots: Vec::new(),
            len: 0,
        }
    }
}

impl<K, V> std::fmt::Debug for InlineMap<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "InlineMap({} entries)", self.len)
    }
}

/// The fewest slots a table that holds anything has.
const LEAST_SLOTS: usize = 16;

impl<K: Copy + Eq + Hash, V: Copy> InlineMap<K, V> {
    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where `key` is or would go: its home slot, or the first after it that holds it
    /// or is empty. The table always has empty slots, so the walk ends.
    #[inline]
    fn slot_of(&self, key: &K) -> usize {
        let mask = self.slots.len() - 1;
        let mut at = home(key) & mask;
        loop {
            match &self.slots[at] {
                Some((found, _)) if found != key => at = (at + 1) & mask,
                _ => return at,
            }
        }
    }

    /// The value kept for `key`.
    #[inline]
    pub fn get(&self, key: &K) -> Option<&V> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[self.slot_of(key)]
            .as_ref()
            .map(|(_, value)| value)
    }

    /// Keeps `value` for `key`, in place of any value kept before.
    pub fn insert(&mut self, key: K, value: V) {
        if (self.len + 1) * 8 > self.slots.len() * 5 {
            self.grow();
        }
        let at = self.slot_of(&key);
        if self.slots[at].is_none() {
            self.len += 1;
        }
        self.slots[at] = Some((key, value));
    }

    /// Keeps only the entries `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &V) -> bool) {
        let kept: Vec<(K, V)> = self
            .slots
            .iter()
            .flatten()
            .filter(|(key, value)| keep(key, value))
            .copied()
            .collect();
        self.rebuild(self.slots.len(), kept);
    }

    /// Twice the slots, every entry put again.
    fn grow(&mut self) {
        let slots = (self.slots.len() * 2).max(LEAST_SLOTS);
        let entries: Vec<(K, V)> = self.slots.iter().flatten().copied().collect();
        self.rebuild(slots, entries);
    }

    fn rebuild(&mut self, slots: usize, entries: Vec<(K, V)>) {
        self.slots = vec![None; slots];
        self.len = 0;
        for (key, value) in entries {
            let at = self.slot_of(&key);
            self.slots[at] = Some((key, value));
            self.len += 1;
        }
    }
}

/// The home slot of `key` (before masking): foldhash with a fixed seed.
#[inline]
fn home<K: Hash>(key: &K) -> usize {
    // Truncation on 32-bit machines only drops high bits the mask drops anyway.
    foldhash::fast::FixedState::with_seed(0x6d65_6e61_6365).hash_one(key) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// Any sequence of inserts and retains leaves it holding what a `HashMap` does.
        #[test]
        fn it_holds_what_a_hash_map_holds(
            steps in proptest::collection::vec((0u16..300, 0u32..1000, any::<bool>()), 0..600)
        ) {
            let mut ours = InlineMap::default();
            let mut theirs = HashMap::new();
            for (key, value, retain) in steps {
                if retain && value % 17 == 0 {
                    ours.retain(|k: &u16, _| !k.is_multiple_of(3));
                    theirs.retain(|k: &u16, _| !k.is_multiple_of(3));
                } else {
                    ours.insert(key, value);
                    theirs.insert(key, value);
                }
                prop_assert_eq!(ours.len(), theirs.len());
            }
            for key in 0u16..300 {
                prop_assert_eq!(ours.get(&key), theirs.get(&key));
            }
        }
    }

    #[test]
    fn an_empty_map_finds_nothing() {
        let map: InlineMap<(u16, u16), u32> = InlineMap::default();
        assert!(map.is_empty());
        assert_eq!(map.get(&(1, 2)), None);
    }
}
