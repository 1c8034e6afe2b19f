//! `perfect`: minimax values, a random choice among all the best moves (noughts and
//! crosses only), read from a table solved once per rule set.

use super::random::random_cell;
use super::{OnBoard, Options, Plays, Row, Setup};
use crate::ai::best_moves;
use crate::ai::minimax::Solver;
use crate::game::{Rules, Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;
use std::sync::OnceLock;

pub static ROW: Row = Row {
    name: "perfect",
    usage: "perfect",
    about: "a random best move (noughts and crosses)",
    listed: "perfect",
    examples: &[],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read: super::no_options,
    plays: super::noughts_and_crosses,
    refusal: super::only_noughts_and_crosses,
    make,
};

fn make(_: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    Ok(Box::new(OnBoard::<TicTacToe>::new(Perfect)))
}

/// Perfect play on the classic board.
#[derive(Debug, Clone, Copy, Default)]
pub struct Perfect;

impl Moves<TicTacToe> for Perfect {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        random_cell(perfect_moves(board.rules())[board.code()], rng)
    }
}

impl TypedAi<TicTacToe> for Perfect {
    fn explain(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<(Square, Option<String>)> {
        let square = self.choose(board, rng)?;
        Some((square, Some(minimax_reason(board, square))))
    }
}

/// The reason minimax gives for `square`: its value with best play on both sides.
pub fn minimax_reason(board: &TicTacToe, square: Square) -> String {
    let value = Solver::new()
        .move_scores(board)
        .into_iter()
        .find(|(mv, _)| *mv == square)
        .map_or(0, |(_, score)| score);
    format!(
        "{square} scores {value:+} with best play on both sides: {}.",
        match value {
            v if v > 0 => "a win",
            0 => "a draw",
            _ => "a loss, whatever it does",
        }
    )
}

/// For every board code, the best moves (a bit per cell) for the player to move under
/// perfect play, solved once per rule set by minimax.
pub fn perfect_moves(rules: Rules) -> &'static [u16] {
    static CLASSIC: OnceLock<Vec<u16>> = OnceLock::new();
    static MISERE: OnceLock<Vec<u16>> = OnceLock::new();
    let cell = if rules.misere { &MISERE } else { &CLASSIC };
    cell.get_or_init(|| {
        let mut solver = Solver::new();
        let mut table = vec![0u16; 19_683];
        for reachable in crate::menace::boxes::reachable_positions() {
            let Some(position) = TicTacToe::from_code(reachable.code(), rules) else {
                continue;
            };
            table[position.code()] = best_moves(solver.move_scores(&position))
                .iter()
                .fold(0, |mask, square| mask | 1 << square.index());
        }
        table
    })
}
