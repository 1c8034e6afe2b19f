//! The accelerator of [`super::Menace`]: where a game gives its positions a small
//! dense code ([`Game::dense_code`], the base-3 cells of noughts and crosses), a table
//! from that code straight to the box, the symmetry and the real move of every bead, so
//! that a turn neither hashes a key nor tries the symmetries nor searches the moves.
//!
//! A game without dense codes is looked up by its position's own key instead
//! ([`Game::key`], a hash lookup that still skips the symmetries and the moves), where
//! its positions never repeat (so that a key met before is always MENACE's turn with the
//! same choices).
//!
//! An entry is written the first time a position is met through the plain lookup (the
//! canonical key in the learner's index), from what that lookup found; so the two always
//! agree, which `the_table_agrees_with_the_plain_lookup_everywhere` checks on every
//! position of noughts and crosses.

use crate::game::Game;
use crate::inline_map::InlineMap;

/// Where one position finds its box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) box_index: u32,
    /// Where the real moves of the box's beads start in [`Dense::real_moves`].
    pub(super) moves_from: u32,
    pub(super) symmetry: u8,
}

/// The table: one slot per dense code, naming its entry. Slots are 4 bytes (0: not met;
/// n: the n-th entry) and entries are few (one per position met), so the 19,683 slots of
/// noughts and crosses take 79 KB and stay in cache, where a slot holding its 16-byte
/// entry took four times that and missed it on most turns.
#[derive(Debug, Clone)]
pub(super) struct Dense<M, K> {
    slots: Vec<u32>,
    /// The entries by the position's key, for games without dense codes: held in the
    /// map itself, so a turn waits on memory once for the map and once for the box.
    keyed: InlineMap<K, Entry>,
    entries: Vec<Entry>,
    /// The real move of each bead, entry after entry.
    real_moves: Vec<M>,
}

impl<M, K> Default for Dense<M, K> {
    fn default() -> Self {
        Dense {
            slots: Vec::new(),
            keyed: InlineMap::default(),
            entries: Vec::new(),
            real_moves: Vec::new(),
        }
    }
}

/// The most codes the table keeps: a game whose codes run higher is looked up by key.
const MAX_CODES: usize = 1 << 20;

/// Where a position is found: its dense code, or its key.
#[derive(Debug, Clone, Copy)]
pub(super) enum Found<K> {
    Code(usize),
    Key(K),
}

impl<M: Copy + PartialEq, K: Copy + Eq + std::hash::Hash> Dense<M, K> {
    /// The entry for a position, if it was met before.
    #[inline]
    pub(super) fn get(&self, found: Found<K>) -> Option<Entry> {
        let slot = match found {
            Found::Code(code) => *self.slots.get(code)?,
            Found::Key(key) => return self.keyed.get(&key).copied(),
        };
        (slot as usize)
            .checked_sub(1)
            .and_then(|index| self.entries.get(index))
            .copied()
    }

    /// The real move bead `bead` of `entry` stands for.
    #[inline]
    pub(super) fn real_move(&self, entry: Entry, bead: usize) -> Option<M> {
        self.real_moves
            .get(entry.moves_from as usize + bead)
            .copied()
    }

    /// Remembers where the position `game` (with dense code `code`) finds its box: box
    /// `box_index` through `symmetry`, whose picture's moves are `picture_moves`. Nothing
    /// is kept where a number does not fit or a bead has no real move (a game breaking
    /// its symmetry contract, which the plain lookup reports).
    pub(super) fn remember<G: Game<Move = M>>(
        &mut self,
        found: Found<K>,
        game: &G,
        legal: &[M],
        box_index: usize,
        symmetry: usize,
        picture_moves: &[M],
    ) {
        let (Ok(box_index), Ok(moves_from), Ok(symmetry)) = (
            u32::try_from(box_index),
            u32::try_from(self.real_moves.len()),
            u8::try_from(symmetry),
        ) else {
            return;
        };
        let Ok(slot) = u32::try_from(self.entries.len() + 1) else {
            return;
        };
        if matches!(found, Found::Code(code) if code >= MAX_CODES) {
            return;
        }
        let start = self.real_moves.len();
        for picture_move in picture_moves {
            match legal
                .iter()
                .find(|mv| game.transform_move(**mv, usize::from(symmetry)) == *picture_move)
            {
                Some(real) => self.real_moves.push(*real),
                None => {
                    self.real_moves.truncate(start);
                    return;
                }
            }
        }
        let entry = Entry {
            box_index,
            moves_from,
            symmetry,
        };
        match found {
            Found::Code(code) => {
                self.entries.push(entry);
                if self.slots.len() <= code {
                    self.slots.resize(code + 1, 0);
                }
                self.slots[code] = slot;
            }
            Found::Key(key) => {
                self.keyed.insert(key, entry);
            }
        }
    }

    /// Forgets the entries of boxes from `count` on (their boxes are gone).
    pub(super) fn forget_boxes_from(&mut self, count: usize) {
        let entries = &self.entries;
        let gone = |slot: u32| {
            (slot as usize)
                .checked_sub(1)
                .and_then(|index| entries.get(index))
                .is_some_and(|entry| entry.box_index as usize >= count)
        };
        for slot in &mut self.slots {
            if gone(*slot) {
                *slot = 0;
            }
        }
        self.keyed
            .retain(|_, entry| (entry.box_index as usize) < count);
    }
}
