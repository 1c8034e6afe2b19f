//! Pairing strategies for k-in-a-row games (Hales and Jewett's pairing argument).
//!
//! A pairing gives every line that can still be completed two empty cells of its own,
//! no cell used twice. The side that answers each opponent move inside a pair with the
//! pair's other cell stops the opponent from ever owning a whole pair, so from ever
//! completing a line: each line holds a pair, and each pair gets one of the answering
//! side's marks. Whether a pairing exists is a matching problem: each line needs two
//! cells, each cell serves at most one line, so it is a bipartite matching with two
//! slots a line, found here by augmenting paths (Kuhn's algorithm).

/// Two cells of one line, the line's own: the answering side plays one when the
/// opponent plays the other.
pub type Pair = [u8; 2];

/// A pairing for `lines` (cell masks) among the `free` cells: for each line in order, two
/// free cells of that line (the lower first), no cell in two pairs. `None` when there is
/// none.
pub fn find_pairing(lines: &[u64], free: u64) -> Option<Vec<Pair>> {
    // Quick refusals: a line with fewer than two free cells, or fewer free cells in all
    // than the lines need.
    let mut union = 0u64;
    for line in lines {
        if (line & free).count_ones() < 2 {
            return None;
        }
        union |= line & free;
    }
    if (union.count_ones() as usize) < 2 * lines.len() {
        return None;
    }
    // Slot `2 * l + s` is the `s`th cell of line `l`; `owner[cell]` the slot holding it.
    let mut owner = [usize::MAX; 64];
    for slot in 0..2 * lines.len() {
        let mut seen = 0u64;
        if !augment(slot, lines, free, &mut owner, &mut seen) {
            return None;
        }
    }
    let mut pairs = vec![[u8::MAX; 2]; lines.len()];
    for (cell, slot) in owner.iter().enumerate() {
        if *slot != usize::MAX {
            pairs[slot / 2][slot % 2] = cell as u8;
        }
    }
    for pair in &mut pairs {
        pair.sort_unstable();
    }
    Some(pairs)
}

/// Kuhn's step: finds a cell for `slot`, moving other slots to other cells of their own
/// lines along the way; `seen` are the cells already tried in this step.
fn augment(slot: usize, lines: &[u64], free: u64, owner: &mut [usize; 64], seen: &mut u64) -> bool {
    let mut rest = lines[slot / 2] & free & !*seen;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        *seen |= 1 << cell;
        if owner[cell] == usize::MAX || augment(owner[cell], lines, free, owner, seen) {
            owner[cell] = slot;
            return true;
        }
        rest &= !*seen;
    }
    false
}

/// The answer a pairing strategy gives to a move on `cell`: the other cell of its pair,
/// if the cell is in one.
pub fn partner(pairs: &[Pair], cell: u8) -> Option<u8> {
    pairs.iter().find_map(|[a, b]| match cell {
        c if c == *a => Some(*b),
        c if c == *b => Some(*a),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 12 lines of five in a row on 5x5, cells row by row.
    fn lines_5x5() -> Vec<u64> {
        let cell = |r: u32, c: u32| 1u64 << (r * 5 + c);
        let mut lines = Vec::new();
        for i in 0..5 {
            lines.push((0..5).map(|j| cell(i, j)).sum());
            lines.push((0..5).map(|j| cell(j, i)).sum());
        }
        lines.push((0..5).map(|j| cell(j, j)).sum());
        lines.push((0..5).map(|j| cell(j, 4 - j)).sum());
        lines
    }

    #[test]
    fn five_in_a_row_on_5x5_has_a_pairing_and_every_line_gets_its_own_pair() {
        let lines = lines_5x5();
        let pairs = find_pairing(&lines, (1 << 25) - 1).expect("a pairing");
        let mut used = 0u64;
        for (line, [a, b]) in lines.iter().zip(&pairs) {
            let pair = (1u64 << a) | (1u64 << b);
            assert_eq!(pair.count_ones(), 2);
            assert_eq!(line & pair, pair, "the pair lies in its line");
            assert_eq!(used & pair, 0, "no cell in two pairs");
            used |= pair;
        }
        assert_eq!(partner(&pairs, pairs[3][0]), Some(pairs[3][1]));
    }

    #[test]
    fn the_3x3_board_has_no_pairing_until_lines_are_gone() {
        // 3x3: 8 lines want 16 cells of 9.
        let lines_3x3: Vec<u64> = vec![
            0b111,
            0b111 << 3,
            0b111 << 6,
            0b1001001,
            0b10010010,
            0b100100100,
            0b100010001,
            0b1010100,
        ];
        assert_eq!(find_pairing(&lines_3x3, 0x1ff), None);
        // The top and bottom rows alone: each has free cells of its own.
        assert_eq!(
            find_pairing(&[0b111, 0b111 << 6], 0x1ff),
            Some(vec![[0, 1], [6, 7]])
        );
    }

    #[test]
    fn lines_sharing_their_only_free_cells_have_no_pairing() {
        // Two lines whose free cells are the same three: four slots, three cells.
        let free = 0b111;
        assert_eq!(find_pairing(&[0b1111, 0b10111], free), None);
        // A line with a single free cell.
        assert_eq!(find_pairing(&[0b1111], 0b1), None);
        // Augmenting: the first line grabs cells 0 and 1, the second needs one of them.
        let pairs = find_pairing(&[0b0111, 0b0011], 0b0111).unwrap_or_default();
        assert!(
            pairs.is_empty(),
            "three cells cannot give two lines two each"
        );
        let pairs = find_pairing(&[0b1111, 0b0011], 0b1111).unwrap();
        assert_eq!(pairs[1], [0, 1]);
        assert_eq!(pairs[0], [2, 3]);
    }
}
