//! The depth-limited search of seed 001 (its Pascal function `NextStep`), for any game.
//!
//! Each move is rated on a small scale from the mover's side: 32 wins at once, 31 wins one
//! half-move later, and so on down to 25; 24 is a certain draw; 16 means the search ran
//! out of depth before it could tell; 8 loses at once, 9 one half-move later, up to 15.
//! The depth (in half-moves) is the difficulty knob: depth 1 sees only wins on the spot.

use super::{Agent, random_best};
use crate::game::{Game, Outcome, Player};
use rand::Rng;

/// The scale's landmarks.
pub const WIN_NOW: u8 = 32;
pub const DRAW: u8 = 24;
pub const UNKNOWN: u8 = 16;
pub const LOSS_NOW: u8 = 8;

/// The rating of playing `mv` in `position`, for `me`, searching `depth` half-moves
/// (the seed's `glub`); `played` half-moves have been made so far on this branch. Each
/// position looked at takes one from `budget`; `None` when it runs out.
fn next_step<G: Game>(
    position: &G,
    mv: G::Move,
    me: Player,
    played: u32,
    depth: u32,
    budget: &mut u64,
) -> Option<u8> {
    *budget = budget.checked_sub(1)?;
    let mut next = position.clone();
    if next.play(mv).is_err() {
        return Some(LOSS_NOW);
    }
    let played = played + 1;
    match next.outcome() {
        Some(Outcome::Win(winner)) if winner == me => return Some(WIN_NOW),
        Some(Outcome::Win(_)) => return Some(LOSS_NOW),
        Some(Outcome::Draw) => return Some(DRAW),
        None => {}
    }
    if played >= depth {
        return Some(UNKNOWN);
    }
    let mine = next.to_move() == me;
    let mut best = if mine { LOSS_NOW } else { WIN_NOW };
    for reply in next.legal_moves() {
        let rating = next_step(&next, reply, me, played, depth, budget)?;
        // A result further away counts for a little less, win or loss.
        let rating = if rating < UNKNOWN {
            rating + 1
        } else if rating > DRAW {
            rating - 1
        } else {
            rating
        };
        best = if mine {
            best.max(rating)
        } else {
            best.min(rating)
        };
    }
    Some(best)
}

/// Every legal move with its rating for the player to move, in the game's move order,
/// searching the whole `depth` (noughts and crosses: at most 9! lines).
pub fn rate_moves<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u8)> {
    let mut unlimited = u64::MAX;
    rate_within(position, depth.max(1), &mut unlimited).unwrap_or_default()
}

fn rate_within<G: Game>(position: &G, depth: u32, budget: &mut u64) -> Option<Vec<(G::Move, u8)>> {
    let me = position.to_move();
    position
        .legal_moves()
        .into_iter()
        .map(|mv| Some((mv, next_step(position, mv, me, 0, depth, budget)?)))
        .collect()
}

/// The ratings of the deepest search up to `depth` that finishes within `budget`
/// positions, with the depth it reached. Depths are tried from 1 up, so a depth too deep
/// for the game (the cube at depth 9 would take hours) is capped, not waited for; depth 1
/// is always finished.
pub fn rate_moves_within<G: Game>(
    position: &G,
    depth: u32,
    budget: u64,
) -> (Vec<(G::Move, u8)>, u32) {
    let mut best = (rate_moves(position, 1), 1);
    let mut left = budget;
    for deeper in 2..=depth {
        match rate_within(position, deeper, &mut left) {
            Some(ratings) => best = (ratings, deeper),
            None => break,
        }
    }
    best
}

/// Plays uniformly among the moves of the best rating.
#[derive(Debug, Clone, Copy)]
pub struct Lookahead {
    /// How many half-moves ahead it looks, at least 1.
    pub depth: u32,
    /// Positions a move may look at, beyond depth 1 (`u64::MAX`: no limit).
    pub budget: u64,
}

impl<G: Game> Agent<G> for Lookahead {
    fn name(&self) -> &'static str {
        "lookahead"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        random_best(rate_moves_within(position, self.depth, self.budget).0, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, TicTacToe};

    fn rated(picture: &str, depth: u32) -> Vec<(String, u8)> {
        let position = TicTacToe::from_picture(picture, Rules::default()).unwrap();
        rate_moves(&position, depth)
            .into_iter()
            .map(|(square, rating)| (square.name(), rating))
            .collect()
    }

    #[test]
    fn depth_one_sees_only_immediate_results() {
        let ratings = rated("XX.OO....", 1);
        assert!(ratings.contains(&("LR".into(), WIN_NOW)));
        assert!(
            ratings
                .iter()
                .all(|(name, rating)| name == "LR" || *rating == UNKNOWN)
        );
    }

    #[test]
    fn a_loss_one_half_move_later_rates_nine() {
        // X to move; O threatens MR. Blocking leaves the result unknown at depth 2;
        // anything else lets O win on the next half-move: 8 + 1.
        let ratings = rated("X..OO..X.", 2);
        assert_eq!(
            ratings
                .iter()
                .find(|(name, _)| name == "MR")
                .map(|(_, r)| *r),
            Some(UNKNOWN)
        );
        assert!(
            ratings
                .iter()
                .filter(|(name, _)| name != "MR")
                .all(|(_, rating)| *rating == LOSS_NOW + 1),
            "{ratings:?}"
        );
    }

    #[test]
    fn with_full_depth_the_opening_is_a_certain_draw() {
        let ratings = rated(".........", 9);
        assert!(
            ratings.iter().all(|(_, rating)| *rating == DRAW),
            "{ratings:?}"
        );
    }

    #[test]
    fn a_budget_caps_the_depth_and_the_search_still_answers() {
        let cube = crate::game::cube::Cube::new(3);
        let (ratings, depth) = rate_moves_within(&cube, 9, 100_000);
        assert_eq!(ratings.len(), 27);
        assert!((2..9).contains(&depth), "reached depth {depth}");
        // Enough budget reaches the depth asked for, with the unbudgeted ratings.
        let position = TicTacToe::from_picture("XO.O.X...", Rules::default()).unwrap();
        let (ratings, depth) = rate_moves_within(&position, 3, 1_000_000);
        assert_eq!(depth, 3);
        assert_eq!(ratings, rate_moves(&position, 3));
    }

    #[test]
    fn a_forced_win_two_half_moves_away_rates_thirty_one_minus_one() {
        // X to move with a fork available at RR: after it, O blocks one line and X wins
        // on the other: 32 -> 31 after O's reply -> 30 at the root.
        let ratings = rated("XO.O.X...", 3);
        assert_eq!(
            ratings
                .iter()
                .find(|(name, _)| name == "RR")
                .map(|(_, r)| *r),
            Some(WIN_NOW - 2)
        );
    }
}
