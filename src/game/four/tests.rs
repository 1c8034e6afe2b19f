use super::*;

/// The byte tables move every cell where the symmetry sends it, and the canonical
/// key is the smallest image's key, in every rule set (crazy's swap of marks too).
#[test]
fn canonical_keys_are_the_smallest_image() {
    for mask in (0..=u16::MAX).step_by(97) {
        for index in 0..8 {
            let by_cell = (0..16u8)
                .filter(|cell| mask & (1 << cell) != 0)
                .fold(0u16, |image, cell| {
                    image | 1 << square_symmetry(index, cell)
                });
            assert_eq!(mask_image(index, mask), by_cell);
        }
    }
    for rules in [
        FourRules::default(),
        FourRules {
            no_anti_diagonal: true,
            ..FourRules::default()
        },
        FourRules {
            crazy: true,
            ..FourRules::default()
        },
    ] {
        for x in (0..=u16::MAX).step_by(331) {
            let position = FourByFour {
                x,
                o: !x & x.rotate_left(5),
                rules,
                line_made: false,
            };
            let smallest = (0..position.symmetry_count())
                .map(|index| position.transformed(index).key())
                .min()
                .unwrap();
            assert_eq!(position.canonical_key(), smallest);
        }
    }
}

#[test]
fn squares_are_named_chess_style() {
    let game = FourByFour::new(FourRules::default());
    assert_eq!(
        game.move_name(FourMove {
            cell: 0,
            mark: Player::X
        }),
        "a4"
    );
    assert_eq!(
        game.move_name(FourMove {
            cell: 15,
            mark: Player::X
        }),
        "d1"
    );
    for mv in game.legal_moves() {
        assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
    }
    let crazy = FourByFour::new(FourRules {
        crazy: true,
        ..FourRules::default()
    });
    assert_eq!(crazy.legal_moves().len(), 32);
    for mv in crazy.legal_moves() {
        assert_eq!(crazy.parse_move(&crazy.move_name(mv)), Ok(mv));
    }
    assert!(game.parse_move("e1").is_err());
    assert!(game.parse_move("a5").is_err());
    assert!(crazy.parse_move("a4").is_err());
}

#[test]
fn four_identical_marks_give_the_first_player_the_game() {
    let mut game = FourByFour::new(FourRules::default());
    // O fills the top rank while X plays elsewhere: O's line wins for X.
    for name in ["d1", "a4", "c1", "b4", "b1", "c4", "a2", "d4"] {
        game.play(game.parse_move(name).unwrap()).unwrap();
    }
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
}

#[test]
fn the_anti_diagonal_option_removes_one_line_and_four_symmetries() {
    let full = FourByFour::new(FourRules::default());
    let reduced = FourByFour::new(FourRules {
        no_anti_diagonal: true,
        ..FourRules::default()
    });
    assert_eq!(full.lines().len(), 10);
    assert_eq!(reduced.lines().len(), 9);
    assert_eq!(full.symmetry_count(), 8);
    assert_eq!(reduced.symmetry_count(), 4);
    // The kept symmetries map counted lines onto counted lines.
    let lines: Vec<u16> = reduced.lines().to_vec();
    for &map in reduced.geometric_symmetries() {
        for line in &lines {
            let image = (0..16u8)
                .filter(|cell| line & (1 << cell) != 0)
                .fold(0u16, |image, cell| image | 1 << square_symmetry(map, cell));
            assert!(lines.contains(&image));
        }
    }
}

#[test]
fn playing_commutes_with_every_declared_symmetry() {
    for rules in [
        FourRules::default(),
        FourRules {
            crazy: true,
            ..FourRules::default()
        },
        FourRules {
            no_anti_diagonal: true,
            ..FourRules::default()
        },
        FourRules {
            no_diagonals: true,
            ..FourRules::default()
        },
    ] {
        let mut game = FourByFour::new(rules);
        let first = game.legal_moves()[5];
        game.play(first).unwrap();
        crate::game::symmetry::assert_play_commutes(&game, &format!("{rules:?}"));
    }
}

/// The second player's line and a full board are explained; the first player's own
/// line needs no word.
#[test]
fn results_the_second_player_did_not_expect_carry_a_note() {
    let silverman = FourByFour::new(FourRules::default());
    let play = |moves: &[&str]| {
        let mut game = silverman;
        for text in moves {
            game.play(game.parse_move(text).unwrap()).unwrap();
        }
        game
    };
    let o_line = play(&["a4", "d4", "b4", "d3", "c4", "d2", "a3", "d1"]);
    assert_eq!(o_line.outcome(), Some(Outcome::Win(Player::X)));
    let note = o_line.result_note().expect("O's line is explained");
    assert!(note.starts_with("O completed four Os in a row"), "{note}");
    assert_eq!(
        play(&["a4", "a3", "b4", "b3", "c4", "c3", "d4"]).result_note(),
        None
    );
    let full = silverman
        .from_picture("XOXO/XOXO/OXOX/OXOX")
        .expect("a full board without a line");
    assert_eq!(full.outcome(), Some(Outcome::Win(Player::O)));
    assert!(full.result_note().unwrap().starts_with("The board filled"));
    assert_eq!(silverman.result_note(), None);
}
