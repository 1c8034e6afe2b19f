//! `teacher`: the rule-based teacher of noughts and crosses, who says why it moves. As X
//! it opens in a corner or, as the algorithm page's strategy text does, in the centre
//! (`teacher centre`). It answers `hint` in noughts and crosses, speaking to you.

use super::{OnBoard, Options, Plays, Row, Setup};
use crate::ai::teacher::{self, Opening};
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

pub static ROW: Row = Row {
    name: "teacher",
    usage: "teacher [centre]",
    about: "rules, explained (noughts and crosses); centre opening",
    listed: "teacher",
    examples: &["centre", "corner", "center"],
    opponent_rank: 0,
    hint_rank: 3,
    learns: false,
    read,
    plays: super::noughts_and_crosses,
    refusal: super::only_noughts_and_crosses,
    make,
};

/// An optional opening word, shown only when it is not the corner.
fn read(_: &str, rest: &[&str]) -> Result<Options, String> {
    let opening = match rest {
        [] => Opening::Corner,
        [word] => Opening::parse(word).ok_or_else(|| {
            format!(
                "teacher takes {} (where X opens), not \"{}\"",
                Opening::WORDS.join(" or "),
                crate::files::shown(word, 20)
            )
        })?,
        [_, extra @ ..] => return Err(format!("teacher does not take \"{}\"", extra.join(" "))),
    };
    Ok(Options {
        word: (opening != Opening::Corner).then(|| opening.word()),
        ..Options::default()
    })
}

fn make(options: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    let opening = options.word.and_then(Opening::parse).unwrap_or_default();
    Ok(Box::new(OnBoard::<TicTacToe>::new(Teacher(opening))))
}

/// The teacher, with where it opens as X.
#[derive(Debug, Clone, Copy, Default)]
pub struct Teacher(pub Opening);

impl Moves<TicTacToe> for Teacher {
    fn choose(&mut self, board: &TicTacToe, _: &mut dyn Rng) -> Option<Square> {
        teacher::advise_opening(board, self.0).map(|advice| advice.square)
    }
}

impl TypedAi<TicTacToe> for Teacher {
    fn explain(&mut self, board: &TicTacToe, _: &mut dyn Rng) -> Option<(Square, Option<String>)> {
        let advice = teacher::advise_opening(board, self.0)?;
        Some((advice.square, Some(advice.reason)))
    }

    /// As a hint, the reason is said to you about your opponent ("Block the top row:
    /// they have two in it"), not as it plays.
    fn advise(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<(Square, Option<String>)> {
        let (square, reason) = self.explain(board, rng)?;
        let reason = teacher::advise_you_opening(board, self.0)
            .map(|advice| advice.reason)
            .or(reason);
        Some((square, reason))
    }
}
