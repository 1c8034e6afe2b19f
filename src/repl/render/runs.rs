//! A run of games as a whole: its end and tally, stopped by `stop` or Ctrl-C, or
//! refused at the start by an empty first box.

use super::{capitalised, filled_sentence, plural, seat_name};
use crate::app::{Event, MatchTally, Who};
use std::fmt::Write;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event) -> String {
    match event {
        Event::MatchOver {
            played,
            tally,
            numbers_are_moves,
            menace_played,
        } => {
            // One line at 80 columns for any count: the longer wording left "or stats."
            // alone on a second line.
            let which = if *played == 1 {
                "That was the game".to_string()
            } else {
                format!(
                    "Those were the {} games",
                    crate::text::grouped(u64::from(*played))
                )
            };
            let again = if *numbers_are_moves {
                "play N for N more"
            } else {
                "a number for more"
            };
            let sentence = if *menace_played {
                format!("{which} you asked for. Type {again}, or stats.")
            } else {
                format!("{which} you asked for. Type {again}.")
            };
            let mut text = String::new();
            if let Some(tally) = tally {
                text.push_str(&match_tally(*played, tally));
            }
            let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
            text
        }
        Event::MatchStopped { played, asked } => {
            let sentence = format!(
                "Stopped by Ctrl-C after {played} of the {asked} games asked for; what MENACE learned from them is kept."
            );
            filled_sentence(&sentence)
        }
        Event::Refused(first) => {
            // A picture too long to read in a sentence is named by its number.
            let named = if first.picture.chars().count() > 30 {
                format!("box {}", first.number)
            } else {
                first.picture.clone()
            };
            let sentence = format!(
                "MENACE refuses to play: its first box ({named}) is empty, and under the resign rule an empty box means it gives up. Type reset (or preset NAME) for fresh boxes."
            );
            filled_sentence(&sentence)
        }
        Event::Stopped { played, asked } => format!(
            "Stopped after {} of {asked}; the game in progress is not counted.\n",
            plural(u64::from(*played), "game", "games")
        ),
        other => unreachable!("{other:?} is drawn by another group"),
    }
}

/// A run of games' own results: "The 5 games: MENACE won 2, teacher won 0, 3 drawn."
/// (the two seats named as the result lines name them).
fn match_tally(played: u32, tally: &MatchTally) -> String {
    let won = |who: Who, count: u32| match who {
        Who::You => format!("you won {count}"),
        other => format!("{} won {count}", seat_name(other)),
    };
    let sentence = format!(
        "The {played} games: {}, {}, {} drawn.",
        won(tally.x, tally.x_won),
        won(tally.o, tally.o_won),
        tally.drawn
    );
    format!("{}\n", crate::repl::text::fill(&capitalised(&sentence), 79))
}
