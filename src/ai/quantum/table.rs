//! The quantum solver's transposition table: open addressing over two flat arrays, a
//! key (8 bytes) and its bounds packed in 2 bytes beside it, so a position costs 10
//! bytes a slot where a `HashMap<u64, Bounds>` took 16 and a control byte, and a probe
//! reads one cache line of keys.

/// Bounds on X's margin in a position, from searches with narrower windows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    pub lower: i8,
    pub upper: i8,
    /// The move that last decided the position, by its place in the ordered moves:
    /// tried first next time.
    pub best: u8,
}

impl Bounds {
    /// Nothing known yet: any margin from −2 to 2.
    pub const OPEN: Bounds = Bounds {
        lower: -2,
        upper: 2,
        best: 0,
    };

    /// Three bits for each bound (shifted to 0..=4) and six for the move (at most 45
    /// moves: 36 pairs and 9 deterministic).
    fn pack(self) -> u16 {
        let bound = |value: i8| (value + 2) as u16 & 7;
        bound(self.lower) | bound(self.upper) << 3 | u16::from(self.best & 63) << 6
    }

    fn unpack(data: u16) -> Bounds {
        Bounds {
            lower: (data & 7) as i8 - 2,
            upper: (data >> 3 & 7) as i8 - 2,
            best: (data >> 6 & 63) as u8,
        }
    }
}

/// Where a key was looked for: its slot, in arrays of this size.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    slot: usize,
    size: usize,
}

/// No position has this key: a key holds 7-bit codes of at most 90 each.
const EMPTY: u64 = u64::MAX;

/// The table: a power-of-two number of slots, at most 7/8 full, doubled when it is.
pub(super) struct Table {
    keys: Vec<u64>,
    data: Vec<u16>,
    len: usize,
}

/// The memory one position takes at most: 10 bytes a slot, up to 16/7 slots a position
/// (7/8 full, then doubled), and the old arrays beside the new while they double.
pub const BYTES_PER_POSITION: u64 = 10 * 16 / 7 * 3 / 2;

/// Spreads a structured key over the slots (the murmur finaliser).
fn mix(key: u64) -> u64 {
    let mut x = key;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

impl Table {
    pub fn new() -> Table {
        Table {
            keys: vec![EMPTY; 1 << 12],
            data: vec![0; 1 << 12],
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The slot holding `key`, or the empty slot where it would go.
    fn slot(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut slot = mix(key) as usize & mask;
        loop {
            let here = self.keys[slot];
            if here == key || here == EMPTY {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The bounds stored for `key`, and where: a place to hand back to
    /// [`Table::update`], which then need not probe again.
    pub fn get(&self, key: u64) -> (Option<Bounds>, Place) {
        let slot = self.slot(key);
        let found = (self.keys[slot] == key).then(|| Bounds::unpack(self.data[slot]));
        (
            found,
            Place {
                slot,
                size: self.keys.len(),
            },
        )
    }

    /// The bounds stored for `key` (open ones if none were), changed by `change`;
    /// `place` is where [`Table::get`] found it or its empty slot, if it still is.
    pub fn update(&mut self, key: u64, place: Place, change: impl FnOnce(&mut Bounds)) {
        debug_assert_ne!(key, EMPTY);
        // Keys are never removed: the slot still holds the key, or is still the empty
        // slot ending its probe, unless the arrays doubled or another key took it.
        let still = place.size == self.keys.len()
            && (self.keys[place.slot] == key || self.keys[place.slot] == EMPTY);
        let mut slot = if still { place.slot } else { self.slot(key) };
        if self.keys[slot] == EMPTY {
            if (self.len + 1) * 8 > self.keys.len() * 7 {
                self.double();
                slot = self.slot(key);
            }
            self.keys[slot] = key;
            self.data[slot] = Bounds::OPEN.pack();
            self.len += 1;
        }
        let mut bounds = Bounds::unpack(self.data[slot]);
        change(&mut bounds);
        self.data[slot] = bounds.pack();
    }

    fn double(&mut self) {
        let size = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![EMPTY; size]);
        let data = std::mem::replace(&mut self.data, vec![0; size]);
        for (key, data) in keys.into_iter().zip(data) {
            if key != EMPTY {
                let slot = self.slot(key);
                self.keys[slot] = key;
                self.data[slot] = data;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_survive_packing() {
        for lower in -2..=2 {
            for upper in lower..=2 {
                for best in [0, 1, 44, 63] {
                    let bounds = Bounds { lower, upper, best };
                    assert_eq!(Bounds::unpack(bounds.pack()), bounds);
                }
            }
        }
    }

    #[test]
    fn the_table_keeps_every_key_through_doubling() {
        let mut table = Table::new();
        let keys: Vec<u64> = (0..20_000u64).map(|k| (k * 0x9E37) ^ (k << 40)).collect();
        for (index, key) in keys.iter().enumerate() {
            let (_, place) = table.get(*key);
            table.update(*key, place, |bounds| bounds.best = (index % 45) as u8);
        }
        assert_eq!(table.len(), keys.len());
        for (index, key) in keys.iter().enumerate() {
            assert_eq!(table.get(*key).0.map(|b| b.best), Some((index % 45) as u8));
        }
        assert_eq!(table.get(7).0, None);
    }
}
