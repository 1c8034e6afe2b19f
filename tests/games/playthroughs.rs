//! The rules checked as OpenSpiel checks its games with playthroughs: one seeded random
//! game for every rule set of every game (each combination of options, as the
//! conformance test walks them), each position written with who moves, its picture and
//! its legal moves, kept in `tests/games/playthroughs/` and compared whole. A change to
//! any game's rules, notation or pictures shows as a diff of those files, to be read,
//! and accepted with `UPDATE_PLAYTHROUGHS=1 cargo test --test games playthroughs`.

use menace::game::{AnyGame, Outcome};
use menace::registry;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Where a long game's record stops: enough plies to pass every phase of a game (Morris's
/// slides, gravity's clearing, quantum's collapses) while the files stay short enough to read.
const MAX_PLIES: usize = 60;

/// The seed of every playthrough: each rule set gets its own generator, so adding a
/// rule set changes no other file.
const SEED: u64 = 1;

const UPDATE: &str = "UPDATE_PLAYTHROUGHS=1 cargo test --test games playthroughs";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/playthroughs")
}

/// A rule set's file name: its title with every run of other characters than letters
/// and digits made one `-` (`quantum-morris closer-chooses` ->
/// `quantum-morris-closer-chooses.txt`).
fn file_name(title: &str) -> String {
    let mut name = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c.to_ascii_lowercase());
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    format!("{}.txt", name.trim_end_matches('-'))
}

fn outcome(game: &dyn AnyGame) -> String {
    let mut text = match game.outcome() {
        Some(Outcome::Win(player)) => format!("{player:?} wins"),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => "not over".to_string(),
    };
    // Points only where they say more than the result (quantum's half points).
    let plain = match game.outcome() {
        Some(Outcome::Win(menace::game::Player::X)) => Some([2, 0]),
        Some(Outcome::Win(menace::game::Player::O)) => Some([0, 2]),
        Some(Outcome::Draw) => Some([1, 1]),
        None => None,
    };
    if let Some([x, o]) = game.points().filter(|points| Some(*points) != plain) {
        let _ = write!(text, " (points in halves: X {x}, O {o})");
    }
    if let Some(note) = game.result_note() {
        let _ = write!(text, "; {note}");
    }
    text
}

/// One seeded random game from `start`, every position written out.
fn playthrough(start: &dyn AnyGame) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut game = start.boxed_clone();
    let mut out = format!(
        "game: {}\nseed: {SEED}\nsymmetries: {}\n",
        game.title(),
        game.symmetry_count()
    );
    loop {
        let legal = game.legal_move_names();
        let _ = write!(
            out,
            "\nply {}, {:?} to move\npicture: {}\n",
            game.ply(),
            game.to_move(),
            game.picture()
        );
        if let Some(prompt) = game.move_prompt() {
            let _ = writeln!(out, "prompt: {prompt}");
        }
        let listed = format!("legal ({}): {}", legal.len(), legal.join(" "));
        let _ = writeln!(out, "{}", listed.trim_end());
        if game.outcome().is_some() || legal.is_empty() {
            let _ = writeln!(out, "outcome: {}", outcome(game.as_ref()));
            break;
        }
        if game.ply() >= MAX_PLIES {
            let _ = writeln!(out, "stopped at ply {MAX_PLIES}");
            break;
        }
        let before = game.boxed_clone();
        let name = legal[rng.random_range(0..legal.len())].clone();
        let played = game.play_move(&name).expect("a legal move plays");
        let _ = writeln!(out, "move: {played}");
        if let Some(note) = game.move_note(before.as_ref()) {
            let _ = writeln!(out, "note: {note}");
        }
    }
    out
}

#[test]
fn playthroughs() {
    let update = std::env::var_os("UPDATE_PLAYTHROUGHS").is_some();
    let folder = folder();
    if update {
        std::fs::create_dir_all(&folder).expect("the playthroughs folder");
    }
    let mut expected = Vec::new();
    let mut differ = Vec::new();
    for start in registry::every_rule_set() {
        let name = file_name(&start.title());
        assert!(!expected.contains(&name), "two rule sets write {name}");
        let fresh = playthrough(start.as_ref());
        let path = folder.join(&name);
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        if kept != fresh {
            if update {
                std::fs::write(&path, &fresh).unwrap_or_else(|e| panic!("{name}: {e}"));
            } else {
                differ.push(name.clone());
            }
        }
        expected.push(name);
    }
    // A file no rule set writes any more (a game or option gone) is stale too.
    for entry in std::fs::read_dir(&folder)
        .expect("the playthroughs folder")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !expected.contains(&name) {
            if update {
                std::fs::remove_file(entry.path()).unwrap_or_else(|e| panic!("{name}: {e}"));
            } else {
                differ.push(format!("{name} (no rule set writes it)"));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} playthroughs differ from the rules as they play now: {}; read the diff \
         and run `{UPDATE}`",
        differ.len(),
        differ.join(", ")
    );
}

#[test]
fn a_file_name_is_the_title_in_plain_characters() {
    assert_eq!(
        file_name("quantum-morris closer-chooses"),
        "quantum-morris-closer-chooses.txt"
    );
    assert_eq!(
        file_name("strategic map maps/functional-example.yaml"),
        "strategic-map-maps-functional-example-yaml.txt"
    );
}
