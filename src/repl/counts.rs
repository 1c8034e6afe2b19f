//! What `lines` and `count` print: a game's lines, and those through one cell; every
//! way a game can go, and every position it reaches.

use crate::app::event::{KindsOnLines, LinesThrough};
use crate::game::Player;
use crate::game::census::{Census, Positions};
use crate::text::grouped;
use std::fmt::Write;

/// The widest row of the listing of lines, inside 80 columns.
const WIDTH: usize = 78;

/// `lines`: how many lines on how many cells, then those through the cell asked about,
/// as many to a row as fit.
pub fn lines(title: &str, lines: usize, cells: usize, through: Option<&LinesThrough>) -> String {
    let mut text = format!("{title}: {lines} lines on {cells} cells.\n");
    let Some(through) = through else {
        return text;
    };
    if through.lines.is_empty() {
        let _ = writeln!(text, "{} lies on none of them.", through.cell);
        return text;
    }
    let _ = writeln!(
        text,
        "{} lies on {} of the {lines} lines:",
        through.cell,
        through.lines.len()
    );
    let column = through.lines.iter().map(String::len).max().unwrap_or(0) + 2;
    let per_row = ((WIDTH - 2) / column).max(1);
    for row in through.lines.chunks(per_row) {
        let cells: Vec<String> = row.iter().map(|line| format!("{line:<column$}")).collect();
        let _ = writeln!(text, "  {}", cells.concat().trim_end());
    }
    if let Some((mover, threats)) = &through.threats {
        if threats.is_empty() {
            let _ = writeln!(text, "{mover} at {} threatens no line.", through.cell);
        }
        for (line, open) in threats {
            let _ = writeln!(
                text,
                "{mover} at {} leaves {line} one short: a threat at {open}.",
                through.cell
            );
        }
    }
    text
}

/// `kinds`: how many kinds of move up to symmetry, then a cell of each kind, grouped by
/// how many lines the cell is on, the cells filled to 78 columns.
pub fn kinds(title: &str, opening: Option<&str>, mover: Player, groups: &[KindsOnLines]) -> String {
    let total: usize = groups.iter().map(|group| group.cells.len()).sum();
    let kinds = |count: usize| if count == 1 { "kind" } else { "kinds" };
    let what = match opening {
        None => "of opening".to_string(),
        Some(cell) => format!("of reply to {} on {cell}", mover.opponent()),
    };
    let mut text = crate::repl::text::fill(
        &format!(
            "{title}: up to symmetry, {mover} has {total} {} {what} (a cell of each):",
            kinds(total)
        ),
        WIDTH,
    );
    text.push('\n');
    for group in groups {
        let count = group.cells.len();
        let head = match group.on_lines {
            Some(1) => format!("  {count} {} on cells on 1 line:", kinds(count)),
            Some(lines) => format!("  {count} {} on cells on {lines} lines:", kinds(count)),
            None => format!("  {count} {}:", kinds(count)),
        };
        let mut row = head;
        for (at, cell) in group.cells.iter().enumerate() {
            let word = if at + 1 < count {
                format!("{cell},")
            } else {
                cell.clone()
            };
            if row.len() + 1 + word.len() > WIDTH {
                let _ = writeln!(text, "{row}");
                row = "   ".to_string();
            }
            row.push(' ');
            row.push_str(&word);
        }
        let _ = writeln!(text, "{row}");
    }
    text
}

/// A count too big for a `u64` (never met within the census's limit) reads as the
/// largest one.
fn big(count: u128) -> String {
    grouped(u64::try_from(count).unwrap_or(u64::MAX))
}

fn positions(count: Positions) -> String {
    format!(
        "{} positions ({} up to symmetry)",
        grouped(count.all as u64),
        grouped(count.up_to_symmetry as u64)
    )
}

/// `count`: the census of the game, one figure a line.
pub fn census(title: &str, census: &Census) -> String {
    let ways = census.ways;
    let mut text = format!("{title}, counted by playing out every move:\n");
    let _ = writeln!(
        text,
        "  {} ways a game can go ({} won by X, {} by O, {} drawn)",
        big(ways.total()),
        big(ways.x_wins),
        big(ways.o_wins),
        big(ways.draws)
    );
    let _ = writeln!(text, "  {}", positions(census.positions));
    let _ = writeln!(
        text,
        "  {} of them finished ({} up to symmetry)",
        grouped(census.finished.all as u64),
        grouped(census.finished.up_to_symmetry as u64)
    );
    for (side, choices) in ["X", "O"].iter().zip(census.choices) {
        let _ = writeln!(
            text,
            "  {side} has a choice of moves in {}",
            positions(choices)
        );
    }
    text
}

/// `count` in a game whose positions repeat (quantum Morris): what its analysis of every
/// position works on, the two figures each at the head of its own item.
pub fn analysis_census(title: &str, census: &crate::ai::quantum_morris::census::Census) -> String {
    let item = |text: String| {
        textwrap::fill(
            &text,
            crate::repl::text::words(79).subsequent_indent("    "),
        ) + "\n"
    };
    let mut text = crate::repl::text::fill(
        &format!(
            "Positions repeat in {title}, so the ways a game can go have no end to count. \
             Its analysis of every position (solve) works on these, counted here without it:"
        ),
        79,
    ) + "\n";
    text += &item(format!(
        "  {} positions at rest: one of each 8 that the board's symmetries make alike, \
         each side's pieces as a set",
        grouped(census.positions)
    ));
    text += &item(format!(
        "  {} waiting collapses: a move that closed a cycle, before its world is \
         chosen (two alike up to symmetry wait as one)",
        grouped(census.collapses)
    ));
    text
}

/// `count boxes`: the boxes MENACE needs, in all and per ply, or why the count ended
/// early.
pub fn box_count(
    title: &str,
    side: Player,
    counted: &Result<Vec<(usize, usize)>, crate::menace::generic::count::NotCounted>,
) -> String {
    let plies = match counted {
        Ok(plies) => plies,
        Err(why) => {
            return crate::repl::text::fill(&format!("{title}, MENACE playing {side}: {why}."), 79)
                + "\n";
        }
    };
    let total: usize = plies.iter().map(|(_, count)| count).sum();
    let mut text = crate::repl::text::fill(
        &format!(
            "{title}, MENACE playing {side} needs {} boxes: one for each position where it \
             has a choice of moves, up to symmetry. By the move it makes:",
            grouped(total as u64)
        ),
        79,
    ) + "\n";
    for (ply, count) in plies {
        let _ = writeln!(
            text,
            "  move {:>2}: {:>9}",
            ply / 2 + 1,
            grouped(*count as u64)
        );
    }
    text
}

/// `count full`: the ways to fill the board, and whether any holds no line.
pub fn fillings(
    title: &str,
    counted: &Result<crate::game::fillings::Fillings, crate::game::fillings::NoFillings>,
) -> String {
    use crate::game::fillings::NoFillings;
    let sentence = match counted {
        Ok(fillings) => {
            let o = fillings.cells - fillings.x;
            let ways = format!(
                "{title}: {} ways to fill its {} cells with {} X and {o} O",
                grouped(fillings.boards),
                fillings.cells,
                fillings.x
            );
            match fillings.without_a_line {
                0 => format!("{ways}; every one of them holds a line, so no game ends in a draw."),
                drawn => format!(
                    "{ways}; {} of them hold no line of either, a draw.",
                    grouped(drawn)
                ),
            }
        }
        Err(NoFillings::TooMany { cells }) => format!(
            "{title} has too many ways to fill its {cells} cells for count full (at most {} are counted).",
            grouped(crate::game::fillings::FILLINGS_LIMIT)
        ),
        Err(NoFillings::Stopped) => format!("{title}: counting the full boards stopped."),
    };
    crate::repl::text::fill(&sentence, 79) + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_through_a_cell_fit_in_rows_within_80_columns() {
        let through = LinesThrough {
            cell: "MM".into(),
            lines: vec!["ML-MM-MR".into(), "LM-MM-RM".into(), "LL-MM-RR".into()],
            threats: None,
        };
        let text = lines("classic", 8, 9, Some(&through));
        assert!(text.starts_with("classic: 8 lines on 9 cells.\nMM lies on 3 of the 8 lines:\n"));
        assert!(text.contains("  ML-MM-MR  LM-MM-RM  LL-MM-RR\n"), "{text}");
        let many = LinesThrough {
            cell: "0".into(),
            lines: vec!["0-1-2-3".into(); 30],
            threats: None,
        };
        assert!(
            lines("qubic", 76, 64, Some(&many))
                .lines()
                .all(|line| line.len() <= 80)
        );
    }
}
