//! The hints of a lesson's step: the next one `hint` shows (passing over a hint to
//! start a game while one is going), and whether the learner just tried what the next
//! one quotes.

use super::{Course, LessonEvent};

impl Course {
    /// `hint`: the next hint of the exercise or question. `in_game`: a game waits for
    /// the learner's move, so the last hint also says how to ask an AI instead.
    pub fn hint(&mut self, in_game: Option<&dyn crate::game::AnyGame>) -> Vec<LessonEvent> {
        let Some(active) = self.active.as_mut() else {
            return Course::no_lesson();
        };
        let hints = self.lessons[active.lesson].steps[active.step].hints();
        if hints.is_empty() {
            return vec![LessonEvent::NoHints];
        }
        // A hint to start a game no longer applies once one is going: the next hint
        // that does is shown (the last one again when none is left).
        let applies =
            |index: &usize| in_game.is_none_or(|game| !starts_a_game(&hints[*index], game));
        let from = active.hints_shown.min(hints.len() - 1);
        let number = (from..hints.len())
            .find(applies)
            .or_else(|| (0..hints.len()).rev().find(applies))
            .unwrap_or(from);
        active.hints_shown = number + 1;
        // Numbered among the hints that apply, so that the first one shown in a game
        // is not "2 of 2"; a hint shown though none applies counts as one of them.
        let shown_before = (0..number).filter(applies).count();
        let of = (0..hints.len())
            .filter(applies)
            .count()
            .max(shown_before + 1);
        // No hint left that applies: the one shown says which of its commands to leave
        // out, rather than telling the learner to start the game that is going.
        let text = if applies(&number) {
            hints[number].clone()
        } else {
            going_on(&hints[number], in_game)
        };
        vec![LessonEvent::Hint {
            text,
            number: shown_before + 1,
            of,
            // Not where the hint names an AI to ask itself (lesson 11's `hint perfect`):
            // a second name would contradict it.
            ask_an_ai: in_game
                .filter(|_| number + 1 == hints.len() && !names_an_ai(&hints[number]))
                .and_then(crate::players::default_hint)
                .map(|choice| choice.to_string()),
        }]
    }

    /// True when the hint that `hint` would give next quotes `line` itself (as the same
    /// command): the learner just tried it, and its refusal says why it failed.
    pub(super) fn next_hint_quotes(&self, line: &str) -> bool {
        let (Some(active), Some(step)) = (self.active.as_ref(), self.current_step()) else {
            return false;
        };
        let hints = step.hints();
        let Some(next) = hints.get(active.hints_shown.min(hints.len().saturating_sub(1))) else {
            return false;
        };
        let Ok(tried) = crate::app::command::parse(line) else {
            return false;
        };
        crate::lesson::quotes(next)
            .iter()
            .any(|quoted| crate::app::command::parse(quoted).as_ref() == Ok(&tried))
    }
}

/// True when `hint` quotes a `hint NAME` of its own (its quotes are glued with no-break
/// spaces when the lesson is read).
fn names_an_ai(hint: &str) -> bool {
    crate::lesson::quotes(hint)
        .iter()
        .any(|quoted| quoted.split_whitespace().next() == Some("hint") && quoted.len() > 4)
}

/// A hint that starts a game, said while one is going: what it quotes that still
/// applies, the moves that are moves here (`dv` after `variant gravity circular`, `1`)
/// and the commands that start or set up nothing (`board 1`, `hint mcts 2000`); where
/// nothing does, the hint with a word to leave out what starts the game.
fn going_on(hint: &str, in_game: Option<&dyn crate::game::AnyGame>) -> String {
    use crate::app::Command;
    let quoted = crate::lesson::quotes(hint);
    let is_move = |line: &str| in_game.is_some_and(|game| game.check_move(line).is_ok());
    let moves: Vec<String> = quoted
        .iter()
        .filter(|line| is_move(line))
        .map(|line| format!("`{line}`"))
        .collect();
    let commands: Vec<String> = quoted
        .iter()
        .filter(|line| !is_move(line))
        .filter(|line| {
            crate::app::command::parse(line).is_ok_and(|command| {
                !matches!(
                    command,
                    Command::Play(_)
                        | Command::PlayVs(..)
                        | Command::Variant(_)
                        | Command::Side(_)
                        | Command::Against(_)
                )
            })
        })
        .map(|line| format!("`{line}`"))
        .collect();
    let mut said = Vec::new();
    if !moves.is_empty() {
        said.push(format!(
            "play on, with a move such as {}",
            moves.join(" or ")
        ));
    }
    if !commands.is_empty() {
        said.push(format!("type {}", commands.join(", then ")));
    }
    if said.is_empty() {
        return format!("Your game is already going, so leave out what starts one. {hint}");
    }
    format!("Your game is already going: {}.", said.join(", and "))
}

/// True when `hint` quotes a line that starts games (a bare number, `play N`) and is not
/// a move of `game`, where a number may be one.
fn starts_a_game(hint: &str, game: &dyn crate::game::AnyGame) -> bool {
    crate::lesson::quotes(hint).iter().any(|quoted| {
        matches!(
            crate::app::command::parse(quoted),
            Ok(crate::app::Command::Play(_) | crate::app::Command::PlayVs(..))
        ) && game.check_move(quoted).is_err()
    })
}
