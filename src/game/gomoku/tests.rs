use super::*;
use crate::game::Declared;

fn game(words: &[&str]) -> Gomoku {
    let (name, options) = words.split_first().unwrap();
    let declaration = if *name == "connect6" {
        &CONNECT6
    } else {
        &GOMOKU
    };
    Gomoku::start(declaration, options, &Default::default()).unwrap()
}

fn play(game: &mut Gomoku, moves: &str) {
    for name in moves.split_whitespace() {
        let mv = game.parse_move(name).unwrap();
        game.play(mv).unwrap_or_else(|why| panic!("{name}: {why}"));
    }
}

#[test]
fn cells_are_named_by_column_letter_and_row_from_the_bottom() {
    let g = game(&["gomoku"]);
    assert_eq!(g.cell_name(g.centre()), "h8");
    assert_eq!(g.parse_cell("a15"), Ok(0));
    assert_eq!(g.parse_cell("O1"), Ok(224));
    for bad in ["p1", "a0", "a16", "", "h", "8h", "h8x"] {
        assert!(g.parse_cell(bad).is_err(), "{bad}");
    }
    let big = game(&["connect6"]);
    assert_eq!(big.cell_name(big.centre()), "j10");
}

#[test]
fn five_in_a_row_wins_in_every_direction_and_six_too_in_free_style() {
    for moves in [
        "a1 a3 b1 b3 c1 c3 d1 d3 e1",
        "h1 a3 h2 b3 h3 c3 h4 d3 h5",
        "a1 a7 b2 b7 c3 c7 d4 d7 e5",
        "a5 a7 b4 b7 c3 c7 d2 d7 e1",
    ] {
        let mut g = game(&["gomoku"]);
        play(&mut g, moves);
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::X)), "{moves}");
    }
    // Filling the gap of XX.XXX makes six: a win in free style, not under exactly-five.
    for (options, won) in [
        (vec!["gomoku"], true),
        (vec!["gomoku", "exactly-five"], false),
    ] {
        let mut g = game(&options);
        play(&mut g, "a1 a3 b1 b3 d1 d3 e1 e3 f1 o15 c1");
        assert_eq!(g.is_over(), won, "{options:?}");
    }
}

#[test]
fn the_swap_opening_starts_in_the_centre_and_white_may_take_blacks_stones() {
    let mut g = game(&["gomoku", "swap"]);
    assert_eq!(g.legal_moves(), vec![g.centre() as u16]);
    assert!(matches!(
        g.play(g.parse_cell("a1").unwrap() as u16),
        Err(IllegalStone::CentreFirst(_))
    ));
    play(&mut g, "h8 a1");
    assert_eq!(g.play(SWAP), Err(IllegalStone::NoSwap));
    play(&mut g, "h9");
    assert_eq!(g.to_move(), Player::O);
    assert!(g.legal_moves().contains(&SWAP));
    assert!(g.move_prompt().unwrap().contains("swap"));
    play(&mut g, "swap");
    // The second player now owns black; the first plays white, and it is white's turn.
    assert_eq!(g.seat(Colour::Black), Player::O);
    assert_eq!(g.to_move(), Player::X);
    assert!(!g.legal_moves().contains(&SWAP));
    // Black's stones, now the second player's, make five: the second player wins.
    play(&mut g, "b1 h10 c1 h11 d1 h12");
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::O)));
    let back = g.from_picture(&g.picture()).unwrap();
    assert!(back.swapped() && back.outcome() == g.outcome());
}

#[test]
fn connect6_plays_one_stone_then_two_a_turn_and_six_wins() {
    let mut g = game(&["connect6"]);
    let turns: Vec<Player> = (0..7)
        .map(|i| {
            let seat = g.to_move();
            play(&mut g, &format!("a{}", i + 1));
            seat
        })
        .collect();
    use Player::{O, X};
    assert_eq!(turns, vec![X, O, O, X, X, O, O]);
    // Each of the two stones' prompts shows a free cell to play, near the centre.
    let mut g = game(&["connect6"]);
    play(&mut g, "j10 a2");
    let prompt = g.move_prompt().unwrap();
    assert!(prompt.contains("second stone of two, like "), "{prompt}");
    let example = prompt.rsplit(' ').next().unwrap();
    let mv = g.parse_move(example).unwrap();
    assert!(g.legal_moves().contains(&mv), "{prompt}");
    assert_ne!(example, "j10", "{prompt}");
    // X has a4 a5; make a run of six on row 10 for X.
    let mut g = game(&["connect6"]);
    play(&mut g, "a10 s1 s2 b10 c10 s4 s5 d10 e10 s7 s8");
    assert!(!g.is_over());
    play(&mut g, "f10");
    assert_eq!(g.outcome(), Some(Outcome::Win(X)));
}

#[test]
fn pictures_read_back_and_impossible_ones_are_refused() {
    let mut g = game(&["gomoku", "size 7"]);
    play(&mut g, "d4 c3 e5");
    let picture = g.picture();
    assert_eq!(picture, "7/7/4X2/3X3/2O4/7/7");
    let back = g.from_picture(&picture).unwrap();
    assert_eq!(back.key(), g.key());
    assert_eq!(back.to_move(), Player::O);
    for bad in [
        "7/7/7/7/7/7",
        "7/7/4X2/3X3/7/7/7",
        "8/7/7/7/7/7/7",
        "7/7/7/7/7/7/6Z",
        "XXXXX2/OOOOO2/7/7/7/7/7",
        "7/7/7/7/7/7/7 swapped",
    ] {
        assert!(g.from_picture(bad).is_err(), "{bad}");
    }
    // White has five but black moved last: play would have stopped.
    assert!(g.from_picture("OOOOO2/XXXXX2/X6/7/7/7/7").is_err());
}

#[test]
fn a_bare_number_is_the_size_and_bad_sizes_are_refused_in_one_sentence() {
    let started = crate::registry::start(&["gomoku", "9"]).unwrap();
    assert_eq!(started.legal_move_names().len(), 81);
    for bad in [
        vec!["gomoku", "4"],
        vec!["gomoku", "27"],
        vec!["connect6", "5"],
        vec!["gomoku", "renju", "exactly-five"],
    ] {
        let why = crate::registry::start(&bad).err().unwrap();
        assert!(!why.contains('\n') && why.len() < 120, "{why}");
    }
}

#[test]
fn renju_refuses_blacks_double_three_with_its_reason_and_white_may_make_six() {
    let mut g = game(&["gomoku", "renju"]);
    play(&mut g, "g8 a1 i8 a3 h7 a5 h9 a7");
    let h8 = g.parse_move("h8").unwrap();
    let refused = g.play(h8).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "h8 would make two open threes, which renju forbids black"
    );
    assert!(!g.legal_moves().contains(&h8));
    // The same cell is free for white.
    play(&mut g, "o15");
    assert!(g.legal_moves().contains(&h8));
    // White's six wins; black's six is forbidden.
    let mut six = game(&["gomoku", "renju"]);
    play(&mut six, "a15 a1 b15 b1 c15 c1 e15 e1 f15 f1 o8 o15 o10 g1");
    assert!(!six.is_over());
    play(&mut six, "o12 d1");
    assert_eq!(six.outcome(), Some(Outcome::Win(Player::O)));
    let mut black_six = game(&["gomoku", "renju"]);
    play(&mut black_six, "a15 a1 b15 b1 c15 c1 e15 e1 f15 f1");
    let d15 = black_six.parse_move("d15").unwrap();
    assert!(matches!(
        black_six.play(d15),
        Err(IllegalStone::Forbidden(_, Foul::Overline))
    ));
}

#[test]
fn each_games_size_help_names_that_game() {
    for declaration in [&GOMOKU, &CONNECT6] {
        for option in declaration.options {
            let example = option.help.rsplit('(').next().unwrap_or_default();
            if option.name == "size" {
                assert!(
                    example.starts_with(declaration.name),
                    "{}: {}",
                    declaration.name,
                    option.help
                );
            }
        }
    }
}

#[test]
fn the_engines_look_only_near_the_stones_and_play_there() {
    use crate::ai::Agent;
    use rand::SeedableRng;
    let mut board = game(&["gomoku"]);
    let mut moves = Vec::new();
    board.search_moves_into(&mut moves);
    assert_eq!(
        moves,
        [board.centre() as u16],
        "the empty board: the centre"
    );
    play(&mut board, "h8 h9 g7");
    board.search_moves_into(&mut moves);
    let size = board.size();
    let near = |mv: u16| {
        let (row, column) = (usize::from(mv) / size, usize::from(mv) % size);
        board.cells.iter().enumerate().any(|(cell, stone)| {
            *stone != EMPTY
                && (cell / size).abs_diff(row) <= 2
                && (cell % size).abs_diff(column) <= 2
        })
    };
    // Every empty cell two or fewer from a stone, and no other.
    let mut legal = Vec::new();
    board.legal_moves_into(&mut legal);
    let expected: Vec<u16> = legal.into_iter().filter(|mv| near(*mv)).collect();
    assert_eq!(moves, expected);
    // Alpha-beta's and Monte-Carlo's hints come from there.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let by_alphabeta = crate::ai::alphabeta::Searcher::default()
        .choose(&board, &mut rng)
        .unwrap();
    let by_mcts = crate::ai::mcts::Mcts::default()
        .choose(&board, &mut rng)
        .unwrap();
    assert!(near(by_alphabeta), "{}", board.move_name(by_alphabeta));
    assert!(near(by_mcts), "{}", board.move_name(by_mcts));
}
