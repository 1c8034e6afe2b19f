//! A player made from a row, sitting at one side of a game: [`Rival`]. What every AI
//! does is in the [`Plays`] trait; an AI written in one game's own types implements
//! [`TypedAi`] for it and sits in any game's place through [`OnBoard`], and MENACE's
//! training loop takes it as it is, with no text between them.

use super::Choice;
use crate::analysis::Effort;
use crate::game::{AnyGame, Declared, Player};
use crate::menace::Preset;
use crate::menace::learner::Learner;
pub use crate::menace::opponent::OnBoard;
use crate::menace::opponent::{Opponent, Seated};
use rand::Rng;
use std::any::Any;
use std::fmt;

/// Makes a fresh learner of a kind for a side of the game, when a second learner (a
/// second MENACE, a td) is asked for.
pub type LearnerMaker<'a> =
    &'a dyn Fn(&crate::learners::LearnerChoice, Player, &mut dyn Rng) -> Option<Box<dyn Learner>>;

/// What a row needs to make its player: the game and side it plays, the preset a second
/// MENACE starts with, how hard the generic searches work, and the generator.
pub struct Setup<'a> {
    pub game: &'a dyn AnyGame,
    pub side: Player,
    pub preset: Preset,
    pub effort: Effort,
    pub new_learner: LearnerMaker<'a>,
    pub rng: &'a mut dyn Rng,
}

/// A move chosen by a rival, with its reason when it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RivalMove {
    pub name: String,
    pub reason: Option<String>,
}

/// An AI ready to play one side of a game, with whatever it remembers between moves and
/// games.
pub trait Plays: fmt::Debug {
    /// Its move, with a reason where it gives one. `None` when it has none to make.
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove>;
    /// Its move as advice to the player to move (`hint`): its move and reason, unless
    /// it says more to someone it advises.
    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        self.choose(game, rng)
    }
    /// The game is over: a learning player learns from it.
    fn game_over(&mut self, _game: &dyn AnyGame) {}
    /// The player in its game's own types, for MENACE's training loop (see
    /// [`Opponent::typed`]), if it has them.
    fn typed(&mut self) -> Option<&mut dyn Any> {
        None
    }
    fn boxed_clone(&self) -> Box<dyn Plays>;
}

impl Clone for Box<dyn Plays> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// A typed AI in any game's place (see [`OnBoard`]) is a player of the table.
impl<G: Declared> Plays for OnBoard<G> {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        Seated::choose(self, game, rng).map(RivalMove::from)
    }

    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        Seated::hint(self, game, rng).map(RivalMove::from)
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        Seated::game_over(self, game);
    }

    fn typed(&mut self) -> Option<&mut dyn Any> {
        Seated::typed(self)
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.clone())
    }
}

/// A seated AI the registry made for a game (perfect play from its solver) is a player
/// of the table too.
impl Plays for Box<dyn Seated> {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        self.as_mut().choose(game, rng).map(RivalMove::from)
    }

    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        self.as_mut().hint(game, rng).map(RivalMove::from)
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        self.as_mut().game_over(game);
    }

    fn typed(&mut self) -> Option<&mut dyn Any> {
        self.as_mut().typed()
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.as_ref().boxed_clone())
    }
}

impl From<(String, Option<String>)> for RivalMove {
    fn from((name, reason): (String, Option<String>)) -> RivalMove {
        RivalMove { name, reason }
    }
}

/// An AI chosen from the table, ready to play one side of the chosen game.
#[derive(Debug, Clone)]
pub struct Rival {
    choice: Choice,
    player: Box<dyn Plays>,
}

impl Rival {
    /// The AI `choice` for `side` of `game`, or the sentence saying why it cannot play
    /// this game.
    pub fn new(
        choice: Choice,
        game: &dyn AnyGame,
        side: Player,
        preset: Preset,
        effort: Effort,
        new_learner: LearnerMaker,
        rng: &mut dyn Rng,
    ) -> Result<Rival, String> {
        let row = choice.row();
        if !(row.plays)(game) {
            return Err((row.refusal)(&choice, game));
        }
        let mut setup = Setup {
            game,
            side,
            preset,
            effort,
            new_learner,
            rng,
        };
        let player = (row.make)(choice.options(), &mut setup)?;
        Ok(Rival { choice, player })
    }

    pub fn kind(&self) -> Choice {
        self.choice
    }

    /// Its move, with a reason where it gives one. `None` when it has none to make.
    pub fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        self.player.choose(game, rng)
    }

    /// Its move as advice to you.
    pub fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        self.player.hint(game, rng)
    }

    /// The game is over: a learning rival learns from it.
    pub fn game_over(&mut self, game: &dyn AnyGame) {
        self.player.game_over(game);
    }
}

/// A rival is the other side of MENACE's training games.
impl Opponent for Rival {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<String> {
        self.player.choose(game, rng).map(|chosen| chosen.name)
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        self.player.game_over(game);
    }

    fn typed(&mut self) -> Option<&mut dyn Any> {
        self.player.typed()
    }
}
