//! Every line a listing is made of fits 80 columns whole: each game's `about` in
//! `variants`, each AI's `about` in `help`, each lesson's title in `lessons`. Found on
//! one line of the listing as written, so a text too long to fit, which the console
//! would wrap, fails here rather than on a reader's screen.

use menace::lesson::Tutor;
use menace::players::PLAYERS;
use menace::registry::GAMES;
use menace::repl::respond;
use std::path::Path;

use crate::common::settings;

/// What `line` prints in a fresh session: every line of it at most 80 columns.
fn listing(line: &str) -> String {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    let text = respond(&mut session, line);
    for row in text.lines() {
        assert!(
            row.chars().count() <= 80,
            "`{line}` prints wider than 80: {row:?}"
        );
    }
    text
}

/// Whether `text` has a line holding `part` whole.
fn on_one_line(text: &str, part: &str) -> bool {
    text.lines().any(|row| row.contains(part))
}

#[test]
fn every_game_about_fits_its_line_in_variants() {
    let text = listing("variants");
    for entry in GAMES {
        let game = entry.declaration;
        assert!(
            on_one_line(&text, game.about),
            "{}'s about does not fit its line in `variants`: {:?}",
            game.name,
            game.about
        );
    }
}

#[test]
fn every_ai_about_fits_its_line_in_help() {
    let text = listing("help");
    for row in PLAYERS {
        assert!(
            on_one_line(&text, row.about),
            "{}'s about does not fit its line in `help`: {:?}",
            row.name,
            row.about
        );
    }
}

#[test]
fn every_lesson_title_fits_its_line_in_lessons() {
    let text = listing("lessons");
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let loaded = menace::lesson::load_all(&folder).expect("the course reads");
    assert!(!loaded.lessons.is_empty());
    for lesson in &loaded.lessons {
        assert!(
            on_one_line(&text, &lesson.title),
            "lesson {:?} does not fit its line in `lessons`",
            lesson.title
        );
    }
}
