//! While a game waits for your move, a line written like a move is answered in the game's
//! notation, Morris says when its moves become slides, and the words
//! around a game say what they mean: `stats` for a MENACE that moves second, the
//! prompt of a game whose moves are numbers. Also: the pager's blocks keep a board whole.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::render::{self, Palette};

fn console(seed: u64) -> Tutor {
    Tutor::new(Settings {
        seed,
        show_boxes: menace::app::BoxListing::Off,
        ..Settings::default()
    })
}

fn say(session: &mut Tutor, line: &str) -> String {
    render::said(&session.handle_line(line), Palette::PLAIN)
}

/// A session of `variant` where you play X and the game waits for your first move.
fn your_turn_in(variant: &str) -> Tutor {
    let mut session = console(1);
    for line in [&format!("variant {variant}"), "side X", "play 1"] {
        say(&mut session, line);
    }
    assert!(
        !session.your_moves().is_empty(),
        "{variant}: the game waits for your move"
    );
    session
}

#[test]
fn an_ultimate_move_typed_with_a_space_gets_the_notation() {
    let mut session = your_turn_in("ultimate");
    let answer = say(&mut session, "mm lr");
    assert!(answer.contains("Not a move:"), "{answer}");
    assert!(answer.contains("MM.L"), "{answer}");
    assert!(!answer.contains("no command"), "{answer}");
    // The game still waits, and a real command is still a command.
    assert!(!session.your_moves().is_empty());
    let stats = say(&mut session, "stats");
    assert!(stats.contains("MENACE"), "{stats}");
}

#[test]
fn a_gobang_slide_typed_with_a_space_gets_the_notation() {
    let mut session = your_turn_in("gobang");
    let answer = say(&mut session, "h6 h5");
    assert!(answer.contains("Not a move:"), "{answer}");
    assert!(answer.contains("d4-e5"), "{answer}");
}

#[test]
fn qubic_numbers_out_of_range_or_in_a_list_are_not_counts_of_games() {
    let mut session = your_turn_in("qubic");
    for line in ["64", "1,2,3", "99"] {
        let answer = say(&mut session, line);
        assert!(answer.contains("Not a move:"), "{line}: {answer}");
        assert!(answer.contains("0 to 63"), "{line}: {answer}");
        assert!(!answer.contains("number of games"), "{line}: {answer}");
    }
    // `play N` is still the command, refused while the game waits.
    let play = say(&mut session, "play 2");
    assert!(!play.contains("Not a move"), "{play}");
}

#[test]
fn in_noughts_and_crosses_a_number_is_still_a_count_of_games() {
    let mut session = your_turn_in("classic");
    let answer = say(&mut session, "5");
    assert!(!answer.contains("Not a move"), "{answer}");
    assert!(answer.contains("game is in progress"), "{answer}");
}

/// A Morris game (seeded `seed`, you X) played to where all six pieces are down, by
/// placing on the first free point each turn, with what the last placement printed;
/// `None` when the game ended first.
fn morris_with_all_pieces_down(seed: u64) -> Option<(Tutor, String)> {
    let mut session = console(seed);
    for line in ["variant morris", "side X", "1"] {
        say(&mut session, line);
    }
    let mut said = String::new();
    for _ in 0..3 {
        let moves = session.your_moves();
        assert!(
            moves.iter().all(|name| !name.contains('-')),
            "placing: {moves:?}"
        );
        said = say(&mut session, moves.first()?);
    }
    let moves = session.your_moves();
    (!moves.is_empty() && moves.iter().all(|name| name.contains('-'))).then_some((session, said))
}

#[test]
fn once_the_morris_pieces_are_down_the_prompt_and_refusals_name_slides() {
    let (mut session, said) = (1..20)
        .find_map(morris_with_all_pieces_down)
        .expect("some seed reaches the sliding phase");
    assert!(said.contains("slide a piece"), "{said}");
    assert!(!said.contains("a move like MM"), "{said}");
    let moves = session.your_moves();
    let free = ["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]
        .into_iter()
        .find(|point| moves.iter().any(|slide| slide.ends_with(point)))
        .expect("a free point to slide to");
    let answer = say(&mut session, free);
    assert!(answer.contains("slides"), "{answer}");
    assert!(answer.contains("LL-ML"), "{answer}");
}

#[test]
fn stats_names_no_first_box_for_a_menace_that_moves_second_in_qubic() {
    let mut session = console(1);
    say(&mut session, "variant qubic");
    say(&mut session, "side X");
    let stats = crate::common::stats(&mut session);
    assert_eq!(stats.side, menace::game::Player::O);
    assert_eq!(stats.first_box, None);
    let text = say(&mut session, "stats");
    assert!(!text.contains("in the first box"), "{text}");
    assert!(text.contains("beads: "), "{text}");
    // Classic MENACE as X has its first box.
    let mut classic = console(1);
    assert!(crate::common::stats(&mut classic).first_box.is_some());
}

#[test]
fn where_numbers_are_moves_the_prompt_says_which_numbers() {
    let mut session = console(1);
    let chosen = say(&mut session, "variant strategic");
    assert!(
        chosen.contains("a number that names a move is that move"),
        "{chosen}"
    );
    // `1` names no strategic move, so it starts a game, as the sentence allows.
    let started = say(&mut session, "1");
    assert!(started.contains("new game of strategic"), "{started}");
}

#[test]
fn a_board_is_one_block_for_the_pager() {
    let mut session = console(1);
    say(&mut session, "variant gomoku");
    let said = session.handle_line("1");
    let blocks = render::said_blocks(&said, Palette::PLAIN);
    let board = blocks
        .iter()
        .find(|block| block.contains(" 15  "))
        .expect("the board is shown");
    assert!(board.contains("  1  "), "{board}");
    assert!(board.contains("a b c d e f g h i j k l m n o"), "{board}");
    assert_eq!(blocks.concat(), render::said(&said, Palette::PLAIN));
}

#[test]
fn board_brackets_the_last_move_of_an_ultimate_game() {
    let mut session = your_turn_in("ultimate");
    say(&mut session, "MM.MM");
    let board = say(&mut session, "board");
    assert_eq!(board.matches('[').count(), 1, "{board}");
    assert!(board.contains("[O]"), "the reply is bracketed: {board}");
}

#[test]
fn menaces_box_in_ultimate_lines_up_and_brackets_its_bead_once() {
    let mut session = console(1);
    say(&mut session, "variant ultimate");
    let first = say(&mut session, "1");
    let drawn = first
        .split("MENACE's box, as drawn")
        .nth(1)
        .and_then(|rest| rest.split("The board:").next())
        .unwrap_or_else(|| panic!("MENACE's box is drawn: {first}"));
    assert!(!drawn.contains("[["), "{drawn}");
    assert_eq!(drawn.matches('[').count(), 1, "{drawn}");
    // The rules between blocks meet the bars between them.
    let bar = |line: &str| line.find('|');
    let rule = drawn
        .lines()
        .find(|line| line.contains("-+-"))
        .expect("a rule between blocks");
    for row in drawn.lines().filter(|line| line.contains('|')) {
        assert_eq!(bar(row), rule.find('+'), "{drawn}");
    }
}

/// A blank line on your turn answers with the move the game waits for: in Morris's
/// sliding phase a slide (`LL-ML`), not a placing (`MM`).
#[test]
fn a_blank_line_in_morris_sliding_phase_names_a_slide() {
    let mut session = console(3);
    for line in ["variant morris", "side x", "against random", "1", "MM"] {
        say(&mut session, line);
    }
    let placing = say(&mut session, "");
    assert!(placing.contains("Type a move like"), "{placing}");
    assert!(!placing.contains("number of games"), "{placing}");
    say(&mut session, "LL");
    let board = say(&mut session, "RL");
    assert!(board.contains("slide a piece"), "{board}");
    let blank = say(&mut session, "");
    assert!(blank.contains("slide a piece"), "{blank}");
    assert!(blank.contains("like LL-ML"), "{blank}");
    assert!(!blank.contains("like MM"), "{blank}");
}

/// Strategic's board is drawn zoomed into the tactical board in play; MENACE's move is
/// bracketed on a board every time, on the zoomed part it was made in where the board
/// in play does not show it.
#[test]
fn menaces_moves_in_strategic_are_bracketed_on_a_board() {
    for seed in 1..6 {
        let mut session = console(seed);
        for line in ["variant strategic", "side o", "against menace"] {
            say(&mut session, line);
        }
        let mut said = say(&mut session, "1");
        for _ in 0..3 {
            let (before, after) = said
                .split_once("MENACE uses")
                .unwrap_or_else(|| panic!("seed {seed}: no move of MENACE in\n{said}"));
            assert!(!before.contains("[X]"), "{said}");
            let prompt = after.find("Your move").expect("your turn");
            assert!(after[..prompt].contains("[X]"), "seed {seed}:\n{said}");
            let example = after[prompt..]
                .split("like ")
                .nth(1)
                .and_then(|rest| rest.split(',').next())
                .unwrap()
                .to_string();
            said = say(&mut session, &example);
        }
    }
}

/// The pager breaks between blocks; a heading of a listing ("-- MENACE's 3rd move (ply
/// 4): 108 boxes --") is in one block with the box after it, so that no page can end on
/// the heading alone.
#[test]
fn a_listings_headings_stay_with_the_box_after_them() {
    let mut session = console(1);
    let said = session.handle_line("boxes");
    let blocks = render::said_blocks(&said, Palette::PLAIN);
    let headings: Vec<&String> = blocks
        .iter()
        .filter(|block| block.contains("-- MENACE's"))
        .collect();
    assert_eq!(headings.len(), 4, "{blocks:?}");
    for block in headings {
        let lines: Vec<&str> = block.lines().collect();
        assert!(lines.len() >= 2, "{block}");
        assert!(lines[0].starts_with("-- MENACE's"), "{block}");
        let number = lines[1].trim_start().split_once(". ").map(|(n, _)| n);
        assert!(
            number.is_some_and(|n| n.parse::<usize>().is_ok()),
            "{block}"
        );
    }
    assert_eq!(blocks.concat(), render::said(&said, Palette::PLAIN));
}
