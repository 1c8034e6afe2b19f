//! Whole-game facts about noughts and crosses, counted by our own code through the
//! generic `Game` trait, and checked against the solver.

use menace::ai::Solver;
use menace::game::{Game, Outcome, Player, Rules, TicTacToe};
use std::collections::HashSet;

#[derive(Default, Debug, PartialEq, Eq)]
struct GameCount {
    x_wins: u64,
    o_wins: u64,
    draws: u64,
}

/// Every possible game, played out move by move.
fn count_games<G: Game>(position: &G, count: &mut GameCount) {
    match position.outcome() {
        Some(Outcome::Win(Player::X)) => count.x_wins += 1,
        Some(Outcome::Win(Player::O)) => count.o_wins += 1,
        Some(Outcome::Draw) => count.draws += 1,
        None => {
            for mv in position.legal_moves() {
                let mut next = position.clone();
                next.play(mv).expect("legal moves are legal");
                count_games(&next, count);
            }
        }
    }
}

/// Every position reachable by legal play, by key.
fn positions<G: Game>(position: &G, seen: &mut HashSet<G::Key>, terminal: &mut usize) {
    if !seen.insert(position.key()) {
        return;
    }
    if position.is_over() {
        *terminal += 1;
        return;
    }
    for mv in position.legal_moves() {
        let mut next = position.clone();
        next.play(mv).expect("legal moves are legal");
        positions(&next, seen, terminal);
    }
}

#[test]
fn there_are_255168_games() {
    let mut count = GameCount::default();
    count_games(&TicTacToe::default(), &mut count);
    assert_eq!(
        count,
        GameCount {
            x_wins: 131_184,
            o_wins: 77_904,
            draws: 46_080
        }
    );
    assert_eq!(count.x_wins + count.o_wins + count.draws, 255_168);
}

#[test]
fn there_are_5478_positions_958_terminal_765_up_to_symmetry() {
    let mut seen = HashSet::new();
    let mut terminal = 0;
    positions(&TicTacToe::default(), &mut seen, &mut terminal);
    assert_eq!(seen.len(), 5_478);
    assert_eq!(terminal, 958);
    let up_to_symmetry: HashSet<u16> = seen
        .iter()
        .map(|key| {
            TicTacToe::from_code(usize::from(*key), Rules::default())
                .unwrap()
                .canonical_key()
        })
        .collect();
    assert_eq!(up_to_symmetry.len(), 765);
    // Lesson 7: of the 765, 138 are finished games.
    let finished: HashSet<u16> = seen
        .iter()
        .map(|key| TicTacToe::from_code(usize::from(*key), Rules::default()).unwrap())
        .filter(|position| position.outcome().is_some())
        .map(|position| position.canonical_key())
        .collect();
    assert_eq!(finished.len(), 138);
}

#[test]
fn perfect_play_is_a_draw_in_classic_and_in_misere() {
    for misere in [false, true] {
        let value = Solver::new().value(&TicTacToe::new(Rules { misere }));
        assert_eq!(value, 0, "misère: {misere}");
    }
}

#[test]
fn misere_games_end_the_same_way_but_the_other_player_wins() {
    let mut classic = GameCount::default();
    count_games(&TicTacToe::default(), &mut classic);
    let mut misere = GameCount::default();
    count_games(&TicTacToe::new(Rules { misere: true }), &mut misere);
    assert_eq!(misere.x_wins, classic.o_wins);
    assert_eq!(misere.o_wins, classic.x_wins);
    assert_eq!(misere.draws, classic.draws);
}

/// Plays every line where `perfect` (as `side`) takes any of its best moves and the
/// opponent any legal move; returns how many games ended, failing on a loss.
fn perfect_never_loses(position: &TicTacToe, side: Player, solver: &mut Solver<TicTacToe>) -> u64 {
    if let Some(outcome) = position.outcome() {
        assert_ne!(
            outcome,
            Outcome::Win(side.opponent()),
            "perfect lost as {side} at {}",
            position.picture()
        );
        return 1;
    }
    let moves: Vec<_> = if position.to_move() == side {
        let scores = solver.move_scores(position);
        let best = scores.iter().map(|(_, score)| *score).max().unwrap();
        scores
            .into_iter()
            .filter(|(_, score)| *score == best)
            .map(|(mv, _)| mv)
            .collect()
    } else {
        position.legal_moves()
    };
    moves
        .into_iter()
        .map(|mv| {
            let mut next = *position;
            next.play(mv).unwrap();
            perfect_never_loses(&next, side, solver)
        })
        .sum()
}

#[test]
fn perfect_never_loses_as_x_or_as_o_against_any_replies() {
    let mut solver = Solver::new();
    for side in [Player::X, Player::O] {
        let games = perfect_never_loses(&TicTacToe::default(), side, &mut solver);
        assert!(games > 1_000, "{side}: {games} games checked");
    }
}

#[test]
fn in_misere_only_the_centre_opening_avoids_a_loss() {
    let mut solver = Solver::new();
    let empty = TicTacToe::new(Rules { misere: true });
    for (square, score) in solver.move_scores(&empty) {
        let expected = if square.index() == 4 { 0 } else { -10 };
        assert_eq!(score, expected, "opening {square}");
    }
}
