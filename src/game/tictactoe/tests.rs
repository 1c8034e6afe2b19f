use super::*;

fn position(picture: &str) -> TicTacToe {
    TicTacToe::from_picture(picture, Rules::default()).expect("a valid picture")
}

#[test]
fn move_names_parse_and_print_with_the_same_table() {
    let names: Vec<String> = Square::ALL.iter().map(|square| square.name()).collect();
    assert_eq!(
        names,
        ["LL", "LM", "LR", "ML", "MM", "MR", "RL", "RM", "RR"]
    );
    for square in Square::ALL {
        assert_eq!(Square::parse(&square.name()), Ok(square));
        assert_eq!(Square::parse(&square.name().to_lowercase()), Ok(square));
    }
    assert_eq!(Square::parse("mM"), Ok(Square::ALL[4]));
}

#[test]
fn bad_move_names_say_what_is_wrong() {
    assert!(matches!(
        Square::parse("M"),
        Err(BadNotation::WrongLength { .. })
    ));
    assert!(matches!(
        Square::parse("MMM"),
        Err(BadNotation::WrongLength { .. })
    ));
    assert_eq!(Square::parse("XM"), Err(BadNotation::BadRow('X')));
    assert_eq!(Square::parse("MZ"), Err(BadNotation::BadColumn('Z')));
    assert_eq!(Square::parse("Mé"), Err(BadNotation::BadColumn('é')));
}

#[test]
fn x_moves_first_and_players_alternate() {
    let mut game = TicTacToe::default();
    assert_eq!(game.to_move(), Player::X);
    game.play(Square::ALL[4]).unwrap();
    assert_eq!(game.to_move(), Player::O);
    assert_eq!(game.picture(), "....X....");
    assert_eq!(
        game.play(Square::ALL[4]),
        Err(IllegalMove::Occupied {
            square: Square::ALL[4],
            by: Player::X
        })
    );
    assert_eq!(
        game.picture(),
        "....X....",
        "a refused move changes nothing"
    );
}

#[test]
fn three_in_a_row_wins_and_a_full_board_without_one_draws() {
    assert_eq!(
        position("XXXOO....").outcome(),
        Some(Outcome::Win(Player::X))
    );
    assert_eq!(
        position("XX.OOOX..").outcome(),
        Some(Outcome::Win(Player::O))
    );
    assert_eq!(position("XOXXOOOXX").outcome(), Some(Outcome::Draw));
    assert_eq!(position("XO.......").outcome(), None);
    assert!(position("XXXOO....").legal_moves().is_empty());
    let mut over = position("XXXOO....");
    assert_eq!(over.play(Square::ALL[8]), Err(IllegalMove::GameOver));
}

#[test]
fn misere_gives_the_game_to_the_other_player() {
    let rules = Rules { misere: true };
    let won = TicTacToe::from_picture("XXXOO....", rules).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::O)));
    let draw = TicTacToe::from_picture("XOXXOOOXX", rules).unwrap();
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
}

#[test]
fn pictures_are_checked() {
    assert_eq!(
        TicTacToe::from_picture("X", Rules::default()),
        Err(BadPicture::WrongLength(1))
    );
    assert_eq!(
        TicTacToe::from_picture("X...Q....", Rules::default()),
        Err(BadPicture::BadCharacter('Q'))
    );
    assert_eq!(
        TicTacToe::from_picture("XX.......", Rules::default()),
        Err(BadPicture::ImpossibleCounts { x: 2, o: 0 })
    );
    assert_eq!(
        TicTacToe::from_picture("XXXOOO...", Rules::default()),
        Err(BadPicture::BothWon)
    );
    assert_eq!(
        TicTacToe::from_picture("XXXOOOX..", Rules::default()),
        Err(BadPicture::BothWon)
    );
}

#[test]
fn codes_order_like_pictures() {
    let mut pictures = Vec::new();
    for code in 0..19_683 {
        let position = TicTacToe::from_code(code, Rules::default()).unwrap();
        assert_eq!(position.code(), code);
        pictures.push(position.picture());
    }
    let mut sorted = pictures.clone();
    sorted.sort();
    assert_eq!(pictures, sorted, ". < O < X in both orders");
    assert_eq!(TicTacToe::from_code(19_683, Rules::default()), None);
}

#[test]
fn transforming_a_position_moves_its_marks() {
    let game = position("X...O....");
    assert_eq!(
        game.transform(Symmetry::QuarterTurnClockwise).picture(),
        "..X.O...."
    );
    assert_eq!(
        game.transform(Symmetry::MirrorTopBottom).picture(),
        "....O.X.."
    );
    for symmetry in Symmetry::ALL {
        let image = game.transform(symmetry);
        assert_eq!(image.transform(symmetry.inverse()), game);
    }
}

#[test]
fn playing_commutes_with_symmetry() {
    let game = position("X...O....");
    for (index, symmetry) in Symmetry::ALL.into_iter().enumerate() {
        for square in game.legal_moves() {
            let mut played_then_turned = game;
            played_then_turned.play(square).unwrap();
            let mut turned_then_played = game.transformed(index);
            turned_then_played
                .play(game.transform_move(square, index))
                .unwrap();
            assert_eq!(played_then_turned.transform(symmetry), turned_then_played);
        }
    }
}

#[test]
fn the_canonical_key_is_the_smallest_image() {
    let corner = position("X........");
    let other_corner = position("........X");
    assert_eq!(corner.canonical_key(), other_corner.canonical_key());
    assert_eq!(
        TicTacToe::from_code(usize::from(corner.canonical_key()), Rules::default())
            .unwrap()
            .picture(),
        "........X",
        "X as late as possible, since . < O < X"
    );
}
