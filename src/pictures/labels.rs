//! `export labels FILE.html`: a printable sheet of matchbox fronts, for a class building
//! a MENACE of real matchboxes. One label (35 x 15 mm) a box, numbered as `box N`
//! numbers it, with its position drawn small and a coloured dot in each empty cell: the
//! colour of the beads that stand for that cell, as the key at the top of every sheet
//! says. Optionally each dot carries the number of beads the preset starts the box with.
//!
//! The labels sit on sheets of a fixed size that fits the printable area of both A4 and
//! US Letter with 10 mm margins, each sheet a page of its own, so no label is ever cut
//! by a page break whichever paper the printer has.

use super::page::{bead_cells, escape};
use crate::game::{AnyGame, Player};
use crate::menace::Preset;
use crate::menace::learner::{BoxSummary, Learner};
use crate::menace::preset::StartBeads;
use std::fmt::Write;

/// The bead colours, one a cell, in the order of the cells: distinct when printed and
/// named so that a class can buy them. Boards of more cells get no labels.
pub const COLOURS: [(&str, &str); 16] = [
    ("red", "#d62728"),
    ("orange", "#ff7f0e"),
    ("yellow", "#f2d600"),
    ("green", "#2ca02c"),
    ("blue", "#1f77b4"),
    ("purple", "#8e44ad"),
    ("pink", "#f78fb3"),
    ("brown", "#8c564b"),
    ("black", "#222222"),
    ("white", "#ffffff"),
    ("grey", "#9a9a9a"),
    ("cyan", "#17becf"),
    ("lime", "#b5e61d"),
    ("navy", "#1a237e"),
    ("gold", "#c9a227"),
    ("maroon", "#7b1e1e"),
];

/// Labels a sheet holds: 5 across and 12 down, 35 x 15 mm with 3 mm between them.
pub const PER_SHEET: usize = 60;

const STYLE: &str = "@page{margin:10mm}\
body{margin:0;font-family:sans-serif;color:#111}\
.sheet{width:187mm;height:250mm;overflow:hidden;break-after:page;page-break-after:always}\
.sheet:last-child{break-after:auto;page-break-after:auto}\
.head{height:16mm;font-size:3mm;line-height:4mm}\
.key span.dot{margin-left:2mm}\
.labels{display:grid;grid-template-columns:repeat(5,35mm);grid-auto-rows:15mm;gap:3mm}\
.label{box-sizing:border-box;width:35mm;height:15mm;border:.3mm dashed #777;display:flex;\
align-items:center;justify-content:space-between;padding:0 1.5mm;break-inside:avoid}\
.number{font-size:5mm;font-weight:bold}.move{font-size:2.4mm;color:#444}\
table.b{border-collapse:collapse}table.b td{width:3mm;height:3mm;padding:0;border:.2mm solid #555;\
text-align:center;vertical-align:middle;font-size:2.2mm;font-weight:bold}\
span.dot{display:inline-block;width:2.6mm;height:2.6mm;border-radius:50%;border:.2mm solid #333;\
font-size:1.8mm;line-height:2.6mm;text-align:center;vertical-align:middle;color:#000}";

/// Why a MENACE cannot be printed as labels, if it cannot.
pub fn refusal(start: &dyn AnyGame) -> Option<String> {
    let cells = start.view().cells().count();
    (cells > COLOURS.len()).then(|| {
        format!(
            "labels are for boards of at most {} cells, one bead colour a cell; {} has {cells}",
            COLOURS.len(),
            start.title()
        )
    })
}

/// The page of labels for every box of `learner`, in box order, or why not. With
/// `counts`, each dot shows how many beads of its colour the preset starts the box with.
pub fn labels_page(
    start: &dyn AnyGame,
    learner: &dyn Learner,
    counts: bool,
) -> Result<String, String> {
    if let Some(why) = refusal(start) {
        return Err(why);
    }
    let boxes = learner.boxes();
    if boxes.is_empty() {
        return Err("MENACE has no boxes yet: play or train first, and its boxes are made as it meets positions".into());
    }
    let preset = learner.preset();
    let mut labels = Vec::with_capacity(boxes.len());
    for summary in &boxes {
        labels.push(label(start, summary, counts.then_some(preset))?);
    }
    let title = format!(
        "MENACE's matchboxes: {}, playing {}",
        start.title(),
        if learner.side() == Player::X {
            "X"
        } else {
            "O"
        }
    );
    let sheets = labels.len().div_ceil(PER_SHEET);
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&title)
    );
    let key = key(start);
    let note = match (counts, preset.start) {
        (false, _) => String::new(),
        (true, StartBeads::PerMove(_)) => format!(
            " The number in a dot: the beads of that colour to start with ({} preset).",
            escape(&preset.spec())
        ),
        (true, StartBeads::RandomColours) => format!(
            " The {} preset starts each box with random colours: no counts printed.",
            escape(&preset.spec())
        ),
    };
    for (index, chunk) in labels.chunks(PER_SHEET).enumerate() {
        let _ = write!(
            html,
            "<div class=\"sheet\">\n<div class=\"head\"><b>{}</b> &#183; sheet {} of {sheets} &#183; {} boxes. Cut along the dashes; glue a label on each box.{note}<div class=\"key\">Bead colours:{key}</div></div>\n<div class=\"labels\">\n",
            escape(&title),
            index + 1,
            boxes.len()
        );
        for one in chunk {
            html.push_str(one);
        }
        html.push_str("</div>\n</div>\n");
    }
    html.push_str("</body>\n</html>\n");
    Ok(html)
}

/// The key: each cell's name and its colour, drawn on the empty board.
fn key(start: &dyn AnyGame) -> String {
    let mut key = String::new();
    let empty = start.restart();
    let before = empty.view();
    for name in empty.legal_move_names() {
        let mut after = empty.boxed_clone();
        if after.play_move(&name).is_err() {
            continue;
        }
        if let [cell] = after.view().changed_since(&before)[..] {
            let (colour, hex) = COLOURS[cell % COLOURS.len()];
            let _ = write!(
                key,
                "<span class=\"dot\" style=\"background:{hex}\"></span> {} {colour}",
                escape(&name)
            );
        }
    }
    key
}

/// One label: the box's number and move, and its position with a dot a bead colour.
fn label(
    start: &dyn AnyGame,
    summary: &BoxSummary,
    preset: Option<Preset>,
) -> Result<String, String> {
    let position = start
        .from_picture(&summary.picture)
        .map_err(|why| format!("box {} cannot be drawn: {why}", summary.number))?;
    let beads = bead_cells(position.as_ref(), summary).ok_or_else(|| {
        format!(
            "labels need each bead to stand for one cell, and {}'s moves do not",
            start.title()
        )
    })?;
    let start_count = preset.and_then(|preset| match preset.start {
        StartBeads::PerMove(per_move) => Some(per_move[(summary.ply / 2).min(3)]),
        StartBeads::RandomColours => None,
    });
    let mut html = format!(
        "<div class=\"label\" id=\"box-{n}\"><div><div class=\"number\">{n}</div><div class=\"move\">move {}</div></div>",
        summary.ply / 2 + 1,
        n = summary.number
    );
    for panel in &position.view().panels {
        html.push_str("<table class=\"b\">");
        for row in &panel.rows {
            html.push_str("<tr>");
            for cell in &row.cells {
                let inside = match (cell.owner, beads.iter().any(|(id, _)| *id == cell.id)) {
                    (Some(Player::X), _) => "X".to_string(),
                    (Some(Player::O), _) => "O".to_string(),
                    (None, true) => {
                        let (_, hex) = COLOURS[cell.id % COLOURS.len()];
                        let number = start_count.map(|n| n.to_string()).unwrap_or_default();
                        format!("<span class=\"dot\" style=\"background:{hex}\">{number}</span>")
                    }
                    (None, false) => String::new(),
                };
                let _ = write!(html, "<td>{inside}</td>");
            }
            html.push_str("</tr>");
        }
        html.push_str("</table>");
    }
    html.push_str("</div>\n");
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn classic(side: Player) -> (Box<dyn AnyGame>, Box<dyn Learner>) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let start = crate::registry::start(&["classic"]).unwrap();
        let learner =
            crate::registry::new_learner(start.as_ref(), side, Preset::michie(), 1000, &mut rng)
                .unwrap();
        (start, learner)
    }

    #[test]
    fn every_box_gets_one_numbered_label_with_a_dot_per_empty_cell() {
        for (side, boxes) in [(Player::X, 304), (Player::O, 289)] {
            let (start, learner) = classic(side);
            let html = labels_page(start.as_ref(), learner.as_ref(), true).unwrap();
            assert_eq!(html.matches("class=\"label\"").count(), boxes);
            assert_eq!(
                html.matches("class=\"sheet\"").count(),
                boxes.div_ceil(PER_SHEET)
            );
            for summary in learner.boxes() {
                let id = format!("id=\"box-{}\"", summary.number);
                let start_at = html.find(&id).expect("a label for every box");
                let label = &html[start_at..start_at + html[start_at..].find("</div>\n").unwrap()];
                // One dot for each legal cell, showing michie's count for that move.
                let count = [4, 3, 2, 1][(summary.ply / 2).min(3)];
                assert_eq!(
                    label.matches("class=\"dot\"").count(),
                    summary.beads.len(),
                    "box {}",
                    summary.number
                );
                assert_eq!(
                    label.matches(&format!(">{count}</span>")).count(),
                    summary.beads.len()
                );
            }
        }
    }

    #[test]
    fn without_counts_the_dots_are_bare_and_big_boards_are_refused() {
        let (start, learner) = classic(Player::X);
        let html = labels_page(start.as_ref(), learner.as_ref(), false).unwrap();
        assert!(!html.contains(">4</span>") && html.contains("\"></span></td>"));
        let qubic = crate::registry::start(&["qubic"]).unwrap();
        let why = refusal(qubic.as_ref()).unwrap();
        assert!(why.contains("16 cells") && why.contains("64"), "{why}");
    }
}
