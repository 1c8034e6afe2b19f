//! `perfect`: a random choice among the best moves, in every game a solver settles.
//! In noughts and crosses (classic and misère) the moves come from a minimax table of
//! all 5,478 positions, a win being a win however far; elsewhere from the game's own
//! solver through the registry, preferring the fastest win and the slowest loss.

use super::random::random_cell;
use super::{Choice, OnBoard, Options, Plays, Row, Setup};
use crate::ai::best_moves;
use crate::ai::minimax::Solver;
use crate::game::{AnyGame, Rules, Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;
use std::sync::OnceLock;

pub static ROW: Row = Row {
    name: "perfect",
    usage: "perfect",
    about: "a random best move, from the game's solver",
    listed: "perfect",
    examples: &[],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read: super::no_options,
    plays,
    refusal,
    make,
};

fn plays(game: &dyn AnyGame) -> bool {
    game.position::<TicTacToe>().is_some() || crate::registry::has_perfect(game)
}

/// Why perfect does not play `game`, with the strongest player that does.
fn refusal(choice: &Choice, game: &dyn AnyGame) -> String {
    too_big(choice, game, "no solver settles it")
}

fn too_big(choice: &Choice, game: &dyn AnyGame, why: &str) -> String {
    let strongest = super::default_opponent(game)
        .map(|other| format!("; the strongest player here is {other}"))
        .unwrap_or_default();
    format!("{choice} cannot play {}: {why}{strongest}", game.title())
}

fn make(_: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    if setup.game.position::<TicTacToe>().is_some() {
        return Ok(Box::new(OnBoard::<TicTacToe>::new(Perfect)));
    }
    match crate::registry::perfect_player(setup.game) {
        Ok(player) => Ok(Box::new(player)),
        Err(why) => Err(too_big(&Choice::bare(&ROW), setup.game, &why)),
    }
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
