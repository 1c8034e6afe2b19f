//! Draws the gomoku bot article's weights: a heat map of every empty cell, and the attacks
//! behind one cell's weight.

use super::board;
use super::render::Palette;
use crate::ai::gomoku::attack::{Attack, CellWeight, DIRECTION_NAMES};
use crate::game::BoardView;
use std::fmt::Write;

/// How many of the heaviest cells are listed under the map.
const LISTED: usize = 5;

/// The heat map: each empty cell's weight as a digit from 1 (light) to 9 (the
/// heaviest), `.` for the lightest, then the heaviest cells by name.
pub fn heat_map(
    view: &BoardView,
    weights: &[(usize, String, f64)],
    mover: &str,
    palette: Palette,
) -> String {
    // Most cells are far from every stone and weigh alike: the median is the
    // background, drawn `.`, and the digits spread what rises above it.
    let mut sorted_weights: Vec<f64> = weights.iter().map(|(_, _, w)| *w).collect();
    sorted_weights.sort_by(f64::total_cmp);
    let base = sorted_weights
        .get(sorted_weights.len() / 2)
        .copied()
        .unwrap_or(0.0);
    let max = sorted_weights.last().copied().unwrap_or(0.0);
    let level = |weight: f64| {
        if max <= base || weight <= base {
            0
        } else {
            ((weight - base) / (max - base) * 8.0).round() as u32 + 1
        }
    };
    let labels: Vec<(usize, String)> = weights
        .iter()
        .map(|(cell, _, weight)| {
            let digit = level(*weight);
            let mark = if digit == 0 {
                ".".to_string()
            } else {
                digit.to_string()
            };
            (*cell, mark)
        })
        .collect();
    let mut text = format!(
        "The attack bot's weights, {mover} to move: 9 heaviest, 1 barely above most, . no more than most cells.\n"
    );
    text.push_str(&board::draw(view, &[], &labels, palette));
    // Heaviest first and, among equals, nearest the centre, as the bot chooses.
    let size = view
        .panels
        .first()
        .map_or(1, |panel| panel.columns.len().max(1)) as f64;
    let from_centre = |cell: usize| {
        let centre = (size - 1.0) / 2.0;
        let (x, y) = ((cell as f64) % size, (cell as f64 / size).floor());
        (x - centre).abs().max((y - centre).abs())
    };
    let mut sorted: Vec<&(usize, String, f64)> = weights.iter().collect();
    sorted.sort_by(|a, b| {
        b.2.total_cmp(&a.2)
            .then(from_centre(a.0).total_cmp(&from_centre(b.0)))
            .then(a.0.cmp(&b.0))
    });
    let heaviest: Vec<String> = sorted
        .iter()
        .take(LISTED)
        .map(|(_, name, weight)| format!("{name} {}", number(*weight)))
        .collect();
    if !heaviest.is_empty() {
        let _ = writeln!(text, "Heaviest: {}.", heaviest.join(", "));
        text.push_str("The attack bot plays the heaviest, the nearest the centre of equals.\nweights CELL shows what makes a cell's weight.\n");
    }
    super::render::fit(&text)
}

/// A weight as the seed computes it, without needless decimals: 7, 0.25, 107.5.
fn number(weight: f64) -> String {
    let text = format!("{weight:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn attack_text(attack: &Attack) -> String {
    format!(
        "{} {}, {} open{}",
        attack.power,
        if attack.power == 1 { "stone" } else { "stones" },
        attack.potential,
        if attack.divider > 1 {
            format!(", {} away /{}", attack.divider - 1, attack.divider)
        } else {
            String::new()
        }
    )
}

/// The attacks behind one cell's weight, colour by colour and line by line.
pub fn cell_weight(name: &str, mover: &str, explained: &CellWeight) -> String {
    let mut text = format!(
        "{name} weighs {} for {mover} to move: a stone of each colour is tried there.\n",
        number(explained.total())
    );
    for part in &explained.parts {
        let _ = writeln!(
            text,
            "{} at {name}: {}",
            part.colour.name(),
            number(part.weight)
        );
        for (index, line) in part.lines.iter().enumerate() {
            let attacks: Vec<String> = line
                .attacks()
                .iter()
                .map(|a| format!("{} = {}", attack_text(a), number(a.weight())))
                .collect();
            let mut row = format!(
                "  {:<4} {}",
                DIRECTION_NAMES[index],
                if attacks.is_empty() {
                    "no attack with room for five".to_string()
                } else {
                    attacks.join("; ")
                }
            );
            if part.breakpoints[index] {
                row.push_str(if part.summed[index] {
                    "; a breakpoint"
                } else {
                    "; a second breakpoint: +100, and this line's attacks are not added"
                });
            }
            text.push_str(&super::text::fill(&row, 79).replace('\n', "\n        "));
            text.push('\n');
        }
        if part
            .lines
            .iter()
            .flat_map(|l| l.attacks())
            .any(|a| a.power >= 5)
            && part.colour.name() == mover
        {
            text.push_str("  a five for the side to move: +100\n");
        }
    }
    text
}
