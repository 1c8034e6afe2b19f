//! Whole console sessions driven through the library, with a fixed seed.

use menace::app::{Event, Settings};
use menace::game::{Game, Player, Square};
use menace::lesson::Tutor;
use menace::menace::{Preset, save};
use menace::repl::{respond, respond_with_events, transcript};
use std::path::Path;

use crate::common::{self, settings};

/// O's move by a fixed preference: centre, corners, edges.
fn simple_reply(session: &Tutor) -> Option<String> {
    let board = session.board()?;
    (board.to_move() == Player::O).then_some(())?;
    [4, 0, 2, 6, 8, 1, 3, 5, 7]
        .into_iter()
        .map(|index| Square::ALL[index])
        .find(|square| board.at(*square).is_none())
        .map(|square| square.name())
}

/// Plays every game in progress to its end with `simple_reply`, returning the text.
fn play_out(session: &mut Tutor) -> String {
    let mut text = String::new();
    while let Some(reply) = simple_reply(session) {
        text.push_str(&respond(session, &reply));
        session.check().expect("a consistent session");
    }
    text
}

fn paths_hidden(text: &str, folder: &Path) -> String {
    text.replace(&folder.display().to_string(), "[saves]")
}

#[test]
fn a_seeded_session_reads_the_same_every_time() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(7, folder.path()));
    let mut text = String::new();
    text.push_str(&respond(&mut session, "2"));
    text.push_str(&respond(&mut session, "LL"));
    text.push_str(&respond(&mut session, "LL"));
    text.push_str(&respond(&mut session, "fly away"));
    text.push_str(&respond(&mut session, "play -1"));
    text.push_str(&play_out(&mut session));
    text.push_str(&respond(&mut session, "stats"));
    text.push_str(&respond(&mut session, "box 1"));
    text.push_str(&respond(&mut session, "box X........"));
    text.push_str(&respond(&mut session, "box XO......."));
    text.push_str(&respond(&mut session, "save trained"));
    text.push_str(&respond(&mut session, "preset michie"));
    text.push_str(&respond(&mut session, "yes"));
    text.push_str(&respond(&mut session, "1"));
    text.push_str(&play_out(&mut session));
    text.push_str(&respond(&mut session, "load trained"));
    text.push_str(&respond(&mut session, "yes"));
    text.push_str(&respond(&mut session, "boxes 1"));
    text.push_str(&respond(&mut session, "quit"));
    insta::assert_snapshot!(paths_hidden(&text, folder.path()));

    // The same seed and the same lines give the same session.
    let again = tempfile::tempdir().unwrap();
    let mut twin = Tutor::new(settings(7, again.path()));
    let mut replay = String::new();
    for line in ["2", "LL", "LL", "fly away", "play -1"] {
        replay.push_str(&respond(&mut twin, line));
    }
    replay.push_str(&play_out(&mut twin));
    assert!(paths_hidden(&text, folder.path()).starts_with(&paths_hidden(&replay, again.path())));
}

#[test]
fn after_each_game_all_304_boxes_are_listed() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(Settings {
        show_boxes: menace::app::BoxListing::All,
        ..settings(11, folder.path())
    });
    let mut text = respond(&mut session, "1");
    text.push_str(&play_out(&mut session));
    insta::assert_snapshot!(text);
    // Each box on a line of its own: its number, then its picture.
    let numbers: Vec<usize> = text
        .lines()
        .filter_map(|line| {
            let (number, rest) = line.trim_start().split_once(". ")?;
            let picture = rest.get(..9)?;
            picture
                .chars()
                .all(|c| matches!(c, '.' | 'X' | 'O'))
                .then(|| number.parse().ok())?
        })
        .collect();
    assert_eq!(numbers, (1..=304).collect::<Vec<_>>());
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "fits 80 columns"
    );
}

#[test]
fn every_game_starts_with_new_game_and_ends_with_one_result_line() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(3, folder.path()));
    let mut text = respond(&mut session, "5");
    text.push_str(&play_out(&mut session));
    assert_eq!(text.matches("new game").count(), 5);
    let results = text
        .lines()
        .filter(|line| matches!(*line, "MENACE wins" | "You win" | "Draw"))
        .count();
    assert_eq!(results, 5);
    assert_eq!(session.menace().unwrap().record().games(), 5);
}

#[test]
fn save_then_load_restores_the_same_boxes() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    respond(&mut session, "3");
    play_out(&mut session);
    let saved = session.menace().unwrap().boxed_clone();
    assert!(respond(&mut session, "save").contains("Saved"));
    assert!(folder.path().join("menace.yaml").exists());

    let mut fresh = Tutor::new(settings(99, folder.path()));
    let answer = respond(&mut fresh, "load menace");
    assert!(answer.contains("Loaded"), "{answer}");
    assert_eq!(fresh.menace().unwrap(), saved.as_ref());
}

#[test]
fn a_broken_file_changes_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    respond(&mut session, "1");
    play_out(&mut session);
    let before = session.menace().unwrap().boxed_clone();
    let path = folder.path().join("broken.yaml");
    let fresh = Tutor::new(settings(1, folder.path()));
    let classic = fresh.menace().unwrap().as_any();
    let mut text = save::to_yaml(classic.downcast_ref().expect("classic MENACE"));
    text = text.replacen("LL: 1", "LL: -4", 1);
    std::fs::write(&path, text).unwrap();
    let (answer, events) = menace::repl::respond_with_events(&mut session, "load broken");
    assert!(answer.contains("Not loaded"), "{answer}");
    assert!(answer.contains("negative"), "{answer}");
    assert!(
        matches!(
            events[..],
            [menace::lesson::Said::Session(menace::app::Event::Refusal(
                _
            ))]
        ),
        "one refusal: {answer}"
    );
    assert_eq!(session.menace().unwrap(), before.as_ref());
    let answer = respond(&mut session, "load missing-file");
    assert!(answer.contains("Not loaded"), "{answer}");
    assert_eq!(session.menace().unwrap(), before.as_ref());
}

#[test]
fn saving_mid_game_puts_the_drawn_beads_back_in_the_file() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(8, folder.path()));
    let untouched = session.menace().unwrap().boxed_clone();
    respond(&mut session, "1");
    respond(&mut session, "save mid");
    let loaded = menace::registry::saves::load(&folder.path().join("mid.yaml")).unwrap();
    assert_eq!(loaded.learner.as_ref(), untouched.as_ref());
}

/// A resignation is the game's last move: "You resign." comes before the boxes the game
/// used are listed, and the result and what MENACE learned after them.
#[test]
fn a_resignation_is_said_before_the_listing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    respond(&mut session, "boxes changed");
    respond(&mut session, "1");
    respond(&mut session, "MM");
    let text = respond(&mut session, "resign");
    let at = |words: &str| {
        text.find(words)
            .unwrap_or_else(|| panic!("{words}: {text}"))
    };
    assert!(at("You resign.") < at("-- MENACE's 1st move"), "{text}");
    assert!(at("-- MENACE's 1st move") < at("MENACE won, so"), "{text}");
}

#[test]
fn with_the_resign_rule_an_empty_box_ends_the_game_and_an_empty_first_box_refuses() {
    let folder = tempfile::tempdir().unwrap();
    // No beads for MENACE's second move: it must resign at its second turn.
    let preset = Preset::parse("custom 1/0/1/1 3/1/-1 resign").unwrap();
    let mut session = Tutor::new(Settings {
        preset,
        ..settings(2, folder.path())
    });
    let mut text = respond(&mut session, "1");
    text.push_str(&play_out(&mut session));
    assert!(text.contains("MENACE gives up"), "{text}");
    assert!(text.lines().any(|line| line == "You win"), "{text}");
    // Its one first-move bead stayed out after the loss: the first box is now empty.
    let first = session.menace().unwrap().box_by_number(1).unwrap();
    assert_eq!(first.beads.iter().map(|(_, count)| count).sum::<u32>(), 8);
    let mut empty_first = Tutor::new(Settings {
        preset: Preset::parse("custom 0/1/1/1 3/1/-1 resign").unwrap(),
        ..settings(2, folder.path())
    });
    let answer = respond(&mut empty_first, "3");
    assert!(answer.contains("MENACE refuses to play"), "{answer}");
    assert_eq!(empty_first.board(), None);
    assert!(respond(&mut empty_first, "preset michie").contains("Fresh boxes"));
    assert!(respond(&mut empty_first, "1").contains("new game"));
}

#[test]
fn bad_lines_change_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    respond(&mut session, "1");
    let board = session.board();
    let boxes = session.menace().unwrap().boxed_clone();
    let long = "x".repeat(10_000);
    for line in [
        "",
        "   ",
        "frobnicate",
        "play -1",
        "2",
        &long,
        "héllo",
        "ZZ",
        "boxes 9",
        "box 0",
        "box 305",
        "yes",
        "load",
        "preset",
        "preset custom 1/2 3",
        "\u{1b}[2J",
    ] {
        let (answer, events) = menace::repl::respond_with_events(&mut session, line);
        assert!(
            matches!(
                events[..],
                [menace::lesson::Said::Session(menace::app::Event::Refusal(
                    _
                ))]
            ),
            "{line:?} answered with {answer}"
        );
        assert_eq!(session.board(), board, "{line:?}");
        assert_eq!(session.menace().unwrap(), boxes.as_ref(), "{line:?}");
        assert!(!answer.contains('\u{1b}'), "no escape codes: {answer:?}");
    }
    // A move on a taken square.
    let taken = Square::ALL
        .into_iter()
        .find(|square| board.unwrap().at(*square).is_some())
        .unwrap();
    let answer = respond(&mut session, &taken.name());
    assert!(answer.contains("already taken"), "{answer}");
    assert_eq!(session.board(), board);
}

#[test]
fn end_of_input_says_goodbye_and_mentions_unsaved_learning() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    let text = transcript(&mut session, ["1", "resign"]);
    assert!(text.contains("You resign."));
    assert!(text.trim_end().ends_with("was not saved.)"), "{text}");
    assert!(session.is_finished());
}

#[test]
fn a_game_ends_with_its_result_and_boxes_on_off_changed_switch_the_listing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(Settings {
        show_boxes: menace::app::BoxListing::All,
        ..settings(11, folder.path())
    });
    let mut text = respond(&mut session, "1");
    text.push_str(&play_out(&mut session));
    // The listing comes before the result, so the result and the changed boxes end it.
    let result = text
        .find("MENACE wins")
        .or_else(|| text.find("You win"))
        .or_else(|| text.find("Draw"))
        .expect("a result line");
    assert!(text.rfind(". ......... ").unwrap() < result, "{text}");
    assert!(text[result..].contains("  box ......... "), "{text}");

    let switched = respond(&mut session, "boxes changed");
    assert!(
        switched.contains("only the boxes the game used"),
        "{switched}"
    );
    let mut text = respond(&mut session, "1");
    text.push_str(&play_out(&mut session));
    let listed = text
        .lines()
        .filter(|line| {
            line.trim_start()
                .split_once(". ")
                .is_some_and(|(number, _)| number.parse::<usize>().is_ok())
        })
        .count();
    let changed = text
        .lines()
        .filter(|line| line.starts_with("  box "))
        .count();
    assert!((1..20).contains(&listed), "{text}");
    assert!(changed >= 1, "{text}");

    respond(&mut session, "boxes off");
    let mut text = respond(&mut session, "1");
    text.push_str(&play_out(&mut session));
    assert!(!text.contains("-- MENACE's"), "{text}");
    assert!(respond(&mut session, "boxes sideways").contains("changed, not \"sideways\""));
}

#[test]
fn stop_ends_a_match_at_once_and_the_game_in_progress_is_not_counted() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(3, folder.path()));
    respond(&mut session, "play 304");
    let refused = respond(&mut session, "train 5");
    assert!(refused.contains("stop"), "{refused}");
    let (stopped, events) = respond_with_events(&mut session, "stop");
    assert!(
        events.contains(&menace::lesson::Said::Session(Event::Stopped {
            played: 0,
            asked: 304
        })),
        "{stopped}"
    );
    assert_eq!(common::stats(&mut session).record.games(), 0);
    let (report, text) = common::trained(&mut session, "train 5");
    assert_eq!((report.asked, report.overall.games()), (5, 5), "{text}");
    assert_eq!(common::stats(&mut session).record.games(), 5);
    assert!(respond(&mut session, "stop").contains("nothing to stop"));
}

#[test]
fn where_moves_are_numbers_a_bare_number_is_never_a_count_of_games() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    respond(&mut session, "variant strategic");
    respond(&mut session, "opponent menace");
    // 541 is a strategic move: typed with no game waiting, it starts nothing (before,
    // it started 541 games, watched, of 729 cells each).
    let refused = respond(&mut session, "541");
    assert!(refused.contains("541 is a move"), "{refused}");
    assert!(refused.contains("play 541"), "{refused}");
    assert!(session.position().is_none());
    // In the classic game a bare number still plays that many games.
    respond(&mut session, "variant classic");
    respond(&mut session, "opponent you");
    let (text, events) = respond_with_events(&mut session, "2");
    assert!(
        events
            .iter()
            .filter_map(menace::lesson::Said::event)
            .any(|event| matches!(
                event,
                Event::NewGame {
                    number: 1,
                    of: 2,
                    ..
                }
            )),
        "{text}"
    );
}

#[test]
fn each_menace_move_can_be_drawn_as_its_box_beside_the_board() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    let text = respond(&mut session, "1");
    // The box with the drawn bead in brackets, the relation, the board with [X].
    let row = text
        .lines()
        .find(|line| line.contains("]") && line.matches('[').count() == 2)
        .unwrap_or_else(|| panic!("{text}"));
    assert!(text.contains("MENACE's box"), "{text}");
    assert!(text.contains("---------->"), "{text}");
    assert!(row.contains("[X]"), "{text}");
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
    // The bead drawn, bracketed in the box, is the one the sentence names with its count.
    let sentence = text
        .lines()
        .find(|line| line.starts_with("MENACE uses box"))
        .unwrap();
    let of = sentence
        .split(" of ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let total: u32 = of.parse().unwrap();
    assert!(total >= 1, "{sentence}");

    let off = respond(&mut session, "pictures off");
    assert!(off.contains("in words only"), "{off}");
    let text = play_out(&mut session);
    assert!(!text.contains("MENACE's box"), "{text}");
    assert!(
        text.contains("MENACE uses box") || text.contains("forced"),
        "{text}"
    );
    let on = respond(&mut session, "pictures on");
    assert!(on.contains("beside the board"), "{on}");
}

#[test]
fn train_plot_and_export_write_their_pictures_and_refuse_what_they_should() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(8, folder.path()));
    let early = respond(&mut session, "plot early.svg");
    assert!(early.contains("no training run to plot yet"), "{early}");
    assert!(!folder.path().join("early.svg").exists());

    let trained = respond(&mut session, "train 200 vs random plot first.svg");
    assert!(trained.contains("Drew the learning curve to"), "{trained}");
    let svg = std::fs::read_to_string(folder.path().join("first.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("against random: 200 games"));
    let again = respond(&mut session, "plot second");
    assert!(again.contains("second.svg"), "{again}");
    assert_eq!(
        std::fs::read_to_string(folder.path().join("second.svg")).unwrap(),
        svg
    );

    let exported = respond(&mut session, "export boxes.html");
    assert!(exported.contains("Wrote 304 boxes"), "{exported}");
    let html = std::fs::read_to_string(folder.path().join("boxes.html")).unwrap();
    assert_eq!(html.matches("<figure").count(), 304);
    assert!(html.contains("<svg"), "the page carries the learning curve");
    // Self-contained: no script, and no address but the SVG namespace.
    assert!(!html.contains("<script"));
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count()
    );

    // Never over a save; a wrong kind of name is refused; nothing is written then.
    respond(&mut session, "save trained");
    let save = folder.path().join("trained.yaml");
    let before = std::fs::read(&save).unwrap();
    for line in [
        "plot trained.yaml",
        "export trained.yaml",
        "plot c.png",
        "export c.pdf",
    ] {
        let refused = respond(&mut session, line);
        assert!(
            !refused.contains("Wrote") && !refused.contains("Drew"),
            "{line}: {refused}"
        );
    }
    std::fs::copy(&save, folder.path().join("boxes.svg")).unwrap();
    let refused = respond(&mut session, "plot boxes.svg");
    let flat = refused.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("never replaces a save"), "{refused}");
    assert_eq!(std::fs::read(&save).unwrap(), before);
    assert!(!folder.path().join("c.png").exists());
}

/// A game stopped half way teaches nothing and costs nothing: every bead MENACE drew in
/// it goes back into its box, in the classic game and in a variant.
#[test]
fn stop_puts_the_drawn_beads_back() {
    for setup in [&[][..], &["variant qubic", "side o"][..]] {
        let folder = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(settings(3, folder.path()));
        for line in setup {
            respond(&mut session, line);
        }
        // MENACE moves first and draws one bead; then it waits for us.
        let text = respond(&mut session, "play 1");
        assert!(text.contains("MENACE uses"), "{text}");
        let during = session.learner().map(|learner| learner.all_beads());
        let stopped = respond(&mut session, "stop");
        assert!(stopped.contains("not counted"), "{stopped}");
        let after = session.learner().map(|learner| learner.all_beads());
        assert_eq!(after, during.map(|beads| beads + 1), "{setup:?}");
    }
}

/// Every AI you choose and then leave for another game either plays that game (the
/// players' table says so) or gives way with one sentence saying why: never an AI
/// announced opposite you that then refuses to move. Each AI is chosen in the first
/// game it plays, then every game is chosen from there.
#[test]
fn an_ai_kept_across_a_game_switch_plays_the_new_game_or_is_replaced_in_one_sentence() {
    use menace::players::{Choice, PLAYERS};
    use menace::registry;
    let folder = tempfile::tempdir().unwrap();
    let names = registry::names();
    // `against menace` is MENACE itself: the second MENACE (the learner row) sits only
    // opposite MENACE in `train`.
    for row in PLAYERS.iter().filter(|row| !row.learns) {
        let chosen = Choice::bare(row);
        let Some(first) = names
            .iter()
            .find(|name| chosen.plays(registry::start(&[name]).unwrap().as_ref()))
        else {
            panic!("{} plays no game", row.name);
        };
        for next in &names {
            let mut session = Tutor::new(settings(1, folder.path()));
            respond(&mut session, &format!("variant {first}"));
            let text = respond(&mut session, &format!("against {}", row.name));
            assert_eq!(session.opponent(), Some(chosen), "{text}");
            let (text, said) = respond_with_events(&mut session, &format!("variant {next}"));
            let game = session.position().map_or_else(
                || registry::start(&[next]).unwrap(),
                |position| position.restart(),
            );
            let left_behind = said.iter().find_map(|said| match said.event() {
                Some(Event::GameChosen { left_behind, .. }) => Some(left_behind.clone()),
                _ => None,
            });
            match session.opponent() {
                Some(kept) if kept == chosen => {
                    assert!(
                        kept.plays(game.as_ref()),
                        "{} kept in {next}: {text}",
                        row.name
                    );
                    assert_eq!(left_behind, Some(None), "{text}");
                }
                // A game's default opponent gives way to the next game's default.
                now if chosen.follows_to(game.as_ref()) => {
                    assert!(chosen.is_a_default(), "{text}");
                    let default = menace::players::default_opponent(game.as_ref());
                    assert_eq!(now, default, "{text}");
                }
                _ => {
                    let why = left_behind.flatten().unwrap_or_else(|| {
                        panic!("{} left behind in {next} without a word: {text}", row.name)
                    });
                    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert!(flat.contains(&why[1..]) && !why.contains('\n'), "{text}");
                }
            }
        }
    }
}

/// A command typed where a yes/no question waits is not run, and the console names it so
/// that the learner types it again (lesson 23: `reset`, then the next step's `train`).
#[test]
fn a_command_typed_at_a_question_is_named_and_not_run() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    respond(&mut session, "train 10 vs random");
    let asked = respond(&mut session, "reset");
    assert!(asked.contains("Type yes to confirm"), "{asked}");
    let said = respond(&mut session, "train 20 vs random");
    assert!(
        said.replace('\n', " ")
            .contains("`train 20 vs random` was not run either; type it again"),
        "{said}"
    );
    let stats = respond(&mut session, "stats");
    assert!(stats.contains("10 games"), "{stats}");
    respond(&mut session, "reset");
    assert!(respond(&mut session, "no").ends_with("Nothing changed.\n"));
}

/// After a game MENACE played, `stats` is offered; after one it did not, it is not.
#[test]
fn stats_is_offered_only_after_a_game_menace_played() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    respond(&mut session, "1");
    let ended = respond(&mut session, "resign");
    assert!(ended.contains("or stats."), "{ended}");
    respond(&mut session, "against random");
    respond(&mut session, "1");
    let ended = respond(&mut session, "resign");
    assert!(ended.contains("you asked for."), "{ended}");
    assert!(!ended.contains("or stats"), "{ended}");
}
