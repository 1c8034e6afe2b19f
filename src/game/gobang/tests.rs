use super::picture::five_name;
use super::*;

fn play(game: &mut Gobang, moves: &str) {
    for name in moves.split_whitespace() {
        let mv = game.parse_move(name).unwrap();
        game.play(mv).unwrap_or_else(|why| panic!("{name}: {why}"));
    }
}

fn from(picture: &str) -> Gobang {
    Gobang::new(12)
        .from_picture(picture)
        .unwrap_or_else(|why| panic!("{picture}: {why}"))
}

/// Twelve pieces each, sliding, X to move: X's five a1-e1 stands (scored), X has four on
/// row 5 and one on e4 that can slide to e5 and make a second five.
const SLIDING: &str = "OOOO4/OOOO4/5OOO/XXXX3O/4X3/XX6/8/XXXXX3";

#[test]
fn squares_are_named_from_a1_at_the_bottom_left() {
    assert_eq!(parse_square("a1"), Ok(0));
    assert_eq!(parse_square("H8"), Ok(63));
    assert_eq!(square_name(27), "d4");
    for bad in ["", "i1", "a9", "a0", "d44", "4d", "dd"] {
        assert!(parse_square(bad).is_err(), "{bad}");
    }
    let game = Gobang::new(12);
    for text in ["d4", "d4-e5", "pass"] {
        let mv = game.parse_move(text).unwrap();
        assert_eq!(game.move_name(mv), text);
    }
    let why = game.parse_move("d4-").unwrap_err().to_string();
    assert!(why.contains("a square is"), "{why}");
    assert!(game.parse_move("zz").is_err());
}

#[test]
fn the_board_has_96_fives_each_named_by_its_ends() {
    assert_eq!(FIVES.len(), 96);
    for (index, five) in FIVES.iter().enumerate() {
        assert_eq!(five.count_ones(), 5);
        assert!(!FIVES[..index].contains(five));
    }
    assert_eq!(five_name(0), "a1-e1");
    assert_eq!(five_name(32), "a1-a5");
    assert_eq!(five_name(64), "a1-e5");
    assert_eq!(five_name(80), "a5-e1");
    // The king's step: a corner has three neighbours, an inner square eight.
    assert_eq!(NEIGHBOURS[0].count_ones(), 3);
    assert_eq!(NEIGHBOURS[27].count_ones(), 8);
}

#[test]
fn each_side_places_its_pieces_then_they_slide_one_step_in_eight_directions() {
    let mut game = Gobang::new(12);
    assert_eq!(
        game.play(game.parse_move("a1-a2").unwrap()),
        Err(IllegalGobangMove::StillPlacing(12))
    );
    let placing = "a1 h8 c1 f8 e1 d8 g1 b8 a3 h6 c3 f6 e3 d6 g3 b6 a5 h4 c5 f4 e5 d4 g5 b4";
    play(&mut game, placing);
    assert_eq!(game.ply(), 24);
    assert!(!game.placing());
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(
        game.play(GobangMove::Place(1)),
        Err(IllegalGobangMove::AllPlaced(12))
    );
    let legal = game.legal_moves();
    assert!(
        legal
            .iter()
            .all(|mv| matches!(mv, GobangMove::Slide { .. }))
    );
    // a1 may step up, right and diagonally; not two squares, not onto a piece.
    for step in ["a1-a2", "a1-b1", "a1-b2"] {
        assert!(legal.contains(&game.parse_move(step).unwrap()), "{step}");
    }
    assert_eq!(
        game.play(game.parse_move("a1-a3").unwrap()),
        Err(IllegalGobangMove::Occupied(16))
    );
    assert_eq!(
        game.play(game.parse_move("a1-c2").unwrap()),
        Err(IllegalGobangMove::NotAdjacent { from: 0, to: 10 })
    );
    assert_eq!(
        game.play(game.parse_move("h8-h7").unwrap()),
        Err(IllegalGobangMove::NotYours(63))
    );
    assert_eq!(game.play(GobangMove::Pass), Err(IllegalGobangMove::NoPass));
    play(&mut game, "a1-b2");
    assert_eq!(game.quiet(), 1);
}

#[test]
fn a_five_scores_a_point_and_the_game_goes_on() {
    let mut game = Gobang::new(12);
    play(&mut game, "a1 a8 b1 b8 c1 c8 d1 d8");
    let before = game;
    play(&mut game, "e1");
    assert_eq!(game.score(Player::X), 1);
    assert_eq!(
        game.move_note(&before).as_deref(),
        Some("X scores a new five: 1 point (X 1, O 0).")
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), Player::O);
    assert!(
        game.picture().ends_with("O 0 a1-e1 -"),
        "{}",
        game.picture()
    );
    // Growing the five into six fills a new five, b1-f1: one more point.
    play(&mut game, "h8 f1");
    assert_eq!(game.score(Player::X), 2);
    assert!(
        game.picture().ends_with("a1-e1,b1-f1 -"),
        "{}",
        game.picture()
    );
}

#[test]
fn one_move_filling_two_fives_scores_two_points() {
    let mut game = Gobang::new(12);
    play(&mut game, "a1 h8 b1 g8 c1 f8 d1 h7 e2 g7 e3 f7 e4 h6 e5 g6");
    let before = game;
    play(&mut game, "e1");
    assert_eq!(game.score(Player::X), 2);
    assert_eq!(
        game.move_note(&before).as_deref(),
        Some("X scores 2 new fives: 2 points (X 2, O 0).")
    );
    assert_eq!(game.score(Player::O), 0);
}

#[test]
fn a_five_made_again_does_not_count_again() {
    let mut game = from(&format!("{SLIDING} X 0 a1-e1 -"));
    assert_eq!(game.score(Player::X), 1);
    // e1 steps out of the five and back: the same five, no new point.
    play(&mut game, "e1-f2 h5-h4 f2-e1");
    assert_eq!(game.score(Player::X), 1);
    assert_eq!(game.quiet(), 3);
    // A five never made before still counts, and resets the quiet moves.
    play(&mut game, "h4-h5 e4-e5");
    assert_eq!(game.score(Player::X), 2);
    assert_eq!(game.quiet(), 0);
    assert!(game.picture().contains("a1-e1,a5-e5"), "{}", game.picture());
}

#[test]
fn ten_points_win() {
    // X has scored nine fives (eight no longer stand); e4-e5 makes the tenth.
    let scored = "a1-e1,a2-e2,b2-f2,c2-g2,d2-h2,a4-e4,b4-f4,c4-g4,d4-h4";
    let mut game = from(&format!("{SLIDING} X 0 {scored} -"));
    assert_eq!(game.score(Player::X), 9);
    let best = game.legal_moves();
    let mut ordered = best.clone();
    game.order_moves(&mut ordered);
    assert_eq!(game.move_name(ordered[0]), "e4-e5", "scoring moves first");
    play(&mut game, "e4-e5");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    assert!(game.legal_moves().is_empty());
    let note = game.result_note().unwrap();
    assert!(note.contains("X reached 10 points: X 10, O 0"), "{note}");
    assert_eq!(
        game.play(GobangMove::Pass),
        Err(IllegalGobangMove::GameOver)
    );
}

#[test]
fn forty_sliding_moves_without_a_point_draw() {
    let mut game = from(&format!("{SLIDING} X 39 a1-e1 -"));
    assert_eq!(game.outcome(), None);
    play(&mut game, "a3-a2");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.result_note().unwrap().contains("drawn at X 1, O 0"));
}

#[test]
fn a_player_whose_pieces_cannot_move_passes() {
    // O's twelve fill a1-d3, hemmed in by X on row 4 and file e.
    let mut game = from("6XX/6XX/8/8/XXXXX3/OOOOX3/OOOOX3/OOOOX3 O 0 a4-e4 -");
    assert_eq!(game.legal_moves(), vec![GobangMove::Pass]);
    assert!(game.move_prompt().unwrap().contains("pass"));
    play(&mut game, "pass");
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(game.quiet(), 1);
}

#[test]
fn pictures_read_back_and_unreachable_ones_are_refused() {
    let mut game = Gobang::new(12);
    assert_eq!(game.picture(), "8/8/8/8/8/8/8/8 X 0 - -");
    play(&mut game, "a1 a8 b1 b8 c1 c8 d1 d8 e1");
    let back = game.from_picture(&game.picture()).unwrap();
    assert_eq!(back.picture(), game.picture());
    assert_eq!(back.legal_moves(), game.legal_moves());
    for bad in [
        // A standing five not in its player's list.
        "OOOO4/8/8/8/8/8/8/XXXXX3 O 0 - -",
        // While placing, a scored five must still stand.
        "OOOO4/8/8/8/8/8/8/XXXXX3 O 0 a1-e1,a2-e2 -",
        // The counts say O moves.
        "OOOO4/8/8/8/8/8/8/XXXXX3 X 0 a1-e1 -",
        // No quiet moves while placing.
        "OOOO4/8/8/8/8/8/8/XXXXX3 O 3 a1-e1 -",
        // Not a five.
        "OOOO4/8/8/8/8/8/8/XXXXX3 O 0 a1-d1 -",
        "OOOO4/8/8/8/8/8/8/XXXXX3 O 0",
        "OOOO4/8/8/8/8/8/8/XXXXX2 O 0 a1-e1 -",
        "8/8/8/8/8/8/8/XXXXX3 O 0 a1-e1 -",
        // The winner cannot be the one to move, nor have quiet moves after the point.
        &format!("{SLIDING} X 0 a1-e1,a2-e2,b2-f2,c2-g2,d2-h2,a4-e4,b4-f4,c4-g4,d4-h4,a5-e5 -"),
        &format!("{SLIDING} O 2 a1-e1,a2-e2,b2-f2,c2-g2,d2-h2,a4-e4,b4-f4,c4-g4,d4-h4,a5-e5 -"),
        &format!("{SLIDING} X 41 a1-e1 -"),
    ] {
        let why = Gobang::new(12)
            .from_picture(bad)
            .expect_err(bad)
            .to_string();
        assert!(!why.contains('\n') && !why.is_empty(), "{why}");
    }
    let won =
        format!("{SLIDING} O 0 a1-e1,a2-e2,b2-f2,c2-g2,d2-h2,a4-e4,b4-f4,c4-g4,d4-h4,a5-e5 -");
    assert_eq!(from(&won).outcome(), Some(Outcome::Win(Player::X)));
}

#[test]
fn fifteen_pieces_is_the_other_version() {
    assert!(Gobang::start(&GOBANG, &["pieces 15"], &Default::default()).is_ok());
    let why = Gobang::start(&GOBANG, &["pieces 13"], &Default::default()).unwrap_err();
    assert!(why.contains("12 or 15"), "{why}");
    let mut game = Gobang::start(&GOBANG, &["pieces 15"], &Default::default()).unwrap();
    for _ in 0..30 {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    // 30 placements in square order fill a1 to f4, X on files a, c, e and g: no five.
    assert!(!game.placing());
    assert_eq!(game.stones(Player::X).count_ones(), 15);
    assert_eq!(game.score(Player::X) + game.score(Player::O), 0);
    assert!(matches!(game.legal_moves()[0], GobangMove::Slide { .. }));
}

#[test]
fn the_prompt_example_is_a_legal_move() {
    let mut game = Gobang::new(12);
    assert!(game.move_prompt().unwrap().contains("like d4 ("));
    play(&mut game, "d4");
    let prompt = game.move_prompt().unwrap();
    assert!(!prompt.contains("like d4 "), "{prompt}");
    let like = prompt
        .split("like ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let mv = game.parse_move(like).unwrap();
    assert!(game.legal_moves().contains(&mv), "{prompt}");
    // Sliding, O to move: d4 holds an X, so d4-e5 is not a slide O has.
    let game = from(&format!("{SLIDING} O 0 a1-e1 -"));
    let prompt = game.move_prompt().unwrap();
    assert!(!prompt.contains("d4-e5"), "{prompt}");
    let like = prompt.split("like ").nth(1).unwrap();
    let mv = game.parse_move(like).unwrap();
    assert!(game.legal_moves().contains(&mv), "{prompt}");
}
