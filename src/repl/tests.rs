use super::*;
use rustyline::history::DefaultHistory;

fn completions(line: &str) -> Vec<String> {
    completions_with(line, &[])
}

fn completions_with(line: &str, moves: &[&str]) -> Vec<String> {
    let history = DefaultHistory::new();
    let context = Context::new(&history);
    let helper = MenaceHelper {
        moves: moves.iter().map(|m| m.to_string()).collect(),
    };
    let (_, pairs) = helper
        .complete(line, line.len(), &context)
        .expect("completion never fails");
    pairs.into_iter().map(|pair| pair.replacement).collect()
}

#[test]
fn tab_completes_commands_moves_and_presets() {
    assert_eq!(completions("sta"), ["stats"]);
    assert_eq!(completions("sa"), ["save"]);
    assert_eq!(
        completions_with("m", &["ML", "MM", "MR"]),
        ["ML", "MM", "MR"]
    );
    assert_eq!(
        completions_with("R", &["RL", "RM"]),
        ["resign", "rate", "reset", "rules", "RL", "RM"]
    );
    // In gravity the moves are columns: no classic squares are offered.
    assert_eq!(completions_with("d", &["a", "d", "e"]), ["d"]);
    assert_eq!(completions("preset mi"), ["michie"]);
    assert_eq!(completions("variant si"), ["silverman"]);
    assert_eq!(completions("against al"), ["alphabeta"]);
    assert!(completions("save x").is_empty());
}

#[test]
fn every_ai_that_help_and_completion_offer_is_a_table_row() {
    let table: Vec<&str> = crate::players::names().collect();
    for command in ["vs", "against", "opponent", "hint"] {
        let offered = completions(&format!("{command} "));
        assert_eq!(offered, table, "{command}");
        for name in &offered {
            assert!(crate::players::find(name).is_some(), "{name}");
        }
    }
    // Help's opponents: every line that starts a name starts with a row's name, and
    // every row has its line.
    let help = help::help(Palette::PLAIN);
    let section = help
        .split("Opponents (NAME)\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("help lists the opponents");
    let named: Vec<&str> = section
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| !word.starts_with('('))
        .collect();
    assert_eq!(named, table);
    assert!(
        section.lines().all(|line| line.chars().count() <= 80),
        "{section}"
    );
}

#[test]
fn echoed_lines_carry_no_control_characters() {
    assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
    assert_eq!(printable("a\u{202e}b"), "a\\u{202e}b");
    let long = "y".repeat(500);
    assert_eq!(printable(&long).chars().count(), command::MAX_LINE + 1);
}

#[test]
fn the_editor_stops_taking_characters_past_the_limit() {
    let letter = KeyEvent(KeyCode::Char('x'), Modifiers::NONE);
    let backspace = KeyEvent(KeyCode::Backspace, Modifiers::NONE);
    let short = "x".repeat(EDITOR_LINE_LIMIT - 1);
    let long = "x".repeat(EDITOR_LINE_LIMIT);
    assert!(!ignores_key(Some(&letter), &short));
    assert!(ignores_key(Some(&letter), &long));
    assert!(!ignores_key(Some(&backspace), &long));
}

#[cfg(unix)]
#[test]
fn a_history_that_is_not_a_regular_file_is_left_alone() {
    let folder = tempfile::tempdir().unwrap();
    let link = folder.path().join("history.txt");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let (input, warning) = TerminalInput::new(Some(link)).unwrap();
    assert!(input.history.is_none());
    assert!(warning.unwrap().contains("a device"));
    let (input, warning) = TerminalInput::new(Some(folder.path().join("new-history.txt"))).unwrap();
    assert!(input.history.is_some() && warning.is_none());
}

#[test]
fn piped_input_reads_lines_and_refuses_bad_ones() {
    let mut input = PipedInput::new(&b"one\r\n\xff\ntwo"[..]);
    assert_eq!(input.read_line(PROMPT), Input::Line("one".into()));
    assert!(matches!(input.read_line(PROMPT), Input::Unreadable(_)));
    assert_eq!(input.read_line(PROMPT), Input::Line("two".into()));
    assert_eq!(input.read_line(PROMPT), Input::End);
}

/// A filled paragraph never ends on a word alone when a narrower fill of the same
/// number of lines keeps two together, and what fits on one line is left as it is.
#[test]
fn a_filled_paragraph_does_not_end_on_a_lone_word() {
    let sentence =
        "Next: lesson 2: Symmetry, or why 304 boxes are enough (type lesson and its number).";
    let plain = textwrap::fill(sentence, text::words(79));
    assert_eq!(plain.lines().last(), Some("number)."), "the case: {plain}");
    let filled = text::fill(sentence, 79);
    assert_eq!(filled.lines().count(), 2, "{filled}");
    assert!(
        filled.lines().all(|line| line.chars().count() <= 79),
        "{filled}"
    );
    assert!(
        filled.lines().last().unwrap().split_whitespace().count() >= 2,
        "{filled}"
    );
    assert_eq!(text::fill("Still 5.", 79), "Still 5.");
    // Each line of the input is filled on its own.
    let two = text::fill(&format!("{sentence}\n{sentence}"), 79);
    assert_eq!(two, format!("{filled}\n{filled}"));
}
