//! Several learners' training runs on one chart (`plot FILE.svg` after runs of different
//! learners against the same opponent, in the same game and side, of as many games):
//! for each learner the share of each window's games it did not lose, the one line
//! every learner can be compared by (against perfect play a draw is the best there is;
//! against a weaker opponent wins count too, and the table beside says how many).

use crate::play::TrainingReport;
use plotters::prelude::*;

/// One colour per learner, in the order the runs are given.
const COLOURS: [RGBColor; 4] = [
    RGBColor(0x88, 0x55, 0x11),
    RGBColor(0x1b, 0x9e, 0x3e),
    RGBColor(0x44, 0x66, 0xcc),
    RGBColor(0xcc, 0x33, 0x22),
];

/// The chart of `runs` as SVG text, each run's learner named in the legend. `Err` only
/// if plotters fails to draw.
pub fn learning_curves(runs: &[&TrainingReport], title: &str) -> Result<String, String> {
    let mut svg = String::new();
    draw(runs, title, &mut svg).map_err(|error| error.to_string())?;
    Ok(svg)
}

/// The name a chart gives a learner: MENACE in capitals, the others as typed.
pub fn shown_name(learner: &str) -> &str {
    if learner == crate::learners::MENACE.name {
        "MENACE"
    } else {
        learner
    }
}

fn draw(
    runs: &[&TrainingReport],
    title: &str,
    svg: &mut String,
) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::with_string(svg, (super::chart::WIDTH, super::chart::HEIGHT))
        .into_drawing_area();
    root.fill(&WHITE)?;
    let last = runs
        .iter()
        .filter_map(|run| run.curve.last().map(|point| point.games))
        .max()
        .unwrap_or(1)
        .max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(54)
        .build_cartesian_2d(0u64..last, 0f64..100f64)?;
    chart
        .configure_mesh()
        .x_desc("games played")
        .y_desc("share of each window's games not lost")
        .y_label_formatter(&|share| format!("{share:.0}%"))
        .draw()?;
    for (run, colour) in runs.iter().zip(COLOURS.iter().cycle()) {
        let colour = *colour;
        chart
            .draw_series(LineSeries::new(
                run.curve.iter().map(|point| {
                    let not_lost = point.won + point.drawn;
                    (
                        point.games,
                        100.0 * not_lost as f64 / point.window_games().max(1) as f64,
                    )
                }),
                colour.stroke_width(2),
            ))?
            .label(format!("{}: won or drawn", shown_name(run.learner)))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::CurvePoint;

    fn run(learner: &'static str, drawn: u64) -> TrainingReport {
        let curve = (1..=10)
            .map(|window| CurvePoint {
                games: window * 100,
                won: 0,
                drawn,
                lost: 100 - drawn,
                first_box: 0,
            })
            .collect();
        TrainingReport {
            learner,
            opponent: crate::players::Choice::bare(&crate::players::perfect::ROW),
            asked: 1000,
            overall: crate::menace::Record::default(),
            last_tenth: crate::menace::Record::default(),
            curve,
            refused_after: None,
            first_box_number: None,
            stopped: false,
            greedy: None,
        }
    }

    #[test]
    fn each_learner_has_its_line_and_its_name_in_the_legend() {
        let (menace, td) = (run("menace", 90), run("td", 30));
        let svg = learning_curves(&[&menace, &td], "against perfect").unwrap();
        let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let texts: Vec<&str> = document
            .descendants()
            .filter_map(|node| node.text())
            .collect();
        for name in [
            "MENACE: won or drawn",
            "td: won or drawn",
            "against perfect",
        ] {
            assert!(
                texts.iter().any(|text| text.contains(name)),
                "{name}: {texts:?}"
            );
        }
        let lines = document
            .descendants()
            .filter(|node| node.has_tag_name("polyline"))
            .count();
        assert!(lines >= 2, "{lines} polylines");
    }
}
