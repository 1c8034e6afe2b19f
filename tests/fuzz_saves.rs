//! The save loader, fuzzed from a committed corpus of real saves (`tests/corpus/saves/`,
//! written by the program: every game, both sides, both formats). Each case mutates one
//! file (lines dropped, doubled, swapped, re-cased, numbers changed, bytes flipped,
//! characters inserted, the file cut) and loads it. Nothing may panic; whatever loads
//! must save and load again to the very same text (so nothing was silently resolved:
//! a duplicate, a second spelling); whatever is refused is one sentence with no control
//! character, however long the file.
//!
//! `cargo test --test fuzz_saves` runs a short pass; `PROPTEST_CASES=20000 cargo test
//! --release --test fuzz_saves` a long one (README gives the figures).

use menace::menace::save::{self, format2};
use proptest::prelude::*;
use std::path::Path;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

fn corpus() -> Vec<String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/saves");
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("the corpus is committed")
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect()
}

#[derive(Debug, Clone)]
enum Mutation {
    DropLine(usize),
    DoubleLine(usize),
    SwapLines(usize, usize),
    Upper(usize),
    Lower(usize),
    Number(usize, i128),
    Insert(usize, usize, &'static str),
    FlipByte(usize, u8),
    Cut(usize),
}

fn a_mutation() -> impl Strategy<Value = Mutation> {
    let insert = prop::sample::select(vec![
        "\u{1b}[31m",
        "[",
        "]",
        "{",
        "}",
        ": ",
        "- ",
        "'",
        "\"",
        "#",
        "  ",
        "&a ",
        "*a",
        "!!binary ",
        "\n",
        "\t",
        "~",
        "\u{202e}",
    ]);
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Upper),
        any::<usize>().prop_map(Mutation::Lower),
        (
            any::<usize>(),
            prop_oneof![
                Just(-1i128),
                Just(0),
                Just(i128::from(u64::MAX)),
                Just(i128::from(u32::MAX) + 1),
                Just(1_000_000_001),
                -5i128..50
            ]
        )
            .prop_map(|(a, n)| Mutation::Number(a, n)),
        (any::<usize>(), any::<usize>(), insert).prop_map(|(a, b, s)| Mutation::Insert(a, b, s)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::FlipByte(a, b)),
        any::<usize>().prop_map(Mutation::Cut),
    ]
}

fn mutate(text: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let count = lines.len();
    let at = |index: usize| index % count;
    match *mutation {
        Mutation::DropLine(a) => {
            lines.remove(at(a));
        }
        Mutation::DoubleLine(a) => {
            let line = lines[at(a)].clone();
            lines.insert(at(a), line);
        }
        Mutation::SwapLines(a, b) => lines.swap(at(a), at(b)),
        Mutation::Upper(a) => lines[at(a)] = lines[at(a)].to_uppercase(),
        Mutation::Lower(a) => lines[at(a)] = lines[at(a)].to_lowercase(),
        Mutation::Number(a, n) => {
            let line = &mut lines[at(a)];
            if let Some(colon) = line.rfind(": ") {
                let (head, tail) = line.split_at(colon + 2);
                if tail.trim().parse::<i64>().is_ok() {
                    *line = format!("{head}{n}");
                }
            }
        }
        Mutation::Insert(a, b, inserted) => {
            let line = &mut lines[at(a)];
            let mut chars: Vec<char> = line.chars().collect();
            let position = b % (chars.len() + 1);
            chars.splice(position..position, inserted.chars());
            *line = chars.into_iter().collect();
        }
        Mutation::FlipByte(a, b) => {
            let mut bytes = lines.join("\n").into_bytes();
            let index = a % bytes.len().max(1);
            if let Some(byte) = bytes.get_mut(index) {
                *byte ^= b.max(1);
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::Cut(a) => {
            let joined = lines.join("\n");
            let keep = a % (joined.len() + 1);
            let cut: String = joined
                .char_indices()
                .take_while(|(i, _)| *i < keep)
                .map(|(_, c)| c)
                .collect();
            return cut;
        }
    }
    lines.join("\n") + "\n"
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]

    #[test]
    fn mutated_saves_load_exactly_or_are_refused_in_one_clean_sentence(
        which in any::<usize>(),
        mutations in prop::collection::vec(a_mutation(), 1..5),
    ) {
        let files = corpus();
        let mut text = files[which % files.len()].clone();
        for mutation in &mutations {
            text = mutate(&text, mutation);
        }
        match save::from_yaml_any(&text, "mutant.yaml") {
            Ok(loaded) => {
                // It loads: saved again and read back, it is the same MENACE, word for word.
                let saved = format2::to_yaml(&loaded.title, loaded.learner.as_ref());
                let again = save::from_yaml_any(&saved, "again.yaml");
                prop_assert!(again.is_ok(), "a loaded file saves to one that loads: {:?}", again.err());
                let again = again.unwrap();
                prop_assert_eq!(&saved, &format2::to_yaml(&again.title, again.learner.as_ref()));
                prop_assert_eq!(loaded.learner.record(), again.learner.record());
            }
            Err(error) => {
                let sentence = error.to_string();
                prop_assert!(!sentence.contains('\n'), "one sentence: {}", sentence);
                prop_assert!(!sentence.chars().any(char::is_control), "{:?}", sentence);
                prop_assert!(sentence.chars().count() <= 401, "{} characters", sentence.len());
            }
        }
    }
}

#[test]
fn every_file_of_the_corpus_loads_as_written() {
    for text in corpus() {
        let loaded = save::from_yaml_any(&text, "corpus.yaml").expect("the corpus loads");
        if text.contains("format: 2") {
            assert_eq!(
                format2::to_yaml(&loaded.title, loaded.learner.as_ref()),
                text,
                "a format-2 save writes back what it read"
            );
        }
    }
}
