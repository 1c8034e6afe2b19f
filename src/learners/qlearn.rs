//! Tabular Q-learning (Watkins, 1989; Sutton and Barto, *Reinforcement Learning: An
//! Introduction*, 2nd ed., section 6.5): a value for every pair of a position where it
//! is to move and a move there, Q(s, a), keyed by the position's canonical key and the
//! move seen in the canonical picture, so that symmetric positions share their values as
//! MENACE's symmetric positions share a box. It moves greedily to the move of highest
//! Q, but with probability epsilon to a random legal one instead. When it is next to
//! move (after the other side's reply) the pair it played last is moved towards the best
//! it can now do, Q(s, a) <- Q(s, a) + alpha [r + gamma max Q(s', a') - Q(s, a)], and at
//! the game's end towards the final reward alone: 1 for a win, 0 for a loss, the `draw`
//! parameter for a draw (the book's 0 by default, as for `td`), 0 for any move that does
//! not end the game.
//!
//! Q-learning is off-policy: the target is the best next move, whichever move is then
//! played, so it learns after an exploratory move too. That is the contrast with `td`,
//! whose target is the value of the position its move actually reaches and which
//! therefore learns nothing from a random move.

use crate::game::{AnyGame, Declared, Game, Player};
use crate::menace::learner::{Learner, MenaceLearner};
use crate::menace::opponent::Opponent;
use crate::menace::train::{self, Choice, Played, TypedLearner};
use crate::menace::{GameResult, Record};
use rand::{Rng, RngExt};
use std::collections::HashMap;

/// The book's step size.
pub const ALPHA: f64 = 0.1;
/// No discount: every game ends within a few moves, so the sum of rewards is bounded
/// without one, and a discount would make a quick win worth more than a slow one, which
/// the game's result does not say.
pub const GAMMA: f64 = 1.0;
/// The book's chance of an exploratory move.
pub const EPSILON: f64 = 0.1;
/// A draw worth no more than a loss, as `td`'s book value, so that the lesson can show
/// the same effect on both.
pub const DRAW: f64 = 0.0;
/// The value of a move not yet learned: halfway between a loss and a win, neither
/// promising nor dismissed, and the value `td` gives a position it has not learned, so
/// that the two start alike.
const UNKNOWN: f64 = 0.5;

/// Where a pair of a position and a move is kept: the position's canonical key and the
/// move in the canonical picture.
type Entry<G> = (<G as Game>::Key, <G as Game>::Move);

/// The Q-learner for one side of game `G`.
#[derive(Debug, Clone)]
pub struct QLearn<G: Game> {
    side: Player,
    pub alpha: f64,
    pub gamma: f64,
    pub epsilon: f64,
    pub draw: f64,
    /// Learned values of moves, by canonical position and canonical move.
    values: HashMap<Entry<G>, f64>,
    /// Each pair's position picture and move name as first learned (`X........ MM`),
    /// for a save file a person can read.
    names: HashMap<Entry<G>, String>,
    record: Record,
    /// The pair of its last move in the game being played, with the position and the
    /// move as played (for the pair's name).
    last: Option<(Entry<G>, G, G::Move)>,
}

/// The canonical key of `position` and every symmetry whose image has it (more than one
/// where the position is symmetric in itself, as the empty board is).
fn frame<G: Game>(position: &G) -> (G::Key, Vec<usize>) {
    let mut best = position.key();
    let mut symmetries = vec![0];
    for symmetry in 1..position.symmetry_count() {
        let key = position.transformed(symmetry).key();
        if key < best {
            best = key;
            symmetries.clear();
        }
        if key == best {
            symmetries.push(symmetry);
        }
    }
    (best, symmetries)
}

/// The entry of `mv` on `position`, whose canonical key and symmetries `frame` gave.
/// Where several symmetries give the picture, equivalent moves (the four corners of the
/// empty board) must share an entry whichever symmetry is taken, so the move's image is
/// taken under the symmetry whose image of the position after the move has the smallest
/// key: the same image for every move equivalent to `mv` and for `mv` on every
/// symmetric position.
fn entry<G: Game>(position: &G, key: G::Key, symmetries: &[usize], mv: G::Move) -> Entry<G> {
    let chosen = match symmetries {
        [only] => *only,
        _ => {
            let mut after = position.clone();
            after.play_known_legal(mv);
            symmetries
                .iter()
                .copied()
                .min_by_key(|symmetry| after.transformed(*symmetry).key())
                .unwrap_or(0)
        }
    };
    (key, position.transform_move(mv, chosen))
}

/// A pair as a save file names it: the position's picture, a space, the move's name.
fn pair_name<G: Game>(position: &G, mv: G::Move) -> String {
    format!("{} {}", position.picture(), position.move_name(mv))
}

impl<G: Game> QLearn<G> {
    pub fn new(side: Player, alpha: f64, gamma: f64, epsilon: f64, draw: f64) -> QLearn<G> {
        QLearn {
            side,
            alpha,
            gamma,
            epsilon,
            draw,
            values: HashMap::new(),
            names: HashMap::new(),
            record: Record::default(),
            last: None,
        }
    }

    /// The value of playing `mv` on `position`: learned, or 0.5.
    pub fn value(&self, position: &G, mv: G::Move) -> f64 {
        let (key, symmetries) = frame(position);
        self.learned(&entry(position, key, &symmetries, mv))
    }

    /// Sets the value of playing `mv` on `position` (and of every symmetric pair).
    pub fn set_value(&mut self, position: &G, mv: G::Move, value: f64) {
        let (key, symmetries) = frame(position);
        let at = entry(position, key, &symmetries, mv);
        self.values.insert(at, value);
        self.names
            .entry(at)
            .or_insert_with(|| pair_name(position, mv));
    }

    /// Pairs with a learned value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn learned(&self, entry: &Entry<G>) -> f64 {
        self.values.get(entry).copied().unwrap_or(UNKNOWN)
    }

    /// The value of a result at the game's end.
    fn reward(&self, result: GameResult) -> f64 {
        match result {
            GameResult::Won => 1.0,
            GameResult::Drew => self.draw,
            GameResult::Lost => 0.0,
        }
    }

    /// Moves the value of the last pair towards `target`, if a move was made.
    fn back_up(&mut self, target: f64) {
        if let Some((last, position, mv)) = self.last.take() {
            let value = self.learned(&last);
            self.values
                .insert(last, value + self.alpha * (target - value));
            self.names
                .entry(last)
                .or_insert_with(|| pair_name(&position, mv));
        }
    }
}

impl<G: Game> TypedLearner<G> for QLearn<G> {
    fn side(&self) -> Player {
        self.side
    }

    fn refuses(&mut self, _: &G) -> bool {
        false
    }

    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Choice<G::Move> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return Choice::Resigned;
        }
        let (key, symmetries) = frame(position);
        let valued: Vec<(G::Move, Entry<G>, f64)> = moves
            .iter()
            .map(|mv| {
                let at = entry(position, key, &symmetries, *mv);
                (*mv, at, self.learned(&at))
            })
            .collect();
        let best_value = valued
            .iter()
            .map(|(_, _, value)| *value)
            .fold(f64::NEG_INFINITY, f64::max);
        // The reward of a move that does not end the game is 0.
        self.back_up(self.gamma * best_value);
        let explore = self.epsilon > 0.0 && rng.random::<f64>() < self.epsilon;
        let chosen = if explore {
            valued[rng.random_range(0..valued.len())]
        } else {
            let best: Vec<&(G::Move, Entry<G>, f64)> = valued
                .iter()
                .filter(|(_, _, value)| *value >= best_value)
                .collect();
            *best[rng.random_range(0..best.len())]
        };
        self.last = Some((chosen.1, position.clone(), chosen.0));
        Choice::Move(chosen.0)
    }

    fn learn(&mut self, result: GameResult) {
        let target = self.reward(result);
        self.back_up(target);
        self.record.add(result);
    }

    fn abandon(&mut self) {
        self.last = None;
    }
}

/// A `qlearn` rebuilt from a save file: its parameters (checked by the row), record,
/// and the value of each pair, named `PICTURE MOVE`; the sentence saying what is wrong
/// otherwise. Every pair must be a legal move of the learner's side in an unfinished
/// position of `start`'s game, each valued once (also as a symmetric pair).
pub fn restore<G: Declared>(
    start: &G,
    side: Player,
    params: &[(&'static str, f64)],
    record: Record,
    values: &[(String, f64)],
) -> Result<Box<dyn Learner>, String> {
    let param = |name: &str, default: f64| {
        params
            .iter()
            .find(|(given, _)| *given == name)
            .map_or(default, |(_, value)| *value)
    };
    let mut learner = QLearn::<G>::new(
        side,
        param("alpha", ALPHA),
        param("gamma", GAMMA),
        param("epsilon", EPSILON),
        param("draw", DRAW),
    );
    learner.record = record;
    for (name, value) in values {
        let shown = crate::files::shown(name, 40);
        let Some((picture, move_name)) = name.rsplit_once(' ') else {
            return Err(format!(
                "value \"{shown}\" names no move: write a position, a space, then a move"
            ));
        };
        let position = start
            .from_picture(picture)
            .map_err(|why| format!("value \"{shown}\" is not a position: {why}"))?;
        if position.outcome().is_some() || position.to_move() != side {
            return Err(format!(
                "value \"{shown}\" is not a position where {side} moves in an unfinished game"
            ));
        }
        let mv = position
            .parse_move(move_name)
            .ok()
            .filter(|mv| position.clone().play(*mv).is_ok())
            .ok_or_else(|| format!("value \"{shown}\" names a move that is not legal there"))?;
        if !(value.is_finite() && (0.0..=1.0).contains(value)) {
            return Err(format!(
                "value \"{shown}\" is {value}, not a number from 0 to 1"
            ));
        }
        let (key, symmetries) = frame(&position);
        let at = entry(&position, key, &symmetries, mv);
        if learner.values.contains_key(&at) {
            return Err(format!(
                "value \"{shown}\" names a move already valued (the same up to symmetry)"
            ));
        }
        learner.values.insert(at, *value);
        learner.names.insert(at, name.clone());
    }
    Ok(Box::new(learner))
}

/// The row of the table of learners.
pub static ROW: super::LearnerRow = super::LearnerRow {
    kind: super::Kind::Qlearn,
    name: "qlearn",
    about: "Q-learning: every move of every position valued, off-policy",
    entries: ("move", "moves"),
    value_of: "the value of the move itself",
    params: &[
        super::Param {
            name: "alpha",
            default: ALPHA,
            min: 0.0,
            max: 1.0,
            help: "step size: how far a move's value moves towards its target",
        },
        super::Param {
            name: "gamma",
            default: GAMMA,
            min: 0.0,
            max: 1.0,
            help: "discount of the next position's best value (1: none)",
        },
        super::Param {
            name: "epsilon",
            default: EPSILON,
            min: 0.0,
            max: 1.0,
            help: "chance of an exploratory (random) move, which still teaches",
        },
        super::Param {
            name: "draw",
            default: DRAW,
            min: 0.0,
            max: 1.0,
            help: "reward of a draw (0 by default: no better than a loss)",
        },
    ],
};

/// A fresh `qlearn` for `side` of `G` with the row's parameters (their defaults where
/// one is not given).
pub fn new<G: Declared>(side: Player, params: &[(&'static str, f64)]) -> Box<dyn Learner> {
    let param = |name: &str, default: f64| {
        params
            .iter()
            .find(|(given, _)| *given == name)
            .map_or(default, |(_, value)| *value)
    };
    Box::new(QLearn::<G>::new(
        side,
        param("alpha", ALPHA),
        param("gamma", GAMMA),
        param("epsilon", EPSILON),
        param("draw", DRAW),
    ))
}

impl<G: Declared> Learner for QLearn<G> {
    fn side(&self) -> Player {
        self.side
    }

    fn record(&self) -> Record {
        self.record
    }

    fn kind(&self) -> &'static str {
        ROW.name
    }

    fn params(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("alpha", self.alpha),
            ("gamma", self.gamma),
            ("epsilon", self.epsilon),
            ("draw", self.draw),
        ]
    }

    fn entry_count(&self) -> usize {
        self.values.len()
    }

    fn set_params(&mut self, given: &[(&'static str, f64)]) {
        for (name, value) in given {
            match *name {
                "alpha" => self.alpha = *value,
                "gamma" => self.gamma = *value,
                "epsilon" => self.epsilon = *value,
                "draw" => self.draw = *value,
                _ => {}
            }
        }
    }

    fn choose_move(&mut self, position: &dyn AnyGame, rng: &mut dyn Rng) -> Option<String> {
        train::choose_named::<G, _>(self, position, rng)
    }

    fn game_result(&mut self, result: GameResult) {
        TypedLearner::<G>::learn(self, result);
    }

    fn drop_game(&mut self) {
        TypedLearner::<G>::abandon(self);
    }

    fn move_values(&self, position: &dyn AnyGame) -> Option<Vec<(String, f64)>> {
        let typed = position.position::<G>()?;
        if typed.outcome().is_some() || typed.to_move() != self.side {
            return None;
        }
        Some(
            typed
                .legal_moves()
                .into_iter()
                .map(|mv| (typed.move_name(mv), self.value(typed, mv)))
                .collect(),
        )
    }

    fn greedy(&self) -> Option<Box<dyn Learner>> {
        // With no exploration its play is what it learned already.
        if self.epsilon == 0.0 {
            return None;
        }
        let mut greedy = self.clone();
        greedy.epsilon = 0.0;
        greedy.alpha = 0.0;
        Some(Box::new(greedy))
    }

    fn saved_values(&self) -> Vec<(String, f64)> {
        let mut values: Vec<(String, f64)> = self
            .values
            .iter()
            .map(|(at, value)| (self.names.get(at).cloned().unwrap_or_default(), *value))
            .collect();
        values.sort_by(|a, b| a.0.cmp(&b.0));
        values
    }

    fn play_games(
        &mut self,
        opponent: &mut dyn Opponent,
        start: &dyn AnyGame,
        rng: &mut dyn Rng,
        after: &mut dyn FnMut(&dyn Learner, Played) -> bool,
    ) {
        super::play_typed_games::<G, Self>(self, opponent, start, rng, after);
    }

    fn as_menace(&self) -> Option<&dyn MenaceLearner> {
        None
    }

    fn as_menace_mut(&mut self) -> Option<&mut dyn MenaceLearner> {
        None
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn boxed_clone(&self) -> Box<dyn Learner> {
        Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Square, TicTacToe};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn played(cells: &[usize]) -> TicTacToe {
        let mut game = TicTacToe::default();
        for cell in cells {
            game.play(Square::new(*cell).unwrap()).unwrap();
        }
        game
    }

    fn square(cell: usize) -> Square {
        Square::new(cell).unwrap()
    }

    fn chosen(
        learner: &mut QLearn<TicTacToe>,
        position: &TicTacToe,
        rng: &mut ChaCha8Rng,
    ) -> Square {
        match learner.choose(position, rng) {
            Choice::Move(mv) => mv,
            other => panic!("no move: {other:?}"),
        }
    }

    fn close(value: f64, wanted: f64) -> bool {
        (value - wanted).abs() < 1e-12
    }

    #[test]
    fn three_greedy_moves_and_a_loss_update_as_the_formula_says() {
        // gamma 0.9, so that the discount is seen in the numbers.
        let mut learner = QLearn::<TicTacToe>::new(Player::X, 0.1, 0.9, 0.0, DRAW);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        // Values that make each greedy move the one wanted: X centre, then 8, then 6.
        let (first, second, third) = (played(&[]), played(&[4, 0]), played(&[4, 0, 8, 2]));
        learner.set_value(&first, square(4), 0.6);
        learner.set_value(&second, square(8), 0.8);
        learner.set_value(&third, square(6), 0.9);

        assert_eq!(chosen(&mut learner, &first, &mut rng), square(4));
        assert_eq!(
            learner.value(&first, square(4)),
            0.6,
            "nothing before the first move"
        );
        assert_eq!(chosen(&mut learner, &second, &mut rng), square(8));
        // Q(first, 4) <- 0.6 + 0.1 (0 + 0.9 * 0.8 - 0.6) = 0.612
        let value = learner.value(&first, square(4));
        assert!(close(value, 0.612), "{value}");
        assert_eq!(chosen(&mut learner, &third, &mut rng), square(6));
        // Q(second, 8) <- 0.8 + 0.1 (0 + 0.9 * 0.9 - 0.8) = 0.801
        let value = learner.value(&second, square(8));
        assert!(close(value, 0.801), "{value}");
        learner.learn(GameResult::Lost);
        // Q(third, 6) <- 0.9 + 0.1 (0 - 0.9) = 0.81: the end's target is the reward alone.
        let value = learner.value(&third, square(6));
        assert!(close(value, 0.81), "{value}");
        assert!(close(learner.value(&first, square(4)), 0.612));
        assert_eq!(learner.len(), 3);
        assert_eq!(learner.record.lost, 1);
    }

    #[test]
    fn a_draw_is_rewarded_with_the_draw_parameter() {
        let mut learner = QLearn::<TicTacToe>::new(Player::O, 0.5, 1.0, 0.0, 0.4);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let position = played(&[0, 4, 8, 1, 7, 6, 2]);
        let mv = chosen(&mut learner, &position, &mut rng);
        learner.learn(GameResult::Drew);
        // 0.5 + 0.5 (0.4 - 0.5)
        assert!(close(learner.value(&position, mv), 0.45));
    }

    #[test]
    fn an_exploratory_move_still_teaches() {
        let mut learner = QLearn::<TicTacToe>::new(Player::X, 0.1, 1.0, 1.0, DRAW);
        let empty = played(&[]);
        // The centre is the greedy move; every move is below the 0.5 of what follows.
        for (mv, value) in [(4, 0.4), (0, 0.3), (1, 0.3)] {
            learner.set_value(&empty, square(mv), value);
        }
        let mut explored = 0;
        for seed in 0..10 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut fresh = learner.clone();
            let mv = chosen(&mut fresh, &empty, &mut rng);
            explored += usize::from(mv != square(4));
            let reply = if mv == square(0) { 8 } else { 0 };
            let before = fresh.value(&empty, mv);
            chosen(&mut fresh, &played(&[mv.index(), reply]), &mut rng);
            // Q <- Q + 0.1 (0.5 - Q): learned whether the move was greedy or not.
            let after = fresh.value(&empty, mv);
            assert!(
                close(after, before + 0.1 * (0.5 - before)),
                "{mv:?} {after}"
            );
        }
        assert!(explored > 0);
    }

    #[test]
    fn symmetric_positions_share_their_values() {
        let mut learner = QLearn::<TicTacToe>::new(Player::X, 0.1, 1.0, 0.1, DRAW);
        // X in a corner, O in the centre: symmetric in its diagonal, so 1 and 3 are one move.
        let position = played(&[0, 4]);
        learner.set_value(&position, square(1), 0.9);
        learner.set_value(&position, square(2), 0.2);
        assert_eq!(learner.len(), 2);
        for symmetry in 0..position.symmetry_count() {
            let image = position.transformed(symmetry);
            for (mv, value) in [(1, 0.9), (3, 0.9), (2, 0.2), (6, 0.2), (8, UNKNOWN)] {
                let moved = position.transform_move(square(mv), symmetry);
                assert_eq!(learner.value(&image, moved), value, "{symmetry} {mv}");
            }
        }
        // The empty board's four corners are one move, its four edges another.
        learner.set_value(&played(&[]), square(2), 0.7);
        for corner in [0, 2, 6, 8] {
            assert_eq!(learner.value(&played(&[]), square(corner)), 0.7);
        }
        assert_eq!(learner.value(&played(&[]), square(1)), UNKNOWN);
        assert_eq!(learner.len(), 3);
    }

    #[test]
    fn a_greedy_choice_takes_the_highest_value() {
        let mut learner = QLearn::<TicTacToe>::new(Player::X, 0.1, 1.0, 0.0, DRAW);
        let position = played(&[0, 4]);
        learner.set_value(&position, square(5), 0.7);
        learner.set_value(&position, square(8), 0.6);
        learner.set_value(&position, square(1), 0.1);
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut fresh = learner.clone();
            // 5 and 7 are one move on this board: either is the highest.
            let mv = chosen(&mut fresh, &position, &mut rng);
            assert!([square(5), square(7)].contains(&mv), "{mv:?}");
        }
    }

    #[test]
    fn the_same_seed_learns_the_same_values_in_the_one_loop() {
        use crate::menace::train::play_games;
        let run = |seed| {
            let mut learner = QLearn::<TicTacToe>::new(Player::X, ALPHA, GAMMA, EPSILON, DRAW);
            let mut other = crate::menace::train::Sparring {
                learner: QLearn::<TicTacToe>::new(Player::O, ALPHA, GAMMA, EPSILON, DRAW),
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut games = 0;
            play_games(
                &mut learner,
                &mut other,
                &TicTacToe::default(),
                &mut rng,
                &mut |_, _| {
                    games += 1;
                    games < 200
                },
            );
            let mut values: Vec<_> = learner
                .values
                .into_iter()
                .map(|((key, mv), value)| (key, mv.index(), value.to_bits()))
                .collect();
            values.sort_unstable();
            values
        };
        let one = run(5);
        assert!(one.len() > 10);
        assert_eq!(one, run(5));
        assert_ne!(one, run(6));
    }
}
