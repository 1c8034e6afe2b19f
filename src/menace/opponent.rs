//! The other side of a training game, as MENACE's one training loop sees it.
//!
//! The loop ([`super::train`]) is generic over the game, so that a game of noughts and
//! crosses costs a few hundred nanoseconds: no text, no allocation per move. An AI can
//! meet it in two ways. Written in a game's own types, it implements [`Moves`] (and
//! [`TypedAi`], to be boxed in a rival) and the loop calls it directly. Any other AI is
//! reached through [`Opponent`], moves as text, and the loop reads its moves back in the
//! game's notation ([`ByName`]). The players above this layer implement [`Opponent`]; a
//! typed one hands the loop its [`BoxedAi`] through [`Opponent::typed`].

use super::GameResult;
use super::generic::{Drawn, Menace, Turn};
use crate::game::{AnyGame, Declaration, Game, Playing};
use rand::{Rng, RngExt};
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
pub trait TypedAi<G: Game>: Moves<G> + CloneTypedAi<G> + fmt::Debug {
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

/// A second MENACE as the other side: it draws, and learns when the game ends.
#[derive(Debug)]
pub struct Sparring<G: Game> {
    pub menace: Menace<G>,
    drawn: Vec<Drawn>,
}

impl<G: Game> Sparring<G> {
    pub fn new(menace: Menace<G>) -> Sparring<G> {
        Sparring {
            menace,
            drawn: Vec::new(),
        }
    }
}

impl<G: Game> Moves<G> for Sparring<G> {
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        match self.menace.take_turn(position, rng).ok()? {
            turn @ Turn::Drew { real_move, .. } => {
                self.drawn.extend(turn.drawn());
                Some(real_move)
            }
            Turn::Forced(mv) => Some(mv),
            // Resigning is not a move: with no beads it plays at random.
            // (A uniformly random legal move, as the `random` player picks it.)
            Turn::Resigned(_) => {
                let moves = position.legal_moves();
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            }
        }
    }

    fn game_over(&mut self, position: &G) {
        match position.outcome() {
            Some(outcome) => self.menace.reinforce(
                &self.drawn,
                GameResult::for_side(outcome, self.menace.side()),
            ),
            None => self.menace.return_beads(&self.drawn),
        }
        self.drawn.clear();
    }
}
