//! A go-bang position as one line of five words: the rows from the top (row 8), `/`
//! between them, `X` and `O` for pieces and a number for a run of empty squares (as
//! chess's FEN, and gomoku's picture, count them); who moves; the sliding moves since
//! the last point; then the fives X has scored and the fives O has scored, each as its
//! two end squares (`a1-e1`), commas between, `-` for none:
//!
//! `XXXXX3/8/8/8/8/8/8/OOOO4 O 0 a8-e8 -`
//!
//! The scored fives are part of the position because they decide the future (a five
//! scored once never scores again), and they are the points: one each. Who moves and the
//! quiet count cannot be told from the board once the pieces slide.

use super::{FIVES, Gobang, QUIET_LIMIT, SIDE, TARGET, filled_fives, parse_square, square_name};
use crate::game::Player;
use crate::game::picture::PictureError;

/// The name of five number `index`: its end squares, the left one first (the lower one
/// of a column).
pub fn five_name(index: usize) -> String {
    let mask = FIVES[index % FIVES.len()];
    let (low, high) = (mask.trailing_zeros() as u8, 63 - mask.leading_zeros() as u8);
    if low % 8 <= high % 8 {
        format!("{}-{}", square_name(low), square_name(high))
    } else {
        format!("{}-{}", square_name(high), square_name(low))
    }
}

/// The five with these two end squares (in either order), if there is one.
fn parse_five(text: &str) -> Result<usize, PictureError> {
    let bad = || {
        PictureError::Impossible(format!(
            "a scored five is written by its end squares, like a1-e1 or a5-e1, not \"{}\"",
            crate::files::shown(text, 12)
        ))
    };
    let (first, second) = text.split_once('-').ok_or_else(bad)?;
    let first = parse_square(first).map_err(|_| bad())?;
    let second = parse_square(second).map_err(|_| bad())?;
    let ends = (1u64 << first) | (1u64 << second);
    FIVES
        .iter()
        .position(|five| {
            let low = five & five.wrapping_neg();
            let high = 1u64 << (63 - five.leading_zeros());
            low | high == ends
        })
        .ok_or_else(bad)
}

fn write_fives(set: u128) -> String {
    if set == 0 {
        return "-".into();
    }
    let names: Vec<String> = (0..FIVES.len())
        .filter(|index| set & 1 << index != 0)
        .map(five_name)
        .collect();
    names.join(",")
}

fn read_fives(text: &str) -> Result<u128, PictureError> {
    if text == "-" {
        return Ok(0);
    }
    text.split(',')
        .try_fold(0u128, |set, name| Ok(set | 1 << parse_five(name)?))
}

/// The picture of `game`.
pub fn write(game: &Gobang) -> String {
    let rows: Vec<String> = (0..SIDE)
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..SIDE {
                match game.at(rank * SIDE + file) {
                    None => empty += 1,
                    Some(player) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(player.symbol());
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    format!(
        "{} {} {} {} {}",
        rows.join("/"),
        game.to_move,
        game.quiet,
        write_fives(game.scored[0]),
        write_fives(game.scored[1])
    )
}

fn impossible(why: impl Into<String>) -> PictureError {
    PictureError::Impossible(why.into())
}

/// The board part: X's and O's squares.
fn read_board(text: &str) -> Result<(u64, u64), PictureError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIDE {
        return Err(impossible(format!(
            "a go-bang board is 8 rows between slashes, not {}",
            rows.len()
        )));
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (index, row) in rows.iter().enumerate() {
        let rank = SIDE - 1 - index;
        let mut file = 0;
        for c in row.chars() {
            let width = match c.to_ascii_uppercase() {
                digit @ '1'..='8' => digit as usize - '0' as usize,
                '.' | 'X' | 'O' => 1,
                other => return Err(PictureError::BadCharacter(other)),
            };
            if file + width > SIDE {
                return Err(impossible(format!(
                    "row {} holds more than 8 squares",
                    rank + 1
                )));
            }
            let bit = 1u64 << (rank * SIDE + file);
            match c.to_ascii_uppercase() {
                'X' => x |= bit,
                'O' => o |= bit,
                _ => {}
            }
            file += width;
        }
        if file != SIDE {
            return Err(impossible(format!(
                "row {} holds {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok((x, o))
}

/// Reads a picture of a game with `pieces` each, refusing what play cannot reach as far
/// as the picture shows it.
pub fn read(pieces: u8, text: &str) -> Result<Gobang, PictureError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [board, mover, quiet, x_fives, o_fives] = words[..] else {
        return Err(impossible(format!(
            "a go-bang position is five words: the rows, who moves, the quiet moves and the fives X and O scored (8/8/8/8/8/8/8/8 X 0 - -), not {}",
            words.len()
        )));
    };
    let (x, o) = read_board(board)?;
    let to_move = match mover.to_ascii_uppercase().as_str() {
        "X" => Player::X,
        "O" => Player::O,
        _ => {
            return Err(impossible(format!(
                "who moves is X or O, not \"{}\"",
                crate::files::shown(mover, 12)
            )));
        }
    };
    let quiet: u8 = quiet
        .parse()
        .ok()
        .filter(|n| *n <= QUIET_LIMIT)
        .ok_or_else(|| {
            impossible(format!(
                "the quiet moves are a number from 0 to {QUIET_LIMIT}, not \"{}\"",
                crate::files::shown(quiet, 12)
            ))
        })?;
    let scored = [read_fives(x_fives)?, read_fives(o_fives)?];
    let game = Gobang {
        pieces,
        x,
        o,
        to_move,
        scored,
        quiet,
        plies: 0,
    };
    let (xs, os) = (x.count_ones(), o.count_ones());
    let all = u32::from(pieces);
    if xs > all || os > all {
        return Err(impossible(format!(
            "{xs} X and {os} O cannot be: each side has {pieces} pieces"
        )));
    }
    if game.placing() {
        let by_counts = crate::game::turn(xs, os);
        if xs != os && xs != os + 1 {
            return Err(PictureError::ImpossibleCounts { x: xs, o: os });
        }
        if by_counts != to_move {
            return Err(impossible(
                "while pieces are being placed, the counts say who moves",
            ));
        }
        if quiet != 0 {
            return Err(impossible(
                "moves without a point are counted only once the pieces slide",
            ));
        }
    }
    for (player, stones) in [(Player::X, x), (Player::O, o)] {
        let filled = filled_fives(stones);
        let scored = game.scored(player);
        if filled & !scored != 0 {
            return Err(impossible(format!(
                "a five of {player} on the board scored when it was made, so it belongs in {player}'s list"
            )));
        }
        if game.placing() && scored & !filled != 0 {
            return Err(impossible(format!(
                "while pieces are being placed none moves, so every five {player} scored still stands"
            )));
        }
    }
    let (x_points, o_points) = (game.score(Player::X), game.score(Player::O));
    if x_points >= TARGET && o_points >= TARGET {
        return Err(impossible(format!(
            "both sides cannot have {TARGET} points: the first to reach them wins"
        )));
    }
    if (x_points >= TARGET || o_points >= TARGET) && quiet != 0 {
        return Err(impossible(
            "the move that reached the winning points scored, so no quiet moves follow it",
        ));
    }
    for (player, points) in [(Player::X, x_points), (Player::O, o_points)] {
        if points >= TARGET && to_move == player {
            return Err(impossible(format!(
                "{player} won on reaching {TARGET} points, so {player} cannot be the one to move"
            )));
        }
    }
    // The moves made are at least the pieces placed and the quiet moves.
    let plies = (xs + os) as u16 + u16::from(quiet);
    Ok(Gobang { plies, ..game })
}
