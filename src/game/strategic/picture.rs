//! Strategic tic-tac-toe's picture: the whole position as one line, and reading it
//! back (who won which board is recomputed from the marks, and asked for where both
//! players made a line).

use super::notation::{board_digits, digits, digits_of_board};
use super::{CELLS, FULL, Strategic, Target, has_line};
use crate::game::picture::{PictureError, check_count_numbers, read_cells, split_suffix};
use crate::game::{Outcome, Player};

impl Strategic {
    /// The 729 cells as the 27x27 field reads, rows split by `/`, then where the player
    /// to move plays: an operational board (`54`), a tactical board (`5`) or `any`; then
    /// who made their line first in a board where both did (`,54=O`, `,5=X`).
    pub(super) fn write_picture(&self) -> String {
        let mut text = String::with_capacity(CELLS + 60);
        for row in 0..27 {
            if row > 0 {
                text.push('/');
            }
            for column in 0..27 {
                let cell = Strategic::field_cell(row, column);
                text.push(self.at(cell).map_or('.', Player::symbol));
            }
        }
        text.push(' ');
        text.push_str(&match self.target {
            Target::Board(board) => digits_of_board(usize::from(board)),
            Target::Tactical(s) => (s + 1).to_string(),
            Target::Any => "any".to_string(),
        });
        for board in 0..81 {
            if has_line(self.x[board]) && has_line(self.o[board]) {
                let winner = self.board_winner(board).unwrap_or(Player::X);
                text.push_str(&format!(",{}={winner}", digits_of_board(board)));
            }
        }
        for s in 0..9 {
            if has_line(self.won_x[s]) && has_line(self.won_o[s]) {
                let winner = self.tactical_winner(s).unwrap_or(Player::X);
                text.push_str(&format!(",{}={winner}", s + 1));
            }
        }
        text
    }

    pub(super) fn read_picture(&self, text: &str) -> Result<Strategic, PictureError> {
        let impossible = PictureError::Impossible;
        let (marks, suffix) = split_suffix(text.trim())?;
        let cells = read_cells(marks, CELLS)?;
        let mut position = Strategic {
            map: self.map,
            ..Strategic::new()
        };
        for (index, mark) in cells.iter().enumerate() {
            let cell = Strategic::field_cell(index / 27, index % 27);
            match mark {
                Some(Player::X) => position.x[cell / 9] |= 1 << (cell % 9),
                Some(Player::O) => position.o[cell / 9] |= 1 << (cell % 9),
                None => {}
            }
        }
        let count = |boards: &[u16; 81]| boards.iter().map(|b| b.count_ones()).sum::<u32>();
        let (x, o) = (count(&position.x), count(&position.o));
        check_count_numbers(x, o)?;
        position.ply = (x + o) as u16;
        let mut parts = suffix.unwrap_or("any").split(',');
        let target = parts.next().unwrap_or("any").to_string();
        // Who made a line first: operational boards 0..81, tactical boards 81 + s.
        let mut first = [None; 90];
        for part in parts {
            let (board, winner) = part.split_once('=').ok_or_else(|| {
                impossible(format!(
                    "\"{part}\" is not a board and its winner, like 54=O"
                ))
            })?;
            let index = match board_digits(board) {
                Some((s, Some(t))) => 9 * s + t,
                Some((s, None)) => 81 + s,
                None => return Err(impossible(format!("\"{board}\" is not a board"))),
            };
            first[index] = Some(match winner {
                "X" | "x" => Player::X,
                "O" | "o" => Player::O,
                _ => {
                    return Err(impossible(format!(
                        "a board is won by X or O, not \"{winner}\""
                    )));
                }
            });
        }
        position
            .recount(&|index| first[index])
            .map_err(impossible)?;
        position.target = match board_digits(&target) {
            _ if target.eq_ignore_ascii_case("any") => Target::Any,
            Some((s, Some(t))) if position.filled(9 * s + t) != FULL => {
                Target::Board((9 * s + t) as u8)
            }
            Some((s, None)) if position.full[s] != FULL => Target::Tactical(s as u8),
            Some(_) => {
                return Err(impossible(format!(
                    "board {target} is full, so no one is sent there"
                )));
            }
            None => {
                return Err(impossible(format!(
                    "\"{target}\" is not where to play: a board like 54, a board like 5, or any"
                )));
            }
        };
        Ok(position)
    }

    /// Recomputes the boards won and full from the marks alone, for a picture; `first`
    /// says who made their line first where both did, by board.
    fn recount(&mut self, first: &dyn Fn(usize) -> Option<Player>) -> Result<(), String> {
        for board in 0..81 {
            let (s, t) = (board / 9, board % 9);
            let winner = match (has_line(self.x[board]), has_line(self.o[board])) {
                (true, true) => Some(first(board).ok_or_else(|| {
                    format!(
                        "board {} has a line of X and a line of O: say who made theirs first, like ,{}=X",
                        digits(board),
                        digits(board)
                    )
                })?),
                (true, false) => Some(Player::X),
                (false, true) => Some(Player::O),
                (false, false) => None,
            };
            match winner {
                Some(Player::X) => self.won_x[s] |= 1 << t,
                Some(Player::O) => self.won_o[s] |= 1 << t,
                None => {}
            }
            if self.filled(board) == FULL {
                self.full[s] |= 1 << t;
            }
        }
        for s in 0..9 {
            let winner = match (has_line(self.won_x[s]), has_line(self.won_o[s])) {
                (true, true) => Some(first(81 + s).ok_or_else(|| {
                    format!(
                        "board {} has a line of X and a line of O: say who made theirs first, like ,{}=X",
                        s + 1,
                        s + 1
                    )
                })?),
                (true, false) => Some(Player::X),
                (false, true) => Some(Player::O),
                (false, false) => None,
            };
            match winner {
                Some(Player::X) => self.big_x |= 1 << s,
                Some(Player::O) => self.big_o |= 1 << s,
                None => {}
            }
        }
        self.outcome = match (has_line(self.big_x), has_line(self.big_o)) {
            (true, true) => return Err("both X and O have a line of boards".into()),
            (true, false) => Some(Outcome::Win(Player::X)),
            (false, true) => Some(Outcome::Win(Player::O)),
            (false, false) if usize::from(self.ply) == CELLS => Some(Outcome::Draw),
            (false, false) => None,
        };
        Ok(())
    }
}
