//! Reading one kind of answer from a learner's words: a side, a number with what it
//! counts, a cell, yes or no, a draw.

use super::*;

/// What `text` says as an answer of `kind`, in one spelling; `None` if it is not one.
/// `unit`: the number's unit, which the answer may add.
pub(super) fn read(
    kind: Kind,
    text: &str,
    unit: Option<&str>,
    counted: &[String],
) -> Option<String> {
    let words = words(text);
    let joined = words.join(" ");
    let side = |said: &str| {
        // A side with the question's own verb after it: `X chooses`, `O does`.
        let said = said
            .rsplit_once(' ')
            .filter(|(_, verb)| SIDE_VERBS.contains(verb))
            .map_or(said, |(side, _)| side);
        match said {
            "x" | "first" | "first one" | "cross" | "crosses" => Some("x".to_string()),
            "o" | "second" | "second one" | "nought" | "noughts" => Some("o".to_string()),
            _ => None,
        }
    };
    match kind {
        Kind::Side => side(&joined),
        Kind::Winner => match words
            .iter()
            .filter(|word| !ENDINGS.contains(&word.as_str()))
            .cloned()
            .collect::<Vec<_>>()
            .join(" ")
            .as_str()
        {
            "draw" | "drawn" | "draws" | "nobody" | "no one" | "neither" | "tie"
            | "neither one" | "neither side" | "to move draws" => Some("draw".into()),
            other => side(other),
        },
        // `not sure` and `no idea` say neither, though they start as a no does.
        Kind::YesNo if UNSURE.iter().any(|unsure| within_words(&words, unsure)) => None,
        // `it will not`, `can not`: the verb says yes, the word after it takes it back.
        Kind::YesNo if words.get(1).is_some_and(|word| word == "not") => Some("no".into()),
        Kind::YesNo => match words.first()?.as_str() {
            "y" | "yes" | "yeah" | "yep" | "can" | "must" | "did" | "does" | "will" | "all" => {
                Some("yes".into())
            }
            "n" | "no" | "never" | "nope" | "cannot" | "can't" | "not" | "won't" | "wont"
            | "didn't" | "doesn't" | "isn't" | "wasn't" => Some("no".into()),
            _ => None,
        },
        Kind::Cell => cell_named(&words),
        Kind::Number => {
            if let Some(zero) = zero_said(&words, unit, counted) {
                return Some(zero);
            }
            // One number, with what it counts around it: `6 beads`, `4 marks`, `cell 3`,
            // `one empty cell`, `one stone more`. A word that changes the number
            // (`not`, `more than`, `about`) or a second number makes it no answer.
            // Verbs that say a count is coming (`it needs 20`, `it brings none`) and a
            // closing `at all` say nothing of the number.
            let mut words = whole_numbers(&words);
            if words.ends_with(&["at".to_string(), "all".to_string()]) {
                words.truncate(words.len() - 2);
            }
            words.retain(|word| !COUNT_VERBS.contains(&word.as_str()));
            let at = words.iter().position(|word| number_of(word).is_some())?;
            let before = &words[..at];
            // `one more` (bead) is one: `more` just after the number, with no `than`.
            let after = match &words[at + 1..] {
                [extra, rest @ ..]
                    if matches!(extra.as_str(), "more" | "extra")
                        && rest.first().is_none_or(|word| word != "than") =>
                {
                    rest
                }
                after => after,
            };
            let value = number_of(&words[at])?;
            let counts = |word: &String| counted.iter().any(|counted| same_unit(word, counted));
            let changes = |word: &String| {
                (QUALIFIERS.contains(&word.as_str()) && !counts(word)) || number_of(word).is_some()
            };
            // A question that names its unit takes that unit (`6 boxes` is not `6
            // beads`), or what it counts in; one that does not takes whatever the
            // learner counts in.
            let is_unit = |word: &String| {
                unit.is_some_and(|unit| same_unit(word, &unit.to_lowercase())) || counts(word)
            };
            let others: Vec<&String> = before.iter().chain(after).collect();
            let fits = before.len() <= 2
                && after.len() <= 3
                && others.iter().all(|word| !changes(word))
                && (unit.is_none() || others.is_empty() || others.iter().any(|word| is_unit(word)))
                && (unit.is_none() || before.iter().all(is_unit));
            fits.then(|| value.to_string())
        }
        Kind::Choice => {
            // Not the filler-free words: `a` is a letter here.
            let lower = text.trim().trim_end_matches(['.', '!']).to_lowercase();
            let said: Vec<&str> = lower
                .split_whitespace()
                .filter(|word| !["option", "answer", "choice"].contains(word))
                .collect();
            let [said] = said.as_slice() else {
                return None;
            };
            let letter = said.trim_start_matches('(').trim_end_matches(')');
            let mut letters = letter.chars();
            match (letters.next(), letters.next()) {
                (Some(letter), None) if letter.is_ascii_lowercase() => Some(letter.to_string()),
                _ => None,
            }
        }
    }
}

/// Verbs a side may answer with: `X chooses`, `O does` (`wins` is filler already).
const SIDE_VERBS: [&str; 10] = [
    "does", "do", "chooses", "choose", "picks", "decides", "scores", "gets", "moves", "plays",
];

/// Ways of saying one does not know, which a yes-or-no reading must not take for a no.
const UNSURE: [&[&str]; 8] = [
    &["not", "sure"],
    &["not", "certain"],
    &["no", "idea"],
    &["no", "clue"],
    &["don't", "know"],
    &["do", "not", "know"],
    &["unsure"],
    &["dunno"],
];

/// True when `phrase` stands in `words` as consecutive words.
fn within_words(words: &[String], phrase: &[&str]) -> bool {
    words
        .windows(phrase.len())
        .any(|window| window.iter().zip(phrase).all(|(word, want)| word == want))
}

/// Words around a result that say nothing more: `it always ends in a draw` is `draw`.
const ENDINGS: [&str; 19] = [
    "always",
    "ends",
    "end",
    "in",
    "with",
    "best",
    "perfect",
    "play",
    "game",
    "result",
    "be",
    "would",
    "will",
    "can",
    "could",
    "for",
    "sure",
    "surely",
    "certainly",
];

/// Zero said as a denial: `not one`, `not a single one`, `not a single game`, `not any`.
fn zero_said(words: &[String], unit: Option<&str>, counted: &[String]) -> Option<String> {
    let (first, rest) = words.split_first()?;
    let counts = |word: &String| {
        unit.is_some_and(|unit| same_unit(word, &unit.to_lowercase()))
            || counted.iter().any(|counted| same_unit(word, counted))
    };
    let said: Vec<&str> = rest
        .iter()
        .filter(|word| !counts(word))
        .map(String::as_str)
        .collect();
    let zero = first == "not"
        && matches!(
            said.as_slice(),
            ["one"] | ["single"] | ["single", "one"] | ["any"]
        );
    zero.then(|| "0".to_string())
}

/// The one cell `words` name: by name (`rr`, `a3`, `(rr)`) or, on a 3x3 board, by
/// place (`centre`, `bottom right`); `None` if they name none, two, or doubt it.
fn cell_named(words: &[String]) -> Option<String> {
    let words: Vec<String> = words
        .iter()
        .flat_map(|word| word.split('-').map(str::to_string).collect::<Vec<_>>())
        .map(|word| {
            word.trim_matches(|c: char| !c.is_alphanumeric())
                .to_string()
        })
        .filter(|word| !word.is_empty())
        .collect();
    if words
        .iter()
        .any(|word| DOUBTS.contains(&word.as_str()) || DENIALS.contains(&word.as_str()))
    {
        return None;
    }
    let row = |word: &str| match word {
        "top" | "upper" => Some('l'),
        "bottom" | "lower" => Some('r'),
        _ => None,
    };
    let column = |word: &str| match word {
        "left" => Some('l'),
        "right" => Some('r'),
        _ => None,
    };
    let mut named: Vec<String> = words
        .iter()
        .filter(|word| {
            let letters: Vec<char> = word.chars().collect();
            let three = letters.len() == 2 && letters.iter().all(|c| "lmr".contains(*c));
            let algebraic = letters.len() >= 2
                && letters.len() <= 3
                && letters[0].is_ascii_lowercase()
                && letters[1..].iter().all(char::is_ascii_digit);
            three || algebraic
        })
        .cloned()
        .collect();
    let rows: Vec<char> = words.iter().filter_map(|word| row(word)).collect();
    let columns: Vec<char> = words.iter().filter_map(|word| column(word)).collect();
    match (rows.as_slice(), columns.as_slice()) {
        ([row], [column]) => named.push(format!("{row}{column}")),
        ([], []) => {}
        _ => return None,
    }
    if words
        .iter()
        .any(|word| matches!(word.as_str(), "centre" | "center" | "middle"))
    {
        if !rows.is_empty() {
            return None;
        }
        named.push("mm".into());
    }
    let first = named.first()?.clone();
    named.iter().all(|name| *name == first).then_some(first)
}

/// Verbs a number may follow that say nothing of it: `it needs 20`, `it brings none`.
const COUNT_VERBS: [&str; 22] = [
    "needs", "need", "takes", "take", "has", "have", "had", "makes", "make", "gets", "get", "got",
    "brings", "bring", "adds", "add", "gives", "give", "holds", "hold", "scores", "score",
];

/// Words that change a number rather than name what it counts: `not 4`, `more than 4`,
/// `about 4`, `4 or 5`.
const QUALIFIERS: [&str; 16] = [
    "not", "no", "never", "more", "less", "fewer", "than", "about", "around", "over", "under",
    "least", "most", "or", "nearly", "almost",
];

/// The unit, in the singular or the plural (`bead`, `beads`; `box`, `boxes`).
fn same_unit(word: &str, unit: &str) -> bool {
    let plural = |one: &str, many: &str| {
        many.strip_prefix(one)
            .is_some_and(|ending| ending == "s" || ending == "es")
    };
    word == unit || plural(word, unit) || plural(unit, word)
}

/// A number in digits (`6`, `+1`, `10000`) or in words up to twenty (`six`, `none`).
/// The words with each number said in parts made one: `1 000 000`, `a million` (the
/// `a` is filler already), `two hundred`, `3 thousand`.
fn whole_numbers(words: &[String]) -> Vec<String> {
    let scale = |word: &str| match word {
        "hundred" => Some(100),
        "thousand" => Some(1_000),
        "million" => Some(1_000_000),
        _ => None,
    };
    let group = |word: &str| word.len() == 3 && word.chars().all(|c| c.is_ascii_digit());
    let mut out: Vec<String> = Vec::new();
    for word in words {
        let last = out.last().and_then(|last| number_of(last));
        match (last, scale(word)) {
            (Some(number), Some(scale)) => {
                let Some(whole) = number.checked_mul(scale) else {
                    out.push(word.clone());
                    continue;
                };
                out.pop();
                out.push(whole.to_string());
            }
            (None, Some(scale)) => out.push(scale.to_string()),
            (Some(number), None)
                if group(word)
                    && out
                        .last()
                        .is_some_and(|last| last.chars().all(|c| c.is_ascii_digit())) =>
            {
                out.pop();
                out.push(format!("{number}{word}"));
            }
            _ => out.push(word.clone()),
        }
    }
    out
}

fn number_of(word: &str) -> Option<u64> {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    if let Some(index) = WORDS.iter().position(|name| *name == word) {
        return u64::try_from(index).ok();
    }
    match word {
        "none" | "no" | "nothing" => return Some(0),
        "single" => return Some(1),
        _ => {}
    }
    let digits = word.strip_prefix('+').unwrap_or(word);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}
