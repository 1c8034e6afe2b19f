//! `perfect` in Qubic: X plays from the proof that it wins ([`Strategy`]: the stored
//! book of the proof's positions without a forcing chain, and the chains themselves),
//! so as X it wins every game. Where the side to move has no proved win (O always, as
//! the first player wins; X after a mistake of its own were it ever to make one, or in
//! a position set up where no proof is found within the search's visits) it says so
//! and plays alpha-beta's move at its default budget.

use crate::ai::Agent;
use crate::ai::alphabeta::Searcher;
use crate::ai::qubic::strategy::{Advice, Source, Strategy};
use crate::game::cube::{Cube, CubeCell};
use crate::game::{AnyGame, Game, Player};
use crate::menace::opponent::{Moves, OnBoard, Seated, TypedAi};
use rand::Rng;
use std::any::Any;
use std::sync::{Arc, Mutex, PoisonError};

/// The strategy kept for the session, shared by every perfect player of Qubic.
type Shared = Arc<Mutex<Strategy>>;

/// The entry's perfect play: the strategy, its book read now (a fraction of a second).
pub(super) fn perfect(game: &dyn AnyGame) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = game
        .restart()
        .position::<Cube>()
        .copied()
        .filter(|cube| cube.geometry().cells == 64)
        .ok_or_else(|| format!("{} is not Qubic", game.title()))?;
    let mut strategy = Strategy::default();
    match strategy.advise(start.marks(Player::X), start.marks(Player::O)) {
        Advice::Wins { .. } => {
            let shared: Shared = Arc::new(Mutex::new(strategy));
            Ok(Box::new(shared))
        }
        Advice::Unproved { .. } => Err("its stored proof does not read".into()),
    }
}

/// Seats the kept strategy as a player.
pub(super) fn seat(
    values: &(dyn Any + Send + Sync),
    game: &dyn AnyGame,
) -> Result<Box<dyn Seated>, String> {
    let shared = values
        .downcast_ref::<Shared>()
        .ok_or_else(|| format!("the solver kept for {} is of another game", game.title()))?;
    Ok(Box::new(OnBoard::new(QubicPerfect(Arc::clone(shared)))))
}

/// The perfect player of Qubic.
#[derive(Debug, Clone)]
struct QubicPerfect(Shared);

impl QubicPerfect {
    /// Its move on `position` and why.
    fn decide(&mut self, position: &Cube, rng: &mut dyn Rng) -> Option<(CubeCell, String)> {
        let (x, o) = (position.marks(Player::X), position.marks(Player::O));
        let why = if position.to_move() == Player::X {
            let advice = self
                .0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .advise(x, o);
            match advice {
                Advice::Wins { cell, source } => {
                    let cell = CubeCell(cell);
                    let name = position.move_name(cell);
                    return Some((cell, proved_reason(&name, source)));
                }
                Advice::Unproved { disproved: true } => {
                    "X has no win here that the search can find"
                }
                Advice::Unproved { disproved: false } => {
                    "no proof that X wins here was found within the search's visits"
                }
            }
        } else {
            "O has no proved win (the first player wins Qubic)"
        };
        let cell = Agent::choose(&mut Searcher::default(), position, rng)?;
        let name = position.move_name(cell);
        Some((cell, format!("{why}: {name} is alpha-beta's move.")))
    }
}

/// The reason for a move that keeps X's proved win. No parentheses: the console prints
/// a move's reason in parentheses.
fn proved_reason(name: &str, source: Source) -> String {
    match source {
        Source::Line => format!("{name} completes X's line."),
        Source::Book => format!("{name} keeps X's proved win, by the stored proof."),
        Source::Chain => format!("{name} checks in a forcing chain that wins for X."),
        Source::Proof => format!("{name} keeps X's proved win, by this game's proof."),
        Source::Searched(visits) => format!(
            "{name} keeps X's proved win, proved just now in {} visits.",
            crate::text::grouped(visits)
        ),
    }
}

impl Moves<Cube> for QubicPerfect {
    fn choose(&mut self, position: &Cube, rng: &mut dyn Rng) -> Option<CubeCell> {
        self.decide(position, rng).map(|(cell, _)| cell)
    }
}

impl TypedAi<Cube> for QubicPerfect {
    fn explain(
        &mut self,
        position: &Cube,
        rng: &mut dyn Rng,
    ) -> Option<(CubeCell, Option<String>)> {
        self.decide(position, rng)
            .map(|(cell, why)| (cell, Some(why)))
    }
}
