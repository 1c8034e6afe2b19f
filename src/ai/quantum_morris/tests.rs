use super::moves::{self, Child};
use super::rest::{self, Rest};
use crate::game::quantum_morris::{QuantumMorris, QuantumMorrisMove, QuantumMorrisRules};
use crate::game::{Game, Player};
use rand::{RngExt, SeedableRng};

fn rules(words: &[&str]) -> QuantumMorrisRules {
    QuantumMorrisRules::from_options(words)
}

#[test]
fn the_code_tables_use_the_games_symmetries() {
    assert!(rest::symmetries_agree());
}

/// The position at rest the rules' game is in.
fn rest_of(game: &QuantumMorris) -> Rest {
    Rest::from_marks(game.marks(), game.to_move())
}

/// What the rules make of every move of `game`, as the analysis's children.
fn rules_children(game: &QuantumMorris) -> Vec<Child> {
    let mut children = Vec::new();
    for mv in game.legal_moves() {
        let mut after = game.clone();
        after.play(mv).unwrap();
        match after.pending_collapse() {
            None => children.push(Child::Rest(rest_of(&after))),
            Some((_, a, b)) => {
                let chooser = after.to_move();
                let world = |point: u8| {
                    let mut w = after.clone();
                    w.play(QuantumMorrisMove::Collapse(point)).unwrap();
                    rest_of(&w)
                };
                children.push(Child::Collapse {
                    chooser,
                    worlds: [world(a), world(b)],
                });
            }
        }
    }
    children
}

fn key(child: &Child) -> (u8, Rest, Rest) {
    match child {
        Child::Rest(r) => (0, *r, *r),
        Child::Collapse { chooser, worlds } => {
            (1 + (*chooser == Player::O) as u8, worlds[0], worlds[1])
        }
    }
}

#[test]
fn the_analysis_moves_are_the_rules_moves() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(30);
    let mut checked = 0;
    for options in [
        &[][..],
        &["no-merge"],
        &["closer-chooses", "diagonal-moves"],
        &["diagonal-lines"],
    ] {
        let rules = rules(options);
        for _ in 0..150 {
            let mut game = QuantumMorris::new(rules);
            for _ in 0..40 {
                if game.is_over() {
                    break;
                }
                if game.pending_collapse().is_none() {
                    let mut ours = Vec::new();
                    let ending = moves::children(&rest_of(&game), rules, &mut ours);
                    assert!(ending.is_none(), "{}", game.picture());
                    let mut ours: Vec<_> = ours.iter().map(key).collect();
                    let mut theirs: Vec<_> = rules_children(&game).iter().map(key).collect();
                    ours.sort();
                    theirs.sort();
                    assert_eq!(ours, theirs, "{} {options:?}", game.picture());
                    checked += 1;
                }
                let moves = game.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
