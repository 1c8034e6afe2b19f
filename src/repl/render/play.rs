//! One game as it goes: a new game, the board, each move, hints and the result.

use super::{Palette, Role, seat_name};
use crate::app::{Event, Who};
use crate::game::{Outcome, Player};
use crate::repl::board;
use crate::repl::text::menace_moved;
use std::fmt::Write;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::NewGame { title, number, of } => {
            let count = if *of > 1 {
                format!(" ({number} of {of})")
            } else {
                String::new()
            };
            let heading = if title == "classic" {
                "new game".to_string()
            } else {
                format!("new game of {}", crate::repl::text::title_shown(title))
            };
            format!("{}{count}\n", palette.paint(&heading, Role::Heading))
        }
        Event::Board { view, marked } => board::draw(view, marked, &[], palette),
        Event::MenaceMoved {
            side,
            turn,
            placed,
            nth,
            ..
        } => menace_moved(*side, turn, *placed, *nth),
        Event::Moved {
            by,
            side,
            name,
            reason,
            placed,
        } => {
            let mut text = if *placed {
                format!("{} plays {side} at {name}.\n", seat_name(*by))
            } else {
                format!("{} ({side}) plays {name}.\n", seat_name(*by))
            };
            if let Some(reason) = reason {
                let _ = writeln!(text, "  ({reason})");
            }
            text
        }
        Event::YourMove {
            side,
            prompt: Some(prompt),
            ..
        } => format!("Your move as {side}: {prompt} (or help):\n"),
        Event::YourMove { side, example, .. } => {
            format!("Your move as {side} (a move like {example}, or help):\n")
        }
        Event::GameOver {
            outcome,
            resigned,
            x,
            o,
            note,
            ..
        } => {
            let mut text = game_over(*outcome, *resigned, *x, *o, palette);
            if let Some(note) = note {
                text.push_str(&crate::repl::text::fill(note, 79));
                text.push('\n');
            }
            text
        }
        Event::MoveNote(note) => super::fit(&format!("{note}\n")),
        Event::Hint { by, name, reason } => {
            let mut text = format!("{by} suggests {name}.\n");
            if let Some(reason) = reason {
                let _ = writeln!(text, "  ({reason})");
            }
            text
        }
        other => unreachable!("{other:?} is drawn by another group"),
    }
}

/// The line that says how a game ended, naming the players who played it.
fn game_over(
    outcome: Outcome,
    resigned: Option<Player>,
    x: Who,
    o: Who,
    palette: Palette,
) -> String {
    let mut text = String::new();
    let who = |side: Player| if side == Player::X { x } else { o };
    if let Some(side) = resigned {
        match who(side) {
            Who::You => text.push_str("You resign.\n"),
            other => {
                // An AI's name is written as it is typed, at a sentence's start too.
                let _ = writeln!(text, "{} resigns.", seat_name(other));
            }
        }
    }
    let words = match outcome {
        Outcome::Draw => "Draw".to_string(),
        Outcome::Win(winner) => match who(winner) {
            Who::You => "You win".to_string(),
            other => format!("{} wins", seat_name(other)),
        },
    };
    let _ = writeln!(text, "{}", palette.paint(&words, Role::Result));
    text
}
