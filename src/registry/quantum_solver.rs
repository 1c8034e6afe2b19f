//! Quantum tic-tac-toe's own solver on its registry entry: the generic alpha-beta
//! counts the moves to every result and cannot prune enough to solve it from the start,
//! so the entry names the search over points of `crate::ai::quantum` instead.

use crate::analysis::Solved;
use crate::game::quantum::Quantum;
use crate::game::{AnyGame, Game, Player};

/// The entry's solver: the position's value in points.
pub(super) fn solve(game: &dyn AnyGame, budget: u64) -> Option<Solved> {
    quantum_position(game).map(|position| solve_position(position, budget))
}

/// The typed position behind a quantum tic-tac-toe game, for the commands written for
/// it (`menace solve quantum` lists every move's value): `None` for any other game.
pub fn quantum_position(game: &dyn AnyGame) -> Option<&Quantum> {
    game.position::<Quantum>()
}

/// Solves quantum tic-tac-toe by its own search over points (`menace::ai::quantum`): the
/// generic alpha-beta counts the moves to every result and cannot prune enough to
/// solve it from the start.
fn solve_position(game: &Quantum, budget: u64) -> Solved {
    // Keep within what a table may take (1 GB at most).
    let asked = budget;
    let budget =
        budget.min(crate::ai::alphabeta::table_bytes() / crate::ai::quantum::BYTES_PER_POSITION);
    let mut solver = crate::ai::quantum::Solver::new(budget);
    let for_mover = |margin: i8| {
        if game.to_move() == Player::X {
            margin
        } else {
            -margin
        }
    };
    let solved = solver.value(game).and_then(|value| {
        let best = solver.best_move(game, value)?;
        Ok((value, best.map(|mv| game.move_name(mv))))
    });
    match solved {
        Ok((value, best)) => Solved::Points {
            margin: for_mover(value),
            best,
            positions: solver.positions() as u64,
            method: "minimax over points",
        },
        Err(_) => Solved::TooBig { budget, asked },
    }
}
