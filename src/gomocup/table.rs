//! The game in progress, kept with the stones of each colour so that a stone can be
//! taken back, the rules changed or a `BOARD` read by rebuilding the position.

use super::command::{self, BoardLine};
use crate::game::Game;
use crate::game::gomoku::renju::EMPTY;
use crate::game::gomoku::{Colour, Gomoku, GomokuRules};

/// A game in progress: its position and the stones of each colour, kept so that a
/// stone can be taken back or the rules changed by rebuilding the position.
#[derive(Debug, Clone)]
pub(super) struct Table {
    pub(super) game: Gomoku,
    black: Vec<usize>,
    white: Vec<usize>,
}

impl Table {
    pub(super) fn new(rules: GomokuRules) -> Table {
        Table {
            game: Gomoku::new(rules),
            black: Vec::new(),
            white: Vec::new(),
        }
    }

    /// The position with these stones under `rules`, or why there is none.
    pub(super) fn with_stones(
        rules: GomokuRules,
        black: Vec<usize>,
        white: Vec<usize>,
    ) -> Result<Table, String> {
        let game = Gomoku::with_stones(rules, &black, &white).map_err(|why| why.to_string())?;
        Ok(Table { game, black, white })
    }

    /// The same stones under other rules, or why they cannot be.
    pub(super) fn with_rules(&self, rules: GomokuRules) -> Result<Table, String> {
        Table::with_stones(rules, self.black.clone(), self.white.clone())
    }

    /// The cell at `x,y`, or why there is none.
    pub(super) fn cell(&self, x: u32, y: u32) -> Result<usize, String> {
        let size = self.game.size();
        i32::try_from(x)
            .ok()
            .zip(i32::try_from(y).ok())
            .and_then(|(x, y)| self.game.index(x, y))
            .ok_or_else(|| format!("{x},{y} is off the {size}x{size} board"))
    }

    /// Puts the stone to move on `cell`, or says why not.
    pub(super) fn play(&mut self, cell: usize) -> Result<(), String> {
        let colour = self.game.colour_to_move();
        let at = self.coordinates(cell);
        if self.game.cells().get(cell) != Some(&EMPTY) {
            return Err(format!("{at} is taken"));
        }
        self.game
            .play(cell as u16)
            .map_err(|why| format!("{at} cannot be played: {why}"))?;
        match colour {
            Colour::Black => self.black.push(cell),
            Colour::White => self.white.push(cell),
        }
        Ok(())
    }

    /// The move's coordinates, `X,Y`.
    pub(super) fn coordinates(&self, cell: usize) -> String {
        let size = self.game.size();
        format!("{},{}", cell % size, cell / size)
    }
}

/// The table without the stone at `x,y`.
pub(super) fn takeback(table: &Table, x: u32, y: u32) -> Result<Table, String> {
    let cell = table.cell(x, y)?;
    let (mut black, mut white) = (table.black.clone(), table.white.clone());
    if let Some(at) = black.iter().position(|c| *c == cell) {
        black.remove(at);
    } else if let Some(at) = white.iter().position(|c| *c == cell) {
        white.remove(at);
    } else {
        return Err(format!("{x},{y} has no stone to take back"));
    }
    Table::with_stones(table.game.rules(), black, white)
        .map_err(|why| format!("taking back {x},{y} leaves a position play cannot reach: {why}"))
}

/// The table a `BOARD` body describes: field 1 the brain's own stones, 2 the
/// opponent's. The brain is to move, so it is black if both have as many stones and
/// white if the opponent has one more.
pub(super) fn board_table(
    table: &Table,
    lines: &[Result<String, String>],
    rules: GomokuRules,
) -> Result<Table, String> {
    let mut own = Vec::new();
    let mut theirs = Vec::new();
    for line in lines {
        let BoardLine { x, y, field } = line
            .as_ref()
            .map_err(String::clone)
            .and_then(|line| command::board_line(line))?;
        let cell = table.cell(x, y)?;
        // Named here in the manager's coordinates (the game would give a cell number).
        if own.contains(&cell) || theirs.contains(&cell) {
            return Err(format!("{x},{y} is given twice"));
        }
        match field {
            1 => own.push(cell),
            2 => theirs.push(cell),
            3 => {
                return Err(format!(
                    "{x},{y},3: a continuous game's winning line is not supported"
                ));
            }
            _ => {
                return Err(format!(
                    "{x},{y},{field}: a field is 1 (own stone) or 2 (opponent's)"
                ));
            }
        }
    }
    let (black, white) = if own.len() == theirs.len() {
        (own, theirs)
    } else if theirs.len() == own.len() + 1 {
        (theirs, own)
    } else {
        return Err(format!(
            "{} own and {} opponent's stones: with the brain to move, the opponent has as many or one more",
            own.len(),
            theirs.len()
        ));
    };
    Table::with_stones(rules, black, white)
}
