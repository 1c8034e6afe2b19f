//! Drawing a bead: the arithmetic every turn of [`super::Menace`] shares, whether
//! the box was found through the accelerator or the plain lookup.

use super::{BeadBox, Turn, TurnError};
use crate::game::Game;
use crate::menace::learn::{EmptyBox, REFILL_BEADS};
use rand::{Rng, RngExt};

/// Adds `count` beads, each of a uniformly random move of the box, as the classic learner
/// does (duplicates allowed).
pub(super) fn add_random_beads<R: Rng + ?Sized>(beads: &mut [u32], count: usize, rng: &mut R) {
    let moves = beads.len();
    for _ in 0..count {
        beads[rng.random_range(0..moves)] += 1;
    }
}

/// The beads per move of a box first met at `ply`: MENACE's 1st, 2nd, 3rd, 4th move is
/// at ply / 2 for either side, and later moves keep the 4th count.
pub(super) fn start_count(counts: [u32; 4], ply: usize) -> u32 {
    counts[(ply / 2).min(3)]
}

/// Draws a bead from `matchbox`, box `box_index` (refilling or resigning on an empty box) and
/// takes it out; `real_move` finds the move the bead (its number, its picture move)
/// makes on the real position.
#[inline]
pub(super) fn draw<G: Game, R: Rng + ?Sized>(
    matchbox: &mut BeadBox<G>,
    empty_box: EmptyBox,
    (box_index, symmetry): (usize, usize),
    created: bool,
    rng: &mut R,
    real_move: impl FnOnce(usize, G::Move) -> Option<G::Move>,
) -> Result<Turn<G::Move>, TurnError> {
    let mut refilled = false;
    let mut beads_before = matchbox.total();
    if beads_before == 0 {
        match empty_box {
            EmptyBox::Resign => return Ok(Turn::Resigned(box_index)),
            EmptyBox::Refill => {
                add_random_beads(&mut matchbox.beads, REFILL_BEADS as usize, rng);
                refilled = true;
                beads_before = matchbox.total();
            }
        }
    }
    let mut pick = rng.random_range(0..beads_before);
    let mut bead = 0;
    for (number, count) in matchbox.beads.iter().enumerate() {
        let count = u64::from(*count);
        if pick < count {
            bead = number;
            break;
        }
        pick -= count;
    }
    let picture_move = matchbox.moves[bead];
    let Some(real_move) = real_move(bead, picture_move) else {
        return Err(TurnError::BrokenSymmetry { symmetry });
    };
    matchbox.beads[bead] -= 1;
    Ok(Turn::Drew {
        box_index,
        bead,
        picture_move,
        real_move,
        symmetry,
        beads_before,
        refilled,
        created,
    })
}
