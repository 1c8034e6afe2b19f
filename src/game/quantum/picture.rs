//! The notation of quantum tic-tac-toe and its pictures. A move is written by its two
//! squares (`LL-MM`, the same square twice for a deterministic move) and a collapse by
//! the square the closing mark takes (`LL`). A position's picture is the moves and
//! collapses that led to it, commas between them (`LL-MM,MM-RR,RR-LL,LL`; `start` for
//! none): the marks' numbers, and so which line is older, depend on the order, and
//! reading a picture replays it, so a picture can only show a position play reaches.

use super::{Quantum, QuantumMove, QuantumRules};
use crate::game::{BadMove, Game, PictureError, Square};

/// The picture of the empty board.
const START: &str = "start";

fn square(text: &str) -> Result<u8, BadMove> {
    Square::parse(text.trim())
        .map(|square| square.index() as u8)
        .map_err(|why| BadMove(format!("{why}")))
}

/// Reads `LL-MM` (a move) or `LL` (a collapse choice), any case.
pub(super) fn parse_move(text: &str) -> Result<QuantumMove, BadMove> {
    let text = text.trim();
    match text.split_once('-') {
        Some((first, second)) => {
            let (a, b) = (square(first)?, square(second)?);
            Ok(QuantumMove::Spooky(a.min(b), a.max(b)))
        }
        None if text.chars().count() == 2 => Ok(QuantumMove::Collapse(square(text)?)),
        None => Err(BadMove(format!(
            "a quantum move is two squares like LL-MM, or one square like LL to collapse \
             a cycle, not \"{}\"",
            text.chars().take(12).collect::<String>()
        ))),
    }
}

/// The name [`parse_move`] reads back.
pub(super) fn move_name(mv: QuantumMove) -> String {
    let name = |square: u8| Square::ALL[usize::from(square) % 9].name();
    match mv {
        QuantumMove::Spooky(a, b) => format!("{}-{}", name(a), name(b)),
        QuantumMove::Collapse(square) => name(square),
    }
}

/// The moves so far, commas between.
pub(super) fn write(game: &Quantum) -> String {
    if game.history().is_empty() {
        return START.to_string();
    }
    let names: Vec<String> = game.history().iter().map(|mv| move_name(*mv)).collect();
    names.join(",")
}

/// Replays a picture under `rules`, naming the first move that cannot be played.
pub(super) fn read(text: &str, rules: QuantumRules) -> Result<Quantum, PictureError> {
    let text = text.trim();
    let mut game = Quantum::new(rules);
    if text.eq_ignore_ascii_case(START) {
        return Ok(game);
    }
    for (index, word) in text.split(',').enumerate() {
        let refuse = |why: String| {
            PictureError::Impossible(format!(
                "a position is its moves with commas between (LL-MM,MM-RR); move {} \
                 (\"{}\") {why}",
                index + 1,
                word.trim().chars().take(12).collect::<String>()
            ))
        };
        if index >= super::MOST_PLIES {
            return Err(refuse("is one too many: a game has at most 13".into()));
        }
        let mv = parse_move(word).map_err(|why| refuse(format!("is not a move: {why}")))?;
        game.play(mv)
            .map_err(|why| refuse(format!("cannot be played: {why}")))?;
    }
    Ok(game)
}
