//! Who wins quantum Three Men's Morris? The retrograde
//! analysis of `menace::ai::quantum_morris` values every position; here its answer is
//! checked a second way, by a plain search through the game's own rules from positions
//! it says are won or lost, and the figures the docs and lesson 18 quote are asserted.
//! Release only (`cargo test --release --test solvers -- --ignored quantum_morris`):
//! each analysis takes a minute or two of both cores and 1.4 GB.

use menace::ai::alphabeta::Value;
use menace::ai::quantum_morris::Table;
use menace::game::quantum_morris::{QuantumMorris, QuantumMorrisRules};
use menace::game::{Game, Outcome};

fn rules(words: &[&str]) -> QuantumMorrisRules {
    QuantumMorrisRules::from_options(words)
}

/// Through the game's own rules, nothing shared with the analysis: 1 if the player to
/// move can force a win within `depth` half-moves, -1 if the opponent can force one,
/// 0 if neither within that depth.
fn forced(game: &QuantumMorris, depth: u32) -> i8 {
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
    let mover = game.to_move();
    let mut best = -1;
    for mv in game.legal_moves() {
        let mut after = game.clone();
        after.play(mv).expect("a legal move");
        let value = forced(&after, depth - 1);
        let value = if after.to_move() == mover {
            value
        } else {
            -value
        };
        best = best.max(value);
        if best == 1 {
            break;
        }
    }
    best
}

/// Positions the table says are won or lost in at most `most` half-moves, a sample
/// spread over the whole index, checked by [`forced`] at exactly their depth.
fn check_sample(table: &Table, rules: QuantumMorrisRules, most: u32) -> usize {
    let start = QuantumMorris::new(rules);
    let count = table.index.len() as u32;
    let mut checked = 0;
    let mut by_depth = [0usize; 8];
    for number in (0..count).step_by(9973) {
        let (rest, value) = table.position(number);
        // The index gives the number back, from the position and from its mirror image.
        assert_eq!(table.index.number_of_class(&rest), Some(number));
        assert_eq!(
            table.index.number_of_class(&rest.transformed(4)),
            Some(number)
        );
        let game = start
            .from_picture(&rest.picture())
            .expect("a legal picture");
        let (sign, depth) = match value {
            Value::Win(d) => (1, d),
            Value::Loss(d) => (-1, d),
            _ => {
                // A draw: no win either way within a few half-moves.
                assert_eq!(forced(&game, 3), 0, "{} is a draw", rest.picture());
                checked += 1;
                continue;
            }
        };
        if depth == 0 || depth > most {
            continue;
        }
        assert_eq!(forced(&game, depth), sign, "{} {value:?}", rest.picture());
        assert_ne!(
            forced(&game, depth - 1),
            sign,
            "{} {value:?}",
            rest.picture()
        );
        by_depth[depth as usize] += 1;
        checked += 1;
    }
    assert!(
        by_depth[1..].iter().filter(|n| **n > 0).count() >= 3,
        "{by_depth:?}"
    );
    checked
}

/// One analysis (a minute or two of both cores, 1.4 GB) serves both checks, as it
/// serves a session: `perfect` builds it, and the analysis asked for afterwards is the
/// same table, not a second one.
#[test]
#[ignore = "release: builds the whole analysis (a minute or two, 1.4 GB)"]
fn quantum_morris_is_a_draw_its_wins_hold_under_plain_search_and_perfect_never_loses() {
    perfect_plays_quantum_morris_from_the_analysis_and_never_loses();
    let builds = Table::builds();
    let rules = rules(&[]);
    let table = Table::shared(rules, 2).expect("nothing stops it");
    assert_eq!(
        Table::builds(),
        builds,
        "perfect's analysis was built again"
    );
    // The index: legal positions at rest, one per class under the 8 symmetries.
    assert_eq!(table.index.len(), 11_960_935);
    // `count` (lesson 18 quotes it) counts the analysis's nodes without building it: the
    // same positions and waiting collapses.
    let census = menace::ai::quantum_morris::census::count(rules, 2).expect("not stopped");
    assert_eq!(
        (census.positions, census.collapses),
        (table.index.len() as u64, table.collapses as u64)
    );
    let start = QuantumMorris::new(rules);
    assert_eq!(table.game_value(&start), Some(Value::Draw));
    let checked = check_sample(&table, rules, 5);
    assert!(checked > 500, "{checked}");
}

/// `perfect` plays quantum Morris from the analysis (the game is a draw): as X and as O
/// it never loses to random play, and each of its moves keeps the start's value.
fn perfect_plays_quantum_morris_from_the_analysis_and_never_loses() {
    use menace::game::Player;
    use rand::{RngExt, SeedableRng};
    let game = menace::registry::start(&["quantum-morris"]).unwrap();
    let mut perfect = menace::registry::perfect_player(game.as_ref()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for round in 0..6 {
        let side = if round % 2 == 0 { Player::X } else { Player::O };
        let mut position = game.restart();
        for _ in 0..300 {
            if position.outcome().is_some() {
                break;
            }
            let mv = if position.to_move() == side {
                perfect.choose(position.as_ref(), &mut rng).unwrap().0
            } else {
                let moves = position.legal_move_names();
                moves[rng.random_range(0..moves.len())].clone()
            };
            position.play_move(&mv).unwrap();
        }
        assert_ne!(
            position.outcome(),
            Some(Outcome::Win(side.opponent())),
            "perfect as {side} lost: {}",
            position.picture()
        );
    }
}
