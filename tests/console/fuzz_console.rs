//! The console's line handler, fuzzed from a committed corpus of sessions
//! (`tests/corpus/lines/*.txt`): each case takes one session, mutates it (lines dropped,
//! doubled, swapped, cut, numbers changed, control characters and escapes inserted) and
//! plays it. Nothing may panic, the session must stay consistent, and nothing printed may
//! carry a control character or (apart from the echoed line) pass 80 columns.
//!
//! `cargo test --test console fuzz_console` runs a short pass; `PROPTEST_CASES=5000 cargo test
//! --release --test console fuzz_console` a long one (README gives the figures).

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::respond;
use proptest::prelude::*;
use std::path::Path;

use crate::fuzz;

fn corpus() -> Vec<Vec<String>> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/lines");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("the corpus is committed")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .map(String::from)
                .collect()
        })
        .collect()
}

/// Text a person might paste or a terminal might send.
fn inserts() -> Vec<&'static str> {
    vec![
        "\u{1b}", "\u{7}", "\r", "\t", "\u{0}", "\u{202e}", "[", "{", "\"", "'", "-", "9", "x",
        " ", "é", "🙂",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz::cases(48), ..ProptestConfig::default() })]

    #[test]
    fn mutated_sessions_never_break_the_console(
        which in any::<usize>(),
        mutations in prop::collection::vec(fuzz::a_mutation(inserts()), 0..8),
        seed in any::<u64>(),
    ) {
        let sessions = corpus();
        let mut text = sessions[which % sessions.len()].join("\n");
        for mutation in &mutations {
            text = fuzz::mutate(&text, mutation);
        }
        let lines: Vec<&str> = text.lines().collect();
        let folder = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(Settings {
            seed,
            show_boxes: menace::app::BoxListing::Off,
            saves_dir: folder.path().to_path_buf(),
            lessons_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
            // The AIs and the solver look at little, so that a case takes milliseconds.
            effort: menace::analysis::Effort { positions: 500, playouts: 20, lookahead: 2_000, solve: 20_000 },
            ..Settings::default()
        });
        for line in &lines {
            let answer = respond(&mut session, line);
            prop_assert!(session.check().is_ok(), "after {line:?}: {:?}", session.check());
            for (number, printed) in answer.lines().enumerate() {
                prop_assert!(
                    !printed.chars().any(|c| c.is_control()),
                    "a control character after {line:?}: {printed:?}"
                );
                // The first line is the prompt and the line echoed.
                prop_assert!(
                    number == 0 || printed.chars().count() <= 80,
                    "wider than 80 columns after {line:?}:\n{printed}"
                );
            }
            if session.is_finished() {
                break;
            }
        }
        // Nothing was written outside the saves folder: the session only knows that one.
        prop_assert!(folder.path().exists());
    }
}
