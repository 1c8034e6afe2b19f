//! The table walked row by row: every AI reads its own name and example options and
//! shows them back, says for every registered game whether it plays it (and a sentence
//! when not), and plays legal moves in every game it claims.

use super::*;
use crate::analysis::Effort;
use crate::game::Player;
use crate::menace::Preset;
use crate::registry;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Small budgets: the test checks legality, not strength.
const EFFORT: Effort = Effort {
    positions: 2_000,
    playouts: 50,
    lookahead: 20_000,
    solve: 10_000,
};

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn every_row_reads_its_name_and_examples_and_shows_them_back() {
    let mut seen = std::collections::HashSet::new();
    for row in PLAYERS {
        assert!(seen.insert(row.name), "{} is in the table twice", row.name);
        assert_eq!(find(row.name).map(|found| found.name), Some(row.name));
        assert_eq!(
            find(&row.name.to_ascii_uppercase()).map(|found| found.name),
            Some(row.name)
        );
        assert!(
            row.listed.starts_with(row.name) && row.usage.starts_with(row.name),
            "{}",
            row.name
        );
        let bare = Choice::parse(&[row.name]).unwrap_or_else(|why| panic!("{why}"));
        assert_eq!(bare, Choice::bare(row));
        assert_eq!(bare.name(), row.name);
        for example in std::iter::once("").chain(row.examples.iter().copied()) {
            let text = format!("{} {example}", row.name);
            let choice = Choice::parse(&words(&text)).unwrap_or_else(|why| panic!("{why}"));
            assert_eq!(choice.row().name, row.name);
            // What it shows reads back as the same choice, and shows the same again.
            let shown = choice.to_string();
            assert!(shown.starts_with(row.name), "{shown}");
            let again = Choice::parse(&words(&shown)).unwrap_or_else(|why| panic!("{why}"));
            assert_eq!(again, choice, "{text} shows as {shown}");
            assert_eq!(again.to_string(), shown);
        }
        // A word no AI takes is refused in one sentence, naming nothing it did not get.
        let why = Choice::parse(&[row.name, "sideways", "twice"]).unwrap_err();
        assert!(!why.is_empty() && !why.contains('\n'), "{why}");
    }
    assert!(Choice::parse(&["nobody"]).unwrap_err().contains("random"));
    assert!(Choice::parse(&[]).is_err());
}

/// The AI `choice` for the side to move in `game`, made as the session makes it.
fn seat(choice: Choice, game: &dyn AnyGame, rng: &mut ChaCha8Rng) -> Result<Rival, String> {
    let make = |choice: &crate::learners::LearnerChoice, side: Player, rng: &mut dyn Rng| {
        crate::registry::new_learner_of(game, choice, side, Preset::default(), 10_000, rng).ok()
    };
    Rival::new(
        choice,
        game,
        game.to_move(),
        Preset::default(),
        EFFORT,
        &make,
        rng,
    )
}

#[test]
fn every_row_says_for_every_game_whether_it_plays_it_and_plays_legal_moves_there() {
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut played_somewhere = std::collections::HashSet::new();
    for entry in registry::GAMES {
        let name = entry.declaration.name;
        let start = registry::start(&[name]).unwrap_or_else(|why| panic!("{name}: {why}"));
        // One random move in, so that no AI is seen only on an empty board.
        let mut moved = start.restart();
        let moves = moved.legal_move_names();
        moved
            .play_move(&moves[rng.random_range(0..moves.len())])
            .unwrap();
        for row in PLAYERS {
            let choice = Choice::bare(row);
            if !choice.plays(start.as_ref()) {
                let why = seat(choice, start.as_ref(), &mut rng).unwrap_err();
                assert!(!why.is_empty() && !why.contains('\n'), "{why}");
                assert_eq!(why, (row.refusal)(&choice, start.as_ref()));
                continue;
            }
            played_somewhere.insert(row.name);
            // Perfect quantum Morris is an analysis of every position: a minute or
            // more in this build, so the release test in tests/solvers/quantum_morris.rs
            // seats it and plays whole games with it instead.
            if (name, row.name) == ("quantum-morris", "perfect") {
                continue;
            }
            // A row claims the game: it is made for either side, and every move it
            // offers is one the game takes.
            for position in [start.as_ref(), moved.as_ref()] {
                let mut rival = seat(choice, position, &mut rng)
                    .unwrap_or_else(|why| panic!("{} in {name}: {why}", row.name));
                let chosen = rival
                    .choose(position, &mut rng)
                    .unwrap_or_else(|| panic!("{} has no move in {name}", row.name));
                assert!(
                    position.check_move(&chosen.name).is_ok(),
                    "{} plays {} in {name}",
                    row.name,
                    chosen.name
                );
            }
        }
    }
    // Every row plays at least one registered game, and random plays them all.
    for row in PLAYERS {
        assert!(
            played_somewhere.contains(row.name),
            "{} plays nothing",
            row.name
        );
    }
    assert!(in_every_game().contains(&"random"));
}

#[test]
fn the_defaults_are_the_strongest_rows_a_game_declares() {
    let start = |name: &str| registry::start(&[name]).unwrap();
    let hint = |name: &str| default_hint(start(name).as_ref()).map(|c| c.to_string());
    let opponent = |name: &str| default_opponent(start(name).as_ref()).map(|c| c.to_string());
    assert_eq!(hint("classic").as_deref(), Some("teacher"));
    assert_eq!(hint("gomoku").as_deref(), Some("threats"));
    assert_eq!(hint("connect6").as_deref(), Some("alphabeta"));
    assert_eq!(hint("qubic").as_deref(), Some("alphabeta"));
    assert_eq!(opponent("gomoku").as_deref(), Some("attack"));
    assert_eq!(opponent("connect6").as_deref(), Some("alphabeta"));
    let attack = Choice::parse(&["attack"]).unwrap();
    assert!(attack.is_a_default());
    assert!(!Choice::parse(&["alphabeta", "500"]).unwrap().is_a_default());
}

#[test]
fn the_special_ais_play_only_their_own_game_and_say_so() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let qubic = registry::start(&["qubic"]).unwrap();
    let cube = registry::start(&["cube"]).unwrap();
    let connect6 = registry::start(&["connect6"]).unwrap();
    let mirror = Choice::parse(&["mirror"]).unwrap();
    assert!(mirror.plays(cube.as_ref()) && !mirror.plays(qubic.as_ref()));
    assert_eq!(
        seat(mirror, qubic.as_ref(), &mut rng).unwrap_err(),
        "mirror plays only the 3x3x3 cube, not qubic"
    );
    let threats = Choice::parse(&["threats", "200ms"]).unwrap();
    assert_eq!(
        seat(threats, connect6.as_ref(), &mut rng).unwrap_err(),
        "threats 200ms plays only gomoku (five in a row), not connect6"
    );
    let teacher = Choice::parse(&["teacher", "centre"]).unwrap();
    let why = seat(teacher, cube.as_ref(), &mut rng).unwrap_err();
    assert!(
        why.starts_with("teacher centre plays only noughts and crosses; in cube choose random, perfect, lookahead D, menace, td, qlearn, alphabeta, mcts, mirror"),
        "{why}"
    );
}

/// Perfect plays every game a solver settles, and where none does it says so and names
/// the strongest player there.
#[test]
fn perfect_plays_the_games_a_solver_settles_and_names_the_strongest_elsewhere() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let perfect = Choice::parse(&["perfect"]).unwrap();
    for game in ["silverman", "mnk 3x4", "cube", "morris", "qubic"] {
        let words: Vec<&str> = game.split(' ').collect();
        let game = registry::start(&words).unwrap();
        assert!(perfect.plays(game.as_ref()), "{}", game.title());
        assert!(
            seat(perfect, game.as_ref(), &mut rng).is_ok(),
            "{}",
            game.title()
        );
    }
    let ultimate = registry::start(&["ultimate"]).unwrap();
    assert!(!perfect.plays(ultimate.as_ref()));
    let strongest = crate::players::default_opponent(ultimate.as_ref()).unwrap();
    assert_eq!(
        seat(perfect, ultimate.as_ref(), &mut rng).unwrap_err(),
        format!(
            "perfect cannot play ultimate: no solver settles it; the strongest player here is {strongest}"
        )
    );
}

/// Every registered game that `solve` settles at its start within a small budget is one
/// `perfect` plays: an entry the generic solver settles still has to say how perfect
/// gets its values (`.with_perfect(...)` in `registry::GAMES`), or `against perfect`
/// would refuse a game `solve` has just settled. A game that needs more than the budget
/// is not asked about, so a game too big to solve costs this test one short search (and
/// a game perfect plays already, none).
#[test]
fn perfect_plays_every_game_that_solve_settles() {
    const SETTLES_WITHIN: u64 = 50_000;
    let perfect = Choice::parse(&["perfect"]).unwrap();
    for entry in registry::GAMES {
        let name = entry.declaration.name;
        let game = registry::start(&[name]).unwrap_or_else(|why| panic!("{name}: {why}"));
        if perfect.plays(game.as_ref()) {
            continue;
        }
        let settled = !matches!(
            registry::solve(game.as_ref(), SETTLES_WITHIN),
            crate::analysis::Solved::TooBig { .. }
        );
        assert!(
            !settled,
            "solve settles {name} but perfect does not play it: name perfect play on its \
             line in registry::GAMES, `.with_perfect(perfect::by_exhaustive::<G>)`"
        );
    }
}
