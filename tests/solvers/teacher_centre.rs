//! The algorithm page's strategy text for X, as `teacher centre`. X takes the centre;
//! O in a corner is met with a corner beside it (O must take the corner opposite, and it
//! is a draw); O on an edge has lost: X takes a corner, O must take the one opposite,
//! and X's two corners and the centre make a triangle, a fork. The text's claims are
//! checked against the solver, and the teacher against every reply.

use menace::ai::Solver;
use menace::ai::minimax::{DRAW, LOSS, WIN};
use menace::ai::rating::winning_cells;
use menace::ai::teacher::{Opening, advise, advise_opening, advise_you, advise_you_opening};
use menace::game::{Game, Outcome, Player, Rules, Square, TicTacToe};

const CENTRE: usize = 4;
const CORNERS: [usize; 4] = [0, 2, 6, 8];
const EDGES: [usize; 4] = [1, 3, 5, 7];

fn after(moves: &[usize]) -> TicTacToe {
    let mut position = TicTacToe::new(Rules::default());
    for cell in moves {
        position.place(Square::ALL[*cell]);
    }
    position
}

fn centre_teacher(position: &TicTacToe) -> usize {
    advise_opening(position, Opening::Centre)
        .expect("a move while the game goes on")
        .square
        .index()
}

/// The corner diagonally across the board from `corner`.
fn opposite(corner: usize) -> usize {
    8 - corner
}

/// Two corners share a side of the board (they are in one row or one column).
fn beside(a: usize, b: usize) -> bool {
    a != b && (a / 3 == b / 3 || a % 3 == b % 3)
}

#[test]
fn the_teacher_opens_in_the_centre() {
    let advice = advise_opening(&TicTacToe::default(), Opening::Centre).unwrap();
    assert_eq!(advice.square.index(), CENTRE);
    assert!(advice.reason.contains("centre"), "{}", advice.reason);
}

#[test]
fn o_in_a_corner_gets_the_corner_beside_it_and_must_take_the_opposite_one() {
    let mut solver = Solver::new();
    for corner in CORNERS {
        let reply = centre_teacher(&after(&[CENTRE, corner]));
        assert!(
            CORNERS.contains(&reply) && beside(reply, corner),
            "O at {corner}: the teacher took {reply}"
        );
        // O's only move that does not lose is the corner opposite X's.
        let position = after(&[CENTRE, corner, reply]);
        let scores = solver.move_scores(&position);
        for (square, score) in &scores {
            let expected = if square.index() == opposite(reply) {
                DRAW
            } else {
                LOSS
            };
            assert_eq!(
                *score, expected,
                "O at {corner}, X at {reply}, O to {square}"
            );
            if expected == LOSS {
                // ... and loses at once: X completes the diagonal.
                let next = after(&[CENTRE, corner, reply, square.index()]);
                assert_ne!(winning_cells(&next, Player::X), 0);
            }
        }
    }
}

#[test]
fn o_on_an_edge_loses_to_a_corner_and_the_triangle() {
    let mut solver = Solver::new();
    for edge in EDGES {
        // The seed's claim, by the solver: X wins.
        assert_eq!(solver.value(&after(&[CENTRE, edge])), WIN, "O at {edge}");
        let corner = centre_teacher(&after(&[CENTRE, edge]));
        assert!(
            CORNERS.contains(&corner),
            "O at {edge}: teacher took {corner}"
        );
        // Every O move but the opposite corner lets X win at once.
        let position = after(&[CENTRE, edge, corner]);
        for square in position.legal_moves() {
            let next = after(&[CENTRE, edge, corner, square.index()]);
            let x_wins_next = winning_cells(&next, Player::X) != 0;
            assert_eq!(
                x_wins_next,
                square.index() != opposite(corner),
                "O at {edge}, X at {corner}, O to {square}"
            );
        }
        // After the forced reply, the teacher takes a corner beside its first one: a
        // triangle with the centre and two threats at once.
        let forced = after(&[CENTRE, edge, corner, opposite(corner)]);
        let triangle = centre_teacher(&forced);
        assert!(
            CORNERS.contains(&triangle) && beside(triangle, corner),
            "O at {edge}: the teacher took {triangle}"
        );
        let fork = after(&[CENTRE, edge, corner, opposite(corner), triangle]);
        assert_eq!(winning_cells(&fork, Player::X).count_ones(), 2);
        let reason = advise_opening(&forced, Opening::Centre).unwrap().reason;
        assert!(reason.contains("triangle"), "{reason}");
        // And it wins whatever O does from the edge on.
        assert_eq!(
            games(&after(&[CENTRE, edge]), &mut |o| o
                == Outcome::Win(Player::X)),
            0
        );
    }
}

/// Plays the centre teacher as X against every O reply from `position`; counts the
/// finished games for which `bad` holds.
fn games(position: &TicTacToe, bad: &mut dyn FnMut(Outcome) -> bool) -> u64 {
    fn walk(position: &TicTacToe, bad: &mut dyn FnMut(Outcome) -> bool, count: &mut u64) {
        if let Some(outcome) = position.outcome() {
            if !bad(outcome) {
                *count += 1;
            }
            return;
        }
        if position.to_move() == Player::X {
            let mut next = *position;
            next.place(Square::ALL[centre_teacher(position)]);
            walk(&next, bad, count);
        } else {
            for square in position.legal_moves() {
                let mut next = *position;
                next.place(square);
                walk(&next, bad, count);
            }
        }
    }
    let mut count = 0;
    walk(position, bad, &mut count);
    count
}

#[test]
fn from_the_centre_the_teacher_never_loses_to_any_reply() {
    let lost = games(&TicTacToe::default(), &mut |outcome| {
        outcome != Outcome::Win(Player::O)
    });
    assert_eq!(lost, 0, "games the centre teacher lost");
    let played = games(&TicTacToe::default(), &mut |_| false);
    assert!(played > 50, "{played} games");
}

#[test]
fn against_perfect_play_the_centre_opening_draws_from_a_corner_and_wins_from_an_edge() {
    // Perfect O: at every turn, only the moves the solver scores best.
    fn perfect(position: &TicTacToe, solver: &mut Solver<TicTacToe>, results: &mut Vec<Outcome>) {
        if let Some(outcome) = position.outcome() {
            results.push(outcome);
            return;
        }
        let mut next = *position;
        if position.to_move() == Player::X {
            next.place(Square::ALL[centre_teacher(position)]);
            return perfect(&next, solver, results);
        }
        let scores = solver.move_scores(position);
        let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(LOSS);
        for (square, score) in scores {
            if score == best {
                let mut next = *position;
                next.place(square);
                perfect(&next, solver, results);
            }
        }
    }
    let mut solver = Solver::new();
    for reply in CORNERS.into_iter().chain(EDGES) {
        let mut results = Vec::new();
        perfect(&after(&[CENTRE, reply]), &mut solver, &mut results);
        let expected = if CORNERS.contains(&reply) {
            Outcome::Draw
        } else {
            Outcome::Win(Player::X)
        };
        assert!(
            !results.is_empty() && results.iter().all(|r| *r == expected),
            "O at {reply}: {results:?}"
        );
    }
}

#[test]
fn the_default_teacher_and_the_teacher_as_o_are_unchanged() {
    for position in menace::menace::boxes::reachable_positions() {
        let corner = advise_opening(&position, Opening::Corner);
        assert_eq!(corner, advise(&position), "{}", position.picture());
        assert_eq!(
            advise_you_opening(&position, Opening::Corner),
            advise_you(&position)
        );
        if position.to_move() == Player::O {
            assert_eq!(
                advise_opening(&position, Opening::Centre),
                advise(&position)
            );
        }
    }
}

#[test]
fn the_centre_teacher_gives_one_short_sentence_in_either_voice() {
    for position in menace::menace::boxes::reachable_positions() {
        let (Some(playing), Some(advising)) = (
            advise_opening(&position, Opening::Centre),
            advise_you_opening(&position, Opening::Centre),
        ) else {
            continue;
        };
        assert_eq!(playing.square, advising.square);
        for reason in [&playing.reason, &advising.reason] {
            assert!(reason.ends_with('.') && !reason.contains('\n'), "{reason}");
        }
        // As the default teacher's test: its own reasons fit a line of 100.
        assert!(playing.reason.len() <= 100, "{}", playing.reason);
        let hint = &advising.reason;
        assert!(!hint.starts_with("I ") && !hint.contains(" I "), "{hint}");
    }
}

#[test]
fn the_option_parses_and_prints_back() {
    use menace::players::Choice;
    let teacher = Choice::parse(&["teacher"]).unwrap();
    assert_eq!(teacher.name(), "teacher");
    assert_eq!(teacher.options().word, None);
    assert_eq!(
        Choice::parse(&["teacher", "center"])
            .unwrap()
            .options()
            .word,
        Some(Opening::Centre.word())
    );
    for text in ["teacher", "teacher centre"] {
        let words: Vec<&str> = text.split(' ').collect();
        assert_eq!(Choice::parse(&words).unwrap().to_string(), text);
    }
    assert_eq!(
        Choice::parse(&["teacher", "corner"]).unwrap().to_string(),
        "teacher"
    );
    assert!(Choice::parse(&["teacher", "edge"]).is_err());
    assert!(Choice::parse(&["teacher", "centre", "now"]).is_err());
}
