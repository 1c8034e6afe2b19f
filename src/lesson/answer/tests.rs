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
            "X chooses",
            "X does",
        ],
    );
    refuses_all(
        &x,
        &["o", "second", "X loses", "draw", "", "xo", "O does", "does"],
    );
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
            "draws",
            "neither side wins",
            "the player to move draws",
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
    // Not knowing starts like a no, and is neither.
    refuses_all(
        &no,
        &[
            "not sure",
            "no idea",
            "I'm not sure",
            "I don't know",
            "no clue",
        ],
    );
    let yes = expected("{yes_no: yes}");
    accepts_all(&yes, &["y", "yes", "Yes, it can", "it can"]);
    refuses_all(&yes, &["n", "no", "never", "not sure"]);
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
    accepts_all(&plus, &["+1", "one", "1", "just one", "exactly 1"]);
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

#[test]
fn the_choice_that_says_a_draw_is_answered_by_a_draw_in_any_words() {
    let question = "Why not?\n\n  a) perfect never errs, and the game is a draw\n  b) too few boxes\n  c) perfect moves first\n";
    let right = expected("{choice: a}");
    for given in [
        "it ends in a draw",
        "in a draw",
        "nobody wins",
        "always a draw",
        "draws",
    ] {
        assert!(accepted(Some(&right), &[], given, question), "{given}");
    }
    let wrong = expected("{choice: b}");
    assert!(!accepted(Some(&wrong), &[], "it ends in a draw", question));
    // Two choices that both speak of a draw: a draw alone names neither.
    let both = "Which?\n\n  a) a draw at once\n  b) a draw later\n";
    assert!(!accepted(Some(&right), &[], "a draw", both));
}

#[test]
fn a_first_person_alone_is_you() {
    let question =
        "Who wins?\n\n  a) you: the four is made first\n  b) nobody\n  c) your opponent\n";
    let right = expected("{choice: a}");
    for given in ["I", "I win", "I won", "i do", "me"] {
        assert!(
            accepted(Some(&right), &["me".to_string()], given, question),
            "{given}"
        );
    }
    assert!(!accepted(Some(&right), &[], "I think b", question));
    assert!(!accepted(Some(&right), &[], "nobody", question));
}

#[test]
fn a_choice_s_own_words_match_wherever_they_start() {
    // "o" first appears before "never drop", whose "never" the match may not skip; the
    // words also stand later in the choice, after "so".
    let question = "How?\n\n  a) four in one column: O may never drop on X's mark, so O can never block the column\n  b) along a row\n";
    let right = expected("{choice: a}");
    for given in [
        "O can never block the column",
        "so O can never block the column",
    ] {
        assert!(accepted(Some(&right), &[], given, question), "{given}");
    }
    assert!(!accepted(
        Some(&right),
        &[],
        "O can block the column",
        question
    ));
}

/// "Why not?" is answered with `because ...`, and a draw in a list of exact answers is
/// read as a question about the winner reads it.
#[test]
fn a_reason_starting_with_because_and_a_draw_in_a_list_are_read_as_a_draw() {
    let question = "MENACE never beat perfect. Why not? a) it is a draw b) too few boxes";
    let answers = ["draw".to_string()];
    for given in [
        "because it's a draw",
        "because it is a draw",
        "since the game is a draw",
        "because perfect play always draws",
        "nobody can win",
        "no one can win",
        "neither side can win",
    ] {
        assert!(accepted(None, &answers, given, question), "{given}");
    }
    for given in ["because x wins", "never a draw", "because of the boxes"] {
        assert!(!accepted(None, &answers, given, question), "{given}");
    }
}

/// A number said in parts is one number, and `one more` of a thing is one.
#[test]
fn a_number_in_parts_is_whole_and_one_more_is_one() {
    let million = expected("{number: 1000000}");
    accepts_all(
        &million,
        &[
            "a million",
            "one million",
            "1 000 000",
            "a million points",
            "1000000",
        ],
    );
    refuses_all(&million, &["a thousand", "1 000", "more than a million"]);
    let bead = expected("{number: 1, unit: beads}");
    let question = "how many beads does a draw add for each bead MENACE drew?";
    for given in [
        "one more",
        "1 more bead",
        "one extra bead",
        "a single bead",
        "one",
    ] {
        assert!(accepted(Some(&bead), &[], given, question), "{given}");
    }
    for given in ["more than one", "one more than two", "two more"] {
        assert!(!accepted(Some(&bead), &[], given, question), "{given}");
    }
    let two_hundred = expected("{number: 200}");
    accepts_all(&two_hundred, &["two hundred", "200"]);
}

/// Walk M's forms: `only` and `a single` say one, `for sure` and `can` say nothing of a
/// draw.
#[test]
fn only_one_and_a_draw_for_sure_are_read() {
    let one_box = expected("{number: 1, unit: box}");
    let question = "How many boxes does MENACE need for its very first move?";
    for given in [
        "only one box",
        "a single box",
        "only one",
        "only 1",
        "one box",
    ] {
        assert!(accepted(Some(&one_box), &[], given, question), "{given}");
    }
    let draw = expected("{winner: draw}");
    accepts_all(
        &draw,
        &["a draw for sure", "neither side can win", "nobody can win"],
    );
    refuses_all(&draw, &["x can win for sure", "o surely wins"]);
}

/// A count said with its verb, or a zero `at all`, is the number (walks G.9, J.12).
#[test]
fn a_count_after_its_verb_and_none_at_all_are_numbers() {
    let twenty = expected("{number: 20, unit: cells}");
    let question = "How many cells is that?";
    for given in ["it needs 20", "20 cells", "it takes twenty cells"] {
        assert!(accepted(Some(&twenty), &[], given, question), "{given}");
    }
    assert!(!accepted(
        Some(&twenty),
        &[],
        "it needs more than 20",
        question
    ));
    let none = expected("{number: 0, unit: points}");
    let question = "How many points does it bring?";
    for given in ["none at all", "it brings none", "none", "no points at all"] {
        assert!(accepted(Some(&none), &[], given, question), "{given}");
    }
    assert!(!accepted(Some(&none), &[], "it brings one", question));
}

/// Walk N's forms of yes and no: `it won't learn`, `probably not`, `it did`, `all of
/// them`.
#[test]
fn yes_and_no_said_with_their_verb() {
    let no = expected("{yes_no: no}");
    accepts_all(
        &no,
        &["it won't learn", "it will not", "probably not", "no"],
    );
    refuses_all(&no, &["it will", "yes"]);
    let yes = expected("{yes_no: yes}");
    accepts_all(&yes, &["it did", "all of them", "yes"]);
    refuses_all(&yes, &["it didn't", "not sure"]);
}
