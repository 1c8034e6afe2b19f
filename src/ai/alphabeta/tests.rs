use super::*;
use crate::ai::minimax::Solver;
use crate::game::{Rules, TicTacToe};

#[test]
fn alpha_beta_agrees_with_minimax_on_every_tictactoe_position() {
    let mut search = AlphaBeta::new(u64::MAX);
    let mut solver = Solver::new();
    for position in crate::menace::boxes::reachable_positions() {
        if position.is_over() {
            continue;
        }
        let value = search.solve(&position).unwrap().value;
        let expected = solver.value(&position);
        let agrees = match value {
            Value::Win(_) => expected == 10,
            Value::Loss(_) => expected == -10,
            Value::Draw => expected == 0,
            Value::HalfWin(_) | Value::HalfLoss(_) => false,
        };
        assert!(agrees, "{}: {value:?} vs {expected}", position.picture());
    }
}

/// One table shared by many searches must give the same answers as plain minimax:
/// this once failed when a window fell outside the range of possible scores.
#[test]
fn a_shared_table_agrees_with_plain_minimax_on_silverman_positions() {
    use crate::game::four::{FourByFour, FourRules};
    use rand::{RngExt, SeedableRng};
    let rules = FourRules {
        no_anti_diagonal: true,
        ..FourRules::default()
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut shared = AlphaBeta::new(u64::MAX);
    let mut checked = 0;
    while checked < 60 {
        let mut position = FourByFour::new(rules);
        for _ in 0..rng.random_range(7..11) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position
                .play(moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
        if position.is_over() {
            continue;
        }
        checked += 1;
        let expected = Solver::new().value(&position);
        let value = shared.solve(&position).unwrap().value;
        let agrees = match value {
            Value::Win(_) => expected == 10,
            Value::Loss(_) => expected == -10,
            Value::Draw => expected == 0,
            Value::HalfWin(_) | Value::HalfLoss(_) => false,
        };
        assert!(agrees, "{position:?}: {value:?} vs {expected}");
    }
}

#[test]
fn sibling_searches_sharing_a_table_stay_right() {
    use crate::game::four::{FourByFour, FourRules};
    let rules = FourRules {
        no_anti_diagonal: true,
        ..FourRules::default()
    };
    // X on a3 a1 b1 c1, O on a4 b4 b3 d3 (cells 4 12 13 14 and 0 1 5 7).
    let mut position = FourByFour::new(rules);
    for (x, o) in [(4, 0), (12, 1), (13, 5), (14, 7)] {
        for cell in [x, o] {
            let mv = position
                .legal_moves()
                .into_iter()
                .find(|mv| mv.cell == cell)
                .unwrap();
            position.play(mv).unwrap();
        }
    }
    let mut shared = AlphaBeta::new(u64::MAX);
    for mv in position.legal_moves() {
        let mut child = position;
        child.play(mv).unwrap();
        if child.is_over() {
            continue;
        }
        let value = shared.solve(&child).unwrap().value;
        let expected = Solver::new().value(&child);
        let agrees = match value {
            Value::Win(_) => expected == 10,
            Value::Loss(_) => expected == -10,
            Value::Draw => expected == 0,
            Value::HalfWin(_) | Value::HalfLoss(_) => false,
        };
        assert!(agrees, "after {mv:?}: {value:?} vs {expected}");
    }
}

#[test]
fn distances_count_half_moves() {
    let mut search = AlphaBeta::new(u64::MAX);
    // X to move completes the top row at once.
    let now = TicTacToe::from_picture("XX.OO....", Rules::default()).unwrap();
    assert_eq!(search.solve(&now).unwrap().value, Value::Win(1));
    // A fork: win on X's next move, three half-moves away.
    let fork = TicTacToe::from_picture("XO.O.X...", Rules::default()).unwrap();
    assert_eq!(search.solve(&fork).unwrap().value, Value::Win(3));
    assert_eq!(
        search.solve(&TicTacToe::default()).unwrap().value,
        Value::Draw
    );
}

#[test]
fn the_budget_stops_a_search() {
    let mut search = AlphaBeta::<TicTacToe>::new(10);
    assert_eq!(search.solve(&TicTacToe::default()), Err(OutOfBudget));
}

#[test]
fn the_searcher_never_loses_at_tictactoe_with_a_small_budget() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut searcher = Searcher::with_budget(50_000);
    let position = TicTacToe::from_picture("XX.OO....", Rules::default()).unwrap();
    assert_eq!(
        searcher.choose(&position, &mut rng).map(|s| s.name()),
        Some("LR".into())
    );
}
