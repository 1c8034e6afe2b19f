//! The seeds' claims about the variants, computed by our own solvers.

use menace::ai::alphabeta::{AlphaBeta, Value};
use menace::game::Game;
use menace::game::cube::{Cube, Geometry};

#[test]
fn the_3x3x3_cube_is_a_first_player_win_and_the_centre_wins() {
    let mut search = AlphaBeta::new(u64::MAX);
    let empty = Cube::new(3);
    let solution = search.solve(&empty).unwrap();
    assert!(
        matches!(solution.value, Value::Win(_)),
        "{:?}",
        solution.value
    );
    let mut centre = empty;
    centre.play(empty.parse_move("2MM").unwrap()).unwrap();
    let after_centre = search.solve(&centre).unwrap().value;
    assert!(
        matches!(after_centre, Value::Loss(_)),
        "O to move after the centre: {after_centre:?}"
    );
    eprintln!("3x3x3: {:?}, {} nodes", solution.value, search.nodes);
}

/// Every full cube (14 X, 13 O) contains a line of one of them: no draws are possible.
#[test]
#[ignore = "20 million boards: run in release with --ignored"]
fn a_full_3x3x3_cube_always_has_a_line() {
    let lines = &Geometry::of(3).lines;
    let full: u64 = (1 << 27) - 1;
    let has_line = |marks: u64| lines.iter().any(|line| marks & line == *line);
    // Gosper's hack: every 27-bit mask with 14 bits set.
    let mut x: u64 = (1 << 14) - 1;
    let mut boards = 0u64;
    while x <= full {
        boards += 1;
        assert!(has_line(x) || has_line(full & !x), "a draw: X = {x:#b}");
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
    assert_eq!(boards, 20_058_300);
}

use menace::game::four::{FourByFour, FourRules};

/// The value for the first player after each first move, solved to the end.
fn silverman_first_moves(rules: FourRules) -> Vec<(String, bool)> {
    let empty = FourByFour::new(rules);
    let mut search = AlphaBeta::new(u64::MAX);
    empty
        .legal_moves()
        .into_iter()
        .map(|first| {
            let mut after = empty;
            after.play(first).unwrap();
            // O to move: the first player wins exactly when O loses.
            let value = search.solve(&after).unwrap().value;
            (empty.move_name(first), matches!(value, Value::Loss(_)))
        })
        .collect()
}

#[test]
#[ignore = "solves Silverman 4x4 from every first move: run in release with --ignored"]
fn silverman_4x4_is_won_by_the_first_player_with_any_first_move() {
    let results = silverman_first_moves(FourRules::default());
    assert_eq!(results.len(), 16);
    assert!(results.iter().all(|(_, wins)| *wins), "{results:?}");
}

#[test]
#[ignore = "solves Silverman 4x4 from every first move: run in release with --ignored"]
fn without_the_anti_diagonal_the_first_player_wins_exactly_off_the_main_diagonal() {
    let rules = FourRules {
        no_anti_diagonal: true,
        ..FourRules::default()
    };
    let results = silverman_first_moves(rules);
    let main_diagonal = ["a4", "b3", "c2", "d1"];
    for (name, wins) in &results {
        assert_eq!(
            *wins,
            !main_diagonal.contains(&name.as_str()),
            "first move {name}"
        );
    }
}

use menace::ai::retrograde::Retrograde;
use menace::game::morris::{Morris, MorrisRules};

fn morris_table(rules: MorrisRules) -> (Value, Vec<(String, Value)>, usize) {
    let start = Morris::new(rules);
    let table = Retrograde::analyse(&start, Morris::without_history);
    let openings = start
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = start.clone();
            after.play(mv).unwrap();
            (start.move_name(mv), table.value(&after).unwrap())
        })
        .collect();
    (table.value(&start).unwrap(), openings, table.positions())
}

#[test]
fn three_mens_morris_values_under_every_rule_option() {
    for diagonal_moves in [false, true] {
        for diagonal_lines in [false, true] {
            for pass_when_stuck in [false, true] {
                let rules = MorrisRules {
                    diagonal_moves,
                    diagonal_lines,
                    pass_when_stuck,
                };
                let (value, openings, _) = morris_table(rules);
                let after = |name: &str| openings.iter().find(|(n, _)| n == name).unwrap().1;
                if diagonal_lines {
                    // The quantum article's report: a first-player win, by opening in the
                    // centre.
                    assert!(matches!(value, Value::Win(_)), "{rules:?}: {value:?}");
                    assert!(
                        matches!(after("MM"), Value::Loss(_)),
                        "{rules:?}: {openings:?}"
                    );
                } else {
                    // Only rows and columns win: a draw.
                    assert_eq!(value, Value::Draw, "{rules:?}");
                }
            }
        }
    }
}

#[test]
#[ignore = "about ten million positions: run in release with --ignored"]
fn crazy_4x4_is_a_first_player_win() {
    let rules = FourRules {
        crazy: true,
        ..FourRules::default()
    };
    let solution = AlphaBeta::new(u64::MAX)
        .solve(&FourByFour::new(rules))
        .unwrap();
    assert!(
        matches!(solution.value, Value::Win(_)),
        "{:?}",
        solution.value
    );
}

use menace::game::Outcome;
use menace::game::gravity::{Gravity, GravityRules};

/// Plain negamax to a depth, no table and no pruning: 1 the mover wins, -1 loses, 0 not
/// decided within the depth.
fn plain_negamax(game: &Gravity, depth: u32) -> i32 {
    if let Some(outcome) = game.outcome() {
        return match outcome {
            Outcome::Win(winner) if winner == game.to_move() => 1,
            Outcome::Win(_) => -1,
            Outcome::Draw => 0,
        };
    }
    if depth == 0 {
        return 0;
    }
    game.legal_moves()
        .into_iter()
        .map(|column| {
            let mut child = *game;
            child.play(column).unwrap();
            -plain_negamax(&child, depth - 1)
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn with_the_not_on_last_rule_gravity_is_won_by_stacking_one_column() {
    let game = Gravity::new(GravityRules {
        not_on_last: true,
        ..GravityRules::default()
    });
    let solution = AlphaBeta::new(1_000_000).solve(&game).unwrap();
    assert_eq!(solution.value, Value::Win(7));
}

#[test]
#[ignore = "two million positions without pruning: run in release with --ignored"]
fn plain_negamax_confirms_the_gravity_results_to_depth_7() {
    assert_eq!(
        plain_negamax(
            &Gravity::new(GravityRules {
                not_on_last: true,
                ..GravityRules::default()
            }),
            7
        ),
        1
    );
    assert_eq!(plain_negamax(&Gravity::new(GravityRules::default()), 7), 0);
}
