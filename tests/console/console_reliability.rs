//! The console under hostile conditions: input that fails, Ctrl-D with unsaved
//! learning, searches and runs that must end. (Items of the reliability issue.)

use menace::lesson::Tutor;
use menace::lesson::tutor::session_events;
use menace::repl::{self, Ended, Input, LineSource};
use std::collections::VecDeque;

use crate::common;

/// Keys typed at a terminal: lines, then Ctrl-D as often as it is asked for.
struct Keys {
    lines: VecDeque<Input>,
    ends: usize,
}

impl Keys {
    fn new(lines: &[&str]) -> Keys {
        Keys {
            lines: lines
                .iter()
                .map(|line| Input::Line(line.to_string()))
                .collect(),
            ends: 0,
        }
    }
}

impl LineSource for Keys {
    fn read_line(&mut self, _prompt: &str) -> Input {
        self.lines.pop_front().unwrap_or_else(|| {
            self.ends += 1;
            Input::End
        })
    }
    fn echo(&self) -> bool {
        false
    }
}

fn run_keys(session: &mut Tutor, keys: &mut Keys) -> String {
    let mut out = Vec::new();
    let ended = repl::run(
        session,
        keys,
        &mut out,
        menace::repl::render::Palette::PLAIN,
    )
    .unwrap();
    assert_eq!(ended, Ended::Normally);
    String::from_utf8(out).unwrap()
}

/// The output of a child that must end by itself; killed (and the test failed with
/// `why`) if it is still running after 30 seconds.
fn finish_within_30_seconds(mut child: std::process::Child, why: &str) -> std::process::Output {
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() > 30 {
            child.kill().unwrap();
            panic!("{why}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn session() -> (Tutor, tempfile::TempDir) {
    let folder = tempfile::tempdir().unwrap();
    (Tutor::new(common::settings(3, folder.path())), folder)
}

#[test]
fn ctrl_d_with_unsaved_learning_asks_and_a_second_ctrl_d_leaves() {
    let (mut session, _folder) = session();
    let mut keys = Keys::new(&["train 5 vs random"]);
    let text = run_keys(&mut session, &mut keys);
    assert!(text.contains("Quit anyway?"), "{text}");
    assert_eq!(keys.ends, 2, "the first Ctrl-D asked, the second left");
    assert!(text.contains("was not saved"), "{text}");
}

#[test]
fn ctrl_d_then_no_keeps_the_session() {
    let (mut session, _folder) = session();
    let mut keys = Keys::new(&["train 5 vs random"]);
    keys.lines.push_back(Input::End);
    keys.lines.push_back(Input::Line("no".into()));
    keys.lines.push_back(Input::Line("stats".into()));
    keys.lines.push_back(Input::Line("save".into()));
    let text = run_keys(&mut session, &mut keys);
    assert!(text.contains("Saved MENACE's boxes"), "{text}");
    assert_eq!(keys.ends, 1, "after saving, Ctrl-D leaves at once");
    assert!(!text.contains("was not saved"), "{text}");
}

#[test]
fn ctrl_d_with_nothing_to_lose_leaves_at_once() {
    let (mut session, _folder) = session();
    let mut keys = Keys::new(&[]);
    let text = run_keys(&mut session, &mut keys);
    assert_eq!(keys.ends, 1);
    assert!(!text.contains("Quit anyway?"), "{text}");
}

#[cfg(unix)]
#[test]
fn input_that_cannot_be_read_ends_the_session_with_one_sentence() {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("menace"))
        .args(["--seed", "1", "--no-boxes", "--saves", "unused-dir"])
        .stdin(std::fs::File::open("/").unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let output = finish_within_30_seconds(child, "menace kept reading a folder as input");
    assert!(!output.status.success());
    assert!(output.stdout.len() < 2_000, "it stopped at once");
    let stderr = String::from_utf8(output.stderr).unwrap();
    // One sentence, wrapped within 80 columns.
    let sentence = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        stderr.lines().all(|line| line.chars().count() <= 80),
        "{stderr}"
    );
    assert!(sentence.contains("could not be read"), "{stderr}");
    assert_eq!(
        sentence.trim_end_matches('.').matches(". ").count(),
        0,
        "{stderr}"
    );
}

#[test]
fn a_lookahead_too_deep_for_the_game_is_capped_with_a_sentence_and_still_moves() {
    use menace::app::Event;
    let folder = tempfile::tempdir().unwrap();
    let mut settings = common::settings(5, folder.path());
    settings.effort.lookahead = 20_000;
    let mut session = Tutor::new(settings);
    session.handle_line("variant cube");
    let events = session_events(session.handle_line("against lookahead 9"));
    let capped = events.iter().find_map(|event| match event {
        Event::DepthCapped { depth, reached, .. } => Some((*depth, *reached)),
        _ => None,
    });
    let (depth, reached) = capped.expect("the cap is said");
    assert_eq!(depth, 9);
    assert!((1..9).contains(&reached), "{reached}");
    // Lookahead plays X in the cube; it moves at once, then a hint at depth 9 answers.
    let events = session_events(session.handle_line("1"));
    assert!(
        events
            .iter()
            .any(|event| matches!(event, Event::Moved { .. })),
        "{events:?}"
    );
    let events = session_events(session.handle_line("hint lookahead 9"));
    assert!(
        events
            .iter()
            .any(|event| matches!(event, Event::Hint { .. }))
    );
    assert!(events.iter().any(|event| matches!(
        event,
        Event::DepthCapped {
            from_start: false,
            ..
        }
    )));
    // Noughts and crosses is searched whole: no cap.
    session.handle_line("resign");
    session.handle_line("variant classic");
    let events = session_events(session.handle_line("against lookahead 9"));
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, Event::DepthCapped { .. }))
    );
}

/// A hook that answers "stop" once `after` games are done, as Ctrl-C makes the
/// console's hook answer.
fn stop_after(after: u64) -> menace::app::ProgressHook {
    use menace::app::Progress;
    menace::app::ProgressHook(std::rc::Rc::new(move |step| match step {
        Progress::Done(done) => done < after,
        _ => true,
    }))
}

fn played_and_stopped(
    game: &str,
    line: &str,
    after: u64,
) -> (menace::play::TrainingReport, menace::app::Stats) {
    use menace::app::Event;
    let folder = tempfile::tempdir().unwrap();
    let mut settings = common::settings(9, folder.path());
    settings.effort.playouts = 30;
    let mut session = Tutor::new(settings);
    session.handle_line(&format!("variant {game}"));
    session.set_progress(Some(stop_after(after)));
    let events = session_events(session.handle_line(line));
    let report = events
        .iter()
        .find_map(|event| match event {
            Event::Trained(report) => Some((**report).clone()),
            _ => None,
        })
        .expect("the run reports");
    session.set_progress(None);
    (report, common::stats(&mut session))
}

#[test]
fn a_stopped_run_keeps_the_games_played_and_their_learning() {
    // The loop asks about every 20 ms (after every game while games are slow), so
    // the run stops at the first time it asks once `after` games are done.
    for (game, after) in [("classic", 96), ("cube", 7)] {
        let (report, stats) = played_and_stopped(game, "train 50000000 vs mcts", after);
        let played = report.overall.games();
        assert!(report.stopped, "{game}");
        assert!(played >= after && played < 50_000_000, "{game}: {played}");
        assert_eq!(report.asked, 50_000_000, "{game}");
        assert_eq!(stats.record.games(), played, "{game}");
        assert_eq!(stats.unsaved, played, "{game}");
        let text = menace::repl::text::training(&report);
        assert!(text.contains("Stopped by Ctrl-C after"), "{text}");
        assert!(text.contains("50,000,000 games asked for"), "{text}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_run_stops_it_and_the_session_goes_on() {
    let folder = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("menace"))
        .args(["--seed", "1", "--no-boxes", "--saves"])
        .arg(folder.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(b"train 50000000 vs mcts\nstats\nsave\n")
            .unwrap();
    }
    // Wait until the run has said how long it will take (it would take days), reading
    // standard error as it comes; then Ctrl-C.
    let stderr = child.stderr.take().unwrap();
    let (said, heard) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        let mut all = String::new();
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            if line.contains("to go at this pace") {
                let _ = said.send(());
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    if heard
        .recv_timeout(std::time::Duration::from_secs(60))
        .is_err()
    {
        let _ = child.kill();
        panic!("the run never estimated its time");
    }
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let output = finish_within_30_seconds(child, "Ctrl-C did not stop the run");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("Stopped by Ctrl-C after"), "{stdout}");
    assert!(stdout.contains("since the last save"), "{stdout}");
    assert!(stdout.contains("Saved MENACE's boxes"), "{stdout}");
    let stderr = reader.join().unwrap();
    let words = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("Ctrl-C stops and keeps the games played"),
        "{stderr}"
    );
}

#[test]
fn a_solve_names_a_best_move_and_never_reports_more_positions_than_its_budget() {
    use menace::analysis::Solved;
    use menace::registry;
    let game = registry::start(&["gravity", "not-on-last"]).unwrap();
    match menace::registry::solve(game.as_ref(), 1_000) {
        Solved::Value {
            best, positions, ..
        } => {
            assert!(best.is_some(), "the value comes with a move");
            assert!(positions <= 1_000, "{positions}");
        }
        other => panic!("{other:?}"),
    }
}

/// A budget larger than memory allows is lowered to what a table in memory holds, and the
/// report says so. (Release: it searches millions of positions.)
#[test]
#[ignore = "heavy: run with cargo test --release -- --ignored"]
fn a_solve_budget_is_bounded_by_memory() {
    use menace::analysis::Solved;
    use menace::registry;
    let game = registry::start(&["gravity"]).unwrap();
    match menace::registry::solve(game.as_ref(), u64::MAX) {
        Solved::TooBig { budget, asked } => {
            assert_eq!(asked, u64::MAX);
            assert!(budget < 100_000_000, "{budget}");
        }
        other => panic!("{other:?}"),
    }
    let (depth, _) = menace::registry::deepest_search(game.as_ref(), u64::MAX);
    assert!(depth > 0);
}

#[test]
fn a_stopped_experiment_reports_the_runs_it_finished() {
    use menace::app::Event;
    let folder = tempfile::tempdir().unwrap();
    let mut settings = common::settings(9, folder.path());
    settings.effort.positions = 300;
    let mut session = Tutor::new(settings);
    session.handle_line("variant cube");
    session.handle_line("vs random");
    session.set_progress(Some(stop_after(3_000)));
    let events = session_events(session.handle_line("experiment 50"));
    let experiment = events
        .iter()
        .find_map(|event| match event {
            Event::GameExperiment(experiment) => Some(experiment.clone()),
            _ => None,
        })
        .expect("the experiment reports");
    assert_eq!(experiment.seeds, 50);
    assert!(experiment.runs.len() < 50, "{}", experiment.runs.len());
    // Only whole runs are reported: each one played to its limit or to its end (the
    // games played in all may pass 3,000, by runs that finished before the stop was
    // seen, a poll every 20 ms).
    for run in &experiment.runs {
        assert!(
            run.games == experiment.limit
                || !matches!(run.outcome, menace::play::RunOutcome::Unfinished),
            "{run:?}"
        );
    }
    let text = menace::repl::help::game_experiment(&experiment, None);
    assert!(text.contains("Stopped by Ctrl-C"), "{text}");
}

#[cfg(unix)]
#[test]
fn the_program_cleans_its_stale_temporaries_and_refuses_a_pipe_given_to_load() {
    let folder = tempfile::tempdir().unwrap();
    let stale = folder.path().join(".menace-a1b2c3.tmp");
    std::fs::write(&stale, "half a save").unwrap();
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(an_hour_ago)
        .unwrap();
    let fifo = folder.path().join("f.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut command = assert_cmd::Command::cargo_bin("menace").unwrap();
    command
        .args(["--seed", "1", "--no-boxes", "--saves"])
        .arg(folder.path())
        .timeout(std::time::Duration::from_secs(20));
    if made.is_ok_and(|status| status.success()) {
        let output = command.arg("--load").arg(&fifo).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("named pipe"), "{stderr}");
    } else {
        command.write_stdin("quit\n").assert().success();
    }
    assert!(!stale.exists(), "the crash's debris is gone");
}

#[test]
fn a_watched_match_stops_at_ctrl_c_after_the_game_in_play() {
    use menace::app::Event;
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(common::settings(2, folder.path()));
    session.set_progress(Some(stop_after(3)));
    let events = session_events(session.handle_line("play 50 vs random"));
    assert!(
        events.iter().any(|event| matches!(
            event,
            Event::MatchStopped {
                played: 3,
                asked: 50
            }
        )),
        "{events:?}"
    );
    let over = events
        .iter()
        .filter(|event| matches!(event, Event::GameOver { .. }))
        .count();
    assert_eq!(over, 3);
    session.set_progress(None);
    assert_eq!(common::stats(&mut session).unsaved, 3);
    // The session is free for the next command.
    assert!(repl::respond(&mut session, "play 1 vs random").contains("new game"));
}
