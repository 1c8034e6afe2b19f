//! `menace`: a second MENACE, learning as it plays, in any game whose matchboxes fit. As
//! O in noughts and crosses it is the classic one, fast enough for `train`.

use super::random::random_cell;
use super::{ClassicPlays, OnClassic, Options, Plays, RivalMove, Row, Setup};
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::game::{Game, Player, Square, TicTacToe};
use crate::menace::learner::{DrawnBead, Learner, MenaceMove};
use crate::menace::{Drawn, GameResult, Menace, Turn};
use rand::Rng;

pub static ROW: Row = Row {
    name: "menace",
    usage: "menace",
    about: "a second MENACE, learning as it plays (where matchboxes fit)",
    listed: "menace",
    examples: &[],
    opponent_rank: 0,
    hint_rank: 0,
    learns: true,
    read: super::no_options,
    plays: fits,
    refusal: too_big,
    make,
};

/// Noughts and crosses, and every game whose boxes fit.
fn fits(game: &dyn AnyGame) -> bool {
    game.noughts_and_crosses().is_some() || game.declaration().too_big_for_menace.is_none()
}

fn too_big(_: &super::Choice, game: &dyn AnyGame) -> String {
    format!(
        "{} is too big for matchboxes, so no MENACE plays it",
        game.title()
    )
}

fn make(_: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    if setup.game.noughts_and_crosses().is_some() && setup.side == Player::O {
        return Ok(Box::new(OnClassic(Classic {
            menace: Box::new(Menace::new_for(Player::O, setup.preset, setup.rng)),
            drawn: Vec::new(),
        })));
    }
    match (setup.new_learner)(setup.side, setup.rng) {
        Some(learner) => Ok(Box::new(Second {
            learner,
            drawn: Vec::new(),
        })),
        None => Err(too_big(&super::Choice::bare(&ROW), setup.game)),
    }
}

/// The classic MENACE as O, with the beads it drew this game.
#[derive(Debug, Clone)]
pub struct Classic {
    pub menace: Box<Menace>,
    drawn: Vec<Drawn>,
}

impl Classic {
    /// A fresh second MENACE learning as O.
    pub fn new(menace: Menace) -> Classic {
        Classic {
            menace: Box::new(menace),
            drawn: Vec::new(),
        }
    }
}

impl ClassicPlays for Classic {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        match self.menace.take_turn(board, rng).ok()? {
            turn @ Turn::Drew { square, .. } => {
                self.drawn.extend(turn.drawn());
                Some(square)
            }
            Turn::Forced(square) => Some(square),
            // Resigning is not a move: with no beads it plays at random.
            Turn::Resigned(_) => random_cell(board.empty_mask(), rng),
        }
    }

    fn game_over(&mut self, board: &TicTacToe) {
        if let Some(outcome) = board.outcome() {
            self.menace
                .reinforce(&self.drawn, GameResult::for_side(outcome, Player::O));
            self.drawn.clear();
        }
    }
}

/// A second MENACE in any game, through the learner the session would use.
#[derive(Debug, Clone)]
struct Second {
    learner: Box<dyn Learner>,
    drawn: Vec<DrawnBead>,
}

impl Plays for Second {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        match self.learner.take_turn(game, rng) {
            Ok(turn) => {
                if let MenaceMove::Drew { drawn: bead, .. } = &turn {
                    self.drawn.push(*bead);
                }
                match turn.play() {
                    Some(name) => Some(RivalMove {
                        name: name.to_string(),
                        reason: None,
                    }),
                    // Resigning is not a move: with no beads it plays at random.
                    None => crate::registry::engine_move(game, Engine::Random, rng)
                        .map(|name| RivalMove { name, reason: None }),
                }
            }
            Err(_) => crate::registry::engine_move(game, Engine::Random, rng)
                .map(|name| RivalMove { name, reason: None }),
        }
    }

    fn game_over(&mut self, game: &dyn AnyGame) {
        if let Some(outcome) = game.outcome() {
            self.learner.learn(
                &self.drawn,
                GameResult::for_side(outcome, self.learner.side()),
            );
        } else {
            self.learner.return_beads(&self.drawn);
        }
        self.drawn.clear();
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.clone())
    }
}
