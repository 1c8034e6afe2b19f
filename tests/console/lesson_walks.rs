//! What the newcomer walks of the lessons found, each replayed as the learner met it:
//! a game left open across a resume, the words said when a lesson is put aside and
//! taken up, the letters of choice answers, the figures a learner reads.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::respond;
use std::path::{Path, PathBuf};

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons")
}

fn learner(seed: u64, saves: &Path) -> Tutor {
    Tutor::new(Settings {
        seed,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: saves.to_path_buf(),
        lessons_dir: lessons_dir(),
        ..Settings::default()
    })
}

fn walk(session: &mut Tutor, lines: &[&str]) -> String {
    lines.iter().map(|line| respond(session, line)).collect()
}

/// A lesson left during a game on a step that plays none (lesson 13's text step about
/// `against mcts`) and opened again says the game is still open and draws its board
/// under the step, so the learner need not guess that a move is awaited.
#[test]
fn a_lesson_resumed_with_a_game_open_on_a_text_step_draws_the_board() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = learner(1, folder.path());
    walk(
        &mut session,
        &["lesson 13", "next", "skip", "next", "8", "next"],
    );
    let step = walk(&mut session, &["1", "d"]);
    assert!(step.contains("Your move as X"), "{step}");
    respond(&mut session, "quit-lesson");
    let back = respond(&mut session, "lesson 13");
    assert!(
        back.contains("Your game of gravity is still open"),
        "{back}"
    );
    let step_at = back.find("-- step 4 of").expect("step 4 again");
    let prompt_at = back.rfind("Your move as X").unwrap_or(0);
    assert!(prompt_at > step_at, "no board under the step:\n{back}");
    // A step moved to with `next` during the game draws no board again.
    let next = respond(&mut session, "next");
    assert!(!next.contains("goes on where you left it"), "{next}");
    assert!(!next.contains("Your move as X"), "{next}");
}

/// With one MENACE of their own, the learner reads "MENACE", not "MENACEs"; saving is
/// advice for keeping the lesson's MENACE after the lesson ends; counts carry their
/// thousands marks; the end of a lesson names the command for the next one.
#[test]
fn put_aside_and_back_name_one_menace_and_the_next_lesson_by_its_command() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = learner(1, folder.path());
    respond(&mut session, "train 1000 vs random");
    let opened = respond(&mut session, "lesson 5").replace('\n', " ");
    assert!(
        opened.contains("Your own MENACE (1,000 games learned)"),
        "{opened}"
    );
    assert!(!opened.contains("MENACEs"), "{opened}");
    assert!(
        opened.contains("to keep the lesson's MENACE after the lesson ends, save it."),
        "{opened}"
    );
    let left = respond(&mut session, "quit-lesson").replace('\n', " ");
    assert!(
        left.contains("Your MENACE has learned from 1,000 games."),
        "{left}"
    );
    // Lesson 1 to its end: the next lesson is named by the command that opens it.
    let mut session = learner(1, folder.path());
    let mut text = respond(&mut session, "lesson 1");
    for _ in 0..12 {
        text.push_str(&respond(&mut session, "skip"));
        text.push_str(&respond(&mut session, "next"));
    }
    let text = text.replace('\n', " ");
    assert!(
        text.contains("Next: type `lesson 2` (Symmetry, or why 304 boxes are enough)."),
        "{text}"
    );
}

/// A choice question's explanation that opens on its letter reads "Right (a). ...",
/// not "Right. a. ..."; skipped, "The answer is a. ...".
#[test]
fn a_choice_answer_names_its_letter_once() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = learner(1, folder.path());
    walk(
        &mut session,
        &[
            "lesson 13",
            "next",
            "skip",
            "next",
            "8",
            "next",
            "next",
            "skip",
            "next",
        ],
    );
    let right = respond(&mut session, "a");
    assert!(right.contains("Right (a). X drops four marks"), "{right}");
    assert!(!right.contains("Right. a."), "{right}");
}
