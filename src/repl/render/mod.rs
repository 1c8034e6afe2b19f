//! Turns events into text: boards, matchboxes, explanations. Colour is applied in one
//! place, [`Palette::paint`], through owo-colors' `if_supports_color`, so it switches
//! off under NO_COLOR or when output is not a terminal; tests switch it off outright.

use crate::app::{Event, Who};
use owo_colors::{OwoColorize, Stream, Style};

mod analysis;
mod boxes;
mod choices;
mod files;
mod layout;
mod learners;
mod play;
mod question;
mod runs;
mod words;
pub use layout::{WIDTH, events, fit, said, said_blocks};
pub(crate) use words::interrupted;

pub use super::help::{
    bench, bench_save, bench_ultimate, bench_variants, box_count, duel, game_experiment, help,
    replay_step, welcome,
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
    let figure = crate::text::grouped(count);
    if count == 1 {
        format!("{figure} {one}")
    } else {
        format!("{figure} {many}")
    }
}

/// A seat's name in a sentence.
pub fn seat_name(who: Who) -> String {
    match who {
        Who::You => "you".into(),
        Who::Menace => "MENACE".into(),
        Who::Ai(kind) => kind.to_string(),
        Who::Learner(name) => name.into(),
    }
}

pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The text for one event. Each group of events is drawn by a module of its own; this
/// match only routes, so that a new event must be given a group to compile.
pub fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::NewGame { .. }
        | Event::Board { .. }
        | Event::MenaceMoved { .. }
        | Event::Moved { .. }
        | Event::YourMove { .. }
        | Event::GameOver { .. }
        | Event::Hint { .. }
        | Event::MoveNote(_) => play::event(event, palette),
        Event::MatchOver { .. }
        | Event::MatchStopped { .. }
        | Event::Stopped { .. }
        | Event::Refused(_) => runs::event(event),
        Event::Learned { .. }
        | Event::LearnedSummary { .. }
        | Event::Listing { .. }
        | Event::BoxView { .. }
        | Event::Stats(_)
        | Event::PicturesSet(_)
        | Event::BoxesAfterGame(_)
        | Event::PresetChanged(_)
        | Event::Trained(_)
        | Event::Experiments { .. }
        | Event::GameExperiment(_) => boxes::event(event, palette),
        Event::Learners(_)
        | Event::LearnerChosen { .. }
        | Event::LearnerLearned { .. }
        | Event::LearnerView { .. } => learners::event(event, palette),
        Event::Variants
        | Event::GameChosen { .. }
        | Event::OpponentSet { .. }
        | Event::AgainstSet { .. }
        | Event::TrainerSet(_)
        | Event::DepthCapped { .. }
        | Event::LessonSetUp(_)
        | Event::OwnStateBack { .. } => choices::event(event),
        Event::Saved { .. }
        | Event::Loaded { .. }
        | Event::CurveWritten(_)
        | Event::ChartWritten { .. }
        | Event::LabelsWritten { .. }
        | Event::PageWritten { .. } => files::event(event),
        Event::Ratings { .. }
        | Event::AheadRatings { .. }
        | Event::Weights { .. }
        | Event::CellWeight { .. }
        | Event::Solved { .. } => analysis::event(event, palette),
        Event::Lines {
            title,
            lines,
            cells,
            through,
        } => super::counts::lines(title, *lines, *cells, through.as_ref()),
        Event::Census { title, census } => super::counts::census(title, census),
        Event::AnalysisCensus { title, census } => super::counts::analysis_census(title, census),
        Event::BoxCount {
            title,
            side,
            counted,
        } => super::counts::box_count(title, *side, counted),
        Event::Fillings { title, counted } => super::counts::fillings(title, counted),
        Event::Kinds {
            title,
            opening,
            mover,
            groups,
        } => super::counts::kinds(title, opening.as_deref(), *mover, groups),
        Event::Help
        | Event::Glossary
        | Event::Explained(_)
        | Event::Refusal(_)
        | Event::Kept { .. }
        | Event::Question(_)
        | Event::Interrupted
        | Event::Goodbye { .. } => words::event(event, palette),
    }
}

/// A sentence filled to 79 columns as one paragraph, on its own line. Where it ends in
/// "fresh boxes", the two words are held together, so that neither is left alone.
fn filled_sentence(sentence: &str) -> String {
    let sentence = sentence.replacen(" fresh boxes", "\u{a0}fresh\u{a0}boxes", 1);
    format!(
        "{}\n",
        crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
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
