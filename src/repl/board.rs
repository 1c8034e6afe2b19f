//! Draws any game's board from the game's own description of it (a
//! [`BoardView`]: panels of labelled cells), so a new game needs no drawing code. The
//! cells the last move changed are bracketed, a completed line is coloured, and a box's
//! bead counts can stand in the empty cells.

use super::render::{Palette, Role};
use crate::game::view::{Cell, Layout, Panel};
use crate::game::{BoardView, Player};

/// What stands in one cell, and how it is painted.
fn cell_text(cell: &Cell, labels: &[(usize, String)]) -> (String, Role) {
    if let Some(text) = &cell.text {
        let role = match cell.owner {
            Some(Player::X) => Role::X,
            Some(Player::O) => Role::O,
            None => Role::Plain,
        };
        return (text.clone(), role);
    }
    match cell.owner {
        Some(Player::X) => ("X".into(), Role::X),
        Some(Player::O) => ("O".into(), Role::O),
        None => match labels.iter().find(|(id, _)| *id == cell.id) {
            Some((_, label)) => (label.clone(), Role::Plain),
            None if !cell.in_play => (" ".into(), Role::Plain),
            None => (".".into(), Role::Plain),
        },
    }
}

/// The board: `marked` cells bracketed (when cells are one character wide), `labels`
/// written into empty cells.
pub fn draw(
    view: &BoardView,
    marked: &[usize],
    labels: &[(usize, String)],
    palette: Palette,
) -> String {
    let width = view
        .cells()
        .map(|cell| cell_text(cell, labels).0.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let paint = |cell: &Cell| -> String {
        let (text, role) = cell_text(cell, labels);
        let padded = format!("{text:^width$}");
        let role = if marked.contains(&cell.id) {
            Role::LastMove
        } else if cell.in_line {
            Role::Line
        } else {
            role
        };
        if role == Role::Plain {
            padded
        } else {
            padded.replace(&text, &palette.paint(&text, role))
        }
    };
    let lines: Vec<Vec<String>> = view
        .panels
        .iter()
        .enumerate()
        .map(|(index, panel)| match view.layout {
            Layout::Points { diagonals } if width == 1 => points(panel, diagonals, marked, &paint),
            Layout::Blocks if index == 0 || panel.columns.len() >= 9 => {
                blocks(panel, width, marked, &paint)
            }
            Layout::Spaced | Layout::Blocks => spaced(panel, width, marked, &paint),
            _ => ruled(panel, width, marked, &paint),
        })
        .collect();
    // Spaced rows keep a column for a closing bracket, so their panels stand one closer.
    let gap = match view.layout {
        Layout::Spaced => 4,
        Layout::Blocks => 3,
        _ => 5,
    };
    // Panels too wide to stand side by side within 80 columns go on in rows below.
    let mut rows: Vec<Vec<Vec<String>>> = Vec::new();
    let mut row_width = 0;
    for panel in lines {
        let width = panel
            .iter()
            .map(|line| visible_width(line))
            .max()
            .unwrap_or(0);
        match rows.last_mut() {
            Some(row) if row_width + gap + width <= 80 => {
                row.push(panel);
                row_width += gap + width;
            }
            _ => {
                rows.push(vec![panel]);
                row_width = width;
            }
        }
    }
    let drawn: Vec<String> = rows.iter().map(|row| side_by_side(row, gap)).collect();
    drawn.join("\n")
}

/// Panels next to each other, `gap` spaces apart, each line trimmed at its end.
fn side_by_side(panels: &[Vec<String>], gap: usize) -> String {
    let height = panels.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = panels
        .iter()
        .map(|lines| {
            lines
                .iter()
                .map(|line| visible_width(line))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for row in 0..height {
        let mut line = String::new();
        for (index, panel) in panels.iter().enumerate() {
            let part = panel.get(row).map_or("", String::as_str);
            line.push_str(part);
            if index + 1 < panels.len() {
                let pad = widths[index] - visible_width(part);
                line.push_str(&" ".repeat(pad + gap));
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// The width a line takes on screen: escape sequences take none.
pub fn visible_width(line: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in line.chars() {
        match (in_escape, c) {
            (false, '\u{1b}') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

fn title_line(panel: &Panel, lines: &mut Vec<String>) {
    if !panel.title.is_empty() {
        lines.push(format!("  {}", panel.title));
    }
}

/// The classic ruled grid: ` X | . | O` rows and `---+---+---` between them.
fn ruled(
    panel: &Panel,
    width: usize,
    marked: &[usize],
    paint: &dyn Fn(&Cell) -> String,
) -> Vec<String> {
    let mut lines = Vec::new();
    title_line(panel, &mut lines);
    let span = width + 2;
    let header: Vec<String> = panel
        .columns
        .iter()
        .map(|c| format!("{c:^span$}"))
        .collect();
    lines.push(format!("     {}", header.join(" ")).trim_end().to_string());
    for (index, row) in panel.rows.iter().enumerate() {
        let cells: Vec<String> = row
            .cells
            .iter()
            .map(|cell| {
                if marked.contains(&cell.id) && width == 1 {
                    format!("[{}]", paint(cell))
                } else {
                    format!(" {} ", paint(cell))
                }
            })
            .collect();
        lines.push(
            format!("  {}  {}", row.label, cells.join("|"))
                .trim_end()
                .to_string(),
        );
        if index + 1 < panel.rows.len() {
            lines.push(format!(
                "     {}",
                vec!["-".repeat(span); row.cells.len()].join("+")
            ));
        }
    }
    lines
}

/// Cells one space apart; the last move bracketed in place of the spaces around it.
fn spaced(
    panel: &Panel,
    width: usize,
    marked: &[usize],
    paint: &dyn Fn(&Cell) -> String,
) -> Vec<String> {
    let mut lines = Vec::new();
    title_line(panel, &mut lines);
    let label_width = panel
        .rows
        .iter()
        .map(|row| row.label.len())
        .max()
        .unwrap_or(1);
    let columns: Vec<String> = panel
        .columns
        .iter()
        .map(|c| format!("{c:^width$}"))
        .collect();
    let header = format!("{}{}", " ".repeat(label_width + 3), columns.join(" "));
    if !panel.columns_below {
        lines.push(header.trim_end().to_string());
    }
    for row in &panel.rows {
        let mut line = format!(" {:>label_width$} ", row.label);
        push_spaced(&mut line, &row.cells, width == 1, marked, paint);
        lines.push(line);
    }
    if panel.columns_below {
        lines.push(header.trim_end().to_string());
    }
    lines
}

/// Cells one space apart onto `line`, a `marked` cell bracketed in place of the spaces
/// around it (only when cells are one character wide, `bracket`); a closing bracket or a
/// space ends the run, so every row of a panel is as wide as the next.
fn push_spaced(
    line: &mut String,
    cells: &[Cell],
    bracket: bool,
    marked: &[usize],
    paint: &dyn Fn(&Cell) -> String,
) {
    let mut previous_marked = false;
    for cell in cells {
        let is_marked = bracket && marked.contains(&cell.id);
        // Marked neighbours (a slide's two ends) share one pair of brackets: `[. O]`.
        line.push(if is_marked && previous_marked {
            ' '
        } else if is_marked {
            '['
        } else if previous_marked {
            ']'
        } else {
            ' '
        });
        line.push_str(&paint(cell));
        previous_marked = is_marked;
    }
    line.push(if previous_marked { ']' } else { ' ' });
}

/// A grid in blocks of 3x3 cells with rules between the blocks, the last move bracketed
/// (when cells are one character wide: wider ones, a box's bead counts, bracket their
/// own); the panel's title, if any, holds the blocks' column labels (`L M R`).
fn blocks(
    panel: &Panel,
    width: usize,
    marked: &[usize],
    paint: &dyn Fn(&Cell) -> String,
) -> Vec<String> {
    let mut lines = Vec::new();
    let label_width = panel
        .rows
        .iter()
        .map(|row| row.label.chars().count())
        .max()
        .unwrap_or(1);
    let indent = " ".repeat(label_width + 2);
    // A block of three cells: a space or bracket before each cell and one after the last.
    let block_width = 3 * (width + 1) + 1;
    let block_labels: Vec<&str> = panel.title.split_whitespace().collect();
    if !block_labels.is_empty() {
        let centred: Vec<String> = block_labels
            .iter()
            .map(|l| format!("{l:^block_width$}"))
            .collect();
        lines.push(
            format!("{indent}{}", centred.join(" "))
                .trim_end()
                .to_string(),
        );
    }
    let groups: Vec<String> = panel
        .columns
        .chunks(3)
        .map(|labels| {
            let centred: Vec<String> = labels.iter().map(|l| format!("{l:^width$}")).collect();
            format!(" {} ", centred.join(" "))
        })
        .collect();
    lines.push(
        format!("{indent}{}", groups.join(" "))
            .trim_end()
            .to_string(),
    );
    for (index, row) in panel.rows.iter().enumerate() {
        let mut line = format!(" {:<label_width$} ", row.label);
        for (block, cells) in row.cells.chunks(3).enumerate() {
            if block > 0 {
                line.push('|');
            }
            push_spaced(&mut line, cells, width == 1, marked, paint);
        }
        lines.push(line.trim_end().to_string());
        if index % 3 == 2 && index + 1 < panel.rows.len() {
            let rule = vec!["-".repeat(block_width); row.cells.len().div_ceil(3)].join("+");
            lines.push(format!("{indent}{rule}"));
        }
    }
    lines
}

/// Points joined by lines, as the Morris board: `X---.---O`.
fn points(
    panel: &Panel,
    diagonals: bool,
    marked: &[usize],
    paint: &dyn Fn(&Cell) -> String,
) -> Vec<String> {
    let mut lines = Vec::new();
    title_line(panel, &mut lines);
    lines.push(
        format!("      {}", panel.columns.join("   "))
            .trim_end()
            .to_string(),
    );
    for (index, row) in panel.rows.iter().enumerate() {
        let mut line = format!("  {}  ", row.label);
        let mut previous_marked = false;
        for (column, cell) in row.cells.iter().enumerate() {
            let is_marked = marked.contains(&cell.id);
            let join = match (column, previous_marked, is_marked) {
                (0, _, true) => "[".to_string(),
                (0, _, false) => " ".to_string(),
                (_, true, true) => "]-[".to_string(),
                (_, true, false) => "]--".to_string(),
                (_, false, true) => "--[".to_string(),
                (_, false, false) => "---".to_string(),
            };
            line.push_str(&join);
            line.push_str(&paint(cell));
            previous_marked = is_marked;
        }
        if previous_marked {
            line.push(']');
        }
        lines.push(line.trim_end().to_string());
        if index + 1 < panel.rows.len() {
            let (first, second) = match (diagonals, index % 2) {
                (false, _) => (" ", " "),
                (true, 0) => ("\\", "/"),
                (true, _) => ("/", "\\"),
            };
            let links: Vec<String> = (0..row.cells.len().saturating_sub(1))
                .map(|gap| if gap % 2 == 0 { first } else { second }.to_string())
                .collect();
            let mut link_line = String::from("      |");
            for link in links {
                link_line.push_str(&format!(" {link} |"));
            }
            lines.push(link_line);
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    fn drawn(words: &[&str], moves: &[&str]) -> String {
        let mut game = registry::start(words).unwrap();
        let mut before = game.view();
        for mv in moves {
            before = game.view();
            game.play_move(mv).unwrap();
        }
        let view = game.view();
        draw(&view, &view.changed_since(&before), &[], Palette::PLAIN)
    }

    #[test]
    fn a_slides_two_ends_share_one_pair_of_brackets() {
        let mut moves = Vec::new();
        let x = [
            "a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4",
        ];
        let o = [
            "f5", "f6", "f7", "f8", "g5", "g6", "g7", "g8", "h5", "h6", "h7", "h8",
        ];
        for (x, o) in x.iter().zip(o) {
            moves.extend([*x, o]);
        }
        moves.push("c4-d4");
        let text = drawn(&["gobang"], &moves);
        assert!(text.contains("[. X]"), "{text}");
        assert_eq!(text.matches('[').count(), 1, "{text}");
    }

    #[test]
    fn the_classic_board_is_drawn_as_it_always_was() {
        assert_eq!(
            drawn(&["classic"], &["MM", "LL"]),
            "      L   M   R\n  L  [O]| . | .\n     ---+---+---\n  M   . | X | .\n     ---+---+---\n  R   . | . | .\n"
        );
    }

    #[test]
    fn every_game_draws_within_80_columns_with_its_last_move_bracketed() {
        for (words, moves) in [
            (&["cube"][..], &["2MM", "1LL"][..]),
            (&["silverman"], &["b3"]),
            (&["crazy"], &["b3o"]),
            (&["gravity"], &["d", "d", "a"]),
            (&["morris", "diagonal-moves"], &["MM", "LL"]),
            (&["ultimate"], &["MM.LL", "LL.MM"]),
        ] {
            let text = drawn(words, moves);
            assert!(
                text.lines().all(|line| line.chars().count() <= 80),
                "{text}"
            );
            assert_eq!(text.matches('[').count(), 1, "{words:?}\n{text}");
        }
        assert_eq!(
            drawn(&["gravity"], &["d", "d"]),
            [
                " 8  . . . . . . . .",
                " 7  . . . . . . . .",
                " 6  . . . . . . . .",
                " 5  . . . . . . . .",
                " 4  . . . . . . . .",
                " 3  . . . . . . . .",
                " 2  . . .[O]. . . .",
                " 1  . . . X . . . .",
                "    a b c d e f g h",
                ""
            ]
            .join("\n")
        );
        assert_eq!(
            drawn(&["morris", "diagonal-moves"], &["MM", "LM"]),
            "      L   M   R\n  L   .--[O]--.\n      | \\ | / |\n  M   .---X---.\n      | / | \\ |\n  R   .---.---.\n"
        );
    }

    #[test]
    fn labels_stand_in_empty_cells() {
        let game = registry::start(&["classic"]).unwrap();
        let labels: Vec<(usize, String)> =
            (0..9).map(|cell| (cell, format!("{}", cell * 2))).collect();
        let text = draw(&game.view(), &[], &labels, Palette::PLAIN);
        assert!(
            text.starts_with("      L    M    R\n  L   0  | 2  | 4\n"),
            "{text}"
        );
    }
}
