//! Files, paths and text from outside: saves from two menaces at once,
//! temporaries, missing folders, escapes and map paths.

use menace::app::{BoxListing, Settings};
use menace::lesson::Tutor;
use menace::repl::respond;
use std::path::Path;

fn settings(seed: u64, saves: &Path) -> Settings {
    Settings {
        seed,
        show_boxes: BoxListing::Off,
        saves_dir: saves.to_path_buf(),
        ..Settings::default()
    }
}

/// Two sessions that never saw the file save it at the same moment, many times over: one
/// saves, and the other is asked before replacing what the first wrote, never both
/// "Saved" (one session's learning would be gone without a word).
#[test]
fn two_sessions_saving_one_file_at_once_never_both_save() {
    let folder = tempfile::tempdir().unwrap();
    for round in 0..40 {
        let file = folder.path().join(format!("shared{round}.yaml"));
        let barrier = std::sync::Barrier::new(2);
        let answers: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|seat| {
                    let (barrier, file) = (&barrier, &file);
                    let saves = folder.path();
                    scope.spawn(move || {
                        let mut session = Tutor::new(settings(seat, saves));
                        respond(&mut session, "train 2 vs random");
                        barrier.wait();
                        respond(&mut session, &format!("save {}", file.display()))
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let saved = answers.iter().filter(|a| a.contains("Saved")).count();
        let asked = answers.iter().filter(|a| a.contains("Replace it")).count();
        assert_eq!((saved, asked), (1, 1), "round {round}: {answers:?}");
    }
}

/// Temporaries a `kill -9` left beside a save outside the saves folder are removed at
/// the next save to that folder, once they are surely not a save in progress; a fresh
/// temporary and files not of our naming stay.
#[test]
fn a_crashed_saves_temporaries_go_at_the_next_save_to_their_folder() {
    let saves = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(5 * 60);
    for name in [".menace-Ab12Cd.tmp", "notes.tmp", ".menace-x.tmp.keep"] {
        let path = elsewhere.path().join(name);
        std::fs::write(&path, "half a save").unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(old).unwrap();
    }
    std::fs::write(elsewhere.path().join(".menace-fresh1.tmp"), "x").unwrap();
    let mut session = Tutor::new(settings(1, saves.path()));
    let target = elsewhere.path().join("m.yaml");
    let saved = respond(&mut session, &format!("save {}", target.display()));
    assert!(saved.contains("Saved"), "{saved}");
    let mut left: Vec<String> = std::fs::read_dir(elsewhere.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            ".menace-fresh1.tmp",
            ".menace-x.tmp.keep",
            "m.yaml",
            "notes.tmp"
        ]
    );
}

/// `save`, `plot`, `export` and a training curve refuse a path whose folder does not
/// exist, in one sentence, and create nothing; the saves folder itself is made for the
/// first save into it.
#[test]
fn a_path_whose_folder_is_missing_is_refused_and_nothing_is_made() {
    let top = tempfile::tempdir().unwrap();
    let saves = top.path().join("saves");
    let missing = top.path().join("missing");
    let mut session = Tutor::new(settings(1, &saves));
    respond(&mut session, "train 3 vs random");
    for (command, file) in [
        ("save", "m.yaml"),
        ("plot", "c.svg"),
        ("export", "p.html"),
        ("train 1 vs random csv", "c.csv"),
    ] {
        let line = format!("{command} {}", missing.join("deeper").join(file).display());
        let answer = respond(&mut session, &line);
        let reply = answer.lines().skip(1).collect::<Vec<_>>().join(" ");
        assert!(reply.contains("there is no folder"), "{line}: {answer}");
        assert_eq!(reply.matches(". ").count(), 0, "one sentence: {answer}");
    }
    assert!(!missing.exists(), "a missing folder was made");
    assert!(!saves.exists());
    let saved = respond(&mut session, "save first");
    assert!(saved.contains("Saved"), "{saved}");
    assert!(saves.join("first.yaml").is_file());
}

fn menace() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("menace").unwrap()
}

/// Everything a run printed, both streams.
fn printed(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A map whose unknown key is an escape sequence (retitle the terminal, clear it) is
/// refused with the key escaped, by the console and by every subcommand that takes a
/// game; a file that is not a map at all is refused without a word of it quoted.
#[test]
fn no_escape_sequence_from_a_map_or_an_argument_reaches_the_terminal() {
    let folder = tempfile::tempdir().unwrap();
    let evil = folder.path().join("evil.yaml");
    std::fs::write(&evil, "rules: functional\n\"\\e]0;PWNED\\a\\e[2J\": 1\n").unwrap();
    let secret = folder.path().join("passwd");
    std::fs::write(
        &secret,
        "root:x:0:0:root:/root:/bin/bash\nhunter2:x:1:1::/:/bin/sh\n",
    )
    .unwrap();
    for map in [&evil, &secret] {
        let map = map.display().to_string();
        let game = ["strategic", "map", map.as_str()];
        let joined = game.join(" ");
        let runs: Vec<Vec<String>> = vec![
            [&["replay"][..], &game, &["541"]].concat(),
            [&["solve"][..], &game, &["--budget", "10"]].concat(),
            [&["boxes"][..], &game].concat(),
            [
                &["duel", "--first", "random", "--second", "random"][..],
                &game,
            ]
            .concat(),
            [&["match"][..], &game, &["random", "random", "2"]].concat(),
            [&["random-play", "--games", "1"][..], &game].concat(),
            vec!["experiment", "--game", &joined],
        ]
        .into_iter()
        .map(|run| run.iter().map(|word| word.to_string()).collect())
        .collect();
        for run in runs {
            let output = menace().args(&run).output().unwrap();
            let text = printed(&output);
            assert!(!output.status.success(), "{run:?}: {text}");
            assert!(text.contains("is not valid"), "{run:?}: {text}");
            assert!(
                !text.contains('\u{1b}') && !text.contains('\u{7}'),
                "{run:?}: {text:?}"
            );
            assert!(
                !text.contains("root") && !text.contains("hunter2"),
                "{run:?}: {text}"
            );
        }
        let saves = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(settings(1, saves.path()));
        let chosen = respond(&mut session, &format!("variant strategic map {map}"));
        assert!(chosen.contains("is not valid"), "{chosen}");
        assert!(
            !chosen.contains('\u{1b}') && !chosen.contains("hunter2"),
            "{chosen:?}"
        );
    }
    // A refused move is echoed escaped.
    let output = menace()
        .args(["replay", "classic", "MM", "L\u{1b}[2J\u{1b}]0;PWNED\u{7}"])
        .output()
        .unwrap();
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
}

/// A lesson's scratch session cannot name a map outside its own folder: not in a
/// command, not through the `game:` line of a save it loads.
#[test]
fn a_confined_session_reads_no_map_outside_its_scratch_folder() {
    let map = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/functional-example.yaml");
    let scratch = tempfile::tempdir().unwrap();
    let confined = || {
        Tutor::new(Settings {
            confined: true,
            ..settings(1, scratch.path())
        })
    };
    let mut session = confined();
    for line in [
        format!("variant strategic map {map}"),
        "variant strategic map ../functional-example.yaml".into(),
    ] {
        let answer = respond(&mut session, &line);
        assert!(answer.contains("outside"), "{line}: {answer}");
    }
    let save = format!(
        "format: 2\ngame: strategic map {map}\nside: X\npreset: challenge\n\
         games:\n  won: 0\n  drawn: 0\n  lost: 0\nboxes: {{}}\n"
    );
    std::fs::write(scratch.path().join("x.yaml"), &save).unwrap();
    let answer = respond(&mut session, "load x");
    assert!(answer.contains("outside"), "{answer}");
    // The same file is read by a session that is not confined, and a map inside the
    // scratch folder by the confined one.
    let mut free = Tutor::new(settings(1, scratch.path()));
    let answer = respond(&mut free, "load x");
    assert!(answer.contains("Loaded"), "{answer}");
    std::fs::copy(map, scratch.path().join("m.yaml")).unwrap();
    let answer = respond(&mut confined(), "variant strategic map m.yaml");
    assert!(
        !answer.contains("outside") && !answer.contains("not"),
        "{answer}"
    );
}

/// A save in the middle of a game keeps the boxes as they were before it: not the
/// beads drawn in it, and not the boxes it made (in games whose boxes are made as
/// positions are met).
#[test]
fn a_mid_game_save_holds_the_boxes_as_they_were_before_the_game() {
    for game in ["silverman", "misere", "mnk 3x4"] {
        let saves = tempfile::tempdir().unwrap();
        let read = |name: &str| std::fs::read_to_string(saves.path().join(name)).unwrap();
        let mut session = Tutor::new(settings(4, saves.path()));
        respond(&mut session, &format!("variant {game}"));
        // MENACE plays X and moves at once, from a box it makes for the empty board.
        respond(&mut session, "side o");
        assert!(respond(&mut session, "save before").contains("Saved"));
        let started = respond(&mut session, "play 1");
        assert!(started.contains("MENACE"), "{game}: {started}");
        let saved = respond(&mut session, "save during");
        assert!(saved.contains("Saved"), "{game}: {saved}");
        assert_eq!(read("before.yaml"), read("during.yaml"), "{game}");
    }
}

/// The answers of `menace gomocup` to a whole script piped in, one per line.
fn gomocup_answers(script: &str) -> Vec<String> {
    let output = menace()
        .args(["gomocup", "--seed", "1"])
        .write_stdin(script)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The protocol never answers `INFO`: a bad one gets no `ERROR` (a strict manager would
/// take it for the answer to its next command), only a `MESSAGE` before the next move.
#[test]
fn gomocup_answers_no_info_line_even_a_bad_one() {
    let answers =
        gomocup_answers("START 15\nINFO timeout_turn soon\nINFO\nINFO rule\nBEGIN\nEND\n");
    assert_eq!(answers[0], "OK", "{answers:?}");
    assert!(
        answers.iter().all(|line| !line.starts_with("ERROR")),
        "{answers:?}"
    );
    let last = answers.last().unwrap();
    assert!(
        last.split(',').count() == 2 && last.split(',').all(|n| n.parse::<u32>().is_ok()),
        "the move after the notes: {answers:?}"
    );
    assert!(
        answers[1..answers.len() - 1]
            .iter()
            .all(|line| line.starts_with("MESSAGE")),
        "{answers:?}"
    );
}

/// A `BOARD` that gives one stone twice is refused naming the stone as the manager
/// wrote it, `X,Y`, not the program's cell number.
#[test]
fn gomocup_names_a_stone_given_twice_by_its_coordinates() {
    let answers = gomocup_answers("START 15\nBOARD\n1,1,1\n2,3,2\n1,1,2\nDONE\nEND\n");
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[1], "ERROR 1,1 is given twice", "{answers:?}");
}

/// `solve` that runs out of budget has answered: exit code 0 in quantum as in every
/// other game.
#[test]
fn an_unsolved_quantum_game_exits_as_every_other_game_does() {
    for game in ["quantum", "classic"] {
        let output = menace()
            .args(["solve", game, "--budget", "0"])
            .output()
            .unwrap();
        let text = printed(&output);
        assert!(text.contains("not solved within 0 positions"), "{text}");
        assert_eq!(output.status.code(), Some(0), "{game}: {text}");
    }
}

/// A file that starts with two byte-order marks is refused, naming the marks.
#[test]
fn a_file_with_two_byte_order_marks_is_refused() {
    let saves = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, saves.path()));
    respond(&mut session, "train 1 vs random");
    assert!(respond(&mut session, "save good").contains("Saved"));
    let good = std::fs::read_to_string(saves.path().join("good.yaml")).unwrap();
    std::fs::write(saves.path().join("one.yaml"), format!("\u{feff}{good}")).unwrap();
    std::fs::write(
        saves.path().join("two.yaml"),
        format!("\u{feff}\u{feff}{good}"),
    )
    .unwrap();
    let mut fresh = Tutor::new(settings(1, saves.path()));
    assert!(respond(&mut fresh, "load one").contains("Loaded"));
    let refused = respond(&mut fresh, "load two");
    let words = refused.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("two byte-order marks"), "{refused}");
}

/// The refusal of a lessons folder of too many files ends its sentence once.
#[test]
fn a_lessons_folder_of_too_many_files_is_refused_without_doubled_punctuation() {
    let folder = tempfile::tempdir().unwrap();
    for n in 0..=menace::lesson::MAX_LESSON_FILES {
        std::fs::write(folder.path().join(format!("{n:04}.yaml")), "x: 1\n").unwrap();
    }
    let saves = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(Settings {
        lessons_dir: folder.path().to_path_buf(),
        ..settings(1, saves.path())
    });
    let text = respond(&mut session, "lessons");
    assert!(text.contains("right folder"), "{text}");
    assert!(!text.contains("?.") && !text.contains(".."), "{text}");
}

/// A path from an argument (here the saves folder, `--saves`) is shown escaped when a
/// save, a curve or a question names it.
#[test]
fn a_path_with_escape_sequences_is_shown_escaped() {
    let top = tempfile::tempdir().unwrap();
    let saves = top.path().join("s\u{1b}[2J");
    std::fs::create_dir(&saves).unwrap();
    let mut session = Tutor::new(settings(1, &saves));
    let mut text = respond(&mut session, "train 2 vs random csv curve");
    text.push_str(&respond(&mut session, "save m"));
    std::fs::write(saves.join("other.yaml"), "format: 2\n").unwrap();
    text.push_str(&respond(&mut session, "save other"));
    assert!(
        text.contains("Saved") && text.contains("Replace it"),
        "{text}"
    );
    let answers: String = text
        .lines()
        .filter(|line| !line.starts_with("menace> "))
        .collect();
    assert!(!answers.contains('\u{1b}'), "{answers:?}");
    assert!(answers.contains("s\\u{1b}[2J"), "{answers}");
}

/// An argument that would retitle the terminal, clear it and turn the text around.
const HOSTILE: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{202e}x";

/// The names a help page lists in its section `heading` (subcommands, or `--options`
/// that take a value), read from clap's own help so that a new one is walked too.
fn listed(help: &str, heading: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| *line != heading)
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            if heading == "Commands:" {
                let indented = line.starts_with("  ") && !line.starts_with("   ");
                return indented.then(|| words[0].to_string());
            }
            let long = words.iter().position(|word| word.starts_with("--"))?;
            let takes_value = words.get(long + 1).is_some_and(|w| w.starts_with('<'));
            takes_value.then(|| words[long].trim_end_matches(',').to_string())
        })
        .collect()
}

fn help_of(args: &[&str]) -> String {
    let output = menace().args(args).arg("--help").output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// Every subcommand clap knows is run with a hostile word in each of its places (every
/// word it takes, every option with a value; the others filled so the run gets as far as
/// that word), and nothing it prints holds an escape, a bell or a direction override.
#[test]
fn no_subcommand_prints_a_hostile_argument_raw() {
    // Words that make each known subcommand's run short and otherwise valid.
    let valid: &[(&str, &[&str])] = &[
        ("solve", &["classic", "--budget", "10"]),
        ("replay", &["classic"]),
        ("prove", &["qubic", "x/", "--budget", "10"]),
        ("verify", &["qubic", "no-such-proof.json"]),
        ("boxes", &["classic"]),
        (
            "duel",
            &[
                "classic", "--first", "random", "--second", "random", "--games", "1",
            ],
        ),
        ("match", &["classic", "random", "random", "2"]),
        ("random-play", &["classic", "--games", "1"]),
        (
            "experiment",
            &["--game", "classic", "--limit", "1", "--seeds", "1"],
        ),
    ];
    let top = help_of(&[]);
    let global = listed(&top, "Options:");
    let mut runs: Vec<Vec<String>> = Vec::new();
    let subcommands: Vec<String> = listed(&top, "Commands:")
        .into_iter()
        .filter(|name| name != "help")
        .collect();
    assert!(subcommands.len() >= 12, "{subcommands:?}");
    for name in &subcommands {
        let help = help_of(&[name]);
        let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap();
        let positionals = usage
            .split_whitespace()
            .filter(|w| w.starts_with('<'))
            .count();
        let base: Vec<String> = valid
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, words)| words.iter().map(|w| w.to_string()).collect())
            .unwrap_or_default();
        // Each word in turn hostile.
        let words: Vec<String> = base
            .iter()
            .take_while(|w| !w.starts_with("--"))
            .cloned()
            .collect();
        for place in 0..positionals.max(words.len()) {
            let mut run = vec![name.clone()];
            run.extend((0..positionals.max(words.len())).map(|at| {
                if at == place {
                    HOSTILE.to_string()
                } else {
                    words.get(at).cloned().unwrap_or(HOSTILE.to_string())
                }
            }));
            runs.push(run);
        }
        // Each option of its own in turn hostile (the global ones below, once).
        for option in listed(&help, "Options:") {
            if global.contains(&option) {
                continue;
            }
            let mut run = vec![name.clone()];
            let mut rest = base.iter();
            while let Some(word) = rest.next() {
                if *word == option {
                    rest.next();
                } else {
                    run.push(word.clone());
                }
            }
            if base.is_empty() {
                run.extend((0..positionals).map(|_| HOSTILE.to_string()));
            }
            run.extend([option.clone(), HOSTILE.to_string()]);
            runs.push(run);
        }
    }
    for option in ["--preset", "--lessons", "--seed"] {
        runs.push(vec!["lessons".into(), option.into(), HOSTILE.into()]);
    }
    for option in ["--load", "--saves"] {
        runs.push(vec![option.into(), HOSTILE.into(), "--no-boxes".into()]);
    }
    runs.push(vec![
        "solve".into(),
        "qubic".into(),
        "--from".into(),
        HOSTILE.into(),
    ]);
    runs.push(vec![
        "solve".into(),
        "qubic".into(),
        "--first".into(),
        HOSTILE.into(),
    ]);
    runs.push(vec![
        "solve".into(),
        "qubic".into(),
        "--memory".into(),
        HOSTILE.into(),
    ]);
    assert!(runs.len() >= 40, "{} runs: {runs:?}", runs.len());
    let folder = tempfile::tempdir().unwrap();
    for run in &runs {
        let output = menace()
            .current_dir(folder.path())
            .args(run)
            .write_stdin("quit\n")
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let text = printed(&output);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}') && !text.contains('\u{202e}'),
            "{run:?}: {text:?}"
        );
    }
}

/// The echo of a piped line escapes what reorders or rewrites the screen as every other
/// text from outside is escaped: direction overrides and isolates as well as escapes.
#[test]
fn the_echo_of_a_line_escapes_direction_overrides_too() {
    let saves = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(1, saves.path()));
    for mark in [
        '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{1b}',
    ] {
        let said = respond(&mut session, &format!("variant {mark}classic"));
        assert!(!said.contains(mark), "{said:?}");
        let echo = said.lines().next().unwrap();
        assert!(
            echo.contains(&format!("{}", mark.escape_default())),
            "{echo:?}"
        );
    }
}

/// `plot`, `export` and `train … csv` refuse a named pipe in one sentence before opening
/// it (opening a pipe waits for a reader or a writer, for ever), and the session goes on.
#[cfg(unix)]
#[test]
fn outputs_refuse_a_named_pipe_without_opening_it() {
    let folder = tempfile::tempdir().unwrap();
    for name in ["c.svg", "b.html", "c.csv"] {
        let made = std::process::Command::new("mkfifo")
            .arg(folder.path().join(name))
            .status()
            .unwrap();
        assert!(made.success());
    }
    let script = "train 3 vs random csv ./c.csv\ntrain 3 vs random\nplot ./c.svg\n\
                  export ./b.html\nexport labels ./b.html\nquit\n";
    let output = menace()
        .current_dir(folder.path())
        .args(["--seed", "1", "--no-boxes", "--saves", "."])
        .write_stdin(script)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    let text = printed(&output);
    assert!(output.status.success(), "{text}");
    assert_eq!(
        text.matches("is a named pipe, not a regular file").count(),
        4,
        "{text}"
    );
}
