//! Classic MENACE: its boxes against the listing, and the drawing and learning rules on
//! the 3x3 board, as the seed article gives them.

use super::*;
use crate::game::{Game, Outcome, Rules};
use crate::menace::boxes::matchboxes;
use crate::menace::generic::{Turn, TurnError};
use crate::menace::preset::PresetError;
use crate::menace::{EmptyBox, GameResult};

/// The learner's boxes are the classic listing, box for box: index `i` is box
/// `i + 1` of `boxes`, with the same picture.
#[test]
fn the_boxes_are_the_classic_listing_in_order() {
    for side in [Player::X, Player::O] {
        let menace = new(side, Preset::michie(), &mut ChaCha8Rng::seed_from_u64(1));
        let listing = matchboxes_for(side);
        assert_eq!(menace.len(), listing.len());
        for (id, matchbox) in listing.iter() {
            let made = menace.get(id.index()).unwrap();
            assert_eq!(made.picture().picture(), matchbox.name());
        }
        assert!(menace.boxes_made_up_front());
    }
}

/// Beads read from cells come back as the same cells, and a turn draws only them.
#[test]
fn cells_go_in_and_come_out_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let fresh = new(Player::X, Preset::challenge(), &mut rng);
    let beads: Vec<[u32; 9]> = (0..fresh.len()).map(|index| cells(&fresh, index)).collect();
    let mut again = from_cells(Player::X, Preset::challenge(), &beads, Record::default())
        .expect("a fresh MENACE's own beads are valid");
    assert_eq!(again, fresh);
    let turn = again.take_turn(&TicTacToe::default(), &mut rng).unwrap();
    assert!(matches!(turn, Turn::Drew { box_index: 0, .. }));
}

#[test]
fn beads_on_an_occupied_cell_are_refused() {
    let fresh = new(
        Player::X,
        Preset::michie(),
        &mut ChaCha8Rng::seed_from_u64(3),
    );
    let mut beads: Vec<[u32; 9]> = (0..fresh.len()).map(|index| cells(&fresh, index)).collect();
    // Box 2 is MENACE's second move: some cell of its picture is taken.
    let taken = (0..9)
        .find(|cell| {
            fresh
                .get(1)
                .unwrap()
                .picture()
                .at(Square::ALL[*cell])
                .is_some()
        })
        .unwrap();
    beads[1][taken] = 1;
    assert!(from_cells(Player::X, Preset::michie(), &beads, Record::default()).is_err());
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

fn total(menace: &ClassicMenace, index: usize) -> u64 {
    menace.get(index).unwrap().total()
}

fn all_beads(menace: &ClassicMenace) -> u64 {
    (0..menace.len()).map(|index| total(menace, index)).sum()
}

/// Sets box `index`'s beads from one count per cell.
fn set_cells(menace: &mut ClassicMenace, index: usize, counts: [u32; 9]) {
    let beads = menace
        .get(index)
        .unwrap()
        .moves()
        .iter()
        .map(|square| counts[square.index()])
        .collect();
    menace.set_beads(index, beads);
}

#[test]
fn challenge_boxes_hold_one_random_legal_bead_per_empty_cell() {
    let menace = new(Player::X, Preset::challenge(), &mut rng());
    for (id, matchbox) in matchboxes().iter() {
        let legal = matchbox.legal_squares().count() as u64;
        assert_eq!(total(&menace, id.index()), legal, "box {}", matchbox.name());
        let cells = cells(&menace, id.index());
        for square in Square::ALL {
            if matchbox.legal_mask() & (1 << square.index()) == 0 {
                assert_eq!(cells[square.index()], 0);
            }
        }
    }
}

#[test]
fn michie_boxes_hold_4_3_2_1_of_every_legal_move() {
    let menace = new(Player::X, Preset::michie(), &mut rng());
    for (id, matchbox) in matchboxes().iter() {
        let expected = [4, 3, 2, 1][matchbox.ply / 2];
        let cells = cells(&menace, id.index());
        for square in Square::ALL {
            let legal = matchbox.legal_mask() & (1 << square.index()) != 0;
            assert_eq!(cells[square.index()], if legal { expected } else { 0 });
        }
    }
}

#[test]
fn a_turn_takes_the_drawn_bead_out_and_places_x_where_it_points() {
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    let board = TicTacToe::from_picture("....X...O", Rules::default()).unwrap();
    assert_eq!(board.to_move(), Player::X);
    let before = all_beads(&menace);
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let Turn::Drew {
        picture_move,
        real_move,
        symmetry,
        ..
    } = turn
    else {
        panic!("a full box draws a bead");
    };
    assert_eq!(board.transform_move(real_move, symmetry), picture_move);
    assert_eq!(board.at(real_move), None, "X goes on an empty cell");
    assert_eq!(all_beads(&menace), before - 1);
}

#[test]
fn draws_follow_the_bead_counts() {
    // A box with 3 beads on one cell and 1 on another: about 3 draws in 4 go to the first.
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    set_cells(&mut menace, 0, [3, 1, 0, 0, 0, 0, 0, 0, 0]);
    let mut generator = rng();
    let mut corner = 0;
    for _ in 0..4000 {
        let mut trial = menace.clone();
        if let Ok(Turn::Drew { picture_move, .. }) =
            trial.take_turn(&TicTacToe::default(), &mut generator)
            && picture_move.index() == 0
        {
            corner += 1;
        }
    }
    assert!(
        (2850..3150).contains(&corner),
        "corner drawn {corner} of 4000"
    );
}

/// A fresh MENACE's first turn and the lesson of `result`: the learner, the bead's box
/// and cell, and the count of that cell before and after learning.
fn play_and_learn(preset: Preset, result: GameResult) -> (ClassicMenace, usize, Square, u32) {
    let mut menace = new(Player::X, preset, &mut rng());
    let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
    let Turn::Drew {
        box_index,
        picture_move,
        ..
    } = turn
    else {
        panic!("the first box draws");
    };
    let changes = menace.learn(&[turn.drawn().unwrap()], result);
    assert_eq!(changes.len(), 1);
    (menace, box_index, picture_move, changes[0].before)
}

#[test]
fn michie_rewards_are_plus_three_plus_one_minus_one() {
    for (result, net) in [
        (GameResult::Won, 3),
        (GameResult::Drew, 1),
        (GameResult::Lost, -1),
    ] {
        let (menace, index, cell, before) = play_and_learn(Preset::michie(), result);
        let after = cells(&menace, index)[cell.index()];
        assert_eq!(i64::from(after), 4 + net, "{result:?}");
        assert_eq!(before, 3, "the drawn bead was out");
    }
}

#[test]
fn challenge_rewards_are_plus_one_zero_minus_one() {
    for (result, net) in [
        (GameResult::Won, 1),
        (GameResult::Drew, 0),
        (GameResult::Lost, -1),
    ] {
        let fresh = new(Player::X, Preset::challenge(), &mut rng());
        let (menace, index, cell, _) = play_and_learn(Preset::challenge(), result);
        let before = i64::from(cells(&fresh, index)[cell.index()]);
        let after = i64::from(cells(&menace, index)[cell.index()]);
        assert_eq!(after - before, net, "{result:?}");
        assert_eq!(menace.record().games(), 1);
    }
}

#[test]
fn a_reward_below_minus_one_takes_more_beads_but_never_below_zero() {
    let preset = Preset::parse("custom 1/1/1/1 1/0/-5 resign").unwrap();
    let (menace, index, cell, _) = play_and_learn(preset, GameResult::Lost);
    assert_eq!(cells(&menace, index)[cell.index()], 0);
}

#[test]
fn resign_rule_gives_up_on_an_empty_box_and_refuses_an_empty_first_box() {
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    set_cells(&mut menace, 0, [0; 9]);
    assert!(menace.refuses_to_play(&TicTacToe::default()));
    let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
    assert!(matches!(turn, Turn::Resigned(0)));
}

/// Misère plays on the classic boxes (its positions are the same), so every question
/// about a position finds the box a misère game draws from: the first box, which box
/// serves a position, and the refusal to start with an empty first box.
#[test]
fn misere_positions_find_the_classic_boxes() {
    let misere = TicTacToe::new(Rules { misere: true });
    for side in [Player::X, Player::O] {
        let menace = new(side, Preset::michie(), &mut rng());
        let mut board = misere;
        let mut compared = 0;
        for square in [4, 0, 8, 2, 6] {
            if board.to_move() == side {
                let classic = TicTacToe::from_picture(&board.picture(), Rules::default()).unwrap();
                let found = menace.box_for(&board);
                assert!(found.is_some(), "no box for misère {}", board.picture());
                assert_eq!(found, menace.box_for(&classic));
                compared += 1;
            }
            board.play(Square::ALL[square]).unwrap();
        }
        assert!(compared >= 2);
    }
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    assert!(!menace.refuses_to_play(&misere));
    set_cells(&mut menace, 0, [0; 9]);
    assert!(menace.refuses_to_play(&misere));
}

#[test]
fn refill_rule_puts_three_random_legal_beads_into_an_empty_box() {
    let mut menace = new(Player::X, Preset::challenge(), &mut rng());
    let mut board = TicTacToe::from_picture("XO.......", Rules::default()).unwrap();
    board.play(Square::ALL[8]).unwrap();
    board.play(Square::ALL[4]).unwrap();
    let (index, _) = menace.box_for(&board).unwrap();
    set_cells(&mut menace, index, [0; 9]);
    assert!(!menace.refuses_to_play(&TicTacToe::default()));
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let Turn::Drew {
        refilled,
        beads_before,
        real_move,
        ..
    } = turn
    else {
        panic!("refill draws");
    };
    assert!(refilled);
    assert_eq!(beads_before, 3);
    assert_eq!(total(&menace, index), 2, "one of the three was drawn");
    assert_eq!(board.at(real_move), None);
    let legal = matchboxes()
        .get(matchboxes().id(index).unwrap())
        .legal_mask();
    let cells = cells(&menace, index);
    for square in Square::ALL {
        if legal & (1 << square.index()) == 0 {
            assert_eq!(cells[square.index()], 0);
        }
    }
}

#[test]
fn a_menace_playing_o_draws_from_its_own_boxes_and_learns_from_its_side() {
    let mut menace = new(Player::O, Preset::michie(), &mut rng());
    let mut board = TicTacToe::default();
    board.play(Square::ALL[4]).unwrap();
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    let drawn = turn.drawn().unwrap();
    assert_eq!(menace.get(drawn.box_index).unwrap().ply(), 1);
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
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
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
fn misere_positions_are_served_by_the_same_boxes() {
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    let board = TicTacToe::new(Rules { misere: true });
    let turn = menace.take_turn(&board, &mut rng()).unwrap();
    assert!(matches!(turn, Turn::Drew { box_index: 0, .. }), "{turn:?}");
    assert_eq!(menace.len(), 304, "no box made for misère");
}

/// The example under a box names a bead the box holds: a cell without beads would
/// show a move MENACE cannot make from it.
#[test]
fn a_boxs_example_is_a_bead_it_holds() {
    let mut menace = new(Player::X, Preset::michie(), &mut rng());
    let start = crate::registry::start(&["classic"]).unwrap();
    let game = start.from_picture(".......OX").unwrap();
    let learner: &dyn Learner = &menace;
    let found = learner.box_for(game.as_ref()).unwrap();
    let index = found.summary.number - 1;
    let first = menace.get(index).unwrap().moves()[0];
    let mut counts = cells(&menace, index);
    counts[first.index()] = 0;
    set_cells(&mut menace, index, counts);
    let learner: &dyn Learner = &menace;
    let (bead, _) = learner.box_for(game.as_ref()).unwrap().example.unwrap();
    assert_ne!(bead, first.name());
    let bead = Square::parse(&bead).unwrap();
    assert!(
        cells(&menace, index)[bead.index()] > 0,
        "{bead} holds no bead"
    );
}
