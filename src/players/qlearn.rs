//! `qlearn`: a second qlearn learner, learning as it plays, in any game whose table fits; its
//! parameters at their defaults. In `train` against a qlearn it plays in the game's own
//! types, as a second MENACE does (see [`super::menace`]).

use super::{Options, Plays, Row, Setup};

pub static ROW: Row =
    super::menace::learner_row("qlearn", "a second Q-learner, learning as it plays", make);

fn make(_: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    super::menace::second_learner(&crate::learners::qlearn::ROW, setup)
}
