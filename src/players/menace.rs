//! `menace`: a second MENACE, learning as it plays, in any game whose matchboxes fit. In
//! `train` it plays in the game's own types (see [`crate::menace::train::Sparring`]).
//! The rows `td` and `qlearn` seat a second learner of their kind the same way
//! ([`second_learner`]).

use super::{Options, Plays, RivalMove, Row, Setup};
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::menace::GameResult;
use crate::menace::learner::{DrawnBead, Learner, MenaceMove};
use rand::Rng;

pub static ROW: Row = learner_row(
    "menace",
    "a second MENACE, learning as it plays (if boxes fit)",
    make,
);

pub(super) fn too_big(choice: &super::Choice, game: &dyn AnyGame) -> String {
    if choice.row().name == ROW.name {
        return format!(
            "{} is too big for matchboxes, so no MENACE plays it",
            game.title()
        );
    }
    format!(
        "{} is too big for a table of values, so no {} learns it",
        game.title(),
        choice.row().name
    )
}

fn make(_: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    second_learner(&crate::learners::MENACE, setup)
}

/// The row of a second learner (MENACE's, and each other kind's): named as its kind,
/// playing every game whose boxes or table fit, with no options.
pub(super) const fn learner_row(
    name: &'static str,
    about: &'static str,
    make: super::Maker,
) -> Row {
    Row {
        name,
        usage: name,
        about,
        listed: name,
        examples: &[],
        opponent_rank: 0,
        hint_rank: 0,
        learns: true,
        read: super::no_options,
        plays: fits,
        refusal: too_big,
        make,
    }
}

/// A second learner of `kind` (with its parameters at their defaults) for the side
/// and game `setup` says, made as the session makes its own.
pub(super) fn second_learner(
    kind: &'static crate::learners::LearnerRow,
    setup: &mut Setup,
) -> Result<Box<dyn Plays>, String> {
    let choice = crate::learners::LearnerChoice::of(kind);
    match (setup.new_learner)(&choice, setup.side, setup.rng) {
        Some(learner) => Ok(Box::new(Second {
            learner,
            drawn: Vec::new(),
        })),
        None => Err(too_big(&super::Choice::bare(&ROW), setup.game)),
    }
}

/// True for the games a second learner plays: those whose boxes fit.
pub(super) fn fits(game: &dyn AnyGame) -> bool {
    game.declaration().too_big_for_menace.is_none()
}

/// A second learner in any game, through the learner the session would use.
#[derive(Debug, Clone)]
struct Second {
    learner: Box<dyn Learner>,
    drawn: Vec<DrawnBead>,
}

impl Plays for Second {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        if self.learner.as_menace().is_none() {
            // A learner of another kind moves, and learns, by itself.
            return self
                .learner
                .choose_move(game, rng)
                .map(|name| RivalMove { name, reason: None });
        }
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
        if self.learner.as_menace().is_none() {
            match game.outcome() {
                Some(outcome) => self
                    .learner
                    .game_result(GameResult::for_side(outcome, self.learner.side())),
                None => self.learner.drop_game(),
            }
            return;
        }
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

    /// The learner itself: the training loop plays it in the game's own types.
    fn typed(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(self.learner.as_any_mut())
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.clone())
    }
}
