//! A gomoku position as one line: the rows from the top, `/` between them, `X` a black
//! stone, `O` a white one and a number for a run of empty cells (as chess's FEN counts
//! empty squares), so 15x15 fits a line: `15/15/.../7X7/...`. After a swap the word
//! `swapped` follows.

use super::renju::{BLACK, EMPTY, WHITE};
use super::{Colour, DIRECTIONS, Gomoku, GomokuRules};
use crate::game::picture::{PictureError, split_suffix};

/// The picture of `game`.
pub fn write(game: &Gomoku) -> String {
    let size = game.size();
    let rows: Vec<String> = game
        .cells()
        .chunks(size)
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                if *cell == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(if *cell == BLACK { 'X' } else { 'O' });
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let mut picture = rows.join("/");
    if game.swapped() {
        picture.push_str(" swapped");
    }
    picture
}

/// Reads a picture under `rules`, refusing what play cannot reach as far as the
/// picture shows it (the stone counts, a win by both or by the side that did not move
/// last, the swap opening's centre stone).
pub fn read(rules: GomokuRules, text: &str) -> Result<Gomoku, PictureError> {
    let (marks, suffix) = split_suffix(text)?;
    let size = usize::from(rules.size);
    let rows: Vec<&str> = marks.split('/').collect();
    if rows.len() != size {
        return Err(PictureError::Impossible(format!(
            "a {size}x{size} position has {size} rows between slashes, not {}",
            rows.len()
        )));
    }
    let mut game = Gomoku::new(rules);
    let mut cells = Vec::with_capacity(size * size);
    for (index, row) in rows.iter().enumerate() {
        let start = cells.len();
        let mut digits = String::new();
        let flush = |digits: &mut String, cells: &mut Vec<u8>| -> Result<(), PictureError> {
            if !digits.is_empty() {
                let run: usize = digits.parse().unwrap_or(usize::MAX);
                if run > size {
                    return Err(PictureError::Impossible(format!(
                        "row {} counts {digits} empty cells in a row of {size}",
                        index + 1
                    )));
                }
                cells.extend(std::iter::repeat_n(EMPTY, run));
                digits.clear();
            }
            Ok(())
        };
        for c in row.chars() {
            match c.to_ascii_uppercase() {
                '0'..='9' => digits.push(c),
                'X' | 'O' | '.' => {
                    flush(&mut digits, &mut cells)?;
                    cells.push(match c.to_ascii_uppercase() {
                        'X' => BLACK,
                        'O' => WHITE,
                        _ => EMPTY,
                    });
                }
                other => return Err(PictureError::BadCharacter(other)),
            }
        }
        flush(&mut digits, &mut cells)?;
        if cells.len() - start != size {
            return Err(PictureError::Impossible(format!(
                "row {} from the top has {} cells, not {size}",
                index + 1,
                cells.len() - start
            )));
        }
    }
    // Replay the stones' colours in the order play would have put them down, so the
    // counts, the key and the side to move come out as play makes them.
    let black: Vec<usize> = (0..cells.len()).filter(|c| cells[*c] == BLACK).collect();
    let white: Vec<usize> = (0..cells.len()).filter(|c| cells[*c] == WHITE).collect();
    let (mut next_black, mut next_white) = (black.iter(), white.iter());
    if rules.swap && !black.is_empty() && cells[game.centre()] != BLACK {
        return Err(PictureError::Impossible(format!(
            "in the swap opening black's first stone is in the centre, {}",
            game.cell_name(game.centre())
        )));
    }
    for _ in 0..black.len() + white.len() {
        let colour = game.colour_to_move();
        let cell = match colour {
            Colour::Black => next_black.next(),
            Colour::White => next_white.next(),
        };
        let Some(cell) = cell else {
            return Err(PictureError::Impossible(format!(
                "{} black and {} white stones cannot happen: {}",
                black.len(),
                white.len(),
                if rules.connect6 {
                    "black plays one stone, then each side two a turn"
                } else {
                    "black moves first, so black has as many stones as white or one more"
                }
            )));
        };
        game.place(*cell, colour);
    }
    game.last = None;
    let wins = |colour: Colour| {
        (0..cells.len()).any(|cell| {
            cells[cell] == colour.code()
                && DIRECTIONS
                    .iter()
                    .any(|d| game.run_wins(game.run_through(cell, colour.code(), *d), colour))
        })
    };
    let (black_wins, white_wins) = (wins(Colour::Black), wins(Colour::White));
    let last_colour = {
        let mut before = Gomoku::new(rules);
        before.stones = game.stones.saturating_sub(1);
        before.colour_to_move()
    };
    game.winner = match (black_wins, white_wins) {
        (true, true) => {
            return Err(PictureError::Impossible(
                "both colours cannot have a winning line: play stops at the first".into(),
            ));
        }
        (true, false) => Some(Colour::Black),
        (false, true) => Some(Colour::White),
        (false, false) => None,
    };
    if let Some(winner) = game.winner
        && winner != last_colour
    {
        return Err(PictureError::Impossible(format!(
            "{} has a winning line but did not move last: play would have stopped",
            winner.name()
        )));
    }
    game.black_stuck = game.renju_black_stuck();
    match suffix {
        None => {}
        Some(word) if word.eq_ignore_ascii_case("swapped") => {
            if !rules.swap || game.stones < 3 {
                return Err(PictureError::Impossible(
                    "only the swap opening can be swapped, and only after three stones".into(),
                ));
            }
            game.swapped = true;
        }
        Some(word) => {
            return Err(PictureError::Impossible(format!(
                "the only word after a gomoku position is swapped, not \"{}\"",
                crate::files::shown(word, 20)
            )));
        }
    }
    Ok(game)
}
