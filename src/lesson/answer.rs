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
    /// A cell: its name (`RR`, `a3`), alone or among words, or a 3x3 place (`the centre`).
    Cell,
}

/// The table: each kind's YAML name and what it reads, for the docs and errors.
pub const KINDS: [(Kind, &str, &str); 6] = [
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
    (Kind::Cell, "cell", "its name, or a place: the centre, MM"),
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
    #[serde(default)]
    cell: Option<String>,
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
            (Kind::Cell, self.cell.clone()),
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
        if read(*kind, value, None, &[]).is_none() {
            return Err(format!("\"{value}\" is not an answer of its kind"));
        }
        Ok((*kind, value.clone()))
    }

    /// True when `given` reads as this answer.
    pub fn accepts(&self, given: &str) -> bool {
        self.accepts_counting(given, &[])
    }

    /// The same, where a number may also be counted in `counted`: the words the
    /// question counts in (`how many more stones`) and words that count anything
    /// (`kinds`).
    fn accepts_counting(&self, given: &str, counted: &[String]) -> bool {
        let Ok((kind, value)) = self.kind() else {
            return false;
        };
        let unit = self.unit.as_deref();
        read(kind, given, unit, counted)
            .is_some_and(|reading| Some(reading) == read(kind, &value, unit, &[]))
    }

    /// True when this is a lettered choice and `given` is its words as `question` lists
    /// them: the words before its colon, or a run of its words in order (two at least,
    /// skipping no `not` or `never`) that no other choice also holds.
    fn accepts_choice_words(&self, given: &str, question: &str) -> bool {
        let Ok((Kind::Choice, letter)) = self.kind() else {
            return false;
        };
        let letter = letter.to_lowercase();
        let Some(right) = choice_text(question, &letter) else {
            return false;
        };
        let in_another = |given: &[String]| {
            ('a'..='z')
                .map(String::from)
                .filter(|other| *other != letter)
                .filter_map(|other| choice_text(question, &other))
                .any(|other| within(given, &content(&other)))
        };
        let lead = plain(right.split(':').next().unwrap_or(&right));
        let plain_given = plain(given);
        let others_lead = ('a'..='z')
            .map(String::from)
            .filter(|other| *other != letter)
            .filter_map(|other| choice_text(question, &other))
            .any(|other| plain(other.split(':').next().unwrap_or(&other)) == plain_given);
        if !lead.is_empty() && plain_given == lead && !others_lead {
            return true;
        }
        let given = content(given);
        given.len() >= 2 && within(&given, &content(&right)) && !in_another(&given)
    }

    /// The answer as shown when a question is skipped: `O`, `a draw`, `6 beads`, `b`.
    pub fn shown(&self) -> String {
        match self.kind() {
            Ok((Kind::Winner, value))
                if read(Kind::Winner, &value, None, &[]).as_deref() == Some("draw") =>
            {
                "a draw".into()
            }
            Ok((Kind::Side | Kind::Winner, value)) => value.to_uppercase(),
            Ok((Kind::Cell, value))
                if value.len() == 2 && value.chars().all(|c| "lmrLMR".contains(c)) =>
            {
                value.to_uppercase()
            }
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
        .map(|word| match word {
            "\u{bd}" | "1/2" | "0.5" | "half" => "half".to_string(),
            word => word.to_string(),
        })
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
/// column: ...`). An answer followed by its reason (`3: corner, edge, centre`, `2, since
/// the bead stays out`) is read by the answer, unless the reason starts by doubting it
/// (`3, or 4`).
pub fn accepted(
    expected: Option<&Expected>,
    answers: &[String],
    given: &str,
    question: &str,
) -> bool {
    let counted = counted_words(question);
    let reads = |given: &str| {
        expected.is_some_and(|expected| {
            expected.accepts_counting(given, &counted)
                || expected.accepts_choice_words(given, question)
        }) || answers
            .iter()
            .any(|answer| exact_accepts(answer, given, question))
    };
    reads(given) || lead_clause(given, question).is_some_and(|lead| reads(&lead))
}

/// True when `given` reads as a lettered choice `question` lists, right or wrong: a
/// line typed while the question waits that does is an answer, not a command
/// (`against a defender who never errs`).
pub fn names_a_choice(given: &str, question: &str) -> bool {
    let given = content(given);
    given.len() >= 2
        && ('a'..='z')
            .filter_map(|letter| choice_text(question, &letter.to_string()))
            .any(|choice| within(&given, &content(&choice)))
}

/// Words that doubt what comes before them: a reason starting with one is no reason.
const DOUBTS: [&str; 10] = [
    "or", "not", "no", "maybe", "perhaps", "but", "unless", "either", "nor", "though",
];

/// Words that deny: skipping one turns a choice's words into their opposite.
const DENIALS: [&str; 9] = [
    "not", "no", "never", "cannot", "can't", "nothing", "none", "without", "nobody",
];

/// The answer before its reason: before `: `, `, `, `; `, ` (`, ` - `, ` since ` or
/// ` because `; `None` if there is no reason, or it starts with a doubt or names the
/// question's other alternative (`more, fewer` for `more boxes, or fewer?`).
fn lead_clause(given: &str, question: &str) -> Option<String> {
    let lower = given.to_lowercase();
    let cut = [": ", ", ", "; ", " (", " - ", " since ", " because "]
        .iter()
        .filter_map(|mark| lower.find(mark).map(|at| (at, mark.len())))
        .min()?;
    let reason = words(&lower[cut.0 + cut.1..]);
    let others = alternatives(question);
    let doubted = reason
        .first()
        .is_some_and(|word| DOUBTS.contains(&word.as_str()))
        || reason.iter().any(|word| others.contains(word));
    (!doubted && cut.0 > 0).then(|| given[..cut.0].to_string())
}

/// The words a question counts in: those after `how many`, up to its verb (`how many
/// more stones than` gives `more stones`), and words that count anything.
fn counted_words(question: &str) -> Vec<String> {
    const VERBS: [&str; 16] = [
        "does", "do", "did", "can", "could", "would", "will", "is", "are", "has", "have", "had",
        "than", "there", "in", "on",
    ];
    let lower = question.to_lowercase();
    let all: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|word| !word.is_empty())
        .collect();
    let mut counted: Vec<String> = [
        "kinds",
        "types",
        "sorts",
        "classes",
        "different",
        "distinct",
        "of",
        "number",
    ]
    .map(String::from)
    .to_vec();
    for at in 0..all.len().saturating_sub(1) {
        if all[at] == "how" && all[at + 1] == "many" {
            counted.extend(
                all[at + 2..]
                    .iter()
                    .take_while(|word| !VERBS.contains(word))
                    .take(3)
                    .map(|word| word.to_string()),
            );
        }
    }
    counted
}

/// True when exact answer `answer` answers: the same words, or those words among
/// words the question itself uses or verbs that echo it (`it made more` for `more`), with
/// no doubt, denial or the question's other alternative (`or fewer`) among them.
fn exact_accepts(answer: &str, given: &str, question: &str) -> bool {
    if plain(answer) == plain(given) {
        return true;
    }
    const ECHOES: [&str; 12] = [
        "made", "make", "makes", "did", "does", "do", "has", "have", "had", "got", "gets", "get",
    ];
    let answer = words(answer);
    let given = words(given);
    let asked = words(&question.replace(['?', '(', ')'], " "));
    let alternatives = alternatives(question);
    let Some(at) =
        (0..given.len()).find(|at| !answer.is_empty() && given[*at..].starts_with(&answer))
    else {
        return false;
    };
    let rest = given[..at].iter().chain(&given[at + answer.len()..]);
    rest.into_iter().all(|word| {
        !DOUBTS.contains(&word.as_str())
            && !DENIALS.contains(&word.as_str())
            && !alternatives.contains(word)
            && (ECHOES.contains(&word.as_str()) || asked.contains(word))
    })
}

/// The words a question offers after `or` (`more boxes, or fewer?` offers `fewer`).
fn alternatives(question: &str) -> Vec<String> {
    words(&question.replace(['?', '(', ')'], " "))
        .windows(2)
        .filter(|pair| pair[0] == "or")
        .map(|pair| pair[1].clone())
        .collect()
}

/// A choice's or an answer's words that carry its meaning: no filler, no joining word.
fn content(text: &str) -> Vec<String> {
    const JOINING: [&str; 10] = [
        "because", "since", "so", "and", "that", "which", "of", "to", "point", "points",
    ];
    words(&text.replace([':', ';', '(', ')'], " "))
        .into_iter()
        .filter(|word| !JOINING.contains(&word.as_str()))
        .collect()
}

/// True when `given`'s words are `choice`'s in the same order, skipping no denial
/// between them or just before them.
fn within(given: &[String], choice: &[String]) -> bool {
    let denial = |word: &String| DENIALS.contains(&word.as_str());
    let mut at = 0;
    for (index, word) in given.iter().enumerate() {
        loop {
            let Some(next) = choice.get(at) else {
                return false;
            };
            at += 1;
            if next == word {
                if index == 0 && at >= 2 && denial(&choice[at - 2]) {
                    return false;
                }
                break;
            }
            if index > 0 && denial(next) {
                return false;
            }
        }
    }
    !given.is_empty()
}

/// The text of choice `letter` as `question` lists it (`b) four along a diagonal,
/// ...`), with the lines it continues on, or `None` if there is no such choice.
fn choice_text(question: &str, letter: &str) -> Option<String> {
    let opening = format!("{letter})");
    let mut lines = question.lines();
    let first = lines.find_map(|line| line.trim_start().strip_prefix(&opening))?;
    let mut text = first.trim().to_string();
    for line in lines {
        let line = line.trim();
        let next_choice =
            line.len() > 1 && line.as_bytes()[1] == b')' && line.as_bytes()[0].is_ascii_lowercase();
        if line.is_empty() || next_choice {
            break;
        }
        text.push(' ');
        text.push_str(line);
    }
    Some(text).filter(|text| !text.is_empty())
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
fn read(kind: Kind, text: &str, unit: Option<&str>, counted: &[String]) -> Option<String> {
    let words = words(text);
    let joined = words.join(" ");
    let side = |said: &str| match said {
        "x" | "first" | "first one" | "cross" | "crosses" => Some("x".to_string()),
        "o" | "second" | "second one" | "nought" | "noughts" => Some("o".to_string()),
        _ => None,
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
        Kind::Cell => cell_named(&words),
        Kind::Number => {
            if let Some(zero) = zero_said(&words, unit, counted) {
                return Some(zero);
            }
            // One number, with what it counts around it: `6 beads`, `4 marks`, `cell 3`,
            // `one empty cell`, `one stone more`. A word that changes the number
            // (`not`, `more than`, `about`) or a second number makes it no answer.
            let at = words.iter().position(|word| number_of(word).is_some())?;
            let (before, after) = (&words[..at], &words[at + 1..]);
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

/// Words around a result that say nothing more: `it always ends in a draw` is `draw`.
const ENDINGS: [&str; 13] = [
    "always", "ends", "end", "in", "with", "best", "perfect", "play", "game", "result", "be",
    "would", "will",
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
    fn a_cell_is_its_name_among_words_or_its_place_on_a_3x3_board() {
        let centre = expected("{cell: MM}");
        let question = "Which cell does minimax play there? (Two letters.)";
        for given in [
            "mm",
            "MM",
            "the centre",
            "MM, the centre",
            "the middle",
            "(MM)",
        ] {
            assert!(accepted(Some(&centre), &[], given, question), "{given}");
        }
        for given in [
            "not the centre",
            "MM or LL",
            "LL",
            "the top centre",
            "corner",
            "",
        ] {
            assert!(!accepted(Some(&centre), &[], given, question), "{given}");
        }
        let corner = expected("{cell: RR}");
        accepts_all(
            &corner,
            &["the bottom right, RR", "RR (10011)", "bottom-right"],
        );
        refuses_all(&corner, &["the top right, RR", "RL", "bottom left"]);
        assert_eq!(corner.shown(), "RR");
        let algebraic = expected("{cell: a3}");
        accepts_all(&algebraic, &["a3", "A3", "at a3"]);
        refuses_all(&algebraic, &["a4", "a3 or a4"]);
    }

    #[test]
    fn an_answer_followed_by_its_reason_is_read_by_the_answer() {
        let three = expected("{number: 3}");
        let question = "Up to symmetry, how many different first moves are there?";
        for given in ["three: corner, edge, centre", "3 (corner, edge, centre)"] {
            assert!(accepted(Some(&three), &[], given, question), "{given}");
        }
        for given in ["3, or 4", "4: corner, edge, centre", "three, not four"] {
            assert!(!accepted(Some(&three), &[], given, question), "{given}");
        }
        let two = expected("{number: 2, unit: beads}");
        let question = "And if MENACE had lost that game, how many MM beads would be left?";
        assert!(accepted(
            Some(&two),
            &[],
            "2, since the bead stays out",
            question
        ));
        assert!(!accepted(
            Some(&two),
            &[],
            "3, since the bead stays out",
            question
        ));
    }

    #[test]
    fn a_draw_said_with_always_or_ends_in_is_a_draw_and_never_a_draw_is_not() {
        let draw = expected("{winner: draw}");
        accepts_all(
            &draw,
            &[
                "it always ends in a draw",
                "always a draw",
                "a draw with best play",
            ],
        );
        refuses_all(
            &draw,
            &["never a draw", "not a draw", "it always ends in a win"],
        );
    }

    #[test]
    fn a_number_takes_what_the_question_counts_and_zero_said_as_a_denial() {
        let stone = expected("{number: 1, unit: stone}");
        let question = "how many more stones than the opponent does the player have?";
        for given in ["one stone more", "1 more stone", "one more"] {
            assert!(accepted(Some(&stone), &[], given, question), "{given}");
        }
        for given in ["two stones more", "one stone less", "not one stone more"] {
            assert!(!accepted(Some(&stone), &[], given, question), "{given}");
        }
        let replies = expected("{number: 12, unit: replies}");
        let question = "Up to symmetry, how many different replies has O?";
        for given in ["12 kinds", "12 kinds of reply", "twelve different replies"] {
            assert!(accepted(Some(&replies), &[], given, question), "{given}");
        }
        assert!(!accepted(Some(&replies), &[], "12 cells", question));
        let cell = expected("{number: 3, unit: cell}");
        let question = "Which cell now threatens twice at once? (a cell number)";
        for given in ["3", "cell 3", "cell number 3"] {
            assert!(accepted(Some(&cell), &[], given, question), "{given}");
        }
        assert!(!accepted(Some(&cell), &[], "cell 22", question));
        let none = expected("{number: 0, unit: games}");
        let question = "How many games can MENACE ever win against the teacher?";
        for given in ["not a single one", "not one", "not a single game", "none"] {
            assert!(accepted(Some(&none), &[], given, question), "{given}");
        }
        for given in ["not two", "not none", "one"] {
            assert!(!accepted(Some(&none), &[], given, question), "{given}");
        }
    }

    #[test]
    fn a_choice_is_a_run_of_its_words_that_no_other_choice_holds() {
        let question = "When can a colour be drawn again?\n\n  a) after MENACE's next loss in \
                        that box\n  b) only when the whole box runs empty and is\n     refilled \
                        with random beads\n  c) never: MENACE forgets that move for good\n";
        let b = expected("{choice: b}");
        for given in [
            "only when the box runs empty",
            "only when the whole box runs empty",
            "when it is refilled with random beads",
        ] {
            assert!(accepted(Some(&b), &[], given, question), "{given}");
            assert!(names_a_choice(given, question), "{given}");
        }
        for given in [
            "box",
            "after the box runs empty",
            "MENACE forgets that move",
        ] {
            assert!(!accepted(Some(&b), &[], given, question), "{given}");
        }
        let question = "Why not?\n  a) perfect never makes a mistake, and with best play\n     \
                        the game is a draw\n  b) MENACE has too few boxes\n";
        let a = expected("{choice: a}");
        assert!(accepted(
            Some(&a),
            &[],
            "perfect never makes a mistake",
            question
        ));
        assert!(!accepted(
            Some(&a),
            &[],
            "perfect makes a mistake",
            question
        ));
        let question = "What does perfect play give?\n  a) X wins 1 to 0\n  b) X wins 1 to \u{bd}\n  \
                        c) a draw\n  d) O wins\n";
        for given in [
            "X wins 1 to a half",
            "X wins 1 to 1/2",
            "1 to \u{bd}",
            "1 to a half",
        ] {
            assert!(accepted(Some(&b), &[], given, question), "{given}");
        }
        for given in ["X wins 1 to 0", "O wins 1 to a half", "X wins"] {
            assert!(!accepted(Some(&b), &[], given, question), "{given}");
        }
    }

    #[test]
    fn an_exact_answer_may_echo_the_questions_words_but_not_its_other_alternative() {
        let answers = ["more".to_string(), "more boxes".to_string()];
        let question = "Against random play, did MENACE make more boxes than against perfect \
                        play, or fewer?";
        for given in [
            "it made more",
            "more boxes than against perfect play",
            "More.",
        ] {
            assert!(accepted(None, &answers, given, question), "{given}");
        }
        for given in [
            "fewer",
            "more or fewer",
            "more, fewer",
            "not more",
            "made fewer",
        ] {
            assert!(!accepted(None, &answers, given, question), "{given}");
        }
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
