//! The gomoku bot article's bot, ported from its JavaScript as exactly as the text allows:
//! every empty cell is weighed by the "attacks" a stone there would make, first for black
//! and then for white, and the bot plays the heaviest cell.
//!
//! An attack is a run of like stones on one line through the cell: its *power* (the
//! stones, at most 5 counted), its *potential* (open ends, 0 to 2) and its *divider* (1
//! for the run through the cell; a "torn" run beyond a gap gets 1 + the empty cells
//! before it, as the seed's `checkCell` increments it). The seed's weights by power and
//! potential are divided by the divider. Two "breakpoints" (attacks that must be
//! answered at once) for one colour add 100; a five for the side to move adds 100.
//!
//! Where the published code is ambiguous, we read it so (README, "The seed's gomoku
//! bot", says the same):
//! - `substitudeFigure` is not shown; the stone put in the cell counts as the central
//!   attack's first stone (power 1), as the text says.
//! - The sixth-cell edge check (`iter == 4` / `iter == 5`) runs before a cell is
//!   otherwise read, so the cell five away only ever decides the edge; it compares the
//!   cell with `this.curFig`, which the class never sets, so read literally only an
//!   empty sixth cell opens the end.
//! - `isBreakPoint` reads the central attack; if the filter dropped it the JavaScript
//!   would fail, but that cannot happen (a central run blocked at both ends leaves no
//!   side runs and no room), and we answer "no breakpoint".
//! - When the second breakpoint is found, the seed's `return` leaves the `forEach`
//!   callback for that direction only: its attacks are not summed, later directions
//!   are. We keep that quirk.
//! - Ties and the candidate area are left open by the seed: every legal empty cell is a
//!   candidate, and among equal weights the bot takes those nearest the board's centre,
//!   then one at random from the generator passed in (so `--seed` replays it).

use crate::game::Game;
use crate::game::gomoku::renju::{BLACK, EMPTY, WHITE};
use crate::game::gomoku::{Colour, DIRECTIONS, Gomoku, SWAP};
use rand::{Rng, RngExt};

/// The seed's `ATTACK_WEIGHT[power][potential]`; unset entries are never read (the
/// filter keeps only attacks with power and potential, or power 5).
const ATTACK_WEIGHT: [[f64; 3]; 6] = [
    [0.0, 0.0, 0.0],
    [0.0, 0.1, 0.25],
    [0.0, 2.0, 5.0],
    [0.0, 4.0, 7.0],
    [0.0, 6.0, 100.0],
    [200.0, 200.0, 200.0],
];

/// The seed's names for the four directions, in the order `countWeight` sums them.
pub const DIRECTION_NAMES: [&str; 4] = ["0°", "45°", "90°", "135°"];

/// One attack: a run of like stones on a line through the cell weighed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attack {
    /// Stones in the run (the seed's `capability`).
    pub power: u8,
    /// Open ends (0 to 2).
    pub potential: u8,
    /// 1 for the run through the cell; 1 + the gap before a torn run.
    pub divider: u8,
}

impl Attack {
    const NEW: Attack = Attack {
        power: 0,
        potential: 0,
        divider: 1,
    };

    /// The seed's `getWeight`: the table's weight divided by the divider.
    pub fn weight(&self) -> f64 {
        let power = usize::from(self.power.min(5));
        ATTACK_WEIGHT[power][usize::from(self.potential.min(2))] / f64::from(self.divider)
    }
}

/// The attacks of one colour on one line through a cell, as `checkLine` collects them:
/// the central one first once `turnAround` has run, then the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    attacks: [Attack; 12],
    len: u8,
    /// The seed's `attackplace`: the cell and the own or empty cells around it up to
    /// four away, until a block.
    pub room: u8,
}

impl Line {
    fn push(&mut self, attack: Attack) {
        if usize::from(self.len) < self.attacks.len() {
            self.attacks[usize::from(self.len)] = attack;
            self.len += 1;
        }
    }

    /// The attacks, in the order the seed's array holds them.
    pub fn attacks(&self) -> &[Attack] {
        &self.attacks[..usize::from(self.len)]
    }

    /// The seed's `filterAttacks`: nothing if the line has no room for five, else the
    /// attacks with power and potential, or with power 5 or more.
    pub fn filtered(&self) -> Line {
        let mut kept = Line { len: 0, ..*self };
        if self.room >= 5 {
            for attack in self.attacks() {
                if (attack.power > 0 && attack.potential > 0) || attack.power >= 5 {
                    kept.push(*attack);
                }
            }
        }
        kept
    }

    /// The seed's `isBreakPoint`, on a filtered line: the central attack has power 4, or
    /// power 3 and two open ends; or a side attack one gap away (divider 2) brings the
    /// powers to 4, counting one more when both have two open ends.
    pub fn is_breakpoint(&self) -> bool {
        let Some(central) = self.attacks().iter().rev().find(|a| a.divider == 1) else {
            return false;
        };
        if central.power >= 4 || (central.potential == 2 && central.power >= 3) {
            return true;
        }
        self.attacks().iter().any(|side| {
            let mut score = central.power;
            if side.divider != 2 {
                return false;
            }
            if central.potential == 2 && side.potential == 2 {
                score += 1;
            }
            score + side.power >= 4
        })
    }
}

/// What a cell holds, as the seed's `checkCell` sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    Stone(u8),
    Empty,
    Border,
}

/// The seed's `checkLine.getAttacks`: `figure` put in `cell`, the line along
/// `(dx, dy)` scanned backwards and then forwards, up to five cells each way.
pub fn scan(size: usize, cells: &[u8], cell: usize, figure: u8, (dx, dy): (i32, i32)) -> Line {
    let (x, y) = ((cell % size) as i32, (cell / size) as i32);
    let seen = |distance: i32, sign: i32| -> Seen {
        let (cx, cy) = (x + sign * distance * dx, y + sign * distance * dy);
        if !(0..size as i32).contains(&cx) || !(0..size as i32).contains(&cy) {
            return Seen::Border;
        }
        match cells[cy as usize * size + cx as usize] {
            EMPTY => Seen::Empty,
            stone => Seen::Stone(stone),
        }
    };
    let mut line = Line {
        attacks: [Attack::NEW; 12],
        len: 0,
        room: 1,
    };
    let mut current = Attack {
        power: 1,
        ..Attack::NEW
    };
    for sign in [-1, 1] {
        if sign == 1 {
            // turnAround: the central attack, pushed first, becomes current again.
            current = line.attacks[0];
            line.attacks.copy_within(1..usize::from(line.len), 0);
            line.len -= 1;
        }
        let mut check_edge = false;
        for distance in 1..=5 {
            let what = seen(distance, sign);
            // The sixth-cell rule: a run reaching the fifth cell (counting the centre)
            // is judged by the next one, which is read for nothing else.
            if distance == 4 && what == Seen::Stone(figure) {
                check_edge = true;
            } else if distance == 5 {
                if check_edge {
                    if what == Seen::Empty {
                        current.potential += 1;
                    }
                    line.push(current);
                }
                break;
            }
            match what {
                Seen::Stone(stone) if stone == figure => {
                    current.power += 1;
                    line.room += 1;
                }
                Seen::Stone(_) | Seen::Border => {
                    line.push(current);
                    break;
                }
                Seen::Empty => {
                    if current.power > 0 {
                        current.potential += 1;
                        line.push(current);
                        current = Attack {
                            potential: 1,
                            ..Attack::NEW
                        };
                    }
                    current.divider += 1;
                    line.room += 1;
                }
            }
        }
    }
    line
}

/// One colour's part of a cell's weight, direction by direction.
#[derive(Debug, Clone, PartialEq)]
pub struct ColourWeight {
    pub colour: Colour,
    /// The filtered attacks of each direction, in the seed's order.
    pub lines: [Line; 4],
    pub breakpoints: [bool; 4],
    /// False for the direction whose attacks the seed skips (its second breakpoint).
    pub summed: [bool; 4],
    pub weight: f64,
}

/// The seed's `count(atks, curFig)` for `colour`, `mover` being the side to move.
fn count(size: usize, cells: &[u8], cell: usize, colour: Colour, mover: Colour) -> ColourWeight {
    let code = if colour == Colour::Black {
        BLACK
    } else {
        WHITE
    };
    let lines = DIRECTIONS.map(|d| scan(size, cells, cell, code, d).filtered());
    let mut result = ColourWeight {
        colour,
        lines,
        breakpoints: [false; 4],
        summed: [true; 4],
        weight: 0.0,
    };
    let mut breakpoints = 0;
    for (index, line) in lines.iter().enumerate() {
        if line.is_breakpoint() {
            result.breakpoints[index] = true;
            breakpoints += 1;
            if breakpoints == 2 {
                result.weight += 100.0;
                result.summed[index] = false;
                continue;
            }
        }
        for attack in line.attacks() {
            if attack.power >= 5 && colour == mover {
                result.weight += 100.0;
            }
            result.weight += attack.weight();
        }
    }
    result
}

/// Everything behind one cell's weight: black's part and white's, for `weights h8`.
#[derive(Debug, Clone, PartialEq)]
pub struct CellWeight {
    pub cell: usize,
    pub parts: [ColourWeight; 2],
}

impl CellWeight {
    pub fn total(&self) -> f64 {
        self.parts[0].weight + self.parts[1].weight
    }
}

/// The seed's `countWeight` of an empty cell, with its parts; `None` for a taken cell.
pub fn explain(game: &Gomoku, cell: usize) -> Option<CellWeight> {
    let cells = game.cells();
    if cells.get(cell) != Some(&EMPTY) {
        return None;
    }
    let mover = game.colour_to_move();
    let size = game.size();
    Some(CellWeight {
        cell,
        parts: [Colour::Black, Colour::White].map(|c| count(size, cells, cell, c, mover)),
    })
}

/// A cell's weight, or `None` if it is taken.
pub fn weight(game: &Gomoku, cell: usize) -> Option<f64> {
    explain(game, cell).map(|w| w.total())
}

/// Every legal cell with its weight, in cell order (the swap, not a cell, left out).
pub fn weights(game: &Gomoku) -> Vec<(usize, f64)> {
    game.legal_moves()
        .into_iter()
        .filter(|mv| *mv != SWAP)
        .filter_map(|mv| weight(game, usize::from(mv)).map(|w| (usize::from(mv), w)))
        .collect()
}

/// The bot's move: the heaviest legal cell; among equals those nearest the centre, then
/// one chosen by `rng`. It never swaps (the seed has no swap). `None` once the game is
/// over.
pub fn choose(game: &Gomoku, rng: &mut dyn Rng) -> Option<u16> {
    let weighed = weights(game);
    let best = weighed
        .iter()
        .map(|(_, w)| *w)
        .fold(f64::NEG_INFINITY, f64::max);
    let size = game.size() as i32;
    let centre = (size - 1) as f64 / 2.0;
    let distance = |cell: usize| {
        let (x, y) = ((cell as i32 % size) as f64, (cell as i32 / size) as f64);
        (x - centre).abs().max((y - centre).abs())
    };
    let heaviest: Vec<usize> = weighed
        .iter()
        .filter(|(_, w)| *w == best)
        .map(|(cell, _)| *cell)
        .collect();
    let nearest = heaviest
        .iter()
        .map(|cell| distance(*cell))
        .fold(f64::INFINITY, f64::min);
    let ties: Vec<usize> = heaviest
        .into_iter()
        .filter(|cell| distance(*cell) == nearest)
        .collect();
    if ties.is_empty() {
        // No cell to weigh: only the swap is left, or nothing.
        return game.legal_moves().first().copied();
    }
    Some(ties[rng.random_range(0..ties.len())] as u16)
}
