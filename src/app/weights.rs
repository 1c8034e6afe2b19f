//! `weights`: the gomoku bot article's view of the board, every empty cell weighed (its
//! `SHOW_WEIGHTS`), or the attacks behind one cell's weight (its `T` key), so a lesson
//! can show what the bot thinks.

use super::event::Event;
use super::session::{Session, refuse};
use crate::ai::gomoku::attack;

impl Session {
    pub(super) fn weights(&self, cell: Option<&str>) -> Vec<Event> {
        let position = match &self.current {
            Some(current) => current.game.boxed_clone(),
            None => self.game.restart(),
        };
        let Some(gomoku) = crate::players::five_in_a_row(position.as_ref()) else {
            return refuse(&format!(
                "Weights are the attack bot's (the gomoku bot article), for five in a row: choose variant gomoku first (this is {}).",
                self.game.title()
            ));
        };
        if position.outcome().is_some() {
            return refuse("The game is over: weights are for the side to move.");
        }
        match cell {
            None => vec![Event::Weights {
                view: position.view(),
                weights: attack::weights(gomoku)
                    .into_iter()
                    .map(|(cell, weight)| (cell, gomoku.cell_name(cell), weight))
                    .collect(),
                mover: gomoku.colour_to_move().name(),
            }],
            Some(name) => {
                let cell = match gomoku.parse_cell(name) {
                    Ok(cell) => cell,
                    Err(why) => return refuse(&format!("{why}.")),
                };
                match attack::explain(gomoku, cell) {
                    Some(explained) => vec![Event::CellWeight {
                        name: gomoku.cell_name(cell),
                        mover: gomoku.colour_to_move().name(),
                        explained,
                    }],
                    None => refuse(&format!(
                        "The cell {} is taken: only an empty cell has a weight.",
                        gomoku.cell_name(cell)
                    )),
                }
            }
        }
    }
}
