//! `mirror`: the algorithm page's 3-D giveaway strategy on the 3x3x3 cube: the centre, then
//! the cell opposite (the search is `ai::mirror`). The cube only.

use super::{Choice, Options, Plays, RivalMove, Row, Setup};
use crate::game::AnyGame;
use crate::game::Game;
use crate::game::cube::Cube;
use rand::Rng;

pub static ROW: Row = Row {
    name: "mirror",
    usage: "mirror",
    about: "the 3x3x3 cube: the centre, then the cell opposite",
    listed: "mirror",
    examples: &[],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read: super::no_options,
    plays: |game| three_cube(game).is_some(),
    refusal,
    make,
};

fn refusal(choice: &Choice, game: &dyn AnyGame) -> String {
    format!(
        "{choice} plays only the 3x3x3 cube, not {}",
        game.declaration().name
    )
}

fn make(_: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    Ok(Box::new(Mirror))
}

/// The position as the 3x3x3 cube, the only cube the mirror strategy plays.
fn three_cube(game: &dyn AnyGame) -> Option<&Cube> {
    game.position::<Cube>()
        .filter(|cube| cube.geometry().size == 3)
}

#[derive(Debug, Clone, Copy)]
struct Mirror;

impl Plays for Mirror {
    fn choose(&mut self, game: &dyn AnyGame, _: &mut dyn Rng) -> Option<RivalMove> {
        let cube = three_cube(game)?;
        crate::ai::mirror::choose(cube).map(|mv| RivalMove {
            name: cube.move_name(mv),
            reason: None,
        })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}
