//! How ultimate tic-tac-toe is drawn: the 9x9 grid in blocks of 3x3, the cells out of
//! play left blank, and the big board beside it.

use super::notation::{LINES, name};
use super::{Ultimate, grid_to_cell};
use crate::game::view::{BoardView, Cell, LMR, Layout, Panel, Row, grid_panel};

impl Ultimate {
    /// The 9x9 grid in blocks, and beside it the big board: who won which board, the
    /// board to play in named in its title.
    pub(super) fn draw(&self) -> BoardView {
        let big_line = LINES
            .iter()
            .filter(|line| {
                let both = if self.rules.draw_counts_both {
                    self.drawn_boards()
                } else {
                    0
                };
                (self.won_x | both) & **line == **line || (self.won_o | both) & **line == **line
            })
            .fold(0u16, |cells, line| cells | line);
        let grid = Panel {
            title: "L M R".to_string(),
            columns: (0..9).map(|column| LMR[column % 3].to_string()).collect(),
            columns_below: false,
            rows: (0..9)
                .map(|row| Row {
                    label: format!(
                        "{} {}",
                        if row % 3 == 0 { LMR[row / 3] } else { " " },
                        LMR[row % 3]
                    ),
                    cells: (0..9)
                        .map(|column| {
                            let id = grid_to_cell(row, column);
                            Cell {
                                id,
                                owner: self.at(id),
                                in_line: false,
                                in_play: self.outcome.is_some() || self.playable(id / 9),
                                text: None,
                            }
                        })
                        .collect(),
                })
                .collect(),
        };
        let title = match (self.outcome, self.target) {
            (Some(_), _) => "boards won".to_string(),
            (None, Some(board)) => format!("play in {}", name(usize::from(board))),
            (None, None) => "play in any".to_string(),
        };
        let big = grid_panel(
            &title,
            &LMR,
            &LMR,
            |row, column| 81 + row * 3 + column,
            |id| self.board_winner(id - 81),
            |id| big_line & (1 << (id - 81)) != 0,
        );
        BoardView {
            layout: Layout::Blocks,
            panels: vec![grid, big],
        }
    }
}
