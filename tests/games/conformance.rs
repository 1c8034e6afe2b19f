//! The conformance test every registered game passes, with every combination of its
//! options (in the manner of OpenSpiel's `RandomSimTest`): seeded random games in which
//! every position is checked against the rules every game must keep.

use menace::play::{OpponentKind, Thinking};
use menace::registry::{self, AnyGame, MoveError};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const GAMES_PER_RULE_SET: usize = 12;
const MAX_PLIES: usize = 120;

fn check_position(game: &dyn AnyGame, rng: &mut dyn Rng, seen: &[String]) {
    let title = game.title();
    let picture = game.picture();
    let legal = game.legal_move_names();
    // Legal moves are empty exactly when the game is over.
    assert_eq!(
        legal.is_empty(),
        game.outcome().is_some(),
        "{title} {picture}: legal moves {legal:?}, outcome {:?}",
        game.outcome()
    );
    // Move names round-trip through the game's notation (a sample of them on the big
    // boards, where hundreds of cells are legal).
    let step = legal.len().div_ceil(40).max(1);
    for name in legal.iter().step_by(step) {
        assert_eq!(
            game.check_move(name).as_ref(),
            Ok(name),
            "{title} {picture}: {name}"
        );
        assert_eq!(
            game.check_move(&name.to_ascii_lowercase()).as_ref(),
            Ok(name),
            "{title} {picture}: lower-case {name}"
        );
    }
    // The picture reads back to the same position.
    let again = game
        .from_picture(&picture)
        .unwrap_or_else(|why| panic!("{title}: {picture} does not read back: {why}"));
    assert_eq!(again.picture(), picture, "{title}");
    let ended_by_repetition = game.positions_repeat()
        && game.outcome() == Some(menace::game::Outcome::Draw)
        && again.outcome().is_none();
    if !ended_by_repetition {
        assert_eq!(again.legal_move_names(), legal, "{title} {picture}");
        assert_eq!(again.outcome(), game.outcome(), "{title} {picture}");
    }
    if game.outcome().is_none() {
        assert_eq!(again.to_move(), game.to_move(), "{title} {picture}");
    }
    // The view holds every cell once.
    let view = game.view();
    let mut ids: Vec<usize> = view.cells().map(|cell| cell.id).collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "{title}: a cell drawn twice");
    // Illegal moves are refused, with the game's reason, and change nothing.
    let mut copy = game.boxed_clone();
    for name in seen.iter().filter(|name| !legal.contains(name)) {
        match copy.play_move(name) {
            Err(MoveError::Illegal { why, .. }) | Err(MoveError::Notation(why)) => {
                assert!(!why.is_empty() && !why.contains('\n'), "{title}: {why:?}")
            }
            Ok(played) => panic!("{title} {picture}: illegal {name} played as {played}"),
        }
        assert_eq!(
            copy.picture(),
            picture,
            "{title}: a refused move changed the game"
        );
    }
    for nonsense in ["", "zz", "99", "LL-", "q"] {
        if legal.iter().any(|name| name.eq_ignore_ascii_case(nonsense)) {
            continue;
        }
        assert!(copy.play_move(nonsense).is_err(), "{title}: {nonsense:?}");
        assert_eq!(copy.picture(), picture);
    }
    // Play commutes with every declared symmetry.
    if let Some(name) = legal.get(rng.random_range(0..legal.len().max(1))) {
        let mut played = game.boxed_clone();
        played.play_move(name).expect("a legal move plays");
        for index in 0..game.symmetry_count() {
            let mut image = game.transformed(index);
            let moved = game
                .transformed_move(name, index)
                .unwrap_or_else(|| panic!("{title}: {name} has no image"));
            image
                .play_move(&moved)
                .unwrap_or_else(|why| panic!("{title} {picture}: image {moved} of {name}: {why}"));
            assert_eq!(
                image.picture(),
                played.transformed(index).picture(),
                "{title} {picture}: {name} under symmetry {index}"
            );
        }
        // The move changed the board the console draws (unless it is a pass), or, for a
        // board drawn zoomed, one of its zooms (`board N`).
        if !name.eq_ignore_ascii_case("pass") {
            let zooms_changed = (0..)
                .map_while(|part| Some((game.zoomed_view(part)?, played.zoomed_view(part)?)))
                .any(|(before, after)| !after.changed_since(&before).is_empty());
            assert!(
                !played.view().changed_since(&view).is_empty() || zooms_changed,
                "{title}: {name} changed no cell"
            );
        }
    }
}

#[test]
fn every_registered_game_keeps_the_rules_every_game_keeps() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let rule_sets = registry::every_rule_set();
    assert!(rule_sets.len() >= registry::GAMES.len());
    for start in rule_sets {
        assert_eq!(start.ply(), 0, "{}", start.title());
        for _ in 0..GAMES_PER_RULE_SET {
            let mut game = start.boxed_clone();
            let mut seen: Vec<String> = Vec::new();
            while game.outcome().is_none() && game.ply() < MAX_PLIES {
                check_position(game.as_ref(), &mut rng, &seen);
                let legal = game.legal_move_names();
                let name = legal[rng.random_range(0..legal.len())].clone();
                game.play_move(&name).expect("a legal move plays");
                seen.push(name);
            }
            check_position(game.as_ref(), &mut rng, &seen);
        }
    }
}

#[test]
fn the_generic_ais_return_legal_moves_in_every_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for start in registry::every_rule_set() {
        let mut game = start.boxed_clone();
        // A few random moves in, so that no AI answers from a table of openings.
        for _ in 0..3 {
            let legal = game.legal_move_names();
            let name = legal[rng.random_range(0..legal.len())].clone();
            game.play_move(&name).expect("legal");
        }
        if game.outcome().is_some() {
            continue;
        }
        let legal = game.legal_move_names();
        for kind in [
            OpponentKind::Random,
            OpponentKind::Lookahead(2, Default::default()),
            OpponentKind::AlphaBeta(None),
            OpponentKind::Mcts(None),
            OpponentKind::Mcts(Some(Thinking::Count(50))),
        ] {
            assert!(game.plays(kind));
            // Small budgets: the test is that every AI answers with a legal move in every
            // game, not how well (that is `menace duel`'s), and it runs unoptimized.
            let effort = registry::Effort {
                positions: 20_000,
                playouts: 300,
                lookahead: 1_000_000,
                ..registry::Effort::default()
            };
            let chosen = game
                .suggest(kind, effort, &mut rng)
                .unwrap_or_else(|| panic!("{}: {kind} chose nothing", game.title()));
            assert!(
                legal.contains(&chosen),
                "{}: {kind} chose {chosen}",
                game.title()
            );
        }
    }
}

#[test]
fn pictures_that_play_cannot_reach_are_refused_in_one_sentence() {
    for (words, picture) in [
        (&["classic"][..], "XXX......"),
        (&["classic"], "XXXOOO..."),
        (&["cube"], "XX"),
        (&["silverman"], "XXXX/OOOO/..../...."),
        (
            &["gravity"],
            "X......./......../......../......../......../......../......../........",
        ),
        (&["gravity"], "........"),
        (&["morris"], "XXX.OOO.. "),
        (&["morris"], "XX.OOO... Q"),
    ] {
        let game = registry::start(words).unwrap();
        let why = game
            .from_picture(picture)
            .expect_err(&format!("{words:?} {picture}"));
        assert!(!why.is_empty() && !why.contains('\n'), "{why}");
    }
}

#[test]
fn mcts_takes_its_playouts_a_move() {
    use menace::play::{OpponentKind, Thinking};
    assert_eq!(
        OpponentKind::parse(&["mcts", "5000"]),
        Ok(OpponentKind::Mcts(Some(Thinking::Count(5000))))
    );
    assert_eq!(OpponentKind::parse(&["mcts"]), Ok(OpponentKind::Mcts(None)));
    assert_eq!(
        OpponentKind::Mcts(Some(Thinking::Count(5000))).to_string(),
        "mcts 5000"
    );
    for bad in [&["mcts", "0"][..], &["mcts", "x"], &["mcts", "1", "2"]] {
        assert!(OpponentKind::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn searching_ais_think_by_count_or_by_time() {
    for (words, kind, shown) in [
        (
            &["mcts", "200ms"][..],
            OpponentKind::Mcts(Some(Thinking::Millis(200))),
            "mcts 200ms",
        ),
        (
            &["alphabeta", "100MS"],
            OpponentKind::AlphaBeta(Some(Thinking::Millis(100))),
            "alphabeta 100ms",
        ),
        (
            &["alphabeta", "50000"],
            OpponentKind::AlphaBeta(Some(Thinking::Count(50_000))),
            "alphabeta 50000",
        ),
        (&["alphabeta"], OpponentKind::AlphaBeta(None), "alphabeta"),
    ] {
        assert_eq!(OpponentKind::parse(words), Ok(kind), "{words:?}");
        assert_eq!(kind.to_string(), shown);
        let again: Vec<&str> = shown.split(' ').collect();
        assert_eq!(OpponentKind::parse(&again), Ok(kind));
    }
    for bad in [
        &["mcts", "0ms"][..],
        &["mcts", "10001ms"],
        &["mcts", "-5ms"],
        &["alphabeta", "ms"],
        &["alphabeta", "0"],
    ] {
        let refused = OpponentKind::parse(bad).unwrap_err();
        assert!(refused.contains("a time (1ms to 10000ms)"), "{refused}");
    }
}
