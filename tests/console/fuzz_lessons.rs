//! The lesson loader and the progress file, fuzzed from a committed corpus
//! (`tests/corpus/lessons/`: real lessons and a progress file). A mutated lesson is
//! either read, with nothing in its prose that could drive a terminal, or refused in one
//! clean sentence naming the file; a mutated progress file never stops the course or
//! touches the learner's boxes.
//!
//! `cargo test --test console fuzz_lessons` runs a short pass; `PROPTEST_CASES=20000 cargo test
//! --release --test console fuzz_lessons` a long one (README gives the figures).

use menace::app::Settings;
use menace::lesson;
use menace::lesson::Tutor;
use menace::repl::respond;
use proptest::prelude::*;
use std::path::Path;

use crate::fuzz;

fn corpus(file: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/corpus/lessons")
            .join(file),
    )
    .expect("the corpus is committed")
}

const LESSONS: [&str; 3] = ["01-meet-menace.yaml", "04-training.yaml", "10-cube.yaml"];

/// Text that breaks a lesson in interesting ways.
fn inserts() -> Vec<&'static str> {
    vec![
        "\u{1b}[2J",
        "\u{7}",
        "\r",
        "[",
        "]",
        "{",
        "}",
        ": ",
        "- ",
        "'",
        "\"",
        "#",
        "kind: ",
        "18446744073709551615",
        "\u{202e}",
        "\\e[31m",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: fuzz::cases(96), ..ProptestConfig::default() })]

    #[test]
    fn mutated_lessons_are_read_clean_or_refused_in_one_sentence(
        which in 0..LESSONS.len(),
        mutations in prop::collection::vec(fuzz::a_mutation(inserts()), 1..5),
    ) {
        let mut text = corpus(LESSONS[which]);
        for mutation in &mutations {
            text = fuzz::mutate(&text, mutation);
        }
        match lesson::parse(&text, LESSONS[which]) {
            Ok(mut lesson) => {
                prop_assert!(!lesson.steps.is_empty());
                for text in lesson.prose_mut() {
                    prop_assert!(
                        !text.chars().any(|c| c != '\n' && c.is_control()),
                        "{:?}", text
                    );
                }
            }
            Err(error) => {
                let sentence = error.to_string();
                prop_assert!(sentence.starts_with(LESSONS[which]), "{}", sentence);
                prop_assert!(!sentence.chars().any(char::is_control), "{:?}", sentence);
            }
        }
    }

    #[test]
    fn a_mutated_progress_file_never_stops_the_course(
        mutations in prop::collection::vec(fuzz::a_mutation(inserts()), 1..6),
    ) {
        let mut text = corpus("progress.yaml");
        for mutation in &mutations {
            text = fuzz::mutate(&text, mutation);
        }
        let saves = tempfile::tempdir().unwrap();
        std::fs::write(saves.path().join("lessons.yaml"), &text).unwrap();
        let mut session = Tutor::new(Settings {
            seed: 1,
            show_boxes: menace::app::BoxListing::Off,
            saves_dir: saves.path().to_path_buf(),
            lessons_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
            ..Settings::default()
        });
        let listed = respond(&mut session, "lessons");
        prop_assert!(listed.contains("Meet MENACE"), "{}", listed);
        prop_assert!(!listed.contains("at step 0 "), "{}", listed);
        prop_assert!(!listed.chars().any(|c| c != '\n' && c.is_control()), "{:?}", listed);
        let opened = respond(&mut session, "lesson 1");
        prop_assert!(opened.contains("Lesson 1"), "{}", opened);
    }
}
