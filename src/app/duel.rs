//! `menace duel`: two AIs play a game against each other many times, each on both sides,
//! to measure how strong they are (Monte-Carlo tree search against random play and
//! against alpha-beta in ultimate tic-tac-toe, say). Every game is seeded, so a duel is
//! reproducible.

use crate::analysis::Effort;
use crate::game::{Outcome, Player};
use crate::menace::{DEFAULT_BOX_LIMIT, Preset};
use crate::players::Choice;
use crate::players::Rival;
use crate::registry;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The results of one AI against another, from the first AI's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// A whole duel.
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    pub title: String,
    pub first: Choice,
    pub second: Choice,
    /// The first AI playing X (moving first), then playing O.
    pub as_x: Score,
    pub as_o: Score,
    /// Mean moves a game.
    pub mean_length: f64,
}

/// `games` games with `first` as X and as many with it as O, against `second`, in the
/// game `words` names; the sentence saying why not if an AI cannot play that game.
pub fn run(
    words: &[&str],
    first: Choice,
    second: Choice,
    games: u32,
    effort: Effort,
    seed: u64,
) -> Result<Duel, String> {
    let start = registry::start(words)?;
    let mut as_x = Score::default();
    let mut as_o = Score::default();
    let mut moves = 0u64;
    for game in 0..games.saturating_mul(2) {
        let first_side = if game % 2 == 0 { Player::X } else { Player::O };
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(u64::from(game)));
        let make =
            |choice: &crate::learners::LearnerChoice, side: Player, rng: &mut dyn rand::Rng| {
                crate::registry::new_learner_of(
                    start.as_ref(),
                    choice,
                    side,
                    Preset::default(),
                    DEFAULT_BOX_LIMIT,
                    rng,
                )
                .ok()
            };
        let rival = |kind, side, rng: &mut ChaCha8Rng| {
            Rival::new(
                kind,
                start.as_ref(),
                side,
                Preset::default(),
                effort,
                &make,
                rng,
            )
        };
        let mut mine = rival(first, first_side, &mut rng)?;
        let mut theirs = rival(second, first_side.opponent(), &mut rng)?;
        let mut position = start.restart();
        while position.outcome().is_none() {
            let player = if position.to_move() == first_side {
                &mut mine
            } else {
                &mut theirs
            };
            let Some(chosen) = player.choose(position.as_ref(), &mut rng) else {
                break;
            };
            if position.play_move(&chosen.name).is_err() {
                break;
            }
            moves += 1;
        }
        mine.game_over(position.as_ref());
        theirs.game_over(position.as_ref());
        let score = if first_side == Player::X {
            &mut as_x
        } else {
            &mut as_o
        };
        match position.outcome() {
            Some(Outcome::Win(winner)) if winner == first_side => score.won += 1,
            Some(Outcome::Win(_)) => score.lost += 1,
            _ => score.drawn += 1,
        }
    }
    Ok(Duel {
        title: start.title(),
        first,
        second,
        as_x,
        as_o,
        mean_length: moves as f64 / f64::from(games.saturating_mul(2).max(1)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alpha_beta_never_loses_noughts_and_crosses_to_random_play() {
        let effort = Effort {
            positions: 20_000,
            ..Effort::default()
        };
        let duel = run(
            &["classic"],
            Choice::parse(&["alphabeta"]).unwrap(),
            Choice::parse(&["random"]).unwrap(),
            10,
            effort,
            1,
        )
        .unwrap();
        assert_eq!(duel.as_x.lost + duel.as_o.lost, 0, "{duel:?}");
        assert_eq!(
            duel.as_x.won + duel.as_x.drawn + duel.as_x.lost,
            10,
            "ten games on each side"
        );
        assert!(duel.as_x.won > 0);
    }
}
