//! `rating`: the algorithm page's rating heuristic at a level (0: random in proportion to
//! the ratings, 1: the best-rated cell), noughts and crosses only.

use super::{OnBoard, Options, Plays, Row, Setup};
use crate::ai::Agent;
use crate::ai::rating::{self, Rating};
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

/// The highest level.
const MAX_LEVEL: u32 = 1;

pub static ROW: Row = Row {
    name: "rating",
    usage: "rating [L]",
    about: "counts lines, level 0/1 (noughts and crosses)",
    listed: "rating",
    examples: &["0", "1"],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read,
    plays: super::noughts_and_crosses,
    refusal: super::only_noughts_and_crosses,
    make,
};

/// An optional level, 1 when none is given; always shown (`rating 1`).
fn read(name: &str, rest: &[&str]) -> Result<Options, String> {
    let level = match rest {
        [] => MAX_LEVEL,
        [n] => n
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= MAX_LEVEL)
            .ok_or_else(|| format!("{name} takes a number up to {MAX_LEVEL}, not \"{n}\""))?,
        [_, extra @ ..] => {
            return Err(format!("{name} does not take \"{}\"", extra.join(" ")));
        }
    };
    Ok(Options {
        number: Some(level),
        ..Options::default()
    })
}

fn make(options: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    let level = options.number.unwrap_or(MAX_LEVEL) as u8;
    Ok(Box::new(OnBoard::<TicTacToe>::new(Rating { level })))
}

impl Moves<TicTacToe> for Rating {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        Agent::choose(self, board, rng)
    }
}

impl TypedAi<TicTacToe> for Rating {
    fn explain(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<(Square, Option<String>)> {
        let ray = rating::ratings(board);
        let square = Moves::choose(self, board, rng)?;
        Some((
            square,
            Some(format!(
                "{square} has rating {}; the highest here is {}.",
                ray[square.index()],
                ray.iter().max().copied().unwrap_or(0)
            )),
        ))
    }
}
