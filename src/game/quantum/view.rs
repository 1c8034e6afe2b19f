//! How quantum tic-tac-toe is drawn: each square with its marks and their numbers
//! (`x1 o2` spooky, `X3` classical). While a cycle waits to collapse, the two worlds the
//! chooser picks between are drawn beside the board, so a learner sees the choice.

use super::{Mark, Quantum};
use crate::game::tictactoe::LINES;
use crate::game::view::{BoardView, Cell, LMR, Layout, Panel, Row};
use crate::game::{Game, Player};

/// Past this width a square's spooky marks are written without spaces between them.
const SPACED_UP_TO: usize = 11;

impl Quantum {
    /// What each square shows: its classical mark, or its spooky marks.
    fn square_texts(&self) -> [Option<String>; 9] {
        pack(std::array::from_fn(|square| {
            let square = square as u8;
            match self.classical(square) {
                Some(number) => vec![self.mark_name(number, true)],
                None => self
                    .spooky(square)
                    .into_iter()
                    .map(|number| self.mark_name(number, false))
                    .collect(),
            }
        }))
    }

    /// One 3x3 panel of this position, its cells numbered from `first_id`, the cells of
    /// `highlight` (a mask) drawn as a line is.
    fn panel(&self, title: String, first_id: usize, highlight: u16) -> Panel {
        let owners: [Option<Player>; 9] =
            std::array::from_fn(|square| self.classical(square as u8).map(Quantum::mover));
        square_panel(title, first_id, self.square_texts(), owners, highlight)
    }

    /// The squares of the completed lines, as a mask.
    fn line_cells(&self) -> u16 {
        let (x, o) = self.lines();
        (0..8)
            .filter(|index| (x | o) >> index & 1 != 0)
            .fold(0, |cells, index| cells | LINES[index])
    }

    pub(super) fn draw(&self) -> BoardView {
        let Some((number, first, second)) = self.pending_collapse() else {
            let title = self
                .filled_square()
                .map_or(String::new(), |(number, square)| {
                    format!(
                        "{} filled itself with {}: the last square left",
                        super::name(square),
                        self.mark_name(number, true)
                    )
                });
            return BoardView {
                layout: Layout::Ruled,
                panels: vec![self.panel(title, 0, self.line_cells())],
            };
        };
        let cycle = self.cycle();
        let cycle_mask = cycle.iter().fold(0u16, |mask, square| mask | 1 << square);
        let names: Vec<String> = cycle.iter().map(|square| super::name(*square)).collect();
        let mark = self.mark_name(number, false);
        let mut panels = vec![self.panel(
            format!(
                "{mark} closed the cycle {}: {} chooses",
                names.join("-"),
                self.to_move()
            ),
            0,
            cycle_mask,
        )];
        for (index, square) in [first, second].into_iter().enumerate() {
            if let Some(world) = self.collapsed_into(square) {
                let settled = self
                    .marks()
                    .iter()
                    .zip(world.marks())
                    .filter(|(before, after)| before != after)
                    .fold(0u16, |mask, (_, after)| match after {
                        Mark::Classical(s) => mask | 1 << s,
                        Mark::Spooky(..) => mask,
                    });
                let fills = world.filled_square().map_or(String::new(), |(_, last)| {
                    format!(" ({} fills itself)", super::name(last))
                });
                panels.push(world.panel(
                    format!("if {mark} takes {}{fills}", super::name(square)),
                    9 * (index + 1),
                    settled | world.line_cells(),
                ));
            }
        }
        BoardView {
            layout: Layout::Ruled,
            panels,
        }
    }
}

/// A 3x3 panel of squares with their texts (numbered marks) and owners (of classical
/// marks), its cells numbered from `first_id`, the cells of `highlight` drawn as a line
/// is: what quantum tic-tac-toe and quantum Morris both draw.
pub(crate) fn square_panel(
    title: String,
    first_id: usize,
    texts: [Option<String>; 9],
    owners: [Option<Player>; 9],
    highlight: u16,
) -> Panel {
    Panel {
        title,
        columns: LMR.iter().map(|label| label.to_string()).collect(),
        columns_below: false,
        rows: (0..3)
            .map(|row| Row {
                label: LMR[row].to_string(),
                cells: (0..3)
                    .map(|column| {
                        let square = row * 3 + column;
                        Cell {
                            id: first_id + square,
                            owner: owners[square],
                            in_line: highlight >> square & 1 != 0,
                            in_play: true,
                            text: texts[square].clone(),
                        }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// Marks as a square writes them: spaced, or packed if some square would be wider than
/// `SPACED_UP_TO` spaced.
pub(crate) fn pack(marks: [Vec<String>; 9]) -> [Option<String>; 9] {
    let join = |separator: &str| -> [Option<String>; 9] {
        std::array::from_fn(|square| {
            (!marks[square].is_empty()).then(|| marks[square].join(separator))
        })
    };
    let spaced = join(" ");
    let widest = spaced
        .iter()
        .flatten()
        .map(|text| text.chars().count())
        .max()
        .unwrap_or(0);
    if widest > SPACED_UP_TO {
        join("")
    } else {
        spaced
    }
}
