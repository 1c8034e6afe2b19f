//! `mcts`: generic Monte-Carlo tree search in every game, with its playouts or time a
//! move (`mcts 5000`, `mcts 200ms`; by default the session's effort). As a hint outside
//! noughts and crosses it says how its random games went.

use super::{OnBoard, Options, Plays, RivalMove, Row, Setup};
use crate::ai::Agent;
use crate::ai::mcts::Mcts;
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

/// The most playouts a move `mcts N` may ask for (a few seconds a move).
pub const MAX_PLAYOUTS: u32 = crate::ai::mcts::MAX_PLAYOUTS;

pub static ROW: Row = Row {
    name: "mcts",
    usage: "mcts [N|Tms]",
    about: "Monte-Carlo tree search, N playouts or T ms a move",
    listed: "mcts",
    examples: &["5000", "200ms"],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read,
    plays: super::every_game,
    refusal: super::never_refused,
    make,
};

fn read(name: &str, rest: &[&str]) -> Result<Options, String> {
    super::thinking_option(name, rest, "playouts", u64::from(MAX_PLAYOUTS))
}

fn make(options: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    Ok(if setup.game.position::<TicTacToe>().is_some() {
        Box::new(OnBoard::<TicTacToe>::new(Mcts::thinking(
            options.thinking,
            Mcts::default().playouts,
        )))
    } else {
        Box::new(Anywhere(Mcts::thinking(
            options.thinking,
            setup.effort.playouts,
        )))
    })
}

impl Moves<TicTacToe> for Mcts {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        Agent::choose(self, board, rng)
    }
}

impl TypedAi<TicTacToe> for Mcts {}

#[derive(Debug, Clone, Copy)]
struct Anywhere(Mcts);

impl Plays for Anywhere {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        crate::registry::engine_move(game, Engine::Mcts(self.0), rng)
            .map(|name| RivalMove { name, reason: None })
    }

    /// The move its search explored most, with what its random games said of it.
    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        let estimate = crate::registry::mcts_estimate(game, self.0, rng)?;
        let reason = match estimate.proven {
            Some(true) => "its search proved that this move wins, whatever the reply".to_string(),
            Some(false) => format!(
                "its search proved that every move loses against best play; this is the one it explored most in its {} games",
                crate::text::grouped(u64::from(estimate.playouts))
            ),
            None => format!(
                // No parentheses inside: the hint is printed in parentheses.
                "{} of its {} games went through this move; they scored {:.0}% for you, a draw counting half",
                crate::text::grouped(u64::from(estimate.visits)),
                crate::text::grouped(u64::from(estimate.playouts)),
                estimate.share * 100.0
            ),
        };
        Some(RivalMove {
            name: estimate.name,
            reason: Some(reason),
        })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}
