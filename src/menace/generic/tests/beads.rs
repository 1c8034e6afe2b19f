//! The generic learner's beads against the classic learner's: the same games drawn from
//! the same random numbers must leave the same beads in every box, under every preset,
//! and rewards stay between none and the most a box holds. Kept apart from the tests of
//! which boxes are made, since these compare learning, not counting.

use super::*;

/// Plays games of classic noughts and crosses against a random opponent, classic MENACE
/// (its boxes and table made up front) choosing MENACE's moves and a plain learner
/// (boxes made as met, or all at once without the table) drawing from the same random
/// numbers, and checks after every draw and every game that their beads agree.
fn compare_with_classic(preset: Preset, side: Player, fill: bool, games: usize) -> (u32, u32) {
    let mut classic = classic::new(side, preset, &mut rng(10));
    let mut generic = Menace::<TicTacToe>::new(side, preset, DEFAULT_BOX_LIMIT);
    if fill {
        generic
            .fill_reachable(&TicTacToe::default(), &mut rng(10))
            .unwrap();
    }
    let (mut classic_rng, mut generic_rng, mut opponent) = (rng(11), rng(11), rng(12));
    let (mut refills, mut resignations) = (0, 0);
    assert_same_beads(&classic, &generic);
    for _ in 0..games {
        let mut board = TicTacToe::default();
        let (mut classic_drawn, mut generic_drawn): (Vec<Drawn>, Vec<Drawn>) = (vec![], vec![]);
        let result = loop {
            if let Some(outcome) = board.outcome() {
                break GameResult::for_side(outcome, side);
            }
            if board.to_move() != side {
                let moves = board.legal_moves();
                board
                    .play(moves[opponent.random_range(0..moves.len())])
                    .unwrap();
                continue;
            }
            let classic_turn = classic.take_turn(&board, &mut classic_rng).unwrap();
            let generic_turn = generic.take_turn(&board, &mut generic_rng).unwrap();
            match (classic_turn, generic_turn) {
                (
                    Turn::Drew {
                        picture_move: bead,
                        real_move: square,
                        beads_before,
                        refilled,
                        ..
                    },
                    Turn::Drew {
                        picture_move,
                        real_move,
                        beads_before: generic_before,
                        refilled: generic_refilled,
                        created,
                        ..
                    },
                ) => {
                    assert_eq!(bead, picture_move);
                    assert_eq!(beads_before, generic_before);
                    assert_eq!(refilled, generic_refilled);
                    assert!(!fill || !created);
                    refills += u32::from(refilled);
                    // The same real cell, even where the position is symmetric: the
                    // symmetry chosen is the classic table's.
                    assert_eq!(real_move, square, "{}", board.picture());
                    classic_drawn.extend(classic_turn.drawn());
                    generic_drawn.extend(generic_turn.drawn());
                    board.play(square).unwrap();
                }
                (Turn::Forced(square), Turn::Forced(mv)) => {
                    assert_eq!(square, mv);
                    board.play(square).unwrap();
                }
                (Turn::Resigned(_), Turn::Resigned(_)) => {
                    resignations += 1;
                    break GameResult::Lost;
                }
                other => panic!("the learners disagree: {other:?}"),
            }
            assert_same_beads(&classic, &generic);
        };
        let classic_changes = classic.learn(&classic_drawn, result);
        let generic_changes = generic.learn(&generic_drawn, result);
        let classic_pairs: Vec<(u32, u32)> = classic_changes
            .iter()
            .map(|c| (c.before, c.after))
            .collect();
        let generic_pairs: Vec<(u32, u32)> = generic_changes
            .iter()
            .map(|c| (c.before, c.after))
            .collect();
        assert_eq!(classic_pairs, generic_pairs);
        assert_same_beads(&classic, &generic);
    }
    assert_eq!(classic.record(), generic.record());
    assert_eq!(classic.record().games(), games as u64);
    (refills, resignations)
}

/// Every plain box holds the same beads as the classic box of its picture.
fn assert_same_beads(classic: &Menace<TicTacToe>, generic: &Menace<TicTacToe>) {
    for (_, matchbox) in generic.boxes() {
        let (index, symmetry) = classic.box_for(matchbox.picture()).unwrap();
        assert_eq!(symmetry, 0, "the same picture");
        let mut expected = classic::cells(classic, index);
        for (mv, count) in matchbox.moves().iter().zip(matchbox.beads()) {
            assert_eq!(
                expected[mv.index()],
                *count,
                "box {}",
                matchbox.picture().picture()
            );
            expected[mv.index()] = 0;
        }
        assert_eq!(expected, [0; 9], "no beads off the picture's legal moves");
    }
}

#[test]
fn beads_change_as_in_the_classic_learner_under_every_preset() {
    let custom = Preset::parse("custom 8/4/2/1 3/1/-1 resign").unwrap();
    // One bead per move empties boxes soon, so that both empty-box rules are used.
    let refill = Preset::parse("custom 1/1/1/1 1/0/-1 refill").unwrap();
    let resign = Preset::parse("custom 1/1/1/1 1/0/-1 resign").unwrap();
    for side in [Player::X, Player::O] {
        compare_with_classic(Preset::challenge(), side, true, 400);
        for fill in [true, false] {
            compare_with_classic(Preset::michie(), side, fill, 400);
            compare_with_classic(custom, side, fill, 400);
            let (refills, _) = compare_with_classic(refill, side, fill, 400);
            assert!(refills > 0, "the refill rule was used ({side})");
            let (_, resignations) = compare_with_classic(resign, side, fill, 400);
            assert!(resignations > 0, "the resign rule was used ({side})");
        }
    }
}

#[test]
fn rewards_are_clamped_to_zero_and_max_beads() {
    let preset = Preset::parse("custom 1/1/1/1 1/0/-5 resign").unwrap();
    let mut menace = Menace::<TicTacToe>::new(Player::X, preset, 10);
    let turn = menace
        .take_turn(&TicTacToe::default(), &mut rng(3))
        .unwrap();
    let drawn = turn.drawn().unwrap();
    let changes = menace.learn(&[drawn], GameResult::Lost);
    assert_eq!((changes[0].before, changes[0].after), (0, 0));

    // A full box, in the classic learner and in the generic one alike.
    let michie = Preset::michie();
    let fresh = classic::new(Player::X, michie, &mut rng(3));
    let mut beads: Vec<[u32; 9]> = (0..fresh.len())
        .map(|i| classic::cells(&fresh, i))
        .collect();
    beads[0] = [MAX_BEADS; 9];
    let mut classic = classic::from_cells(Player::X, michie, &beads, Record::default()).unwrap();
    let mut generic = Menace::<TicTacToe>::new(Player::X, michie, 10);
    generic
        .take_turn(&TicTacToe::default(), &mut rng(4))
        .unwrap();
    generic.boxes[0].beads.fill(MAX_BEADS);
    let classic_drawn = classic
        .take_turn(&TicTacToe::default(), &mut rng(5))
        .unwrap();
    let generic_drawn = generic
        .take_turn(&TicTacToe::default(), &mut rng(5))
        .unwrap();
    let classic_change = classic.learn(&[classic_drawn.drawn().unwrap()], GameResult::Won);
    let generic_change = generic.learn(&[generic_drawn.drawn().unwrap()], GameResult::Won);
    assert_eq!(generic_change[0].before, MAX_BEADS - 1);
    assert_eq!(generic_change[0].after, MAX_BEADS);
    assert_eq!(classic_change[0].after, generic_change[0].after);
    let back = generic_drawn.drawn().unwrap();
    generic.return_beads(&[back]);
    assert_eq!(generic.get(0).unwrap().beads()[back.bead], MAX_BEADS);
}
