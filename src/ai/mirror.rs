//! The centre-and-mirror strategy of seed 001's 3-D giveaway: "the first player loses
//! unless they take the centre and then always answer with the diametrically opposite
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
//! one. `tests/solvers/cube_misere.rs` checks this against every reply, by search, instead of
//! trusting the argument.

use crate::game::Game;
use crate::game::cube::{Cube, CubeCell};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;

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
