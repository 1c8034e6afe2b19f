//! The manual's lists that the code's tables hold: the AIs (`PLAYERS`), each game's
//! picture and rules (the games' declarations), the lesson goals (`GOALS`) and the
//! README's counts. [`super::docs_tables`]'s test writes them into their pages and fails
//! when a page differs.

use menace::game::AnyGame;
use menace::lesson::goal::GOALS;
use menace::players::PLAYERS;
use menace::registry::GAMES;
use std::fmt::Write;
use std::path::Path;

/// A table cell: pipes escaped, one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Every game in its default options, as the registry starts it.
fn games() -> Vec<Box<dyn AnyGame>> {
    GAMES
        .iter()
        .map(|entry| {
            let name = entry.declaration.name;
            menace::registry::start(&[name]).unwrap_or_else(|why| panic!("{name}: {why}"))
        })
        .collect()
}

/// The games an AI plays, as its row says of each game in its default options.
fn plays(row: &menace::players::Row, games: &[Box<dyn AnyGame>]) -> String {
    let names: Vec<String> = games
        .iter()
        .filter(|game| (row.plays)(game.as_ref()))
        .map(|game| format!("`{}`", game.declaration().name))
        .collect();
    if names.len() == games.len() {
        "every game".to_string()
    } else {
        names.join(", ")
    }
}

/// The AIs: how each is named with its options, what it does, and where it plays.
pub fn opponents() -> String {
    let games = games();
    let mut out = String::from("\n| name | what it does | plays |\n|---|---|---|\n");
    for row in PLAYERS {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            cell(row.usage),
            cell(row.about),
            plays(row, &games)
        );
    }
    out
}

/// The lesson goals, as a lesson writes each and what it asks.
pub fn goals() -> String {
    let mut out = String::from("\n");
    for goal in GOALS {
        let _ = writeln!(out, "- `{}`: {}.", goal.written, goal.asks);
    }
    out
}

/// The README's counts: games, AIs and lessons, each counted from its own table or folder.
pub fn counts(root: &Path) -> String {
    let loaded = menace::lesson::load_all(&root.join("lessons"))
        .unwrap_or_else(|why| panic!("lessons: {why}"));
    assert!(
        loaded.broken.is_empty(),
        "broken lessons: {:?}",
        loaded.broken
    );
    format!(
        "\nIn all: {} games, {} AIs to play against and {} lessons.\n",
        GAMES.len(),
        PLAYERS.len(),
        loaded.lessons.len()
    )
}

/// How each game writes a whole position on one line; games that write it alike share a
/// row.
pub fn pictures() -> String {
    let mut rows: Vec<(Vec<&str>, &str)> = Vec::new();
    for entry in GAMES {
        let game = entry.declaration;
        match rows.last_mut() {
            Some((names, picture)) if *picture == game.picture => names.push(game.name),
            _ => rows.push((vec![game.name], game.picture)),
        }
    }
    let mut out = String::from("\n| game | picture |\n|---|---|\n");
    for (names, picture) in rows {
        let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
        let _ = writeln!(out, "| {} | {} |", names.join(", "), cell(picture));
    }
    out
}

/// Each game's rules in full, headed by how `variant` names it with its options, and
/// how a move is written.
pub fn rules() -> String {
    let mut out = String::new();
    for entry in GAMES {
        let game = entry.declaration;
        let mut usage = game.name.to_string();
        for option in game.options {
            match option.value {
                Some(value) => {
                    let _ = write!(usage, " [{} {}]", option.name, value.placeholder);
                }
                None => {
                    let _ = write!(usage, " [{}]", option.name);
                }
            }
        }
        let _ = write!(
            out,
            "\n### `{usage}`\n\n{}\n\n**Moves**: {}; for example `{}`.\n",
            game.rules, game.notation, game.example
        );
    }
    out
}
