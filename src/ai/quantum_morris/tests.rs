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

/// The analysis pauses as every long search does: the console is told how many positions
/// it has looked at, a growing count, and Ctrl-C (the flag raised while it runs) stops it
/// with nothing answered, long before its minutes of work are done.
#[test]
fn the_analysis_tells_how_far_it_has_got_and_stops_for_ctrl_c() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = Arc::new(AtomicBool::new(false));
    crate::stop::watch(Arc::clone(&flag));
    let told: Rc<RefCell<Vec<u64>>> = Rc::default();
    let (sink, raise) = (Rc::clone(&told), Arc::clone(&flag));
    crate::stop::report_searches_to(Some(Rc::new(move |searched| {
        if let Some(searched) = searched {
            sink.borrow_mut().push(searched.positions);
            // Ctrl-C once five million positions have been looked at.
            if searched.positions > 5_000_000 {
                raise.store(true, Ordering::SeqCst);
            }
        }
    })));
    let table = super::Table::build(rules(&[]), 2);
    crate::stop::report_searches_to(None);
    crate::stop::clear();
    crate::stop::unwatch();
    assert!(table.is_none(), "a stopped analysis answers nothing");
    let told = told.take();
    assert!(told.len() > 10, "{told:?}");
    assert!(told.windows(2).all(|pair| pair[0] <= pair[1]), "{told:?}");
    let last = *told.last().unwrap();
    // Stopped at the next pause, a block or two later.
    assert!((5_000_000..10_000_000).contains(&last), "{last}");
}
