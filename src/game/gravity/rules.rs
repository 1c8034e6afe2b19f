//! The declaration of the gravity family and its rule options: which combinations make
//! sense and what each changes.

use super::Gravity;
use super::board::{Push, Shape};
use crate::game::{Declaration, Declared, GameOption, OptionFiles};

/// Gravity noughts and crosses and the seed's versions of it.
pub const GRAVITY: Declaration = Declaration {
    name: "gravity",
    about: "8x8 upright: marks fall; four in a row wins",
    options: &[
        GameOption {
            name: "not-on-last",
            help: "no mark directly on top of the opponent's last one (the survey's ban for \
                   giveaway; on the ordinary game X wins by stacking one column)",
            value: None,
        },
        GameOption {
            name: "giveaway",
            help: "whoever makes four of their own in a row loses; no mark on top of the \
                   opponent's last one",
            value: None,
        },
        GameOption {
            name: "five",
            help: "the survey's board with a floor: 15 columns, 8 rows, five in a row wins",
            value: None,
        },
        GameOption {
            name: "circular",
            help: "marks are pushed in from any wall: dv d^ into column d from the top or \
                   bottom, 3< 3> into row 3 from the right or left",
            value: None,
        },
        GameOption {
            name: "linetris",
            help: "a full bottom row (circular: a full edge) vanishes and the rest shifts \
                   toward it; a game of 128 moves is a draw",
            value: None,
        },
    ],
    notation: "a column letter, a (left) to h: the mark falls to the lowest empty square; \
               circular: dv or d^ push into column d from the top or bottom, 3< or 3> into \
               row 3 from the right or left",
    example: "d",
    picture: "rows 8 (top) to 1, `/` between (15 cells a row with `five`); under the ban \
        (`not-on-last`, `giveaway`) the last mark follows while it is on the board, as \
        its column upright (`... d`) and as its cell with `circular` (`... d5`); with \
        `linetris` the number of moves made follows last (`... 17`), since vanished rows \
        took marks with them (left out, it is the number of marks)",
    rules: "the algorithm page's falling noughts and crosses: 8x8 upright; a mark falls to \
        the lowest empty square of its column; four in a row wins; a full board draws. \
        `not-on-last`: no mark may come to rest on the opponent's last one (waived when \
        every move would); the page gives this ban with giveaway, and on the ordinary \
        game it breaks it (the first player wins by stacking one column: [the claims \
        table](research/claims.md)). `giveaway` (the page's поддавки, \"giveaway\"): \
        whoever makes four of their own in a row loses; the page says it from X's side (X \
        wins if four O appear), here it holds for both, and the ban is always on (the \
        page's rule for this version; no option lifts it, and `giveaway not-on-last` is \
        refused as saying it twice). `five`: the page's first version, an unbounded board \
        with a floor and five in a row, played on a fixed board 15 columns wide (gomoku's \
        width, a to o) and 8 high: wide enough that the sides rarely matter, and the \
        floor is kept; five or more in a row wins, a full board draws. `linetris`: after \
        a drop a full bottom row vanishes and everything above drops one row; a line is \
        looked for when the mark lands, so a four made by the drop wins even when it lies \
        in the row that would vanish (the game ends and the row stays); clearing moves \
        every mark alike and so never makes a line (nor gives both players one); the \
        board never fills, so a game of 128 moves is a draw. `circular`: a mark is pushed \
        in from any of the four walls along a column or row and slides to the first \
        blocked cell (the one before the first mark, or the far wall); a push whose \
        entrance is taken is refused; with no entrance free the game is drawn. `circular \
        linetris`: a full edge row or column vanishes and the field shifts toward that \
        wall; only an edge through the new mark can fill, and a corner mark that fills \
        two edges clears both at once (the field shifts diagonally), so no wall comes \
        first and the game keeps the square's eight symmetries (upright games keep only \
        the left-right mirror: the floor and the clearing tell up from down). The ban \
        under `circular`: no mark may come to rest against the opponent's last one. \
        `five` is upright only. Under `circular` a bare \
        column, `d`, falls from the top as `dv` does.",
    too_big_for_menace: Some(
        "gravity on 8x8 (or 15x8) has far too many positions for matchboxes: no box limit could hold what MENACE would need",
    ),
};

impl Declared for Gravity {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Gravity, String> {
        let has = |name: &str| options.contains(&name);
        let rules = GravityRules {
            not_on_last: has("not-on-last"),
            giveaway: has("giveaway"),
            five: has("five"),
            circular: has("circular"),
            linetris: has("linetris"),
        };
        if rules.giveaway && rules.not_on_last {
            return Err(
                "giveaway already forbids a mark on top of the opponent's last one: leave out not-on-last"
                    .into(),
            );
        }
        if rules.five && (rules.circular || rules.linetris) {
            return Err(
                "five is the survey's upright board with a floor; linetris and circular are 8x8 games"
                    .into(),
            );
        }
        Ok(Gravity::new(rules))
    }
}

/// A game of linetris that reaches this many moves is a draw: its board never fills.
pub const MOVE_LIMIT: u16 = 128;

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GravityRules {
    /// No mark may come to rest on (against) the opponent's last one.
    pub not_on_last: bool,
    /// Four of your own in a row loses; the ban above is on.
    pub giveaway: bool,
    /// 15 columns by 8 rows, five in a row.
    pub five: bool,
    /// Pushes from all four walls.
    pub circular: bool,
    /// Full edges vanish.
    pub linetris: bool,
}

impl GravityRules {
    /// The board's size and the length of a line.
    pub fn shape(self) -> Shape {
        if self.five {
            Shape {
                width: 15,
                height: 8,
                goal: 5,
            }
        } else {
            Shape {
                width: 8,
                height: 8,
                goal: 4,
            }
        }
    }

    /// Whether the opponent's last mark may not be rested on.
    pub fn ban(self) -> bool {
        self.not_on_last || self.giveaway
    }

    /// The walls a mark may be pushed toward, which are also the edges linetris clears.
    pub(super) fn walls(self) -> &'static [Push] {
        if self.circular {
            &Push::ALL
        } else {
            &[Push::Down]
        }
    }
}
