//! How gomoku and connect-6 declare themselves to the registry: their names, options
//! and help, and how a game starts from the options chosen.

use super::{Gomoku, GomokuRules, MAX_SIZE, MIN_SIZE};
use crate::game::{Declaration, Declared, GameOption, OptionFiles, OptionValue};

const TOO_BIG: &str = "a board this size has more positions than any number of matchboxes could hold (MENACE needs a box for every position it meets)";

/// The size option every game of the family takes; its help's example names the game
/// (`gomoku 19`, `connect6 15`).
const fn size_option(help: &'static str) -> GameOption {
    GameOption {
        name: "size",
        help,
        value: Some(OptionValue {
            placeholder: "N",
            examples: &["7"],
        }),
    }
}

/// Free-style gomoku and its options.
pub const GOMOKU: Declaration = Declaration {
    name: "gomoku",
    about: "15x15: five or more in a row wins (the gomoku bot article)",
    options: &[
        size_option("the board's side, 5 to 26; a bare number says the same (gomoku 19)"),
        GameOption {
            name: "exactly-five",
            help: "only exactly five wins; six or more does not",
            value: None,
        },
        GameOption {
            name: "renju",
            help: "black may not make two threes, two fours or six; white's six wins",
            value: None,
        },
        GameOption {
            name: "swap",
            help: "black opens in the centre, a free stone each, then white may swap",
            value: None,
        },
    ],
    notation: "a cell: column letter and row number from the bottom, h8 the centre",
    example: "h8",
    picture: "the rows from the top, `/` between, `X` black, `O` white and a number for a run \
        of empty cells, as chess's FEN counts them (`15/15/.../7X7/...`); after a swap \
        the word `swapped` follows",
    rules: "the gomoku bot article's five in a row, on a board of N x N (5 to 26, default \
        15): five or more in a row wins (the article's `checkWin`, which looks only along \
        the four lines through the new stone); `exactly-five`: six or more does not win. \
        `renju` (the algorithm page): black may not make two open threes, two fours (also \
        two in one line, `XXX.X.XXX`) or six in a row, unless the move makes five; a \
        three counts only if a move black may make turns it into an open four (checked \
        again for that move, as deep as it goes); white's six wins. `swap` (the algorithm \
        page): black's first stone goes in the centre, white and black each place one \
        anywhere, and then white may type `swap` and take black's stones instead of \
        playing. A full board is a draw (in renju also black with every empty cell \
        forbidden).",
    too_big_for_menace: Some(TOO_BIG),
};

/// Connect-6.
pub const CONNECT6: Declaration = Declaration {
    name: "connect6",
    about: "19x19: six in a row wins; one stone first, then two stones a turn",
    options: &[size_option(
        "the board's side, 5 to 26; a bare number says the same (connect6 15)",
    )],
    notation: "a cell: column letter and row number from the bottom, j10 the centre",
    example: "j10",
    picture: "the rows from the top, `/` between, `X` black, `O` white and a number for a run \
        of empty cells, as chess's FEN counts them (`15/15/.../7X7/...`); after a swap \
        the word `swapped` follows",
    rules: "six in a row on N x N (default 19); black plays one stone, then each side two a \
        turn (the prompt says which of the two).",
    too_big_for_menace: Some(TOO_BIG),
};

impl Declared for Gomoku {
    fn start(
        declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Gomoku, String> {
        let connect6 = declaration.name == CONNECT6.name;
        let mut size = if connect6 { 19 } else { 15 };
        for option in options {
            if let Some(value) = option.strip_prefix("size ") {
                size = value
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                    .ok_or_else(|| {
                        format!(
                            "a board's side is a number from {MIN_SIZE} to {MAX_SIZE}, not \"{}\"",
                            crate::files::shown(value, 20)
                        )
                    })?;
            }
        }
        let rules = GomokuRules {
            size,
            goal: if connect6 { 6 } else { 5 },
            exactly_five: options.contains(&"exactly-five"),
            renju: options.contains(&"renju"),
            swap: options.contains(&"swap"),
            connect6,
        };
        if rules.renju && rules.exactly_five {
            return Err(
                "renju already has its own rule for six in a row: choose renju or exactly-five"
                    .into(),
            );
        }
        if usize::from(size) < usize::from(rules.goal) {
            return Err(format!(
                "{} in a row needs a board of at least {} lines",
                rules.goal, rules.goal
            ));
        }
        Ok(Gomoku::new(rules))
    }
}
