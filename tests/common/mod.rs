//! What the session tests share: seeded settings, and what a console line did read as
//! values (its events) rather than as the English that renders them.
//!
//! Every test crate that includes this file uses only some of it.
#![allow(dead_code)]

use menace::app::{Event, Settings, Stats};
use menace::lesson::{Said, Tutor};
use menace::play::TrainingReport;
use menace::repl::respond_with_events;
use std::path::Path;

/// A seeded session that saves into `saves` and lists no boxes after each game.
pub fn settings(seed: u64, saves: &Path) -> Settings {
    Settings {
        seed,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: saves.to_path_buf(),
        ..Settings::default()
    }
}

/// What `stats` reports, as a value.
pub fn stats(session: &mut Tutor) -> Stats {
    let (text, events) = respond_with_events(session, "stats");
    events
        .into_iter()
        .find_map(|event| match event {
            Said::Session(Event::Stats(stats)) => Some(*stats),
            _ => None,
        })
        .unwrap_or_else(|| panic!("`stats` reports: {text}"))
}

/// The report of a `train` line, and the text it printed.
pub fn trained(session: &mut Tutor, line: &str) -> (TrainingReport, String) {
    let (text, events) = respond_with_events(session, line);
    let report = events
        .into_iter()
        .find_map(|event| match event {
            Said::Session(Event::Trained(report)) => Some(*report),
            _ => None,
        })
        .unwrap_or_else(|| panic!("`{line}` trains: {text}"));
    (report, text)
}

/// `menace ARGS` (words as a shell reads them) under an address space of `kilobytes`
/// (`ulimit -v`), as a shared machine may impose, with no memory given by the
/// environment.
#[allow(dead_code)]
pub fn menace_within(kilobytes: u32, args: &str) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kilobytes} && exec \"$0\" {args}"))
        .arg(assert_cmd::cargo::cargo_bin("menace"))
        .env_remove(menace::memory::VARIABLE)
        .output()
        .unwrap()
}
