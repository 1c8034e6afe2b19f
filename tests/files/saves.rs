//! Save format 2 for every game's MENACE, and the format-1 files of earlier versions.

use menace::app::Event;
use menace::game::Player;
use menace::lesson::Tutor;
use menace::menace::{Preset, Record};
use menace::repl::{respond, respond_with_events};

use crate::common::{self, settings};

const FORMAT_1: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/format1-classic.yaml"
);

#[test]
fn a_format_1_save_of_an_earlier_version_still_loads() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(3, folder.path()));
    let (loaded, events) = respond_with_events(&mut session, &format!("load {FORMAT_1}"));
    let Some(Event::Loaded {
        title,
        side,
        preset,
        record,
        ..
    }) = events.first().and_then(menace::lesson::Said::event)
    else {
        panic!("{loaded}")
    };
    assert_eq!(
        (title.as_str(), *side, *preset),
        ("classic", Player::X, Preset::challenge()),
        "{loaded}"
    );
    let expected = Record {
        won: 175,
        drawn: 45,
        lost: 80,
    };
    assert_eq!(*record, expected, "{loaded}");
    let first = respond(&mut session, "box 1");
    assert!(
        first.contains("Box 1 of 304: ......... (MENACE's 1st move, 104 beads)"),
        "{first}"
    );
    // Saved again, it is written in format 2 and reads back the same.
    respond(&mut session, "save again");
    let text = std::fs::read_to_string(folder.path().join("again.yaml")).unwrap();
    assert!(
        text.contains("format: 2\ngame: classic\nside: X\n"),
        "{text}"
    );
    let mut fresh = Tutor::new(settings(4, folder.path()));
    respond(&mut fresh, "load again");
    assert_eq!(respond(&mut fresh, "boxes"), respond(&mut session, "boxes"));
    assert_eq!(fresh.menace(), session.menace());
}

#[test]
fn every_games_menace_saves_and_loads_on_its_side() {
    for (game, side) in [
        ("classic", "side x"),
        ("misere", "side o"),
        ("cube", "side o"),
        ("silverman no-anti-diagonal", "side o"),
        ("crazy", "side x"),
        ("morris diagonal-moves", "side x"),
    ] {
        let folder = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(settings(6, folder.path()));
        respond(&mut session, &format!("variant {game}"));
        respond(&mut session, side);
        respond(&mut session, "train 30 vs random");
        let saved = respond(&mut session, "save kept");
        assert!(saved.contains("Saved MENACE's boxes"), "{game}: {saved}");
        let listing = respond(&mut session, "boxes");
        let stats = respond(&mut session, "stats");

        // A fresh session in classic noughts and crosses switches to the saved game.
        let mut fresh = Tutor::new(settings(7, folder.path()));
        let loaded = respond(&mut fresh, "load kept");
        assert!(loaded.contains(&format!("MENACE for {game}")), "{loaded}");
        assert_eq!(fresh.game_title(), game);
        assert_eq!(respond(&mut fresh, "boxes"), listing, "{game}");
        assert_eq!(
            respond(&mut fresh, "stats").replace(
                "30 games since the last save (type save to keep them)\n",
                ""
            ),
            stats.replace(
                "30 games since the last save (type save to keep them)\n",
                ""
            ),
            "{game}"
        );
        fresh.check().expect("a consistent session");
    }
}

#[test]
fn broken_format_2_files_are_refused_in_one_sentence_and_change_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(9, folder.path()));
    respond(&mut session, "variant silverman");
    respond(&mut session, "train 5 vs random");
    respond(&mut session, "save good");
    let good = std::fs::read_to_string(folder.path().join("good.yaml")).unwrap();
    let first_box = good
        .lines()
        .find(|line| line.starts_with("  '"))
        .unwrap()
        .to_string();
    let first_bead = good
        .lines()
        .skip_while(|line| *line != first_box)
        .nth(1)
        .unwrap()
        .to_string();
    let (bead_name, _) = first_bead.split_once(':').unwrap();
    let listing = respond(&mut session, "boxes");
    for (name, broken) in [
        ("game", good.replace("game: silverman", "game: chess")),
        (
            "option",
            good.replace("game: silverman", "game: silverman pass"),
        ),
        ("side", good.replace("side: X", "side: Y")),
        (
            "preset",
            good.replace("preset: challenge", "preset: lavish"),
        ),
        (
            "picture",
            good.replacen(&first_box, "  'XXXX/..../..../....':", 1),
        ),
        (
            "canonical",
            good.replacen(&first_box, "  '..../..../..../...X':", 1),
        ),
        (
            "bead",
            good.replacen(&first_box, &format!("{first_box}\n    z9: 3"), 1),
        ),
        (
            "bead spelled otherwise",
            good.replacen(&first_bead, &first_bead.to_uppercase(), 1),
        ),
        (
            "bead twice under two spellings",
            good.replacen(
                &first_bead,
                &format!("{first_bead}\n{}", first_bead.to_uppercase()),
                1,
            ),
        ),
        (
            "picture spelled otherwise",
            good.replacen(&first_box, &first_box.replace('.', "-"), 1),
        ),
        (
            "absurd record",
            good.replacen("  won: ", "  won: 18446744073709551615 #", 1),
        ),
        (
            "negative",
            good.replacen(&first_bead, &format!("{bead_name}: -3"), 1),
        ),
        (
            "twice",
            good.replacen(&first_bead, &format!("{first_bead}\n{first_bead}"), 1),
        ),
        (
            "count",
            good.replacen(&first_bead, &format!("{bead_name}: many"), 1),
        ),
        ("format", good.replace("format: 2", "format: 3")),
    ] {
        std::fs::write(folder.path().join("broken.yaml"), broken).unwrap();
        let answer = respond(&mut session, "load broken");
        let (_, refusal) = answer.split_once('\n').unwrap();
        let refusal = refusal.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            refusal.starts_with("Not loaded:") && refusal.ends_with("The boxes are unchanged."),
            "{name}: one sentence: {answer}"
        );
        assert_eq!(respond(&mut session, "boxes"), listing, "{name}");
    }
}

/// Two sessions on one saves folder, as two menaces running at once.
#[test]
fn a_file_changed_by_another_session_is_not_overwritten_unasked() {
    let folder = tempfile::tempdir().unwrap();
    let mut first = Tutor::new(settings(1, folder.path()));
    let mut second = Tutor::new(settings(2, folder.path()));
    respond(&mut first, "train 20 vs random");
    assert!(respond(&mut first, "save").contains("Saved"));
    // The second session never loaded that file: it asks, and no keeps it.
    respond(&mut second, "train 30 vs random");
    let asked = respond(&mut second, "save");
    assert!(asked.contains("already exists"), "{asked}");
    assert!(respond(&mut second, "no").contains("Nothing changed"));
    let path = folder.path().join("menace.yaml");
    assert!(std::fs::read_to_string(&path).unwrap().contains("won: "));
    let first_text = std::fs::read_to_string(&path).unwrap();
    // Yes replaces it; the first session, saving again, is told the file changed.
    respond(&mut second, "save");
    assert!(respond(&mut second, "yes").contains("Saved"));
    assert_ne!(std::fs::read_to_string(&path).unwrap(), first_text);
    let asked = respond(&mut first, "save");
    assert!(asked.contains("has changed since"), "{asked}");
    respond(&mut first, "no");
    // A session's own file, unchanged since, is saved without a question.
    let saved = respond(&mut second, "save");
    assert!(saved.contains("Saved"), "{saved}");
}

#[test]
fn a_read_only_save_is_not_replaced_and_bad_names_are_refused() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(4, folder.path()));
    respond(&mut session, "train 10 vs random");
    assert!(respond(&mut session, "save kept").contains("Saved"));
    let path = folder.path().join("kept.yaml");
    let before = std::fs::read_to_string(&path).unwrap();
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&path, permissions).unwrap();
    respond(&mut session, "train 10 vs random");
    let refused = respond(&mut session, "save kept");
    assert!(refused.contains("read-only"), "{refused}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    for name in [".", ".yaml", "..", "sub/"] {
        let refused = respond(&mut session, &format!("save {name}"));
        assert!(refused.contains("Not saved"), "{name}: {refused}");
    }
    let mut files: Vec<_> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    files.sort();
    assert_eq!(files, ["kept.yaml"]);
}

#[test]
fn a_curve_never_replaces_a_save_and_is_refused_before_training() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(6, folder.path()));
    let (report, text) = common::trained(&mut session, "train 10 vs random");
    assert_eq!(report.overall.games(), 10, "{text}");
    respond(&mut session, "save");
    let path = folder.path().join("menace.yaml");
    let before = std::fs::read_to_string(&path).unwrap();
    let refused = respond(&mut session, "train 10 csv menace.yaml");
    assert!(refused.contains("Not trained"), "{refused}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    assert_eq!(
        common::stats(&mut session).record.games(),
        10,
        "no games were played"
    );
    let written = respond(&mut session, "train 10 csv curve");
    assert!(folder.path().join("curve.csv").exists(), "{written}");
}
