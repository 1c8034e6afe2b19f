//! Go-bang (the algorithm page's survey) on the one game path: the console shows the points
//! over the board and in the prompt, `solve` says the game is too big, MENACE declines it,
//! the generic AIs give hints, `menace replay` reads a game record with its points, and
//! random games end.

use menace::analysis::Effort;
use menace::app::Settings;
use menace::lesson::Tutor;
use menace::registry;
use menace::repl::render::{self, Palette};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::Command;

fn console(seed: u64) -> Tutor {
    Tutor::new(Settings {
        seed,
        lessons_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
        effort: Effort {
            solve: 20_000,
            positions: 20_000,
            playouts: 200,
            ..Effort::default()
        },
        ..Settings::default()
    })
}

fn say(session: &mut Tutor, line: &str) -> String {
    render::said(&session.handle_line(line), Palette::PLAIN)
}

#[test]
fn the_console_shows_the_points_and_refuses_to_solve_or_learn_it() {
    let mut session = console(3);
    let chosen = say(&mut session, "variant gobang");
    assert!(chosen.contains("MENACE does not play here"), "{chosen}");
    let solved = say(&mut session, "solve");
    assert!(solved.contains("too big to"), "{solved}");
    say(&mut session, "side x");
    say(&mut session, "against random");
    let started = say(&mut session, "1");
    assert!(started.contains("points X 0, O 0 (10 win)"), "{started}");
    assert!(started.contains("place a piece, like d4"), "{started}");
    let placed = say(&mut session, "d4");
    assert!(placed.contains("to place: X 11, O 11"), "{placed}");
    let refused = say(&mut session, "d4-e5");
    assert!(refused.contains("pieces slide only once"), "{refused}");
    let hint = say(&mut session, "hint mcts");
    assert!(!hint.is_empty(), "{hint}");
    for line in [chosen, solved, started, placed, refused, hint] {
        assert!(line.lines().all(|l| l.chars().count() <= 80), "{line}");
    }
}

fn menace() -> Command {
    Command::new(env!("CARGO_BIN_EXE_menace"))
}

#[test]
fn a_game_record_replays_with_its_points() {
    let output = menace()
        .args(["replay", "--json", "gobang", "a1", "a8", "b1", "b8", "c1"])
        .args(["c8", "d1", "d8", "e1"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["outcome"], serde_json::Value::Null, "{last}");
    assert_eq!(last["picture"], "OOOO4/8/8/8/8/8/8/XXXXX3 O 0 a1-e1 -");
    // The plain replay fits 80 columns; a slide while placing is named, exit code 2.
    let plain = menace()
        .args(["replay", "gobang", "pieces", "15", "d4", "e5"])
        .output()
        .unwrap();
    assert!(plain.status.success(), "{plain:?}");
    let plain = String::from_utf8(plain.stdout).unwrap();
    assert!(
        plain.lines().all(|line| line.chars().count() <= 80),
        "{plain}"
    );
    let refused = menace()
        .args(["replay", "gobang", "d4", "d4-d5"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("pieces slide only once"), "{stderr}");
}

#[test]
fn random_games_end_by_ten_points_or_forty_quiet_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    for words in [&["gobang"][..], &["gobang", "pieces", "15"]] {
        let game = registry::start(words).unwrap();
        let tally = menace::registry::random_games(game.as_ref(), 50, &mut rng);
        let games: u64 = tally.by_score.values().sum();
        assert_eq!(games, 50);
        // Every game ended: at most 30 placements and 20 points' worth of 40 slides.
        assert!(tally.moves <= 50 * (30 + 20 * 40), "{tally:?}");
        assert!(tally.moves >= 50 * (24 + 40), "{tally:?}");
    }
}
