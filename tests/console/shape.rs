//! `lines` and `count`: the shape of a game, as a lesson's figures quote it.

use menace::lesson::Tutor;
use menace::repl::respond;

use crate::common::settings;

fn session() -> (Tutor, tempfile::TempDir) {
    let folder = tempfile::tempdir().unwrap();
    (Tutor::new(settings(1, folder.path())), folder)
}

/// The figures of `count` after `variant`, one line each.
fn census(session: &mut Tutor, variant: &str) -> Vec<String> {
    respond(session, &format!("variant {variant}"));
    let text = respond(session, "count");
    text.lines()
        .skip_while(|line| !line.contains("counted by playing out every move"))
        .skip(1)
        .map(str::to_string)
        .collect()
}

#[test]
fn count_plays_out_every_move_of_classic() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "count");
    assert!(
        text.contains("255,168 ways a game can go (131,184 won by X, 77,904 by O, 46,080 drawn)"),
        "{text}"
    );
    assert!(
        text.contains("5,478 positions (765 up to symmetry)"),
        "{text}"
    );
    assert!(
        text.contains("958 of them finished (138 up to symmetry)"),
        "{text}"
    );
    // Up to symmetry, X's positions with a choice are MENACE's boxes as X.
    assert!(
        text.contains("X has a choice of moves in 2,201 positions (304 up to symmetry)"),
        "{text}"
    );
    let stats = respond(&mut session, "stats");
    assert!(stats.contains("in all 304 boxes"), "{stats}");
}

/// mnk's own rules give the same wins as classic's, by other code: it ends a game as
/// a draw once no line can be completed, so its draws are fewer and come sooner.
#[test]
fn three_in_a_row_on_mnk_3x3_has_the_wins_classic_has() {
    let (mut session, _folder) = session();
    let classic = census(&mut session, "classic");
    let mnk = census(&mut session, "mnk 3x3");
    let wins = |line: &str| {
        line.split_once('(')
            .map(|(_, wins)| wins.split(", ").take(2).collect::<Vec<_>>().join(", "))
    };
    assert_eq!(wins(&classic[0]), wins(&mnk[0]));
    assert!(wins(&mnk[0]).is_some());
    assert_ne!(classic[0], mnk[0], "fewer draws: {mnk:?}");
    let misere = census(&mut session, "misere");
    assert_eq!(classic[1..], misere[1..], "the same positions");
    assert_ne!(classic[0], misere[0], "the winners swap");
}

#[test]
fn count_refuses_a_big_game_and_one_whose_positions_repeat() {
    let (mut session, _folder) = session();
    respond(&mut session, "variant qubic");
    let text = respond(&mut session, "count");
    assert!(
        text.contains("more than 200,000 positions, too many for count"),
        "{text}"
    );
    respond(&mut session, "variant morris");
    let text = respond(&mut session, "count");
    assert!(text.contains("Positions repeat in morris"), "{text}");
    let text = respond(&mut session, "lines");
    assert!(text.contains("no fixed lines of cells in morris"), "{text}");
}

#[test]
fn lines_names_those_through_a_cell() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "lines LL");
    assert!(text.contains("classic: 8 lines on 9 cells."), "{text}");
    assert!(text.contains("LL lies on 3 of the 8 lines:"), "{text}");
    assert!(text.contains("LL-MM-RR"), "{text}");
    respond(&mut session, "variant cube");
    let text = respond(&mut session, "lines 2MM");
    assert!(text.contains("cube: 49 lines on 27 cells."), "{text}");
    assert!(text.contains("2MM lies on 13 of the 49 lines:"), "{text}");
    assert!(text.contains("1LL-2MM-3RR"), "{text}");
    let text = respond(&mut session, "lines 1LL");
    assert!(text.contains("1LL lies on 7 of the 49 lines:"), "{text}");
    respond(&mut session, "variant qubic");
    let text = respond(&mut session, "lines 22");
    assert!(text.contains("18-22-26-30"), "{text}");
    assert!(text.contains("3-22-41-60"), "{text}");
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
}

#[test]
fn lines_refuses_what_is_not_a_cell_and_changes_nothing() {
    let (mut session, _folder) = session();
    respond(&mut session, "variant cube");
    let text = respond(&mut session, "lines 9ZZ");
    assert!(text.contains("\"9ZZ\" is not a cell of cube"), "{text}");
    let text = respond(&mut session, "lines 2MM 1LL");
    assert!(text.contains("\"1LL\" is not a position of cube"), "{text}");
    let text = respond(&mut session, "lines 2MM X 1LL");
    assert!(text.contains("does not take"), "{text}");
    let text = respond(&mut session, "lines");
    assert!(text.contains("cube: 49 lines on 27 cells."), "{text}");
}

/// Lesson 17's puzzle: X checks at 22, O answers 26, and X at 3 threatens twice.
#[test]
fn lines_in_a_position_marks_the_cells_and_names_the_threats() {
    let (mut session, _folder) = session();
    respond(&mut session, "variant qubic");
    let before = ".O..X.........../..X...........X./.X..........O.../.OO......O..X...";
    let text = respond(&mut session, &format!("lines 22 {before}"));
    assert!(text.contains("X18-22-26-X30"), "{text}");
    assert!(text.contains("3-22-41-X60"), "{text}");
    assert!(
        text.contains("X at 22 leaves 18-22-26-30 one short: a threat at 26."),
        "{text}"
    );
    assert_eq!(text.matches("a threat at").count(), 1, "{text}");
    let after = ".O..X.........../..X...X...O...X./.X..........O.../.OO......O..X...";
    let text = respond(&mut session, &format!("lines 3 {after}"));
    assert!(text.contains("a threat at 41."), "{text}");
    assert!(text.contains("a threat at 48."), "{text}");
    let text = respond(&mut session, &format!("lines 26 {after}"));
    assert!(text.contains("26 cannot be played there"), "{text}");
    let text = respond(&mut session, &format!("lines 5 {after}"));
    assert!(text.contains("X at 5 threatens no line."), "{text}");
}

/// `kinds` sorts the moves by the board's symmetries: the classic board's three
/// openings, and Qubic's replies by how many lines their cell is on, each named once.
#[test]
fn kinds_names_a_cell_of_each_kind_of_move_up_to_symmetry() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "kinds");
    assert!(
        text.contains("classic: up to symmetry, X has 3 kinds of opening (a cell of each):"),
        "{text}"
    );
    assert!(text.contains("1 kind on cells on 4 lines: MM"), "{text}");
    let text = respond(&mut session, "kinds LL");
    assert!(text.contains("O has 5 kinds of reply to X on LL"), "{text}");
    respond(&mut session, "variant qubic");
    let text = respond(&mut session, "kinds 0");
    assert!(text.contains("O has 12 kinds of reply to X on 0"), "{text}");
    assert!(
        text.contains("5 kinds on cells on 7 lines: 3, 15, 21, 22, 63"),
        "{text}"
    );
    assert!(text.contains("7 kinds on cells on 4 lines:"), "{text}");
    let text = respond(&mut session, "kinds 1");
    assert!(text.contains("O has 23 kinds of reply to X on 1"), "{text}");
    assert!(text.contains("16 kinds on cells on 4 lines:"), "{text}");
    assert!(
        text.lines().all(|line| line.chars().count() <= 79),
        "{text}"
    );
    let text = respond(&mut session, "kinds 64");
    assert!(text.contains("\"64\" is not a cell of qubic"), "{text}");
}

/// `rate D` rates every empty cell as the depth-limited search does, and
/// says what each rating it shows means: after an edge opening, looking 4 half-moves
/// ahead sees nothing, looking 6 sees the losing replies.
#[test]
fn rate_lookahead_rates_every_empty_cell_at_its_depth() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "rate 4 .X.......");
    assert!(text.contains("looking 4 half-moves ahead"), "{text}");
    assert!(!text.contains("13"), "{text}");
    assert!(text.contains("16 (unknown at this depth)"), "{text}");
    let text = respond(&mut session, "rate 6 .X.......");
    assert!(text.contains("M   13 | 16 | 13"), "{text}");
    assert!(text.contains("13 (a loss 5 half-moves later)"), "{text}");
    let text = respond(&mut session, "rate 10");
    assert!(
        text.contains("Rate looks ahead from 1 to 9 half-moves, not \"10\"."),
        "{text}"
    );
    respond(&mut session, "variant cube");
    let text = respond(&mut session, "rate 2");
    assert!(text.contains("noughts and crosses only"), "{text}");
}

/// `count boxes` counts MENACE's boxes on its side as `menace boxes` does: 304 for X in
/// noughts and crosses, per move 1 + 12 + 108 + 183, and the other side's count when
/// the learner changes sides.
#[test]
fn count_boxes_counts_menaces_boxes_on_its_side() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "count boxes");
    assert!(
        text.contains("classic, MENACE playing X needs 304 boxes"),
        "{text}"
    );
    for (move_number, boxes) in [(1, 1), (2, 12), (3, 108), (4, 183)] {
        assert!(
            text.contains(&format!("  move  {move_number}: {boxes:>9}")),
            "{text}"
        );
    }
    respond(&mut session, "side x");
    let text = respond(&mut session, "count boxes");
    assert!(
        text.contains("classic, MENACE playing O needs 289 boxes"),
        "{text}"
    );
    assert!(
        text.lines().all(|line| line.chars().count() <= 79),
        "{text}"
    );
    let text = respond(&mut session, "count beads");
    assert!(text.contains("\"beads\""), "{text}");
}

/// `count full` counts every way to fill the board: in noughts and crosses 126, 16 of
/// them without a line (the drawn full boards); a game without fixed lines and a board
/// with too many fillings are refused in one sentence.
#[test]
fn count_full_counts_the_full_boards_and_those_without_a_line() {
    let (mut session, _folder) = session();
    let text = respond(&mut session, "count full");
    assert!(
        text.contains("classic: 126 ways to fill its 9 cells with 5 X and 4 O; 16 of them"),
        "{text}"
    );
    respond(&mut session, "variant qubic");
    let text = respond(&mut session, "count full");
    assert!(
        text.contains("qubic has too many ways to fill its 64 cells"),
        "{text}"
    );
    respond(&mut session, "variant gravity");
    let text = respond(&mut session, "count full");
    assert!(
        text.contains("no fixed lines of cells in gravity"),
        "{text}"
    );
    assert!(
        text.lines().all(|line| line.chars().count() <= 79),
        "{text}"
    );
}
