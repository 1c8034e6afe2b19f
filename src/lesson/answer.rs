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
const FILLER: [&str; 18] = [
    "the", "a", "an", "it", "is", "it's", "its", "player", "wins", "win", "won", "i", "think",
    "answer", "just", "exactly", "only", "probably",
];

/// A question's right answer, of one kind: `{side: X}`, `{winner: draw}`, `{yes_no: no}`,
/// `{number: 6, unit: beads}`, `{choice: b}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
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
        // The one choice that says the game is a draw is answered by a draw in any of
        // the words a draw is read in (`it ends in a draw`, `nobody wins`), as a
        // question whose answer is a draw is.
        let says_a_draw = |text: &str| content(text).iter().any(|word| word == "draw");
        let draw_choices = ('a'..='z')
            .filter_map(|other| choice_text(question, &other.to_string()))
            .filter(|text| says_a_draw(text))
            .count();
        if says_a_draw(&right) && draw_choices == 1 {
            let draw = Expected {
                winner: Some("draw".into()),
                ..Expected::default()
            };
            if draw.accepts_counting(given, &[]) {
                return true;
            }
        }
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

/// The answer's words, lower case, without commas, a final full stop or filler. A
/// first person alone (`I`, `I win`, `I won`, `I do`) is `you`: filler would leave
/// nothing of it.
fn words(text: &str) -> Vec<String> {
    let lower = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    let all: Vec<&str> = lower.split_whitespace().collect();
    if let [first, rest @ ..] = all.as_slice()
        && *first == "i"
        && rest.len() <= 1
        && rest
            .iter()
            .all(|word| matches!(*word, "win" | "won" | "do" | "did" | "will"))
    {
        return vec!["you".to_string()];
    }
    // An answer to "why" may start by saying it is one: `because it's a draw`.
    let first_reason = |at: usize, word: &str| at == 0 && matches!(word, "because" | "since");
    text.trim()
        .trim_end_matches(['.', '!'])
        .to_lowercase()
        .replace('\u{2019}', "'")
        .replace(',', "")
        .split_whitespace()
        .enumerate()
        .filter(|&(at, word)| !first_reason(at, word))
        .map(|(_, word)| word)
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
    // A draw is a draw however it is said, in a list of answers as in a question of
    // that kind (`nobody can win` for `draw`).
    let draw = |text: &str| read(Kind::Winner, text, None, &[]).is_some_and(|w| w == "draw");
    if draw(answer) && draw(given) {
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
    let Some((first, rest)) = given.split_first() else {
        return false;
    };
    // Every place the first word could start from (a word can recur in a choice:
    // "O may never drop ... so O can never block"), not only the first; from each, the
    // rest is matched at its earliest, which skips the fewest words.
    (0..choice.len())
        .filter(|&start| &choice[start] == first)
        .filter(|&start| start == 0 || !denial(&choice[start - 1]))
        .any(|start| {
            let mut at = start + 1;
            rest.iter().all(|word| {
                loop {
                    let Some(next) = choice.get(at) else {
                        return false;
                    };
                    at += 1;
                    if next == word {
                        return true;
                    }
                    if denial(next) {
                        return false;
                    }
                }
            })
        })
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

mod reading;
use reading::read;

#[cfg(test)]
mod tests;
