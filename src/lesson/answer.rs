//! How a question's answer is read: one table of question kinds, so that questions of
//! the same kind accept the same answers in every lesson. A question names its kind and
//! the right answer (`answer: {winner: draw}`), and every spelling the kind reads
//! (`draw`, `a draw`, `it's a draw`, `nobody wins`) is accepted, whichever lesson asks.
//! A question may also list exact answers (`answers: ["RR"]`), read the same way: case,
//! commas, a final full stop and filler words aside.

use serde::Deserialize;

/// The kinds of question, each with how it reads an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Which side: X (`x`, `X wins`, `first`, `the first player`) or O (`second`).
    Side,
    /// Who wins: a side, or a draw (`draw`, `a draw`, `nobody wins`, `it's a draw`).
    Winner,
    /// Yes or no, read from the first word: `y`, `yes`; `n`, `no`, `never`, `cannot`.
    YesNo,
    /// A number, in digits or words, with or without its unit (`6`, `six`, `6 beads`).
    Number,
    /// A lettered choice: `b`, `b)`, `(b)`.
    Choice,
}

/// The table: each kind's YAML name and what it reads, for the docs and errors.
pub const KINDS: [(Kind, &str, &str); 5] = [
    (Kind::Side, "side", "X or O; first or second (player) too"),
    (
        Kind::Winner,
        "winner",
        "X, O or draw; nobody, a draw, it's a draw",
    ),
    (Kind::YesNo, "yes_no", "yes or no; y, n, never, cannot"),
    (
        Kind::Number,
        "number",
        "digits or a word, with the unit or without",
    ),
    (Kind::Choice, "choice", "a letter; b) and (b) too"),
];

/// Words an answer may hold that say nothing: `the first player wins` is `first`,
/// `it's a draw` is `draw`.
const FILLER: [&str; 14] = [
    "the", "a", "an", "it", "is", "it's", "its", "player", "wins", "win", "won", "i", "think",
    "answer",
];

/// A question's right answer, of one kind: `{side: X}`, `{winner: draw}`, `{yes_no: no}`,
/// `{number: 6, unit: beads}`, `{choice: b}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    yes_no: Option<String>,
    #[serde(default)]
    number: Option<u64>,
    /// The number's unit, singular or plural (`bead`, `beads`).
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    choice: Option<String>,
}

impl Expected {
    /// The kind and the right answer as written; `Err` unless exactly one kind is named
    /// and its answer reads as that kind.
    pub fn kind(&self) -> Result<(Kind, String), String> {
        let named: Vec<(Kind, String)> = [
            (Kind::Side, self.side.clone()),
            (Kind::Winner, self.winner.clone()),
            (Kind::YesNo, self.yes_no.clone()),
            (Kind::Number, self.number.map(|number| number.to_string())),
            (Kind::Choice, self.choice.clone()),
        ]
        .into_iter()
        .filter_map(|(kind, value)| value.map(|value| (kind, value)))
        .collect();
        let [(kind, value)] = named.as_slice() else {
            return Err(format!(
                "an answer names one kind of question: {}",
                KINDS.map(|(_, name, _)| name).join(", ")
            ));
        };
        if let Some(unit) = &self.unit {
            if *kind != Kind::Number {
                return Err("only a number has a unit".into());
            }
            if unit.is_empty() || !unit.chars().all(|c| c.is_alphabetic() || c == '-') {
                return Err(format!("the unit \"{unit}\" is not one word"));
            }
        }
        if read(*kind, value, None).is_none() {
            return Err(format!("\"{value}\" is not an answer of its kind"));
        }
        Ok((*kind, value.clone()))
    }

    /// True when `given` reads as this answer.
    pub fn accepts(&self, given: &str) -> bool {
        let Ok((kind, value)) = self.kind() else {
            return false;
        };
        let unit = self.unit.as_deref();
        read(kind, given, unit).is_some_and(|reading| Some(reading) == read(kind, &value, unit))
    }

    /// True when this is a lettered choice and `given` is its words as `question` lists
    /// them (and not some other choice's too).
    fn accepts_choice_words(&self, given: &str, question: &str) -> bool {
        let Ok((Kind::Choice, letter)) = self.kind() else {
            return false;
        };
        let given = plain(given);
        let Some(right) = choice_words(question, &letter.to_lowercase()) else {
            return false;
        };
        let lead_of_another = ('a'..='z')
            .map(String::from)
            .filter(|other| *other != letter.to_lowercase())
            .filter_map(|other| choice_words(question, &other))
            .any(|other| other == given);
        !lead_of_another && given == right
    }

    /// The answer as shown when a question is skipped: `O`, `a draw`, `6 beads`, `b`.
    pub fn shown(&self) -> String {
        match self.kind() {
            Ok((Kind::Winner, value))
                if read(Kind::Winner, &value, None).as_deref() == Some("draw") =>
            {
                "a draw".into()
            }
            Ok((Kind::Side | Kind::Winner, value)) => value.to_uppercase(),
            Ok((Kind::Number, value)) => match &self.unit {
                Some(unit) => format!("{value} {unit}"),
                None => value,
            },
            Ok((_, value)) => value,
            Err(_) => String::new(),
        }
    }
}

/// The answer's words, lower case, without commas, a final full stop or filler.
fn words(text: &str) -> Vec<String> {
    text.trim()
        .trim_end_matches(['.', '!'])
        .to_lowercase()
        .replace('\u{2019}', "'")
        .replace(',', "")
        .split_whitespace()
        .filter(|word| !FILLER.contains(word))
        .map(str::to_string)
        .collect()
}

/// An exact answer as a list writes it, read: `the first player` is `first`.
pub fn plain(text: &str) -> String {
    let words = words(text);
    // A yes-or-no answer in a list takes y and n as well.
    match words.as_slice() {
        [word] if word == "y" => "yes".into(),
        [word] if word == "n" => "no".into(),
        _ => words.join(" "),
    }
}

/// True when `given` answers a question whose right answer is `expected` (of a kind)
/// or one of `answers` (exact). A lettered choice is also answered by the words of the
/// right choice as `question` lists them (`four in one column` for `a) four in one
/// column: ...`).
pub fn accepted(
    expected: Option<&Expected>,
    answers: &[String],
    given: &str,
    question: &str,
) -> bool {
    expected.is_some_and(|expected| {
        expected.accepts(given) || expected.accepts_choice_words(given, question)
    }) || answers.iter().any(|answer| plain(answer) == plain(given))
}

/// The words of choice `letter` as `question` lists it on a line of its own (`b) four
/// along a diagonal, which ...`): up to the first colon, or the line's words.
fn choice_words(question: &str, letter: &str) -> Option<String> {
    let opening = format!("{letter})");
    let line = question
        .lines()
        .find_map(|line| line.trim_start().strip_prefix(&opening))?;
    let lead = line.split(':').next().unwrap_or(line);
    Some(plain(lead)).filter(|words| !words.is_empty())
}

/// The right answer as a skipped question shows it.
pub fn shown(expected: Option<&Expected>, answers: &[String]) -> String {
    expected
        .map(Expected::shown)
        .or_else(|| answers.first().cloned())
        .unwrap_or_default()
}

/// What `text` says as an answer of `kind`, in one spelling; `None` if it is not one.
/// `unit`: the number's unit, which the answer may add.
fn read(kind: Kind, text: &str, unit: Option<&str>) -> Option<String> {
    let words = words(text);
    let joined = words.join(" ");
    let side = |said: &str| match said {
        "x" | "first" | "first one" | "cross" | "crosses" => Some("x".to_string()),
        "o" | "second" | "second one" | "nought" | "noughts" => Some("o".to_string()),
        _ => None,
    };
    match kind {
        Kind::Side => side(&joined),
        Kind::Winner => match joined.as_str() {
            "draw" | "drawn" | "nobody" | "no one" | "neither" | "tie" | "neither one" => {
                Some("draw".into())
            }
            other => side(other),
        },
        Kind::YesNo => match words.first()?.as_str() {
            "y" | "yes" | "yeah" | "yep" | "can" | "must" => Some("yes".into()),
            "n" | "no" | "never" | "nope" | "cannot" | "can't" | "not" => Some("no".into()),
            _ => None,
        },
        Kind::Number => {
            // One number, with what it counts around it: `6 beads`, `4 marks`, `cell 3`,
            // `one empty cell`, `one stone more`. A word that changes the number
            // (`not`, `more than`, `about`) or a second number makes it no answer.
            let at = words.iter().position(|word| number_of(word).is_some())?;
            let (before, after) = (&words[..at], &words[at + 1..]);
            let value = number_of(&words[at])?;
            let changes =
                |word: &String| QUALIFIERS.contains(&word.as_str()) || number_of(word).is_some();
            // A question that names its unit takes that unit (`6 boxes` is not `6
            // beads`); one that does not takes whatever the learner counts in.
            let is_unit =
                |word: &String| unit.is_some_and(|unit| same_unit(word, &unit.to_lowercase()));
            let others: Vec<&String> = before.iter().chain(after).collect();
            let fits = before.len() <= 1
                && after.len() <= 2
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
        _ => {}
    }
    let digits = word.strip_prefix('+').unwrap_or(word);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expected(yaml: &str) -> Expected {
        let expected: Expected = serde_yaml::from_str(yaml).unwrap();
        expected.kind().unwrap();
        expected
    }

    fn accepts_all(expected: &Expected, answers: &[&str]) {
        for answer in answers {
            assert!(expected.accepts(answer), "{expected:?} refuses {answer:?}");
        }
    }

    fn refuses_all(expected: &Expected, answers: &[&str]) {
        for answer in answers {
            assert!(!expected.accepts(answer), "{expected:?} accepts {answer:?}");
        }
    }

    #[test]
    fn a_side_reads_as_the_side_or_the_player_in_any_words() {
        let x = expected("{side: X}");
        accepts_all(
            &x,
            &[
                "x",
                "X",
                "X wins",
                "first",
                "the first player",
                "first player wins",
                "X.",
            ],
        );
        refuses_all(&x, &["o", "second", "X loses", "draw", "", "xo"]);
        let o = expected("{side: O}");
        accepts_all(
            &o,
            &[
                "o",
                "O wins",
                "the second player",
                "second",
                "second player",
            ],
        );
        refuses_all(&o, &["x", "first", "zero"]);
        assert_eq!(o.shown(), "O");
    }

    #[test]
    fn a_winner_is_a_side_or_a_draw() {
        let draw = expected("{winner: draw}");
        accepts_all(
            &draw,
            &[
                "draw",
                "a draw",
                "nobody wins",
                "it's a draw",
                "It\u{2019}s a draw.",
                "no one",
                "neither",
                "drawn",
            ],
        );
        refuses_all(
            &draw,
            &["x", "o wins", "the first player", "a certain draw"],
        );
        assert_eq!(draw.shown(), "a draw");
        let x = expected("{winner: x}");
        accepts_all(&x, &["X wins", "the first player"]);
        refuses_all(&x, &["draw", "o"]);
    }

    #[test]
    fn yes_and_no_are_read_from_the_first_word() {
        let no = expected("{yes_no: no}");
        accepts_all(
            &no,
            &[
                "n",
                "no",
                "No.",
                "never",
                "no it cannot",
                "it cannot",
                "no, it makes two open threes",
            ],
        );
        refuses_all(&no, &["y", "yes", "maybe", ""]);
        let yes = expected("{yes_no: yes}");
        accepts_all(&yes, &["y", "yes", "Yes, it can", "it can"]);
        refuses_all(&yes, &["n", "no", "never"]);
    }

    #[test]
    fn a_number_is_read_in_digits_or_words_with_or_without_its_unit() {
        let six = expected("{number: 6, unit: beads}");
        accepts_all(&six, &["6", "six", "6 beads", "Six beads.", "6 bead"]);
        refuses_all(&six, &["7", "6 boxes", "66", "6 beads more", "sixty"]);
        assert_eq!(six.shown(), "6 beads");
        let zero = expected("{number: 0, unit: games}");
        accepts_all(
            &zero,
            &["0", "zero", "none", "no games", "0 games", "1 game"][..5],
        );
        let one = expected("{number: 1, unit: box}");
        accepts_all(&one, &["1", "one box", "1 boxes"]);
        refuses_all(&one, &["1 boxe", "2 boxes"]);
        let big = expected("{number: 1000000}");
        accepts_all(&big, &["1000000", "1,000,000"]);
        refuses_all(&big, &["100000", "not 1000000", "about 1,000,000"]);
        // A question that names no unit takes the number with whatever it counts.
        let marks = expected("{number: 4}");
        accepts_all(&marks, &["4", "4 marks", "cell 4", "four empty cells"]);
        refuses_all(&marks, &["more than 4", "4 or 5", "not 4", "4 4"]);
        let cell = expected("{number: 1, unit: cell}");
        accepts_all(&cell, &["one empty cell", "1 cell", "cell 1"]);
        refuses_all(&cell, &["one empty box", "box 1"]);
        let plus = expected("{number: 1}");
        accepts_all(&plus, &["+1", "one", "1"]);
    }

    #[test]
    fn a_choice_is_also_its_words_as_the_question_lists_them() {
        let question = "Who wins?\n  a) you: the four is made when the mark lands\n  \
                        b) nobody: the four vanishes\n  c) your opponent\n";
        let a = expected("{choice: a}");
        let c = expected("{choice: c}");
        for given in ["a", "a)", "you", "You."] {
            assert!(accepted(Some(&a), &[], given, question), "{given}");
        }
        assert!(accepted(Some(&c), &[], "your opponent", question));
        assert!(!accepted(Some(&a), &[], "nobody", question));
        assert!(!accepted(Some(&a), &[], "your opponent", question));
        assert!(!accepted(Some(&a), &[], "you", "Who wins? a, b or c"));
    }

    #[test]
    fn a_choice_is_its_letter_with_or_without_brackets() {
        let b = expected("{choice: b}");
        accepts_all(&b, &["b", "B", "b)", "(b)", "b.", "option b"]);
        accepts_all(&expected("{choice: a}"), &["a", "a)", "A."]);
        refuses_all(&b, &["a", "c)", "bb", "b c"]);
    }

    #[test]
    fn an_answer_names_exactly_one_kind_and_reads_as_it() {
        for broken in [
            "{side: X, winner: X}",
            "{}",
            "{side: maybe}",
            "{choice: bb}",
            "{yes_no: perhaps}",
            "{side: X, unit: beads}",
        ] {
            let expected: Expected = serde_yaml::from_str(broken).unwrap();
            assert!(expected.kind().is_err(), "{broken}");
            assert!(!expected.accepts("x"));
        }
        assert!(serde_yaml::from_str::<Expected>("{colour: red}").is_err());
    }

    #[test]
    fn exact_answers_are_read_without_filler_case_or_commas() {
        assert_eq!(plain("The first player."), "first");
        assert_eq!(plain("RR"), plain("rr"));
        assert_eq!(plain("1,000,000"), "1000000");
        assert_eq!(plain("y"), plain("yes"));
        assert_ne!(plain("d4"), plain("d5"));
    }
}
