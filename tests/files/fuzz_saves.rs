//! The save loader, fuzzed from a committed corpus of real saves (`tests/corpus/saves/`,
//! written by the program: every game, both sides, both formats). Each case mutates one
//! file (lines dropped, doubled, swapped, re-cased, numbers changed, bytes flipped,
//! characters inserted, the file cut) and loads it. Nothing may panic; whatever loads
//! must save and load again to the very same text (so nothing was silently resolved:
//! a duplicate, a second spelling); whatever is refused is one sentence with no control
//! character, however long the file.
//!
//! The same for compressed saves (format 3) of the corpus's MENACEs: bytes flipped,
//! inserted, dropped, repeated, the file cut.
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

/// Compressed saves (format 3) of every corpus file's MENACE that is not classic's
/// (classic MENACE is always saved as YAML), made once.
fn compressed_corpus() -> &'static [Vec<u8>] {
    static FILES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        corpus()
            .iter()
            .filter_map(|text| menace::registry::saves::from_yaml(text, "corpus.yaml").ok())
            .filter_map(|loaded| {
                let mut bytes = Vec::new();
                menace::menace::save::binary::write(
                    &mut bytes,
                    &loaded.title,
                    loaded.learner.as_ref(),
                    menace::menace::save::InProgress::default(),
                )
                .ok()?;
                // Kept only where it loads back (not classic's).
                menace::registry::saves::from_bytes(bytes.clone(), "c.yaml").ok()?;
                Some(bytes)
            })
            .collect()
    })
}

/// One change to a compressed file's bytes.
#[derive(Debug, Clone)]
enum ByteMutation {
    Flip { at: usize, bit: u8 },
    Cut { at: usize },
    Insert { at: usize, byte: u8 },
    Drop { at: usize, length: usize },
    Repeat { at: usize, length: usize },
}

fn a_byte_mutation() -> impl Strategy<Value = ByteMutation> {
    prop_oneof![
        (any::<usize>(), 0..8u8).prop_map(|(at, bit)| ByteMutation::Flip { at, bit }),
        any::<usize>().prop_map(|at| ByteMutation::Cut { at }),
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| ByteMutation::Insert { at, byte }),
        (any::<usize>(), 1..64usize).prop_map(|(at, length)| ByteMutation::Drop { at, length }),
        (any::<usize>(), 1..64usize).prop_map(|(at, length)| ByteMutation::Repeat { at, length }),
    ]
}

fn mutate_bytes(bytes: &mut Vec<u8>, mutation: &ByteMutation) {
    if bytes.is_empty() {
        return;
    }
    let place = |at: usize| at % bytes.len();
    match *mutation {
        ByteMutation::Flip { at, bit } => {
            let at = place(at);
            bytes[at] ^= 1 << bit;
        }
        ByteMutation::Cut { at } => bytes.truncate(place(at)),
        ByteMutation::Insert { at, byte } => bytes.insert(place(at), byte),
        ByteMutation::Drop { at, length } => {
            let at = place(at);
            let end = (at + length).min(bytes.len());
            bytes.drain(at..end);
        }
        ByteMutation::Repeat { at, length } => {
            let at = place(at);
            let end = (at + length).min(bytes.len());
            let copy = bytes[at..end].to_vec();
            bytes.splice(at..at, copy);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz::cases(64), ..ProptestConfig::default() })]

    #[test]
    fn mutated_compressed_saves_load_exactly_or_are_refused_in_one_clean_sentence(
        which in any::<usize>(),
        mutations in prop::collection::vec(a_byte_mutation(), 1..4),
    ) {
        let files = compressed_corpus();
        prop_assert!(!files.is_empty());
        let mut bytes = files[which % files.len()].clone();
        for mutation in &mutations {
            mutate_bytes(&mut bytes, mutation);
        }
        match menace::registry::saves::from_bytes(bytes, "mutant.yaml") {
            Ok(loaded) => {
                // It loads: compressed again and read back, it is the same MENACE.
                let mut again = Vec::new();
                menace::menace::save::binary::write(
                    &mut again,
                    &loaded.title,
                    loaded.learner.as_ref(),
                    menace::menace::save::InProgress::default(),
                ).unwrap();
                let reloaded = menace::registry::saves::from_bytes(again, "again.yaml");
                prop_assert!(reloaded.is_ok(), "{:?}", reloaded.err());
                let reloaded = reloaded.unwrap();
                prop_assert!(*reloaded.learner == *loaded.learner);
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
