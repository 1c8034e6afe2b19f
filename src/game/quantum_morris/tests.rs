use super::*;
use crate::game::{Game, Outcome, Player};

fn rules(words: &[&str]) -> QuantumMorrisRules {
    QuantumMorrisRules::from_options(words)
}

/// Plays moves written in the game's notation from the start.
fn played(options: &[&str], moves: &[&str]) -> QuantumMorris {
    let mut game = QuantumMorris::new(rules(options));
    for mv in moves {
        let parsed = game
            .parse_move(mv)
            .unwrap_or_else(|why| panic!("{mv}: {why}"));
        game.play(parsed)
            .unwrap_or_else(|why| panic!("{mv} in {}: {why}", game.picture()));
    }
    game
}

/// Six pieces placed without closing a cycle.
const PLACED: [&str; 6] = ["LL-LM", "LR-MR", "ML-MM", "RL-RM", "RR-MR", "LM-ML"];

#[test]
fn placing_six_pieces_as_pairs_then_sliding_halves() {
    let game = played(&[], &PLACED[..5]);
    assert_eq!(game.to_move(), Player::O);
    assert_eq!(game.pending_collapse(), None, "{}", game.picture());
    // The sixth joins LM (tied to LL) and ML (tied to MM): no cycle.
    let game = played(&[], &PLACED);
    assert_eq!(game.pending_collapse(), None, "{}", game.picture());
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(game.picture(), "LL-LM,LR-MR,ML-MM,RL-RM,MR-RR,LM-ML X");
    // Now X slides: x1's half on LL may go to ML (down the column).
    let moves: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|mv| game.move_name(mv))
        .collect();
    assert!(moves.contains(&"x1:LL-ML".to_string()), "{moves:?}");
    // A placement is refused now, in one sentence.
    let mut trial = game.clone();
    let refused = trial
        .play(QuantumMorrisMove::Place(0, 8))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("all six pieces are placed"), "{refused}");
    assert_eq!(trial, game);
}

#[test]
fn a_placement_that_closes_a_cycle_collapses_by_the_opponents_choice() {
    // x1 LL-MM, o1 MM-RR, x2 LL-RR closes LL-MM-RR: O chooses.
    let game = played(&[], &["LL-MM", "MM-RR", "LL-RR"]);
    assert_eq!(game.pending_collapse(), Some((2, 0, 8)));
    assert_eq!(game.to_move(), Player::O);
    assert_eq!(game.picture(), "LL-MM,MM-RR,LL-RR? O");
    // x2 takes RR: o1 is pushed to MM, x1 to LL.
    let after = played(&[], &["LL-MM", "MM-RR", "LL-RR", "RR"]);
    assert_eq!(after.picture(), "LL,MM,RR O");
    assert_eq!(after.to_move(), Player::O, "O places its second piece");
    // Under closer-chooses X, who closed it, chooses.
    let closer = played(&["closer-chooses"], &["LL-MM", "MM-RR", "LL-RR"]);
    assert_eq!(closer.to_move(), Player::X);
}

#[test]
fn a_classical_piece_splits_and_a_half_merges_back() {
    // x1 and o1 on the same pair: a cycle of two; X chooses MM for o1, so x1 lands on
    // LL. The other four pieces go apart.
    let moves = ["LL-MM", "LL-MM", "MM", "LR-RR", "RL-RM", "MR-RM", "ML-LM"];
    let game = played(&[], &moves);
    assert_eq!(game.picture(), "LL,MM,LR-RR,RL-RM,MR-RM,LM-ML X");
    // x1 is classical on LL: X splits it, one half staying, the other going to LM,
    // where o3 has a half (halves may share a point).
    let split = played(&[], &[&moves[..], &["x1:LL-LM"]].concat());
    assert!(
        split.picture().starts_with("LL-LM,MM,"),
        "{}",
        split.picture()
    );
    // O splits o1 the same way; then x1's half on LM slides back onto its other half on
    // LL: a merge, and x1 is classical again.
    let merged = played(
        &[],
        &[&moves[..], &["x1:LL-LM", "o1:MM-MR", "x1:LM-LL"]].concat(),
    );
    assert!(
        merged.picture().starts_with("LL,MM-MR,"),
        "{}",
        merged.picture()
    );
    // Under no-merge the same slide is refused, naming the rule, and so is a placement
    // of both halves on one point.
    let mut no_merge = played(
        &["no-merge"],
        &[&moves[..], &["x1:LL-LM", "o1:MM-MR"]].concat(),
    );
    let refused = no_merge
        .play(no_merge.parse_move("x1:LM-LL").unwrap())
        .unwrap_err()
        .to_string();
    assert!(refused.contains("no-merge"), "{refused}");
    let mut fresh = QuantumMorris::new(rules(&["no-merge"]));
    let refused = fresh
        .play(QuantumMorrisMove::Place(4, 4))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("no-merge"), "{refused}");
}

#[test]
fn a_slide_that_closes_a_cycle_waits_for_its_collapse() {
    // After placing, x1 LL-LM and o3 LM-ML share LM; o1 LR-MR ... x1's half on LL
    // slides to ML: now x1 joins LM and ML, already joined by o3: a cycle of two.
    let game = played(&[], &[&PLACED[..], &["x1:LL-ML"]].concat());
    let (piece, a, b) = game.pending_collapse().expect("a cycle waits");
    assert_eq!((piece, a, b), (0, 1, 3));
    assert_eq!(game.to_move(), Player::O, "X closed it, O chooses");
    assert!(game.move_prompt().unwrap().contains("LM or ML"));
}

#[test]
fn lines_made_at_once_by_both_sides_are_a_draw() {
    // From a picture: X classical on the top row, O on the middle row.
    let start = QuantumMorris::new(rules(&[]));
    let both = start.from_picture("LL,ML,LM,MM,LR,MR X").unwrap();
    assert_eq!(both.outcome(), Some(Outcome::Draw));
    assert!(both.result_note().unwrap().contains("a draw"));
    let x_only = start.from_picture("LL,ML,LM,MM,LR,RR X").unwrap();
    assert_eq!(x_only.outcome(), Some(Outcome::Win(Player::X)));
}

#[test]
fn pictures_read_back_and_refuse_what_play_cannot_reach() {
    let start = QuantumMorris::new(rules(&[]));
    for (bad, says) in [
        ("LL,LL X", "share a point"),
        ("LL-MM,MM-RR,LL-RR X", "nobody collapsed"),
        ("LL-MM? O", "closes no cycle"),
        ("LL-MM X", "count says who moves"),
        ("LL-MM", "who moves"),
    ] {
        let error = start.from_picture(bad).unwrap_err().to_string();
        assert!(error.contains(says), "{bad}: {error}");
    }
}

#[test]
fn random_games_keep_the_rules_invariants() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for options in [
        &[][..],
        &["no-merge"],
        &["diagonal-moves", "diagonal-lines", "closer-chooses"],
    ] {
        for _ in 0..200 {
            let mut game = QuantumMorris::new(rules(options));
            for _ in 0..120 {
                if game.is_over() {
                    break;
                }
                let moves = game.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
                let back = game.from_picture(&game.picture()).unwrap();
                assert_eq!(back.picture(), game.picture());
                assert_eq!(back.to_move(), game.to_move(), "{}", game.picture());
                // Normalizing keeps the position the same up to names: normalizing
                // again changes nothing, and the moves are as many.
                let normal = game.normalized();
                assert_eq!(normal.normalized().key(), normal.key());
                let count = |position: &QuantumMorris| {
                    let mut moves = Vec::new();
                    position.moves_ignoring_outcome(&mut moves);
                    moves.len()
                };
                assert_eq!(count(&normal), count(&game), "{}", game.picture());
                // Images under symmetry play alike.
                for index in [1, 5] {
                    let image = game.transformed(index);
                    assert_eq!(count(&image), count(&game));
                    for mv in game.legal_moves().into_iter().take(3) {
                        let mut after = game.clone();
                        after.play(mv).unwrap();
                        let mut image_after = image.clone();
                        image_after.play(game.transform_move(mv, index)).unwrap();
                        assert_eq!(after.transformed(index).key(), image_after.key());
                    }
                }
            }
        }
    }
}

#[test]
fn checking_a_move_agrees_with_the_list_of_legal_moves() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let every: Vec<QuantumMorrisMove> = (0..9u8)
        .flat_map(|a| (a..9).map(move |b| QuantumMorrisMove::Place(a, b)))
        .chain((0..6u8).flat_map(|piece| {
            (0..9u8).flat_map(move |from| {
                (0..9u8).map(move |to| QuantumMorrisMove::Slide { piece, from, to })
            })
        }))
        .chain((0..9u8).map(QuantumMorrisMove::Collapse))
        .collect();
    for options in [&[][..], &["no-merge", "diagonal-moves"]] {
        for _ in 0..40 {
            let mut game = QuantumMorris::new(rules(options));
            for _ in 0..40 {
                let mut legal = Vec::new();
                game.moves_ignoring_outcome(&mut legal);
                if legal.is_empty() || game.is_over() {
                    break;
                }
                for mv in &every {
                    assert_eq!(
                        game.check(*mv).is_ok(),
                        legal.contains(mv),
                        "{} {mv:?}",
                        game.picture()
                    );
                }
                game.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
    }
}

#[test]
fn repetition_compares_each_sides_pieces_as_a_set() {
    // x1 on LL and x2 on MM, then the same with the two swapped: one position.
    let first = QuantumMorris::read_picture("LL,LM,MM,LR,RL-RM,MR-RR X", rules(&[])).unwrap();
    let swapped = QuantumMorris::read_picture("MM,LM,LL,LR,RL-RM,MR-RR X", rules(&[])).unwrap();
    assert_ne!(first.state(), swapped.state());
    assert_eq!(first.unlabelled_state(), swapped.unlabelled_state());
    // Seen twice before as `first` and now a third time as `swapped`: a draw.
    let mut game = swapped.clone();
    game.history = vec![first.unlabelled_state(); 2];
    assert_eq!(game.outcome(), None, "twice is not yet a draw");
    game.history.push(swapped.unlabelled_state());
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_waiting_collapse_pictures_who_chooses_as_to_move_does() {
    for (options, chooser) in [(&[][..], Player::O), (&["closer-chooses"][..], Player::X)] {
        let game = played(options, &["LL-MM", "MM-RR", "LL-RR"]);
        assert_eq!(game.to_move(), chooser, "{options:?}");
        assert_eq!(game.picture(), format!("LL-MM,MM-RR,LL-RR? {chooser}"));
        // Read back, the picture is the same position: the same chooser, and O places
        // next once the collapse is chosen.
        let read = QuantumMorris::read_picture(&game.picture(), rules(options)).unwrap();
        assert_eq!(read.to_move(), chooser, "{options:?}");
        assert_eq!(read.pending, game.pending, "{options:?}");
        let mut after = read.clone();
        after.play(QuantumMorrisMove::Collapse(8)).unwrap();
        assert_eq!(after.to_move(), Player::O, "{options:?}");
    }
}
