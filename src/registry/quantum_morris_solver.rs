//! Quantum Morris's solver on its registry entry: its pieces move, so positions repeat,
//! and the generic retrograde analysis runs out of room listing them one by one; the
//! entry names the analysis over an exact index of positions (`crate::ai::quantum_morris`),
//! which answers from the value of every position.

use crate::ai::quantum_morris::{PEAK_BYTES, Table};
use crate::analysis::Solved;
use crate::game::quantum_morris::QuantumMorris;
use crate::game::{AnyGame, Game, Playing};

/// What `solve` names as the method.
pub const METHOD: &str = "retrograde analysis of every position";

/// The entry's solver: the position's value for the player to move. The analysis has a
/// fixed size, whatever the budget; it is refused only where memory is short, and
/// answers nothing when Ctrl-C stops it (the session then says it was stopped).
pub(super) fn solve(game: &dyn AnyGame, budget: u64) -> Option<Solved> {
    let position = game
        .as_any()
        .downcast_ref::<Playing<QuantumMorris>>()
        .map(Playing::game)?;
    if crate::memory::for_one_table(PEAK_BYTES) < PEAK_BYTES {
        return Some(Solved::TooBig {
            budget,
            asked: budget,
        });
    }
    let table = Table::build(position.rules(), 2)?;
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
