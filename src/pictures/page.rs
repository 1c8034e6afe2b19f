//! `export FILE.html`: every matchbox of MENACE on one self-contained page, each drawn
//! as a small board with its bead counts in the cells their moves fill, grouped by
//! MENACE's move, with the learning curve of the last training run. It is the picture a
//! class would project: no script, no network, no other file.

use crate::game::AnyGame;
use crate::game::view::Panel;
use crate::game::{BoardView, Player};
use crate::menace::learner::{BoxSummary, Learner};
use std::fmt::Write;

/// Text made safe for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
h1{margin-bottom:.2em}h2{margin-top:1.4em;border-bottom:1px solid #ccc}\
.boxes{display:flex;flex-wrap:wrap;gap:12px}\
figure.box{margin:0;padding:6px;border:1px solid #bbb;border-radius:4px;background:#faf7f0}\
figcaption{font-size:11px;text-align:center;color:#555}\
.panels{display:flex;gap:6px}\
table.board{border-collapse:collapse}\
table.board td{width:20px;height:20px;text-align:center;font-size:12px;border:1px solid #999}\
td.x{color:#c33;font-weight:bold}td.o{color:#36c;font-weight:bold}\
td.bead{color:#000;background:#fff3c4}td.none{color:#bbb}td.off{border:none}\
ul.beads{font-size:11px;margin:2px 0 0 0;padding-left:14px}\
.curve svg{max-width:100%;height:auto}";

/// The whole page, in memory (tests, and pages known to be small). `start` is the chosen
/// game at its start (to read box pictures back), `curve` the learning-curve SVG of the
/// last training run, if there was one.
pub fn boxes_page(
    start: &dyn AnyGame,
    learner: &dyn Learner,
    curve: Option<&str>,
    seed: u64,
) -> String {
    let mut page = Vec::new();
    // Writing to memory fails only as allocation does; going on always says yes.
    let _ = write_boxes_page(&mut page, start, learner, curve, seed, &mut |_| true);
    String::from_utf8_lossy(&page).into_owned()
}

/// Writes the page to `out` box by box, never holding it whole: a MENACE of hundreds of
/// thousands of boxes makes a page of gigabytes, and even the summaries of all its boxes
/// take as much as the page, so each box is fetched by its number as it is written. `going_on` is told the boxes written so
/// far, every 256 boxes; when it answers `false` (Ctrl-C) the writing stops with an error
/// of kind `Interrupted`.
pub fn write_boxes_page(
    out: &mut dyn std::io::Write,
    start: &dyn AnyGame,
    learner: &dyn Learner,
    curve: Option<&str>,
    seed: u64,
    going_on: &mut dyn FnMut(u64) -> bool,
) -> std::io::Result<()> {
    let count = learner.box_count();
    let record = learner.record();
    let title = format!("MENACE's boxes: {}", start.title());
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    )?;
    writeln!(
        out,
        "<p>MENACE plays {} under the {} preset; {} boxes, {} beads; it has learned from {} games ({} won, {} drawn, {} lost). Written by menace --seed {seed}. Each box shows its picture, with the number of beads for each move in the cell the move fills (a dash: no beads left).</p>",
        side_name(learner.side()),
        escape(&learner.preset().spec()),
        count,
        learner.all_beads(),
        record.games(),
        record.won,
        record.drawn,
        record.lost
    )?;
    if let Some(svg) = curve {
        writeln!(
            out,
            "<section class=\"curve\">\n<h2>Learning curve</h2>\n{}\n</section>",
            strip_xml_declaration(svg)
        )?;
    }
    // Each box's ply and number (16 bytes a box), in the order of the page: by ply, and
    // by number within a ply.
    let mut order: Vec<(usize, usize)> = (1..=count)
        .filter_map(|number| Some((learner.box_by_number(number)?.ply, number)))
        .collect();
    order.sort_unstable();
    let mut written = 0u64;
    for group in order.chunk_by(|a, b| a.0 == b.0) {
        writeln!(
            out,
            "<section class=\"move\">\n<h2>MENACE's {} move: {} {}</h2>\n<div class=\"boxes\">",
            crate::text::nth(group[0].0 / 2 + 1),
            group.len(),
            if group.len() == 1 { "box" } else { "boxes" }
        )?;
        for (_, number) in group {
            let Some(summary) = learner.box_by_number(*number) else {
                continue;
            };
            out.write_all(one_box(start, &summary).as_bytes())?;
            written += 1;
            if written.is_multiple_of(256) && !going_on(written) {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::Interrupted,
                    "stopped by Ctrl-C",
                ));
            }
        }
        out.write_all(b"</div>\n</section>\n")?;
    }
    out.write_all(b"</body>\n</html>\n")?;
    Ok(())
}

fn side_name(side: Player) -> &'static str {
    match side {
        Player::X => "X",
        Player::O => "O",
    }
}

/// An inline SVG needs no XML declaration of its own.
fn strip_xml_declaration(svg: &str) -> &str {
    match svg.strip_prefix("<?xml") {
        Some(rest) => rest
            .split_once("?>")
            .map_or(svg, |(_, body)| body.trim_start()),
        None => svg,
    }
}

/// One box: its board with bead counts, or its picture and a list of beads where the
/// moves do not each fill one cell (Morris slides, gravity's columns).
fn one_box(start: &dyn AnyGame, summary: &BoxSummary) -> String {
    let total: u64 = summary.beads.iter().map(|(_, n)| u64::from(*n)).sum();
    let mut html = format!(
        "<figure class=\"box\" id=\"box-{}\" data-picture=\"{}\">",
        summary.number,
        escape(&summary.picture)
    );
    let position = start.from_picture(&summary.picture).ok();
    let labels = position.as_deref().and_then(|p| bead_cells(p, summary));
    match (&position, &labels) {
        (Some(position), Some(labels)) => html.push_str(&board(&position.view(), labels)),
        (Some(position), None) => {
            html.push_str(&board(&position.view(), &[]));
            html.push_str("<ul class=\"beads\">");
            for (bead, count) in &summary.beads {
                let _ = write!(html, "<li>{}: {count}</li>", escape(bead));
            }
            html.push_str("</ul>");
        }
        (None, _) => {
            let _ = write!(html, "<code>{}</code>", escape(&summary.picture));
        }
    }
    let _ = writeln!(
        html,
        "<figcaption>box {} &#183; {} {}</figcaption></figure>",
        summary.number,
        total,
        if total == 1 { "bead" } else { "beads" }
    );
    html
}

/// The cell each bead's move fills, with its count; `None` unless every move fills
/// exactly one cell of its own.
pub(super) fn bead_cells(
    position: &dyn AnyGame,
    summary: &BoxSummary,
) -> Option<Vec<(usize, u32)>> {
    let before = position.view();
    let mut cells = Vec::new();
    for (bead, count) in &summary.beads {
        let mut after = position.boxed_clone();
        after.play_move(bead).ok()?;
        match after.view().changed_since(&before)[..] {
            [cell] if !cells.iter().any(|(seen, _)| *seen == cell) => cells.push((cell, *count)),
            _ => return None,
        }
    }
    Some(cells)
}

/// A board's panels side by side, as tables.
fn board(view: &BoardView, beads: &[(usize, u32)]) -> String {
    let mut html = String::from("<div class=\"panels\">");
    for panel in &view.panels {
        html.push_str(&table(panel, beads));
    }
    html.push_str("</div>");
    html
}

fn table(panel: &Panel, beads: &[(usize, u32)]) -> String {
    let mut html = String::from("<table class=\"board\">");
    for row in &panel.rows {
        html.push_str("<tr>");
        for cell in &row.cells {
            let (class, text) = match (cell.owner, beads.iter().find(|(id, _)| *id == cell.id)) {
                (Some(Player::X), _) => ("x", "X".to_string()),
                (Some(Player::O), _) => ("o", "O".to_string()),
                (None, Some((_, 0))) => ("none", "-".to_string()),
                (None, Some((_, count))) => ("bead", count.to_string()),
                (None, None) if !cell.in_play => ("off", String::new()),
                (None, None) => ("empty", String::new()),
            };
            let _ = write!(html, "<td class=\"{class}\">{text}</td>");
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menace::Preset;
    use rand::SeedableRng;

    fn cells(figure: roxmltree::Node) -> Vec<String> {
        figure
            .descendants()
            .filter(|node| node.has_tag_name("td"))
            .map(|cell| cell.text().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn every_classic_box_is_a_board_with_its_beads() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let learner = crate::menace::classic::new_learner(Player::X, Preset::michie(), 0, &mut rng);
        let start = crate::registry::start(&["classic"]).unwrap();
        let html = boxes_page(
            start.as_ref(),
            learner.as_ref(),
            Some("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>curve</text></svg>"),
            5,
        );
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        let document =
            roxmltree::Document::parse_with_options(&html, options).expect("well-formed page");
        let figures: Vec<_> = document
            .descendants()
            .filter(|node| node.has_tag_name("figure"))
            .collect();
        assert_eq!(figures.len(), 304);
        let headings: Vec<_> = document
            .descendants()
            .filter(|node| node.has_tag_name("h2"))
            .filter_map(|node| node.text())
            .collect();
        assert_eq!(
            headings,
            [
                "Learning curve",
                "MENACE's 1st move: 1 box",
                "MENACE's 2nd move: 12 boxes",
                "MENACE's 3rd move: 108 boxes",
                "MENACE's 4th move: 183 boxes"
            ]
        );
        assert!(figures.iter().all(|figure| cells(*figure).len() == 9));
        // Each figure shows its box's beads, cell by cell, as the learner holds them.
        for summary in learner.boxes() {
            let figure = figures
                .iter()
                .find(|figure| figure.attribute("data-picture") == Some(summary.picture.as_str()))
                .unwrap();
            let shown = cells(*figure);
            let position = start.from_picture(&summary.picture).unwrap();
            for (bead, count) in &summary.beads {
                let mut after = position.boxed_clone();
                after.play_move(bead).unwrap();
                let [cell] = after.view().changed_since(&position.view())[..] else {
                    panic!("one cell per bead");
                };
                let expected = if *count == 0 {
                    "-".to_string()
                } else {
                    count.to_string()
                };
                assert_eq!(shown[cell], expected, "box {}", summary.picture);
            }
        }
        // Michie's first box: 4 beads for each of the 9 cells.
        assert_eq!(cells(figures[0]), vec!["4"; 9]);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }
}
