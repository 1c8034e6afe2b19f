//! The boards of the algorithm page's survey (`variant mnk`): n in a row on n x n, 3x4,
//! long boards of fixed width, cylinders. Each claim is computed by our own alpha-beta
//! solver; the heavy ones run in release with `--ignored`. Also: a game record replays, and
//! the console plays, hints, solves and lets MENACE learn the boards.

use menace::ai::alphabeta::{AlphaBeta, Value};
use menace::ai::breaker::Breaker;
use menace::ai::draw_check;
use menace::ai::pairing::find_pairing;
use menace::app::Settings;
use menace::game::mnk::{Mnk, MnkRules};
use menace::game::tictactoe::{Rules, TicTacToe};
use menace::game::{Game, Player};
use menace::lesson::Tutor;
use menace::repl::render::{self, Palette};
use std::process::Command;

fn board(width: u8, height: u8, k: u8, cylinder: bool) -> Mnk {
    Mnk::new(MnkRules {
        width,
        height,
        k,
        cylinder,
    })
}

/// The value for the first player of the empty board, with the positions searched.
fn solve(game: &Mnk) -> (Value, u64) {
    let mut search = AlphaBeta::new(u64::MAX);
    let started = std::time::Instant::now();
    let solution = search
        .solve(game)
        .expect("solved within the table's memory");
    eprintln!(
        "{:?}: {:?}, {} positions, {} ms",
        game.rules(),
        solution.value,
        solution.nodes,
        started.elapsed().as_millis()
    );
    (solution.value, solution.nodes)
}

#[test]
fn three_in_a_row_on_3x3_is_a_draw_here_as_in_the_classic_game() {
    let classic = AlphaBeta::new(u64::MAX)
        .solve(&TicTacToe::new(Rules::default()))
        .unwrap()
        .value;
    assert_eq!(classic, Value::Draw);
    assert_eq!(solve(&board(3, 3, 3, false)).0, Value::Draw);
}

#[test]
fn on_3x4_three_in_a_row_is_a_first_player_win() {
    assert_eq!(solve(&board(3, 4, 3, false)).0, Value::Win(7));
    // The same board lying down is the same game.
    assert_eq!(solve(&board(4, 3, 3, false)).0, Value::Win(7));
}

#[test]
fn a_cylinder_3_round_wins_for_the_first_player_where_the_flat_board_draws() {
    assert_eq!(solve(&board(3, 3, 3, true)).0, Value::Win(7));
    assert_eq!(solve(&board(4, 4, 3, true)).0, Value::Win(5));
}

#[test]
#[ignore = "about 75,000 positions each: run in release with --ignored"]
fn four_in_a_row_on_4x4_is_a_draw_flat_and_on_a_cylinder() {
    assert_eq!(solve(&board(4, 4, 4, false)).0, Value::Draw);
    assert_eq!(solve(&board(4, 4, 4, true)).0, Value::Draw);
}

#[test]
#[ignore = "a long board up to 21x3: run in release with --ignored"]
fn long_boards_three_wide_are_won_in_seven_half_moves_from_length_4() {
    let values: Vec<(u8, Value)> = (3..=21)
        .map(|length| (length, solve(&board(length, 3, 3, false)).0))
        .collect();
    for (length, value) in &values {
        let expected = if *length == 3 {
            Value::Draw
        } else {
            Value::Win(7)
        };
        assert_eq!(*value, expected, "{length}x3");
    }
}

#[test]
#[ignore = "about 1.3 million positions: run in release with --ignored"]
fn four_in_a_row_on_5x4_is_a_draw() {
    assert_eq!(solve(&board(5, 4, 4, false)).0, Value::Draw);
}

fn menace() -> Command {
    Command::new(env!("CARGO_BIN_EXE_menace"))
}

#[test]
fn a_game_record_replays_to_its_line_round_the_cylinder() {
    let output = menace()
        .args([
            "replay", "mnk", "4x3", "cylinder", "d2", "a1", "a2", "b1", "b2",
        ])
        .arg("--json")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["outcome"], "X", "{last}");
    assert_eq!(last["picture"], "..../XX.X/OO..", "{last}");
    let refused = menace()
        .args(["replay", "mnk", "3x4", "b2", "b2"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("b2 is taken"));
}

fn say(session: &mut Tutor, line: &str) -> String {
    render::said(&session.handle_line(line), Palette::PLAIN)
}

#[test]
fn the_console_plays_hints_solves_and_menace_learns_a_board() {
    let mut session = Tutor::new(Settings {
        seed: 5,
        lessons_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
        ..Settings::default()
    });
    let chosen = say(&mut session, "variant mnk 3x4");
    assert!(chosen.contains("mnk size 3x4"), "{chosen}");
    let solved = say(&mut session, "solve");
    assert!(solved.contains("win in 7"), "{solved}");
    say(&mut session, "side x");
    let started = say(&mut session, "1");
    assert!(!started.is_empty());
    let hint = say(&mut session, "hint alphabeta");
    assert!(hint.contains("alphabeta suggests"), "{hint}");
    let trained = say(&mut session, "train 20 vs random");
    assert!(!trained.contains("too big"), "{trained}");
    for text in [&chosen, &solved, &hint, &trained] {
        assert!(
            text.lines().all(|line| line.chars().count() <= 80),
            "{text}"
        );
    }
}

/// Five in a row on 5x5: the 12 lines have a pairing, found by the solver's
/// matching, and the checker, with lines of its own, accepts it: that alone makes it a
/// drawing strategy for either side (`menace::ai::draw_check` says why).
#[test]
fn five_in_a_row_on_5x5_has_a_pairing_the_independent_checker_accepts() {
    let game = board(5, 5, 5, false);
    let pairs = find_pairing(game.lines(), (1 << 25) - 1).expect("a pairing of the 12 lines");
    assert_eq!(pairs.len(), 12);
    assert_eq!(draw_check::check_pairing(5, 5, 5, &pairs), Ok(()));
    let names: Vec<String> = pairs
        .iter()
        .map(|[a, b]| format!("{}-{}", game.move_name(*a), game.move_name(*b)))
        .collect();
    // The pairing docs/research/claims.md names; c1 is left over.
    assert_eq!(
        names.join(" "),
        "b5-d5 a5-a3 d2-e1 b4-b2 c5-c4 d4-d1 e3-e2 e5-c3 a4-e4 b3-d3 a2-c2 a1-b1"
    );
    // 6x4 has none: 24 lines would need 48 cells.
    let long = board(6, 4, 4, false);
    assert_eq!(find_pairing(long.lines(), (1 << 24) - 1), None);
}

#[test]
fn solve_proves_5x5_five_and_6x4_four_in_a_row_drawn() {
    for size in ["5x5", "6x4"] {
        let output = menace().args(["solve", "mnk", size]).output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains("player to move has a draw") && text.contains("Maker-Breaker"),
            "{text}"
        );
    }
}

/// The 5x5 pairing strategy played in the real game against every sequence of the
/// opponent's moves, each side in turn: the opponent never completes a line.
#[test]
#[ignore = "about a million positions, 2 s: run in release with --ignored"]
fn replaying_the_5x5_pairing_strategy_against_every_sequence_never_lets_a_line_through() {
    let game = board(5, 5, 5, false);
    let pairs = find_pairing(game.lines(), (1 << 25) - 1).expect("a pairing of the 12 lines");
    for drawer in [Player::O, Player::X] {
        let started = std::time::Instant::now();
        let replayed = draw_check::replay_pairing((5, 5, 5), drawer, &pairs)
            .unwrap_or_else(|why| panic!("{drawer}'s pairing strategy fails: {why}"));
        eprintln!(
            "{drawer} answering in pairs: {replayed:?}, {} ms",
            started.elapsed().as_millis()
        );
        assert!(replayed.positions > 1000, "{replayed:?}");
    }
}

/// Four in a row on 6x4: no full pairing, so the Maker-Breaker search finds
/// each side's strategy, with pairings once lines have died; the strategy is played in
/// the real game against every sequence of the opponent's moves (up to the board's 4
/// symmetries) and never lets a line through.
#[test]
#[ignore = "about 23 million positions, 90 s: run in release with --ignored (not in CI)"]
fn replaying_the_6x4_strategies_against_every_sequence_never_lets_a_line_through() {
    let game = board(6, 4, 4, false);
    for drawer in [Player::O, Player::X] {
        let started = std::time::Instant::now();
        let mut search = Breaker::for_board(&game, 10_000_000);
        let replayed = draw_check::replay_breaker(&game, drawer, &mut search)
            .unwrap_or_else(|why| panic!("{drawer}'s strategy fails: {why}"));
        eprintln!(
            "{drawer} stops every line: {replayed:?}, {} positions searched, {} ms",
            search.positions,
            started.elapsed().as_millis()
        );
    }
}
