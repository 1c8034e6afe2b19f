//! Turns events into text: boards, matchboxes, explanations. Colour is applied in one
//! place, [`Palette::paint`], through owo-colors' `if_supports_color`, so it switches
//! off under NO_COLOR or when output is not a terminal; tests switch it off outright.

use super::board;
use super::text::{box_view, learned, listing, menace_moved, stats};
use crate::app::{Event, MatchTally, Who};
use crate::game::{Outcome, Player};
use crate::menace::save::shown_path;
use owo_colors::{OwoColorize, Stream, Style};
use std::fmt::Write;

mod layout;
mod question;
pub use layout::{WIDTH, events, fit, said, said_blocks};
use question::question;

pub use super::help::{
    bench, bench_save, bench_variants, box_count, duel, game_experiment, help, replay_step, welcome,
};
pub use super::text::training;

/// What a piece of text is, which decides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    X,
    O,
    /// The last move on the board.
    LastMove,
    /// A cell of the line that ended the game.
    Line,
    Result,
    Refusal,
    Heading,
    /// Never coloured.
    Plain,
}

/// Whether to colour at all; when true, colour still needs a terminal without NO_COLOR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub colour: bool,
}

impl Palette {
    pub const PLAIN: Palette = Palette { colour: false };

    /// The one place colour is applied.
    pub fn paint(self, text: &str, role: Role) -> String {
        if !self.colour {
            return text.to_string();
        }
        let style = match role {
            Role::X => Style::new().red().bold(),
            Role::O => Style::new().blue().bold(),
            Role::LastMove => Style::new().yellow().bold().underline(),
            Role::Line => Style::new().green().bold().underline(),
            Role::Result => Style::new().green().bold(),
            Role::Refusal => Style::new().red(),
            Role::Heading => Style::new().bold(),
            Role::Plain => return text.to_string(),
        };
        text.if_supports_color(Stream::Stdout, |text| text.style(style))
            .to_string()
    }
}

pub use crate::text::grouped;

pub fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}

/// A seat's name in a sentence.
pub fn seat_name(who: Who) -> String {
    match who {
        Who::You => "you".into(),
        Who::Menace => "MENACE".into(),
        Who::Ai(kind) => kind.to_string(),
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

pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The text for one event.
pub fn event(event: &Event, palette: Palette) -> String {
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
                format!("new game of {title}")
            };
            format!("{}{count}\n", palette.paint(&heading, Role::Heading))
        }
        Event::Board { view, marked } => board::draw(view, marked, &[], palette),
        Event::MenaceMoved {
            side,
            turn,
            placed,
            ply,
            ..
        } => menace_moved(*side, turn, *placed, *ply),
        Event::PicturesSet(true) => {
            "Each MENACE move is drawn as its box beside the board (pictures off: words only).\n"
                .into()
        }
        Event::PicturesSet(false) => {
            "MENACE's moves are told in words only (pictures on draws the box too).\n".into()
        }
        Event::Moved {
            by,
            side,
            name,
            reason,
            placed,
        } => {
            let mut text = if *placed {
                format!("{by} plays {side} at {name}.\n")
            } else {
                format!("{by} ({side}) plays {name}.\n")
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
        Event::Learned {
            result,
            changes,
            preset,
        } => learned(*result, changes, *preset),
        Event::LearnedSummary {
            result,
            preset,
            boxes_drawn,
            boxes_made,
            beads_moved,
            biggest,
        } => super::text::learned_summary(
            *result,
            *preset,
            (*boxes_drawn, *boxes_made, *beads_moved),
            biggest,
        ),
        Event::Listing {
            title,
            side,
            boxes,
            ply,
            total,
            limit,
        } => listing(title, *side, boxes, *ply, *total, *limit),
        Event::BoxView {
            summary,
            of,
            side,
            view,
            labels,
            asked,
        } => box_view(
            summary,
            *of,
            *side,
            view,
            labels.as_deref(),
            asked.as_ref(),
            palette,
        ),
        Event::MatchOver {
            played,
            tally,
            numbers_are_moves,
        } => {
            let which = if *played == 1 {
                "the game".to_string()
            } else {
                format!("the last of the {played} games")
            };
            let again = if *numbers_are_moves {
                "play N to play N more"
            } else {
                "a number to play again"
            };
            let sentence = format!("That was {which} you asked for. Type {again}, or stats.");
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
            // The last two words held together, so that neither is left alone.
            let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
        Event::Interrupted => interrupted(),
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
            // The last two words held together, so that neither is left alone.
            let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
        Event::Stats(view) => stats(view),
        Event::Help => help(palette),
        Event::Saved(path) => format!("Saved MENACE's boxes to {}.\n", shown_path(path)),
        Event::LessonSetUp(set_up) => super::lesson_text::lesson_set_up(set_up),
        Event::OwnStateBack {
            title,
            you,
            against,
            games,
            lesson_games,
            lesson_kept,
        } => super::lesson_text::own_state_back(
            title,
            *you,
            *against,
            *games,
            (*lesson_games, *lesson_kept),
        ),
        Event::Loaded {
            path,
            title,
            side,
            preset,
            record,
        } => {
            let sentence = format!(
                "MENACE for {title}, playing {side}: preset {}, learned from {} ({} won, {} drawn, {} lost).",
                preset.spec(),
                plural(record.games(), "game", "games"),
                record.won,
                record.drawn,
                record.lost
            );
            format!(
                "Loaded {}.\n{}\n",
                shown_path(path),
                crate::repl::text::fill(&sentence, 79)
            )
        }
        Event::PresetChanged(preset) => {
            format!("Fresh boxes.\n{}\n", preset.describe())
        }
        Event::Question(asked) => question(asked),
        Event::Kept => "Nothing changed.\n".into(),
        Event::Refusal(sentence) => {
            // Every refusal is a sentence on at most 79 columns, whoever wrote it.
            let mut sentence = sentence.clone();
            if let Some(first) = sentence.chars().next().filter(char::is_ascii_lowercase) {
                sentence.replace_range(..1, &first.to_ascii_uppercase().to_string());
            }
            let wrapped =
                crate::repl::text::fill(&hold_quotes(&sentence), 79).replace('\u{a0}', " ");
            format!("{}\n", palette.paint(&wrapped, Role::Refusal))
        }
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
            // The last two words held together, so that neither is left alone.
            let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
        Event::OpponentSet { kind: None, side } => format!("You play {side} again.\n"),
        Event::OpponentSet {
            kind: Some(kind),
            side,
        } => format!(
            "From now on {kind} plays {side} in the games you ask for, and you watch.\n(opponent you: play yourself again)\n"
        ),
        Event::MoveNote(note) => fit(&format!("{note}\n")),
        Event::AgainstSet { kind: None, .. } => "MENACE plays against you again.\n".into(),
        Event::AgainstSet {
            kind: Some(kind),
            menace_fits: true,
        } => format!("From now on {kind} plays against you.\n(against menace: MENACE again)\n"),
        Event::AgainstSet {
            kind: Some(kind),
            menace_fits: false,
        } => format!("From now on {kind} plays against you.\n"),
        Event::TrainerSet(kind) => format!("MENACE trains against {kind} from now on.\n"),
        Event::Trained(report) => training(report),
        Event::CurveWritten(path) => {
            format!("Wrote the learning curve to {} (CSV).\n", shown_path(path))
        }
        Event::ChartWritten(path) => {
            let sentence = format!(
                "Drew the learning curve to {} (SVG: open it in a browser).",
                shown_path(path)
            );
            // The last two words held together, so that neither is left alone.
            let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
        Event::LabelsWritten {
            path,
            boxes,
            sheets,
        } => {
            crate::repl::text::fill(
                &format!(
                    "Wrote {} on {} to {} (HTML: open it in a browser and print it, on A4 or Letter; cut along the dashes).",
                    plural(*boxes as u64, "label", "labels"),
                    plural(*sheets as u64, "sheet", "sheets"),
                    shown_path(path)
                ),
                80,
            ) + "\n"
        }
        Event::PageWritten { path, boxes, curve } => {
            let sentence = format!(
                "Wrote {} to {}{} (HTML: open it in a browser).",
                plural(*boxes as u64, "box", "boxes"),
                shown_path(path),
                if *curve {
                    ", with the last learning curve"
                } else {
                    ""
                }
            );
            // The last two words held together, so that neither is left alone.
            let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
        Event::Hint { by, name, reason } => {
            let mut text = format!("{by} suggests {name}.\n");
            if let Some(reason) = reason {
                let _ = writeln!(text, "  ({reason})");
            }
            text
        }
        Event::Weights {
            view,
            weights,
            mover,
        } => super::weights::heat_map(view, weights, mover, palette),
        Event::CellWeight {
            name,
            mover,
            explained,
        } => super::weights::cell_weight(name, mover, explained),
        Event::Ratings { board, ratings } => {
            let mut text = format!(
                "The rating heuristic's scores for {} (rating 1 plays the highest):\n",
                crate::game::Game::to_move(board)
            );
            let labels: Vec<(usize, String)> = (0..9)
                .map(|cell| (cell, ratings[cell].to_string()))
                .collect();
            text.push_str(&board::draw(
                &crate::game::Game::view(board),
                &[],
                &labels,
                palette,
            ));
            text
        }
        Event::Experiments { runs, seeds } => super::text::experiments(runs, *seeds),
        Event::GameExperiment(experiment) => game_experiment(experiment, None),
        Event::Glossary => {
            let terms: Vec<&str> = crate::app::glossary::GLOSSARY
                .iter()
                .map(|entry| entry.term)
                .collect();
            format!(
                "{}\n",
                crate::repl::text::fill(
                    &format!("explain WORD tells what these mean: {}.", terms.join(", ")),
                    79
                )
            )
        }
        Event::Explained(entry) => format!(
            "{}\n",
            crate::repl::text::fill(&format!("{}: {}", entry.term, entry.text), 79)
        ),
        Event::Stopped { played, asked } => format!(
            "Stopped after {} of {asked}; the game in progress is not counted.\n",
            plural(u64::from(*played), "game", "games")
        ),
        Event::BoxesAfterGame(listing) => match listing {
            crate::app::BoxListing::All => {
                "After each game of noughts and crosses all the boxes are listed.\n".into()
            }
            crate::app::BoxListing::Changed => {
                "After each game only the boxes the game used are listed.\n".into()
            }
            crate::app::BoxListing::Off => {
                "No boxes are listed after a game (boxes lists them at any time).\n".into()
            }
        },
        Event::Lines {
            title,
            lines,
            cells,
            through,
        } => super::counts::lines(title, *lines, *cells, through.as_ref()),
        Event::Census { title, census } => super::counts::census(title, census),
        Event::Variants => {
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
                "Playing {title}: you are {you}, {} is {}.",
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
        Event::Solved {
            scores: Some(scores),
            ..
        } => super::text::minimax_scores(&scores.board, &scores.scores, palette),
        Event::Solved {
            title,
            solved,
            millis,
            ..
        } => super::solved::game_solved(title, solved, *millis),
        Event::Goodbye { unsaved } => {
            if *unsaved > 0 {
                format!(
                    "Goodbye. (MENACE's learning from {} since the last save was not saved.)\n",
                    plural(*unsaved, "game", "games")
                )
            } else {
                "Goodbye.\n".into()
            }
        }
    }
}

/// A short quoted example ("rate X........") held together by no-break spaces, so a
/// filled line never splits the command from what it takes.
fn hold_quotes(sentence: &str) -> String {
    let pieces: Vec<&str> = sentence.split('"').collect();
    let mut held = String::with_capacity(sentence.len());
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            held.push('"');
        }
        // Odd pieces are inside a pair of quotes (the last only if it is closed).
        let inside = index % 2 == 1 && index + 1 < pieces.len();
        if inside && piece.chars().count() <= 30 {
            held.push_str(&piece.replace(' ', "\u{a0}"));
        } else {
            held.push_str(piece);
        }
    }
    held
}

/// The sentence that says Ctrl-C stopped a command.
pub(crate) fn interrupted() -> String {
    format!(
        "{}\n",
        crate::repl::text::fill(
            "Stopped early by Ctrl-C; everything MENACE has learned is kept.",
            79
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal never splits a short quoted example across two lines.
    #[test]
    fn a_refusal_keeps_a_quoted_example_on_one_line() {
        let sentence =
            "No game is in progress: rate needs a board, or a position like \"rate X........\".";
        let text = event(&Event::Refusal(sentence.into()), Palette::PLAIN);
        assert!(text.contains("\"rate X........\""), "{text}");
        assert!(!text.contains('\u{a0}'));
        assert!(
            text.lines().all(|line| line.chars().count() <= 79),
            "{text}"
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(10_000_000), "10,000,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    /// The refusal of an empty first box wraps as one paragraph: no word is left alone
    /// on a line, whatever the length of the box's picture.
    #[test]
    fn the_refusal_leaves_no_lone_word_on_a_line() {
        for picture in [".........", "..../..../..../....", &".".repeat(729)] {
            let first = crate::menace::learner::BoxSummary {
                number: 1,
                picture: picture.to_string(),
                ply: 0,
                beads: Vec::new(),
            };
            let text = event(&Event::Refused(first), Palette::PLAIN);
            for line in text.lines() {
                assert!(line.split_whitespace().count() > 1, "{text}");
                assert!(textwrap::core::display_width(line) <= 79, "{text}");
            }
        }
    }

    /// `variants` prints each game's description on one line beside its name (or
    /// under it): none may need the 80-column wrap, which leaves a lone word below.
    #[test]
    fn every_game_description_fits_its_line_in_variants() {
        for entry in crate::registry::GAMES {
            let about = entry.declaration.about;
            assert!(
                13 + textwrap::core::display_width(about) <= 80,
                "{}: {about}",
                entry.declaration.name
            );
        }
    }
}
