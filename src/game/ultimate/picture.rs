//! Ultimate tic-tac-toe's picture: the 81 cells as the 9x9 grid reads, the board to
//! play in, and who won a board where both sides made a line; and reading one back,
//! refusing positions the rules cannot reach.

use super::{Ultimate, grid_to_cell, has_line, name, parse_pair};
use crate::game::Player;
use crate::game::picture::{PictureError, check_count_numbers, read_cells, split_suffix};

impl Ultimate {
    /// The 81 cells as the 9x9 grid reads, rows split by `/`, then where the player to
    /// move plays: a board (`MM`) or `any`; boards in which both players made a line say
    /// who won them first (`MM,LR=O`).
    pub(super) fn write_picture(&self) -> String {
        let mut text = String::with_capacity(110);
        for row in 0..9 {
            if row > 0 {
                text.push('/');
            }
            for column in 0..9 {
                let cell = grid_to_cell(row, column);
                text.push(self.at(cell).map_or('.', Player::symbol));
            }
        }
        text.push(' ');
        text.push_str(
            &self
                .target
                .map_or("any".to_string(), |b| name(usize::from(b))),
        );
        for board in 0..9 {
            if has_line(self.x[board]) && has_line(self.o[board]) {
                let winner = self.board_winner(board).unwrap_or(Player::X);
                text.push_str(&format!(",{}={winner}", name(board)));
            }
        }
        text
    }

    /// The position a picture shows, checked: marks that could have been played, each
    /// board with lines of both sides given a winner, a board to play in that is open.
    pub(super) fn read_picture(&self, text: &str) -> Result<Ultimate, PictureError> {
        let (marks, suffix) = split_suffix(text.trim())?;
        let cells = read_cells(marks, 81)?;
        let mut position = Ultimate::new(self.rules);
        for (index, mark) in cells.iter().enumerate() {
            let cell = grid_to_cell(index / 9, index % 9);
            match mark {
                Some(Player::X) => position.x[cell / 9] |= 1 << (cell % 9),
                Some(Player::O) => position.o[cell / 9] |= 1 << (cell % 9),
                None => {}
            }
        }
        let (x, o) = position.marks();
        check_count_numbers(x, o)?;
        position.recount();
        let suffix = suffix.unwrap_or("any");
        let mut parts = suffix.split(',');
        let target = parts.next().unwrap_or("any");
        let mut stated = [None; 9];
        for part in parts {
            let (board, winner) = part.split_once('=').ok_or_else(|| {
                PictureError::Impossible(format!(
                    "\"{part}\" is not a board and its winner, like LR=O"
                ))
            })?;
            let board = parse_pair(board, "board")
                .map_err(|why| PictureError::Impossible(why.to_string()))?;
            stated[board] = Some(match winner.to_ascii_uppercase().as_str() {
                "X" => Player::X,
                "O" => Player::O,
                _ => {
                    return Err(PictureError::Impossible(format!(
                        "a board is won by X or O, not \"{winner}\""
                    )));
                }
            });
        }
        for (board, stated) in stated.into_iter().enumerate() {
            let both = has_line(position.x[board]) && has_line(position.o[board]);
            if both && self.rules.closed {
                return Err(PictureError::Impossible(format!(
                    "board {} has lines of both X and O, which the closed rule cannot reach",
                    name(board)
                )));
            }
            let winner = match (has_line(position.x[board]), has_line(position.o[board])) {
                (true, true) => Some(stated.ok_or_else(|| {
                    PictureError::Impossible(format!(
                        "board {} has a line of X and a line of O: say who made theirs first, like {},{}=X",
                        name(board),
                        target,
                        name(board)
                    ))
                })?),
                (true, false) => Some(Player::X),
                (false, true) => Some(Player::O),
                (false, false) => None,
            };
            match winner {
                Some(Player::X) => position.won_x |= 1 << board,
                Some(Player::O) => position.won_o |= 1 << board,
                None => {}
            }
        }
        position.target = if target.eq_ignore_ascii_case("any") {
            None
        } else {
            let board = parse_pair(target, "board")
                .map_err(|why| PictureError::Impossible(why.to_string()))?;
            if !position.open(board) {
                return Err(PictureError::Impossible(format!(
                    "board {} cannot be played in, so no one is sent there",
                    name(board)
                )));
            }
            Some(board as u8)
        };
        position.outcome = position.judge();
        Ok(position)
    }
}
