//! MENACE as the training loop drives it ([`TypedLearner`]): the beads drawn in the game
//! being played are kept beside the learner, and go back with the preset's reward at its
//! end (or as they were, when the game is abandoned).

use super::generic::{Drawn, Menace, Turn};
use super::train::{Choice, TypedLearner};
use super::{EmptyBox, GameResult};
use crate::game::{Game, Player};
use rand::Rng;

/// A MENACE in training: the learner, the beads it has drawn in the game being played,
/// and its first box, found once where the resign rule could stop it there.
#[derive(Debug)]
pub struct Training<'a, G: Game> {
    pub menace: &'a mut Menace<G>,
    drawn: Vec<Drawn>,
    first: Option<usize>,
}

impl<'a, G: Game> Training<'a, G> {
    pub fn new(menace: &'a mut Menace<G>) -> Training<'a, G> {
        Training {
            menace,
            drawn: Vec::with_capacity(8),
            first: None,
        }
    }

    /// The box MENACE moves from at `start`, where it moves first with a choice and the
    /// resign rule could stop it there.
    fn first_box(&self, start: &G) -> Option<usize> {
        (self.menace.preset().empty_box == EmptyBox::Resign)
            .then(|| self.menace.box_for(start))
            .flatten()
            .map(|(index, _)| index)
    }
}

impl<G: Game> TypedLearner<G> for Training<'_, G> {
    fn side(&self) -> Player {
        self.menace.side()
    }

    fn refuses(&mut self, start: &G) -> bool {
        // Found once: refusing to play is then a look at one count, not a search,
        // before every game.
        if self.first.is_none() {
            self.first = self.first_box(start);
        }
        match self.first {
            Some(index) => self
                .menace
                .get(index)
                .is_some_and(|matchbox| matchbox.total() == 0),
            None => self.menace.refuses_to_play(start),
        }
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Choice<G::Move> {
        match self.menace.take_turn(position, rng) {
            Ok(turn @ Turn::Drew { real_move, .. }) => {
                self.drawn.extend(turn.drawn());
                Choice::Move(real_move)
            }
            Ok(Turn::Forced(mv)) => Choice::Move(mv),
            Ok(Turn::Resigned(_)) => Choice::Resigned,
            // No room for a new box (or a game whose symmetries are broken).
            Err(_) => Choice::NoRoom,
        }
    }

    fn learn(&mut self, result: GameResult) {
        self.menace.reinforce(&self.drawn, result);
        self.drawn.clear();
    }

    fn abandon(&mut self) {
        self.menace.return_beads(&self.drawn);
        self.drawn.clear();
    }
}
