use super::file::glue_quotes;
use super::*;

const VALID: &str = r#"
title: A tiny lesson
summary: One of each kind of step.
assumes: nothing
seed: 3
steps:
  - kind: text
    text: MENACE is made of matchboxes.
    show: [box 1]
  - kind: demo
    text: Watch one game.
    commands: [play 1 vs random]
  - kind: exercise
    text: Look at the box for X...O.....
    goal: {show_box: X...O....}
    hints: [Type box X...O....]
    solution: [box X...O....]
  - kind: question
    text: How many boxes?
    answers: ["304"]
    explain: One per position up to symmetry.
"#;

fn broken(text: &str) -> LessonError {
    parse(text, "07-broken.yaml").unwrap_err()
}

#[test]
fn a_valid_lesson_loads() {
    let lesson = parse(VALID, "01-tiny.yaml").unwrap();
    assert_eq!(lesson.name, "01-tiny");
    assert_eq!(lesson.steps.len(), 4);
    assert_eq!(lesson.seed, 3);
    assert_eq!(lesson.steps[3].kind(), "question");
}

#[test]
fn broken_lessons_name_their_file_and_step() {
    let error = broken(&VALID.replace("play 1 vs random", "play 1 vs nobody"));
    assert_eq!(error.file, "07-broken.yaml");
    assert_eq!(error.step, Some(2));
    assert!(error.reason.contains("nobody"), "{error}");

    let error = broken(&VALID.replace("kind: demo", "kind: dance"));
    assert_eq!(error.step, Some(2), "{error}");

    let error = broken(&VALID.replace("{show_box: X...O....}", "{show_box: XX.......}"));
    assert_eq!(error.step, Some(3), "{error}");

    let error = broken(&VALID.replace("solution: [box X...O....]", "solution: []"));
    assert_eq!(error.step, Some(3));
    assert!(error.reason.contains("solution"), "{error}");

    let error = broken(&VALID.replace("answers: [\"304\"]", "answers: []"));
    assert_eq!(error.step, Some(4));

    let error = broken(&VALID.replace("    show: [box 1]", "    show: [quit]"));
    assert_eq!(error.step, Some(1));

    let error = broken(&VALID.replace("title: A tiny lesson", "title: \"\""));
    assert_eq!(error.step, None);
    assert!(error.to_string().starts_with("07-broken.yaml: "), "{error}");

    let error = broken(&VALID.replace("seed: 3", "seed: 3\ncolour: blue"));
    assert!(error.reason.contains("colour"), "{error}");

    let error = broken("steps: [");
    assert_eq!(error.file, "07-broken.yaml");
}

#[test]
fn lessons_load_from_a_folder_in_name_order() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("02-b.yaml"), VALID).unwrap();
    std::fs::write(folder.path().join("01-a.yaml"), VALID).unwrap();
    std::fs::write(folder.path().join("notes.txt"), "not a lesson").unwrap();
    let loaded = load_all(folder.path()).unwrap();
    let names: Vec<&str> = loaded.lessons.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["01-a", "02-b"]);
    assert!(loaded.broken.is_empty());
}

#[test]
fn a_broken_lesson_is_reported_and_the_others_still_load() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("01-a.yaml"), VALID).unwrap();
    std::fs::write(folder.path().join("02-b.yaml"), "title: [").unwrap();
    std::fs::write(
        folder.path().join("03-c.yaml"),
        VALID.replace("  - kind: demo", "  - kind: demo\n    extra: 1"),
    )
    .unwrap();
    std::fs::write(folder.path().join("04-d.yaml"), VALID).unwrap();
    let loaded = load_all(folder.path()).unwrap();
    let names: Vec<&str> = loaded.lessons.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["01-a", "04-d"]);
    let broken: Vec<(&str, Option<usize>)> = loaded
        .broken
        .iter()
        .map(|error| (error.file.as_str(), error.step))
        .collect();
    assert_eq!(broken, [("02-b.yaml", None), ("03-c.yaml", Some(2))]);
}

#[test]
fn quoted_commands_are_found_and_kept_on_one_line() {
    assert_eq!(
        quotes("Type `box  1`, then `play 2\n vs random`; a lone ` is text."),
        ["box 1", "play 2 vs random"]
    );
    assert!(quotes("no quotes, or one ` alone").is_empty());
    assert_eq!(
        glue_quotes("type `boxes 3` or ` lone"),
        "type `boxes\u{a0}3` or ` lone"
    );
    let lesson = parse(
        &VALID.replace("Watch one game.", "Watch `play 1 vs random`."),
        "01-tiny.yaml",
    )
    .unwrap();
    assert_eq!(lesson.steps[1].quoted(), ["play 1 vs random"]);
    // The command reader takes a no-break space as a space.
    assert_eq!(
        command::parse("play\u{a0}1\u{a0}vs\u{a0}random"),
        command::parse("play 1 vs random")
    );
}

#[test]
fn prose_from_a_lesson_cannot_drive_the_terminal() {
    let lesson = parse(
        &VALID
            .replace("A tiny lesson", "\"A \\e[2Jtiny lesson\"")
            .replace("How many boxes?", "\"How many \\a boxes?\""),
        "01-tiny.yaml",
    )
    .unwrap();
    assert_eq!(lesson.title, "A \\u{1b}[2Jtiny lesson");
    let Step::Question { text, .. } = &lesson.steps[3] else {
        panic!("a question");
    };
    assert!(!text.chars().any(char::is_control), "{text:?}");
    let error = broken(&format!(
        "title: \"{}\u{1b}\"\nsteps: 1",
        "x".repeat(50_000)
    ));
    let shown = error.to_string();
    assert!(shown.len() < 1_000 && !shown.contains('\u{1b}'), "{shown}");
    let error = broken(&format!("title: x\nsteps: {}", "[".repeat(100_000)));
    assert!(error.to_string().contains("nested"), "{error}");
}

/// `refused_move` is met by a move the game's rules refuse (quoted in the praise), and
/// by nothing else that is refused.
#[test]
fn a_refused_move_goal_is_met_by_the_rules_alone() {
    use crate::app::{Event, Session, Settings};
    use goal::{Goal, Tally};
    let session = Session::new(Settings::default());
    let mut tally = Tally::default();
    tally.observe(&[Event::Refusal("That is not a command.".into())]);
    assert!(!Goal::RefusedMove.met(&tally, &session));
    tally.observe(&[Event::Refusal(format!(
        "{}: h8 would make two open threes.",
        crate::app::CANNOT_PLAY_THERE
    ))]);
    assert!(Goal::RefusedMove.met(&tally, &session));
    assert!(
        Goal::RefusedMove
            .describe_met(&tally)
            .contains("h8 would make two open threes")
    );
}
