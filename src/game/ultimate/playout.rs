//! Ultimate's whole random playout under the default rules, on local variables.

use super::{CELL_COUNT, FULL, NTH_CELL, Ultimate, has_line};
use crate::game::{Outcome, Player};

impl Ultimate {
    /// [`Game::play_out`] under the default rules (a won board stays open, a drawn one
    /// counts for nobody): the same moves as [`Ultimate::apply`] makes, on locals. A
    /// board's first line wins it; the game ends on a line of won boards (only the
    /// mover's can appear) or when every board is full.
    pub(super) fn play_out_default<P: FnMut(usize) -> usize>(
        &mut self,
        pick: &mut P,
        limit: usize,
    ) -> Option<Player> {
        if self.outcome.is_some() {
            return self.outcome.and_then(Outcome::winner);
        }
        let mut marks = [self.x, self.o];
        let mut won = [self.won_x, self.won_o];
        let (mut full, mut ply) = (self.full, self.ply);
        // The board sent to; 9: a free choice.
        let mut target = self.target.map_or(9, usize::from);
        let mut outcome = None;
        // Each board's taken cells, kept beside the marks: one load finds the empties.
        let mut taken: [u16; 9] = std::array::from_fn(|board| marks[0][board] | marks[1][board]);
        for _ in 0..limit {
            let side = usize::from(ply & 1);
            let (board, cell);
            if target < 9 {
                let cells = usize::from(!taken[target] & FULL);
                let count = usize::from(CELL_COUNT[cells]);
                if count == 0 {
                    break;
                }
                let n = pick(count).min(count - 1);
                (board, cell) = (target, usize::from(NTH_CELL[cells][n]));
            } else {
                let Some(choice) = free_choice(&taken, full, pick) else {
                    break;
                };
                (board, cell) = choice;
            }
            let bit = 1u16 << cell;
            let mine = marks[side][board] | bit;
            marks[side][board] = mine;
            taken[board] |= bit;
            ply += 1;
            // The first line made in a board wins it for good. Without a branch: whether a
            // move makes a line is a coin the processor cannot guess in random play.
            let open = !(won[0] | won[1]) >> board & 1;
            won[side] |= (u16::from(has_line(mine)) & open) << board;
            let filled = taken[board] == FULL;
            // Only a won board or a filled one can end the game: one rare branch.
            if has_line(won[side]) | filled {
                full |= u16::from(filled) << board;
                if has_line(won[side]) {
                    outcome = Some(Outcome::Win([Player::X, Player::O][side]));
                } else if full == FULL {
                    outcome = Some(Outcome::Draw);
                }
            }
            target = if full & 1 << cell == 0 { cell } else { 9 };
            if outcome.is_some() {
                break;
            }
        }
        [self.x, self.o] = marks;
        [self.won_x, self.won_o] = won;
        (self.full, self.ply, self.outcome) = (full, ply, outcome);
        self.target = (target < 9).then_some(target as u8);
        outcome.and_then(Outcome::winner)
    }
}

/// A move with a free choice of board (rare): every empty cell of every board that is
/// not full, counted in reading order. Out of line, so the inner loop's common case
/// keeps its registers.
#[cold]
#[inline(never)]
fn free_choice<P: FnMut(usize) -> usize>(
    taken: &[u16; 9],
    full: u16,
    pick: &mut P,
) -> Option<(usize, usize)> {
    let empty = |board: usize| usize::from(!taken[board] & FULL);
    let mut count = 0;
    let mut boards = !full & FULL;
    while boards != 0 {
        count += usize::from(CELL_COUNT[empty(boards.trailing_zeros() as usize)]);
        boards &= boards - 1;
    }
    if count == 0 {
        return None;
    }
    let mut n = pick(count).min(count - 1);
    let mut boards = !full & FULL;
    while boards != 0 {
        let here = boards.trailing_zeros() as usize;
        let cells = empty(here);
        let size = usize::from(CELL_COUNT[cells]);
        if n < size {
            return Some((here, usize::from(NTH_CELL[cells][n])));
        }
        n -= size;
        boards &= boards - 1;
    }
    None
}
