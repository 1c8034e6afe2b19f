//! `attack`: the gomoku bot article's bot, the heaviest cell by its attack weights. Five in
//! a row only (connect-6's six is not its game); the default opponent there.

use super::{Choice, Options, Plays, RivalMove, Row, Setup};
use crate::ai::gomoku::attack;
use crate::game::AnyGame;
use crate::game::Game;
use rand::Rng;

pub static ROW: Row = Row {
    name: "attack",
    usage: "attack",
    about: "gomoku: the article's bot, the heaviest cell by weight",
    listed: "attack",
    examples: &[],
    opponent_rank: 2,
    hint_rank: 0,
    learns: false,
    read: super::no_options,
    plays: plays_five_in_a_row,
    refusal: only_gomoku,
    make,
};

/// The gomoku bots' test: a five-in-a-row game.
pub fn plays_five_in_a_row(game: &dyn AnyGame) -> bool {
    super::five_in_a_row(game).is_some()
}

/// The gomoku bots' refusal.
pub fn only_gomoku(choice: &Choice, game: &dyn AnyGame) -> String {
    format!(
        "{choice} plays only gomoku (five in a row), not {}",
        game.declaration().name
    )
}

fn make(_: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    Ok(Box::new(Attack))
}

#[derive(Debug, Clone, Copy)]
struct Attack;

impl Plays for Attack {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        let gomoku = super::five_in_a_row(game)?;
        attack::choose(gomoku, rng).map(|mv| RivalMove {
            name: gomoku.move_name(mv),
            reason: None,
        })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}
