use super::*;
use crate::ai::Agent;
use crate::ai::minimax::Minimax;
use crate::players::random::Random;
use crate::players::{PLAYERS, Rival};

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
        let table =
            ClassicPlays::choose(&mut crate::players::minimax::Minimax, &position, &mut rng);
        assert_eq!(table, expected, "{}", position.picture());
    }
}

#[test]
fn every_opponent_plays_only_legal_moves_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let classic = crate::registry::start(&["classic"]).unwrap();
    let no_learner = |_: Player, _: &mut dyn Rng| None;
    for row in PLAYERS.iter().filter(|row| (row.plays)(classic.as_ref())) {
        let kind = Choice::bare(row);
        let mut rival = Rival::new(
            kind,
            classic.as_ref(),
            Player::O,
            Preset::challenge(),
            crate::analysis::Effort::default(),
            &no_learner,
            &mut rng,
        )
        .unwrap();
        let opponent = rival
            .classic()
            .expect("every AI of the classic board is fast");
        let mut menace = Menace::new(Preset::challenge(), &mut rng);
        let mut drawn = Vec::new();
        for _ in 0..20 {
            play_game(
                &mut menace,
                opponent,
                Rules::default(),
                &mut rng,
                &mut drawn,
            );
        }
        assert_eq!(menace.record().games(), 20, "{}", row.name);
    }
}

#[test]
fn perfect_never_loses_to_menace() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    let report = train(
        &mut menace,
        &mut Perfect,
        Choice::bare(&crate::players::perfect::ROW),
        3_000,
        Rules::default(),
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
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    let report = train(
        &mut menace,
        &mut Random,
        Choice::bare(&crate::players::random::ROW),
        7,
        Rules::default(),
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
    let mut opponent = crate::players::menace::Classic::new(Menace::new_for(
        Player::O,
        Preset::challenge(),
        &mut rng,
    ));
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    train(
        &mut menace,
        &mut opponent,
        Choice::bare(&crate::players::menace::ROW),
        200,
        Rules::default(),
        &mut rng,
        &mut |_| true,
    );
    let second = &opponent.menace;
    assert_eq!(second.record().games(), 200);
    assert_eq!(second.record().won, menace.record().lost);
}
