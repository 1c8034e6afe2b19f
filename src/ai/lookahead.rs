//! The depth-limited search of the algorithm page (its Pascal function `NextStep`), for any
//! game.
//!
//! Each move is rated on a small scale from the mover's side: 32 wins at once, 31 wins one
//! half-move later, and so on down to 25; 24 is a certain draw; 16 means the search ran
//! out of depth before it could tell; 8 loses at once, 9 one half-move later, up to 15.
//! The depth (in half-moves) is the difficulty knob: depth 1 sees only wins on the spot.
//!
//! Because a win or loss is always met on a move of the side that makes it, the parity
//! of the distance shows: on the classic board the player to move sees wins only at
//! 32, 30, 28, 26 (its own moves) and losses only at 9, 11, 13, 15 (the opponent's);
//! 31, 29, 27, 25, 8, 10, 12 and 14 need a move that loses for its own maker (misère).
//!
//! The seed's `Fin` ends a game of noughts and crosses as a draw as soon as every line
//! holds both an X and an O, before the board is full ([`Fin::Seed`], the default), so
//! such a move rates 24 where a search that waits for the full board ([`Fin::FullBoard`])
//! may stop at its depth with 16. Other games end by their own rules either way.

use super::{Agent, random_best};
use crate::game::tictactoe::LINES;
use crate::game::{Declared, Game, Outcome, Player, TicTacToe};
use rand::Rng;

/// The scale's landmarks.
pub const WIN_NOW: u8 = 32;
pub const DRAW: u8 = 24;
pub const UNKNOWN: u8 = 16;
pub const LOSS_NOW: u8 = 8;

/// When the search counts a game of noughts and crosses as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Fin {
    /// The algorithm page's `Fin`: drawn as soon as every line holds both an X and an O.
    #[default]
    Seed,
    /// Drawn only when the rules end the game: the board full with no three in a row.
    FullBoard,
}

impl Fin {
    /// The option words, as typed after `lookahead D`: `seed-fin` is the default.
    pub const WORDS: [&'static str; 2] = ["seed-fin", "full-board"];

    /// Reads an option word (any case).
    pub fn parse(word: &str) -> Option<Fin> {
        match word.to_ascii_lowercase().as_str() {
            "seed-fin" => Some(Fin::Seed),
            "full-board" => Some(Fin::FullBoard),
            _ => None,
        }
    }

    /// The word for this rule.
    pub fn word(self) -> &'static str {
        match self {
            Fin::Seed => Self::WORDS[0],
            Fin::FullBoard => Self::WORDS[1],
        }
    }
}

/// Reads what follows `lookahead`: an optional depth from 1 to `max_depth` (default
/// 2), then optionally the draw rule's word (`lookahead 4 full-board`,
/// `lookahead full-board`); or says in one sentence what is wrong.
pub fn parse_options(words: &[&str], max_depth: u32) -> Result<(u32, Fin), String> {
    let (fin, depth_words) = match words.split_last() {
        Some((last, before)) if last.parse::<u32>().is_err() => {
            let fin = Fin::parse(last).ok_or_else(|| {
                format!(
                    "lookahead takes a depth from 1 to {max_depth} and then {}, not \"{}\"",
                    Fin::WORDS.join(" or "),
                    crate::files::shown(last, 20)
                )
            })?;
            (fin, before)
        }
        _ => (Fin::Seed, words),
    };
    let depth = match depth_words {
        [] => 2,
        [n] => n
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= max_depth)
            .ok_or_else(|| format!("lookahead takes a depth from 1 to {max_depth}, not \"{n}\""))?,
        [_, extra @ ..] => {
            return Err(format!("lookahead does not take \"{}\"", extra.join(" ")));
        }
    };
    match depth {
        0 => Err("lookahead needs a depth of at least 1".into()),
        depth => Ok((depth, fin)),
    }
}

/// The algorithm page's `Fin` on a board of noughts and crosses: a line of three names its
/// owner (who has won, or in misère lost); otherwise, every line holding both an X and an O
/// is a draw, full board or not; otherwise the game goes on (`None`).
pub fn seed_fin(position: &TicTacToe) -> Option<Outcome> {
    if let Some(outcome) = position.outcome() {
        return Some(outcome);
    }
    let (x, o) = (position.marks(Player::X), position.marks(Player::O));
    LINES
        .iter()
        .all(|line| x & line != 0 && o & line != 0)
        .then_some(Outcome::Draw)
}

/// The game's result as the search sees it under `fin`: the seed's early draw applies on
/// the boards of noughts and crosses only.
fn ended<G: Declared>(position: &G, fin: Fin) -> Option<Outcome> {
    match (
        fin,
        (position as &dyn std::any::Any).downcast_ref::<TicTacToe>(),
    ) {
        (Fin::Seed, Some(board)) => seed_fin(board),
        _ => position.outcome(),
    }
}

/// The rating of playing `mv` in `position`, for `me`, searching `depth` half-moves
/// (the seed's `glub`); `played` half-moves have been made so far on this branch. Each
/// position looked at takes one from `budget`; `None` when it runs out.
fn next_step<G: Declared>(
    position: &G,
    mv: G::Move,
    me: Player,
    played: u32,
    search: Search,
    budget: &mut u64,
) -> Option<u8> {
    *budget = budget.checked_sub(1)?;
    // Ctrl-C ends the search as the budget running out does (see `crate::stop`).
    if budget.is_multiple_of(1024)
        && crate::stop::checkpoint(crate::stop::Searched {
            positions: search.start - *budget,
            depth: Some(search.depth),
        })
    {
        return None;
    }
    let mut next = position.clone();
    if next.play(mv).is_err() {
        return Some(LOSS_NOW);
    }
    let played = played + 1;
    match ended(&next, search.fin) {
        Some(Outcome::Win(winner)) if winner == me => return Some(WIN_NOW),
        Some(Outcome::Win(_)) => return Some(LOSS_NOW),
        Some(Outcome::Draw) => return Some(DRAW),
        None => {}
    }
    if played >= search.depth {
        return Some(UNKNOWN);
    }
    let mine = next.to_move() == me;
    let mut best = if mine { LOSS_NOW } else { WIN_NOW };
    for reply in next.legal_moves() {
        let rating = next_step(&next, reply, me, played, search, budget)?;
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

/// How deep to look, and when a game counts as drawn.
#[derive(Debug, Clone, Copy)]
struct Search {
    depth: u32,
    fin: Fin,
    /// The budget when the search began: what it has looked at is told at its pauses.
    start: u64,
}

/// Every legal move with its rating for the player to move, in the game's move order,
/// searching the whole `depth` (noughts and crosses: at most 9! lines) with the draw
/// rule `fin`.
pub fn rate_moves<G: Declared>(position: &G, depth: u32, fin: Fin) -> Vec<(G::Move, u8)> {
    let mut unlimited = u64::MAX;
    rate_within(position, depth.max(1), fin, &mut unlimited).unwrap_or_default()
}

fn rate_within<G: Declared>(
    position: &G,
    depth: u32,
    fin: Fin,
    budget: &mut u64,
) -> Option<Vec<(G::Move, u8)>> {
    let me = position.to_move();
    let search = Search {
        depth,
        fin,
        start: *budget,
    };
    position
        .legal_moves()
        .into_iter()
        .map(|mv| Some((mv, next_step(position, mv, me, 0, search, budget)?)))
        .collect()
}

/// The ratings of the deepest search up to `depth` that finishes within `budget`
/// positions, with the depth it reached. Depths are tried from 1 up, so a depth too deep
/// for the game (the cube at depth 9 would take hours) is capped, not waited for; depth 1
/// is always finished.
pub fn rate_moves_within<G: Declared>(
    position: &G,
    depth: u32,
    fin: Fin,
    budget: u64,
) -> (Vec<(G::Move, u8)>, u32) {
    let mut best = (rate_moves(position, 1, fin), 1);
    let mut left = budget;
    for deeper in 2..=depth {
        match rate_within(position, deeper, fin, &mut left) {
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
    /// When a game of noughts and crosses counts as drawn.
    pub fin: Fin,
}

impl<G: Declared> Agent<G> for Lookahead {
    fn name(&self) -> &'static str {
        "lookahead"
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        random_best(
            rate_moves_within(position, self.depth, self.fin, self.budget).0,
            rng,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Rules, TicTacToe};

    fn rated(picture: &str, depth: u32) -> Vec<(String, u8)> {
        let position = TicTacToe::from_picture(picture, Rules::default()).unwrap();
        rate_moves(&position, depth, Fin::Seed)
            .into_iter()
            .map(|(square, rating)| (square.name(), rating))
            .collect()
    }

    #[test]
    fn the_seeds_fin_draws_a_board_whose_every_line_holds_both_marks() {
        let board = |picture| TicTacToe::from_picture(picture, Rules::default()).unwrap();
        // One cell empty, every line blocked: the seed's draw, not yet the rules'.
        for picture in ["XOXXOOOX.", "XOXXO.OXO"] {
            assert_eq!(board(picture).outcome(), None, "{picture}");
            assert_eq!(seed_fin(&board(picture)), Some(Outcome::Draw), "{picture}");
        }
        // The right column is still open for X, the bottom row for O.
        assert_eq!(seed_fin(&board("XOXXO.OX.")), None);
        assert_eq!(seed_fin(&board("XOXOXO...")), None);
        let won = board("XXXOO....");
        assert_eq!(seed_fin(&won), Some(Outcome::Win(Player::X)));
        let misere = TicTacToe::from_picture("XXXOO....", Rules { misere: true }).unwrap();
        assert_eq!(seed_fin(&misere), Some(Outcome::Win(Player::O)));
        // The search sees it only under the seed's rule.
        let position = board("XOXXO.OX.");
        assert!(
            rate_moves(&position, 1, Fin::Seed)
                .iter()
                .all(|(_, r)| *r == DRAW)
        );
        assert!(
            rate_moves(&position, 1, Fin::FullBoard)
                .iter()
                .all(|(_, r)| *r == UNKNOWN)
        );
    }

    #[test]
    fn the_option_words_read_back() {
        for fin in [Fin::Seed, Fin::FullBoard] {
            assert_eq!(Fin::parse(fin.word()), Some(fin));
        }
        assert_eq!(Fin::parse("Full-Board"), Some(Fin::FullBoard));
        assert_eq!(Fin::parse("full"), None);
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
        let (ratings, depth) = rate_moves_within(&cube, 9, Fin::Seed, 100_000);
        assert_eq!(ratings.len(), 27);
        assert!((2..9).contains(&depth), "reached depth {depth}");
        // Enough budget reaches the depth asked for, with the unbudgeted ratings.
        let position = TicTacToe::from_picture("XO.O.X...", Rules::default()).unwrap();
        let (ratings, depth) = rate_moves_within(&position, 3, Fin::Seed, 1_000_000);
        assert_eq!(depth, 3);
        assert_eq!(ratings, rate_moves(&position, 3, Fin::Seed));
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
