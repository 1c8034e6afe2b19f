//! The value learner of Sutton and Barto's first chapter (*Reinforcement Learning: An
//! Introduction*, 2nd ed., section 1.5): a value for every position its own moves lead
//! to (an afterstate), keyed by canonical position, as MENACE keys its boxes. It moves
//! greedily to the afterstate of highest value, but with probability epsilon to a
//! random legal one instead; after each greedy move the afterstate before it is moved
//! towards the new one, V(s) <- V(s) + alpha [V(s') - V(s)], and after an exploratory
//! move nothing is learned. A won position is worth 1, a lost one 0, a drawn one the
//! `draw` parameter (the book's 0 by default), any other 0.5 until it is learned.

use crate::game::{AnyGame, Declared, Game, Outcome, Player};
use crate::menace::learner::{Learner, MenaceLearner};
use crate::menace::opponent::Opponent;
use crate::menace::train::{self, Choice, Played, TypedLearner};
use crate::menace::{GameResult, Record};
use rand::{Rng, RngExt};
use std::collections::HashMap;

/// The book's step size.
pub const ALPHA: f64 = 0.1;
/// The book's chance of an exploratory move.
pub const EPSILON: f64 = 0.1;
/// The book's value of a drawn position: no more than a loss.
pub const DRAW: f64 = 0.0;
/// The value of a position not yet learned and not over.
const UNKNOWN: f64 = 0.5;

/// The value learner for one side of game `G`.
#[derive(Debug, Clone)]
pub struct Td<G: Game> {
    side: Player,
    pub alpha: f64,
    pub epsilon: f64,
    pub draw: f64,
    /// Learned values of positions not over, by canonical key.
    values: HashMap<G::Key, f64>,
    /// The picture of the position each value was first learned for (any of its
    /// symmetric images names it), for a save file a person can read.
    pictures: HashMap<G::Key, String>,
    record: Record,
    /// The afterstate of its last move in the game being played, where the position
    /// is not over (a finished position's value is fixed).
    last: Option<Option<G>>,
}

impl<G: Game> Td<G> {
    pub fn new(side: Player, alpha: f64, epsilon: f64, draw: f64) -> Td<G> {
        Td {
            side,
            alpha,
            epsilon,
            draw,
            values: HashMap::new(),
            pictures: HashMap::new(),
            record: Record::default(),
            last: None,
        }
    }

    /// The value of `position` for this learner: fixed where the game is over, learned
    /// or 0.5 otherwise.
    pub fn value(&self, position: &G) -> f64 {
        match position.outcome() {
            Some(Outcome::Win(winner)) if winner == self.side => 1.0,
            Some(Outcome::Win(_)) => 0.0,
            Some(Outcome::Draw) => self.draw,
            None => self.learned(&position.canonical_key()),
        }
    }

    /// Sets the value of a position not over (and every symmetric one).
    pub fn set_value(&mut self, position: &G, value: f64) {
        if position.outcome().is_none() {
            let key = position.canonical_key();
            self.values.insert(key, value);
            self.pictures
                .entry(key)
                .or_insert_with(|| position.picture());
        }
    }

    /// Positions with a learned value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    fn learned(&self, key: &G::Key) -> f64 {
        self.values.get(key).copied().unwrap_or(UNKNOWN)
    }

    /// The value of a result at the game's end.
    fn result_value(&self, result: GameResult) -> f64 {
        match result {
            GameResult::Won => 1.0,
            GameResult::Drew => self.draw,
            GameResult::Lost => 0.0,
        }
    }

    /// Moves the value of the last afterstate towards `target`, if it has one to learn.
    fn back_up(&mut self, target: f64) {
        if let Some(Some(position)) = self.last.take() {
            let key = position.canonical_key();
            let value = self.learned(&key);
            self.values
                .insert(key, value + self.alpha * (target - value));
            self.pictures
                .entry(key)
                .or_insert_with(|| position.picture());
            self.last = Some(Some(position));
        }
    }

    /// The legal move whose afterstate is worth most, ties broken by `rng`.
    fn greedy(&self, position: &G, moves: &[G::Move], rng: &mut dyn Rng) -> Option<G::Move> {
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for mv in moves {
            let mut after = position.clone();
            after.play_known_legal(*mv);
            let value = self.value(&after);
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value >= best_value {
                best.push(*mv);
            }
        }
        match best.len() {
            0 => None,
            1 => Some(best[0]),
            count => Some(best[rng.random_range(0..count)]),
        }
    }
}

impl<G: Game> TypedLearner<G> for Td<G> {
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
        let explore = self.epsilon > 0.0 && rng.random::<f64>() < self.epsilon;
        let chosen = if explore {
            Some(moves[rng.random_range(0..moves.len())])
        } else {
            self.greedy(position, &moves, rng)
        };
        let Some(mv) = chosen else {
            return Choice::Resigned;
        };
        let mut after = position.clone();
        after.play_known_legal(mv);
        if !explore {
            let target = self.value(&after);
            self.back_up(target);
        }
        self.last = Some(after.outcome().is_none().then_some(after));
        Choice::Move(mv)
    }

    fn learn(&mut self, result: GameResult) {
        // The other side's move (or the end) follows its last afterstate: not a move of
        // its own, so never exploratory.
        let target = self.result_value(result);
        self.back_up(target);
        self.record.add(result);
        self.last = None;
    }

    fn abandon(&mut self) {
        self.last = None;
    }
}

/// A `td` rebuilt from a save file: its parameters (checked by the row), record, and
/// the value of each position by picture; the sentence saying what is wrong otherwise.
/// Every picture must be a position of `start`'s game, not over and not the start (a
/// position its own move leads to), and each position valued once.
pub fn restore<G: Declared>(
    start: &G,
    side: Player,
    params: &[(&'static str, f64)],
    record: Record,
    values: &[(String, f64)],
) -> Result<Box<dyn Learner>, String> {
    let Td {
        alpha,
        epsilon,
        draw,
        ..
    } = match new::<G>(side, params).as_any().downcast_ref::<Td<G>>() {
        Some(td) => td.clone(),
        None => return Err("the learner could not be made".into()),
    };
    let mut td = Td::<G>::new(side, alpha, epsilon, draw);
    td.record = record;
    for (picture, value) in values {
        let shown = crate::files::shown(picture, 40);
        let position = start
            .from_picture(picture)
            .map_err(|why| format!("value \"{shown}\" is not a position: {why}"))?;
        if position.outcome().is_some() {
            return Err(format!(
                "value \"{shown}\" is of a finished game, whose value the rules fix"
            ));
        }
        // A position its own move leads to: never the start. The side to move after it
        // is not always the other (quantum's collapse is chosen, then the chooser moves).
        if position.ply() == 0 {
            return Err(format!(
                "value \"{shown}\" is the start, but td values positions after its own move"
            ));
        }
        if !(value.is_finite() && (0.0..=1.0).contains(value)) {
            return Err(format!(
                "value \"{shown}\" is {value}, not a number from 0 to 1"
            ));
        }
        let key = position.canonical_key();
        if td.values.contains_key(&key) {
            return Err(format!(
                "value \"{shown}\" names a position already valued (the same up to symmetry)"
            ));
        }
        td.values.insert(key, *value);
        td.pictures.insert(key, picture.clone());
    }
    Ok(Box::new(td))
}

/// The row of the table of learners.
pub static ROW: super::LearnerRow = super::LearnerRow {
    kind: super::Kind::Td,
    name: "td",
    about: "Sutton and Barto's value learner: a value for each position",
    entries: ("position", "positions"),
    value_of: "the value of the position it leads to",
    params: &[
        super::Param {
            name: "alpha",
            default: ALPHA,
            min: 0.0,
            max: 1.0,
            help: "step size: how far a value moves towards the next one",
        },
        super::Param {
            name: "epsilon",
            default: EPSILON,
            min: 0.0,
            max: 1.0,
            help: "chance of an exploratory (random) move, which teaches nothing",
        },
        super::Param {
            name: "draw",
            default: DRAW,
            min: 0.0,
            max: 1.0,
            help: "value of a drawn position (the book's 0: no better than a loss)",
        },
    ],
};

/// A fresh `td` for `side` of `G` with the row's parameters (their defaults where
/// one is not given).
pub fn new<G: Declared>(side: Player, params: &[(&'static str, f64)]) -> Box<dyn Learner> {
    let param = |name: &str, default: f64| {
        params
            .iter()
            .find(|(given, _)| *given == name)
            .map_or(default, |(_, value)| *value)
    };
    Box::new(Td::<G>::new(
        side,
        param("alpha", ALPHA),
        param("epsilon", EPSILON),
        param("draw", DRAW),
    ))
}

impl<G: Declared> Learner for Td<G> {
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
            .map(|(key, value)| (self.pictures.get(key).cloned().unwrap_or_default(), *value))
            .collect();
        values.sort_by(|a, b| a.0.cmp(&b.0));
        values
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
                .map(|mv| {
                    let mut after = typed.clone();
                    after.play_known_legal(mv);
                    (typed.move_name(mv), self.value(&after))
                })
                .collect(),
        )
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
    use crate::game::Square;
    use crate::game::TicTacToe;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn played(cells: &[usize]) -> TicTacToe {
        let mut game = TicTacToe::default();
        for cell in cells {
            game.play(Square::new(*cell).unwrap()).unwrap();
        }
        game
    }

    fn chosen(td: &mut Td<TicTacToe>, position: &TicTacToe, rng: &mut ChaCha8Rng) -> Square {
        match td.choose(position, rng) {
            Choice::Move(mv) => mv,
            other => panic!("no move: {other:?}"),
        }
    }

    #[test]
    fn three_greedy_moves_and_a_loss_update_as_the_book_says() {
        let mut td = Td::<TicTacToe>::new(Player::X, 0.1, 0.0, DRAW);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        // Values that make each greedy move the one wanted: X centre, then 8, then 6.
        let first = played(&[4]);
        let second = played(&[4, 0, 8]);
        let third = played(&[4, 0, 8, 2, 6]);
        td.set_value(&first, 0.6);
        td.set_value(&second, 0.8);
        td.set_value(&third, 0.9);

        assert_eq!(
            chosen(&mut td, &played(&[]), &mut rng),
            Square::new(4).unwrap()
        );
        assert_eq!(td.value(&first), 0.6, "nothing before the first move");
        assert_eq!(
            chosen(&mut td, &played(&[4, 0]), &mut rng),
            Square::new(8).unwrap()
        );
        // V(first) <- 0.6 + 0.1 (0.8 - 0.6)
        assert!(
            (td.value(&first) - 0.62).abs() < 1e-12,
            "{}",
            td.value(&first)
        );
        assert_eq!(
            chosen(&mut td, &played(&[4, 0, 8, 2]), &mut rng),
            Square::new(6).unwrap()
        );
        // V(second) <- 0.8 + 0.1 (0.9 - 0.8)
        assert!(
            (td.value(&second) - 0.81).abs() < 1e-12,
            "{}",
            td.value(&second)
        );
        td.learn(GameResult::Lost);
        // V(third) <- 0.9 + 0.1 (0 - 0.9)
        assert!(
            (td.value(&third) - 0.81).abs() < 1e-12,
            "{}",
            td.value(&third)
        );
        assert!((td.value(&first) - 0.62).abs() < 1e-12);
        assert_eq!(td.len(), 3);
    }

    #[test]
    fn an_exploratory_move_changes_no_value() {
        let mut td = Td::<TicTacToe>::new(Player::X, 0.1, 0.0, DRAW);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        td.set_value(&played(&[4]), 0.7);
        assert_eq!(
            chosen(&mut td, &played(&[]), &mut rng),
            Square::new(4).unwrap()
        );
        let before = td.values.clone();
        td.epsilon = 1.0;
        for _ in 0..20 {
            let mut again = td.clone();
            chosen(&mut again, &played(&[4, 0]), &mut rng);
            assert_eq!(again.values, before);
        }
        // The same move made greedily does learn.
        td.epsilon = 0.0;
        chosen(&mut td, &played(&[4, 0]), &mut rng);
        assert_ne!(td.values, before);
    }

    #[test]
    fn a_drawn_position_is_worth_the_draw_parameter() {
        let drawn = played(&[0, 4, 8, 1, 7, 6, 2, 5, 3]);
        assert_eq!(drawn.outcome(), Some(Outcome::Draw));
        assert_eq!(
            Td::<TicTacToe>::new(Player::O, 0.1, 0.1, DRAW).value(&drawn),
            0.0
        );
        assert_eq!(
            Td::<TicTacToe>::new(Player::O, 0.1, 0.1, 0.5).value(&drawn),
            0.5
        );
        let won = played(&[0, 3, 1, 4, 2]);
        assert_eq!(
            Td::<TicTacToe>::new(Player::X, 0.1, 0.1, DRAW).value(&won),
            1.0
        );
        assert_eq!(
            Td::<TicTacToe>::new(Player::O, 0.1, 0.1, DRAW).value(&won),
            0.0
        );
    }

    #[test]
    fn the_same_seed_learns_the_same_values_in_the_one_loop() {
        use crate::menace::train::play_games;
        let run = |seed| {
            let mut td = Td::<TicTacToe>::new(Player::X, ALPHA, EPSILON, DRAW);
            let mut other = crate::menace::train::Sparring {
                learner: Td::<TicTacToe>::new(Player::O, ALPHA, EPSILON, DRAW),
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut games = 0;
            play_games(
                &mut td,
                &mut other,
                &TicTacToe::default(),
                &mut rng,
                &mut |_, _| {
                    games += 1;
                    games < 200
                },
            );
            let mut values: Vec<_> = td.values.into_iter().collect();
            values.sort_by_key(|(key, _)| *key);
            values
        };
        let one = run(5);
        assert!(!one.is_empty());
        assert_eq!(one, run(5));
    }
}
