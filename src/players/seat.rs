//! A player made from a row, sitting at one side of a game: [`Rival`]. What every AI
//! does is in the [`Plays`] trait; an AI written for the classic board implements
//! [`ClassicPlays`] on `TicTacToe` and sits in any game's place through [`OnClassic`],
//! and the fast training loop of [`crate::play`] takes it as it is.

use super::Choice;
use crate::analysis::Effort;
use crate::game::AnyGame;
use crate::game::{Game, Player, Square, TicTacToe};
use crate::menace::Preset;
use crate::menace::learner::Learner;
use rand::Rng;
use std::fmt;

/// Makes a fresh MENACE for a side of the game, when a second MENACE is asked for.
pub type LearnerMaker<'a> = &'a dyn Fn(Player, &mut dyn Rng) -> Option<Box<dyn Learner>>;

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
    /// The player as the classic training loop takes it, if it plays the classic board.
    fn classic(&mut self) -> Option<&mut dyn ClassicPlays> {
        None
    }
    fn boxed_clone(&self) -> Box<dyn Plays>;
}

impl Clone for Box<dyn Plays> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// An AI on the classic board, as the full-speed training loop calls it: no text, no
/// allocation per move.
pub trait ClassicPlays: fmt::Debug {
    /// Its move, fast: no reasons. Called only on a board whose game is not over.
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square>;
    /// Its move with a one-sentence reason, for watching.
    fn explain(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<(Square, Option<String>)> {
        self.choose(board, rng).map(|square| (square, None))
    }
    /// Its move with the reason said to the player it advises (`hint`).
    fn advise(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<(Square, Option<String>)> {
        self.explain(board, rng)
    }
    /// The game is over: a learning player learns from it.
    fn game_over(&mut self, _board: &TicTacToe) {}
}

/// A classic-board AI in any game's place: it moves in noughts and crosses and has no
/// move elsewhere (its row's `plays` keeps it out of other games).
#[derive(Debug, Clone)]
pub struct OnClassic<P>(pub P);

impl<P: ClassicPlays + Clone + 'static> Plays for OnClassic<P> {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        let board = game
            .noughts_and_crosses()
            .filter(|board| !board.is_over())?;
        let (square, reason) = self.0.explain(board, rng)?;
        Some(RivalMove {
            name: square.name(),
            reason,
        })
    }

    fn hint(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        let board = game
            .noughts_and_crosses()
            .filter(|board| !board.is_over())?;
        let (square, reason) = self.0.advise(board, rng)?;
        Some(RivalMove {
            name: square.name(),
            reason,
        })
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        if let Some(board) = game.noughts_and_crosses() {
            self.0.game_over(board);
        }
    }

    fn classic(&mut self) -> Option<&mut dyn ClassicPlays> {
        Some(&mut self.0)
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.clone())
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

    /// The rival as the classic training loop takes it, if it plays the classic board.
    pub fn classic(&mut self) -> Option<&mut dyn ClassicPlays> {
        self.player.classic()
    }
}
