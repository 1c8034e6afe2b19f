//! Classic MENACE: the one learner ([`Menace`]) on the 3x3 board with every box
//! made at the start, as Michie built it: 304 boxes when it plays X, 289 as O, in the
//! classic listing order of [`super::boxes`], with the classic 3^9 table filled up front
//! as its accelerator. Nothing here draws or learns: that is the learner's.
//!
//! The classic board's registry entries make and restore their MENACE through this file,
//! and format-1 save files (classic MENACE as X, one count per cell) are read through it.

use super::boxes::{matchboxes_for, reachable_positions};
use super::generic::{DEFAULT_BOX_LIMIT, Menace};
use super::learn::MAX_BEADS;
use super::learner::{Learner, SavedBoxes, saved_count};
use super::{Preset, Record};
use crate::game::{AnyGame, Player, Square, TicTacToe};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Classic MENACE as the learner is: the generic learner for noughts and crosses.
pub type ClassicMenace = Menace<TicTacToe>;

/// A fresh classic MENACE playing `side`: every box made now, in listing order, drawing
/// any random starting beads in that order.
pub fn new<R: Rng + ?Sized>(side: Player, preset: Preset, rng: &mut R) -> ClassicMenace {
    let mut menace = Menace::new(side, preset, DEFAULT_BOX_LIMIT);
    // A few hundred boxes, far below the limit: making them cannot fail. The table's
    // codes leave out the rule, so misère positions (the same positions: a line ends the
    // game under either rule) find the same boxes.
    let _ = menace.make_all_boxes(&TicTacToe::default(), reachable_positions(), rng);
    menace
}

/// The bead count of every cell of box `index`'s picture (0 off its legal moves).
pub fn cells(menace: &ClassicMenace, index: usize) -> [u32; 9] {
    let mut cells = [0; 9];
    if let Some(matchbox) = menace.get(index) {
        for (square, count) in matchbox.moves().iter().zip(matchbox.beads()) {
            cells[square.index()] = *count;
        }
    }
    cells
}

/// Classic MENACE playing `side` with the given beads (one count per cell for every box,
/// in listing order) and record, refusing beads on occupied cells or past [`MAX_BEADS`].
pub fn from_cells(
    side: Player,
    preset: Preset,
    beads: &[[u32; 9]],
    record: Record,
) -> Result<ClassicMenace, String> {
    let boxes = matchboxes_for(side);
    if beads.len() != boxes.len() {
        return Err(format!("{} boxes instead of {}", beads.len(), boxes.len()));
    }
    for ((_, matchbox), counts) in boxes.iter().zip(beads) {
        for square in Square::ALL {
            let count = counts[square.index()];
            if count > 0 && matchbox.legal_mask() & (1 << square.index()) == 0 {
                return Err(format!(
                    "box {} has beads on the occupied cell {square}",
                    matchbox.name()
                ));
            }
            if count > MAX_BEADS {
                return Err(format!(
                    "box {} has {count} beads on {square}, more than {MAX_BEADS}",
                    matchbox.name()
                ));
            }
        }
    }
    // The starting beads are replaced at once, so their random numbers are thrown away.
    let mut menace = new(side, preset, &mut ChaCha8Rng::seed_from_u64(0));
    for (index, counts) in beads.iter().enumerate() {
        let Some(matchbox) = menace.get(index) else {
            continue;
        };
        let beads = matchbox
            .moves()
            .iter()
            .map(|square| counts[square.index()])
            .collect();
        menace.set_beads(index, beads);
    }
    menace.set_record(record);
    Ok(menace)
}

/// A fresh classic MENACE as the registry makes one (boxes up front; the limit on boxes
/// means nothing here).
pub fn new_learner(side: Player, preset: Preset, _: usize, rng: &mut dyn Rng) -> Box<dyn Learner> {
    Box::new(new(side, preset, rng))
}

/// Classic MENACE for `side` of `game` (noughts and crosses under either rule; `None`
/// for any other game) with the boxes of a format-2 save file: every box must be there,
/// each in canonical form, with beads only on empty cells.
pub fn restore_learner(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &SavedBoxes,
) -> Option<Result<Box<dyn Learner>, String>> {
    Some(restore(
        game.position::<TicTacToe>()?,
        side,
        preset,
        record,
        boxes,
    ))
}

fn restore(
    board: &TicTacToe,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &SavedBoxes,
) -> Result<Box<dyn Learner>, String> {
    let matchboxes = matchboxes_for(side);
    let mut beads = vec![[0u32; 9]; matchboxes.len()];
    let mut seen = vec![false; matchboxes.len()];
    for (key, counts) in boxes {
        let position = TicTacToe::from_picture(key, board.rules())
            .map_err(|why| format!("box \"{key}\" is not a position: {why}"))?;
        let lookup = matchboxes.find(&position).ok_or_else(|| {
            format!("there is no box for {key}: MENACE moves from a box only on its own turn with a choice to make")
        })?;
        let name = matchboxes.get(lookup.id).name();
        if name != *key {
            return Err(format!(
                "box \"{key}\" is not in canonical form (its box is {name})"
            ));
        }
        if std::mem::replace(&mut seen[lookup.id.index()], true) {
            return Err(format!("box {key} is written twice"));
        }
        let mut given = [false; 9];
        for (bead, count) in counts {
            // Exactly as `save` writes it: `mm` is not `MM`, so no cell comes twice.
            let square = Square::parse(bead)
                .ok()
                .filter(|square| square.name() == *bead)
                .ok_or_else(|| {
                    format!("box {key} names a cell \"{bead}\"; cells are LL, LM, ... RR")
                })?;
            if std::mem::replace(&mut given[square.index()], true) {
                return Err(format!("box {key} gives the beads on {bead} twice"));
            }
            let count = saved_count(key, bead, *count)?;
            if count > 0 && position.at(square).is_some() {
                return Err(format!(
                    "box {key} has beads on {square}, which is not empty in its picture"
                ));
            }
            beads[lookup.id.index()][square.index()] = count;
        }
    }
    if let Some((_, missing)) = matchboxes.iter().find(|(id, _)| !seen[id.index()]) {
        return Err(format!("box {} is missing", missing.name()));
    }
    from_cells(side, preset, &beads, record).map(|menace| Box::new(menace) as Box<dyn Learner>)
}

#[cfg(test)]
mod tests;
