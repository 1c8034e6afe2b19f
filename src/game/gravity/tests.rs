//! The rules of the family, one test or more each.

use super::*;
use crate::game::Declared;

fn play(game: &mut Gravity, columns: &str) {
    for c in columns.chars() {
        let mv = game.parse_move(&c.to_string()).unwrap();
        game.play(mv).unwrap_or_else(|why| panic!("{c}: {why}"));
    }
}

#[test]
fn marks_fall_and_four_in_a_row_wins() {
    let mut game = Gravity::new(GravityRules::default());
    play(&mut game, "aabbccd");
    assert_eq!(game.at(0, 3), Some(Player::X));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    let mut diagonal = Gravity::new(GravityRules::default());
    // X climbs a diagonal a1 b2 c3 d4.
    play(&mut diagonal, "abbccdcddhd");
    assert_eq!(
        diagonal.outcome(),
        Some(Outcome::Win(Player::X)),
        "{diagonal:?}"
    );
}

#[test]
fn a_full_column_is_refused() {
    let mut game = Gravity::new(GravityRules::default());
    play(&mut game, "aaaaaaaa");
    assert_eq!(game.play(0), Err(IllegalDrop::Full(0)));
    assert!(!game.legal_moves().contains(&0));
}

#[test]
fn the_seed_option_forbids_dropping_on_the_opponents_last_mark() {
    let mut game = Gravity::new(GravityRules {
        not_on_last: true,
        ..GravityRules::default()
    });
    play(&mut game, "d");
    assert_eq!(game.play(3), Err(IllegalDrop::OnTopOfLast(3)));
    assert!(!game.legal_moves().contains(&3));
    play(&mut game, "e");
    assert!(game.legal_moves().contains(&3), "only the last mark counts");
}

#[test]
fn mirroring_commutes_with_play() {
    let mut game = Gravity::new(GravityRules {
        not_on_last: true,
        ..GravityRules::default()
    });
    play(&mut game, "abcd");
    for mv in game.legal_moves() {
        let mut played = game;
        played.play(mv).unwrap();
        let mut image = game.transformed(1);
        image.play(game.transform_move(mv, 1)).unwrap();
        assert_eq!(played.transformed(1), image);
    }
    for mv in game.legal_moves() {
        assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
    }
}

fn rules(options: &[&str]) -> GravityRules {
    Gravity::start(&GRAVITY, options, &Default::default())
        .unwrap()
        .rules
}

fn moves(game: &mut Gravity, names: &[&str]) {
    for name in names {
        let mv = game.parse_move(name).unwrap();
        game.play(mv).unwrap_or_else(|why| panic!("{name}: {why}"));
    }
}

#[test]
fn giveaway_four_of_your_own_loses() {
    let mut game = Gravity::new(rules(&["giveaway"]));
    // X a1 b1 c1 d1; O stacks h1 h2 h3 on its own marks.
    play(&mut game, "ahbhch");
    assert_eq!(game.outcome(), None);
    play(&mut game, "d");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::O)));
    assert!(game.result_note().unwrap().contains("X made 4 in a row"));
    // And from O's side: O's four loses for O.
    let mut game = Gravity::new(rules(&["giveaway"]));
    play(&mut game, "hahbgcgd");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
}

#[test]
fn giveaway_bans_the_square_on_top_of_the_opponents_last_mark() {
    let mut game = Gravity::new(rules(&["giveaway"]));
    play(&mut game, "d");
    assert_eq!(game.play(3), Err(IllegalDrop::OnTopOfLast(3)));
    assert_eq!(
        IllegalDrop::OnTopOfLast(3).to_string(),
        "column d has the opponent's last mark on top"
    );
    assert!(!game.legal_moves().contains(&3));
    play(&mut game, "e");
    assert!(game.legal_moves().contains(&3), "only the last mark counts");
    assert!(!game.legal_moves().contains(&4));
    assert!(Gravity::start(&GRAVITY, &["giveaway", "not-on-last"], &Default::default()).is_err());
}

#[test]
fn linetris_clears_a_full_bottom_row_and_the_rest_drops() {
    let mut game = Gravity::new(rules(&["linetris"]));
    // X a1, O a2, then the rest of row 1 alternately: no four in it.
    play(&mut game, "aabcdefg");
    assert_eq!(game.occupied().count_ones(), 8);
    let before = game;
    play(&mut game, "h");
    // The console's note on the move says what the board shows only as marks moved.
    let note = game.move_note(&before).expect("a note on the clear");
    assert!(note.starts_with("Row 1 was full"), "{note}");
    let mut quiet = game;
    play(&mut quiet, "b");
    assert_eq!(quiet.move_note(&game), None);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.at(0, 0), Some(Player::O), "a2 dropped to a1");
    assert_eq!(game.occupied().count_ones(), 1);
    assert_eq!((game.ply(), game.to_move()), (9, Player::O));
    assert_eq!(game.heights[..8], [1, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn in_linetris_a_four_made_by_the_drop_wins_though_its_row_is_full() {
    // Row 1 ends O O X X X X O O: X's f1 fills it and makes c1-f1.
    for (options, winner) in [
        (&["linetris"][..], Player::X),
        (&["giveaway", "linetris"], Player::O),
    ] {
        let mut game = Gravity::new(rules(options));
        play(&mut game, "cadbegch");
        play(&mut game, "f");
        assert_eq!(game.outcome(), Some(Outcome::Win(winner)), "{options:?}");
        assert_eq!(
            game.at(0, 5),
            Some(Player::X),
            "the row stays: the game is over"
        );
    }
}

#[test]
fn linetris_draws_after_its_move_limit() {
    let mut game = Gravity::new(rules(&["linetris"]));
    game.moves = MOVE_LIMIT;
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn circular_pushes_from_each_wall_slide_to_the_far_wall_or_a_mark() {
    let mut game = Gravity::new(rules(&["circular"]));
    moves(&mut game, &["dv", "e^", "3<", "4>"]);
    assert_eq!(game.at(0, 3), Some(Player::X), "dv falls to d1");
    assert_eq!(game.at(7, 4), Some(Player::O), "e^ rises to e8");
    assert_eq!(game.at(2, 0), Some(Player::X), "3< slides to a3");
    assert_eq!(game.at(3, 7), Some(Player::O), "4> slides to h4");
    moves(&mut game, &["1>"]);
    assert_eq!(game.at(0, 2), Some(Player::X), "1> stops against d1");
    let blocked = game.play(game.parse_move("d^").unwrap()).unwrap_err();
    assert_eq!(
        blocked.to_string(),
        "d1 is taken, so nothing enters column d from the bottom"
    );
    let blocked = game.play(game.parse_move("e").unwrap()).unwrap_err();
    assert_eq!(
        blocked.to_string(),
        "e8 is taken, so nothing enters column e from the top"
    );
    let blocked = game.play(game.parse_move("3>").unwrap()).unwrap_err();
    assert_eq!(
        blocked.to_string(),
        "a3 is taken, so nothing enters row 3 from the left"
    );
    for name in ["dv", "d^", "3<", "3>", "h^", "8>"] {
        assert_eq!(game.move_name(game.parse_move(name).unwrap()), name);
    }
    for bad in ["9<", "i^", "d<", "3", "3v", ""] {
        assert!(game.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn circular_linetris_clears_a_full_side_toward_its_wall() {
    let mut game = Gravity::new(rules(&["circular", "linetris"]));
    // X d1, then column a filled from the top, O X O X O X O X: no four.
    moves(
        &mut game,
        &["dv", "av", "av", "av", "av", "av", "av", "av", "av"],
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.occupied(), game.shape().bit(0, 2), "d1 moved to c1");
    assert_eq!(game.at(0, 2), Some(Player::X));
}

#[test]
fn a_corner_mark_that_fills_two_sides_clears_both_and_shifts_diagonally() {
    let mut game = Gravity::new(rules(&["circular", "linetris"]));
    let shape = game.shape();
    // b1..h1 O X O X O X O, a2..a8 X O X O X O X, and c3: no four anywhere.
    for k in 1..8 {
        let (row, column) = (shape.bit(0, k), shape.bit(k, 0));
        if k % 2 == 1 {
            game.o |= row;
            game.x |= column;
        } else {
            game.x |= row;
            game.o |= column;
        }
    }
    game.o |= shape.bit(2, 2);
    game.moves = 16;
    // X pushes into row 1 from the left: a1, the corner.
    moves(&mut game, &["1>"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.occupied(), shape.bit(1, 1), "c3 moved to b2");
}

#[test]
fn five_needs_five_in_a_row_on_fifteen_columns() {
    let mut game = Gravity::new(rules(&["five"]));
    // O's four on row 2 does not win; X's five on row 1 does.
    play(&mut game, "aabbccdd");
    assert_eq!(game.outcome(), None);
    play(&mut game, "e");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    let game = Gravity::new(rules(&["five"]));
    assert_eq!(game.parse_move("o"), Ok(14));
    assert_eq!(
        game.parse_move("p").unwrap_err().to_string(),
        "a move is a column letter from a to o, not \"p\""
    );
    assert!(Gravity::start(&GRAVITY, &["five", "circular"], &Default::default()).is_err());
}

#[test]
fn every_symmetry_commutes_with_play_in_circular_games() {
    let mut game = Gravity::new(rules(&["circular", "linetris"]));
    moves(&mut game, &["dv", "2<", "c^", "7>"]);
    crate::game::symmetry::assert_play_commutes(&game, "circular linetris");
}

#[test]
fn pictures_carry_the_last_mark_and_the_count_of_moves() {
    let mut game = Gravity::new(rules(&["giveaway", "circular", "linetris"]));
    moves(&mut game, &["dv", "3<"]);
    let picture = game.picture();
    assert!(picture.ends_with(" a3 2"), "{picture}");
    assert_eq!(game.from_picture(&picture), Ok(game));
    let wrong = picture.replace(" a3 ", " d1 ");
    assert!(
        game.from_picture(&wrong).is_err(),
        "d1 is X's, but O moved last"
    );
    let floating = Gravity::new(rules(&["circular"]));
    let lone = "......../......../......../...X..../......../......../......../........";
    assert!(floating.from_picture(lone).is_err());
}

/// The circular prompt shows a legal push of each kind, and its line fits 80 columns.
#[test]
fn the_circular_prompt_shows_both_kinds_of_push() {
    let game = Gravity::new(rules(&["circular"]));
    let prompt = game.move_prompt().expect("circular has a prompt");
    let pushes: Vec<&str> = prompt
        .split([' ', ','])
        .filter(|word| word.ends_with(['v', '^', '<', '>']) && word.len() <= 3)
        .collect();
    assert_eq!(pushes.len(), 2, "{prompt}");
    for push in pushes {
        let mv = game.parse_move(push).unwrap();
        assert!(game.legal_moves().contains(&mv), "{push}");
    }
    assert!(format!("Your move as O: {prompt} (or help):").len() <= 80);
    assert_eq!(Gravity::new(rules(&[])).move_prompt(), None);
}
