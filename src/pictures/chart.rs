//! The learning curve of a training run as an SVG chart (`train ... plot FILE.svg`,
//! `plot FILE.svg`): on top, the share of each window's games MENACE won, drew and lost;
//! below, the beads in its first box, the graph the best-known web MENACE draws. Drawn
//! with `plotters` and its SVG backend, so the file is a real chart a browser or an
//! editor opens, not hand-written markup.

use crate::play::TrainingReport;
use plotters::prelude::*;

/// The chart's size in pixels.
pub const WIDTH: u32 = 800;
pub const HEIGHT: u32 = 560;

/// Which count of a window a line follows.
type Count = fn(&crate::play::CurvePoint) -> u64;

/// The colours of the three results and of the bead line.
const WON: RGBColor = RGBColor(0x1b, 0x9e, 0x3e);
const DRAWN: RGBColor = RGBColor(0x44, 0x66, 0xcc);
const LOST: RGBColor = RGBColor(0xcc, 0x33, 0x22);
const BEADS: RGBColor = RGBColor(0x88, 0x55, 0x11);

/// The chart of `report` as SVG text. `Err` only if plotters fails to draw, which it
/// does not do on a string; the message is for the one sentence the console shows.
pub fn learning_curve(report: &TrainingReport, title: &str) -> Result<String, String> {
    let mut svg = String::new();
    draw(report, title, &mut svg).map_err(|error| error.to_string())?;
    Ok(svg)
}

fn draw(
    report: &TrainingReport,
    title: &str,
    svg: &mut String,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(HEIGHT * 3 / 5);
    let last = report.curve.last().map_or(1, |point| point.games).max(1);
    let window = report
        .curve
        .first()
        .map_or(1, |point| point.window_games().max(1));
    let percent = |part: u64, whole: u64| 100.0 * part as f64 / whole.max(1) as f64;
    let window = if window == 1 {
        "game".to_string()
    } else {
        format!("{window} games")
    };

    let mut results = ChartBuilder::on(&top)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(54)
        .build_cartesian_2d(0u64..last, 0f64..100f64)?;
    results
        .configure_mesh()
        .x_desc("games played")
        .y_desc(format!("share of each {window}"))
        .y_label_formatter(&|share| format!("{share:.0}%"))
        .draw()?;
    let menace = report.learner == crate::learners::MENACE.name;
    let name = if menace { "MENACE" } else { report.learner };
    let (_, entries) = crate::learners::row_or_menace(report.learner).entries;
    let valued = format!("{entries} valued");
    let (won, lost) = (format!("{name} won"), format!("{name} lost"));
    let series: [(&str, RGBColor, Count); 3] = [
        (&won, WON, |point| point.won),
        ("drawn", DRAWN, |point| point.drawn),
        (&lost, LOST, |point| point.lost),
    ];
    for (label, colour, count) in series {
        results
            .draw_series(LineSeries::new(
                report
                    .curve
                    .iter()
                    .map(|point| (point.games, percent(count(point), point.window_games()))),
                colour.stroke_width(2),
            ))?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
    }
    results
        .configure_series_labels()
        // At the right end the lines sit near 0% or 100%: the middle is free.
        .position(SeriesLabelPosition::MiddleRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;

    let most_beads = report
        .curve
        .iter()
        .map(|point| point.first_box)
        .max()
        .unwrap_or(0)
        .max(1);
    let mut beads = ChartBuilder::on(&bottom)
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(54)
        .build_cartesian_2d(0u64..last, 0u64..most_beads + most_beads / 10 + 1)?;
    beads
        .configure_mesh()
        .x_desc("games played")
        .y_desc(if menace {
            "beads in the first box"
        } else {
            valued.as_str()
        })
        .draw()?;
    beads
        .draw_series(LineSeries::new(
            report
                .curve
                .iter()
                .map(|point| (point.games, point.first_box)),
            BEADS.stroke_width(2),
        ))?
        .label(if menace {
            "beads in MENACE's first box".to_string()
        } else {
            format!("{entries} {name} has valued")
        })
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BEADS.stroke_width(2)));
    beads
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menace::Record;
    use crate::play::CurvePoint;
    use crate::players::Choice;

    fn report() -> TrainingReport {
        let curve = (1..=20)
            .map(|window| CurvePoint {
                games: window * 50,
                won: 50 - window * 2,
                drawn: window * 2,
                lost: 0,
                first_box: 9 + window,
            })
            .collect();
        TrainingReport {
            learner: "menace",
            opponent: Choice::bare(&crate::players::perfect::ROW),
            asked: 1000,
            overall: Record::default(),
            last_tenth: Record::default(),
            curve,
            refused_after: None,
            first_box_number: None,
            stopped: false,
            greedy: None,
        }
    }

    #[test]
    fn the_chart_is_an_svg_with_three_result_lines_and_the_bead_line() {
        let svg = learning_curve(&report(), "MENACE against perfect: 1000 games").unwrap();
        let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let root = document.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(root.attribute("width"), Some("800"));
        // One polyline per series, each through all 20 windows.
        let lines: Vec<_> = document
            .descendants()
            .filter(|node| node.has_tag_name("polyline"))
            .filter(|node| {
                node.attribute("points")
                    .is_some_and(|p| p.split(' ').count() >= 20)
            })
            .collect();
        assert_eq!(lines.len(), 4, "{svg}");
        let strokes: Vec<&str> = lines
            .iter()
            .filter_map(|line| line.attribute("stroke"))
            .collect();
        for colour in ["#1B9E3E", "#4466CC", "#CC3322", "#885511"] {
            assert!(strokes.contains(&colour), "{colour} in {strokes:?}");
        }
        let texts: Vec<String> = document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .filter_map(|node| node.text().map(|text| text.trim().to_string()))
            .collect();
        for label in [
            "MENACE against perfect: 1000 games",
            "games played",
            "share of each 50 games",
            "beads in the first box",
            "MENACE won",
            "drawn",
            "MENACE lost",
            "beads in MENACE's first box",
            "100%",
        ] {
            assert!(
                texts.iter().any(|text| text == label),
                "{label} in {texts:?}"
            );
        }
    }
}
