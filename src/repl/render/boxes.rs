//! MENACE's boxes and what it learned: the beads each game moved, the listings and
//! one box drawn, stats, presets, training runs and experiments.

use super::Palette;
use crate::app::Event;
use crate::repl::help::game_experiment;
use crate::repl::text::{box_view, learned, listing, stats, training};

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::PicturesSet(true) => {
            "Each MENACE move is drawn as its box beside the board (pictures off: words only).\n"
                .into()
        }
        Event::PicturesSet(false) => {
            "MENACE's moves are told in words only (pictures on draws the box too).\n".into()
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
        } => crate::repl::text::learned_summary(
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
        Event::Stats(view) => stats(view),
        Event::PresetChanged(preset) => {
            format!("Fresh boxes.\n{}\n", preset.describe())
        }
        Event::Trained(report) => training(report),
        Event::Experiments { runs, seeds } => crate::repl::text::experiments(runs, *seeds),
        Event::GameExperiment(experiment) => game_experiment(experiment, None),
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
        other => unreachable!("{other:?} is drawn by another group"),
    }
}
