use super::*;
use crate::game::{Game, Outcome, Player, Square};

fn rules(words: &[&str]) -> QuantumRules {
    QuantumRules {
        closer_chooses: words.contains(&"closer-chooses"),
        per_player: words.contains(&"per-player"),
        deterministic: words.contains(&"deterministic"),
    }
}

/// The position a picture (the moves that led to it) shows, under `options`.
fn at(options: &[&str], picture: &str) -> Quantum {
    Quantum::new(rules(options))
        .from_picture(picture)
        .unwrap_or_else(|why| panic!("{picture}: {why}"))
}

fn sq(name: &str) -> u8 {
    Square::parse(name).unwrap().index() as u8
}

/// Each square's marks as the board shows them, `.` for none.
fn squares(game: &Quantum) -> Vec<String> {
    (0..9u8)
        .map(|square| match game.classical(square) {
            Some(number) => game.mark_name(number, true),
            None => {
                let spooky: Vec<String> = game
                    .spooky(square)
                    .into_iter()
                    .map(|number| game.mark_name(number, false))
                    .collect();
                if spooky.is_empty() {
                    ".".into()
                } else {
                    spooky.join(" ")
                }
            }
        })
        .collect()
}

#[test]
fn two_moves_on_the_same_pair_close_a_cycle_of_two() {
    let game = at(&[], "LL-MM,LL-MM");
    assert_eq!(game.pending_collapse(), Some((2, sq("LL"), sq("MM"))));
    // O closed it, so X chooses; nothing else may be played meanwhile.
    assert_eq!(game.to_move(), Player::X);
    assert_eq!(
        game.legal_moves(),
        [QuantumMove::Collapse(0), QuantumMove::Collapse(4)]
    );
    let mut trial = game;
    assert!(matches!(
        trial.play(QuantumMove::Spooky(1, 2)),
        Err(IllegalQuantumMove::CollapseFirst {
            chooser: Player::X,
            ..
        })
    ));
    assert_eq!(trial, game, "a refused move changes nothing");
    // o2 takes LL, so x1 is forced into MM.
    let after = at(&[], "LL-MM,LL-MM,LL");
    assert_eq!(&squares(&after)[..5], ["O2", ".", ".", ".", "X1"]);
    // And X, having chosen, still makes move 3.
    assert_eq!(after.to_move(), Player::X);
    assert_eq!(after.ply(), 3);
}

#[test]
fn without_a_cycle_marks_stay_spooky() {
    let game = at(&[], "LL-MM,MM-RR");
    assert_eq!(game.pending_collapse(), None);
    assert_eq!(
        squares(&game),
        ["x1", ".", ".", ".", "x1 o2", ".", ".", ".", "o2"]
    );
}

#[test]
fn a_collapse_settles_the_cycle_and_every_chain_hanging_off_it() {
    // x1 LL-LM, o2 LM-LR, x3 LR-MM (a tail hanging off LR), o4 MM-RR (its tail), then
    // x5 LL-LR closes the cycle LL-LM-LR.
    let picture = "LL-LM,LM-LR,LR-MM,MM-RR,LL-LR";
    let game = at(&[], picture);
    assert_eq!(game.pending_collapse(), Some((5, sq("LL"), sq("LR"))));
    assert_eq!(game.cycle(), [sq("LL"), sq("LM"), sq("LR")]);
    assert_eq!(game.to_move(), Player::O, "X closed it, O chooses");
    // x5 takes LL: x1 is pushed to LM, o2 to LR, x3 to MM, o4 to RR.
    let into_ll = at(&[], &format!("{picture},LL"));
    assert_eq!(
        squares(&into_ll),
        ["X5", "X1", "O2", ".", "X3", ".", ".", ".", "O4"]
    );
    // x5 takes LR: o2 is pushed to LM, x1 to LL, x3 to MM, o4 to RR.
    let into_lr = at(&[], &format!("{picture},LR"));
    assert_eq!(
        squares(&into_lr),
        ["X1", "O2", "X5", ".", "X3", ".", ".", ".", "O4"]
    );
    // That is a line of X's: X1 X3 X5... no: LL MM RR holds X1 X3 O4. No line yet.
    assert_eq!(into_lr.outcome(), None);
    assert_eq!(into_lr.to_move(), Player::O, "O makes move 6");
}

#[test]
fn the_closer_chooses_under_its_option() {
    let game = at(&["closer-chooses"], "LL-MM,LL-MM");
    assert_eq!(game.to_move(), Player::O);
    let after = at(&["closer-chooses"], "LL-MM,LL-MM,MM");
    assert_eq!(after.to_move(), Player::X);
}

#[test]
fn a_collapse_cannot_name_another_square_nor_come_without_a_cycle() {
    let mut game = at(&[], "LL-MM,LL-MM");
    assert!(matches!(
        game.play(QuantumMove::Collapse(8)),
        Err(IllegalQuantumMove::NotACollapseSquare { square: 8, .. })
    ));
    let mut fresh = Quantum::new(QuantumRules::default());
    assert_eq!(
        fresh.play(QuantumMove::Collapse(0)),
        Err(IllegalQuantumMove::NoCollapse)
    );
    let mut settled = at(&[], "LL-MM,LL-MM,LL");
    assert_eq!(
        settled.play(QuantumMove::Spooky(0, 1)),
        Err(IllegalQuantumMove::Classical(0))
    );
}

/// A game in which one collapse gives both players a line: the six moves make the cycle
/// LL-ML-LM-MM-LR-MR-LL with X's and O's marks alternating, and when o6 takes MR every
/// mark is pushed into the top row (X's 1, 3, 5) or the middle row (O's 2, 4, 6), so
/// X's line is older.
const BOTH_LINES: &str = "LL-ML,ML-LM,LM-MM,MM-LR,LR-MR,MR-LL,MR";

#[test]
fn lines_made_at_once_score_one_and_a_half_under_goff() {
    let game = at(&[], BOTH_LINES);
    assert_eq!(
        squares(&game),
        ["X1", "X3", "X5", "O2", "O4", "O6", ".", ".", "."]
    );
    let score = game.score().unwrap();
    assert_eq!((score.x_line, score.o_line), (Some(5), Some(6)));
    assert_eq!(game.points(), Some([2, 1]));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    let note = game.result_note().unwrap();
    assert!(note.contains("X scores 1, O ½"), "{note}");
}

#[test]
fn lines_made_at_once_draw_when_numbered_per_player() {
    let game = at(&["per-player"], BOTH_LINES);
    assert_eq!(
        squares(&game),
        ["X1", "X2", "X3", "O1", "O2", "O3", ".", ".", "."]
    );
    assert_eq!(game.points(), Some([1, 1]));
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.result_note().unwrap().contains("a draw"));
}

#[test]
fn the_younger_line_scores_half_when_o_holds_the_older() {
    // The same cycle, with x5 played elsewhere, so X's marks in it are 1, 3, 7 and
    // O's 2, 4, 6: x7 closes it and O's line is the older.
    let game = at(&[], "LL-ML,ML-LM,LM-MM,MM-LR,RL-RR,MR-LL,LR-MR,MR");
    let score = game.score().unwrap();
    assert_eq!((score.x_line, score.o_line), (Some(7), Some(6)));
    assert_eq!(game.points(), Some([1, 2]));
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::O)));
    assert!(game.result_note().unwrap().contains("O scores 1, X ½"));
}

#[test]
fn a_deterministic_move_pushes_the_spooky_marks_out_along_the_tree() {
    // x1 LL-MM, o2 MM-RR, x3 RR-RL: a chain LL-MM-RR-RL. O plays both marks in MM: o4
    // is classical there, x1 is pushed to LL, o2 to RR, and x3 from RR to RL.
    let game = at(&["deterministic"], "LL-MM,MM-RR,RR-RL,MM-MM");
    assert_eq!(
        squares(&game),
        ["X1", ".", ".", ".", "O4", ".", "X3", ".", "O2"]
    );
    assert_eq!(game.pending_collapse(), None);
    // Without the option it is refused, naming the rule.
    let mut plain = at(&[], "LL-MM,MM-RR,RR-RL");
    let refused = plain.play(QuantumMove::Spooky(4, 4)).unwrap_err();
    assert!(refused.to_string().contains("deterministic"), "{refused}");
    assert!(!plain.legal_moves().contains(&QuantumMove::Spooky(4, 4)));
    assert!(
        at(&["deterministic"], "start")
            .legal_moves()
            .contains(&QuantumMove::Spooky(4, 4))
    );
}

#[test]
fn the_last_square_fills_itself() {
    // Eight squares classical by collapses leave one: the player to move takes it.
    let mut game = Quantum::new(QuantumRules::default());
    let moves = [
        "LL-LM", "LL-LM", "LL", // X1 LM? o2 takes LL, x1 forced to LM
        "LR-ML", "LR-ML", "ML", "MM-MR", "MM-MR", "MR", "RL-RM", "RL-RM", "RL",
    ];
    for mv in moves {
        let parsed = game.parse_move(mv).unwrap();
        if game.play(parsed).is_err() || game.is_over() {
            break;
        }
    }
    if !game.is_over() {
        // Whatever happened, a position never waits with a single open square.
        let open = 0x1FFu16 & !game.classical_mask();
        assert_ne!(open.count_ones(), 1, "{}", game.picture());
    }
    // Checked on every position of many random games below too.
}

#[test]
fn random_games_keep_the_rules_invariants() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for options in [
        &[][..],
        &["closer-chooses"],
        &["per-player"],
        &["deterministic"],
        &["closer-chooses", "per-player", "deterministic"],
    ] {
        for _ in 0..300 {
            let mut game = Quantum::new(rules(options));
            while !game.is_over() {
                let moves = game.legal_moves();
                assert!(!moves.is_empty(), "{} has no move", game.picture());
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
                // Never a single open square left waiting; the picture replays.
                let open = 0x1FFu16 & !game.classical_mask();
                assert!(
                    game.is_over() || open.count_ones() != 1,
                    "{}",
                    game.picture()
                );
                assert_eq!(game.from_picture(&game.picture()).unwrap(), game);
                // Every square of a settled position holds at most one classical mark,
                // and spooky marks only join squares that are not classical.
                let classical = game.classical_mask();
                for mark in game.marks() {
                    if let Mark::Spooky(a, b) = *mark {
                        assert!(a != b && classical >> a & 1 == 0 && classical >> b & 1 == 0);
                    }
                }
                let settled = game
                    .marks()
                    .iter()
                    .filter(|mark| matches!(mark, Mark::Classical(_)))
                    .count();
                assert_eq!(settled as u32, classical.count_ones(), "{}", game.picture());
            }
            assert!(game.ply() <= MOST_PLIES);
            assert!(game.points().is_some());
        }
    }
}

#[test]
fn pictures_replay_and_refuse_what_cannot_be_played() {
    let game = at(&[], "LL-MM,MM-RR,LL-RR");
    assert_eq!(game.picture(), "LL-MM,MM-RR,LL-RR");
    assert_eq!(Quantum::new(QuantumRules::default()).picture(), "start");
    for (bad, says) in [
        ("LL-MM,MM-RR,XX", "move 3"),
        ("LL-MM,LL", "no cycle"),
        ("LL-MM,LL-MM,RR", "cannot take RR"),
        ("MM-MM", "deterministic"),
    ] {
        let error = Quantum::new(QuantumRules::default())
            .from_picture(bad)
            .unwrap_err()
            .to_string();
        assert!(error.contains(says), "{bad}: {error}");
        assert!(!error.contains('\n'));
    }
}

#[test]
fn symmetric_images_play_alike() {
    let game = at(&[], "LL-LM,LM-MM,LL-MM");
    for index in 0..8 {
        let image = game.transformed(index);
        for mv in game.legal_moves() {
            let mut played = game;
            played.play(mv).unwrap();
            let mut image_played = image;
            image_played.play(game.transform_move(mv, index)).unwrap();
            assert_eq!(played.transformed(index).key(), image_played.key());
        }
    }
}
