//! How a game shows its board: panels of labelled cells, described by the game and drawn
//! by the console. A new game describes its board here and needs no drawing code of its
//! own; the console marks the last move by comparing two views and colours the cells of
//! a completed line.

use super::Player;

/// How the cells of a panel are joined when drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Cells in a ruled grid (`X | . | O` with `---+---+---` between rows), as the
    /// classic board.
    Ruled,
    /// Cells separated by single spaces, as the cube's layers and the 4x4 boards.
    Spaced,
    /// Points joined by lines, as the Morris board; `diagonals` draws the corner-centre
    /// links.
    Points { diagonals: bool },
    /// Cells one space apart in blocks of 3x3, a rule between blocks: ultimate
    /// tic-tac-toe's nine boards in one grid. The first panel and any panel nine or more
    /// cells wide are drawn so; the others spaced.
    Blocks,
}

/// One cell: which cell of the game it is, who holds it, and whether it belongs to the
/// line that ended the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The game's own number for the cell, the same in every view of the game.
    pub id: usize,
    pub owner: Option<Player>,
    pub in_line: bool,
    /// False for an empty cell no move may be made in now (outside the board an
    /// ultimate player is sent to): drawn blank, so the cells in play stand out
    /// without colour.
    pub in_play: bool,
    /// What to write in the cell when its owner alone does not say it: quantum
    /// tic-tac-toe's numbered marks (`x1 o2`, `X3`). `None` draws the owner's letter.
    pub text: Option<String>,
}

/// A row of cells with its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    pub cells: Vec<Cell>,
}

/// A grid of cells with a title (empty for a single panel) and column labels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panel {
    pub title: String,
    pub columns: Vec<String>,
    /// Column labels under the grid instead of over it (gravity's floor).
    pub columns_below: bool,
    pub rows: Vec<Row>,
}

/// The whole board: panels drawn side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub layout: Layout,
    pub panels: Vec<Panel>,
}

impl BoardView {
    /// Every cell of every panel.
    pub fn cells(&self) -> impl Iterator<Item = &Cell> {
        self.panels
            .iter()
            .flat_map(|panel| panel.rows.iter().flat_map(|row| row.cells.iter()))
    }

    /// The cells whose owner differs from `before`'s: what the last move changed.
    pub fn changed_since(&self, before: &BoardView) -> Vec<usize> {
        let old: std::collections::HashMap<usize, (Option<Player>, &Option<String>)> = before
            .cells()
            .map(|cell| (cell.id, (cell.owner, &cell.text)))
            .collect();
        self.cells()
            .filter(|cell| {
                old.get(&cell.id)
                    .is_some_and(|(owner, text)| *owner != cell.owner || **text != cell.text)
            })
            .map(|cell| cell.id)
            .collect()
    }
}

/// A square grid panel: `rows` x `columns` cells, cell `id(row, column)`, labelled as
/// given; `line` says which cells are part of a completed line.
pub fn grid_panel(
    title: &str,
    row_labels: &[&str],
    column_labels: &[&str],
    id: impl Fn(usize, usize) -> usize,
    owner: impl Fn(usize) -> Option<Player>,
    line: impl Fn(usize) -> bool,
) -> Panel {
    Panel {
        title: title.to_string(),
        columns: column_labels
            .iter()
            .map(|label| label.to_string())
            .collect(),
        columns_below: false,
        rows: row_labels
            .iter()
            .enumerate()
            .map(|(row, label)| Row {
                label: label.to_string(),
                cells: (0..column_labels.len())
                    .map(|column| {
                        let id = id(row, column);
                        Cell {
                            id,
                            owner: owner(id),
                            in_line: line(id),
                            in_play: true,
                            text: None,
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The classic letters for the rows and columns of a 3x3 board.
pub const LMR: [&str; 3] = ["L", "M", "R"];
