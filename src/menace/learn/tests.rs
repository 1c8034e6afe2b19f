use super::*;
use crate::game::Game;
use crate::game::Rules;
use crate::menace::boxes::matchboxes;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

fn first_box() -> BoxId {
    matchboxes().find(&TicTacToe::default()).unwrap().id
}

#[test]
fn challenge_boxes_hold_one_random_legal_bead_per_empty_cell() {
    let menace = Menace::new(Preset::challenge(), &mut rng());
    for (id, matchbox) in matchboxes().iter() {
        let legal = matchbox.legal_squares().count() as u64;
        assert_eq!(menace.total(id), legal, "box {}", matchbox.name());
        for square in Square::ALL {
            if matchbox.legal_mask() & (1 << square.index()) == 0 {
                assert_eq!(menace.beads(id)[square.index()], 0);
            }
        }
    }
}

#[test]
fn michie_boxes_hold_4_3_2_1_of_every_legal_move() {
    let menace = Menace::new(Preset::michie(), &mut rng());
    for (id, matchbox) in matchboxes().iter() {
        let expected = [4, 3, 2, 1][matchbox.ply / 2];
        for square in Square::ALL {
            let legal = matchbox.legal_mask() & (1 << square.index()) != 0;
            let want = if legal { expected } else { 0 };
            assert_eq!(menace.beads(id)[square.index()], want);
        }
    }
}

#[test]
fn a_turn_takes_the_drawn_bead_out_and_places_x_where_it_points() {
    let mut menace = Menace::new(Preset::michie(), &mut rng());
    let board = TicTacToe::from_picture("....X...O", Rules::default()).unwrap();
    assert_eq!(board.to_move(), Player::X);
    let before: u64 = menace
        .all_beads()
        .iter()
        .flatten()
        .map(|n| u64::from(*n))
        .sum();
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let Turn::Drew {
        lookup,
        bead,
        square,
        ..
    } = turn
    else {
        panic!("a full box draws a bead");
    };
    assert_eq!(square, lookup.bead_to_board(bead));
    assert_eq!(board.at(square), None, "X goes on an empty cell");
    let after: u64 = menace
        .all_beads()
        .iter()
        .flatten()
        .map(|n| u64::from(*n))
        .sum();
    assert_eq!(after, before - 1);
}

#[test]
fn draws_follow_the_bead_counts() {
    // A box with 3 beads on one cell and 1 on another: about 3 draws in 4 go to the first.
    let mut menace = Menace::new(Preset::michie(), &mut rng());
    let first = first_box();
    menace.set_cells(first.index(), &[3, 1, 0, 0, 0, 0, 0, 0, 0]);
    let mut generator = rng();
    let mut corner = 0;
    for _ in 0..4000 {
        let mut trial = menace.clone();
        if let Ok(Turn::Drew { bead, .. }) = trial.take_turn(&TicTacToe::default(), &mut generator)
            && bead.index() == 0
        {
            corner += 1;
        }
    }
    assert!(
        (2850..3150).contains(&corner),
        "corner drawn {corner} of 4000"
    );
}

fn play_and_learn(preset: Preset, result: GameResult) -> (Menace, Vec<Reinforcement>, Drawn) {
    let mut menace = Menace::new(preset, &mut rng());
    let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
    let drawn = turn.drawn().unwrap();
    let changes = menace.learn(&[drawn], result);
    (menace, changes, drawn)
}

#[test]
fn michie_rewards_are_plus_three_plus_one_minus_one() {
    for (result, net) in [
        (GameResult::Won, 3),
        (GameResult::Drew, 1),
        (GameResult::Lost, -1),
    ] {
        let (menace, changes, drawn) = play_and_learn(Preset::michie(), result);
        assert_eq!(changes.len(), 1);
        let after = menace.beads(drawn.id)[drawn.bead.index()];
        assert_eq!(i64::from(after), 4 + net, "{result:?}");
        assert_eq!(changes[0].before, 3, "the drawn bead was out");
    }
}

#[test]
fn challenge_rewards_are_plus_one_zero_minus_one() {
    for (result, net) in [
        (GameResult::Won, 1),
        (GameResult::Drew, 0),
        (GameResult::Lost, -1),
    ] {
        let fresh = Menace::new(Preset::challenge(), &mut rng());
        let (menace, _, drawn) = play_and_learn(Preset::challenge(), result);
        let before = i64::from(fresh.beads(drawn.id)[drawn.bead.index()]);
        let after = i64::from(menace.beads(drawn.id)[drawn.bead.index()]);
        assert_eq!(after - before, net, "{result:?}");
        assert_eq!(menace.record().games(), 1);
    }
}

#[test]
fn a_reward_below_minus_one_takes_more_beads_but_never_below_zero() {
    let preset = Preset::parse("custom 1/1/1/1 1/0/-5 resign").unwrap();
    let (menace, _, drawn) = play_and_learn(preset, GameResult::Lost);
    assert_eq!(menace.beads(drawn.id)[drawn.bead.index()], 0);
}

#[test]
fn resign_rule_gives_up_on_an_empty_box_and_refuses_an_empty_first_box() {
    let mut menace = Menace::new(Preset::michie(), &mut rng());
    let first = first_box();
    menace.set_cells(first.index(), &[0; 9]);
    assert_eq!(menace.refuses_to_play(), Some(first));
    let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
    assert!(matches!(turn, Turn::Resigned(_)));
}

#[test]
fn refill_rule_puts_three_random_legal_beads_into_an_empty_box() {
    let mut menace = Menace::new(Preset::challenge(), &mut rng());
    let board = TicTacToe::from_picture("XO.......", Rules::default()).unwrap();
    let mut board = board;
    board.play(Square::ALL[8]).unwrap();
    board.play(Square::ALL[4]).unwrap();
    let lookup = matchboxes().find(&board).unwrap();
    menace.set_cells(lookup.id.index(), &[0; 9]);
    assert_eq!(menace.refuses_to_play(), None);
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let Turn::Drew {
        refilled,
        beads_before,
        square,
        ..
    } = turn
    else {
        panic!("refill draws");
    };
    assert!(refilled);
    assert_eq!(beads_before, 3);
    assert_eq!(menace.total(lookup.id), 2, "one of the three was drawn");
    assert_eq!(board.at(square), None);
    let legal = matchboxes().get(lookup.id).legal_mask();
    for square in Square::ALL {
        if legal & (1 << square.index()) == 0 {
            assert_eq!(menace.beads(lookup.id)[square.index()], 0);
        }
    }
}

#[test]
fn a_menace_playing_o_draws_from_its_own_boxes_and_learns_from_its_side() {
    let mut menace = Menace::new_for(Player::O, Preset::michie(), &mut rng());
    let mut board = TicTacToe::default();
    board.play(Square::ALL[4]).unwrap();
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let drawn = turn.drawn().unwrap();
    assert_eq!(menace.boxes().get(drawn.id).ply, 1);
    assert_eq!(
        menace.take_turn(&TicTacToe::default(), &mut rng()),
        Err(TurnError::NotMenacesTurn)
    );
    assert_eq!(
        GameResult::for_side(Outcome::Win(Player::O), Player::O),
        GameResult::Won
    );
    let changes = menace.learn(&[drawn], GameResult::Won);
    assert_eq!(
        changes[0].after,
        4 + 3,
        "4 beads per move in the boxes of its first move, +3"
    );
}

#[test]
fn the_fifth_move_is_forced_and_uses_no_box() {
    let mut menace = Menace::new(Preset::michie(), &mut rng());
    let board = TicTacToe::from_picture("XOXXOOOX.", Rules::default()).unwrap();
    let before = menace.clone();
    assert_eq!(
        menace.take_turn(&board, &mut rng()),
        Ok(Turn::Forced(Square::ALL[8]))
    );
    assert_eq!(menace, before);
}

#[test]
fn presets_parse_and_print_the_same_way() {
    for text in ["challenge", "michie", "custom 8/4/2/1 3/1/-1 refill"] {
        let preset = Preset::parse(text).unwrap();
        assert_eq!(Preset::parse(&preset.spec()), Ok(preset));
    }
    assert_eq!(
        Preset::parse("custom 8/4/2/1 3/1/-1").unwrap().empty_box,
        EmptyBox::Resign
    );
    assert!(matches!(
        Preset::parse("fancy"),
        Err(PresetError::UnknownName(_))
    ));
    assert!(matches!(
        Preset::parse("custom 8/4/2 3/1/-1"),
        Err(PresetError::BadStart(_))
    ));
    assert!(matches!(
        Preset::parse("custom 8/4/2/1 3/1"),
        Err(PresetError::BadRewards(_))
    ));
    // The most negative i32 has no absolute value in i32: it must still be refused.
    assert!(matches!(
        Preset::parse("custom 1/1/1/1 -2147483648/1/1"),
        Err(PresetError::BadRewards(_))
    ));
    assert!(matches!(
        Preset::parse("custom 8/4/2/1 3/1/-1 maybe"),
        Err(PresetError::BadEmptyBox(_))
    ));
    assert!(matches!(
        Preset::parse("michie now"),
        Err(PresetError::ExtraWords(_))
    ));
    assert!(matches!(Preset::parse(""), Err(PresetError::Missing)));
}

#[test]
fn loading_parts_refuses_beads_on_occupied_cells() {
    let menace = Menace::new(Preset::michie(), &mut rng());
    let mut beads = menace.all_beads().to_vec();
    beads[1][4] = 0;
    // Box 1 (ply 2) has X somewhere: find an occupied cell and put a bead there.
    let occupied = (0..9)
        .find(|cell| matchboxes().iter().nth(1).unwrap().1.legal_mask() & (1 << cell) == 0)
        .unwrap();
    beads[1][occupied] = 1;
    assert!(Menace::from_parts(Preset::michie(), beads, Record::default()).is_err());
}

#[test]
fn misere_positions_are_served_by_the_same_boxes() {
    let mut menace = Menace::new(Preset::michie(), &mut rng());
    let board = TicTacToe::new(Rules { misere: true });
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    assert!(
        matches!(turn, Turn::Drew { lookup, .. } if lookup.id.index() == 0),
        "{turn:?}"
    );
    assert_eq!(menace.generic().len(), 304, "no box made for misère");
}
