//! Opponents and training through the console, with fixed seeds.

use menace::app::Command;
use menace::app::{Event, Settings};
use menace::lesson::Tutor;
use menace::players::Choice;

fn ai(name: &str) -> Choice {
    Choice::parse(&[name]).unwrap()
}
use menace::repl::respond;

fn session(seed: u64) -> (Tutor, tempfile::TempDir) {
    let folder = tempfile::tempdir().unwrap();
    let session = Tutor::new(Settings {
        seed,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: folder.path().to_path_buf(),
        ..Settings::default()
    });
    (session, folder)
}

#[test]
fn challenge_menace_learns_to_draw_perfect_play() {
    for seed in [1, 2, 3, 4, 5] {
        let (mut session, _folder) = session(seed);
        let events = session.execute(Command::Train {
            games: 2000,
            vs: Some(ai("perfect")),
            csv: None,
            plot: None,
        });
        let Some(Event::Trained(report)) = events.first() else {
            panic!("training reports: {events:?}");
        };
        let last = report.last_tenth;
        assert_eq!(last.games(), 200);
        assert_eq!(report.overall.won, 0, "nobody beats perfect play");
        assert!(
            last.drawn * 100 >= 95 * last.games(),
            "seed {seed}: drew {} of the last {}",
            last.drawn,
            last.games()
        );
    }
}

/// Lesson 4's best moment: a MENACE that draws every game against perfect play still
/// loses to a beginner, a second MENACE with fresh boxes, because perfect play never
/// showed it the positions a beginner's odd moves lead to.
#[test]
fn menace_that_draws_perfect_play_still_loses_to_a_beginner() {
    for seed in [1, 2, 3, 4] {
        let (mut session, _folder) = session(seed);
        let mut train = |games, vs| {
            let events = session.execute(Command::Train {
                games,
                vs: Some(vs),
                csv: None,
                plot: None,
            });
            match events.first() {
                Some(Event::Trained(report)) => (**report).clone(),
                _ => panic!("training reports: {events:?}"),
            }
        };
        train(1000, ai("random"));
        let perfect = train(2000, ai("perfect"));
        assert_eq!(
            perfect.last_tenth.drawn,
            perfect.last_tenth.games(),
            "seed {seed}"
        );
        let beginner = train(2000, ai("menace"));
        assert!(
            beginner.overall.lost > 0,
            "seed {seed}: {:?}",
            beginner.overall
        );
    }
}

#[test]
fn a_short_training_run_reads_the_same_every_time() {
    let (mut session, folder) = session(7);
    let mut text = respond(&mut session, "train 200 vs random csv curve");
    text.push_str(&respond(&mut session, "vs teacher"));
    text.push_str(&respond(&mut session, "train 40"));
    text.push_str(&respond(&mut session, "stats"));
    let text = text.replace(&folder.path().display().to_string(), "[saves]");
    insta::assert_snapshot!(text);
    let csv = std::fs::read_to_string(folder.path().join("curve.csv")).unwrap();
    assert!(csv.starts_with("games,won,drawn,lost,first_box_beads\n"));
    assert_eq!(csv.lines().count(), 21, "a header and 20 windows");
}

#[test]
fn hints_and_ratings_read_the_same_every_time() {
    let (mut session, _folder) = session(9);
    let mut text = respond(&mut session, "hint");
    text.push_str(&respond(&mut session, "rate"));
    text.push_str(&respond(&mut session, "1"));
    for line in [
        "hint",
        "hint perfect",
        "hint minimax",
        "hint rating",
        "hint rating 0",
        "hint lookahead 2",
        "rate",
    ] {
        text.push_str(&respond(&mut session, line));
    }
    insta::assert_snapshot!(text);
}

#[test]
fn watching_an_opponent_plays_whole_games_without_input() {
    let (mut session, _folder) = session(11);
    let text = respond(&mut session, "play 3 vs teacher");
    assert_eq!(text.matches("new game").count(), 3);
    let reasons = text.lines().filter(|line| line.starts_with("  (")).count();
    assert_eq!(
        text.matches("teacher plays O at").count(),
        reasons,
        "every move explained"
    );
    assert_eq!(session.board(), None, "the match is over");
    assert_eq!(session.menace().unwrap().record().games(), 3);
    assert_eq!(
        session.menace().unwrap().record().won,
        0,
        "the teacher never loses"
    );

    let set = respond(&mut session, "opponent rating 0");
    assert!(set.contains("rating 0 plays O"), "{set}");
    let watched = respond(&mut session, "2");
    assert!(watched.contains("rating 0 plays O at"), "{watched}");
    assert_eq!(session.menace().unwrap().record().games(), 5);
    assert!(respond(&mut session, "opponent you").contains("You play O again"));
    assert!(respond(&mut session, "1").contains("Your move as O"));
}

#[test]
fn menace_against_menace_both_learn() {
    let (mut session, _folder) = session(12);
    let answer = respond(&mut session, "train 500 vs menace");
    assert!(
        answer.contains("Trained 500 games against menace"),
        "{answer}"
    );
    // The second MENACE is kept between runs, so it goes on learning.
    let again = respond(&mut session, "train 500");
    assert!(again.contains("against menace"), "{again}");
    assert_eq!(session.menace().unwrap().record().games(), 1000);
}

#[test]
fn training_waits_for_the_game_in_progress() {
    let (mut session, _folder) = session(13);
    respond(&mut session, "1");
    let before = session.menace().unwrap().boxed_clone();
    let answer = respond(&mut session, "train 10");
    assert!(answer.contains("A game is in progress"), "{answer}");
    assert_eq!(session.menace().unwrap(), before.as_ref());
}

#[test]
fn the_experiment_reports_every_preset() {
    let (mut session, _folder) = session(1);
    let answer = respond(&mut session, "experiment 3");
    for preset in ["challenge", "michie", "custom 8/4/2/1 3/1/-1 resign"] {
        assert!(answer.contains(preset), "{answer}");
    }
    assert!(answer.contains("3/3") || answer.contains("/3"), "{answer}");
}

#[test]
fn a_short_session_in_the_variants_reads_the_same_every_time() {
    let (mut session, _folder) = session(21);
    let mut text = String::new();
    for line in [
        "variants",
        "variant cube",
        "1",
        "2MM",
        "hint",
        "9ZZ",
        "board",
        "resign",
        "variant morris diagonal-lines",
        "side O",
        "vs random",
        "1",
        "LL",
        "resign",
        "vs teacher",
        "variant classic",
    ] {
        text.push_str(&respond(&mut session, line));
    }
    insta::assert_snapshot!(text);
    assert!(text.contains("Not a move"), "{text}");
    assert!(
        text.contains("Teacher plays only noughts and crosses"),
        "{text}"
    );
}

/// Misère MENACE draws from the classic boxes: the curve and `stats` count the beads of
/// the box it starts from, and under the resign rule an empty first box stops it, as
/// under the classic rules.
#[test]
fn misere_counts_its_first_box_and_refuses_when_it_is_empty() {
    let (mut misere, _folder) = session(5);
    respond(&mut misere, "rules misere");
    let (report, _) = crate::common::trained(&mut misere, "train 100 vs random");
    let first = crate::common::stats(&mut misere)
        .first_box
        .expect("stats names the first box's beads");
    assert_eq!(
        report.curve.last().map(|point| point.first_box),
        Some(first)
    );
    assert!(report.curve.iter().any(|point| point.first_box > 0));

    let (mut michie, _kept) = session(1);
    respond(&mut michie, "rules misere");
    respond(&mut michie, "preset michie");
    let (report, text) = crate::common::trained(&mut michie, "train 2000 vs perfect");
    let refused = report.refused_after.expect("the first box runs empty");
    assert_eq!(report.overall.games(), refused);
    assert!(text.contains("its first box ran empty"), "{text}");
    assert_eq!(crate::common::stats(&mut michie).first_box, Some(0));
}

/// Where MENACE moves second its first box is not box 1: `stats` and the curve name the
/// box they count, and that box holds the beads they show.
#[test]
fn the_first_box_counted_is_named_where_menace_moves_second() {
    let (mut second, _folder) = session(3);
    respond(&mut second, "side x");
    let (report, curve) = crate::common::trained(&mut second, "train 50 vs random");
    let stats = crate::common::stats(&mut second);
    let number = stats.first_box_number.expect("a first box");
    assert_ne!(number, 1);
    assert_eq!(report.first_box_number, Some(number));
    assert!(
        curve.contains(&format!("the first box is box {number}")),
        "{curve}"
    );
    let text = respond(&mut second, "stats");
    let beads = stats.first_box.unwrap();
    assert!(
        text.contains(&format!("{beads} in the first box (box {number})")),
        "{text}"
    );
    let shown = respond(&mut second, &format!("box {number}"));
    assert!(shown.contains(&format!("{beads} beads)")), "{shown}");
}
