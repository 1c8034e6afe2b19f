//! A lesson's facts: a figure or a result the program computes (a value, a count, who
//! wins, what `solve` answers) stated in a step's words, with the commands that show it.
//! `menace lessons --check` runs the commands in a fresh session of the lesson, matches
//! what they print against `shows`, and finds the figures it caught in the step's own
//! words, so that a text the program no longer agrees with fails the check (as rustlings'
//! `dev check` keeps its exercises honest).
//!
//! ```yaml
//! facts:
//!   - run: ["variant cube misere", "solve"]
//!     shows: "the player to move {}"      # `{}` catches one figure of the output
//!     says: "the first player {}"         # the step's words hold it, with that figure
//! ```
//!
//! Matching is word by word, whitespace and case aside (the output is wrapped at 79
//! columns, the prose at 78): `shows`'s words must follow each other in the output of
//! the last `run` line, its first word may end an output word and its last begin one (so
//! a sentence's full stop or a bracket never matters), and a `{}` inside a word catches
//! what stands there; a `{_}` standing alone passes over one word of the output, which the
//! step does not state (`{_}:` one that ends with a colon). Without `says`, every figure
//! caught must stand as a word in the step's words.

use serde::Deserialize;

/// One fact of a step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    /// The commands that show it, run in order in a fresh session of the lesson.
    #[serde(deserialize_with = "one_or_many")]
    pub run: Vec<String>,
    /// What the last command must print; `{}` catches a figure.
    pub shows: String,
    /// The words of the step that state it, `{}` standing for the figures caught in
    /// order; without it, each figure must appear in the step's words.
    #[serde(default)]
    pub says: Option<String>,
}

/// `run: "solve"` or `run: ["variant cube", "solve"]`.
fn one_or_many<'de, D: serde::Deserializer<'de>>(reader: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Lines {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Lines::deserialize(reader)? {
        Lines::One(line) => vec![line],
        Lines::Many(lines) => lines,
    })
}

/// What stands for a figure in `shows` and `says`.
const FIGURE: &str = "{}";

/// What stands, in `shows`, for a word of the output that the step does not state (a
/// column of a table between the figure and the words before it).
const SKIP: &str = "{_}";

impl Fact {
    /// Checks the fact's form when the lesson is loaded.
    pub fn validate(&self) -> Result<(), String> {
        if self.run.is_empty() || self.run.iter().any(|line| line.trim().is_empty()) {
            return Err("a fact needs the commands that show it (run)".into());
        }
        if words(&self.shows).is_empty() {
            return Err("a fact needs what its command shows (shows)".into());
        }
        if words(&self.shows)
            .iter()
            .any(|word| word.matches(FIGURE).count() > 1)
        {
            return Err(format!(
                "the fact's shows \"{}\" has two figures in one word",
                self.shows
            ));
        }
        let caught = self.shows.matches(FIGURE).count();
        if let Some(says) = &self.says {
            if words(says).is_empty() {
                return Err("the fact's says is empty".into());
            }
            if says.matches(FIGURE).count() != caught {
                return Err(format!(
                    "the fact's says \"{says}\" names {} figures, its shows catches {caught}",
                    says.matches(FIGURE).count()
                ));
            }
        }
        Ok(())
    }

    /// Checks the fact against `output` (what its last command printed) and `prose` (the
    /// step's words): `Err` says what no longer matches. `Ok` holds the phrases of the
    /// step's words the fact checked (its `says` with the figures put in, or each figure
    /// caught), which account for the figures they hold (see [`super::figures`]).
    pub fn check(&self, output: &str, prose: &[&str]) -> Result<Vec<String>, String> {
        let command = self.run.join(", ");
        let Some(figures) = find(&self.shows, output) else {
            return Err(format!(
                "the fact \"{}\" is not what `{command}` shows now:\n{}",
                self.shows,
                output.trim_end()
            ));
        };
        let prose: Vec<String> = prose.iter().flat_map(|text| words(text)).collect();
        match &self.says {
            Some(says) => {
                let mut stated = says.clone();
                for figure in &figures {
                    stated = stated.replacen(FIGURE, figure, 1);
                }
                if !contains(&prose, &words(&stated)) {
                    return Err(format!(
                        "`{command}` shows \"{}\", but the step does not say \"{stated}\"",
                        fill(&self.shows, &figures)
                    ));
                }
                Ok(vec![stated])
            }
            None => {
                for figure in &figures {
                    let stated = words(figure);
                    if !contains(&prose, &stated) {
                        return Err(format!(
                            "`{command}` shows \"{}\", but the step does not say {figure}",
                            fill(&self.shows, &figures)
                        ));
                    }
                }
                Ok(figures)
            }
        }
    }
}

/// `pattern` with its figures put in.
fn fill(pattern: &str, figures: &[String]) -> String {
    let mut filled = pattern.to_string();
    for figure in figures {
        filled = filled.replacen(FIGURE, figure, 1);
    }
    filled
}

/// The words of `text`, lower case, numbers without their thousands separators (so
/// "2,136" in a step's words states the "2136" a listing prints, and the other way).
pub(super) fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(plain_word).collect()
}

/// `word` in lower case, with each comma that separates thousands (a digit before it,
/// exactly three digits after it) left out.
pub(super) fn plain_word(word: &str) -> String {
    let characters: Vec<char> = word.to_lowercase().chars().collect();
    let digit = |at: usize| characters.get(at).is_some_and(char::is_ascii_digit);
    characters
        .iter()
        .enumerate()
        .filter(|(at, character)| {
            !(**character == ','
                && *at > 0
                && digit(at - 1)
                && (1..=3).all(|ahead| digit(at + ahead))
                && !digit(at + 4))
        })
        .map(|(_, character)| *character)
        .collect()
}

/// Punctuation a sentence puts after a word, which a stated figure leaves out.
fn trim_figure(word: &str) -> &str {
    word.trim_end_matches(['.', ',', ';', ':', '!', '?', ')'])
}

/// True when `prose` holds `stated` as consecutive words (punctuation around the phrase
/// aside).
fn contains(prose: &[String], stated: &[String]) -> bool {
    stated.is_empty() || matches(prose, stated).is_some()
}

/// Where `wanted` matches consecutive `words`: the index of each first word, as
/// [`matches`] matches them.
pub(super) fn places(words: &[String], wanted: &[String]) -> Vec<usize> {
    if wanted.is_empty() || words.len() < wanted.len() {
        return Vec::new();
    }
    (0..=words.len() - wanted.len())
        .filter(|start| matches(&words[*start..*start + wanted.len()], wanted).is_some())
        .collect()
}

/// Finds `pattern` in `output`: the figures it caught, in order, or `None`.
fn find(pattern: &str, output: &str) -> Option<Vec<String>> {
    matches(&words(output), &words(pattern))
}

/// The first place where `wanted` matches consecutive `words`, with the figures caught.
fn matches(words: &[String], wanted: &[String]) -> Option<Vec<String>> {
    if wanted.is_empty() || words.len() < wanted.len() {
        return None;
    }
    let last = wanted.len() - 1;
    words.windows(wanted.len()).find_map(|window| {
        let mut figures = Vec::new();
        for (at, (word, want)) in window.iter().zip(wanted).enumerate() {
            figures.extend(match_word(word, want, at == 0, at == last)?);
        }
        Some(figures)
    })
}

fn is_word_char(character: char) -> bool {
    character.is_alphanumeric() || character == '½'
}

/// Matches one word of a pattern against one of the text: whole, or, for the first
/// word of the pattern, after punctuation that opens the text's word, and for the last,
/// before punctuation that closes it. `Some` holds the figure caught, if any.
fn match_word(word: &str, want: &str, at_start: bool, at_end: bool) -> Option<Option<String>> {
    // `{_}` passes over a word; `{_}:` over one that ends so.
    if let Some(tail) = want.strip_prefix(SKIP) {
        return (word.len() > tail.len() && word.ends_with(tail)).then_some(None);
    }
    let starts: Vec<usize> = if at_start {
        word.char_indices()
            .map(|(index, _)| index)
            .filter(|index| *index == 0 || !word[..*index].ends_with(is_word_char))
            .collect()
    } else {
        vec![0]
    };
    // What follows the match must be nothing, or, at the end, no letter or digit.
    let closes = |tail: &str| tail.is_empty() || (at_end && !tail.starts_with(is_word_char));
    for start in starts {
        let rest = &word[start..];
        match want.split_once(FIGURE) {
            None => {
                if let Some(tail) = rest.strip_prefix(want)
                    && closes(tail)
                {
                    return Some(None);
                }
            }
            Some((before, after)) => {
                let Some(inner) = rest.strip_prefix(before) else {
                    continue;
                };
                if after.is_empty() {
                    let figure = trim_figure(inner);
                    if !figure.is_empty() {
                        return Some(Some(figure.to_string()));
                    }
                    continue;
                }
                let found = inner
                    .char_indices()
                    .skip(1)
                    .map(|(index, _)| index)
                    .find(|index| inner[*index..].strip_prefix(after).is_some_and(closes));
                if let Some(index) = found {
                    return Some(Some(inner[..index].to_string()));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_separators_are_left_out_of_numbers_only() {
        assert_eq!(plain_word("2,136"), "2136");
        assert_eq!(plain_word("1,000,000."), "1000000.");
        assert_eq!(plain_word("(1,2)"), "(1,2)");
        assert_eq!(plain_word("12,3456"), "12,3456");
        assert_eq!(plain_word("x,123"), "x,123");
        assert_eq!(words("All 2,136 Beads"), ["all", "2136", "beads"]);
    }

    fn fact(shows: &str, says: Option<&str>) -> Fact {
        Fact {
            run: vec!["solve".into()],
            shows: shows.into(),
            says: says.map(str::to_string),
        }
    }

    const SOLVED: &str = "cube misere: with perfect play the player to move wins. A best\nmove: 2MM.\n(the centre-and-mirror strategy, checked against every reply, 81,352 positions,\n58 ms)\n";

    #[test]
    fn figures_are_caught_across_line_breaks_and_without_their_full_stop() {
        assert_eq!(
            find("the player to move {}", SOLVED),
            Some(vec!["wins".to_string()])
        );
        assert_eq!(
            find("A best move: {}", SOLVED),
            Some(vec!["2mm".to_string()])
        );
        assert_eq!(
            find("every reply, {} positions", SOLVED),
            // Caught without its thousands separator, as a step's words are read.
            Some(vec!["81352".to_string()])
        );
        assert_eq!(find("the player to move loses", SOLVED), None);
        assert_eq!(find("misere: with", SOLVED), Some(vec![]));
    }

    #[test]
    fn a_figure_inside_a_word_is_caught_between_its_letters() {
        assert_eq!(
            find("drew {}% of", "MENACE drew 93% of the last tenth"),
            Some(vec!["93".to_string()])
        );
        assert_eq!(
            find("({} ms)", "(alpha-beta, 1,652 positions, 0 ms)"),
            None,
            "a figure must stand where the pattern puts it"
        );
    }

    #[test]
    fn a_skipped_word_is_passed_over_and_not_caught() {
        const TABLE: &str = "  all  2000  589  29.4%  1370  68.5%  41  2.0%\n";
        assert_eq!(
            find("all 2000 {_} {_} {_} {_} {} {}%", TABLE),
            Some(vec!["41".to_string(), "2.0".to_string()])
        );
        // It stands for exactly one word.
        assert_eq!(
            find("all 2000 {_} {_} {_} {}", TABLE),
            Some(vec!["68.5%".to_string()])
        );
        assert_eq!(find("all 2001 {_} {}", TABLE), None);
        // Followed by punctuation, it passes over a word that ends with it.
        const BOX: &str = "Box 1 of 289: ........X (MENACE's 1st move, 8 beads)";
        assert_eq!(
            find("Box {} of {_}: ........X", BOX),
            Some(vec!["1".to_string()])
        );
        assert_eq!(find("Box {} of {_}; ........X", BOX), None);
        assert_eq!(find("Box {} of {_}: ....X....", BOX), None);
        let lost = fact("all 2000 {_} {_} {_} {_} {} {}%", Some("lost {} ({}%)"));
        assert!(lost.validate().is_ok());
        assert!(lost.check(TABLE, &["It lost 41 (2.0%)."]).is_ok());
        assert!(lost.check(TABLE, &["It lost 42 (2.0%)."]).is_err());
    }

    #[test]
    fn the_step_must_state_the_figure_the_program_shows() {
        let shown = fact("the player to move {}", Some("the first player {}"));
        assert!(
            shown
                .check(SOLVED, &["So the first player wins, whatever O does."])
                .is_ok()
        );
        let stale = shown
            .check(SOLVED, &["So the first player loses, whatever O does."])
            .unwrap_err();
        assert!(
            stale.contains("does not say \"the first player wins\""),
            "{stale}"
        );
        let bare = fact("every reply, {} positions", None);
        assert!(
            bare.check(SOLVED, &["It looks at 81,352 positions."])
                .is_ok()
        );
        assert!(
            bare.check(SOLVED, &["It looks at 81,353 positions."])
                .is_err()
        );
        // A figure is a whole word of the prose, not a piece of a bigger one.
        assert!(
            bare.check(SOLVED, &["It looks at 181,352 positions."])
                .is_err()
        );
    }

    #[test]
    fn a_result_the_program_no_longer_prints_fails_and_shows_what_it_prints() {
        let gone = fact("too big", Some("too big"));
        let why = gone.check(SOLVED, &["too big"]).unwrap_err();
        assert!(why.contains("is not what `solve` shows now"), "{why}");
        assert!(why.contains("81,352 positions"), "{why}");
    }

    #[test]
    fn a_fact_is_refused_when_its_parts_do_not_fit() {
        assert!(fact("shows {}", Some("says")).validate().is_err());
        assert!(fact("{}{}", None).validate().is_err());
        assert!(fact("  ", None).validate().is_err());
        assert!(fact("shows {}", Some("says {}")).validate().is_ok());
        let mut none = fact("x", None);
        none.run.clear();
        assert!(none.validate().is_err());
    }
}
