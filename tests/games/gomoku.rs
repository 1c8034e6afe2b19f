//! Gomoku on the one game path: a session against the seed's bot with its weights, a
//! game record read back by `menace replay`, renju's refusal in the console, and a
//! match between the two bots from the command line.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::render::{self, Palette};
use std::process::Command;

fn console(seed: u64) -> Tutor {
    Tutor::new(Settings {
        seed,
        lessons_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
        ..Settings::default()
    })
}

fn say(session: &mut Tutor, line: &str) -> String {
    render::said(&session.handle_line(line), Palette::PLAIN)
}

#[test]
fn gomoku_starts_against_the_seeds_bot_and_shows_its_weights() {
    let mut session = console(1);
    let chosen = say(&mut session, "variant gomoku");
    assert!(chosen.contains("attack is X"), "{chosen}");
    assert!(chosen.contains("MENACE does not play here"), "{chosen}");
    let started = say(&mut session, "1");
    assert!(started.contains("attack plays X at h8"), "{started}");
    let map = say(&mut session, "weights");
    assert!(map.contains("Heaviest:"), "{map}");
    // A learner knows the bot as attack (lesson 19), not by the seed file it came from.
    assert!(map.contains("The attack bot's weights"), "{map}");
    assert!(!map.to_lowercase().contains("seed"), "{map}");
    let why = say(&mut session, "weights h9");
    assert!(why.contains("h9 weighs"), "{why}");
    assert!(
        why.contains("black at h9") && why.contains("white at h9"),
        "{why}"
    );
    let taken = say(&mut session, "weights h8");
    assert!(taken.contains("taken"), "{taken}");
    let played = say(&mut session, "h9");
    assert!(played.contains("attack plays X"), "{played}");
}

fn menace() -> Command {
    Command::new(env!("CARGO_BIN_EXE_menace"))
}

#[test]
fn a_game_record_replays_to_its_five() {
    let output = menace()
        .args(["replay", "gomoku", "9", "e5", "a1", "e6", "a2", "e4", "a3"])
        .args(["e7", "a4", "e3", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["outcome"], "X", "{last}");
    assert_eq!(last["picture"], "9/9/4X4/4X4/4X4/O3X4/O3X4/O8/O8", "{last}");
    // A move on a taken cell is named, with exit code 2.
    let refused = menace()
        .args(["replay", "gomoku", "9", "e5", "e5"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("e5 is taken"));
}

#[test]
fn match_plays_both_colours_and_refuses_an_odd_count() {
    let output = menace()
        .args([
            "match", "gomoku", "7", "attack", "random", "4", "--seed", "1",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("2 games on each side"), "{text}");
    assert!(text.contains("in all:"), "{text}");
    let odd = menace()
        .args(["match", "gomoku", "attack", "random", "3"])
        .output()
        .unwrap();
    assert_eq!(odd.status.code(), Some(2));
    let connect6 = menace()
        .args(["match", "connect6", "attack", "random", "2"])
        .output()
        .unwrap();
    assert_eq!(connect6.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&connect6.stderr).contains("plays only gomoku"));
}
