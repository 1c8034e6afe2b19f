//! The gravity family's pictures: the rows from the top, `/` between them, then the words
//! the rows cannot tell. Under the ban (`not-on-last`, `giveaway`) the last mark while it
//! is on the board: its column upright (it is always on top), its cell circular (`d5`).
//! Under `linetris` the number of moves made, since vanished rows took marks with them
//! (left out, it is taken to be the number of marks).

use super::{Gravity, GravityRules, MOVE_LIMIT, cell_name};
use crate::game::picture::{PictureError, check_count_numbers, read_cells, write_marks};
use crate::game::{Game, Player};

pub(super) fn write(game: &Gravity) -> String {
    let shape = game.shape();
    let mut text = write_marks(shape.cells(), Some(shape.width), |index| {
        game.at(shape.height - 1 - index / shape.width, index % shape.width)
    });
    if game.rules.ban()
        && let Some(cell) = game.last
    {
        let (row, column) = (
            usize::from(cell) / shape.width,
            usize::from(cell) % shape.width,
        );
        text.push(' ');
        if game.rules.circular {
            text.push_str(&cell_name(row, column));
        } else {
            text.push((b'a' + column as u8) as char);
        }
    }
    if game.rules.linetris {
        text.push_str(&format!(" {}", game.moves));
    }
    text
}

fn impossible(why: String) -> PictureError {
    PictureError::Impossible(why)
}

pub(super) fn read(rules: GravityRules, text: &str) -> Result<Gravity, PictureError> {
    let shape = rules.shape();
    let mut words = text.split_whitespace();
    let marks = words.next().unwrap_or("");
    let (mut last_word, mut count_word) = (None, None);
    for word in words {
        let slot = if word.chars().all(|c| c.is_ascii_digit()) {
            &mut count_word
        } else {
            &mut last_word
        };
        if slot.replace(word).is_some() {
            return Err(impossible(format!(
                "a position is its rows, the last mark and the number of moves, not also \"{word}\""
            )));
        }
    }
    let mut position = Gravity::new(rules);
    for (index, cell) in read_cells(marks, shape.cells())?.into_iter().enumerate() {
        let bit = shape.bit(shape.height - 1 - index / shape.width, index % shape.width);
        match cell {
            Some(Player::X) => position.x |= bit,
            Some(Player::O) => position.o |= bit,
            None => {}
        }
    }
    let (x, o) = (position.x.count_ones(), position.o.count_ones());
    position.moves = match (count_word, rules.linetris) {
        (Some(word), false) => {
            return Err(impossible(format!(
                "only linetris needs the number of moves, not \"{word}\""
            )));
        }
        (Some(word), true) => {
            let moves: u16 = word
                .parse()
                .ok()
                .filter(|moves| *moves <= MOVE_LIMIT)
                .ok_or_else(|| {
                    impossible(format!(
                        "a linetris game has at most {MOVE_LIMIT} moves, not {word}"
                    ))
                })?;
            let (x_moves, o_moves) = (u32::from(moves).div_ceil(2), u32::from(moves) / 2);
            if x > x_moves || o > o_moves {
                return Err(impossible(format!(
                    "{x} X and {o} O cannot be on the board after {moves} moves"
                )));
            }
            moves
        }
        (None, _) => {
            check_count_numbers(x, o)?;
            (x + o) as u16
        }
    };
    let occupied = position.occupied();
    if rules.circular {
        // A pushed mark comes to rest against a wall or a mark, and clearing keeps it so.
        for cell in 0..shape.cells() {
            let (row, column) = (cell / shape.width, cell % shape.width);
            let edge = row == 0 || column == 0 || row == shape.height - 1;
            let edge = edge || column == shape.width - 1;
            let touches = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|(dr, dc)| {
                let (r, c) = (row as i32 + dr, column as i32 + dc);
                shape.inside(r, c) && occupied & shape.bit(r as usize, c as usize) != 0
            });
            if occupied & shape.bit(row, column) != 0 && !edge && !touches {
                return Err(impossible(format!(
                    "the mark at {} touches no wall and no mark: a pushed mark comes to rest against one",
                    cell_name(row, column)
                )));
            }
        }
    } else {
        for column in 0..shape.width {
            let height = (0..shape.height)
                .take_while(|row| occupied & shape.bit(*row, column) != 0)
                .count();
            if (height..shape.height).any(|row| occupied & shape.bit(row, column) != 0) {
                return Err(impossible(format!(
                    "a mark floats above an empty square in column {}: marks fall to the bottom",
                    (b'a' + column as u8) as char
                )));
            }
            position.heights[column] = height as u8;
        }
    }
    let mover = position.to_move().opponent();
    let (x_line, o_line) = (shape.lines_of(position.x), shape.lines_of(position.o));
    let maker = match (x_line != 0, o_line != 0) {
        (true, true) => {
            return Err(impossible(format!(
                "both players cannot have {} in a row: play stops at the first",
                shape.goal
            )));
        }
        (true, false) => Some(Player::X),
        (false, true) => Some(Player::O),
        (false, false) => None,
    };
    if let Some(maker) = maker {
        if maker != mover {
            return Err(impossible(format!(
                "{maker}'s line would have ended the game before {mover}'s last move"
            )));
        }
        position.winner = Some(if rules.giveaway {
            maker.opponent()
        } else {
            maker
        });
    }
    if rules.linetris && maker.is_none() {
        let full = shape.full_edges(occupied, rules.walls());
        if !full.is_empty() {
            return Err(impossible(
                "a full edge would have vanished: linetris clears it after the move".into(),
            ));
        }
    }
    if let Some(word) = last_word {
        if !rules.ban() {
            return Err(impossible(format!(
                "only the ban on the opponent's last mark needs the last mark, not \"{word}\""
            )));
        }
        let cell = if rules.circular {
            let bytes = word.to_ascii_lowercase().into_bytes();
            match bytes.as_slice() {
                [letter, digit]
                    if (b'a'..b'a' + shape.width as u8).contains(letter)
                        && (b'1'..=b'0' + shape.height as u8).contains(digit) =>
                {
                    usize::from(digit - b'1') * shape.width + usize::from(letter - b'a')
                }
                _ => {
                    return Err(impossible(format!(
                        "the last mark is a cell such as d5, not \"{word}\""
                    )));
                }
            }
        } else {
            let column = usize::from(
                position
                    .parse_move(word)
                    .map_err(|why| impossible(why.to_string()))?,
            );
            let height = usize::from(position.heights[column]);
            if height == 0 {
                return Err(impossible(format!(
                    "column {word} is empty, so the last mark cannot be there"
                )));
            }
            (height - 1) * shape.width + column
        };
        let (row, column) = (cell / shape.width, cell % shape.width);
        if position.at(row, column) != Some(mover) {
            return Err(impossible(format!(
                "the last mark, at {}, must be {mover}'s: {mover} moved last",
                cell_name(row, column)
            )));
        }
        position.last = Some(cell as u8);
    }
    Ok(position)
}
