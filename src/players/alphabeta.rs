//! `alphabeta`: generic alpha-beta search in every game, with its positions or time a
//! move (`alphabeta 50000`, `alphabeta 200ms`; by default the session's effort). The
//! default opponent and hint of games with no stronger AI of their own.

use super::{OnBoard, Options, Plays, RivalMove, Row, Setup};
use crate::ai::Agent;
use crate::ai::alphabeta::Searcher;
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

/// The most positions a move `alphabeta N` may ask for (a few seconds a move).
pub const MAX_POSITIONS: u64 = 100_000_000;

pub static ROW: Row = Row {
    name: "alphabeta",
    usage: "alphabeta [N|Tms]",
    about: "alpha-beta search, N positions or T ms a move",
    listed: "alphabeta",
    examples: &["50000", "200ms"],
    opponent_rank: 1,
    hint_rank: 1,
    learns: false,
    read,
    plays: super::every_game,
    refusal: super::never_refused,
    make,
};

fn read(name: &str, rest: &[&str]) -> Result<Options, String> {
    super::thinking_option(name, rest, "positions", MAX_POSITIONS)
}

fn make(options: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    // Noughts and crosses keeps one search (and its table) for the whole game, at the
    // search's own default budget; elsewhere a fresh search a move, at the session's.
    Ok(if setup.game.position::<TicTacToe>().is_some() {
        Box::new(OnBoard::<TicTacToe>::new(Searcher::thinking(
            options.thinking,
            Searcher::default().budget,
        )))
    } else {
        Box::new(Anywhere(Searcher::thinking(
            options.thinking,
            setup.effort.positions,
        )))
    })
}

impl Moves<TicTacToe> for Searcher {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        Agent::choose(self, board, rng)
    }
}

impl TypedAi<TicTacToe> for Searcher {}

#[derive(Debug, Clone, Copy)]
struct Anywhere(Searcher);

impl Plays for Anywhere {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        crate::registry::engine_move(game, Engine::AlphaBeta(self.0), rng)
            .map(|name| RivalMove { name, reason: None })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}
