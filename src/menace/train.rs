//! The one training loop of every learner: whole games against another side, learning
//! after each, in the game's own types ([`TypedLearner`]). Every game and both sides use it (`train`, `experiment`,
//! `menace bench`); what the games are counted into is the caller's business, told of
//! each game as it ends.

use super::GameResult;
use super::opponent::Moves;
use crate::game::{Game, Player};
use rand::{Rng, RngExt};

/// How one game ended for the learner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    /// The learner gave up (MENACE on an empty box): the game counts as lost.
    pub resigned: bool,
    /// The ply the game ended at: moves played, both sides, from the usual start.
    pub moves: usize,
}

/// What became of one game the loop was to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// It was played and learned from.
    Game(GameEnd),
    /// The learner would not start (MENACE: its first box is empty under the resign rule).
    Refused,
    /// The learner met a position it had no room for (MENACE: a box past its limit);
    /// the game was abandoned and forgotten (its beads put back), so it teaches nothing.
    NoRoom,
}

/// What the training loop asks of a learner, in game `G`'s own types: to choose a move
/// (remembering what it needs to learn from it), and at the game's end to learn, or to
/// forget the game when it was abandoned. MENACE is one ([`super::typed::Training`]);
/// every learner is, so that one loop trains them all.
pub trait TypedLearner<G: Game> {
    /// The side it plays.
    fn side(&self) -> Player;
    /// Whether it will not start a game from `start` (MENACE's first box is empty under
    /// the resign rule); asked before every game.
    fn refuses(&mut self, start: &G) -> bool;
    /// Its move on `position`, its turn in a game not over.
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Choice<G::Move>;
    /// The game it chose moves in ended in `result` for it: it learns, and forgets the game.
    fn learn(&mut self, result: GameResult);
    /// The game was abandoned: it undoes what choosing did and forgets the game.
    fn abandon(&mut self);
}

/// A typed learner's move on a position of any game, by name, for play one move at a
/// time: `None` when the position is not of game `G`, is over, or the learner gives up.
pub fn choose_named<G: crate::game::Declared, L: TypedLearner<G>>(
    learner: &mut L,
    position: &dyn crate::game::AnyGame,
    rng: &mut dyn Rng,
) -> Option<String> {
    let typed = position.position::<G>()?;
    if typed.outcome().is_some() || typed.to_move() != learner.side() {
        return None;
    }
    match learner.choose(typed, rng) {
        Choice::Move(mv) => Some(typed.move_name(mv)),
        Choice::Resigned | Choice::NoRoom => {
            learner.abandon();
            None
        }
    }
}

/// What a learner did on its turn in training.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice<M> {
    /// It plays this legal move.
    Move(M),
    /// It gives up (the game counts as lost).
    Resigned,
    /// It met a position it has no room to remember; the game is abandoned.
    NoRoom,
}

/// Plays games from `start` against `opponent` until `after`, told of each, answers
/// `false`, or the learner refuses or runs out of room (the last thing `after` is told).
/// `after` also gets the learner, to look at it between games.
pub fn play_games<G: Game, L: TypedLearner<G>>(
    learner: &mut L,
    opponent: &mut dyn Moves<G>,
    start: &G,
    rng: &mut dyn Rng,
    after: &mut dyn FnMut(&L, Played) -> bool,
) {
    loop {
        let played = if learner.refuses(start) {
            Played::Refused
        } else {
            match play_one(learner, opponent, start, rng) {
                Some(end) => Played::Game(end),
                None => Played::NoRoom,
            }
        };
        if !after(learner, played) || !matches!(played, Played::Game(_)) {
            return;
        }
    }
}

/// One whole game from `start`, `learner` against `opponent`, and both learn. `None` if
/// the learner had no room for what it met: the game is then abandoned and forgotten.
pub fn play_one<G: Game, L: TypedLearner<G>>(
    learner: &mut L,
    opponent: &mut dyn Moves<G>,
    start: &G,
    rng: &mut dyn Rng,
) -> Option<GameEnd> {
    let side = learner.side();
    let mut game = start.clone();
    let mut resigned = false;
    while !game.is_over() {
        let mv = if game.to_move() == side {
            match learner.choose(&game, rng) {
                Choice::Move(mv) => mv,
                Choice::Resigned => {
                    resigned = true;
                    break;
                }
                Choice::NoRoom => {
                    learner.abandon();
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
        // The learner's move comes from the legal moves; an opponent's is legal by the
        // contract of `Moves::choose` (and checked where it was read by name).
        game.play_known_legal(mv);
    }
    let result = match game.outcome() {
        _ if resigned => GameResult::Lost,
        Some(outcome) => GameResult::for_side(outcome, side),
        None => GameResult::Drew,
    };
    learner.learn(result);
    opponent.game_over(&game);
    Some(GameEnd {
        result,
        resigned,
        moves: game.ply(),
    })
}

/// A second learner as the other side: it chooses in its own types, and learns when the
/// game ends (or forgets a game abandoned). Resigning is not a move: where it would
/// resign, it plays a uniformly random legal move, as the `random` player picks it.
#[derive(Debug)]
pub struct Sparring<L> {
    pub learner: L,
}

impl<G: Game, L: TypedLearner<G>> Moves<G> for Sparring<L> {
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        match self.learner.choose(position, rng) {
            Choice::Move(mv) => Some(mv),
            Choice::Resigned => {
                let moves = position.legal_moves();
                (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
            }
            Choice::NoRoom => None,
        }
    }

    fn game_over(&mut self, position: &G) {
        match position.outcome() {
            Some(outcome) => self
                .learner
                .learn(GameResult::for_side(outcome, self.learner.side())),
            None => self.learner.abandon(),
        }
    }
}

/// The loop against an opponent that is not a second learner: an AI written in the
/// game's own types where it is one, or else one met by name through the game's moves.
/// Every kind of learner trains against the AIs through this one place.
pub fn play_against_ai<G: crate::game::Declared, L: TypedLearner<G>>(
    learner: &mut L,
    opponent: &mut dyn crate::menace::opponent::Opponent,
    start: &dyn crate::game::AnyGame,
    first: &G,
    rng: &mut dyn Rng,
    after: &mut dyn FnMut(&L, Played) -> bool,
) {
    use crate::menace::opponent::{BoxedAi, ByName};
    if let Some(ai) = opponent
        .typed()
        .and_then(|typed| typed.downcast_mut::<BoxedAi<G>>())
    {
        return play_games(learner, ai.as_mut(), first, rng, after);
    }
    let mut by_name = ByName {
        opponent,
        declaration: start.declaration(),
        options: start.options(),
    };
    play_games(learner, &mut by_name, first, rng, after);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TicTacToe;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A learner that plays the first legal move (or has no room after `room` moves),
    /// and counts what the loop tells it.
    struct First {
        side: Player,
        room: usize,
        chosen: usize,
        results: Vec<GameResult>,
        abandoned: usize,
    }

    fn first(side: Player, room: usize) -> First {
        First {
            side,
            room,
            chosen: 0,
            results: Vec::new(),
            abandoned: 0,
        }
    }

    impl TypedLearner<TicTacToe> for First {
        fn side(&self) -> Player {
            self.side
        }
        fn refuses(&mut self, _: &TicTacToe) -> bool {
            false
        }
        fn choose(&mut self, position: &TicTacToe, _: &mut dyn Rng) -> Choice<crate::game::Square> {
            if self.chosen == self.room {
                return Choice::NoRoom;
            }
            self.chosen += 1;
            Choice::Move(position.legal_moves()[0])
        }
        fn learn(&mut self, result: GameResult) {
            self.results.push(result);
        }
        fn abandon(&mut self) {
            self.abandoned += 1;
        }
    }

    #[test]
    fn any_learner_trains_against_a_second_learner_of_any_kind() {
        let mut one = first(Player::X, usize::MAX);
        let mut sparring = Sparring {
            learner: first(Player::O, usize::MAX),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut games = 0;
        play_games(
            &mut one,
            &mut sparring,
            &TicTacToe::default(),
            &mut rng,
            &mut |_, played| {
                assert!(matches!(played, Played::Game(_)));
                games += 1;
                games < 3
            },
        );
        // The first legal move each: X takes 1, 3, 5 and 7, a line (3, 5, 7) before O has one.
        assert_eq!(one.results, vec![GameResult::Won; 3]);
        assert_eq!(sparring.learner.results, vec![GameResult::Lost; 3]);
        assert_eq!((one.abandoned, sparring.learner.abandoned), (0, 0));
    }

    #[test]
    fn a_learner_out_of_room_abandons_the_game_and_the_loop_stops() {
        let mut one = first(Player::X, 2);
        let mut sparring = Sparring {
            learner: first(Player::O, usize::MAX),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut told = Vec::new();
        play_games(
            &mut one,
            &mut sparring,
            &TicTacToe::default(),
            &mut rng,
            &mut |_, played| {
                told.push(played);
                true
            },
        );
        assert_eq!(told, vec![Played::NoRoom]);
        assert_eq!((one.abandoned, one.results.len()), (1, 0));
        // The second learner is told of a game not over: it forgets it too.
        assert_eq!(
            (sparring.learner.abandoned, sparring.learner.results.len()),
            (1, 0)
        );
    }
}
