//! Can one side stop the other from ever completing a line? The Maker-Breaker search
//! for k-in-a-row boards, where a pairing strategy ends the search as soon as one exists.
//!
//! The maker wins by completing a line; the breaker wins by stopping that for good. In
//! the real game the side that only stops lines does at least as well: its own lines
//! can only end the game sooner, and the other side's need to block them only takes its
//! moves away. So when the breaker wins here as each side in turn, neither side can
//! force a line in the real game, and the game is a draw.
//!
//! What makes the search small:
//! - **Dead lines.** A line holding a breaker mark is gone; only the live lines and
//!   their cells count. A position is stored as the maker's marks on live cells and
//!   every other cell blocked, so positions that differ only in dead cells are one.
//! - **Monotony.** An extra mark never hurts its owner in a Maker-Breaker game, so both
//!   sides play only live cells (a move elsewhere is never better than one on a line).
//! - **Threats.** A live line one mark short wins for the maker to move; the breaker must
//!   block it at once, and loses to two.
//! - **Pairings.** Where the live lines have a pairing ([`super::pairing`]), the breaker
//!   wins whoever is to move, without further search.
//! - **Symmetry.** A position is stored once per class of the board's symmetries, and
//!   [`Breaker::breaker_move`] chooses in the class's own position and maps the move
//!   back, so the breaker's choice depends only on the class.

use super::pairing::find_pairing;
use crate::game::Game;
use crate::game::mnk::Mnk;
use std::collections::HashMap;

/// The search ran through its budget of positions (or was stopped by Ctrl-C).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// The search over one board: its lines, symmetries and table of solved positions.
#[derive(Debug, Clone)]
pub struct Breaker {
    lines: Vec<u64>,
    /// Each symmetry as a map of cells (the identity first), and its inverse.
    maps: Vec<Vec<u8>>,
    inverses: Vec<Vec<u8>>,
    /// Each symmetry applied to one byte of a mask at a time: `images[s][i][b]` is the
    /// image of byte value `b` in byte `i`.
    images: Vec<Box<[[u64; 256]; 8]>>,
    /// Whether the breaker stops the maker, the maker to move, by canonical position.
    table: HashMap<(u64, u64), bool>,
    /// Positions looked at so far.
    pub positions: u64,
    budget: u64,
}

/// A position as the search keeps it: the maker's marks on live cells and the blocked
/// cells (the breaker's, and every cell on no live line).
type Key = (u64, u64);

impl Breaker {
    /// A search over `lines` (cell masks) with the board's symmetries `maps` (each sends
    /// cell `c` to `map[c]`; the identity first), looking at no more than `budget`
    /// positions.
    pub fn new(lines: &[u64], maps: Vec<Vec<u8>>, budget: u64) -> Breaker {
        let inverses = maps
            .iter()
            .map(|map| {
                let mut inverse = vec![0u8; map.len()];
                for (cell, image) in map.iter().enumerate() {
                    inverse[usize::from(*image)] = cell as u8;
                }
                inverse
            })
            .collect();
        let images = maps
            .iter()
            .map(|map| {
                let mut table = Box::new([[0u64; 256]; 8]);
                for (byte, images) in table.iter_mut().enumerate() {
                    for (value, image) in images.iter_mut().enumerate() {
                        *image = (0..8)
                            .filter(|bit| value & (1 << bit) != 0)
                            .map(|bit| byte * 8 + bit)
                            .filter(|cell| *cell < map.len())
                            .fold(0, |mask, cell| mask | 1 << map[cell]);
                    }
                }
                table
            })
            .collect();
        Breaker {
            lines: lines.to_vec(),
            maps,
            inverses,
            images,
            table: HashMap::new(),
            positions: 0,
            budget,
        }
    }

    /// A search over the lines and symmetries of `game`'s board.
    pub fn for_board(game: &Mnk, budget: u64) -> Breaker {
        let cells = game.rules().cells() as u8;
        let maps = (0..game.symmetry_count())
            .map(|s| (0..cells).map(|c| game.transform_move(c, s)).collect())
            .collect();
        Breaker::new(game.lines(), maps, budget)
    }

    /// The most positions a table in [`crate::ai::alphabeta::table_bytes`] holds: a key,
    /// its answer and the hash table's control byte, at most 7/8 of the slots full
    /// after doubling.
    pub fn positions_memory_allows() -> u64 {
        let entry = std::mem::size_of::<(Key, bool)>() as u64 + 1;
        crate::ai::alphabeta::table_bytes() * 7 / (entry * 16)
    }

    /// Whether the breaker (marks `breaker`) stops the maker (marks `maker`) from ever
    /// completing a line, with the maker to move if `maker_to_move`, else the breaker.
    pub fn stops(
        &mut self,
        maker: u64,
        breaker: u64,
        maker_to_move: bool,
    ) -> Result<bool, OutOfBudget> {
        let key = self.normal(maker, breaker);
        if maker_to_move {
            self.maker_moves(key)
        } else {
            self.breaker_moves(key)
        }
    }

    /// A move with which the breaker, to move, stops the maker for good, or `None` if
    /// there is none (or no live line is left, so any move does). The move is chosen in
    /// the position's canonical form and mapped back, so positions that are symmetric
    /// images get moves that are images too.
    pub fn breaker_move(&mut self, maker: u64, breaker: u64) -> Result<Option<u8>, OutOfBudget> {
        let key = self.normal(maker, breaker);
        let (symmetry, canonical) = self.canonical(key);
        let (maker, blocked) = canonical;
        let live = self.live_lines(blocked);
        if live.iter().any(|line| maker & line == *line) {
            return Ok(None);
        }
        for cell in self.breaker_candidates(canonical, &live) {
            if self.maker_moves(self.normal(maker, blocked | 1 << cell))? {
                return Ok(Some(self.inverses[symmetry][usize::from(cell)]));
            }
        }
        Ok(None)
    }

    /// Positions the table holds.
    pub fn stored(&self) -> usize {
        self.table.len()
    }

    /// The key of a position: the maker's marks on live cells, every other cell blocked.
    fn normal(&self, maker: u64, breaker: u64) -> Key {
        let live_cells = self
            .lines
            .iter()
            .filter(|line| *line & breaker == 0)
            .fold(0, |cells, line| cells | line);
        (maker & live_cells, !live_cells)
    }

    fn live_lines(&self, blocked: u64) -> Vec<u64> {
        self.lines
            .iter()
            .copied()
            .filter(|line| line & blocked == 0)
            .collect()
    }

    fn image(&self, symmetry: usize, mask: u64) -> u64 {
        let table = &self.images[symmetry];
        (0..8).fold(0, |image, byte| {
            image | table[byte][((mask >> (8 * byte)) & 0xff) as usize]
        })
    }

    /// The least image of a key under the symmetries, and the symmetry that gives it.
    /// Blocked cells off the board are dropped first, as no map moves them.
    fn canonical(&self, (maker, blocked): Key) -> (usize, Key) {
        let on_board = self.maps[0].len();
        let board = if on_board == 64 {
            u64::MAX
        } else {
            (1u64 << on_board) - 1
        };
        let blocked = blocked & board;
        (0..self.maps.len())
            .map(|s| (s, (self.image(s, maker), self.image(s, blocked))))
            .min_by_key(|(_, key)| *key)
            .unwrap_or((0, (maker, blocked)))
    }

    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.positions += 1;
        if self.positions > self.budget
            || (self.positions.is_multiple_of(4096)
                && crate::stop::checkpoint(crate::stop::Searched {
                    positions: self.positions,
                    depth: None,
                }))
        {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// The maker to move: does the breaker still stop every line?
    fn maker_moves(&mut self, key: Key) -> Result<bool, OutOfBudget> {
        let (maker, blocked) = key;
        let live = self.live_lines(blocked);
        if live.is_empty() {
            return Ok(true);
        }
        // A line complete, or one mark short: the maker has won, or wins now.
        if live.iter().any(|line| (line & !maker).count_ones() <= 1) {
            return Ok(false);
        }
        let (_, canonical) = self.canonical(key);
        if let Some(known) = self.table.get(&canonical) {
            return Ok(*known);
        }
        self.count()?;
        let free = !(maker | blocked);
        let holds = if find_pairing(&live, free).is_some() {
            true
        } else {
            let mut holds = true;
            for cell in self.maker_candidates(key, &live) {
                if !self.breaker_moves((maker | 1 << cell, blocked))? {
                    holds = false;
                    break;
                }
            }
            holds
        };
        self.table.insert(canonical, holds);
        Ok(holds)
    }

    /// The breaker to move: is there a move that stops every line?
    fn breaker_moves(&mut self, key: Key) -> Result<bool, OutOfBudget> {
        let (maker, blocked) = key;
        let live = self.live_lines(blocked);
        if live.is_empty() {
            return Ok(true);
        }
        if live.iter().any(|line| maker & line == *line) {
            return Ok(false);
        }
        if find_pairing(&live, !(maker | blocked)).is_some() {
            return Ok(true);
        }
        for cell in self.breaker_candidates(key, &live) {
            let after = self.normal(maker, blocked | 1 << cell);
            if self.maker_moves(after)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The maker's threats (a live line one mark short) forced first; otherwise every
    /// live empty cell, the most promising first: a cell scores more for each live line
    /// through it, much more for each maker mark already on that line.
    fn breaker_candidates(&self, (maker, blocked): Key, live: &[u64]) -> Vec<u8> {
        let free = !(maker | blocked);
        let threats = live
            .iter()
            .filter(|line| (*line & free).count_ones() == 1)
            .fold(0u64, |cells, line| cells | (line & free));
        match threats.count_ones() {
            0 => self.by_promise(maker, free, live),
            1 => vec![threats.trailing_zeros() as u8],
            // Two threats: the maker completes one of them whatever the breaker does.
            _ => Vec::new(),
        }
    }

    fn maker_candidates(&self, (maker, blocked): Key, live: &[u64]) -> Vec<u8> {
        self.by_promise(maker, !(maker | blocked), live)
    }

    /// The free cells of live lines, ordered by how much they do for the maker's lines
    /// (ties by cell number, so the order depends on the position alone).
    fn by_promise(&self, maker: u64, free: u64, live: &[u64]) -> Vec<u8> {
        let mut scores = [0u32; 64];
        let mut cells = 0u64;
        for line in live {
            let weight = 1u32 << (4 * (line & maker).count_ones());
            let mut rest = line & free;
            cells |= rest;
            while rest != 0 {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                scores[cell] += weight;
            }
        }
        let mut order: Vec<u8> = (0..64u8).filter(|c| cells & (1 << c) != 0).collect();
        order.sort_by_key(|c| std::cmp::Reverse(scores[usize::from(*c)]));
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::mnk::MnkRules;

    fn board(width: u8, height: u8, k: u8) -> Mnk {
        Mnk::new(MnkRules {
            width,
            height,
            k,
            cylinder: false,
        })
    }

    fn search(game: &Mnk, budget: u64) -> Breaker {
        Breaker::for_board(game, budget)
    }

    /// The plain Maker-Breaker search: every empty cell, no table, no symmetry, no
    /// pairing, no threats.
    fn plain(lines: &[u64], full: u64, maker: u64, breaker: u64, maker_to_move: bool) -> bool {
        if lines.iter().any(|line| maker & line == *line) {
            return false;
        }
        if lines.iter().all(|line| line & breaker != 0) {
            return true;
        }
        let mut rest = full & !(maker | breaker);
        if rest == 0 {
            return true;
        }
        while rest != 0 {
            let cell = 1u64 << rest.trailing_zeros();
            rest &= rest - 1;
            let holds = if maker_to_move {
                plain(lines, full, maker | cell, breaker, false)
            } else {
                plain(lines, full, maker, breaker | cell, true)
            };
            if holds != maker_to_move {
                return holds;
            }
        }
        maker_to_move
    }

    #[test]
    fn the_search_agrees_with_a_plain_search_on_small_boards() {
        for (w, h, k) in [
            (3, 3, 3),
            (4, 3, 3),
            (3, 4, 3),
            (4, 4, 3),
            (4, 4, 4),
            (5, 3, 3),
        ] {
            let game = board(w, h, k);
            let full = (1u64 << game.rules().cells()) - 1;
            let mut breaker = search(&game, u64::MAX);
            for maker_to_move in [true, false] {
                let expected = plain(game.lines(), full, 0, 0, maker_to_move);
                let found = breaker.stops(0, 0, maker_to_move).unwrap();
                assert_eq!(
                    found, expected,
                    "{w}x{h} k {k}, maker to move {maker_to_move}"
                );
            }
        }
    }
}
