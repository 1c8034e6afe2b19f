use super::*;
use crate::game::Player;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn fresh(preset: Preset, rng: &mut ChaCha8Rng) -> ClassicMenace {
    classic::new(Player::X, preset, rng)
}

fn trained() -> ClassicMenace {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut menace = fresh(Preset::challenge(), &mut rng);
    let turn = menace.take_turn(&TicTacToe::default(), &mut rng).unwrap();
    menace.learn(&[turn.drawn().unwrap()], crate::menace::GameResult::Won);
    menace
}

fn broken(edit: impl Fn(String) -> String) -> Problem {
    let text = edit(to_yaml(&trained()));
    from_yaml(&text, "test.yaml").unwrap_err().problem
}

#[test]
fn save_then_load_gives_identical_boxes() {
    let menace = trained();
    assert_eq!(from_yaml(&to_yaml(&menace), "x").unwrap(), menace);
    for preset in ["michie", "custom 8/4/2/1 3/1/-1 refill"] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let menace = fresh(Preset::parse(preset).unwrap(), &mut rng);
        assert_eq!(from_yaml(&to_yaml(&menace), "x").unwrap(), menace);
    }
}

#[test]
fn the_file_lists_boxes_by_ply_then_picture() {
    let text = to_yaml(&trained());
    let first = text.find("'.........'").or_else(|| text.find(".........:"));
    assert!(
        first.is_some(),
        "the empty board is the first box:\n{}",
        &text[..300]
    );
    assert!(text.contains("format: 1"));
    assert!(text.contains("preset: challenge"));
}

#[test]
fn save_is_atomic_and_round_trips_through_the_disk() {
    let folder = tempfile::tempdir().unwrap();
    let menace = trained();
    // A save makes no folder: a mistyped path is refused, not created.
    let path = folder.path().join("sub").join("m.yaml");
    assert!(save(&menace, &path).is_err());
    assert!(!folder.path().join("sub").exists());
    let path = folder.path().join("m.yaml");
    save(&menace, &path).unwrap();
    let Ok(Saved::Built(loaded)) = load_any(&path) else {
        panic!("a format-1 file loads as classic MENACE");
    };
    assert_eq!(
        loaded.learner.as_ref(),
        &menace as &dyn crate::menace::learner::Learner
    );
    let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("m.yaml")]);
}

#[test]
fn unreadable_yaml_is_refused() {
    assert!(matches!(
        broken(|_| "format: 1\nboxes: [".into()),
        Problem::NotYaml(_)
    ));
    // Without a `format:` line a file that does not parse is not a save at all.
    assert_eq!(broken(|_| "boxes: [".into()), Problem::NoVersion);
    assert_eq!(broken(|_| "just text".into()), Problem::NoVersion);
    assert_eq!(broken(|_| "title: a lesson".into()), Problem::NoVersion);
}

#[test]
fn a_missing_or_wrong_version_is_refused() {
    assert_eq!(
        broken(|t| t.replace("format: 1", "format: 2")),
        Problem::WrongVersion(2)
    );
    assert_eq!(broken(|t| t.replace("format: 1\n", "")), Problem::NoVersion);
}

#[test]
fn a_bad_preset_is_refused() {
    assert!(matches!(
        broken(|t| t.replace("preset: challenge", "preset: lazy")),
        Problem::BadPreset(_)
    ));
}

/// The save text with one box's entry (its key line and its cell lines) removed.
fn without_box(text: &str, key: &str) -> String {
    let mut skipping = false;
    let mut kept = Vec::new();
    for line in text.lines() {
        if line.starts_with("  '") || line.starts_with("  .") {
            skipping = line.contains(key);
        }
        if !skipping {
            kept.push(line);
        }
    }
    kept.join("\n") + "\n"
}

#[test]
fn unknown_missing_and_non_canonical_boxes_are_refused() {
    let key = "'.......OX'";
    assert!(
        to_yaml(&trained()).contains(key),
        "the second box of the listing"
    );
    // A half turn of .......OX: the same box, but not its canonical picture.
    assert_eq!(
        broken(|t| t.replace(key, "'XO.......'")),
        Problem::NotCanonical {
            key: "XO.......".into(),
            canonical: ".......OX".into()
        }
    );
    // O to move: MENACE never moves here.
    assert_eq!(
        broken(|t| t.replace(key, "'X........'")),
        Problem::NoSuchBox {
            key: "X........".into()
        }
    );
    assert!(matches!(
        broken(|t| t.replace(key, "'QQQ'")),
        Problem::NotAPosition { .. }
    ));
    assert_eq!(
        broken(|t| without_box(&t, key)),
        Problem::MissingBox(".......OX".into())
    );
    // Removing a box and keeping the rest is what the helper does, nothing more.
    assert!(from_yaml(&without_box(&to_yaml(&trained()), "no such key"), "x").is_ok());
}

#[test]
fn each_cell_problem_is_named() {
    let key = "'.......OX'";
    let entry = |cells: &'static str| {
        move |t: String| {
            let start = t.find(key).unwrap();
            let end = start + t[start..].find("\n  '").unwrap();
            format!("{}{key}:\n{cells}{}", &t[..start], &t[end..])
        }
    };
    assert_eq!(
        broken(entry("    LL: -2")),
        Problem::NegativeCount {
            key: key.trim_matches('\'').into(),
            cell: "LL".into(),
            count: -2
        }
    );
    assert!(matches!(
        broken(entry("    LL: 99999999999")),
        Problem::AbsurdCount {
            count: 99_999_999_999,
            ..
        }
    ));
    assert!(matches!(
        broken(entry("    ZZ: 1")),
        Problem::BadCellName { .. }
    ));
    assert_eq!(
        broken(entry("    RR: 1")),
        Problem::OccupiedCell {
            key: key.trim_matches('\'').into(),
            cell: "RR".into()
        }
    );
    let lots = broken(entry("    LL: lots"));
    assert!(
        matches!(&lots, Problem::NotYaml(why) if why.contains("whole number")),
        "{lots:?}"
    );
    // A cell given twice, or under another spelling, is refused rather than resolved.
    assert!(matches!(
        broken(entry("    LL: 1\n    LL: 7")),
        Problem::BadBox(why) if why.contains("gives the beads on LL twice")
    ));
    assert!(matches!(
        broken(entry("    ll: 1")),
        Problem::BadCellName { .. }
    ));
    assert!(matches!(
        broken(entry("    LL: 1\n    ll: 7")),
        Problem::BadCellName { .. }
    ));
    // An empty box is allowed: zero counts may be left out.
    let empty = entry("    {}")(to_yaml(&trained()));
    assert!(from_yaml(&empty, "x").is_ok(), "{}", &empty[..400]);
}

#[test]
fn missing_files_and_huge_files_are_refused_by_load() {
    let folder = tempfile::tempdir().unwrap();
    let missing = load_any(&folder.path().join("none.yaml")).unwrap_err();
    assert!(matches!(missing.problem, Problem::Unreadable(_)));
    let binary = folder.path().join("bin.yaml");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    assert_eq!(
        load_any(&binary).unwrap_err().problem,
        Problem::Unreadable(crate::files::ReadProblem::NotText)
    );
}

#[cfg(unix)]
#[test]
fn pipes_and_devices_are_refused_without_reading_them() {
    let folder = tempfile::tempdir().unwrap();
    let zero = folder.path().join("zero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    assert!(matches!(
        load_any(&zero).unwrap_err().problem,
        Problem::Unreadable(crate::files::ReadProblem::NotRegular { .. })
    ));
    let fifo = folder.path().join("fifo.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|status| status.success()) {
        let error = load_any(&fifo).unwrap_err();
        assert!(error.to_string().contains("named pipe"), "{error}");
    }
}

#[test]
fn a_box_written_twice_is_refused_in_both_formats() {
    let text = to_yaml(&trained());
    let start = text.find("  '.........':").unwrap();
    let end = start + 1 + text[start + 1..].find("\n  '").unwrap();
    let first = &text[start..end];
    let twice = text.replacen(first, &format!("{first}{first}"), 1);
    assert!(from_yaml(&twice, "x").is_err());
    assert!(from_yaml_any(&twice, "x").is_err());
}

#[test]
fn absurd_game_counts_are_refused_and_counting_never_wraps() {
    let text = to_yaml(&trained());
    let huge = text.replacen(
        &format!("won: {}", trained().record().won),
        "won: 18446744073709551615",
        1,
    );
    assert!(matches!(
        from_yaml(&huge, "x").unwrap_err().problem,
        Problem::BadGames(_)
    ));
    let mut record = Record {
        won: u64::MAX,
        drawn: 1,
        lost: 0,
    };
    record.add(crate::menace::GameResult::Won);
    assert_eq!(record.won, u64::MAX);
    assert_eq!(record.games(), u64::MAX);
}

#[test]
fn deeply_nested_and_hostile_text_is_refused_fast_and_shown_safely() {
    for text in [
        format!("format: 2\nboxes: {}", "[".repeat(200_000)),
        format!("format: 2\nboxes: {}", "{a: ".repeat(50_000)),
    ] {
        // Refused by the linear pre-scan, before the parser (quadratic here) sees it.
        let error = from_yaml_any(&text, "deep.yaml").unwrap_err();
        assert!(error.to_string().contains("nested"), "{error}");
    }
    let text = to_yaml(&trained()).replacen("preset: challenge", "preset: \"\\e[31mred\"", 1);
    let error = from_yaml(&text, "x").unwrap_err().to_string();
    assert!(!error.contains('\u{1b}'), "{error:?}");
    let long = format!("format: 2\ngame: \"{}\"", "x".repeat(100_000));
    let error = from_yaml_any(&long, "x").unwrap_err().to_string();
    assert!(error.len() < 1_000, "{} bytes", error.len());
}

#[test]
fn a_save_whose_boxes_cannot_be_written_leaves_the_old_file() {
    // A learner whose box is beyond what a load accepts (a picture over the bound is
    // impossible in our games, so the write is made to fail by the writer instead).
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("m.yaml");
    std::fs::write(&path, "format: 2\n# the old save\n").unwrap();
    let menace = trained();
    let refused = write_guarded_with(
        &path,
        &mut |out| {
            format2::write_yaml(out, "classic", &menace, InProgress::default())?;
            Err(std::io::Error::other("the disk is full"))
        },
        None,
    );
    assert!(matches!(refused, Err(Refused::Failed(_))));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "format: 2\n# the old save\n"
    );
}

#[test]
fn a_file_of_millions_of_tiny_entries_is_refused_before_parsing() {
    // 2,000,001 one-character items: well under the byte cap, but the parser would take
    // seconds and a gigabyte over them.
    let text = format!("format: 2\nboxes: [{}]\n", "1,".repeat(MAX_ENTRIES));
    let refused = from_yaml_any(&text, "tiny.yaml").unwrap_err();
    assert!(
        matches!(&refused.problem, Problem::NotYaml(why) if why.contains("entries")),
        "{refused}"
    );
    let block = format!("format: 2\nboxes:\n{}", "- 1\n".repeat(MAX_ENTRIES));
    assert!(from_yaml_any(&block, "tiny.yaml").is_err());
}

#[test]
fn a_newer_format_is_named_from_its_line_before_parsing() {
    // A future format may look like anything; its `format:` line is enough.
    let text = "format: 3\nboxes: {a: [1, {b: c}]}\nwhatever: [\n";
    assert_eq!(
        from_yaml_any(text, "new.yaml").unwrap_err().problem,
        Problem::WrongVersion(3)
    );
}
