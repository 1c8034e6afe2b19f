//! Questions the program judges in a position, by its own threat analysis, rather than
//! against a list of answers: "which check leads to a double threat?" in a cube game.
//! A list would say only "not quite" to a learner who found a real check that fails;
//! the judgement says why that one fails (no double threat follows, or the forced reply
//! makes a three of the defender's own), and what is right is what the analysis finds,
//! so a lesson's position and its answer cannot drift apart.

use crate::game::cube::{Cube, CubeCell};
use crate::game::{Game, Player};
use serde::Deserialize;

/// What a judged question asks for: a cell of the step's position, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judge {
    /// A check (three in a line, the fourth empty) whose forced reply makes no threat
    /// of the defender's, after which the checker can threaten twice at once.
    CheckToDoubleThreat,
    /// A cell that threatens twice at once, the defender having no threat of its own.
    DoubleThreat,
}

/// The judgement of one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Right,
    /// Wrong, with why, where the answer was a cell the analysis can speak of.
    Wrong(Option<String>),
}

/// The position a judged question asks about: `picture` in the lesson's game `variant`,
/// which must be a cube game.
pub fn position(variant: &[String], picture: &str) -> Result<Cube, String> {
    let words: Vec<&str> = variant.iter().map(String::as_str).collect();
    let game = crate::registry::start(&words)?;
    let read = game
        .from_picture(picture)
        .map_err(|why| format!("the position \"{picture}\" is not one of this game: {why}"))?;
    read.position::<Cube>()
        .copied()
        .ok_or_else(|| "a judged question needs a cube game (cube or qubic)".to_string())
}

/// The position a step draws (`position:`), if any.
pub fn step_position(step: &super::Step) -> Option<&str> {
    match step {
        super::Step::Text { position, .. } | super::Step::Question { position, .. } => {
            position.as_deref()
        }
        _ => None,
    }
}

/// The game a lesson runs in, with a step's position read in it: the position drawn.
pub fn drawn(
    lesson: &super::Lesson,
    step: &super::Step,
) -> Result<Option<crate::app::Event>, String> {
    let Some(picture) = step_position(step) else {
        return Ok(None);
    };
    let setup = lesson.needs.setup()?;
    let words: Vec<&str> = setup.variant.iter().map(String::as_str).collect();
    let game = crate::registry::start(&words)?;
    let read = game
        .from_picture(picture)
        .map_err(|why| format!("the position \"{picture}\" is not one of this game: {why}"))?;
    Ok(Some(crate::app::Event::Board {
        view: read.view(),
        marked: Vec::new(),
    }))
}

/// A step's position must be one of the lesson's game, and a judged question needs a
/// position of a cube game in which some answer is right.
pub fn validate(lesson: &super::Lesson, step: &super::Step) -> Result<(), String> {
    drawn(lesson, step)?;
    if let super::Step::Question {
        judge: Some(judge), ..
    } = step
    {
        let cube = judged_position(lesson, step)?;
        if right_cells(*judge, &cube).is_empty() {
            return Err("the judged question has no right answer in its position".into());
        }
    }
    Ok(())
}

/// The position of a judged question, read in the lesson's game.
pub fn judged_position(lesson: &super::Lesson, step: &super::Step) -> Result<Cube, String> {
    let picture =
        step_position(step).ok_or_else(|| "a judged question needs a position".to_string())?;
    position(&lesson.needs.setup()?.variant, picture)
}

/// A question's right answer as a skipped question shows it: the judged cells, or its
/// `answer` and `answers`.
pub fn right_answer(lesson: &super::Lesson, step: &super::Step) -> String {
    match step {
        super::Step::Question {
            judge: Some(judge), ..
        } => judged_position(lesson, step)
            .map(|cube| shown(*judge, &cube))
            .unwrap_or_default(),
        super::Step::Question {
            answer, answers, ..
        } => super::answer::shown(answer.as_ref(), answers),
        _ => String::new(),
    }
}

/// The cells `judge` finds right in `position`, in order.
pub fn right_cells(judge: Judge, position: &Cube) -> Vec<usize> {
    (0..position.geometry().cells)
        .filter(|cell| judged(judge, position, *cell) == Verdict::Right)
        .collect()
}

/// The right answers as a skipped question shows them: `22`, or `3 or 15`.
pub fn shown(judge: Judge, position: &Cube) -> String {
    let names: Vec<String> = right_cells(judge, position)
        .into_iter()
        .map(|cell| name(position, cell))
        .collect();
    names.join(" or ")
}

/// Judges `given`, a cell as the game names its moves (`22`, `cell 22`).
pub fn verdict(judge: Judge, position: &Cube, given: &str) -> Verdict {
    let words = super::answer::plain(given);
    let named = words.strip_prefix("cell ").unwrap_or(&words);
    match position.parse_move(named) {
        Ok(CubeCell(cell)) if usize::from(cell) < position.geometry().cells => {
            judged(judge, position, usize::from(cell))
        }
        _ => Verdict::Wrong(None),
    }
}

fn name(position: &Cube, cell: usize) -> String {
    position.move_name(CubeCell(cell as u8))
}

/// The cells of `mask`, named and joined: `41 and 48`.
fn names(position: &Cube, mask: u64) -> String {
    let cells: Vec<String> = (0..64)
        .filter(|cell| mask >> cell & 1 == 1)
        .map(|cell| name(position, cell))
        .collect();
    match cells.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn judged(judge: Judge, position: &Cube, cell: usize) -> Verdict {
    let geometry = position.geometry();
    let me = position.to_move();
    let (mine, theirs) = (position.marks(me), position.marks(me.opponent()));
    let named = name(position, cell);
    if (mine | theirs) >> cell & 1 == 1 {
        return Verdict::Wrong(Some(format!("{named} is taken.")));
    }
    let after = mine | 1 << cell;
    let threats = geometry.winning_cells(after, theirs);
    let theirs_now = geometry.winning_cells(theirs, mine);
    let (mover, other) = (me, me.opponent());
    match judge {
        Judge::DoubleThreat => match threats.count_ones() {
            _ if theirs_now & !(1 << cell) != 0 => Verdict::Wrong(Some(format!(
                "{other} threatens to complete a line at {}: {mover} must block first.",
                names(position, theirs_now)
            ))),
            0 => Verdict::Wrong(Some(format!(
                "{named} makes no three in a line whose fourth cell is empty."
            ))),
            1 => Verdict::Wrong(Some(format!(
                "{named} threatens only once, at {}: {other} blocks it.",
                names(position, threats)
            ))),
            _ => Verdict::Right,
        },
        Judge::CheckToDoubleThreat => match threats.count_ones() {
            0 => Verdict::Wrong(Some(format!(
                "{named} is no check, as it makes no three in a line whose fourth cell is empty."
            ))),
            1 => after_the_reply(position, cell, after, threats, (mover, other)),
            _ => Verdict::Right,
        },
    }
}

/// A check on `cell` (`after`: the checker's marks with it): the reply at `forced`,
/// then is there a double threat, and no three of the defender's first?
fn after_the_reply(
    position: &Cube,
    cell: usize,
    after: u64,
    forced: u64,
    (mover, other): (Player, Player),
) -> Verdict {
    let geometry = position.geometry();
    let named = name(position, cell);
    let reply = names(position, forced);
    let theirs = position.marks(other) | forced;
    let their_threats = geometry.winning_cells(theirs, after);
    if their_threats != 0 {
        return Verdict::Wrong(Some(format!(
            "{named} is a check, and {other} must answer {reply}; but {reply} makes three of \
             {other}'s own, threatening {}, and {mover} must block that before any double \
             threat.",
            names(position, their_threats)
        )));
    }
    let empty = (0..geometry.cells).filter(|c| (after | theirs) >> c & 1 == 0);
    let doubles = empty
        .filter(|c| geometry.winning_cells(after | 1 << c, theirs).count_ones() >= 2)
        .count();
    if doubles == 0 {
        Verdict::Wrong(Some(format!(
            "{named} is a check, and {other} must answer {reply}; but after that no cell \
             lets {mover} threaten twice."
        )))
    } else {
        Verdict::Right
    }
}

/// A question's explanation after the answer it may start with (`b: because ...`), so
/// that a skipped question says the answer once: "The answer: b. Because ...".
pub fn after_answer(explain: &str, right: &str) -> String {
    let explain = explain.trim();
    let Some(rest) = explain
        .get(..right.len())
        .filter(|start| start.eq_ignore_ascii_case(right))
        .map(|_| &explain[right.len()..])
        .filter(|rest| rest.starts_with([':', '.', ',']))
    else {
        return explain.to_string();
    };
    let rest = rest[1..].trim_start();
    let mut letters = rest.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Qubic lesson's puzzle: X to move.
    const PUZZLE: &str = ".O..X.........../..X...........X./.X..........O.../.OO......O..X...";

    fn puzzle() -> Cube {
        position(&["qubic".to_string()], PUZZLE).unwrap()
    }

    #[test]
    fn a_skipped_question_says_its_answer_once() {
        assert_eq!(
            after_answer("b: somewhere between a hundred", "b"),
            "Somewhere between a hundred"
        );
        assert_eq!(after_answer("B. Each loss", "b"), "Each loss");
        assert_eq!(after_answer("Because it must.", "b"), "Because it must.");
        assert_eq!(
            after_answer("6 beads: one per cell", "6"),
            "6 beads: one per cell"
        );
    }

    #[test]
    fn the_one_check_that_leads_to_a_double_threat_is_right_and_the_others_say_why_not() {
        let cube = puzzle();
        assert_eq!(right_cells(Judge::CheckToDoubleThreat, &cube), [22]);
        assert_eq!(
            verdict(Judge::CheckToDoubleThreat, &cube, "cell 22"),
            Verdict::Right
        );
        // 3 is a check, but O's forced 48 makes O's own three 48-49-50.
        let Verdict::Wrong(Some(why)) = verdict(Judge::CheckToDoubleThreat, &cube, "3") else {
            panic!("3 is judged wrong with a reason");
        };
        assert!(
            why.contains("O must answer 48") && why.contains("threatening 51"),
            "{why}"
        );
        // 15 is a check whose reply leaves no double threat.
        let Verdict::Wrong(Some(why)) = verdict(Judge::CheckToDoubleThreat, &cube, "15") else {
            panic!("15 is judged wrong with a reason");
        };
        assert!(why.contains("no cell lets X threaten twice"), "{why}");
        let Verdict::Wrong(Some(why)) = verdict(Judge::CheckToDoubleThreat, &cube, "2") else {
            panic!("2 is judged wrong with a reason");
        };
        assert!(why.contains("2 is no check"), "{why}");
        let Verdict::Wrong(Some(why)) = verdict(Judge::CheckToDoubleThreat, &cube, "4") else {
            panic!("4 is judged wrong with a reason");
        };
        assert_eq!(why, "4 is taken.");
        assert_eq!(
            verdict(Judge::CheckToDoubleThreat, &cube, "d4"),
            Verdict::Wrong(None)
        );
        assert_eq!(shown(Judge::CheckToDoubleThreat, &cube), "22");
    }

    #[test]
    fn after_the_check_and_its_reply_the_double_threat_is_right() {
        let mut cube = puzzle();
        cube.play(CubeCell(22)).unwrap();
        cube.play(CubeCell(26)).unwrap();
        assert_eq!(right_cells(Judge::DoubleThreat, &cube), [3]);
        let Verdict::Wrong(Some(why)) = verdict(Judge::DoubleThreat, &cube, "41") else {
            panic!("41 is judged wrong with a reason");
        };
        assert!(why.contains("threatens only once, at 3"), "{why}");
    }

    #[test]
    fn a_position_of_another_game_cannot_be_judged() {
        let why = position(&["classic".to_string()], "X........").unwrap_err();
        assert!(why.contains("cube game"), "{why}");
        assert!(position(&["qubic".to_string()], "X..").is_err());
    }
}
