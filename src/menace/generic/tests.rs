//! Tests of the generic learner: its boxes against the classic listing and an independent
//! enumeration, its beads against the classic learner, its limit, its symmetry mapping,
//! and that it learns.

use super::*;
use crate::game::cube::Cube;
use crate::game::four::{FourByFour, FourRules};
use crate::game::morris::{Morris, MorrisRules};
use crate::game::{Outcome, Rules, Square, TicTacToe};
use crate::menace::boxes::matchboxes_for;
use crate::menace::classic;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::collections::{HashSet, VecDeque};

mod beads;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn filled<G: Game>(start: &G, side: Player, preset: Preset) -> Menace<G> {
    let mut menace = Menace::new(side, preset, DEFAULT_BOX_LIMIT);
    menace
        .fill_reachable(start, &mut rng(1))
        .expect("within the default limit");
    menace
}

fn per_ply<G: Game>(menace: &Menace<G>) -> Vec<(usize, usize)> {
    let mut counts = BTreeMap::new();
    for (_, matchbox) in menace.boxes() {
        *counts.entry(matchbox.ply()).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

fn misere() -> TicTacToe {
    TicTacToe::new(Rules { misere: true })
}

/// The boxes' keys, in the order made, and the classic listing's canonical keys.
fn keys_against_classic(rules: Rules, side: Player) -> (Vec<u16>, Vec<u16>) {
    let menace = filled(&TicTacToe::new(rules), side, Preset::michie());
    let generic = menace.boxes().map(|(_, b)| b.key()).collect();
    let classic = matchboxes_for(side)
        .iter()
        .map(|(_, b)| TicTacToe::new(rules).key() | b.picture.canonical_key())
        .collect();
    (generic, classic)
}

#[test]
fn classic_x_gets_the_304_boxes_1_12_108_183_of_the_listing() {
    let mut menace = filled(&TicTacToe::default(), Player::X, Preset::michie());
    assert_eq!(menace.len(), 304);
    assert_eq!(per_ply(&menace), [(0, 1), (2, 12), (4, 108), (6, 183)]);
    for (_, matchbox) in menace.boxes() {
        assert_eq!(matchbox.picture().canonical_key(), matchbox.key());
        assert_eq!(matchbox.picture().ply(), matchbox.ply());
        assert!(matchbox.moves().len() >= 2);
    }
    let (generic, classic) = keys_against_classic(Rules::default(), Player::X);
    assert_eq!(generic, classic, "the same classes, in the same order");
    assert_eq!(
        menace.fill_reachable(&TicTacToe::default(), &mut rng(2)),
        Ok(0)
    );
}

#[test]
fn classic_o_gets_the_289_boxes_3_38_153_95_of_the_listing() {
    let menace = filled(&TicTacToe::default(), Player::O, Preset::michie());
    assert_eq!(menace.len(), 289);
    assert_eq!(per_ply(&menace), [(1, 3), (3, 38), (5, 153), (7, 95)]);
    let (generic, classic) = keys_against_classic(Rules::default(), Player::O);
    assert_eq!(generic, classic);
}

/// The 8 symmetries of the 3x3 board as cell permutations, built here from a quarter turn
/// and a mirror, independently of `game::symmetry`.
fn square_symmetries() -> Vec<[usize; 9]> {
    let turn = [6, 3, 0, 7, 4, 1, 8, 5, 2];
    let mirror = [2, 1, 0, 5, 4, 3, 8, 7, 6];
    let compose = |a: [usize; 9], b: [usize; 9]| std::array::from_fn(|i| a[b[i]]);
    let mut all = Vec::new();
    let mut rotation: [usize; 9] = std::array::from_fn(|i| i);
    for _ in 0..4 {
        all.push(rotation);
        all.push(compose(rotation, mirror));
        rotation = compose(rotation, turn);
    }
    all
}

/// Brute force on plain arrays: every position reachable from the empty board, play
/// stopping at the first line of three or a full board (misère changes who wins, not
/// when play stops); the classes, by ply, of those with `side` to move, not over, and
/// at least two empty cells.
fn brute_force_boxes(side: Player) -> BTreeMap<usize, usize> {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    let symmetries = square_symmetries();
    let over = |b: &[u8; 9]| {
        LINES
            .iter()
            .any(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
            || b.iter().all(|c| *c != 0)
    };
    let mut seen = HashSet::new();
    let mut stack = vec![[0u8; 9]];
    let mut classes = BTreeSet::new();
    while let Some(board) = stack.pop() {
        if !seen.insert(board) || over(&board) {
            continue;
        }
        let ply = board.iter().filter(|c| **c != 0).count();
        let mover = if ply % 2 == 0 { Player::X } else { Player::O };
        if mover == side && ply <= 7 {
            let canonical = symmetries
                .iter()
                .map(|p| -> [u8; 9] { std::array::from_fn(|i| board[p[i]]) })
                .min();
            classes.insert((ply, canonical));
        }
        for cell in (0..9).filter(|cell| board[*cell] == 0) {
            let mut next = board;
            next[cell] = if mover == Player::X { 1 } else { 2 };
            stack.push(next);
        }
    }
    let mut per_ply = BTreeMap::new();
    for (ply, _) in classes {
        *per_ply.entry(ply).or_insert(0) += 1;
    }
    per_ply
}

#[test]
fn misere_boxes_match_a_brute_force_count() {
    for side in [Player::X, Player::O] {
        let expected = brute_force_boxes(side);
        let classic = filled(&TicTacToe::default(), side, Preset::michie());
        let menace = filled(&misere(), side, Preset::michie());
        let counted: Vec<(usize, usize)> = expected.into_iter().collect();
        assert_eq!(per_ply(&menace), counted, "misère, {side}");
        assert_eq!(per_ply(&classic), counted, "classic, {side}");
        // Misère boxes are filed under misère keys, never a classic one.
        assert!(menace.boxes().all(|(_, b)| b.key() & 0x8000 != 0));
        assert!(
            menace
                .boxes()
                .all(|(_, b)| classic.box_for(b.picture()).is_none())
        );
    }
}

/// X's ply-2 positions (X somewhere, O somewhere), one per class, in a fixed order.
fn distinct_positions() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut positions = Vec::new();
    for x in Square::ALL {
        for o in Square::ALL.into_iter().filter(|o| *o != x) {
            let mut board = TicTacToe::default();
            board.play(x).unwrap();
            board.play(o).unwrap();
            if seen.insert(board.canonical_key()) {
                positions.push(board);
            }
        }
    }
    positions
}

#[test]
fn the_sixth_new_position_passes_a_limit_of_five_and_changes_nothing() {
    let positions = distinct_positions();
    assert_eq!(positions.len(), 12);
    let mut menace = Menace::<TicTacToe>::new(Player::X, Preset::challenge(), 5);
    let mut generator = rng(6);
    for position in &positions[..5] {
        let turn = menace.take_turn(position, &mut generator).unwrap();
        assert!(matches!(turn, Turn::Drew { created: true, .. }));
    }
    assert_eq!(menace.len(), 5);
    let before = menace.clone();
    let error = menace.take_turn(&positions[5], &mut generator).unwrap_err();
    assert_eq!(error, TurnError::BoxLimit { limit: 5 });
    assert!(error.to_string().contains("limit of 5 matchboxes"));
    assert_eq!(menace, before);
    // A position already met still plays.
    let turn = menace.take_turn(&positions[0], &mut generator).unwrap();
    assert!(matches!(turn, Turn::Drew { created: false, .. }));

    // Filling is all or nothing.
    let mut small = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 303);
    let fresh = small.clone();
    assert_eq!(
        small.fill_reachable(&TicTacToe::default(), &mut generator),
        Err(TurnError::BoxLimit { limit: 303 })
    );
    assert_eq!(small, fresh);
    let mut enough = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 304);
    assert_eq!(
        enough.fill_reachable(&TicTacToe::default(), &mut generator),
        Ok(304)
    );
}

/// For random positions of `start`'s game: every bead of the box made for the position
/// stands for a legal real move, distinct beads for distinct moves, and playing the real
/// move then turning the board is playing the bead on the picture. Returns how many
/// positions needed a symmetry other than the identity.
fn check_mapping<G: Game>(start: &G, seed: u64, samples: usize) -> usize {
    let mut generator = rng(seed);
    let mut turned = 0;
    for _ in 0..samples {
        let mut game = start.clone();
        let plies = generator.random_range(0..12);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[generator.random_range(0..moves.len())])
                .unwrap();
        }
        let legal = game.legal_moves();
        if legal.len() < 2 {
            continue;
        }
        let mut menace = Menace::new(game.to_move(), Preset::michie(), DEFAULT_BOX_LIMIT);
        assert_eq!(menace.box_for(&game), None);
        let turn = menace.take_turn(&game, &mut generator).unwrap();
        let (index, symmetry) = menace.box_for(&game).unwrap();
        let matchbox = menace.get(index).unwrap();
        assert_eq!(game.transformed(symmetry).key(), matchbox.key());
        assert_eq!(game.canonical_key(), matchbox.key());
        let mut real_moves = HashSet::new();
        for (bead, picture_move) in matchbox.moves().iter().enumerate() {
            let real = matchbox.real_move(&game, symmetry, bead).unwrap();
            assert!(legal.contains(&real));
            assert!(real_moves.insert(real), "two beads name one move");
            let mut real_after = game.clone();
            real_after.play(real).unwrap();
            let mut picture_after = matchbox.picture().clone();
            picture_after.play(*picture_move).unwrap();
            assert_eq!(real_after.transformed(symmetry).key(), picture_after.key());
        }
        assert_eq!(real_moves.len(), legal.len());
        let Turn::Drew {
            bead,
            real_move,
            symmetry: used,
            created,
            ..
        } = turn
        else {
            panic!("a new box is full");
        };
        assert!(created);
        assert_eq!(used, symmetry);
        assert_eq!(matchbox.real_move(&game, symmetry, bead), Some(real_move));
        turned += usize::from(symmetry != 0);
    }
    turned
}

#[test]
fn beads_map_to_distinct_legal_real_moves_through_the_symmetries() {
    assert!(check_mapping(&TicTacToe::default(), 7, 300) > 100);
    assert!(check_mapping(&misere(), 8, 100) > 30);
    assert!(check_mapping(&Cube::new(3), 9, 200) > 100);
    assert!(check_mapping(&Morris::new(MorrisRules::default()), 10, 100) > 30);
}

#[test]
fn a_generic_menace_learns_to_lose_less_against_random_play() {
    let mut menace = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 1000);
    let (mut generator, mut opponent) = (rng(20), rng(21));
    let mut losses = Vec::new();
    for _ in 0..3000 {
        let mut board = TicTacToe::default();
        let mut drawn = Vec::new();
        let result = loop {
            if let Some(outcome) = board.outcome() {
                break GameResult::for_side(outcome, Player::X);
            }
            if board.to_move() == Player::O {
                let moves = board.legal_moves();
                board
                    .play(moves[opponent.random_range(0..moves.len())])
                    .unwrap();
                continue;
            }
            let turn = menace.take_turn(&board, &mut generator).unwrap();
            let Some(mv) = turn.real_move() else {
                break GameResult::Lost;
            };
            drawn.extend(turn.drawn());
            board.play(mv).unwrap();
        };
        losses.push(result == GameResult::Lost);
        menace.reinforce(&drawn, result);
    }
    let first = losses[..500].iter().filter(|lost| **lost).count();
    let last = losses[2500..].iter().filter(|lost| **lost).count();
    assert!(
        last < first,
        "lost {first} of the first 500, {last} of the last 500"
    );
    assert!(menace.len() <= 304);
    assert_eq!(menace.record().games(), 3000);
}

#[test]
fn refusing_to_play_follows_the_first_box() {
    let start = TicTacToe::default();
    let empty_start = Preset::parse("custom 0/4/2/1 3/1/-1 resign").unwrap();
    let menace = Menace::<TicTacToe>::new(Player::X, empty_start, 10);
    assert!(
        menace.refuses_to_play(&start),
        "its first box would be empty"
    );
    let mut menace = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 10);
    assert!(!menace.refuses_to_play(&start));
    menace.take_turn(&start, &mut rng(1)).unwrap();
    menace.boxes[0].beads.fill(0);
    assert!(menace.refuses_to_play(&start));
    assert_eq!(menace.take_turn(&start, &mut rng(1)), Ok(Turn::Resigned(0)));
    let o = Menace::<TicTacToe>::new(Player::O, empty_start, 10);
    assert!(!o.refuses_to_play(&start), "X moves first");
    assert_eq!(
        Menace::<TicTacToe>::new(Player::O, empty_start, 10).take_turn(&start, &mut rng(1)),
        Err(TurnError::NotMenacesTurn)
    );
}

/// Fills from `start` under a limit the game is known to pass, and checks the error.
fn passes_limit<G: Game + PartialEq>(start: &G, limit: usize) {
    let mut menace = Menace::new(Player::X, Preset::michie(), limit);
    let fresh = menace.clone();
    assert_eq!(
        menace.fill_reachable(start, &mut rng(1)),
        Err(TurnError::BoxLimit { limit })
    );
    assert_eq!(menace, fresh);
}

#[test]
fn the_cube_and_silverman_four_by_four_pass_a_small_limit() {
    // Both run to hundreds of thousands of boxes or more: too many for a test.
    passes_limit(&FourByFour::new(FourRules::default()), 2000);
    passes_limit(&Cube::new(3), 2000);
}

/// Three Men's Morris, counted a second way: breadth-first over positions without their
/// history (so never drawn by repetition), deduplicated by the plain key.
fn morris_classes(side: Player) -> usize {
    let start = Morris::new(MorrisRules::default());
    let mut seen = HashSet::from([start.key()]);
    let mut queue = VecDeque::from([start]);
    let mut classes = HashSet::new();
    while let Some(position) = queue.pop_front() {
        let moves = position.legal_moves();
        if position.to_move() == side && moves.len() >= 2 {
            classes.insert(position.canonical_key());
        }
        for mv in moves {
            let mut next = position.without_history();
            next.play(mv).unwrap();
            let next = next.without_history();
            if seen.insert(next.key()) {
                queue.push_back(next);
            }
        }
    }
    classes.len()
}

#[test]
fn three_mens_morris_boxes_agree_with_a_count_without_history() {
    for side in [Player::X, Player::O] {
        let menace = filled(&Morris::new(MorrisRules::default()), side, Preset::michie());
        assert_eq!(menace.len(), morris_classes(side), "{side}");
        assert!(
            menace
                .boxes()
                .all(|(_, b)| b.picture().to_move() == side && b.moves().len() >= 2)
        );
        let plies: Vec<usize> = menace.boxes().map(|(_, b)| b.ply()).collect();
        assert!(plies.windows(2).all(|w| w[0] <= w[1]), "made by ply");
    }
}

#[test]
fn a_forced_move_uses_no_box() {
    let board = TicTacToe::from_picture("XOXXOOOX.", Rules::default()).unwrap();
    let mut menace = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 10);
    assert_eq!(
        menace.take_turn(&board, &mut rng(1)),
        Ok(Turn::Forced(Square::ALL[8]))
    );
    assert!(menace.is_empty());
    let over = TicTacToe::from_picture("XXXOO....", Rules::default()).unwrap();
    assert_eq!(over.outcome(), Some(Outcome::Win(Player::X)));
    assert_eq!(
        menace.take_turn(&over, &mut rng(1)),
        Err(TurnError::NotMenacesTurn)
    );
}

/// Every position of noughts and crosses (either rules) where `side` moves from a box.
fn box_positions(rules: Rules, side: Player) -> Vec<TicTacToe> {
    crate::menace::boxes::reachable_positions()
        .into_iter()
        .map(|position| TicTacToe::from_code(position.code(), rules).unwrap())
        .filter(|position| {
            !position.is_over() && position.to_move() == side && position.legal_moves().len() >= 2
        })
        .collect()
}

#[test]
fn the_table_agrees_with_the_plain_lookup_everywhere() {
    let refill = Preset::parse("custom 1/1/1/1 1/0/-1 refill").unwrap();
    for rules in [Rules::default(), Rules { misere: true }] {
        for side in [Player::X, Player::O] {
            let mut menace = filled(&TicTacToe::new(rules), side, refill);
            let classic = matchboxes_for(side);
            let mut draws = rng(5);
            let positions = box_positions(rules, side);
            assert!(positions.len() > 2000, "{}", positions.len());
            for position in positions {
                let code = position.dense_code().unwrap();
                assert_eq!(
                    menace.dense.get(super::Found::Code(code)),
                    None,
                    "not met yet"
                );
                // The first turn goes through the plain lookup and fills the entry; the
                // second reads the table.
                for _ in 0..2 {
                    let turn = menace.take_turn(&position, &mut draws).unwrap();
                    let entry = menace
                        .dense
                        .get(super::Found::Code(code))
                        .expect("met once, kept");
                    let (index, symmetry) = menace.box_for(&position).unwrap();
                    assert_eq!(entry.box_index as usize, index, "{}", position.picture());
                    assert_eq!(usize::from(entry.symmetry), symmetry);
                    let Turn::Drew {
                        box_index,
                        bead,
                        real_move,
                        symmetry: used,
                        ..
                    } = turn
                    else {
                        panic!("a box with a choice draws a bead");
                    };
                    assert_eq!((box_index, used), (index, symmetry));
                    let matchbox = menace.get(index).unwrap();
                    assert_eq!(
                        Some(real_move),
                        matchbox.real_move(&position, symmetry, bead)
                    );
                    for each in 0..matchbox.moves().len() {
                        assert_eq!(
                            menace.dense.real_move(entry, each),
                            matchbox.real_move(&position, symmetry, each)
                        );
                    }
                    // And both agree with the classic 3^9 table: the same box in the
                    // listing order, through the same symmetry.
                    let lookup = classic.find(&position).unwrap();
                    assert_eq!(lookup.id.index(), index);
                    assert_eq!(lookup.to_picture.index(), symmetry);
                }
            }
        }
    }
}

#[test]
fn forgetting_boxes_forgets_their_table_entries() {
    let mut menace = Menace::<TicTacToe>::new(Player::X, Preset::michie(), 10);
    let start = TicTacToe::default();
    menace.take_turn(&start, &mut rng(1)).unwrap();
    let code = start.dense_code().unwrap();
    assert!(menace.dense.get(super::Found::Code(code)).is_some());
    menace.forget_boxes_from(0);
    assert_eq!(menace.dense.get(super::Found::Code(code)), None);
    assert!(matches!(
        menace.take_turn(&start, &mut rng(1)),
        Ok(Turn::Drew { created: true, .. })
    ));
}
