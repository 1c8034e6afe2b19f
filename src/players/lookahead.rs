//! `lookahead D`: the algorithm page's NextStep search to a depth, with its rule for a draw
//! (`full-board`: only a full board; by default the seed's, every line blocked). Every
//! game; in games other than noughts and crosses within the session's effort.

use super::{OnBoard, Options, Plays, RivalMove, Row, Setup};
use crate::ai::Agent;
use crate::ai::lookahead::{self, Fin, Lookahead};
use crate::analysis::Engine;
use crate::game::AnyGame;
use crate::game::{Square, TicTacToe};
use crate::menace::opponent::{Moves, TypedAi};
use rand::Rng;

/// The deepest `lookahead` allowed (the whole of noughts and crosses is 9 half-moves).
pub const MAX_DEPTH: u32 = 9;

pub static ROW: Row = Row {
    name: "lookahead",
    usage: "lookahead D",
    about: "rates D half-moves ahead (full-board: no early draw)",
    listed: "lookahead D",
    examples: &["3", "4 full-board", "full-board", "1 seed-fin"],
    opponent_rank: 0,
    hint_rank: 0,
    learns: false,
    read,
    plays: super::every_game,
    refusal: super::never_refused,
    make,
};

/// A depth (2 when none is given, always shown) and the draw rule's word, shown only
/// when it is not the seed's.
fn read(_: &str, rest: &[&str]) -> Result<Options, String> {
    let (depth, fin) = lookahead::parse_options(rest, MAX_DEPTH)?;
    Ok(Options {
        number: Some(depth),
        word: (fin != Fin::Seed).then(|| fin.word()),
        ..Options::default()
    })
}

/// The depth and draw rule a choice of `lookahead` was read with.
fn depth_and_fin(options: Options) -> (u32, Fin) {
    (
        options.number.unwrap_or(2),
        options.word.and_then(Fin::parse).unwrap_or_default(),
    )
}

/// The depth asked for, if `choice` is a lookahead: the session says when a game is too
/// big to search that deep within its budget.
pub fn depth(choice: &super::Choice) -> Option<u32> {
    (choice.name() == ROW.name).then(|| depth_and_fin(choice.options()).0)
}

fn make(options: Options, setup: &mut Setup) -> Result<Box<dyn Plays>, String> {
    let (depth, fin) = depth_and_fin(options);
    // Noughts and crosses is searched whole; elsewhere within the session's effort.
    Ok(if setup.game.position::<TicTacToe>().is_some() {
        Box::new(OnBoard::<TicTacToe>::new(Lookahead {
            depth,
            budget: u64::MAX,
            fin,
        }))
    } else {
        Box::new(Anywhere(Lookahead {
            depth,
            budget: setup.effort.lookahead,
            fin,
        }))
    })
}

impl Moves<TicTacToe> for Lookahead {
    fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        Agent::choose(self, board, rng)
    }
}

impl TypedAi<TicTacToe> for Lookahead {
    fn explain(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<(Square, Option<String>)> {
        let square = Moves::choose(self, board, rng)?;
        let (depth, fin) = (self.depth, self.fin);
        let reason = lookahead::rate_moves(board, depth, fin)
            .into_iter()
            .find(|(mv, _)| *mv == square)
            .map(|(_, rating)| {
                format!(
                    "{square} rates {rating} looking {depth} half-moves ahead: {}.",
                    scale_words(rating)
                )
            });
        Some((square, reason))
    }
}

/// The search in any other game.
#[derive(Debug, Clone, Copy)]
struct Anywhere(Lookahead);

impl Plays for Anywhere {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        crate::registry::engine_move(game, Engine::Lookahead(self.0), rng)
            .map(|name| RivalMove { name, reason: None })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(*self)
    }
}

/// What a NextStep rating means, in words.
pub fn scale_words(rating: u8) -> String {
    match rating {
        32 => "a win at once".into(),
        25..=31 => format!("a win {} half-moves later", 32 - rating),
        24 => "a certain draw".into(),
        16 => "unknown at this depth".into(),
        8 => "a loss at once".into(),
        9..=15 => format!("a loss {} half-moves later", rating - 8),
        _ => "in between".into(),
    }
}
