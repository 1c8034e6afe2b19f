use super::*;
use crate::ai::Agent;
use crate::ai::minimax::Minimax;
use crate::game::{Player, TicTacToe};
use crate::menace::Preset;
use crate::menace::opponent::Moves;
use crate::players::PLAYERS;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn opponents_parse_and_print_alike() {
    for text in [
        "random",
        "minimax",
        "perfect",
        "rating 0",
        "rating 1",
        "lookahead 3",
        "lookahead 4 full-board",
        "teacher",
        "teacher centre",
        "menace",
    ] {
        let words: Vec<&str> = text.split(' ').collect();
        let kind = Choice::parse(&words).unwrap();
        assert_eq!(kind.to_string(), text);
    }
    assert_eq!(Choice::parse(&["rating"]), Choice::parse(&["rating", "1"]));
    assert_eq!(Choice::parse(&["rating"]).unwrap().to_string(), "rating 1");
    assert!(Choice::parse(&["lookahead", "0"]).is_err());
    assert!(Choice::parse(&["lookahead", "10"]).is_err());
    assert!(Choice::parse(&["perfect", "2"]).is_err());
    assert!(Choice::parse(&["nobody"]).is_err());
    assert!(Choice::parse(&[]).is_err());
}

#[test]
fn the_minimax_table_agrees_with_the_minimax_agent_everywhere() {
    let mut agent = Minimax::default();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for position in crate::menace::boxes::reachable_positions() {
        let expected = agent.choose(&position, &mut rng);
        let table = Moves::choose(&mut crate::players::minimax::Minimax, &position, &mut rng);
        assert_eq!(table, expected, "{}", position.picture());
    }
}

/// Classic MENACE (X) and a rival of the table for O, made as `train` makes them.
fn classic_pair(vs: &str, rng: &mut ChaCha8Rng) -> (Box<dyn AnyGame>, Box<dyn Learner>, Rival) {
    let start = crate::registry::start(&["classic"]).unwrap();
    let preset = Preset::challenge();
    let menace =
        crate::registry::new_learner(start.as_ref(), Player::X, preset, 1000, rng).unwrap();
    let game = start.boxed_clone();
    let second = move |choice: &crate::learners::LearnerChoice, side: Player, rng: &mut dyn Rng| {
        crate::registry::new_learner_of(game.as_ref(), choice, side, preset, 1000, rng).ok()
    };
    let words: Vec<&str> = vs.split(' ').collect();
    let rival = Rival::new(
        Choice::parse(&words).unwrap(),
        start.as_ref(),
        Player::O,
        preset,
        crate::analysis::Effort::default(),
        &second,
        rng,
    )
    .unwrap();
    (start, menace, rival)
}

#[test]
fn every_opponent_plays_whole_games_in_the_typed_loop() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let classic = crate::registry::start(&["classic"]).unwrap();
    for row in PLAYERS.iter().filter(|row| (row.plays)(classic.as_ref())) {
        let (start, mut menace, mut rival) = classic_pair(row.name, &mut rng);
        // Every AI of the classic board meets the loop in the board's own types (a
        // second learner of another kind as itself: a learner of its kind spars with it
        // in those types, MENACE plays it by its moves).
        let typed = crate::menace::opponent::Opponent::typed(&mut rival).unwrap();
        assert!(
            typed.is::<crate::menace::opponent::BoxedAi<TicTacToe>>()
                || typed.is::<crate::menace::Menace<TicTacToe>>()
                || typed.is::<crate::learners::td::Td<TicTacToe>>()
                || typed.is::<crate::learners::qlearn::QLearn<TicTacToe>>(),
            "{}",
            row.name
        );
        let report = train(
            menace.as_mut(),
            &mut rival,
            start.as_ref(),
            20,
            &mut rng,
            &mut |_| true,
        );
        assert_eq!(report.overall.games(), 20, "{}", row.name);
        assert_eq!(menace.record().games(), 20, "{}", row.name);
    }
}

/// A rival met only by name: the loop's way with an AI that has no typed self.
struct ByNameOnly<'a>(&'a mut Rival);

impl crate::menace::opponent::Opponent for ByNameOnly<'_> {
    fn choose(&mut self, position: &dyn AnyGame, rng: &mut dyn Rng) -> Option<String> {
        crate::menace::opponent::Opponent::choose(self.0, position, rng)
    }

    fn game_over(&mut self, position: &dyn AnyGame) {
        crate::menace::opponent::Opponent::game_over(self.0, position);
    }
}

/// The typed loop and the loop by name are one loop: the same seed gives the same
/// games, so the same beads, against a table AI and against a second MENACE.
#[test]
fn typed_and_named_opponents_teach_the_same_beads() {
    for vs in ["random", "perfect", "menace"] {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (start, mut typed, mut rival) = classic_pair(vs, &mut rng);
        let mut games = 0;
        typed.play_games(&mut rival, start.as_ref(), &mut rng, &mut |_, played| {
            games += 1;
            matches!(played, Played::Game(_)) && games < 300
        });

        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (start, mut named, mut rival) = classic_pair(vs, &mut rng);
        let mut games = 0;
        named.play_games(
            &mut ByNameOnly(&mut rival),
            start.as_ref(),
            &mut rng,
            &mut |_, _| {
                games += 1;
                games < 300
            },
        );
        assert_eq!(typed.record().games(), 300, "{vs}");
        assert_eq!(typed.as_ref(), named.as_ref(), "{vs}");
    }
}

#[test]
fn perfect_never_loses_to_menace() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (start, mut menace, mut rival) = classic_pair("perfect", &mut rng);
    let report = train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        3_000,
        &mut rng,
        &mut |_| true,
    );
    assert_eq!(report.overall.won, 0);
    assert_eq!(report.overall.games(), 3_000);
    assert_eq!(report.last_tenth.games(), 300);
    assert_eq!(report.curve.len(), 20);
    assert_eq!(
        report
            .curve
            .iter()
            .map(CurvePoint::window_games)
            .sum::<u64>(),
        3_000
    );
}

#[test]
fn a_small_run_keeps_its_curve_and_csv_consistent() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (start, mut menace, mut rival) = classic_pair("random", &mut rng);
    let report = train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        7,
        &mut rng,
        &mut |_| true,
    );
    assert_eq!(report.curve.len(), 7);
    assert_eq!(report.last_tenth.games(), 1);
    assert_eq!(report.curve_csv().lines().count(), 8);
}

#[test]
fn a_second_menace_learns_as_o() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (start, mut menace, mut rival) = classic_pair("menace", &mut rng);
    train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        200,
        &mut rng,
        &mut |_| true,
    );
    let second = crate::menace::opponent::Opponent::typed(&mut rival)
        .and_then(|typed| typed.downcast_mut::<crate::menace::Menace<TicTacToe>>())
        .unwrap();
    assert_eq!(second.record().games(), 200);
    assert_eq!(second.record().won, menace.record().lost);
}

#[test]
fn progress_is_told_rarely_for_fast_games_and_can_stop_a_run() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (start, mut menace, mut rival) = classic_pair("random", &mut rng);
    let mut told = 0;
    let report = train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        100_000,
        &mut rng,
        &mut |_| {
            told += 1;
            true
        },
    );
    assert_eq!(report.overall.games(), 100_000);
    assert!(told < 10_000, "told {told} times");
    let report = train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        1_000,
        &mut rng,
        &mut |done| done < 3,
    );
    assert!(report.stopped);
    assert!(report.overall.games() < 1_000);
}

/// MENACE playing second has a first box in every game, not only on the classic board:
/// the box it meets after the opening in the middle of the move order (`stats` once
/// said "0 in the first box" for MENACE as O in Qubic).
#[test]
fn menace_playing_second_has_a_first_box_in_any_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let start = crate::registry::start(&["silverman"]).unwrap();
    let preset = Preset::challenge();
    let mut menace =
        crate::registry::new_learner(start.as_ref(), Player::O, preset, 100_000, &mut rng).unwrap();
    assert!(menace.first_box(start.as_ref()).is_none(), "no box met yet");
    let no_second = |_: &crate::learners::LearnerChoice, _: Player, _: &mut dyn Rng| None;
    let mut rival = Rival::new(
        Choice::parse(&["random"]).unwrap(),
        start.as_ref(),
        Player::X,
        preset,
        crate::analysis::Effort::default(),
        &no_second,
        &mut rng,
    )
    .unwrap();
    train(
        menace.as_mut(),
        &mut rival,
        start.as_ref(),
        300,
        &mut rng,
        &mut |_| true,
    );
    let first = menace
        .first_box(start.as_ref())
        .expect("O's box after the opening in the middle of the move order");
    assert_eq!(first.ply, 1);
    assert!(first.beads.iter().any(|(_, count)| *count > 0));
}

/// `td` and `qlearn`, made through the table of learners, train in the same run as
/// MENACE: against an AI of the table, counted into the report and its learning curve,
/// learning values.
#[test]
fn td_and_qlearn_train_against_a_rival_with_their_learning_curves() {
    for (kind, name) in [
        (crate::learners::Kind::Td, "td"),
        (crate::learners::Kind::Qlearn, "qlearn"),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let (start, _, mut rival) = classic_pair("random", &mut rng);
        let mut learner = crate::learners::make::<TicTacToe>(
            kind,
            Player::X,
            Preset::challenge(),
            1000,
            &[],
            &mut rng,
        );
        let report = train(
            learner.as_mut(),
            &mut rival,
            start.as_ref(),
            300,
            &mut rng,
            &mut |_| true,
        );
        assert_eq!(report.overall.games(), 300);
        assert_eq!(learner.record(), report.overall);
        assert!(!report.curve.is_empty());
        assert!(learner.entry_count() > 0, "values learned");
        assert_eq!(learner.kind(), name);
    }
}
