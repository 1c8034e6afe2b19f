//! The quantum solver's transposition table: open addressing over one flat array of
//! words, each a position's key (50 bits: it holds positions of at most seven moves)
//! with its bounds packed in the 12 bits above, so a position costs 8 bytes a slot
//! where a `HashMap<u64, Bounds>` took 16 and a control byte, and a probe reads one
//! cache line.

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

/// Where a key was looked for: its slot, in an array of this size.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    slot: usize,
    size: usize,
}

/// The bits of a slot that hold the key: the codes of at most seven moves (the table
/// holds positions with fewer than eight made), 7 bits each, and whether a collapse
/// waits. The packed bounds take the 12 bits above.
const KEY_BITS: u32 = 7 * 7 + 1;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// No slot holds this: a stored slot's top bit is clear.
const EMPTY: u64 = u64::MAX;

/// A search's key (seven bits a move, a waiting collapse in bit 63) in [`KEY_BITS`].
fn short_key(key: u64) -> u64 {
    debug_assert_eq!(
        key << 1 >> (KEY_BITS),
        0,
        "more than seven moves in {key:x}"
    );
    key & (KEY_MASK >> 1) | (key >> 63) << (KEY_BITS - 1)
}

/// The table: a power-of-two number of slots, at most 7/8 full, doubled when it is.
/// A slot is one word, the key and its bounds, so a probe reads one cache line.
pub(super) struct Table {
    slots: Vec<u64>,
    len: usize,
}

/// The memory one position takes at most: 8 bytes a slot, up to 16/7 slots a position
/// (7/8 full, then doubled), and the old array beside the new while it doubles.
pub const BYTES_PER_POSITION: u64 = 8 * 16 / 7 * 3 / 2;

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
            slots: vec![EMPTY; 1 << 12],
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The slot holding `key` (a short key), or the empty slot where it would go.
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = mix(key) as usize & mask;
        loop {
            let here = self.slots[slot];
            if here == EMPTY || here & KEY_MASK == key {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The bounds stored for `key`, and where: a place to hand back to
    /// [`Table::update`], which then need not probe again.
    pub fn get(&self, key: u64) -> (Option<Bounds>, Place) {
        let slot = self.slot(short_key(key));
        let here = self.slots[slot];
        let found = (here != EMPTY).then(|| Bounds::unpack((here >> KEY_BITS) as u16));
        (
            found,
            Place {
                slot,
                size: self.slots.len(),
            },
        )
    }

    /// The bounds stored for `key` (open ones if none were), changed by `change`;
    /// `place` is where [`Table::get`] found it or its empty slot, if it still is.
    pub fn update(&mut self, key: u64, place: Place, change: impl FnOnce(&mut Bounds)) {
        let key = short_key(key);
        // Keys are never removed: the slot still holds the key, or is still the empty
        // slot ending its probe, unless the array doubled or another key took it.
        let here = |table: &Table, slot: usize| {
            let word = table.slots[slot];
            word == EMPTY || word & KEY_MASK == key
        };
        let still = place.size == self.slots.len() && here(self, place.slot);
        let mut slot = if still { place.slot } else { self.slot(key) };
        let mut bounds = if self.slots[slot] == EMPTY {
            if (self.len + 1) * 8 > self.slots.len() * 7 {
                self.double();
                slot = self.slot(key);
            }
            self.len += 1;
            Bounds::OPEN
        } else {
            Bounds::unpack((self.slots[slot] >> KEY_BITS) as u16)
        };
        change(&mut bounds);
        self.slots[slot] = key | u64::from(bounds.pack()) << KEY_BITS;
    }

    fn double(&mut self) {
        let size = self.slots.len() * 2;
        let slots = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        for word in slots {
            if word != EMPTY {
                let slot = self.slot(word & KEY_MASK);
                self.slots[slot] = word;
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
        // Search keys: seven bits for each of up to seven moves, a collapse in bit 63.
        let keys: Vec<u64> = (0..20_000u64)
            .map(|k| ((k * 0x9E37) ^ (k << 34)) & ((1 << 49) - 1) | (k % 2) << 63)
            .collect();
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
