//! MENACE's move as a picture (`pictures on`): the box it drew from, with its bead
//! counts and the drawn bead in brackets, beside the real board with the placed mark in
//! brackets, and between them how the board relates to the picture ("turned 1/4
//! clockwise", "mirrored left-right"). The sentence above says the same in words; the
//! picture lets a learner see the turn rather than imagine it.

use super::board::{self, visible_width};
use super::render::Palette;
use crate::app::event::MovePicture;
use crate::game::BoardView;

/// Width of the column between the two pictures.
const MIDDLE: usize = 17;

/// The box and the board side by side, or one above the other when side by side would
/// pass 80 columns (the cube's three layers).
pub fn beside(
    picture: &MovePicture,
    board_view: &BoardView,
    marked: &[usize],
    palette: Palette,
) -> String {
    // The drawn bead is bracketed in its cell, so it shows without colour too.
    let labels: Vec<(usize, String)> = picture
        .labels
        .iter()
        .map(|(cell, label)| {
            let shown = if *cell == picture.drawn_cell {
                format!("[{label}]")
            } else {
                label.clone()
            };
            (*cell, shown)
        })
        .collect();
    let left = board::draw(&picture.view, &[picture.drawn_cell], &labels, palette);
    let right = board::draw(board_view, marked, &[], palette);
    let width = |text: &str| text.lines().map(visible_width).max().unwrap_or(0);
    let (left_width, right_width) = (width(&left), width(&right));
    // A box too wide to draw at all within 80 columns (Qubic's four layers with bead
    // counts): the board alone, as with pictures off; `box` lists its beads.
    if left_width > 80 {
        return right;
    }
    if left_width.max(12) + MIDDLE + right_width > 80 {
        return format!(
            "MENACE's box, {}, with the drawn bead in brackets:\n{left}The board:\n{right}",
            picture.relation
        );
    }
    let left_lines: Vec<&str> = left.lines().collect();
    let right_lines: Vec<&str> = right.lines().collect();
    let middle = middle_column(&picture.relation);
    let height = left_lines.len().max(right_lines.len());
    // The words sit level with the middle of the boards.
    let middle_from = (height + 1).saturating_sub(middle.len()) / 2 + 1;
    let left_width = left_width.max(12);
    let mut text = format!(
        "{:left_width$}{:MIDDLE$}{}\n",
        "MENACE's box", "", "the board"
    );
    for row in 0..height {
        let part = left_lines.get(row).copied().unwrap_or("");
        let pad = left_width - visible_width(part);
        let words = row
            .checked_sub(middle_from)
            .and_then(|at| middle.get(at))
            .map_or("", String::as_str);
        let line = format!(
            "{part}{}  {words:<width$}{}",
            " ".repeat(pad),
            right_lines.get(row).copied().unwrap_or(""),
            width = MIDDLE - 2
        );
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// The relation in a narrow column, then an arrow from the box to the board.
fn middle_column(relation: &str) -> Vec<String> {
    let mut lines: Vec<String> = textwrap::wrap(relation, super::text::words(MIDDLE - 4))
        .into_iter()
        .map(|line| line.into_owned())
        .collect();
    lines.push("---------->".to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::AnyGame;
    use crate::game::TicTacToe;

    fn classic(picture: &str) -> Box<dyn AnyGame> {
        crate::registry::start(&["classic"])
            .unwrap()
            .from_picture(picture)
            .unwrap()
    }

    #[test]
    fn the_box_stands_beside_the_board_with_the_bead_and_the_mark_bracketed() {
        let _ = TicTacToe::default();
        let box_position = classic("....O...X");
        let picture = MovePicture {
            view: box_position.view(),
            labels: vec![(0, "2".into()), (1, "-".into()), (2, "7".into())],
            drawn_cell: 2,
            relation: "turned 1/4 anticlockwise".into(),
        };
        let board = classic("X...O...X");
        let text = beside(&picture, &board.view(), &[0], Palette::PLAIN);
        assert!(
            text.lines().all(|line| line.chars().count() <= 80),
            "{text}"
        );
        assert!(text.starts_with("MENACE's box"), "{text}");
        assert!(text.contains("[7]"), "{text}");
        assert!(text.contains("[X]"), "{text}");
        assert!(text.contains("turned 1/4"), "{text}");
        assert!(text.contains("---------->"), "{text}");
        // One line of the box row holds both boards.
        let top_row = text.lines().find(|line| line.contains("[7]")).unwrap();
        assert!(top_row.contains("[X]"), "{text}");
    }
}
