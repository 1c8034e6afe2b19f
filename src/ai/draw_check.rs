//! Checks of the drawing strategies that settle the m,n,k boards (`solve mnk 5x5`,
//! `solve mnk 6x4`), written apart from the searches that find them: their own lines,
//! and the real game's rules for the replays.
//!
//! - [`check_pairing`]: a pairing is a drawing strategy when its pairs are disjoint and
//!   every line holds a whole pair. That suffices, for either side: the side that
//!   answers every move in a pair with the pair's other cell never lets the opponent
//!   own a whole pair (the opponent takes one cell of a pair; the answer takes the
//!   other at once, and it is free, since the pair was untouched until then), so the
//!   opponent never owns a whole line. The answering side's own extra moves (the first
//!   move, or a move when the opponent played outside every pair or into a pair already
//!   split) only add its own marks, which never help the opponent.
//! - [`replay_pairing`]: the same strategy played against every sequence of the
//!   opponent's moves, with no appeal to that argument (and rules of its own).
//! - [`replay_breaker`]: the Maker-Breaker search's moves played in the real game
//!   against every sequence of the opponent's moves, up to the board's symmetries.

use super::breaker::{Breaker, OutOfBudget};
use super::pairing::Pair;
use crate::game::mnk::Mnk;
use crate::game::{Game, Outcome, Player};
use std::collections::HashSet;

/// The lines of `k` in a row on a flat `width` x `height` board, cells numbered row by
/// row, found by walking every direction from every cell (not the game's own list).
pub fn lines(width: usize, height: usize, k: usize) -> Vec<Vec<usize>> {
    let mut lines = Vec::new();
    for row in 0..height as isize {
        for column in 0..width as isize {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let cells: Vec<(isize, isize)> = (0..k as isize)
                    .map(|i| (row + i * dr, column + i * dc))
                    .collect();
                if cells.iter().all(|(r, c)| {
                    (0..height as isize).contains(r) && (0..width as isize).contains(c)
                }) {
                    lines.push(
                        cells
                            .iter()
                            .map(|(r, c)| (r * width as isize + c) as usize)
                            .collect(),
                    );
                }
            }
        }
    }
    lines
}

/// Whether `pairs` is a pairing strategy for k in a row on a flat `width` x `height`
/// board: every pair two distinct cells on the board, no cell in two pairs, and every
/// line holding both cells of some pair. The error says which condition fails.
pub fn check_pairing(width: usize, height: usize, k: usize, pairs: &[Pair]) -> Result<(), String> {
    let cells = width * height;
    let mut used = vec![false; cells];
    for [a, b] in pairs {
        let (a, b) = (usize::from(*a), usize::from(*b));
        if a >= cells || b >= cells || a == b {
            return Err(format!("the pair {a}-{b} is not two cells of the board"));
        }
        for cell in [a, b] {
            if used[cell] {
                return Err(format!("cell {cell} is in two pairs"));
            }
            used[cell] = true;
        }
    }
    for line in lines(width, height, k) {
        let holds_a_pair = pairs
            .iter()
            .any(|[a, b]| line.contains(&usize::from(*a)) && line.contains(&usize::from(*b)));
        if !holds_a_pair {
            return Err(format!("the line {line:?} holds no whole pair"));
        }
    }
    Ok(())
}

/// How a replay went: the positions it met, and the most moves a game took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Replayed {
    pub positions: u64,
    pub longest: usize,
}

/// Whether the opponent of `drawer` can still complete a line of `game`: a line with no
/// mark of the drawer's.
fn opponent_has_a_line(game: &Mnk, drawer: Player, lines: &[Vec<usize>]) -> bool {
    lines
        .iter()
        .any(|line| line.iter().all(|cell| game.at(*cell) != Some(drawer)))
}

/// Plays the pairing strategy for `drawer` on an empty flat `width` x `height` board
/// (k in a row, X first) against every sequence of the opponent's moves, and checks
/// that the opponent never completes a line. The rules are this file's own: marks as
/// bit masks, its own lines. The drawer answers a move in a pair with its partner when
/// that is free, and otherwise (its first move as X, or after a move outside the pairs)
/// takes the lowest free cell. A game is followed until the board is full or every line
/// holds a mark of the drawer's. Positions are not merged by symmetry: the strategy is
/// not symmetric.
pub fn replay_pairing(
    (width, height, k): (usize, usize, usize),
    drawer: Player,
    pairs: &[Pair],
) -> Result<Replayed, String> {
    let lines: Vec<u64> = lines(width, height, k)
        .iter()
        .map(|line| line.iter().fold(0, |mask, cell| mask | 1 << cell))
        .collect();
    let mut partner = vec![None; width * height];
    for [a, b] in pairs {
        partner[usize::from(*a)] = Some(*b);
        partner[usize::from(*b)] = Some(*a);
    }
    let mut walk = PairWalk {
        lines,
        partner,
        full: (1u64 << (width * height)) - 1,
        seen: HashSet::new(),
        replayed: Replayed::default(),
    };
    if drawer == Player::X {
        walk.answer(0, 0, None, 0)?;
    } else {
        walk.opponent_moves(0, 0, 0)?;
    }
    Ok(walk.replayed)
}

/// The pairing replay's walk: `mine` the drawer's marks, `theirs` the opponent's.
struct PairWalk {
    lines: Vec<u64>,
    partner: Vec<Option<u8>>,
    full: u64,
    seen: HashSet<(u64, u64)>,
    replayed: Replayed,
}

impl PairWalk {
    fn opponent_moves(&mut self, mine: u64, theirs: u64, plies: usize) -> Result<(), String> {
        self.replayed.longest = self.replayed.longest.max(plies);
        let open = self.lines.iter().any(|line| line & mine == 0);
        if !open || mine | theirs == self.full || !self.seen.insert((mine, theirs)) {
            return Ok(());
        }
        self.replayed.positions += 1;
        let mut free = self.full & !(mine | theirs);
        while free != 0 {
            let cell = free.trailing_zeros() as u8;
            free &= free - 1;
            let after = theirs | 1 << cell;
            if let Some(line) = self.lines.iter().find(|line| after & **line == **line) {
                return Err(format!(
                    "the opponent completes a line ({line:#x}; the drawer holds {mine:#x})"
                ));
            }
            self.answer(mine, after, Some(cell), plies + 1)?;
        }
        Ok(())
    }

    fn answer(
        &mut self,
        mine: u64,
        theirs: u64,
        last: Option<u8>,
        plies: usize,
    ) -> Result<(), String> {
        let free = self.full & !(mine | theirs);
        if free == 0 {
            self.replayed.longest = self.replayed.longest.max(plies);
            return Ok(());
        }
        let cell = last
            .and_then(|last| self.partner[usize::from(last)])
            .filter(|cell| free & (1 << cell) != 0)
            .unwrap_or(free.trailing_zeros() as u8);
        self.opponent_moves(mine | 1 << cell, theirs, plies + 1)
    }
}

/// Plays the Maker-Breaker search's moves for `drawer` from the start of `game`
/// against every sequence of the opponent's moves, and checks that the opponent never
/// completes a line. Each position is taken in its least form under the board's
/// symmetries and the drawer's move chosen there, so one position of each class is
/// followed: the strategy checked is "turn the board to its least form, play the
/// search's move", a strategy like any other. The search only answers; the rules,
/// the lines and the walk are the real game's and this file's.
pub fn replay_breaker(
    game: &Mnk,
    drawer: Player,
    search: &mut Breaker,
) -> Result<Replayed, String> {
    let rules = game.rules();
    let lines = lines(
        usize::from(rules.width),
        usize::from(rules.height),
        usize::from(rules.k),
    );
    let mut walk = Walk {
        drawer,
        lines,
        seen: HashSet::new(),
        replayed: Replayed::default(),
    };
    let mut answer = |position: &Mnk, _last: Option<u8>| -> Result<Option<u8>, String> {
        let (maker, breaker) = (position.marks(drawer.opponent()), position.marks(drawer));
        search
            .breaker_move(maker, breaker)
            .map_err(|OutOfBudget| "the search ran out of its budget".to_string())
    };
    walk.from(*game, None, 0, &mut answer, true)?;
    Ok(walk.replayed)
}

/// The walk over the opponent's every move, the drawer answering.
struct Walk {
    drawer: Player,
    lines: Vec<Vec<usize>>,
    seen: HashSet<(u64, u64)>,
    replayed: Replayed,
}

type Answer<'a> = dyn FnMut(&Mnk, Option<u8>) -> Result<Option<u8>, String> + 'a;

impl Walk {
    /// Follows `position` (after `last`, `plies` moves in), the opponent trying every
    /// move and the drawer answering with `answer`. With `by_class`, positions are
    /// turned to their least form under the board's symmetries first.
    fn from(
        &mut self,
        position: Mnk,
        last: Option<u8>,
        plies: usize,
        answer: &mut Answer,
        by_class: bool,
    ) -> Result<(), String> {
        self.replayed.longest = self.replayed.longest.max(plies);
        match position.outcome() {
            Some(Outcome::Win(winner)) if winner != self.drawer => {
                return Err(format!(
                    "the opponent completes a line: {}",
                    position.picture()
                ));
            }
            Some(_) => return Ok(()),
            None => {}
        }
        if !opponent_has_a_line(&position, self.drawer, &self.lines) {
            return Ok(());
        }
        let position = if by_class {
            least_form(&position)
        } else {
            position
        };
        if !self.seen.insert(position.key()) {
            return Ok(());
        }
        self.replayed.positions += 1;
        if position.to_move() == self.drawer {
            let Some(cell) = answer(&position, last)? else {
                return Err(format!(
                    "the strategy has no move at {}",
                    position.picture()
                ));
            };
            let mut after = position;
            after.play(cell).map_err(|why| {
                format!(
                    "the strategy's move is illegal ({why}) at {}",
                    position.picture()
                )
            })?;
            self.from(after, Some(cell), plies + 1, answer, by_class)
        } else {
            for cell in position.legal_moves() {
                let mut after = position;
                after.play(cell).map_err(|why| why.to_string())?;
                self.from(after, Some(cell), plies + 1, answer, by_class)?;
            }
            Ok(())
        }
    }
}

/// The position's least image under the board's symmetries (by its marks).
fn least_form(position: &Mnk) -> Mnk {
    (0..position.symmetry_count())
        .map(|s| position.transformed(s))
        .min_by_key(|image| image.key())
        .unwrap_or(*position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::pairing::find_pairing;
    use crate::game::mnk::MnkRules;

    fn board(width: u8, height: u8, k: u8) -> Mnk {
        Mnk::new(MnkRules {
            width,
            height,
            k,
            cylinder: false,
        })
    }

    #[test]
    fn the_checker_finds_the_lines_every_board_has() {
        // 3x3: 8 lines; 5x5, five: 12; 6x4, four: 12 in rows, 6 in columns, 6 diagonal.
        assert_eq!(lines(3, 3, 3).len(), 8);
        assert_eq!(lines(5, 5, 5).len(), 12);
        assert_eq!(lines(6, 4, 4).len(), 24);
        for (w, h, k) in [(3, 3, 3), (5, 5, 5), (6, 4, 4), (7, 3, 3)] {
            assert_eq!(
                lines(w, h, k).len(),
                board(w as u8, h as u8, k as u8).lines().len()
            );
        }
    }

    #[test]
    fn a_pairing_that_misses_a_line_or_uses_a_cell_twice_is_refused() {
        let game = board(5, 5, 5);
        let lines: Vec<u64> = game.lines().to_vec();
        let pairs = find_pairing(&lines, (1 << 25) - 1).unwrap();
        assert_eq!(check_pairing(5, 5, 5, &pairs), Ok(()));
        let missing = &pairs[1..];
        assert!(
            check_pairing(5, 5, 5, missing)
                .unwrap_err()
                .contains("holds no whole pair")
        );
        let mut twice = pairs.clone();
        twice[0][1] = twice[1][0];
        assert!(check_pairing(5, 5, 5, &twice).is_err());
        // A pair off the board, or one cell twice.
        assert!(check_pairing(5, 5, 5, &[[3, 25]]).is_err());
        assert!(check_pairing(5, 5, 5, &[[3, 3]]).is_err());
    }

    #[test]
    fn a_replay_catches_a_strategy_that_lets_a_line_through() {
        // 3x3 has no pairing: pairs for only some lines let X complete another.
        let game = board(3, 3, 3);
        let some = [[0u8, 1], [6, 7]];
        let failed = replay_pairing((3, 3, 3), Player::O, &some).unwrap_err();
        assert!(failed.contains("completes a line"), "{failed}");
        // The Maker-Breaker search cannot stop X on 3x3 either: it runs out of moves.
        let mut search = Breaker::for_board(&game, 1_000_000);
        assert!(replay_breaker(&game, Player::O, &mut search).is_err());
    }

    #[test]
    fn on_4x4_the_search_holds_both_sides_in_the_real_game() {
        let game = board(4, 4, 4);
        for drawer in [Player::X, Player::O] {
            let mut search = Breaker::for_board(&game, 1_000_000);
            let replayed = replay_breaker(&game, drawer, &mut search).unwrap();
            assert!(replayed.positions > 10, "{replayed:?}");
        }
    }
}
