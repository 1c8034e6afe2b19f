//! MENACE's one training loop: whole games against another side, learning after each,
//! in the game's own types. Every game and both sides use it (`train`, `experiment`,
//! `menace bench`); what the games are counted into is the caller's business, told of
//! each game as it ends.

use super::generic::{Drawn, Menace, Turn};
use super::opponent::Moves;
use super::{EmptyBox, GameResult};
use crate::game::Game;
use rand::Rng;

/// How one game ended for MENACE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    /// MENACE gave up on an empty box (the game counts as lost).
    pub resigned: bool,
    /// The ply the game ended at: moves played, both sides, from the usual start.
    pub moves: usize,
}

/// What became of one game the loop was to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// It was played and learned from.
    Game(GameEnd),
    /// MENACE would not start: its first box is empty under the resign rule.
    Refused,
    /// MENACE met a position it had no room to make a box for; the game was abandoned
    /// and its beads put back, so it teaches nothing.
    NoRoom,
}

/// Plays games from `start` against `opponent` until `after`, told of each, answers
/// `false`, or MENACE refuses or runs out of room (the last thing `after` is told).
/// `after` also gets the learner, to look at its boxes between games.
pub fn play_games<G: Game>(
    menace: &mut Menace<G>,
    opponent: &mut dyn Moves<G>,
    start: &G,
    rng: &mut dyn Rng,
    after: &mut dyn FnMut(&Menace<G>, Played) -> bool,
) {
    let mut drawn = Vec::with_capacity(8);
    // The first box, found once where MENACE moves first: refusing to play is then a
    // look at one count, not a search, before every game.
    let mut first = first_box(menace, start);
    loop {
        if first.is_none() {
            first = first_box(menace, start);
        }
        let refuses = match first {
            Some(index) => menace
                .get(index)
                .is_some_and(|matchbox| matchbox.total() == 0),
            None => menace.refuses_to_play(start),
        };
        let played = if refuses {
            Played::Refused
        } else {
            match play_one(menace, opponent, start, rng, &mut drawn) {
                Some(end) => Played::Game(end),
                None => Played::NoRoom,
            }
        };
        if !after(menace, played) || !matches!(played, Played::Game(_)) {
            return;
        }
    }
}

/// The box MENACE moves from at `start`, where it moves first with a choice and the
/// resign rule could stop it there.
fn first_box<G: Game>(menace: &Menace<G>, start: &G) -> Option<usize> {
    (menace.preset().empty_box == EmptyBox::Resign)
        .then(|| menace.box_for(start))
        .flatten()
        .map(|(index, _)| index)
}

/// One whole game from `start`, `menace` against `opponent`, and both learn. `drawn` is
/// scratch space. `None` if MENACE had no room for a new box: the game is then abandoned,
/// its beads put back.
pub fn play_one<G: Game>(
    menace: &mut Menace<G>,
    opponent: &mut dyn Moves<G>,
    start: &G,
    rng: &mut dyn Rng,
    drawn: &mut Vec<Drawn>,
) -> Option<GameEnd> {
    drawn.clear();
    let side = menace.side();
    let mut game = start.clone();
    let mut resigned = false;
    while !game.is_over() {
        let mv = if game.to_move() == side {
            match menace.take_turn(&game, rng) {
                Ok(turn @ Turn::Drew { real_move, .. }) => {
                    drawn.extend(turn.drawn());
                    real_move
                }
                Ok(Turn::Forced(mv)) => mv,
                Ok(Turn::Resigned(_)) => {
                    resigned = true;
                    break;
                }
                // No room for a new box (or a game whose symmetries are broken):
                // the game is abandoned.
                Err(_) => {
                    menace.return_beads(drawn);
                    opponent.game_over(&game);
                    return None;
                }
            }
        } else {
            match opponent.choose(&game, rng) {
                Some(mv) => mv,
                None => break,
            }
        };
        // MENACE's move comes from the legal moves; an opponent's is legal by the
        // contract of `Moves::choose` (and checked where it was read by name).
        game.play_known_legal(mv);
    }
    let result = match game.outcome() {
        _ if resigned => GameResult::Lost,
        Some(outcome) => GameResult::for_side(outcome, side),
        None => GameResult::Drew,
    };
    menace.reinforce(drawn, result);
    opponent.game_over(&game);
    Some(GameEnd {
        result,
        resigned,
        moves: game.ply(),
    })
}
