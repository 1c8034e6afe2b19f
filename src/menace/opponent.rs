//! The other side of a training game, as MENACE's one training loop sees it.
//!
//! The loop ([`super::train`]) is generic over the game, so that a game of noughts and
//! crosses costs a few hundred nanoseconds: no text, no allocation per move. An AI can
//! meet it in two ways. Written in a game's own types, it implements [`Moves`] (and
//! [`TypedAi`], to be boxed in a rival) and the loop calls it directly. Any other AI is
//! reached through [`Opponent`], moves as text, and the loop reads its moves back in the
//! game's notation ([`ByName`]). The players above this layer implement [`Opponent`]; a
//! typed one hands the loop its [`BoxedAi`] through [`Opponent::typed`].

use crate::game::{AnyGame, Declaration, Declared, Game, Playing};
use rand::Rng;
use std::any::Any;
use std::fmt;

/// What the training loop asks of the other side, in the game's own types.
pub trait Moves<G: Game> {
    /// Its move on `position`, which is not over and is its turn: a legal move (the loop
    /// plays it without checking), or `None` when it has none.
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move>;
    /// The game is over (or abandoned, when `position` is not over): a learner learns.
    fn game_over(&mut self, _position: &G) {}
}

/// An AI written in game `G`'s own types, as a rival holds it: fast moves for training,
/// and a move with its reason for watching and for `hint`.
pub trait TypedAi<G: Game>: Moves<G> + CloneTypedAi<G> + fmt::Debug + Send {
    /// Its move with a one-sentence reason, for watching.
    fn explain(&mut self, position: &G, rng: &mut dyn Rng) -> Option<(G::Move, Option<String>)> {
        self.choose(position, rng).map(|mv| (mv, None))
    }
    /// Its move with the reason said to the player it advises (`hint`).
    fn advise(&mut self, position: &G, rng: &mut dyn Rng) -> Option<(G::Move, Option<String>)> {
        self.explain(position, rng)
    }
}

/// Cloning a boxed typed AI (every rival can be copied with the session).
pub trait CloneTypedAi<G: Game> {
    fn boxed_clone(&self) -> BoxedAi<G>;
}

impl<G: Game, T: TypedAi<G> + Clone + 'static> CloneTypedAi<G> for T {
    fn boxed_clone(&self) -> BoxedAi<G> {
        Box::new(self.clone())
    }
}

/// A typed AI in a box: what [`Opponent::typed`] hands the loop, behind `dyn Any`.
pub type BoxedAi<G> = Box<dyn TypedAi<G>>;

impl<G: Game> Clone for BoxedAi<G> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// The other side in any game, moves as text: what a rival is to the learner.
pub trait Opponent {
    /// Its move, by name; `None` when it has none to make.
    fn choose(&mut self, position: &dyn AnyGame, rng: &mut dyn Rng) -> Option<String>;
    /// The game is over, or abandoned.
    fn game_over(&mut self, position: &dyn AnyGame);
    /// The same AI in its game's own types, if it has them: a [`BoxedAi`] of the game,
    /// or a second MENACE (the learner of the game), as `dyn Any`.
    fn typed(&mut self) -> Option<&mut dyn Any> {
        None
    }
}

/// An [`Opponent`] met through the game's notation: each position is shown to it as the
/// game it was started as (its declaration and options), and its move read back.
pub struct ByName<'a> {
    pub opponent: &'a mut dyn Opponent,
    pub declaration: &'static Declaration,
    pub options: &'a [String],
}

impl<G: crate::game::Declared> Moves<G> for ByName<'_> {
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        let shown = self.shown(position);
        let name = self.opponent.choose(&shown, rng)?;
        // Read in the game's notation, and checked: the loop plays it unchecked.
        let mv = position.parse_move(&name).ok()?;
        position.clone().play(mv).ok().map(|()| mv)
    }

    fn game_over(&mut self, position: &G) {
        let shown = self.shown(position);
        self.opponent.game_over(&shown);
    }
}

impl ByName<'_> {
    fn shown<G: crate::game::Declared>(&self, position: &G) -> Playing<G> {
        Playing::new(position.clone(), self.declaration, self.options.to_vec())
    }
}

/// An AI seated at one side of any game, moves as text: what the players table holds.
/// The registry makes some (perfect play from a game's solver) in the game's own types,
/// and hands them up as this.
pub trait Seated: fmt::Debug + Send {
    /// Its move and the reason it gives, if any; `None` when it has none to make.
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng)
    -> Option<(String, Option<String>)>;
    /// Its move as advice to the player to move (`hint`).
    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<(String, Option<String>)>;
    /// The game is over: a learning player learns from it.
    fn game_over(&mut self, game: &dyn AnyGame);
    /// The player in its game's own types, for the training loop ([`Opponent::typed`]).
    fn typed(&mut self) -> Option<&mut dyn Any>;
    fn boxed_clone(&self) -> Box<dyn Seated>;
}

/// An AI written in one game's own types ([`TypedAi`]) in any game's place: it moves
/// in its game and has no move elsewhere (its row's `plays` keeps it out of other
/// games), and it hands the training loop its typed self.
#[derive(Debug, Clone)]
pub struct OnBoard<G: Game>(pub BoxedAi<G>);

impl<G: Declared> OnBoard<G> {
    /// `ai` in its game's place.
    pub fn new(ai: impl TypedAi<G> + 'static) -> OnBoard<G> {
        OnBoard(Box::new(ai))
    }

    fn position(game: &dyn AnyGame) -> Option<&G> {
        game.position::<G>().filter(|position| !position.is_over())
    }
}

impl<G: Declared> Seated for OnBoard<G> {
    fn choose(
        &mut self,
        game: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Option<(String, Option<String>)> {
        let position = Self::position(game)?;
        let (mv, reason) = self.0.explain(position, rng)?;
        Some((position.move_name(mv), reason))
    }

    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<(String, Option<String>)> {
        let position = Self::position(game)?;
        let (mv, reason) = self.0.advise(position, rng)?;
        Some((position.move_name(mv), reason))
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        if let Some(position) = game.position::<G>() {
            self.0.game_over(position);
        }
    }

    fn typed(&mut self) -> Option<&mut dyn Any> {
        Some(&mut self.0)
    }

    fn boxed_clone(&self) -> Box<dyn Seated> {
        Box::new(self.clone())
    }
}
