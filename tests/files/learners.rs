//! A learner of another kind than MENACE in a whole session: `learner td` puts it in
//! play, it trains and plays, and its file holds its kind, parameters and values; the
//! learner put aside comes back with everything it learned.

use menace::app::Event;
use menace::lesson::{Said, Tutor};
use menace::repl::respond_with_events;

use crate::common::{self, settings};

/// What the console printed for `line`, its lines joined: a sentence wrapped at 80
/// columns reads as one.
fn respond(session: &mut Tutor, line: &str) -> String {
    let (text, _) = respond_with_events(session, line);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn td_trains_saves_and_loads_back_byte_for_byte() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(5, folder.path()));
    let said = respond(&mut session, "learner td alpha 0.2 draw 0.5");
    assert!(
        said.contains("td (alpha 0.2, epsilon 0.1, draw 0.5) now plays X"),
        "{said}"
    );
    let (report, text) = common::trained(&mut session, "train 300 vs random");
    assert_eq!(report.learner, "td");
    // After the run, its greedy play is measured apart and changes nothing it holds.
    let greedy = report
        .greedy
        .expect("td explores, so its greedy play is measured");
    assert_eq!(greedy.games(), menace::play::GREEDY_GAMES);
    assert!(
        text.contains("td won") && text.contains("positions"),
        "{text}"
    );
    let stats = common::stats(&mut session);
    let other = stats.other.expect("td's own figures");
    assert_eq!(other.name, "td");
    assert_eq!(
        other.params,
        vec![("alpha", 0.2), ("epsilon", 0.1), ("draw", 0.5)]
    );
    assert!(other.entries > 10, "{other:?}");
    assert_eq!(stats.record.games(), 300);

    let said = respond(&mut session, "save first");
    assert!(said.contains("Saved td's values"), "{said}");
    let first = std::fs::read_to_string(folder.path().join("first.yaml")).unwrap();
    assert!(
        first.contains("learner: td\n") && first.contains("  draw: 0.5\n"),
        "{first}"
    );

    // A second session reads it into a td with the same figures, and writes it again
    // as it was, byte for byte.
    let mut again = Tutor::new(settings(9, folder.path()));
    let said = respond(&mut again, "load first");
    assert!(
        said.contains("td for classic, playing X: alpha 0.2"),
        "{said}"
    );
    let loaded = common::stats(&mut again);
    assert_eq!(
        loaded.other.as_ref().map(|other| other.entries),
        Some(other.entries)
    );
    assert_eq!(loaded.record, stats.record);
    respond(&mut again, "save second");
    let second = std::fs::read_to_string(folder.path().join("second.yaml")).unwrap();
    assert_eq!(first, second);
}

#[test]
fn switching_learners_puts_one_aside_and_brings_it_back_whole() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(2, folder.path()));
    let (report, _) = common::trained(&mut session, "train 40 vs random");
    assert_eq!(report.greedy, None, "MENACE's draws are its policy");
    let menace_beads = common::stats(&mut session).all_beads;
    let said = respond(&mut session, "learner td");
    assert!(said.contains("MENACE is put aside with 40 games"), "{said}");
    common::trained(&mut session, "train 25 vs random");
    assert_eq!(common::stats(&mut session).record.games(), 25);

    let said = respond(&mut session, "learner menace");
    assert!(said.contains("MENACE now plays X"), "{said}");
    assert!(
        said.contains("td (alpha 0.1, epsilon 0.1, draw 0) is put aside with 25"),
        "{said}"
    );
    let back = common::stats(&mut session);
    assert!(back.other.is_none());
    assert_eq!((back.record.games(), back.all_beads), (40, menace_beads));

    // The parameters named change on a td brought back; the others keep their values.
    respond(&mut session, "learner td epsilon 0");
    let td = common::stats(&mut session).other.expect("td");
    assert_eq!(
        td.params,
        vec![("alpha", 0.1), ("epsilon", 0.0), ("draw", 0.0)]
    );
    assert_eq!(common::stats(&mut session).record.games(), 25);
}

#[test]
fn commands_about_boxes_name_what_td_holds_instead_and_change_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    respond(&mut session, "learner td");
    common::trained(&mut session, "train 50 vs random");
    let before = common::stats(&mut session);
    for line in ["boxes", "preset michie", "pictures on", "export b.html"] {
        let said = respond(&mut session, line);
        assert!(
            said.contains("There are no boxes: td values positions"),
            "{line}: {said}"
        );
    }
    let said = respond(&mut session, "box 3");
    assert!(
        said.contains("td values positions, and has no numbered boxes"),
        "{said}"
    );
    let said = respond(&mut session, "box .........");
    assert!(
        said.contains("td's values for X to move in ........."),
        "{said}"
    );
    assert!(said.contains("td would play"), "{said}");
    let said = respond(&mut session, "box X........");
    assert!(said.contains("is not a position td moves in"), "{said}");
    for line in [
        "learner nobody",
        "learner td gamma 1",
        "learner td alpha 2",
        "learner td alpha",
    ] {
        let (said, events) = respond_with_events(&mut session, line);
        assert!(
            matches!(events.as_slice(), [Said::Session(Event::Refusal(_))]),
            "{line}: one sentence: {said}"
        );
    }
    assert_eq!(common::stats(&mut session), before);
}

/// `experiment` measures the learner in play: its own games, counting its exploring
/// moves, and its greedy play, which is what it learned.
#[test]
fn experiment_measures_td_and_its_greedy_play() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    respond(&mut session, "learner td draw 0.5");
    let (said, events) = respond_with_events(&mut session, "experiment 2");
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(experiment) = events.iter().find_map(|said| match said.event() {
        Some(Event::GameExperiment(experiment)) => Some(experiment),
        _ => None,
    }) else {
        panic!("no experiment: {said}");
    };
    assert_eq!(experiment.learner.row.name, "td");
    assert_eq!(experiment.runs.len(), 2);
    for run in &experiment.runs {
        let greedy = run.greedy.expect("td explores");
        // Exploring, it still loses a game in ten against perfect play; greedy, none.
        assert!(run.last.lost > 50, "{run:?}");
        assert!(greedy.reached.is_some() && greedy.last.lost == 0, "{run:?}");
    }
    assert!(
        said.contains("td as X (alpha 0.1, epsilon 0.1, draw 0.5)"),
        "{said}"
    );
    assert!(
        said.contains("greedy play reached the goal: 2 of 2 runs"),
        "{said}"
    );
    // The session's td learned nothing from the experiment's runs.
    assert_eq!(common::stats(&mut session).record.games(), 0);
}

/// A learner trains against a second learner of any kind, which learns as it plays;
/// a game too big for a table has no second learner.
#[test]
fn learners_train_against_a_second_learner_of_any_kind() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(6, folder.path()));
    respond(&mut session, "learner td draw 0.5");
    for (vs, games) in [("td", 400), ("qlearn", 300), ("menace", 200)] {
        let (report, _) = common::trained(&mut session, &format!("train {games} vs {vs}"));
        assert_eq!(report.opponent.to_string(), vs);
        assert_eq!((report.learner, report.overall.games()), ("td", games));
    }
    assert_eq!(common::stats(&mut session).record.games(), 900);
    respond(&mut session, "learner menace");
    let (report, _) = common::trained(&mut session, "train 300 vs qlearn");
    assert_eq!((report.learner, report.overall.games()), ("menace", 300));
    respond(&mut session, "variant gomoku");
    let said = respond(&mut session, "against td");
    assert!(
        said.contains("too big for a table of values, so no td learns it"),
        "{said}"
    );
}

#[test]
fn a_broken_td_file_is_refused_in_one_sentence() {
    let folder = tempfile::tempdir().unwrap();
    let header = "format: 2\ngame: classic\nside: X\nlearner: td\nparams:\n  alpha: 0.1\ngames:\n  won: 0\n  drawn: 0\n  lost: 0\n";
    let cases = [
        ("values:\n  'X........': 1.5\n", "not a number from 0 to 1"),
        ("values:\n  '.........': 0.5\n", "is the start"),
        (
            "values:\n  'X........': 0.5\n  '..X......': 0.4\n",
            "already valued",
        ),
        ("values:\n  'XXX.OO...': 0.5\n", "finished game"),
        ("values:\n  'X..': 0.5\n", "is not a position"),
        ("boxes: {}\nvalues: {}\n", "not MENACE's boxes"),
    ];
    for (index, (values, expected)) in cases.iter().enumerate() {
        let name = format!("bad{index}.yaml");
        std::fs::write(folder.path().join(&name), format!("{header}{values}")).unwrap();
        let mut session = Tutor::new(settings(1, folder.path()));
        let before = common::stats(&mut session);
        let said = respond(&mut session, &format!("load {name}"));
        assert!(said.contains(expected), "{values}: {said}");
        assert_eq!(
            common::stats(&mut session),
            before,
            "{values}: nothing changed"
        );
    }
    let unknown = header.replace("learner: td", "learner: sarsa");
    std::fs::write(
        folder.path().join("unknown.yaml"),
        format!("{unknown}values: {{}}\n"),
    )
    .unwrap();
    let mut session = Tutor::new(settings(1, folder.path()));
    let said = respond(&mut session, "load unknown");
    assert!(
        said.contains("learner \"sarsa\" this menace does not know"),
        "{said}"
    );
}

#[test]
fn qlearn_saves_and_loads_back_byte_for_byte_and_refuses_a_broken_pair() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(6, folder.path()));
    let said = respond(&mut session, "learner qlearn gamma 0.9");
    assert!(
        said.contains("qlearn (alpha 0.1, gamma 0.9, epsilon 0.1, draw 0) now plays X"),
        "{said}"
    );
    let (report, text) = common::trained(&mut session, "train 300 vs random");
    assert_eq!(report.learner, "qlearn");
    assert!(text.contains("moves valued"), "{text}");
    let moves = common::stats(&mut session).other.expect("qlearn").entries;
    respond(&mut session, "save first");
    let first = std::fs::read_to_string(folder.path().join("first.yaml")).unwrap();
    assert!(
        first.contains("learner: qlearn\n") && first.contains("  gamma: 0.9\n"),
        "{first}"
    );

    let mut again = Tutor::new(settings(9, folder.path()));
    let said = respond(&mut again, "load first");
    assert!(
        said.contains("qlearn for classic, playing X: alpha 0.1, gamma 0.9"),
        "{said}"
    );
    assert_eq!(
        common::stats(&mut again).other.map(|other| other.entries),
        Some(moves)
    );
    respond(&mut again, "save second");
    let second = std::fs::read_to_string(folder.path().join("second.yaml")).unwrap();
    assert_eq!(first, second);
    let said = respond(&mut again, "box .........");
    assert!(said.contains("the value of the move itself"), "{said}");

    let header = "format: 2\ngame: classic\nside: X\nlearner: qlearn\ngames:\n  won: 0\n  drawn: 0\n  lost: 0\n";
    for (values, expected) in [
        ("values:\n  '.........': 0.5\n", "names no move"),
        ("values:\n  '......... XX': 0.5\n", "not legal there"),
        ("values:\n  'X........ MM': 0.5\n", "where X moves"),
        (
            "values:\n  '......... LL': 0.5\n  '......... RR': 0.4\n",
            "already valued",
        ),
    ] {
        std::fs::write(folder.path().join("bad.yaml"), format!("{header}{values}")).unwrap();
        let said = respond(&mut again, "load bad");
        assert!(said.contains(expected), "{values}: {said}");
    }
}

#[test]
fn plot_draws_the_learners_runs_that_match_on_one_chart() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(7, folder.path()));
    let chart = |session: &mut Tutor, line: &str| {
        let (said, events) = respond_with_events(session, line);
        events
            .iter()
            .find_map(|event| match event.event() {
                Some(Event::ChartWritten { learners, .. }) => Some(learners.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{line}: {said}"))
    };
    common::trained(&mut session, "train 200 vs perfect");
    respond(&mut session, "learner qlearn");
    common::trained(&mut session, "train 200 vs perfect");
    respond(&mut session, "learner td");
    common::trained(&mut session, "train 200 vs perfect");
    assert_eq!(
        chart(&mut session, "plot all.svg"),
        ["menace", "td", "qlearn"]
    );
    let svg = std::fs::read_to_string(folder.path().join("all.svg")).unwrap();
    assert!(
        svg.contains("MENACE, td, qlearn (X, classic) against perfect"),
        "{svg}"
    );
    // A run against another opponent, or of another length, is drawn alone.
    common::trained(&mut session, "train 200 vs random");
    assert_eq!(chart(&mut session, "plot alone.svg"), ["td"]);
    common::trained(&mut session, "train 300 vs perfect");
    assert_eq!(chart(&mut session, "plot alone.svg"), ["td"]);
}

/// In every game a learner fits, td and qlearn trained a few games are saved, read by a
/// second session and saved again as the same bytes: the entries of each game's
/// positions and moves (Qubic's 64 cells, ultimate's two-part moves, quantum's pairs,
/// Morris's steps) are written and read back alike.
#[test]
fn every_game_a_learner_fits_saves_and_loads_back_byte_for_byte() {
    let games = [
        "classic",
        "misere",
        "cube",
        "qubic",
        "silverman",
        "crazy",
        "mnk 3x4",
        "morris",
        "ultimate",
        "strategic",
        "quantum",
        "quantum-morris",
    ];
    for game in games {
        for kind in ["td", "qlearn"] {
            let folder = tempfile::tempdir().unwrap();
            let mut session = Tutor::new(settings(7, folder.path()));
            let chosen = respond(&mut session, &format!("variant {game}"));
            assert!(!chosen.contains("Cannot"), "{game}: {chosen}");
            // No exploration: its play is what it learned, with no greedy games after
            // the run to measure it (a test of files, not of learning).
            let said = respond(&mut session, &format!("learner {kind} epsilon 0"));
            assert!(said.contains("now plays"), "{game} {kind}: {said}");
            let (report, _) = common::trained(&mut session, "train 8 vs random");
            assert_eq!((report.learner, report.greedy), (kind, None));
            let said = respond(&mut session, "save first");
            assert!(said.contains("Saved"), "{game} {kind}: {said}");
            let first = std::fs::read(folder.path().join("first.yaml")).unwrap();
            let mut again = Tutor::new(settings(9, folder.path()));
            respond(&mut again, &format!("variant {game}"));
            let loaded = respond(&mut again, "load first");
            assert!(loaded.contains(kind), "{game} {kind}: {loaded}");
            assert_eq!(common::stats(&mut again).record.games(), 8, "{game} {kind}");
            respond(&mut again, "save second");
            let second = std::fs::read(folder.path().join("second.yaml")).unwrap();
            assert!(
                first == second,
                "{game} {kind}: the file changed on its way back"
            );
        }
    }
}
