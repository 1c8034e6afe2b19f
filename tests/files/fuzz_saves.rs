//! The save loader, fuzzed from a committed corpus of real saves (`tests/corpus/saves/`,
//! written by the program: every game, both sides, both formats). Each case mutates one
//! file (lines dropped, doubled, swapped, re-cased, numbers changed, bytes flipped,
//! characters inserted, the file cut) and loads it. Nothing may panic; whatever loads
//! must save and load again to the very same text (so nothing was silently resolved:
//! a duplicate, a second spelling); whatever is refused is one sentence with no control
//! character, however long the file.
//!
//! `cargo test --test files fuzz_saves` runs a short pass; `PROPTEST_CASES=20000 cargo test
//! --release --test files fuzz_saves` a long one (README gives the figures).

use menace::menace::save::format2;
use proptest::prelude::*;
use std::path::Path;

use crate::fuzz;

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

/// Text that breaks YAML in interesting ways.
fn inserts() -> Vec<&'static str> {
    vec![
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
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz::cases(64), ..ProptestConfig::default() })]

    #[test]
    fn mutated_saves_load_exactly_or_are_refused_in_one_clean_sentence(
        which in any::<usize>(),
        mutations in prop::collection::vec(fuzz::a_mutation(inserts()), 1..5),
    ) {
        let files = corpus();
        let mut text = files[which % files.len()].clone();
        for mutation in &mutations {
            text = fuzz::mutate(&text, mutation);
        }
        match menace::registry::saves::from_yaml(&text, "mutant.yaml") {
            Ok(loaded) => {
                // It loads: saved again and read back, it is the same MENACE, word for word.
                let saved = format2::to_yaml(&loaded.title, loaded.learner.as_ref());
                let again = menace::registry::saves::from_yaml(&saved, "again.yaml");
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
        let loaded =
            menace::registry::saves::from_yaml(&text, "corpus.yaml").expect("the corpus loads");
        if text.contains("format: 2") {
            assert_eq!(
                format2::to_yaml(&loaded.title, loaded.learner.as_ref()),
                text,
                "a format-2 save writes back what it read"
            );
        }
    }
}
