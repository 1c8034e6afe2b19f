//! MENACE in words: its moves, what it learned, its boxes and its statistics, and the
//! tables of training runs and experiments.

use super::board;
use super::render::{Palette, Role, capitalised, plural};
use crate::game::{BoardView, Player, TicTacToe};
use crate::menace::learner::{BeadChange, BoxSummary, MenaceMove};
use crate::menace::{GameResult, Preset};
use std::fmt::Write;

mod runs;
pub use runs::{experiments, stats, training};

/// "1st", "2nd" ... for MENACE's move at a ply (it moves every other ply).
/// Wraps `text` at spaces only, so a word the learner types (`diagonal-lines`,
/// `quit-lesson`) is never split at its hyphen across two lines.
///
/// A paragraph that would end on one word alone ("... type lesson and its / number.")
/// is filled a little narrower, up to a sixth of the width, until its last line holds
/// two words or more: a lone last word reads as if something were missing.
pub fn fill(text: &str, width: usize) -> String {
    text.split('\n')
        .map(|line| fill_line(line, width))
        .collect::<Vec<_>>()
        .join("\n")
}

/// [`fill`] for one line of input.
fn fill_line(line: &str, width: usize) -> String {
    let filled = textwrap::fill(line, words(width));
    let lone_last = |filled: &str| {
        let mut lines = filled.lines().rev();
        let last_words = lines
            .next()
            .map_or(0, |last| last.split_whitespace().count());
        last_words == 1
            && lines
                .next()
                .is_some_and(|before| before.split_whitespace().count() > 2)
    };
    if !lone_last(&filled) {
        return filled;
    }
    let lines = filled.lines().count();
    (width.saturating_sub(width / 6).max(1)..width)
        .rev()
        .map(|narrower| textwrap::fill(line, words(narrower)))
        .find(|narrower| !lone_last(narrower) && narrower.lines().count() == lines)
        .unwrap_or(filled)
}

/// Wrapping options that break lines at spaces only (see [`fill`]).
pub fn words(width: usize) -> textwrap::Options<'static> {
    textwrap::Options::new(width).word_splitter(textwrap::WordSplitter::NoHyphenation)
}

/// The move number of a ply, as `1st`, `2nd` ...
pub fn ordinal(ply: usize) -> String {
    crate::text::nth(ply / 2 + 1)
}

/// MENACE's turn explained: which box, how the board relates to its picture, the bead.
pub fn menace_moved(side: Player, turn: &MenaceMove, placed: bool, nth: usize) -> String {
    match turn {
        MenaceMove::Drew {
            picture,
            relation,
            bead,
            play,
            beads_before,
            refilled,
            ..
        } => {
            let picture = named_box(picture);
            let mut text = String::new();
            if *refilled {
                let _ = writeln!(
                    text,
                    "{} is empty, so MENACE first puts {} random legal beads into it.",
                    capitalised(&picture),
                    crate::menace::learn::REFILL_BEADS
                );
            }
            let effect = if placed {
                format!("puts {side} at {play}")
            } else {
                format!("plays {play}")
            };
            let sentence = format!(
                "MENACE uses {picture} {relation}; bead {bead} of {beads_before} {effect}."
            );
            let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
            text
        }
        MenaceMove::Forced { play } => {
            let why = if placed { "is empty" } else { "is legal" };
            format!(
                "Only {play} {why}: MENACE's {} move is forced (no box).\n",
                crate::text::nth_word(nth)
            )
        }
        MenaceMove::Resigned { picture, .. } => {
            // Filled as a paragraph, "gives up." held together at its end.
            let sentence = format!(
                "{} is empty: with the resign rule, MENACE gives\u{a0}up.",
                capitalised(&named_box(picture))
            );
            format!(
                "{}\n",
                crate::repl::text::fill(&sentence, 79).replace('\u{a0}', " ")
            )
        }
    }
}

/// A box as a sentence names it: by its picture, or, for a picture too long to read
/// in a sentence (strategic's 729 cells), as the box of this position (`box` draws it).
fn named_box(picture: &str) -> String {
    if picture.chars().count() > 60 {
        "the box of this position (box draws it)".to_string()
    } else {
        format!("box {picture}")
    }
}

/// What a game taught MENACE: the reward, and each drawn bead's colour before and after.
pub fn learned(result: GameResult, changes: &[BeadChange], preset: Preset) -> String {
    let reward = preset.rewards.for_result(result);
    let fate = match reward {
        r if r > 0 => format!(
            "goes back with {} of its colour ({r:+})",
            plural(r as u64, "more", "more")
        ),
        0 => "goes back (+0)".to_string(),
        -1 => "stays out (-1)".to_string(),
        r => format!(
            "stays out and {} of its colour come out too ({r})",
            plural((-r - 1) as u64, "more", "more")
        ),
    };
    let why = result_words(result);
    if changes.is_empty() {
        return format!("{why}; it drew no beads this game, so no box changes.\n");
    }
    let mut text = format!("{why}, so each bead it drew {fate}:\n");
    for change in changes {
        let _ = writeln!(
            text,
            "  box {}  {}: {} -> {}",
            change.picture,
            change.bead,
            u64::from(change.before) + 1,
            change.after
        );
    }
    text
}

/// A game's result from MENACE's side, to open a sentence.
fn result_words(result: GameResult) -> &'static str {
    match result {
        GameResult::Won => "MENACE won",
        GameResult::Drew => "A draw",
        GameResult::Lost => "MENACE lost",
    }
}

/// The end of a big game's learning in a few lines: what the result does to each bead,
/// how many boxes and beads that touched, and the biggest changes by box number (a box's
/// picture is too big to print here; `box N` shows it).
pub fn learned_summary(
    result: GameResult,
    preset: Preset,
    (boxes_drawn, boxes_made, beads_moved): (usize, usize, u64),
    biggest: &[BeadChange],
) -> String {
    let why = result_words(result);
    if boxes_drawn == 0 {
        return format!("{why}; it drew no beads this game, so no box changes.\n");
    }
    let reward = preset.rewards.for_result(result);
    let mut text = fill(
        &format!(
            "{why} ({reward:+} for each bead drawn): it drew from {} ({} made this game), {} moved in all.",
            plural(boxes_drawn as u64, "box", "boxes"),
            boxes_made,
            plural(beads_moved, "bead", "beads"),
        ),
        80,
    );
    text.push('\n');
    if !biggest.is_empty() {
        text.push_str("The biggest changes:\n");
        for change in biggest {
            let _ = writeln!(
                text,
                "  box {}, bead {}: {} -> {}",
                change.box_number,
                change.bead,
                u64::from(change.before) + 1,
                change.after
            );
        }
    }
    text.push_str("Every box: type boxes; one box: box N.\n");
    text
}

/// One box on one line: its picture, then `MOVE:COUNT` per legal move.
fn box_line(summary: &BoxSummary) -> String {
    let counts: Vec<String> = summary
        .beads
        .iter()
        .map(|(bead, count)| format!("{bead}:{count}"))
        .collect();
    format!("{} {}", summary.picture, counts.join(" "))
}

/// The boxes (or one ply's), one line each, grouped by MENACE's move.
pub fn listing(
    title: &str,
    side: Player,
    boxes: &[BoxSummary],
    ply: Option<usize>,
    total: usize,
    limit: Option<usize>,
) -> String {
    let mut text = String::new();
    if let Some(limit) = limit {
        let sentence = format!(
            "MENACE for {title} as {side}: {} made as positions were met (at most {}).",
            plural(total as u64, "box", "boxes"),
            super::render::grouped(limit as u64)
        );
        let _ = writeln!(text, "{}", crate::repl::text::fill(&sentence, 79));
    }
    let mut plies: Vec<usize> = boxes.iter().map(|summary| summary.ply).collect();
    plies.sort_unstable();
    plies.dedup();
    for box_ply in plies {
        if ply.is_some_and(|wanted| wanted != box_ply) {
            continue;
        }
        let group: Vec<&BoxSummary> = boxes
            .iter()
            .filter(|summary| summary.ply == box_ply)
            .collect();
        let _ = writeln!(
            text,
            "-- MENACE's {} move (ply {box_ply}): {} --",
            ordinal(box_ply),
            plural(group.len() as u64, "box", "boxes")
        );
        // Each box with its number, which `box N` takes.
        let wrap = crate::repl::text::words(79).subsequent_indent("        ");
        for (at, summary) in group.into_iter().enumerate() {
            // A big MENACE's listing takes seconds to write: Ctrl-C stops that too.
            if at % 1024 == 1023 && crate::stop::requested() {
                return super::render::interrupted();
            }
            let line = format!("{:>3}. {}", summary.number, box_line(summary));
            let _ = writeln!(text, "{}", textwrap::fill(&line, &wrap));
        }
    }
    text
}

/// One box drawn: the picture with bead counts in the cells their moves fill (or listed),
/// and how a position asked about relates to it.
pub fn box_view(
    summary: &BoxSummary,
    of: usize,
    side: Player,
    view: &BoardView,
    labels: Option<&[(usize, String)]>,
    asked: Option<&crate::app::Asked>,
    palette: Palette,
) -> String {
    let total: u64 = summary.beads.iter().map(|(_, n)| u64::from(*n)).sum();
    let mut text = format!(
        "Box {} of {of}: {} (MENACE's {} move, {})\n",
        summary.number,
        palette.paint(&summary.picture, Role::Heading),
        ordinal(summary.ply),
        plural(total, "bead", "beads")
    );
    match labels {
        Some(labels) => text.push_str(&board::draw(view, &[], labels, palette)),
        None => {
            text.push_str(&board::draw(view, &[], &[], palette));
            let counts = format!(
                "beads: {}",
                box_line(summary)
                    .split_once(' ')
                    .map_or("", |(_, counts)| counts)
            );
            let wrap = crate::repl::text::words(79).subsequent_indent("       ");
            let _ = writeln!(text, "{}", textwrap::fill(&counts, wrap));
        }
    }
    if let Some(crate::app::Asked {
        position,
        relation,
        example,
    }) = asked
    {
        if relation == "as drawn" {
            let _ = writeln!(text, "{position} is this box's picture as drawn.");
        } else {
            match example {
                Some((bead, real)) => {
                    let effect = if labels.is_some() {
                        format!("puts {side} at {real}")
                    } else {
                        format!("plays {real}")
                    };
                    let _ = writeln!(
                        text,
                        "{position} is this box {relation}: bead {bead} {effect} there."
                    );
                }
                None => {
                    let _ = writeln!(text, "{position} is this box {relation}.");
                }
            }
        }
    }
    text
}

/// Minimax's score of every move on the classic board, drawn in the cells.
pub fn minimax_scores(
    board: &TicTacToe,
    scores: &[(crate::game::Square, i32)],
    palette: Palette,
) -> String {
    use crate::game::Game;
    let mover = board.to_move();
    let labels: Vec<(usize, String)> = scores
        .iter()
        .map(|(square, score)| (square.index(), format!("{score:+}")))
        .collect();
    let mut text = format!(
        "Minimax for {mover} on {}: +10 a win, 0 a draw, -10 a loss.\n",
        board.picture()
    );
    text.push_str(&board::draw(&board.view(), &[], &labels, palette));
    if let Some(best) = scores.iter().map(|(_, score)| *score).max() {
        let first = scores.iter().find(|(_, score)| *score == best);
        let verdict = match best {
            b if b > 0 => format!("{mover} wins"),
            0 => "a draw".to_string(),
            _ => format!("{mover} loses"),
        };
        let _ = writeln!(
            text,
            "With perfect play on both sides: {verdict}. Minimax plays {} (the first best move).",
            first.map_or(String::new(), |(square, _)| square.name())
        );
    }
    text
}

/// A game's title as a sentence shows it: the rule typed `misere` is written misère.
pub fn title_shown(title: &str) -> String {
    title
        .split(' ')
        .map(|word| if word == "misere" { "misère" } else { word })
        .collect::<Vec<_>>()
        .join(" ")
}
