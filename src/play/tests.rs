use super::*;
use crate::ai::minimax::Minimax;

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
        let kind = OpponentKind::parse(&words).unwrap();
        assert_eq!(kind.to_string(), text);
    }
    assert_eq!(
        OpponentKind::parse(&["rating"]),
        Ok(OpponentKind::Rating(1))
    );
    assert!(OpponentKind::parse(&["lookahead", "0"]).is_err());
    assert!(OpponentKind::parse(&["lookahead", "10"]).is_err());
    assert!(OpponentKind::parse(&["perfect", "2"]).is_err());
    assert!(OpponentKind::parse(&["nobody"]).is_err());
    assert!(OpponentKind::parse(&[]).is_err());
}

#[test]
fn the_minimax_table_agrees_with_the_minimax_agent_everywhere() {
    let mut agent = Minimax::default();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for position in crate::menace::boxes::reachable_positions() {
        let expected = agent.choose(&position, &mut rng);
        let table = Opponent::Minimax.choose(&position, &mut rng);
        assert_eq!(table, expected, "{}", position.picture());
    }
}

#[test]
fn every_opponent_plays_only_legal_moves_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for name in OPPONENT_NAMES {
        let kind = OpponentKind::parse(&[name]).unwrap();
        if kind.only_in().is_some() {
            continue;
        }
        let mut opponent = Opponent::new(kind, Preset::challenge(), &mut rng);
        let mut menace = Menace::new(Preset::challenge(), &mut rng);
        let mut drawn = Vec::new();
        for _ in 0..20 {
            play_game(
                &mut menace,
                &mut opponent,
                Rules::default(),
                &mut rng,
                &mut drawn,
            );
        }
        assert_eq!(menace.record().games(), 20, "{name}");
    }
}

#[test]
fn perfect_never_loses_to_menace() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    let report = train(
        &mut menace,
        &mut Opponent::Perfect,
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
        &mut Opponent::Random,
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
    let mut opponent = Opponent::new(OpponentKind::Menace, Preset::challenge(), &mut rng);
    let mut menace = Menace::new(Preset::challenge(), &mut rng);
    train(
        &mut menace,
        &mut opponent,
        200,
        Rules::default(),
        &mut rng,
        &mut |_| true,
    );
    let Opponent::Menace { menace: second, .. } = &opponent else {
        panic!("still a MENACE");
    };
    assert_eq!(second.record().games(), 200);
    assert_eq!(second.record().won, menace.record().lost);
}
