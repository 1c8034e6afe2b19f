//! The centre-and-mirror strategy of the algorithm page's 3-D giveaway: "the first player
//! loses unless they take the centre and then always answer with the diametrically opposite
//! cell". The agent takes the centre of the 3x3x3 cube if it is free, and otherwise the
//! cell opposite (through the centre) to one of the opponent's marks whose opposite is
//! still empty; with no such cell, the lowest empty one.
//!
//! Why it cannot lose the giveaway game as the first player: every line through the
//! centre is a cell, the centre and the cell opposite, and the mirror player holds one
//! of each opposite pair, so none of those lines is theirs; any other line of theirs is
//! the mirror image of a line the opponent completed one move earlier, which ended the
//! game first. And since a full cube always holds a line (the test
//! `a_full_3x3x3_cube_always_has_a_line` checks all 20,058,300), the opponent must make
//! one. `tests/solvers/cube_misere.rs` checks this against every reply, by search, instead
//! of trusting the argument.

use crate::game::cube::{Cube, CubeCell};
use crate::game::{Game, Outcome, Player};
use std::collections::HashMap;

/// The centre of the 3x3x3 cube (cells are numbered layer by layer, 0 to 26).
pub const CENTRE: u8 = 13;

/// The cell opposite `cell` through the centre of the 3x3x3 cube.
pub fn opposite(cell: u8) -> u8 {
    26 - cell
}

/// The mirror player's move, or `None` on a finished game or a cube that is not 3x3x3.
pub fn choose(cube: &Cube) -> Option<CubeCell> {
    if cube.geometry().size != 3 || cube.is_over() {
        return None;
    }
    let me = cube.to_move();
    let (mine, theirs) = (cube.marks(me), cube.marks(me.opponent()));
    let empty = |cell: u8| (mine | theirs) & (1 << cell) == 0;
    if empty(CENTRE) {
        return Some(CubeCell(CENTRE));
    }
    (0..27u8)
        .find(|cell| theirs & (1 << cell) != 0 && empty(opposite(*cell)))
        .map(opposite)
        .or_else(|| (0..27u8).find(|cell| empty(*cell)))
        .map(CubeCell)
}

/// The cells the mirror player may take on a giveaway cube: the centre if it is empty,
/// and the opposite of each opponent mark whose opposite is empty. Which of them comes
/// first does not matter to the strategy's argument, so a check tries each.
pub fn mirror_moves(cube: &Cube) -> u64 {
    let me = cube.to_move();
    let (mine, theirs) = (cube.marks(me), cube.marks(me.opponent()));
    let taken = mine | theirs;
    let centre = 1u64 << CENTRE;
    let mut cells = if taken & centre == 0 { centre } else { 0 };
    let mut rest = theirs;
    while rest != 0 {
        let cell = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let answer = 1u64 << opposite(cell);
        if taken & answer == 0 {
            cells |= answer;
        }
    }
    cells
}

/// Whether the player to move on a 3x3x3 giveaway cube can follow the mirror strategy
/// from here: the centre is theirs or empty, and every opponent mark's opposite is
/// empty or theirs. Only then is checking the strategy worth its time.
pub fn can_mirror(cube: &Cube) -> bool {
    if !cube.is_misere() || cube.geometry().size != 3 || cube.is_over() {
        return false;
    }
    let me = cube.to_move();
    let theirs = cube.marks(me.opponent());
    let mirrored = (0..27u8)
        .filter(|cell| theirs & (1 << cell) != 0)
        .fold(0u64, |cells, cell| cells | 1 << opposite(cell));
    theirs & (1 << CENTRE) == 0 && mirrored & theirs == 0
}

/// What checking the mirror strategy against every reply found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorCheck {
    /// Whether the player to move wins by mirror moves whatever the opponent replies.
    pub wins: bool,
    /// A mirror move that keeps the win, when it does.
    pub first: Option<CubeCell>,
    /// Positions looked at, up to symmetry.
    pub positions: usize,
}

/// The check looked at more positions than its budget allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyPositions;

/// Checks, against every reply, whether the player to move on a 3x3x3 giveaway cube wins
/// by mirror moves alone ([`mirror_moves`]: at each of their turns one of them is enough,
/// at each opponent turn every empty cell is tried). A `wins` answer is a proof: the
/// tree it walked covers every reply. A `false` one says only that mirroring does not
/// force the win, not that nothing else does. Positions are remembered up to the 48
/// symmetries of the cube, which all commute with the reflection through the centre.
pub fn check(cube: &Cube, budget: usize) -> Result<MirrorCheck, TooManyPositions> {
    check_search(cube, budget, false)
}

/// The same check, but where the mirror player has no mirror move (their opponent has
/// just filled an opposite pair of their own) any empty cell may be tried. A wider
/// search for the research question of who wins after a first move off the centre;
/// its wins are proofs just as [`check`]'s are.
pub fn check_with_free_moves(cube: &Cube, budget: usize) -> Result<MirrorCheck, TooManyPositions> {
    check_search(cube, budget, true)
}

fn check_search(
    cube: &Cube,
    budget: usize,
    free_moves: bool,
) -> Result<MirrorCheck, TooManyPositions> {
    let mut search = Search {
        prover: cube.to_move(),
        seen: HashMap::new(),
        budget,
        free_moves,
    };
    let mut first = None;
    let mut wins = false;
    if !cube.is_over() && cube.geometry().size == 3 {
        for cell in cells_of(mirror_moves(cube)) {
            let mut next = *cube;
            if next.play(cell).is_ok() && search.wins(&next)? {
                first = Some(cell);
                wins = true;
                break;
            }
        }
    }
    Ok(MirrorCheck {
        wins,
        first,
        positions: search.seen.len() + 1,
    })
}

fn cells_of(mask: u64) -> impl Iterator<Item = CubeCell> {
    (0..27u8)
        .filter(move |cell| mask & (1 << cell) != 0)
        .map(CubeCell)
}

/// The walk behind [`check`]: whether `prover` wins from each position by mirror moves.
struct Search {
    prover: Player,
    seen: HashMap<(u64, u64), bool>,
    budget: usize,
    /// Whether the prover may play any cell when no mirror move is left.
    free_moves: bool,
}

impl Search {
    fn wins(&mut self, cube: &Cube) -> Result<bool, TooManyPositions> {
        if let Some(outcome) = cube.outcome() {
            return Ok(outcome == Outcome::Win(self.prover));
        }
        let (key, _) = cube
            .geometry()
            .canonical(cube.marks(Player::X), cube.marks(Player::O));
        if let Some(known) = self.seen.get(&key) {
            return Ok(*known);
        }
        if self.seen.len() >= self.budget {
            return Err(TooManyPositions);
        }
        let proving = cube.to_move() == self.prover;
        let mirror = mirror_moves(cube);
        let moves: Vec<CubeCell> = if proving && (mirror != 0 || !self.free_moves) {
            cells_of(mirror).collect()
        } else {
            cube.legal_moves()
        };
        // The prover needs one move that wins, the opponent one reply that does not lose.
        let mut result = !proving;
        for cell in moves {
            let mut next = *cube;
            if next.play(cell).is_err() {
                continue;
            }
            if self.wins(&next)? == proving {
                result = proving;
                break;
            }
        }
        self.seen.insert(key, result);
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_cells_are_the_point_reflection_through_the_centre() {
        let geometry = crate::game::cube::Geometry::of(3);
        // Every line through the centre is a cell, the centre and its opposite.
        for line in geometry
            .lines
            .iter()
            .filter(|line| *line & (1 << CENTRE) != 0)
        {
            let cells: Vec<u8> = (0..27).filter(|cell| line & (1 << cell) != 0).collect();
            assert_eq!(cells.len(), 3);
            assert_eq!(opposite(cells[0]), cells[2], "{cells:?}");
        }
        assert_eq!(opposite(CENTRE), CENTRE);
    }

    #[test]
    fn the_mirror_player_takes_the_centre_then_answers_opposite() {
        let mut cube = Cube::misere();
        assert_eq!(choose(&cube), Some(CubeCell(CENTRE)));
        cube.play(CubeCell(CENTRE)).unwrap();
        cube.play(CubeCell(0)).unwrap();
        assert_eq!(choose(&cube), Some(CubeCell(26)));
        cube.play(CubeCell(26)).unwrap();
        cube.play(CubeCell(5)).unwrap();
        assert_eq!(choose(&cube), Some(CubeCell(21)));
    }

    #[test]
    fn mirroring_a_random_second_player_wins_the_giveaway_cube() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..200 {
            let mut cube = Cube::misere();
            while !cube.is_over() {
                let mv = if cube.to_move() == crate::game::Player::X {
                    choose(&cube).unwrap()
                } else {
                    let moves = cube.legal_moves();
                    moves[rng.random_range(0..moves.len())]
                };
                cube.play(mv).unwrap();
            }
            assert_eq!(cube.outcome(), Some(Outcome::Win(crate::game::Player::X)));
        }
    }
}
