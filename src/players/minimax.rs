//! `minimax`: the minimax article's minimax, the first best move (noughts and crosses
//! only).

use super::perfect::{minimax_reason, perfect_moves};
use super::{OnBoard, Options, Plays, Row, Setup};
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

pub static ROW: Row = Row {
    name: "minimax",
    usage: "minimax",
    about: "the first best move (noughts and crosses)",
    listed: "minimax",
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
    Ok(Box::new(OnBoard::<TicTacToe>::new(Minimax)))
}

/// The first best move, from the perfect-play table.
#[derive(Debug, Clone, Copy, Default)]
pub struct Minimax;

impl Moves<TicTacToe> for Minimax {
    fn choose(&mut self, board: &TicTacToe, _: &mut dyn Rng) -> Option<Square> {
        let best = perfect_moves(board.rules())[board.code()];
        Square::new(best.trailing_zeros() as usize)
    }
}

impl TypedAi<TicTacToe> for Minimax {
    fn explain(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<(Square, Option<String>)> {
        let square = self.choose(board, rng)?;
        Some((square, Some(minimax_reason(board, square))))
    }
}
