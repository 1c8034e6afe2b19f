//! The lesson loader and the progress file, fuzzed from a committed corpus
//! (`tests/corpus/lessons/`: real lessons and a progress file). A mutated lesson is
//! either read, with nothing in its prose that could drive a terminal, or refused in one
//! clean sentence naming the file; a mutated progress file never stops the course or
//! touches the learner's boxes.
//!
//! `cargo test --test fuzz_lessons` runs a short pass; `PROPTEST_CASES=20000 cargo test
//! --release --test fuzz_lessons` a long one (README gives the figures).

use menace::app::{Session, Settings};
use menace::lesson::{self, Step};
use menace::repl::respond;
use proptest::prelude::*;
use std::path::Path;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

fn corpus(file: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/corpus/lessons")
            .join(file),
    )
    .expect("the corpus is committed")
}

const LESSONS: [&str; 3] = ["01-meet-menace.yaml", "04-training.yaml", "10-cube.yaml"];

#[derive(Debug, Clone)]
enum Mutation {
    DropLine(usize),
    DoubleLine(usize),
    SwapLines(usize, usize),
    Indent(usize, bool),
    Insert(usize, usize, &'static str),
    Cut(usize),
}

fn a_mutation() -> impl Strategy<Value = Mutation> {
    let insert = prop::sample::select(vec![
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
    ]);
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (any::<usize>(), any::<bool>()).prop_map(|(a, deeper)| Mutation::Indent(a, deeper)),
        (any::<usize>(), any::<usize>(), insert).prop_map(|(a, b, s)| Mutation::Insert(a, b, s)),
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
        Mutation::Indent(a, deeper) => {
            let line = &mut lines[at(a)];
            if deeper {
                line.insert_str(0, "  ");
            } else if let Some(rest) = line.strip_prefix("  ") {
                *line = rest.to_string();
            }
        }
        Mutation::Insert(a, b, inserted) => {
            let line = &mut lines[at(a)];
            let mut chars: Vec<char> = line.chars().collect();
            let position = b % (chars.len() + 1);
            chars.splice(position..position, inserted.chars());
            *line = chars.into_iter().collect();
        }
        Mutation::Cut(a) => {
            let joined = lines.join("\n");
            return joined
                .chars()
                .take(a % (joined.chars().count() + 1))
                .collect();
        }
    }
    lines.join("\n") + "\n"
}

/// Every piece of prose a lesson shows.
fn prose(lesson: &lesson::Lesson) -> Vec<&String> {
    let mut all = vec![&lesson.title, &lesson.summary, &lesson.assumes];
    for step in &lesson.steps {
        match step {
            Step::Text { text, .. } | Step::Demo { text, .. } => all.push(text),
            Step::Exercise { text, hints, .. } => {
                all.push(text);
                all.extend(hints);
            }
            Step::Question {
                text,
                answers,
                hints,
                explain,
            } => {
                all.extend([text, explain]);
                all.extend(hints);
                all.extend(answers);
            }
        }
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(96), ..ProptestConfig::default() })]

    #[test]
    fn mutated_lessons_are_read_clean_or_refused_in_one_sentence(
        which in 0..LESSONS.len(),
        mutations in prop::collection::vec(a_mutation(), 1..5),
    ) {
        let mut text = corpus(LESSONS[which]);
        for mutation in &mutations {
            text = mutate(&text, mutation);
        }
        match lesson::parse(&text, LESSONS[which]) {
            Ok(lesson) => {
                prop_assert!(!lesson.steps.is_empty());
                for text in prose(&lesson) {
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
        mutations in prop::collection::vec(a_mutation(), 1..6),
    ) {
        let mut text = corpus("progress.yaml");
        for mutation in &mutations {
            text = mutate(&text, mutation);
        }
        let saves = tempfile::tempdir().unwrap();
        std::fs::write(saves.path().join("lessons.yaml"), &text).unwrap();
        let mut session = Session::new(Settings {
            seed: 1,
            show_boxes: false,
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
