//! `random`: a uniformly random legal move, in every game. The smallest AI, and the one
//! MENACE is benchmarked against.

use super::{OnBoard, Options, Plays, RivalMove, Row, Setup};
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::{Rng, RngExt};

pub static ROW: Row = Row {
    name: "random",
    usage: "random",
    about: "a random legal move",
    listed: "random",
    examples: &[],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read: super::no_options,
    plays: super::every_game,
    refusal: super::never_refused,
    make,
};

fn make(_: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    Ok(if setup.game.position::<TicTacToe>().is_some() {
        Box::new(OnBoard::<TicTacToe>::new(Random))
    } else {
        Box::new(Anywhere)
    })
}

/// Random play on the classic board: a random bit of the empty cells' mask.
#[derive(Debug, Clone, Copy, Default)]
pub struct Random;

impl TypedAi<TicTacToe> for Random {}

impl Moves<TicTacToe> for Random {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        random_cell(board.empty_mask(), rng)
    }
}

/// Random play in any other game, through the game's own list of moves.
#[derive(Debug, Clone, Copy)]
struct Anywhere;

impl Plays for Anywhere {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        crate::registry::engine_move(game, Engine::Random, rng)
            .map(|name| RivalMove { name, reason: None })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}

/// A uniformly random cell among the bits of `mask`.
pub fn random_cell(mask: u16, rng: &mut dyn Rng) -> Option<Square> {
    let count = mask.count_ones();
    if count == 0 {
        return None;
    }
    let mut skip = rng.random_range(0..count);
    let mut rest = mask;
    loop {
        let cell = rest.trailing_zeros() as usize;
        if skip == 0 {
            return Square::new(cell);
        }
        skip -= 1;
        rest &= rest - 1;
    }
}
