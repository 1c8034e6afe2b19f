//! The m,n,k-game's solver on its registry entry. Draws are proved by the Maker-Breaker
//! search of `crate::ai::breaker`: if the player to move can stop every line of the
//! opponent's, and the opponent every line of theirs, neither side can force a line and
//! the game is a draw. That settles boards the generic alpha-beta cannot: five in a row
//! on 5x5 (a pairing strategy from the first move, one position) and four in a row on
//! 6x4 (58,012 positions). Where either side can force a line in the Maker-Breaker game
//! (which may still be a draw in the real one, where threats must be answered), or the
//! budget runs out, the generic search answers, with the length of a win.

use crate::ai::alphabeta::Value;
use crate::ai::breaker::{Breaker, OutOfBudget};
use crate::analysis::{self, Solved};
use crate::game::mnk::Mnk;
use crate::game::{AnyGame, Game};

/// What `solve` names as the method when the Maker-Breaker search proves a draw.
pub const DRAW_METHOD: &str = "Maker-Breaker search with pairings";

/// The entry's solver: the position's value for the player to move.
pub(super) fn solve(game: &dyn AnyGame, budget: u64) -> Option<Solved> {
    let board = game.position::<Mnk>()?;
    Some(solve_board(board, budget))
}

/// The value of `board` for the player to move: a draw proved both ways, or the generic
/// search's answer.
pub fn solve_board(board: &Mnk, budget: u64) -> Solved {
    if !board.is_over()
        && let Ok(Some(drawn)) = prove_draw(board, budget)
    {
        return drawn;
    }
    analysis::solve(board, budget)
}

/// `Some` draw when each side stops the other's lines, with the move by which the player
/// to move does; `None` when one of them cannot.
fn prove_draw(board: &Mnk, budget: u64) -> Result<Option<Solved>, OutOfBudget> {
    let mover = board.to_move();
    let (mine, theirs) = (board.marks(mover), board.marks(mover.opponent()));
    let mut search = Breaker::for_board(board, budget.min(Breaker::positions_memory_allows()));
    // The opponent stops the player to move, who moves first; and the player to move,
    // moving first, stops the opponent.
    if !search.stops(mine, theirs, true)? || !search.stops(theirs, mine, false)? {
        return Ok(None);
    }
    let best = match search.breaker_move(theirs, mine)? {
        Some(cell) => Some(board.move_name(cell)),
        // No live line of the opponent's is left to stop, so the breaker's search names
        // no move; one that keeps the draw is still owed: the first that ends the game
        // drawn or leaves a draw proved both ways.
        None => drawing_move(board, budget)?,
    };
    Ok(Some(Solved::Value {
        value: Value::Draw,
        best,
        positions: search.positions,
        method: DRAW_METHOD,
    }))
}

/// A move of `board`'s, in the game's own order, after which the game is drawn or a
/// draw is proved both ways; `None` if no move is proved to keep the draw.
fn drawing_move(board: &Mnk, budget: u64) -> Result<Option<String>, OutOfBudget> {
    let mut moves = board.legal_moves();
    board.order_moves(&mut moves);
    for mv in moves {
        let mut after = *board;
        if after.play(mv).is_err() {
            continue;
        }
        let keeps = if after.is_over() {
            after.outcome() == Some(crate::game::Outcome::Draw)
        } else {
            prove_draw(&after, budget)?.is_some()
        };
        if keeps {
            return Ok(Some(board.move_name(mv)));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::mnk::MnkRules;
    use rand::{RngExt, SeedableRng};

    fn board(width: u8, height: u8, k: u8, cylinder: bool) -> Mnk {
        Mnk::new(MnkRules {
            width,
            height,
            k,
            cylinder,
        })
    }

    #[test]
    fn five_in_a_row_on_5x5_and_four_on_6x4_are_proved_draws() {
        for game in [board(5, 5, 5, false), board(6, 4, 4, false)] {
            let solved = solve_board(&game, 1_000_000);
            let Solved::Value {
                value: Value::Draw,
                best: Some(best),
                method: DRAW_METHOD,
                ..
            } = solved
            else {
                panic!("{game:?}: {solved:?}");
            };
            assert!(game.parse_move(&best).is_ok(), "{best}");
        }
    }

    /// Late positions where the opponent has no live line left: the draw still comes
    /// with a move, and the move keeps it (alpha-beta says so after it).
    #[test]
    fn a_proved_draw_always_names_a_move_that_keeps_it() {
        let rules = board(4, 4, 4, false);
        let mut positions: Vec<Mnk> = [
            ".XO./.O.X/..XO/XOXO",
            ".X.X/..XO/OOX./X.OO",
            "OXOX/X.XO/O..X/.OOX",
            "O.OX/XOO./.OX./OXXX",
        ]
        .iter()
        .map(|picture| rules.from_picture(picture).unwrap())
        .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        for _ in 0..200 {
            let mut game = rules;
            for _ in 0..rng.random_range(6..14) {
                let moves = game.legal_moves();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                let _ = game.play(moves[rng.random_range(0..moves.len())]);
            }
            if !game.is_over() {
                positions.push(game);
            }
        }
        let mut named = 0;
        for game in positions {
            let Solved::Value {
                value: Value::Draw,
                best,
                method: DRAW_METHOD,
                ..
            } = solve_board(&game, 5_000_000)
            else {
                continue;
            };
            let best = best.unwrap_or_else(|| panic!("{}: a draw with no move", game.picture()));
            let mut after = game;
            after.play(after.parse_move(&best).unwrap()).unwrap();
            if !after.is_over() {
                let Solved::Value { value, .. } = analysis::solve(&after, 5_000_000) else {
                    panic!("{after:?} unsolved");
                };
                assert_eq!(value, Value::Draw, "{}: {best}", game.picture());
            }
            named += 1;
        }
        assert!(named >= 20, "{named} draws named");
    }

    #[test]
    fn a_board_the_first_player_wins_is_left_to_the_generic_search() {
        let game = board(3, 4, 3, false);
        assert_eq!(
            solve_board(&game, 1_000_000),
            analysis::solve(&game, 1_000_000)
        );
    }

    /// Positions from random play on small boards, where the generic search is quick:
    /// the solver's value agrees with it, and where it proves a draw the best move it
    /// names keeps the draw.
    #[test]
    fn the_proved_draws_agree_with_alpha_beta_on_small_boards() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
        let (mut proved, mut left) = (0, 0);
        for round in 0..300 {
            let (w, h, k, cylinder) = [
                (3, 3, 3, false),
                (4, 4, 4, false),
                (4, 3, 3, false),
                (4, 4, 3, true),
                (4, 4, 4, true),
            ][round % 5];
            let mut game = board(w, h, k, cylinder);
            let plies = rng.random_range(0..6);
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let _ = game.play(moves[rng.random_range(0..moves.len())]);
            }
            if game.is_over() {
                continue;
            }
            let generic = analysis::solve(&game, 5_000_000);
            let Solved::Value { value, .. } = generic else {
                continue;
            };
            match solve_board(&game, 5_000_000) {
                Solved::Value {
                    value: Value::Draw,
                    best,
                    method: DRAW_METHOD,
                    ..
                } => {
                    assert_eq!(value, Value::Draw, "{game:?}");
                    let mut after = game;
                    after
                        .play(after.parse_move(&best.unwrap()).unwrap())
                        .unwrap();
                    if !after.is_over() {
                        let Solved::Value { value, .. } = analysis::solve(&after, 5_000_000) else {
                            panic!("{after:?} unsolved");
                        };
                        assert_eq!(value, Value::Draw, "{game:?}: the named move");
                    }
                    proved += 1;
                }
                other => {
                    assert_eq!(other, generic, "{game:?}");
                    left += 1;
                }
            }
        }
        eprintln!("{proved} proved, {left} left");
        assert!(proved >= 20 && left >= 20, "{proved} proved, {left} left");
    }
}
