//! How strategic tic-tac-toe's 729 cells are drawn in 80 columns: zoomed into one
//! tactical board, beside every operational board by winner and the strategic board.

use super::notation::digits_of_board;
use super::{CELLS, Strategic, Target, strategic_line};
use crate::game::view::{BoardView, Cell, Layout, Panel, Row, grid_panel};

impl Strategic {
    /// The view zoomed into tactical board `s`: its 81 cells in blocks (each block an
    /// operational board, named by its two digits above the top row and beside each row
    /// of blocks; rows named by the cell digits they hold), then the 81 operational
    /// boards by winner in blocks of tactical boards, then the strategic board.
    pub(super) fn view_of(&self, s: usize) -> BoardView {
        const CELL_ROWS: [&str; 3] = ["1-3", "4-6", "7-9"];
        let zoom = Panel {
            title: format!("{0}1 {0}2 {0}3", s + 1),
            columns: vec![String::new(); 9],
            columns_below: false,
            rows: (0..9)
                .map(|row| Row {
                    label: if row % 3 == 0 {
                        format!("{}{} {}", s + 1, row + 1, CELL_ROWS[0])
                    } else {
                        format!("   {}", CELL_ROWS[row % 3])
                    },
                    cells: (0..9)
                        .map(|column| {
                            let t = (row / 3) * 3 + column / 3;
                            let id = 81 * s + 9 * t + (row % 3) * 3 + column % 3;
                            Cell {
                                id,
                                owner: self.at(id),
                                in_line: false,
                                in_play: self.outcome.is_some()
                                    || self.boards_in_play().contains(&(id / 9)),
                                text: None,
                            }
                        })
                        .collect(),
                })
                .collect(),
        };
        let boards = grid_panel(
            "1 2 3",
            &["1", "", "", "4", "", "", "7", "", ""],
            &[""; 9],
            |row, column| CELLS + Strategic::field_cell(row * 3, column * 3) / 9,
            |id| self.board_winner(id - CELLS),
            |_| false,
        );
        let title = match (self.outcome, self.target) {
            (Some(_), _) => "won".to_string(),
            (None, Target::Board(board)) => format!("in {}", digits_of_board(usize::from(board))),
            (None, Target::Tactical(s)) => format!("in {}", s + 1),
            (None, Target::Any) => "in any".to_string(),
        };
        let line = strategic_line(self.big_x) | strategic_line(self.big_o);
        let strategic = grid_panel(
            &title,
            &["1", "4", "7"],
            &[""; 3],
            |row, column| CELLS + 81 + row * 3 + column,
            |id| self.tactical_winner(id - CELLS - 81),
            |id| line & (1 << (id - CELLS - 81)) != 0,
        );
        BoardView {
            layout: Layout::Blocks,
            panels: vec![zoom, boards, strategic],
        }
    }
}
