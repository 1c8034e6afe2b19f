//! The 3x3x3 cube's solver on its registry entry. The plain cube goes to the generic
//! `analysis::solve`. The giveaway cube (`cube misere`) is too big for it from the start,
//! but the project knows a strategy for it: where the player to move can follow the
//! centre-and-mirror strategy (`crate::ai::mirror`), the strategy is checked against
//! every reply, and a win found that way is reported; anywhere else, or when the check
//! finds no forced win, the generic search answers.

use crate::ai::mirror;
use crate::analysis::{self, Solved};
use crate::game::cube::Cube;
use crate::game::{AnyGame, Game};

/// What `solve` names as the method when the mirror strategy settles a position.
pub const MIRROR_METHOD: &str = "the centre-and-mirror strategy, checked against every reply";

/// The entry's solver: the position's value for the player to move.
pub(super) fn solve(game: &dyn AnyGame, budget: u64) -> Option<Solved> {
    let cube = game.position::<Cube>()?;
    Some(solve_cube(cube, budget))
}

fn solve_cube(cube: &Cube, budget: u64) -> Solved {
    if mirror::can_mirror(cube) {
        let positions = usize::try_from(budget).unwrap_or(usize::MAX);
        if let Ok(found) = mirror::check(cube, positions)
            && found.wins
        {
            return Solved::Wins {
                // The check proves who wins, not in how many moves.
                best: found.first.map(|cell| cube.move_name(cell)),
                positions: found.positions as u64,
                method: MIRROR_METHOD,
            };
        }
    }
    analysis::solve(cube, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::alphabeta::Value;
    use crate::game::cube::CubeCell;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_plain_cube_is_left_to_the_generic_search() {
        // X to move with two in a row on the plain cube: the mirror is not tried.
        let mut cube = Cube::new(3);
        for cell in [0u8, 9, 1, 10] {
            cube.play(CubeCell(cell)).unwrap();
        }
        assert_eq!(
            solve_cube(&cube, 1_000_000),
            analysis::solve(&cube, 1_000_000)
        );
    }

    /// Late giveaway positions, from random play, where the player to move could follow
    /// the mirror strategy: the solver's answer must agree with the generic search's,
    /// and the check must turn some of them down (a check that says "won" to every
    /// position it is shown would pass the first half).
    #[test]
    fn mirror_wins_agree_with_the_generic_search_and_broken_mirrors_are_refused() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let (mut proved, mut refused) = (0, 0);
        for _ in 0..3000 {
            let mut cube = Cube::misere();
            // Mirror with some slips, so that the strategy is broken now and then.
            while cube.ply() < 16 && !cube.is_over() {
                // Random moves that make no line, while there are any.
                let lines = cube.winning_cells(cube.to_move());
                let all = cube.legal_moves();
                let safe: Vec<CubeCell> = all
                    .iter()
                    .copied()
                    .filter(|cell| lines & (1 << cell.0) == 0)
                    .collect();
                let moves = if safe.is_empty() { all } else { safe };
                let mirror_move = mirror::choose(&cube).filter(|_| rng.random_range(0..2) > 0);
                let mv = mirror_move.unwrap_or(moves[rng.random_range(0..moves.len())]);
                cube.play(mv).unwrap();
            }
            // X to move with 11 empty cells, where the generic search is quick.
            if !mirror::can_mirror(&cube) {
                continue;
            }
            let generic = analysis::solve(&cube, 10_000_000);
            let Solved::Value { value, .. } = generic else {
                panic!("the generic search settles 10 empty cells: {generic:?}");
            };
            match solve_cube(&cube, 10_000_000) {
                Solved::Wins {
                    method: MIRROR_METHOD,
                    best,
                    ..
                } => {
                    assert!(matches!(value, Value::Win(_)), "{cube:?}: {value:?}");
                    let mut after = cube;
                    after
                        .play(after.parse_move(&best.unwrap()).unwrap())
                        .unwrap();
                    let reply = analysis::solve(&after, 10_000_000);
                    assert!(
                        matches!(
                            reply,
                            Solved::Value {
                                value: Value::Loss(_),
                                ..
                            }
                        ),
                        "{cube:?}: the mirror move named leaves {reply:?}"
                    );
                    proved += 1;
                }
                other => {
                    assert_eq!(other, generic, "{cube:?}");
                    refused += 1;
                }
            }
        }
        assert!(
            proved >= 10 && refused >= 10,
            "{proved} proved, {refused} refused"
        );
    }
}
