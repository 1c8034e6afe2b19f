//! The shape of the game: `lines [CELL]`, its lines (how many, on how many cells) and
//! those through one cell, from the game's own geometry
//! ([`crate::game::Game::winning_lines`]); `count`, every way a small game can go and
//! every position it reaches ([`crate::game::census`]). So a lesson's "the centre lies
//! on 13 lines" or "255,168 different ways" is something the program shows.

use super::event::{Event, LinesThrough};
use super::session::{Session, refuse};
use crate::game::MoveError;
use crate::game::census::{CENSUS_LIMIT, NoCensus, census};
use crate::text::grouped;

impl Session {
    pub(super) fn lines(&self, cell: Option<&str>) -> Vec<Event> {
        let lines = self.game.line_names();
        let title = self.game.title();
        if lines.is_empty() {
            return refuse(&format!(
                "There are no fixed lines of cells in {title} to list: lines knows those of noughts and crosses, the cubes and mnk."
            ));
        }
        let mut cells: Vec<&String> = lines.iter().flatten().collect();
        cells.sort();
        cells.dedup();
        let through = match cell {
            None => None,
            Some(text) => {
                let start = self.game.restart();
                let name = match start.check_move(text) {
                    Ok(name) | Err(MoveError::Illegal { name, .. }) => name,
                    Err(MoveError::Notation(why)) => {
                        return refuse(&format!("\"{text}\" is not a cell of {title}: {why}."));
                    }
                };
                let on: Vec<String> = lines
                    .iter()
                    .filter(|line| line.contains(&name))
                    .map(|line| line.join("-"))
                    .collect();
                Some(LinesThrough {
                    cell: name,
                    lines: on,
                })
            }
        };
        vec![Event::Lines {
            title,
            lines: lines.len(),
            cells: cells.len(),
            through,
        }]
    }

    pub(super) fn count(&self) -> Vec<Event> {
        let title = self.game.title();
        match census(self.game.restart().as_ref()) {
            Ok(census) => vec![Event::Census { title, census }],
            Err(NoCensus::Repeats) => refuse(&format!(
                "Positions repeat in {title}, so the ways a game can go have no end to count."
            )),
            Err(NoCensus::TooBig) => refuse(&format!(
                "{title} has more than {} positions, too many for count.",
                grouped(CENSUS_LIMIT as u64)
            )),
        }
    }
}
