//! Whoever sits opposite MENACE or you when it is not a person: an AI chosen by name, or
//! a second MENACE that learns as it plays. Classic noughts and crosses has the whole set
//! (with reasons for their moves); every other game has the generic ones.

use crate::game::Player;
use crate::menace::learner::{DrawnBead, Learner, MenaceMove, classic_board};
use crate::menace::{GameResult, Preset};
use crate::play::{Opponent, OpponentKind};
use crate::registry::{AnyGame, Effort};
use rand::Rng;

/// Makes a fresh MENACE for a side of the game, when a second MENACE is asked for.
pub type LearnerMaker<'a> = &'a dyn Fn(Player, &mut dyn Rng) -> Option<Box<dyn Learner>>;

/// An AI ready to play one side of the chosen game.
#[derive(Debug, Clone)]
pub enum Rival {
    /// Any opponent on the classic board, with what it remembers.
    Classic(Opponent),
    /// A generic AI: it remembers nothing, and works as hard as `Effort` says.
    Generic(OpponentKind, Effort),
    /// A second MENACE learning as `side`.
    SecondMenace {
        learner: Box<dyn Learner>,
        drawn: Vec<DrawnBead>,
    },
}

/// A move chosen by a rival, with its reason when it has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RivalMove {
    pub name: String,
    pub reason: Option<String>,
}

impl Rival {
    /// The rival `kind` for `side` of `game`, or the sentence saying why it cannot play
    /// this game.
    pub fn new(
        kind: OpponentKind,
        game: &dyn AnyGame,
        side: Player,
        preset: Preset,
        effort: Effort,
        new_learner: LearnerMaker,
        rng: &mut dyn Rng,
    ) -> Result<Rival, String> {
        let classic = classic_board(game).is_some();
        if kind == OpponentKind::Menace && !(classic && side == Player::O) {
            return match new_learner(side, rng) {
                Some(learner) => Ok(Rival::SecondMenace {
                    learner,
                    drawn: Vec::new(),
                }),
                None => Err(format!(
                    "{} is too big for matchboxes, so no MENACE plays it",
                    game.title()
                )),
            };
        }
        if let Some(home) = kind.only_in().filter(|_| !game.plays(kind)) {
            return Err(format!(
                "{kind} plays only {home}, not {}",
                game.declaration().name
            ));
        }
        if classic {
            return Ok(Rival::Classic(Opponent::new(kind, preset, rng)));
        }
        if game.plays(kind) {
            Ok(Rival::Generic(kind, effort))
        } else {
            let choices: Vec<&str> = crate::play::OPPONENT_NAMES
                .iter()
                .copied()
                .filter(|name| {
                    OpponentKind::parse(&[name]).is_ok_and(|kind| {
                        game.plays(kind)
                            || (kind == OpponentKind::Menace
                                && game.declaration().too_big_for_menace.is_none())
                    })
                })
                .map(|name| {
                    if name == "lookahead" {
                        "lookahead D"
                    } else {
                        name
                    }
                })
                .collect();
            Err(format!(
                "{kind} plays only noughts and crosses; in {} choose {}",
                game.declaration().name,
                choices.join(", ")
            ))
        }
    }

    pub fn kind(&self) -> OpponentKind {
        match self {
            Rival::Classic(opponent) => opponent.kind(),
            Rival::Generic(kind, _) => *kind,
            Rival::SecondMenace { .. } => OpponentKind::Menace,
        }
    }

    /// Its move, with a reason where it gives one. `None` when it has none to make.
    pub fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        match self {
            Rival::Classic(opponent) => {
                let board = classic_board(game)?;
                let chosen = opponent.choose_explained(&board, rng)?;
                Some(RivalMove {
                    name: chosen.square.name(),
                    reason: chosen.reason,
                })
            }
            Rival::Generic(kind, effort) => game
                .suggest(*kind, *effort, rng)
                .map(|name| RivalMove { name, reason: None }),
            Rival::SecondMenace { learner, drawn } => match learner.take_turn(game, rng) {
                Ok(turn) => {
                    if let MenaceMove::Drew { drawn: bead, .. } = &turn {
                        drawn.push(*bead);
                    }
                    match turn.play() {
                        Some(name) => Some(RivalMove {
                            name: name.to_string(),
                            reason: None,
                        }),
                        // Resigning is not a move: with no beads it plays at random.
                        None => game
                            .suggest(OpponentKind::Random, Effort::default(), rng)
                            .map(|name| RivalMove { name, reason: None }),
                    }
                }
                Err(_) => game
                    .suggest(OpponentKind::Random, Effort::default(), rng)
                    .map(|name| RivalMove { name, reason: None }),
            },
        }
    }

    /// The game is over: a learning rival learns from it.
    pub fn game_over(&mut self, game: &dyn AnyGame) {
        match self {
            Rival::Classic(opponent) => {
                if let Some(board) = classic_board(game) {
                    opponent.game_over(&board);
                }
            }
            Rival::Generic(..) => {}
            Rival::SecondMenace { learner, drawn } => {
                if let Some(outcome) = game.outcome() {
                    learner.learn(drawn, GameResult::for_side(outcome, learner.side()));
                } else {
                    learner.return_beads(drawn);
                }
                drawn.clear();
            }
        }
    }
}
