//! Quantum Morris's solver on its registry entry: its pieces move, so positions repeat,
//! and the generic retrograde analysis runs out of room listing them one by one; the
//! entry names the analysis over an exact index of positions (`crate::ai::quantum_morris`),
//! which answers from the value of every position.

use crate::ai::alphabeta::Value;
use crate::ai::perfect::MoveValues;
use crate::ai::quantum_morris::census::Census;
use crate::ai::quantum_morris::{PEAK_BYTES, Table};
use crate::analysis::Solved;
use crate::game::quantum_morris::QuantumMorris;
use crate::game::quantum_morris::QuantumMorrisMove;
use crate::game::{AnyGame, Game};
use std::any::Any;
use std::sync::Arc;

/// What `solve` names as the method.
pub const METHOD: &str = "retrograde analysis of every position";

/// The entry's solver: the position's value for the player to move. The analysis has a
/// fixed size, whatever the budget; it is refused only where memory is short, and
/// answers nothing when Ctrl-C stops it (the session then says it was stopped).
pub(super) fn solve(game: &dyn AnyGame, budget: u64) -> Option<Solved> {
    let position = game.position::<QuantumMorris>()?;
    if crate::memory::for_one_table(PEAK_BYTES) < PEAK_BYTES {
        return Some(Solved::TooBig {
            budget,
            asked: budget,
        });
    }
    let table = Table::shared(position.rules(), 2)?;
    Some(solved_from(&table, position))
}

/// The answer for `position` read from a finished table.
pub fn solved_from(table: &Table, position: &QuantumMorris) -> Solved {
    let best = table
        .move_values(position)
        .first()
        .map(|(mv, _)| position.move_name(*mv));
    match table.game_value(position) {
        Some(value) => Solved::Value {
            value,
            best,
            positions: table.nodes() as u64,
            method: METHOD,
        },
        None => Solved::TooBig {
            budget: 0,
            asked: 0,
        },
    }
}

/// The sizes of the analysis of every position for the game's rules, counted without
/// doing it (seconds, and the index's memory alone): `None` for another game, `Some(None)`
/// when Ctrl-C stopped the count. `count` prints it, where positions repeat and the ways a
/// game can go have no end to count.
pub fn analysis_census(game: &dyn AnyGame) -> Option<Option<Census>> {
    let position = game.position::<QuantumMorris>()?;
    Some(crate::ai::quantum_morris::census::count(
        position.rules(),
        2,
    ))
}

/// Perfect play in quantum Morris, from the same analysis of every position: each move
/// valued by the table (built once, about a minute of both cores and 1.4 GB, stopped by
/// Ctrl-C like `solve`, and shared with it).
pub(super) fn perfect(game: &dyn AnyGame) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = game
        .restart()
        .position::<QuantumMorris>()
        .cloned()
        .ok_or_else(|| format!("{} is not quantum Morris", game.title()))?;
    if crate::memory::for_one_table(PEAK_BYTES) < PEAK_BYTES {
        return Err(format!(
            "its analysis of every position needs {} of memory, more than there is",
            crate::memory::about(PEAK_BYTES)
        ));
    }
    let table = Table::shared(start.rules(), 2)
        .ok_or_else(|| "its analysis of every position was stopped".to_string())?;
    super::perfect::keep(&start, Box::new(FromTable(table)))
}

/// The analysis as perfect play's move values (shared: `solve` in the same session
/// answers from it without building it again).
struct FromTable(Arc<Table>);

impl MoveValues<QuantumMorris> for FromTable {
    fn move_values(&mut self, position: &QuantumMorris) -> Option<Vec<(QuantumMorrisMove, Value)>> {
        let values = self.0.move_values(position);
        // Every legal move is valued, or the table does not hold this position.
        (values.len() == position.legal_moves().len()).then_some(values)
    }
}
