//! The choices that shape play: the games and the one chosen, who sits opposite you
//! or trains MENACE, and a lesson's own state set up and put away.

use super::{capitalised, filled_sentence, grouped, seat_name};
use crate::app::Event;
use std::fmt::Write;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event) -> String {
    match event {
        Event::LessonSetUp(set_up) => crate::repl::lesson_text::lesson_set_up(set_up),
        Event::OwnStateBack {
            title,
            you,
            against,
            games,
            menaces,
            lesson_games,
            lesson_learners,
            lesson_kept,
        } => crate::repl::lesson_text::own_state_back(
            title,
            *you,
            *against,
            (*games, *menaces),
            (*lesson_games, lesson_learners, *lesson_kept),
        ),
        Event::DepthCapped {
            title,
            depth,
            reached,
            budget,
            from_start,
        } => {
            let sentence = format!(
                "In {title}, lookahead {depth} is capped by its budget of {} positions a move: {} it looks {reached} half-moves ahead.",
                grouped(*budget),
                if *from_start {
                    "from the start"
                } else {
                    "here"
                }
            );
            filled_sentence(&sentence)
        }
        Event::OpponentSet { kind: None, side } => format!("You play {side} again.\n"),
        Event::OpponentSet {
            kind: Some(kind),
            side,
        } => format!(
            "From now on {kind} plays {side} in the games you ask for, and you watch.\n(opponent you: play yourself again)\n"
        ),
        Event::AgainstSet { kind: None, .. } => "MENACE plays against you again.\n".into(),
        Event::AgainstSet {
            kind: Some(kind),
            menace_fits: true,
        } => format!(
            "From now on {kind} plays against you.\n(against menace: MENACE plays you instead)\n"
        ),
        Event::AgainstSet {
            kind: Some(kind),
            menace_fits: false,
        } => format!("From now on {kind} plays against you.\n"),
        Event::TrainerSet(kind) => format!("MENACE trains against {kind} from now on.\n"),
        Event::Variants => variants(),
        Event::GameChosen {
            title,
            you,
            against,
            no_menace,
            numbers_are_moves,
            left_behind,
        } => {
            let mut text = String::new();
            if let Some(why) = left_behind {
                let sentence = format!("{}.", capitalised(why));
                let _ = writeln!(text, "{}", textwrap::fill(&sentence, 79));
            }
            let _ = writeln!(
                text,
                "Playing {}: you are {you}, {} is {}.",
                crate::repl::text::title_shown(title),
                seat_name(*against),
                you.opponent()
            );
            if let Some(why) = no_menace {
                let _ = writeln!(text, "MENACE does not play here: {why}.");
            }
            text.push_str(if *numbers_are_moves {
                "Type play N to play N games (a number that names a move is that move).\nside X or O; against NAME (or menace); solve; hint; variants lists the games.\n"
            } else {
                "Type a number of games to play. side X or O; against NAME (or menace);\nsolve; hint; variants lists the games.\n"
            });
            text
        }
        other => unreachable!("{other:?} is drawn by another group"),
    }
}

/// `variants`: every game with its line of description and its options.
fn variants() -> String {
    let mut text = String::from("Games (variant NAME [OPTION...] switches):\n");
    for entry in crate::registry::GAMES {
        let declaration = entry.declaration;
        // A name too long for its column puts its line under it, in the column.
        if declaration.name.len() > 10 {
            let _ = writeln!(
                text,
                "  {}\n             {}",
                declaration.name, declaration.about
            );
        } else {
            let _ = writeln!(text, "  {:<10} {}", declaration.name, declaration.about);
        }
        for option in declaration.options {
            let name = match option.value {
                Some(value) => format!("{} {}", option.name, value.placeholder),
                None => option.name.to_string(),
            };
            let line = format!("option {name}: {}", option.help);
            let wrap = crate::repl::text::words(78)
                .initial_indent("             ")
                .subsequent_indent("               ");
            let _ = writeln!(text, "{}", textwrap::fill(&line, wrap));
        }
    }
    text
}
