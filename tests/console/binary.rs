//! The built program, run as a user would, with piped standard input.

use assert_cmd::Command;

fn menace() -> Command {
    let mut command = Command::cargo_bin("menace").expect("the menace binary is built");
    command.env_remove("NO_COLOR").env_remove("FORCE_COLOR");
    command
}

#[test]
fn a_piped_session_reads_like_a_typed_one_and_exits_zero() {
    let folder = tempfile::tempdir().unwrap();
    let output = menace()
        .args(["--seed", "7", "--no-boxes", "--saves"])
        .arg(folder.path())
        .write_stdin("1\nMM\nnonsense\nstats\nsave\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    // The welcome says how to start the course.
    assert!(
        stdout.contains("Type lesson 1 for the guided course"),
        "{stdout}"
    );
    assert!(stdout.contains("menace> 1\nnew game\n"), "{stdout}");
    assert!(stdout.contains("menace> MM\n"), "{stdout}");
    assert!(
        stdout.contains("There is no command \"nonsense\""),
        "{stdout}"
    );
    assert!(stdout.contains("Saved MENACE's boxes"), "{stdout}");
    assert!(stdout.trim_end().ends_with("Goodbye."), "{stdout}");
    assert!(
        !stdout.contains('\u{1b}'),
        "no escape codes when not a terminal"
    );
    assert!(folder.path().join("menace.yaml").exists());
}

#[test]
fn the_same_seed_replays_the_same_session() {
    let run = || {
        menace()
            .args(["--seed", "42", "--no-boxes", "--saves", "unused-dir"])
            .write_stdin("3\nMM\nLL\nRR\nLR\nRL\n")
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run(), run());
}

#[test]
fn without_a_seed_it_prints_the_one_it_chose() {
    let output = menace().write_stdin("").output().unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("Random seed "), "{stdout}");
}

#[test]
fn bytes_that_are_not_text_get_one_sentence_and_the_session_goes_on() {
    let output = menace()
        .args(["--seed", "1", "--no-boxes"])
        .write_stdin(b"\xff\xfe\nstats\n".to_vec())
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("not UTF-8"), "{stdout}");
    assert!(stdout.contains("0 games"), "{stdout}");
}

#[test]
fn a_huge_line_is_refused_whole() {
    let mut input = "x".repeat(100_000);
    input.push_str("\nstats\n");
    let output = menace()
        .args(["--seed", "1", "--no-boxes"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("commands are at most 200"), "{stdout}");
    assert!(stdout.contains("0 games"), "{stdout}");
    assert!(stdout.len() < 10_000, "the huge line is not echoed whole");
}

#[test]
fn a_broken_save_file_given_with_load_is_named_and_refused() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("broken.yaml");
    std::fs::write(&path, "format: 1\npreset: challenge\nboxes: [").unwrap();
    let output = menace()
        .arg("--load")
        .arg(&path)
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    // One sentence, wrapped within 80 columns.
    let sentence = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(sentence.contains("broken.yaml"), "{stderr}");
    assert!(
        stderr.lines().all(|line| line.chars().count() <= 80),
        "{stderr}"
    );
    assert_eq!(sentence.matches(". ").count(), 0, "{stderr}");
}

#[test]
fn a_saved_file_loads_with_the_load_flag() {
    let folder = tempfile::tempdir().unwrap();
    menace()
        .args(["--seed", "3", "--no-boxes", "--preset", "michie", "--saves"])
        .arg(folder.path())
        .write_stdin("1\nresign\nsave kept\n")
        .assert()
        .success();
    let output = menace()
        .args(["--seed", "3", "--no-boxes", "--load", "kept", "--saves"])
        .arg(folder.path())
        .write_stdin("stats\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("1 game\n"), "{stdout}");
    assert!(stdout.contains("MENACE wins: 1"), "{stdout}");
    assert!(stdout.contains("michie preset"), "{stdout}");
}

#[test]
fn bad_flags_are_refused_and_version_and_help_work() {
    menace().args(["--preset", "lazy"]).assert().code(2);
    menace().args(["--seed", "-3"]).assert().code(2);
    let version = menace().arg("--version").output().unwrap();
    assert!(
        String::from_utf8(version.stdout)
            .unwrap()
            .starts_with("menace ")
    );
    let help = menace().arg("--help").output().unwrap();
    assert!(String::from_utf8(help.stdout).unwrap().contains("--seed"));
}

#[test]
fn replay_prints_every_position_and_names_the_first_illegal_move() {
    let output = menace()
        .args(["replay", "classic", "LL", "ML", "LM", "MM", "LR"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("start  .........\n  X to move; legal (9)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("5. LR  XXXOO....\n  game over: X wins\n"),
        "{stdout}"
    );
    assert!(stdout.lines().all(|line| line.chars().count() <= 80));

    let output = menace()
        .args(["replay", "gravity", "d", "d", "z"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.lines().all(|line| line.chars().count() <= 80),
        "{stderr}"
    );
    assert_eq!(
        stderr.split_whitespace().collect::<Vec<_>>().join(" "),
        "menace: move 3 (\"z\") cannot be played: a move is a column letter from a to h, not \"z\"."
    );
}

#[test]
fn replay_json_is_one_object_per_position() {
    let output = menace()
        .args(["replay", "--json", "morris", "diagonal-lines", "MM", "LL"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let positions: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
        .collect();
    assert_eq!(positions.len(), 3);
    assert_eq!(positions[0]["move"], serde_json::Value::Null);
    assert_eq!(positions[2]["move"], "LL");
    assert_eq!(positions[2]["ply"], 2);
    assert_eq!(positions[2]["to_move"], "X");
    assert_eq!(positions[2]["picture"], "O...X.... X");
    assert_eq!(positions[2]["legal"].as_array().unwrap().len(), 7);
    assert_eq!(positions[2]["outcome"], serde_json::Value::Null);
}

#[test]
fn load_flag_starts_in_the_saved_game_and_side() {
    let folder = tempfile::tempdir().unwrap();
    let output = menace()
        .args(["--seed", "3", "--saves"])
        .arg(folder.path())
        .write_stdin("variant silverman\nside x\ntrain 10 vs random\nsave silver\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let output = menace()
        .args(["--seed", "4", "--load", "silver", "--saves"])
        .arg(folder.path())
        .write_stdin("stats\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("MENACE for silverman, playing O:\n10 games"),
        "{stdout}"
    );
}

#[test]
fn replay_reads_a_game_with_its_options_and_names_the_rule_a_move_breaks() {
    let output = menace()
        .args(["replay", "ultimate", "closed", "MM.MM", "MM.LR", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["move"], "MM.LR");
    assert!(last["picture"].as_str().unwrap().ends_with(" LR"), "{last}");
    let output = menace()
        .args(["replay", "ultimate", "MM.MM", "LR.LL"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("sends you to board MM"), "{stderr}");
}

#[test]
fn replay_reads_strategic_in_both_notations_and_fits_80_columns() {
    let output = menace()
        .args(["replay", "strategic", "541", "ML.LL.MM"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.lines().all(|line| line.len() <= 80), "{stdout}");
    assert!(stdout.contains("2. 415"), "{stdout}");
    // The picture's lines, joined again, are the picture --json gives.
    let json = menace()
        .args(["replay", "--json", "strategic", "541", "415"])
        .output()
        .unwrap();
    let json = String::from_utf8(json.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    let from_lines: String = stdout
        .split("2. 415\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|line| line.starts_with("   "))
        .map(str::trim)
        .collect();
    assert_eq!(from_lines, last["picture"].as_str().unwrap());
    let output = menace()
        .args(["replay", "strategic", "541", "511"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("sends you to board 41"), "{stderr}");
}

#[test]
fn strategic_plays_by_a_map_file_and_a_bad_one_changes_nothing() {
    let folder = tempfile::tempdir().unwrap();
    let map = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/functional-example.yaml");
    let map = map.display().to_string();
    let bad = folder.path().join("bad.yaml");
    std::fs::write(&bad, "rules: functional\nrows: [\"123\"]\n").unwrap();
    let input = format!(
        "variant strategic map {}\nvariant strategic map {map}\nside x\nagainst random\n1\n541\nresign\nsave m\nquit\nyes\n",
        bad.display()
    );
    let output = menace()
        .args(["--seed", "4", "--no-boxes", "--saves"])
        .arg(folder.path())
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("is not valid: rows: has 1 lines"),
        "{stdout}"
    );
    assert!(stdout.contains("Playing strategic map /"), "{stdout}");
    // 541 sends to board 6 under this map: the random player answers there.
    assert!(stdout.contains("random plays O at 61"), "{stdout}");
    assert!(
        stdout.lines().all(|line| line.chars().count() <= 80),
        "{stdout}"
    );
    // The save names the game with its map, and loads back into it.
    let saved = std::fs::read_to_string(folder.path().join("m.yaml")).unwrap();
    assert!(
        saved.contains(&format!("game: strategic map {map}")),
        "{saved}"
    );
    let output = menace()
        .args(["--seed", "4", "--no-boxes", "--load", "m", "--saves"])
        .arg(folder.path())
        .write_stdin("board\nstats\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("strategic map /"), "{stdout}");
    assert!(stdout.contains(" 51 1-3 "), "{stdout}");
}

#[test]
fn the_welcome_describes_the_machine_a_load_brought() {
    let folder = tempfile::tempdir().unwrap();
    let run = |args: &[&str], input: &str| {
        let output = menace()
            .args(args)
            .arg("--saves")
            .arg(folder.path())
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    run(
        &["--seed", "2", "--no-boxes"],
        "variant cube\nside x\ntrain 20 vs random\nsave cube-o\n",
    );
    let welcome = run(&["--seed", "2", "--load", "cube-o"], "");
    let flat = welcome.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Playing cube: MENACE plays O, you play X."),
        "{welcome}"
    );
    assert!(
        flat.contains("This MENACE has learned from 20 games"),
        "{welcome}"
    );
    assert!(flat.contains("where that puts O"), "{welcome}");
    assert!(!flat.contains("304 matchboxes"), "{welcome}");
}

#[test]
fn prove_writes_a_qubic_proof_that_verify_checks_and_a_spoiled_one_fails() {
    let folder = tempfile::tempdir().unwrap();
    let proof = folder.path().join("proof.json");
    // X on 0, 15, 60 and O on 3, 25, 63: two quiet moves, then forcing chains.
    let position = "X..O...........X/.........O....../................/............X..O";
    let output = menace()
        .args(["prove", "qubic", position, "--quiet", "2", "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert!(output.status.success());
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(said.starts_with("X wins: a proof of"), "{said}");
    let verified = menace()
        .args(["verify", "qubic"])
        .arg(&proof)
        .output()
        .unwrap();
    assert!(verified.status.success());
    assert!(
        String::from_utf8(verified.stdout)
            .unwrap()
            .starts_with("The proof holds")
    );

    // Drop the proof's first move: the checker must notice.
    let text = std::fs::read_to_string(&proof).unwrap();
    let first = text.find("],[").map(|at| at + 2).unwrap();
    let start = text.find("\"moves\":[").unwrap() + "\"moves\":[".len();
    let spoiled = format!("{}{}", &text[..start], &text[first..]);
    std::fs::write(&proof, spoiled).unwrap();
    let refused = menace()
        .args(["verify", "qubic"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));

    let none = menace()
        .args(["prove", "qubic", position, "--quiet", "1"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(none.stdout)
            .unwrap()
            .starts_with("No proof with at most 1 quiet move")
    );
    // The df-pn search of `menace solve qubic` proves the same position, and its
    // proof is checked before it is reported and again by `menace verify`.
    let solved = menace()
        .args(["solve", "qubic", "--from", position, "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert!(solved.status.success());
    let said = String::from_utf8(solved.stdout).unwrap();
    assert!(said.starts_with("X wins ("), "{said}");
    assert!(said.contains("the independent checker replayed"), "{said}");
    assert!(
        said.lines().all(|line| line.chars().count() <= 80),
        "{said}"
    );
    let verified = menace()
        .args(["verify", "qubic"])
        .arg(&proof)
        .output()
        .unwrap();
    assert!(verified.status.success());
    // A search stopped early names X's most promising moves at the root, each of which
    // can be searched on its own with --first. (From the empty cube: a position a few
    // moves from a win may be proved by the helper thread before the lead's budget ends,
    // and a move proved at the root ends the search proved.)
    let stopped = menace()
        .args(["solve", "qubic", "--budget", "10"])
        .output()
        .unwrap();
    let said = String::from_utf8(stopped.stdout).unwrap();
    assert!(
        said.starts_with("Not settled within a budget of 10 visits"),
        "{said}"
    );
    assert!(
        said.contains("X's most promising moves at the root, of"),
        "{said}"
    );
    assert!(
        said.lines().all(|line| line.chars().count() <= 80),
        "{said}"
    );
    for bad in [
        &["solve", "qubic", "--from", position, "--first", "0,3"][..],
        &["prove", "cube", position][..],
        &["prove", "qubic", "X"][..],
        &["solve", "qubic", "--first", "zz"][..],
        &["solve", "qubic", "--first", "64"][..],
        &["solve", "qubic", "--replies"][..],
        &["solve", "qubic", "--from", "X"][..],
        &["solve", "classic", "--first", "0"][..],
        &["solve", "qubic", "--memory", "lots"][..],
        &["solve", "qubic", "--memory", "0"][..],
        &["solve", "classic", "--memory", "1G"][..],
    ] {
        let output = menace().args(bad).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn replay_reads_qubic_by_the_seeds_cell_numbers() {
    // X takes the top row 0-1-2-3 while O plays under it on the second layer.
    let output = menace()
        .args([
            "replay", "--json", "qubic", "0", "16", "1", "17", "2", "18", "3",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["ply"], 7);
    assert_eq!(last["outcome"], "X");
    assert_eq!(
        last["picture"],
        "XXXX............/OOO............./................/................"
    );
    assert_eq!(last["legal"].as_array().unwrap().len(), 0);
    let text = menace()
        .args(["replay", "qubic", "0", "16", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.lines().all(|line| line.chars().count() <= 80),
        "{text}"
    );
    let taken = menace()
        .args(["replay", "qubic", "0", "16", "0"])
        .output()
        .unwrap();
    assert_eq!(taken.status.code(), Some(2));
    let stderr = String::from_utf8(taken.stderr).unwrap();
    assert!(stderr.contains("move 3 (\"0\")"), "{stderr}");
}

/// With nobody reading (`menace replay … | head` after head has gone), the subcommands
/// stop quietly instead of panicking, and do not claim success (128 + SIGPIPE).
#[test]
fn a_closed_output_ends_a_subcommand_quietly() {
    for args in [
        &["replay", "qubic", "0", "16", "1"][..],
        &[
            "solve",
            "qubic",
            "--first",
            "0",
            "--replies",
            "--budget",
            "1",
        ][..],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("menace"))
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(141), "{args:?}");
    }
}

/// A run of watched games ends with its own tally, apart from earlier games (lesson 8
/// asks the learner to count the teacher's losses in `play 5 vs teacher`).
#[test]
fn a_run_of_games_ends_with_its_own_tally() {
    let folder = tempfile::tempdir().unwrap();
    let output = menace()
        .args(["--seed", "8", "--no-boxes", "--saves"])
        .arg(folder.path())
        .write_stdin("play 3 vs random\nplay 5 vs teacher\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let run = stdout.split("menace> play 5 vs teacher").nth(1).unwrap();
    let count = |line: &str| run.lines().filter(|said| *said == line).count();
    let tally = format!(
        "The 5 games: MENACE won {}, teacher won {}, {} drawn.",
        count("MENACE wins"),
        count("teacher wins"),
        count("Draw")
    );
    assert!(run.contains(&tally), "{tally} not in\n{run}");
    assert!(stdout.contains("The 3 games: MENACE won"), "{stdout}");
    // One game has its result line and no tally.
    let one = menace()
        .args(["--seed", "8", "--no-boxes", "--saves"])
        .arg(folder.path())
        .write_stdin("play 1 vs teacher\n")
        .output()
        .unwrap();
    assert!(
        !String::from_utf8(one.stdout)
            .unwrap()
            .contains("The 1 games")
    );
}

/// `solve qubic --from P --first M --replies` splits a position one level down: each of
/// O's replies to X's move is proved on its own and written to its own file, the proofs
/// are joined into one proof of P that `verify` accepts, and a second run searches
/// nothing again (it reads each reply's proof, checked, from its file).
#[test]
fn a_position_split_at_o_s_replies_joins_into_one_proof_and_resumes() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("p.json");
    // X on 0, 15, 60 and O on 3, 63, 25: two quiet moves from a forcing chain.
    let position = "X..O...........X/.........O....../................/............X..O";
    let run = || {
        let output = menace()
            .args([
                "solve",
                "qubic",
                "--from",
                position,
                "--first",
                "12",
                "--replies",
            ])
            .args(["--budget", "200000", "--memory", "64M", "--proof"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout).unwrap()
    };
    let said = run();
    assert!(
        said.contains("X's move on 12 wins against every reply."),
        "{said}"
    );
    assert!(!said.contains("Already proved"), "{said}");
    let replies = said.matches("O replies ").count();
    assert!(replies > 10, "{said}");
    let verified = menace()
        .args(["verify", "qubic"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(verified.status.code(), Some(0));
    let joined = std::fs::read(&file).unwrap();
    let again = run();
    assert_eq!(
        again.matches("Already proved in").count(),
        replies,
        "{again}"
    );
    assert!(again.contains("make a proof of"), "{again}");
    assert_eq!(std::fs::read(&file).unwrap(), joined);
}

/// What `menace solve qubic --answers` says with these arguments, a small table and
/// the proof written to `proof`; it must succeed.
fn solved_at_answers(args: &[&str], proof: &std::path::Path) -> String {
    let output = menace()
        .args(["solve", "qubic", "--answers", "--memory", "100M"])
        .args(args)
        .arg("--proof")
        .arg(proof)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// `--answers` splits a position at X's move: each of X's moves (those --first allows,
/// up to symmetry) is searched on its own until one is proved, and that proof, of the
/// whole position, is written and accepted by `menace verify`.
#[test]
fn a_position_split_at_x_s_moves_stops_at_the_first_proved() {
    let folder = tempfile::tempdir().unwrap();
    let proof = folder.path().join("answers.json");
    // Two quiet moves from a forcing chain (the proof module's example), X kept off
    // the cells of 7 lines; a small budget leaves some moves unsettled on the way.
    let position = "X..O...........X/.........O....../................/............X..O";
    let said = solved_at_answers(
        &["--from", position, "--first", "4-lines", "--budget", "3000"],
        &proof,
    );
    assert!(
        said.starts_with("X has 28 moves up to symmetry here"),
        "{said}"
    );
    assert!(
        said.contains("X plays 1 (a cell on 4 lines), 1 of 28:"),
        "{said}"
    );
    let won = said
        .lines()
        .find_map(|line| line.strip_prefix("X's move on "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|cell| cell.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("a move proved: {said}"));
    let geometry = menace::game::cube::Geometry::of(4);
    assert_eq!(geometry.lines_through[won].len(), 4, "{said}");
    assert!(
        said.lines().all(|line| line.chars().count() <= 80),
        "{said}"
    );
    let verified = menace()
        .args(["verify", "qubic"])
        .arg(&proof)
        .output()
        .unwrap();
    assert!(verified.status.success());
    // None proved: said so, and no file written.
    let none = folder.path().join("none.json");
    let said = solved_at_answers(&["--budget", "10"], &none);
    assert!(
        said.starts_with("X has 2 moves up to symmetry here"),
        "{said}"
    );
    assert!(
        said.contains("None of X's 2 moves was proved within the budget"),
        "{said}"
    );
    assert!(!none.exists());
    // O to move, or with --replies: refused.
    for bad in [
        &[
            "solve",
            "qubic",
            "--answers",
            "--from",
            "X.............../................/................/................",
        ][..],
        &["solve", "qubic", "--answers", "--replies", "--first", "0"][..],
    ] {
        let output = menace().args(bad).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
    }
}
