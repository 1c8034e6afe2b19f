//! What the lesson runner says, as text.

use super::render::{Palette, Role, plural, seat_name};
use crate::lesson::course::LessonEvent;
use std::fmt::Write;

/// Lesson text filled to 78 columns, paragraph by paragraph; lines that start with two
/// spaces (pictures, lists) are kept as they are.
fn reflow(text: &str) -> String {
    let mut paragraphs = Vec::new();
    for paragraph in text.trim_end().split("\n\n") {
        if paragraph.lines().any(|line| line.starts_with("  ")) {
            let kept: Vec<String> = items(paragraph).iter().map(|line| hanging(line)).collect();
            paragraphs.push(kept.join("\n"));
        } else {
            // ASCII only: a no-break space glues a quoted command's words (lesson/mod.rs).
            let joined = paragraph
                .split_ascii_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            paragraphs.push(crate::repl::text::fill(&joined, 78));
        }
    }
    paragraphs.join("\n\n")
}

/// The kept lines of a paragraph, a list item's continuation lines (indented under its
/// text, with no marker of their own) joined to it, so that it is filled as one.
fn items(paragraph: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for line in paragraph.lines() {
        let indent = line.len() - line.trim_start().len();
        let continues = lines.last().is_some_and(|item| {
            let item_text = item.len() - item.trim_start().len() + marker_width(item);
            marker_width(item) > 0 && indent == item_text && marker_width(line) == 0
        });
        match lines.last_mut() {
            Some(item) if continues => {
                item.push(' ');
                item.push_str(line.trim_start());
            }
            _ => lines.push(line.to_string()),
        }
    }
    lines
}

/// The width of a list item's marker with its space (`6. `, `b) `, `- `); 0 if none.
fn marker_width(line: &str) -> usize {
    line.trim_start()
        .split_once(' ')
        .map(|(first, _)| first)
        .filter(|first| {
            *first == "-"
                || (first.len() <= 4
                    && (first.ends_with('.') || first.ends_with(')'))
                    && first[..first.len() - 1]
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric()))
        })
        .map_or(0, |first| first.len() + 1)
}

/// A kept line, wrapped at 78 columns if it is longer, its continuation lines indented
/// under the item's text: after `6. `, `b) ` or `- ` where the line is a list item.
fn hanging(line: &str) -> String {
    if line.chars().count() <= 78 {
        return line.to_string();
    }
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    let marker = marker_width(line);
    let first = &line[..indent];
    let after = " ".repeat(indent + marker);
    let options = textwrap::Options::new(78)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .initial_indent(first)
        .subsequent_indent(&after);
    textwrap::fill(rest, options)
}

/// What the lesson runner says.
pub fn lesson(event: &LessonEvent, palette: Palette) -> String {
    match event {
        LessonEvent::List(entries) => {
            let mut text = String::from("Lessons (lesson N starts or resumes one):\n");
            for entry in entries {
                let state = if entry.progress.done {
                    "done".to_string()
                } else if entry.progress.step > 0 {
                    format!(
                        "at step {} of {}",
                        entry.progress.step.saturating_add(1),
                        entry.steps
                    )
                } else {
                    format!("{} steps", entry.steps)
                };
                let _ = writeln!(text, "  {:>2}. {:<44} {state}", entry.number, entry.title);
                let indent = crate::repl::text::words(79)
                    .initial_indent("      ")
                    .subsequent_indent("      ");
                let _ = writeln!(text, "{}", textwrap::fill(&entry.summary, indent));
            }
            if !entries.is_empty() && entries.iter().all(|entry| entry.progress.done) {
                let _ = writeln!(text, "Course complete: all {} lessons done.", entries.len());
            }
            text
        }
        LessonEvent::Step(view) => {
            let heading = step_heading(
                &format!("Lesson {}: {}", view.lesson_number, view.title),
                view.step,
                view.steps,
                view.kind,
            );
            let heading: Vec<String> = heading
                .lines()
                .map(|line| palette.paint(line, Role::Heading))
                .collect();
            let mut text = format!("{}\n{}\n", heading.join("\n"), reflow(&view.text));
            // The position the step asks about, drawn as the board is.
            if let Some(board) = &view.board {
                text.push_str(&super::render::events(std::slice::from_ref(board), palette));
            }
            // Shown commands ran on a fresh MENACE of the lesson's own, not on the
            // learner's session: say so, so that its numbers are not taken for yours.
            if !view.outputs.is_empty() {
                let _ = writeln!(
                    text,
                    "{}",
                    palette.paint(
                        "-- shown on a fresh session, not yours (type the commands to try them) --",
                        Role::Heading
                    )
                );
            }
            for shown in &view.outputs {
                // As a piped session shows it: the line, then the answer, without colour.
                let transcript = format!(
                    "{}{}\n{}",
                    super::PROMPT,
                    super::printable(&shown.line),
                    super::render::events(&shown.events, Palette::PLAIN)
                );
                text.push_str(&transcript.replace(&shown.folder, "saves"));
            }
            if !view.outputs.is_empty() {
                let _ = writeln!(
                    text,
                    "{}",
                    palette.paint("-- end of the example --", Role::Heading)
                );
            }
            let prompt = match (view.kind, &view.already_done) {
                (_, Some(done)) => format!("Already done: {done}. Type next to go on."),
                ("exercise", None) => "[your turn: type commands | hint | skip]".to_string(),
                ("question", None) => "[type your answer | hint | skip]".into(),
                _ => "[next: go on | back | quit-lesson]".into(),
            };
            let _ = writeln!(text, "{prompt}");
            text
        }
        LessonEvent::GoalMet(done) => format!(
            "{} {done}; type next to go on.\n",
            palette.paint("Well done:", Role::Result)
        ),
        LessonEvent::Hint {
            text,
            number,
            of,
            ask_an_ai,
        } => {
            // The lesson's hints are told apart from an AI's advice on your move, and the
            // last one, in a game, says how to ask an AI instead.
            let last = match ask_an_ai {
                Some(ai) => format!(
                    " (That is the lesson's last hint. For an AI's advice on your move, type hint and its name: hint {ai}.)"
                ),
                None => String::new(),
            };
            format!(
                "{}\n",
                reflow(&format!("Lesson hint {number} of {of}: {text}{last}"))
            )
        }
        LessonEvent::NoHints => "This step has no hints: type next to go on.\n".into(),
        LessonEvent::Correct { explain } => {
            // An explanation that opens on its choice's letter ("a. X drops ...")
            // reads "Right (a). X drops ...".
            let (right, explain) = match choice_letter(explain) {
                Some((letter, rest)) => (format!("Right ({letter})."), rest),
                None => ("Right.".to_string(), explain.as_str()),
            };
            format!(
                "{}\n[next: go on]\n",
                reflow(&format!(
                    "{} {explain}",
                    palette.paint(&right, Role::Result)
                ))
            )
        }
        LessonEvent::Wrong { hint, why } => {
            let why = why
                .as_ref()
                .map_or(".".to_string(), |why| format!(": {why}"));
            let hint = hint
                .as_ref()
                .map_or(" Try again, or skip.".to_string(), |hint| {
                    format!(" Hint: {hint}")
                });
            format!("{}\n", reflow(&format!("Not quite{why}{hint}")))
        }
        LessonEvent::NotYet(sentence) | LessonEvent::Problem(sentence) => {
            format!("{}\n", palette.paint(sentence, Role::Refusal))
        }
        LessonEvent::Skipped(None) => "Skipped.\n".into(),
        LessonEvent::Skipped(Some(answer)) => {
            let answer = match choice_letter(answer) {
                Some((letter, rest)) => format!("The answer is {letter}. {rest}"),
                None => answer.clone(),
            };
            // `skip` has gone on already: the next step follows.
            format!("{}\n", reflow(&format!("Skipped. {answer}")))
        }
        LessonEvent::Finished { title, next } => {
            let mut text = format!(
                "{} You finished the lesson \"{title}\".\n",
                palette.paint("Done!", Role::Result)
            );
            if let Some(next) = next {
                let _ = writeln!(text, "{}", reflow(&format!("Next: {next}.")));
            }
            text
        }
        LessonEvent::Left { title } => {
            format!("You left \"{title}\"; opening it again resumes where you were.\n")
        }
        LessonEvent::AtStart => "This is the first step.\n".into(),
        LessonEvent::Aside(sentence) => format!("{}\n", crate::repl::text::fill(sentence, 79)),
        LessonEvent::CourseComplete(titles) => {
            let mut text = format!(
                "{}\n",
                palette.paint("== Course complete ==", Role::Heading)
            );
            let _ = writeln!(
                text,
                "{}",
                reflow(&format!(
                    "You have finished all {} lessons: from Michie's matchboxes to the games that grow out of noughts and crosses, and the searches that play them. What you met on the way:",
                    titles.len()
                ))
            );
            for (number, title) in titles.iter().enumerate() {
                let _ = writeln!(text, "  {:>2}. {title}", number + 1);
            }
            let _ = writeln!(
                text,
                "{}",
                reflow(
                    "Any lesson can be opened again with lesson N; your MENACE keeps what it learned."
                )
            );
            text
        }
    }
}

/// The choice letter an explanation opens with ("b. Each mark ..."), and the rest.
fn choice_letter(explain: &str) -> Option<(char, &str)> {
    let mut chars = explain.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    explain[1..]
        .strip_prefix(". ")
        .map(|rest| (letter, rest.trim_start()))
}

/// A lesson opened on its own fresh MENACE, and what was put aside for it.
pub fn lesson_set_up(set_up: &crate::app::lesson_state::LessonSetUp) -> String {
    let mut sentence = String::new();
    if set_up.replaced > 0 {
        let _ = write!(
            sentence,
            "The last lesson's MENACE ({} learned) is kept for when you go back to it. ",
            plural(set_up.replaced, "game", "games")
        );
    }
    // The preset and the fresh MENACE are said only where MENACE sits opposite you.
    let menace_opposite = set_up.menace_plays && set_up.against == crate::app::Who::Menace;
    let preset = if menace_opposite {
        format!(", {} preset", set_up.preset.spec())
    } else {
        String::new()
    };
    if let Some(games) = set_up.resumed {
        let _ = write!(
            sentence,
            "This lesson picks up where you left it: {}{preset}, you play {} against {}",
            set_up.title,
            set_up.you,
            seat_name(set_up.against)
        );
        if let Some(learners) = learners_named(&set_up.resumed_learners) {
            let _ = write!(sentence, ", and its learners have learned: {learners}");
        } else if set_up.menace_plays && games > 0 {
            let _ = write!(
                sentence,
                ", and its MENACE has learned from {}",
                plural(games, "game", "games")
            );
        }
        sentence.push('.');
    } else if menace_opposite {
        let _ = write!(
            sentence,
            "This lesson runs on a fresh MENACE: {}, {} preset, you play {} against {}.",
            set_up.title,
            set_up.preset.spec(),
            set_up.you,
            seat_name(set_up.against)
        );
    } else {
        let _ = write!(
            sentence,
            "This lesson sets up its own game: {}, you play {} against {}.",
            set_up.title,
            set_up.you,
            seat_name(set_up.against)
        );
    }
    match set_up.put_aside {
        Some(0) => sentence.push_str(" Your own choices come back when it ends."),
        Some(games) => {
            let _ = write!(
                sentence,
                " {} and choices are put aside and come back when the lesson ends or you leave it (quit-lesson)",
                own_menaces(games, set_up.put_aside_menaces, false)
            );
            // Saving is advice only where the lesson's MENACE plays you from the start
            // (a lesson against an AI may never use one; its end says if it did).
            sentence.push_str(if menace_opposite {
                "; to keep the lesson's MENACE after the lesson ends, save it."
            } else {
                "."
            });
        }
        None => {}
    }
    format!("{}\n", crate::repl::text::fill(&sentence, 79))
}

/// The lesson's learners by name, each with its games and, where it was put aside by
/// `learner`, saying so: `td, 3,000 games; MENACE, 1,000 games, put aside`. `None`
/// where MENACE alone learned, in play: the words then say "MENACE".
fn learners_named(learners: &[crate::app::LearnerGames]) -> Option<String> {
    if learners
        .iter()
        .all(|learner| learner.name == "MENACE" && learner.in_play)
    {
        return None;
    }
    let named: Vec<String> = learners
        .iter()
        .map(|learner| {
            format!(
                "{}, {}{}",
                learner.name,
                plural(learner.games, "game", "games"),
                if learner.in_play { "" } else { ", put aside" }
            )
        })
        .collect();
    Some(named.join("; "))
}

/// The learner's own MENACE, or MENACEs (one for each game and side that learned),
/// and the games they learned, as a noun ("Your own MENACE (5 games learned)") or as
/// a sentence ("Your MENACEs have learned from 7 games in all").
fn own_menaces(games: u64, menaces: usize, sentence: bool) -> String {
    let games = plural(games, "game", "games");
    match (menaces > 1, sentence) {
        (false, false) => format!("Your own MENACE ({games} learned)"),
        (true, false) => format!("Your own MENACEs ({games} learned in all)"),
        (false, true) => format!("Your MENACE has learned from {games}"),
        (true, true) => format!("Your MENACEs have learned from {games} in all"),
    }
}

/// The learner's own state back after a lesson.
pub fn own_state_back(
    title: &str,
    you: crate::game::Player,
    against: crate::app::Who,
    (games, menaces): (u64, usize),
    (lesson_games, lesson_learners, lesson_kept): (u64, &[crate::app::LearnerGames], bool),
) -> String {
    let mut sentence = format!(
        "Your own MENACE and choices are back: {title}, you play {you} against {}.",
        seat_name(against)
    );
    if games > 0 {
        let _ = write!(sentence, " {}.", own_menaces(games, menaces, true));
    }
    if let Some(learners) = learners_named(lesson_learners) {
        let _ = write!(
            sentence,
            " The lesson's learners ({learners}) are {}.",
            if lesson_kept {
                // The line before says that opening the lesson again resumes it.
                "kept"
            } else {
                "discarded, since the lesson is finished (a copy you saved with save stays in its file)"
            }
        );
    } else if lesson_games > 0 {
        let _ = write!(
            sentence,
            " The lesson's MENACE ({} learned) is {}.",
            plural(lesson_games, "game", "games"),
            if lesson_kept {
                // The line before says that opening the lesson again resumes it.
                "kept"
            } else {
                "discarded, since the lesson is finished (a copy you saved with save stays in its file)"
            }
        );
    }
    format!("{}\n", crate::repl::text::fill(&sentence, 79))
}

/// A step's heading on one line: "step 2 of 13" where it fits, "2/13" where that alone
/// would wrap the line (a title of up to 40 characters then fits).
fn step_heading(lesson: &str, step: usize, steps: usize, kind: &str) -> String {
    // One form for every step of a lesson: the long one if its widest heading (the
    // last step, the longest kind) fits.
    let widest = format!("{lesson} -- step {steps} of {steps} (exercise)");
    if widest.chars().count() + 6 <= 79 {
        return heading(&format!("{lesson} -- step {step} of {steps} ({kind})"));
    }
    heading(&format!("{lesson} -- {step}/{steps} ({kind})"))
}

/// `== words ==` within 79 columns: a long heading wraps between its words, and the
/// closing `==` stays with the last of them rather than alone on a line.
fn heading(words: &str) -> String {
    // No-break spaces hold the marks to their neighbours while the line is filled.
    let marked = format!("==\u{a0}{words}\u{a0}==");
    crate::repl::text::fill(&marked, 79).replace('\u{a0}', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_of_a_lesson_has_the_same_form_of_heading() {
        // A title where "step 2 of 13 (text)" fits but "step 13 of 13 (exercise)" not.
        let title = "Lesson 21: Other boards, a name of 48 characters";
        assert_eq!(title.chars().count(), 48);
        let forms: Vec<bool> = [(2, "text"), (13, "exercise")]
            .iter()
            .map(|(step, kind)| step_heading(title, *step, 13, kind).contains(" of 13"))
            .collect();
        assert_eq!(forms[0], forms[1], "{forms:?}");
    }

    #[test]
    fn a_long_heading_keeps_its_closing_marks_on_a_line_with_words() {
        let long = "Lesson 16: Strategic tic-tac-toe, boards within boards within boards -- step 2 of 9 (exercise)";
        let text = heading(long);
        assert!(text.lines().count() > 1, "{text}");
        assert!(
            text.lines().all(|line| line.chars().count() <= 79),
            "{text}"
        );
        assert!(text.lines().all(|line| line.trim() != "=="), "{text}");
        assert!(text.starts_with("== Lesson 16") && text.ends_with("(exercise) =="));
        assert_eq!(heading("Lesson 1: MENACE"), "== Lesson 1: MENACE ==");
    }

    /// A step's heading stays on one line for any title of up to 40 characters (the
    /// lessons' own limit), any step count below 100 and every kind of step.
    #[test]
    fn a_step_heading_never_wraps() {
        let title = format!("Lesson 23: {}", "w".repeat(40));
        for kind in ["text", "exercise", "question", "demo"] {
            let text = step_heading(&title, 12, 13, kind);
            assert_eq!(text.lines().count(), 1, "{text}");
            assert!(text.ends_with(&format!("12/13 ({kind}) ==")), "{text}");
            let text = step_heading(&title, 99, 99, kind);
            assert_eq!(text.lines().count(), 1, "{text}");
        }
        assert_eq!(
            step_heading("Lesson 1: MENACE", 2, 9, "exercise"),
            "== Lesson 1: MENACE -- step 2 of 9 (exercise) =="
        );
    }
}

#[cfg(test)]
mod hanging_tests {
    use super::reflow;

    #[test]
    fn a_long_list_item_wraps_under_its_text_not_its_number() {
        let text = "A list:\n\n  5. Short.\n  6. Take the centre; then the corner opposite theirs; then any corner; then an edge.\n";
        let shown = reflow(text);
        let lines: Vec<&str> = shown.lines().collect();
        assert!(
            lines.iter().all(|line| line.chars().count() <= 78),
            "{shown}"
        );
        let at = lines
            .iter()
            .position(|line| line.starts_with("  6. "))
            .unwrap();
        assert!(lines[at + 1].starts_with("     "), "{shown}");
        assert!(!lines[at + 1].starts_with("      "), "{shown}");
        // Short kept lines stay exactly as written.
        assert!(shown.contains("\n  5. Short.\n"), "{shown}");
    }

    #[test]
    fn a_list_item_written_on_two_lines_is_filled_as_one() {
        let text = "Why?\n\n  a) short\n  b) perfect answers in only a few ways, so MENACE never met the odd positions a\n     beginner's odd moves lead to, and their boxes never learned anything\n  c) last\n";
        let shown = reflow(text);
        let lines: Vec<&str> = shown.lines().collect();
        // No line of one short word, and the item's lines hang under its text.
        assert!(
            lines
                .iter()
                .filter(|line| !line.is_empty())
                .all(|line| line.trim().len() > 2 && line.chars().count() <= 78),
            "{shown}"
        );
        assert!(shown.contains("  a) short\n"), "{shown}");
        assert!(shown.contains("\n  c) last"), "{shown}");
        let at = lines
            .iter()
            .position(|line| line.starts_with("  b) "))
            .unwrap();
        assert!(lines[at + 1].starts_with("     ") && !lines[at + 1].starts_with("      "));
    }
}
