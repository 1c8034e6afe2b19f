//! Every figure a step's words hold is accounted for. A figure is a word with a digit
//! in it (304, 2,000, 90%, -10, 2MM, 4x4, ½) outside the commands quoted in backticks
//! (which `lessons --check` runs). Each must stand in a phrase the step's facts checked
//! (see [`super::facts`]), or in one the step lists:
//!
//! ```yaml
//! cites: ["in 1961", "rule 5", "a4, b3, c2, d1"]   # history, names, what to type
//! unchecked: ["3,825,356 positions"]              # computed, but no fact checks it yet
//! ```
//!
//! `cites` is for what no command computes: a date, a quotation, a page, a cell the
//! learner is told to play, a rule's number, a game's size. `unchecked` is for a figure
//! the program computes but no fact checks yet: the course's known gap, in the open, so
//! it can only shrink. A phrase is matched word by word as a fact's `says` is, and
//! accounts for every figure in every place it stands; a phrase the step's words no
//! longer hold fails, so the lists never go stale. A figure in none of them fails
//! `menace lessons --check`, naming the step and the figure.

use super::Step;
use super::facts::{places, plain_word, words};

/// True when `word` holds a figure.
fn is_figure(word: &str) -> bool {
    word.chars()
        .any(|character| character.is_ascii_digit() || character == '½')
}

/// The words of `text`, lower case, each with whether it holds a figure outside the
/// spans quoted in backticks (an unpaired last backtick quotes nothing).
fn figure_words(text: &str) -> Vec<(String, bool)> {
    let pairs = text.matches('`').count() / 2 * 2;
    let mut seen = 0;
    let mut inside = false;
    let mut found = Vec::new();
    let mut word = String::new();
    let mut outside = String::new();
    for character in text.chars() {
        if character.is_whitespace() {
            if !word.is_empty() {
                found.push((plain_word(&word), is_figure(&outside)));
                word.clear();
                outside.clear();
            }
            continue;
        }
        word.push(character);
        if character == '`' {
            seen += 1;
            inside = !inside && seen <= pairs;
        } else if !inside {
            outside.push(character);
        }
    }
    if !word.is_empty() {
        found.push((plain_word(&word), is_figure(&outside)));
    }
    found
}

/// Checks the form of a step's lists when the lesson is loaded: each phrase holds a
/// figure, or it accounts for nothing.
pub fn validate(step: &Step) -> Result<(), String> {
    for (list, phrases) in [("cites", step.cites()), ("unchecked", step.unchecked())] {
        if let Some(phrase) = phrases.iter().find(|phrase| !is_figure(phrase)) {
            return Err(format!(
                "the step's {list} \"{phrase}\" holds no figure (a word with a digit)"
            ));
        }
    }
    Ok(())
}

/// Checks that every figure of `prose` (the step's words) stands in one of `stated`
/// (the phrases the step's facts checked) or of the step's `cites` and `unchecked`,
/// and that each of those lists' phrases is still in the step's words.
pub fn audit(step: &Step, prose: &[&str], stated: &[String]) -> Result<(), String> {
    let pieces: Vec<Vec<(String, bool)>> = prose.iter().map(|text| figure_words(text)).collect();
    let plain: Vec<Vec<String>> = pieces
        .iter()
        .map(|piece| piece.iter().map(|(word, _)| word.clone()).collect())
        .collect();
    let mut covered: Vec<Vec<bool>> = plain.iter().map(|piece| vec![false; piece.len()]).collect();
    let mut cover = |phrase: &str| {
        let wanted = words(phrase);
        let mut found = false;
        for (piece, marks) in plain.iter().zip(covered.iter_mut()) {
            for start in places(piece, &wanted) {
                found = true;
                marks[start..start + wanted.len()].fill(true);
            }
        }
        found
    };
    for phrase in stated {
        cover(phrase);
    }
    for (list, phrases) in [("cites", step.cites()), ("unchecked", step.unchecked())] {
        for phrase in phrases {
            if !cover(phrase) {
                return Err(format!(
                    "the step's {list} \"{phrase}\" is not in its words any more"
                ));
            }
        }
    }
    for ((piece, marks), text) in pieces.iter().zip(&covered).zip(prose) {
        let Some(at) = (0..piece.len()).find(|at| piece[*at].1 && !marks[*at]) else {
            continue;
        };
        let raw: Vec<&str> = text.split_whitespace().collect();
        let context = raw[at.saturating_sub(4)..(at + 5).min(raw.len())].join(" ");
        return Err(format!(
            "the figure {} (in \"{context}\") is checked by no fact, and the step neither cites it (cites) nor lists it as unchecked",
            raw[at]
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(text: &str, cites: &[&str], unchecked: &[&str]) -> Step {
        Step::Text {
            text: text.into(),
            show: Vec::new(),
            position: None,
            state: Vec::new(),
            facts: Vec::new(),
            cites: cites.iter().map(|phrase| phrase.to_string()).collect(),
            unchecked: unchecked.iter().map(|phrase| phrase.to_string()).collect(),
        }
    }

    const TEXT: &str = "Michie built MENACE in 1961 from 304 boxes; type `box 1` to see one.";

    #[test]
    fn a_figure_no_fact_checks_and_no_list_names_fails_naming_it() {
        let bare = step(TEXT, &[], &[]);
        let why = audit(&bare, &[TEXT], &[]).unwrap_err();
        assert!(why.contains("the figure 1961"), "{why}");
        let cited = step(TEXT, &["in 1961"], &[]);
        let why = audit(&cited, &[TEXT], &[]).unwrap_err();
        assert!(why.contains("the figure 304"), "{why}");
        assert!(why.contains("in 1961 from 304 boxes;"), "{why}");
    }

    #[test]
    fn a_fact_a_cite_or_the_unchecked_list_accounts_for_a_figure() {
        let cited = step(TEXT, &["in 1961"], &[]);
        assert!(audit(&cited, &[TEXT], &["304 boxes".into()]).is_ok());
        let listed = step(TEXT, &["in 1961"], &["304"]);
        assert!(audit(&listed, &[TEXT], &[]).is_ok());
        // The quoted command's figure is the check's to run, not to account for.
        assert!(figure_words("`box 1`").iter().all(|(_, figure)| !figure));
        assert!(figure_words("`box` 1").iter().any(|(_, figure)| *figure));
    }

    #[test]
    fn a_phrase_the_words_no_longer_hold_fails() {
        let stale = step(TEXT, &["in 1962"], &["304"]);
        let why = audit(&stale, &[TEXT], &[]).unwrap_err();
        assert!(
            why.contains("cites \"in 1962\" is not in its words"),
            "{why}"
        );
    }

    #[test]
    fn figures_are_words_with_a_digit_or_a_half() {
        let found: Vec<String> = figure_words("2MM, a4 and 90% win ½ or two")
            .into_iter()
            .filter(|(_, figure)| *figure)
            .map(|(word, _)| word)
            .collect();
        assert_eq!(found, ["2mm,", "a4", "90%", "½"]);
        assert!(validate(&step(TEXT, &["the year"], &[])).is_err());
        assert!(validate(&step(TEXT, &["in 1961"], &[])).is_ok());
    }
}
