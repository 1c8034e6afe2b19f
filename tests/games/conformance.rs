//! The conformance test every registered game passes, with every combination of its
//! options (in the manner of OpenSpiel's `RandomSimTest`): seeded random games in which
//! every position is checked against the rules every game must keep, and the laws its
//! symmetries must keep as a group.

use menace::game::{AnyGame, MoveError};
use menace::players::{Choice, Rival};
use menace::registry;
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

/// The symmetry laws, on one position: symmetry 0 is the identity; each symmetry has an
/// inverse that undoes it (the one the game names, where it names one); with `closure`,
/// the image of an image is an image (the set is closed under composition); and every
/// image has the position's canonical key. Compared by the game's own keys.
fn check_symmetry_laws(game: &dyn AnyGame, closure: bool) {
    let title = game.title();
    let picture = game.picture();
    let count = game.symmetry_count();
    let key = game.key_text();
    let canonical = game.canonical_key_text();
    let images: Vec<Box<dyn AnyGame>> = (0..count).map(|index| game.transformed(index)).collect();
    let image_keys: Vec<String> = images.iter().map(|image| image.key_text()).collect();
    assert_eq!(
        image_keys[0], key,
        "{title} {picture}: symmetry 0 is not the identity"
    );
    for (index, image) in images.iter().enumerate() {
        match game.inverse_symmetry(index) {
            Some(inverse) => assert_eq!(
                image.transformed(inverse).key_text(),
                key,
                "{title} {picture}: symmetry {inverse} does not undo {index}, as the game says"
            ),
            None => assert!(
                (0..count).any(|inverse| image.transformed(inverse).key_text() == key),
                "{title} {picture}: no symmetry undoes {index}"
            ),
        }
        assert_eq!(
            image.canonical_key_text(),
            canonical,
            "{title} {picture}: its image under {index} has another canonical key"
        );
    }
    if closure {
        let all: std::collections::HashSet<&String> = image_keys.iter().collect();
        for (first, image) in images.iter().enumerate() {
            for then in 0..count {
                assert!(
                    all.contains(&image.transformed(then).key_text()),
                    "{title} {picture}: symmetry {first} then {then} is none of the game's"
                );
            }
        }
    }
}

/// The symmetry laws on a seeded random game of every rule set: at the start, at its end
/// and in the middle, where the composition of every pair is checked too (most positions
/// there are moved by every symmetry, so the images tell the symmetries apart).
#[test]
fn every_game_s_symmetries_form_a_group_that_keeps_the_canonical_key() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    for start in registry::every_rule_set() {
        let mut game = start.boxed_clone();
        check_symmetry_laws(game.as_ref(), false);
        let mut middle_checked = false;
        while game.outcome().is_none() && game.ply() < MAX_PLIES {
            let legal = game.legal_move_names();
            let name = legal[rng.random_range(0..legal.len())].clone();
            game.play_move(&name).expect("a legal move plays");
            if game.ply() == 6 {
                check_symmetry_laws(game.as_ref(), true);
                middle_checked = true;
            }
        }
        check_symmetry_laws(game.as_ref(), !middle_checked);
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
        for words in [
            &["random"][..],
            &["lookahead", "2"],
            &["alphabeta"],
            &["mcts"],
            &["mcts", "50"],
        ] {
            let kind = Choice::parse(words).unwrap();
            assert!(kind.plays(game.as_ref()));
            // Small budgets: the test is that every AI answers with a legal move in every
            // game, not how well (that is `menace duel`'s), and it runs unoptimized.
            let effort = menace::analysis::Effort {
                positions: 20_000,
                playouts: 300,
                lookahead: 1_000_000,
                ..menace::analysis::Effort::default()
            };
            let no_learner = |_: &menace::learners::LearnerChoice,
                              _: menace::game::Player,
                              _: &mut dyn rand::Rng| None;
            let chosen = Rival::new(
                kind,
                game.as_ref(),
                game.to_move(),
                Default::default(),
                effort,
                &no_learner,
                &mut rng,
            )
            .unwrap_or_else(|why| panic!("{}: {why}", game.title()))
            .choose(game.as_ref(), &mut rng)
            .unwrap_or_else(|| panic!("{}: {kind} chose nothing", game.title()))
            .name;
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
    use menace::players::Thinking;
    let mcts = Choice::parse(&["mcts", "5000"]).unwrap();
    assert_eq!(mcts.name(), "mcts");
    assert_eq!(mcts.options().thinking, Some(Thinking::Count(5000)));
    assert_eq!(Choice::parse(&["mcts"]).unwrap().options().thinking, None);
    assert_eq!(mcts.to_string(), "mcts 5000");
    for bad in [&["mcts", "0"][..], &["mcts", "x"], &["mcts", "1", "2"]] {
        assert!(Choice::parse(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn searching_ais_think_by_count_or_by_time() {
    use menace::players::Thinking;
    for (words, thinking, shown) in [
        (
            &["mcts", "200ms"][..],
            Some(Thinking::Millis(200)),
            "mcts 200ms",
        ),
        (
            &["alphabeta", "100MS"],
            Some(Thinking::Millis(100)),
            "alphabeta 100ms",
        ),
        (
            &["alphabeta", "50000"],
            Some(Thinking::Count(50_000)),
            "alphabeta 50000",
        ),
        (&["alphabeta"], None, "alphabeta"),
    ] {
        let kind = Choice::parse(words).unwrap();
        assert_eq!(kind.name(), words[0].to_ascii_lowercase(), "{words:?}");
        assert_eq!(kind.options().thinking, thinking, "{words:?}");
        assert_eq!(kind.to_string(), shown);
        let again: Vec<&str> = shown.split(' ').collect();
        assert_eq!(Choice::parse(&again), Ok(kind));
    }
    for bad in [
        &["mcts", "0ms"][..],
        &["mcts", "10001ms"],
        &["mcts", "-5ms"],
        &["alphabeta", "ms"],
        &["alphabeta", "0"],
    ] {
        let refused = Choice::parse(bad).unwrap_err();
        assert!(refused.contains("a time (1ms to 10000ms)"), "{refused}");
    }
}

/// The one-row and one-column boards of the m,n,k family, every `k` and with and
/// without the cylinder: the settings whose saves once failed to load back.
fn one_row_boards() -> Vec<Box<dyn AnyGame>> {
    let mut games = Vec::new();
    for n in 2..=6 {
        for size in [format!("1x{n}"), format!("{n}x1")] {
            for k in 2..=n {
                let k = k.to_string();
                for words in [
                    vec!["mnk", "size", &size, "k", &k],
                    vec!["mnk", "size", &size, "k", &k, "cylinder"],
                ] {
                    games.extend(registry::start(&words).ok());
                }
            }
        }
    }
    games
}

/// A save the program wrote always loads back: in every game and option setting MENACE
/// fits, playing X or O, a MENACE trained a few games is saved, loaded into a fresh
/// session and saved again, and the two files are the same.
#[test]
fn a_trained_menace_saves_and_loads_back_in_every_game_it_fits() {
    use menace::app::{BoxListing, Settings};
    use menace::lesson::Tutor;
    use menace::repl::respond;
    let folder = tempfile::tempdir().unwrap();
    let settings = || Settings {
        seed: 3,
        show_boxes: BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        ..Settings::default()
    };
    let mut tried = 0;
    for game in registry::every_rule_set()
        .into_iter()
        .chain(one_row_boards())
    {
        let title = game.title();
        // Each setting once, sides taking turns (each game has settings for both); one
        // side a setting keeps the test a few seconds long.
        let side = ["x", "o"][tried % 2];
        let mut session = Tutor::new(settings());
        let chosen = respond(&mut session, &format!("variant {title}"));
        if chosen.contains("MENACE does not play here") {
            continue;
        }
        respond(&mut session, &format!("side {side}"));
        let trained = respond(&mut session, "train 3 vs random");
        assert!(trained.contains("Trained 3 games"), "{title}: {trained}");
        let saved = respond(&mut session, "save first.yaml");
        assert!(saved.contains("Saved"), "{title} {side}: {saved}");
        let mut fresh = Tutor::new(settings());
        let loaded = respond(&mut fresh, "load first.yaml");
        assert!(loaded.contains("Loaded"), "{title} {side}: {loaded}");
        let saved = respond(&mut fresh, "save again.yaml");
        assert!(saved.contains("Saved"), "{title} {side}: {saved}");
        let read = |name: &str| std::fs::read_to_string(folder.path().join(name)).unwrap();
        assert_eq!(read("first.yaml"), read("again.yaml"), "{title} {side}");
        std::fs::remove_file(folder.path().join("first.yaml")).unwrap();
        std::fs::remove_file(folder.path().join("again.yaml")).unwrap();
        tried += 1;
    }
    assert!(tried > 40, "only {tried} settings tried");
}
