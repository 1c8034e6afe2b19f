//! The console's line handler, fuzzed from a committed corpus of sessions
//! (`tests/corpus/lines/*.txt`): each case takes one session, mutates it (lines dropped,
//! doubled, swapped, cut, numbers changed, control characters and escapes inserted) and
//! plays it. Nothing may panic, the session must stay consistent, and nothing printed may
//! carry a control character or (apart from the echoed line) pass 80 columns.
//!
//! `cargo test --test fuzz_console` runs a short pass; `PROPTEST_CASES=5000 cargo test
//! --release --test fuzz_console` a long one (README gives the figures).

use menace::app::{Session, Settings};
use menace::registry;
use menace::repl::respond;
use proptest::prelude::*;
use std::path::Path;

/// `PROPTEST_CASES` when set, else `default`: a short pass by default, a long one on demand.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

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

/// One change to a session's lines.
#[derive(Debug, Clone)]
enum Mutation {
    Drop(usize),
    Double(usize),
    Swap(usize, usize),
    Cut(usize, usize),
    Insert(usize, usize, char),
    Number(usize, u64),
    Upper(usize),
}

fn a_mutation() -> impl Strategy<Value = Mutation> {
    let odd = prop::sample::select(vec![
        '\u{1b}', '\u{7}', '\r', '\t', '\u{0}', '\u{202e}', '[', '{', '"', '\'', '-', '9', 'x',
        ' ', 'é', '🙂',
    ]);
    prop_oneof![
        any::<usize>().prop_map(Mutation::Drop),
        any::<usize>().prop_map(Mutation::Double),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Cut(a, b)),
        (any::<usize>(), any::<usize>(), odd).prop_map(|(a, b, c)| Mutation::Insert(a, b, c)),
        (
            any::<usize>(),
            prop_oneof![
                Just(0u64),
                Just(u64::MAX),
                Just(u64::from(u32::MAX) + 1),
                0u64..2_000
            ]
        )
            .prop_map(|(a, n)| Mutation::Number(a, n)),
        any::<usize>().prop_map(Mutation::Upper),
    ]
}

fn mutate(lines: &mut Vec<String>, mutation: &Mutation) {
    if lines.is_empty() {
        return;
    }
    let count = lines.len();
    let at = |index: usize| index % count;
    match *mutation {
        Mutation::Drop(a) => {
            lines.remove(at(a));
        }
        Mutation::Double(a) => {
            let line = lines[at(a)].clone();
            lines.insert(at(a), line);
        }
        Mutation::Swap(a, b) => {
            let (a, b) = (at(a), at(b));
            lines.swap(a, b);
        }
        Mutation::Cut(a, b) => {
            let line = &mut lines[at(a)];
            let keep = line
                .chars()
                .count()
                .checked_sub(1)
                .map_or(0, |n| b % (n + 1));
            *line = line.chars().take(keep).collect();
        }
        Mutation::Insert(a, b, c) => {
            let line = &mut lines[at(a)];
            let mut chars: Vec<char> = line.chars().collect();
            let position = b % (chars.len() + 1);
            chars.insert(position, c);
            *line = chars.into_iter().collect();
        }
        Mutation::Number(a, n) => {
            let line = &mut lines[at(a)];
            let words: Vec<String> = line
                .split(' ')
                .map(|word| {
                    if !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
                        n.to_string()
                    } else {
                        word.to_string()
                    }
                })
                .collect();
            *line = words.join(" ");
        }
        Mutation::Upper(a) => {
            let line = &mut lines[at(a)];
            *line = line.to_uppercase();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(48), ..ProptestConfig::default() })]

    #[test]
    fn mutated_sessions_never_break_the_console(
        which in any::<usize>(),
        mutations in prop::collection::vec(a_mutation(), 0..8),
        seed in any::<u64>(),
    ) {
        let sessions = corpus();
        let mut lines = sessions[which % sessions.len()].clone();
        for mutation in &mutations {
            mutate(&mut lines, mutation);
        }
        let folder = tempfile::tempdir().unwrap();
        let mut session = Session::new(Settings {
            seed,
            show_boxes: false,
            saves_dir: folder.path().to_path_buf(),
            lessons_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
            // The AIs and the solver look at little, so that a case takes milliseconds.
            effort: registry::Effort { positions: 500, playouts: 20, lookahead: 2_000, solve: 20_000 },
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
