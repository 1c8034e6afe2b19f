//! MENACE learning games other than classic noughts and crosses, through the console.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::repl::respond;

use crate::common::{self, settings};

#[test]
fn menace_learns_silverman_and_its_boxes_change() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    let mut text = String::new();
    for line in [
        "variant silverman",
        "box 1",
        "play 2 vs random",
        "box 1",
        "stats",
    ] {
        text.push_str(&respond(&mut session, line));
        session.check().expect("a consistent session");
    }
    assert!(text.contains("MENACE uses box"), "{text}");
    assert!(text.contains("so each bead it drew"), "{text}");
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
    insta::assert_snapshot!(text);
}

#[test]
fn menace_plays_either_side_and_against_itself_in_every_game_it_fits() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(8, folder.path()));
    for game in ["misere", "cube", "silverman", "crazy", "morris pass"] {
        for side in ["side x", "side o"] {
            respond(&mut session, &format!("variant {game}"));
            respond(&mut session, side);
            let (report, trained) = common::trained(&mut session, "train 20 vs menace");
            assert_eq!(report.overall.games(), 20, "{game} {side}: {trained}");
            assert!(
                trained.contains("against menace"),
                "{game} {side}: {trained}"
            );
            let stats = common::stats(&mut session);
            assert_eq!(stats.record.games(), 20, "{game} {side}");
            assert_eq!(stats.title, game, "{game} {side}");
            session.check().expect("a consistent session");
        }
    }
}

/// The words of console output, however its lines were wrapped.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_game_too_big_for_matchboxes_is_said_so_in_one_sentence() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    let chosen = respond(&mut session, "variant gravity");
    assert!(
        chosen.contains(
            "MENACE does not play here: gravity on 8x8 (or 15x8) has far too many positions"
        ),
        "{chosen}"
    );
    assert!(chosen.contains("alphabeta is X"), "{chosen}");
    let refused = words(&respond(&mut session, "against menace"));
    let answer = refused
        .split_once(" against menace ")
        .map_or("", |(_, answer)| answer);
    assert_eq!(answer.matches(". ").count(), 0, "one sentence: {refused}");
    assert!(refused.contains("far too many positions"), "{refused}");
    let refused = respond(&mut session, "train 10");
    assert!(refused.contains("far too many positions"), "{refused}");
}

#[test]
fn the_box_limit_stops_a_match_with_a_clear_sentence() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(Settings {
        box_limit: 3,
        ..settings(2, folder.path())
    });
    respond(&mut session, "variant cube");
    let text = words(&respond(&mut session, "play 1 vs random"));
    assert!(
        text.contains("MENACE has filled all 3 boxes it may have and met a position it has no box for: the match stops here."),
        "{text}"
    );
    session.check().expect("a consistent session");
    let stats = respond(&mut session, "stats");
    assert!(stats.contains("3 so far, at most 3"), "{stats}");
    assert!(
        stats.contains("0 games"),
        "the stopped game taught nothing: {stats}"
    );
    let trained = respond(&mut session, "train 5 vs random");
    assert!(trained.contains("Trained 0 games"), "{trained}");
}

#[test]
fn the_experiment_runs_in_any_game_against_the_training_opponent() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(3, folder.path()));
    respond(&mut session, "variant morris");
    respond(&mut session, "vs random");
    let text = respond(&mut session, "experiment 2");
    assert!(
        text.contains("morris: MENACE as X (challenge) against random, 2 seeds"),
        "{text}"
    );
    // The goal comes from the game's value: Morris is a draw, so MENACE aims not to
    // lose, in 950 games of a window of 1,000.
    let said = words(&text);
    assert!(
        said.contains("The game is a draw with best play, so MENACE aims not to lose: the goal is 950 draws or wins in 1,000 games in a row."),
        "{text}"
    );
    assert!(text.contains("last 1,000 games:"), "{text}");
    assert!(
        text.contains("boxes made (positions met): median"),
        "{text}"
    );
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
}

#[test]
fn a_monte_carlo_hint_says_how_its_random_games_scored() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    respond(&mut session, "variant ultimate");
    respond(&mut session, "side x");
    respond(&mut session, "1");
    let hint = words(&respond(&mut session, "hint mcts 300"));
    assert!(hint.contains("mcts 300 suggests"), "{hint}");
    assert!(
        hint.contains("of its 300 games went through this move; they scored"),
        "{hint}"
    );
    assert!(hint.contains("% for you"), "{hint}");
}
