//! `menace gomocup`, the Gomocup (Piskvork) brain, run as a match manager runs it: the
//! built program with piped standard input and output, one command at a time.

use menace::game::gomoku::{Gomoku, GomokuRules};
use menace::game::{Game, Outcome};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The longest any answer may take here (a debug build, tests running side by side).
const PATIENCE: Duration = Duration::from_secs(20);

/// A running brain: its standard input, and its output lines as they come.
struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Brain {
    fn start(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menace"))
            .arg("gomocup")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("menace starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Brain {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The next line the brain prints.
    fn reply(&self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the brain stopped answering"),
        }
    }

    /// Sends `text` and returns the one line it gets.
    fn ask(&mut self, text: &str) -> String {
        self.send(text);
        self.reply()
    }

    /// Sends `text` and checks that nothing comes back: `ABOUT` after it must be answered
    /// at once by the name line.
    fn tell(&mut self, text: &str) {
        self.send(text);
        assert_about(&self.ask("ABOUT"));
    }

    /// The move after `text`, skipping `MESSAGE` lines.
    fn move_after(&mut self, text: &str) -> (usize, usize) {
        self.send(text);
        loop {
            let line = self.reply();
            if line.starts_with("MESSAGE") {
                continue;
            }
            return coordinates(&line).unwrap_or_else(|| panic!("not a move: {line:?}"));
        }
    }

    /// Closes the input (or sends END) and returns whether it exited with code 0 and
    /// said nothing on standard error.
    fn finish(mut self, end: bool) -> bool {
        if end {
            self.send("END");
        }
        drop(self.stdin.take());
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut stderr = String::new();
                use std::io::Read as _;
                self.child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut stderr)
                    .unwrap();
                assert_eq!(stderr, "", "nothing on standard error");
                return status.success();
            }
            if started.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the brain did not exit");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

fn assert_about(line: &str) {
    assert!(
        line.starts_with("name=\"menace\", version=\"") && line.contains("author=\""),
        "{line}"
    );
}

/// `X,Y` as numbers, if the line is a move.
fn coordinates(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Plays `(x, y)` on the referee's board, checking that it is a free cell.
fn referee_plays(game: &mut Gomoku, (x, y): (usize, usize)) {
    let cell = game
        .index(x as i32, y as i32)
        .unwrap_or_else(|| panic!("{x},{y} is off the board"));
    assert_eq!(game.cells()[cell], 0, "{x},{y} is taken");
    game.play(cell as u16).unwrap();
}

/// Two brains, each told the other's moves, from START to the end of the game; the
/// moves in order and how the game ended.
fn self_play(args: &[&str], infos: &[&str]) -> (Vec<(usize, usize)>, Option<Outcome>) {
    let mut black = Brain::start(args);
    let mut white = Brain::start(args);
    for brain in [&mut black, &mut white] {
        assert_about(&brain.ask("ABOUT"));
        assert_eq!(brain.ask("START 15"), "OK");
        for info in infos {
            brain.send(info);
        }
    }
    let mut game = Gomoku::new(GomokuRules::freestyle(15));
    let mut moves = vec![black.move_after("BEGIN")];
    referee_plays(&mut game, moves[0]);
    while !game.is_over() {
        let (x, y) = *moves.last().unwrap();
        let next = if moves.len() % 2 == 1 {
            &mut white
        } else {
            &mut black
        };
        let started = Instant::now();
        let reply = next.move_after(&format!("TURN {x},{y}"));
        assert!(started.elapsed() < PATIENCE);
        referee_plays(&mut game, reply);
        moves.push(reply);
    }
    assert!(black.finish(true) && white.finish(true));
    (moves, game.outcome())
}

#[test]
fn two_attack_brains_play_a_game_to_five_and_the_seed_repeats_it() {
    let (moves, outcome) = self_play(&["--bot", "attack", "--seed", "5"], &[]);
    assert!(
        matches!(outcome, Some(Outcome::Win(_))),
        "{outcome:?} after {moves:?}"
    );
    let (again, _) = self_play(&["--bot", "attack", "--seed", "5"], &[]);
    assert_eq!(moves, again);
}

#[test]
fn two_threat_brains_play_a_game_to_five_within_the_time_a_move() {
    let started = Instant::now();
    let infos = [
        "INFO timeout_turn 200",
        "INFO timeout_match 0",
        "INFO rule 0",
    ];
    let (moves, outcome) = self_play(&["--bot", "threats", "--seed", "1"], &infos);
    // Where the search stops depends on the machine's speed, so the game does too: it
    // ends in a five, or (very rarely) with the board full.
    assert!(outcome.is_some(), "{moves:?}");
    // 170 ms a move at most, with time to spare for a slow machine.
    assert!(
        started.elapsed() < Duration::from_millis(400) * moves.len() as u32,
        "{:?} for {} moves",
        started.elapsed(),
        moves.len()
    );
}

/// The brain's move in a `BOARD` position on 15x15 (own and opponent's stones).
fn board_move(
    args: &[&str],
    rule: u32,
    own: &[(u32, u32)],
    theirs: &[(u32, u32)],
) -> (usize, usize) {
    let mut brain = Brain::start(args);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO rule {rule}"));
    brain.send("INFO timeout_turn 300");
    brain.send("BOARD");
    for (x, y) in theirs {
        brain.send(&format!("{x},{y},2"));
    }
    for (x, y) in own {
        brain.send(&format!("{x},{y},1"));
    }
    let reply = brain.move_after("DONE");
    assert!(brain.finish(true));
    reply
}

#[test]
fn from_a_board_it_makes_five_or_stops_the_opponents() {
    for bot in ["attack", "threats"] {
        let args = ["--bot", bot, "--seed", "1"];
        // Its own four, closed at 6,7 by the opponent: five at 11,7.
        let own = [(7, 7), (8, 7), (9, 7), (10, 7)];
        let theirs = [(6, 7), (3, 3), (3, 12), (12, 12)];
        assert_eq!(board_move(&args, 0, &own, &theirs), (11, 7), "{bot}");
        // The opponent's four down column 4, closed at the top: stop it at 4,10.
        let theirs = [(4, 6), (4, 7), (4, 8), (4, 9), (0, 0)];
        let own = [(4, 5), (10, 1), (13, 13), (12, 2)];
        assert_eq!(board_move(&args, 0, &own, &theirs), (4, 10), "{bot}");
    }
    // Exactly five (rule 1): 7,7 would make six, so 2,7 is the win. (The attack bot
    // weighs cells by the gomoku bot article's rules, which know only free-style.)
    let own = [(3, 7), (4, 7), (5, 7), (6, 7), (8, 7)];
    let theirs = [(0, 0), (0, 14), (14, 0), (14, 14), (9, 7)];
    let args = ["--bot", "threats", "--seed", "1"];
    assert_eq!(board_move(&args, 1, &own, &theirs), (2, 7));
    // Free-style (rule 0): either is five.
    assert!([(2, 7), (7, 7)].contains(&board_move(&args, 0, &own, &theirs)));
}

#[test]
fn a_malformed_line_gets_one_error_and_changes_nothing() {
    let mut brain = Brain::start(&["--bot", "attack", "--seed", "1"]);
    assert_about(&brain.ask("ABOUT"));
    for before in ["BEGIN", "TURN 7,7", "RESTART", "TAKEBACK 7,7"] {
        assert!(brain.ask(before).starts_with("ERROR "), "{before}");
    }
    for bad in [
        "START abc",
        "START 3",
        "START 99",
        "RECTSTART 15,20",
        "RECTSTART x",
    ] {
        assert!(brain.ask(bad).starts_with("ERROR "), "{bad}");
    }
    assert_eq!(brain.ask("START 15"), "OK");
    assert_eq!(brain.move_after("BEGIN"), (7, 7));
    for bad in ["TURN 99,x", "TURN 15,3", "TURN 7,7", "TURN -1,2"] {
        assert!(brain.ask(bad).starts_with("ERROR "), "{bad}");
    }
    // INFO is never answered, not even a bad one (its note comes before the next move).
    brain.tell("INFO timeout_turn soon");
    brain.send("BOARD");
    brain.send("7,7,2");
    brain.send("garbage");
    assert!(brain.ask("DONE").starts_with("ERROR "));
    brain.send("BOARD");
    brain.send("7,7,3");
    assert!(brain.ask("DONE").starts_with("ERROR "));
    // Not UTF-8, and far too long.
    assert!(brain.ask(&"x".repeat(10_000)).starts_with("ERROR "));
    let stdin = brain.stdin.as_mut().unwrap();
    stdin.write_all(b"\xff\xfe\n").unwrap();
    assert!(brain.reply().starts_with("ERROR "));
    // Each of them got one line: the game goes on from 7,7 alone.
    assert_about(&brain.ask("ABOUT"));
    let reply = brain.move_after("TURN 7,8");
    assert!(reply != (7, 7) && reply != (7, 8), "{reply:?}");
    assert!(brain.finish(true));
}

#[test]
fn unknown_commands_get_unknown_and_never_a_move() {
    let mut brain = Brain::start(&["--bot", "attack", "--seed", "1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    for unknown in ["YXSTOP", "FOO bar", "yxhashclear"] {
        assert!(brain.ask(unknown).starts_with("UNKNOWN "), "{unknown}");
    }
    // A whole SWAP2BOARD, its stones and DONE get one UNKNOWN.
    brain.send("SWAP2BOARD");
    brain.send("7,7,1");
    assert!(brain.ask("DONE").starts_with("UNKNOWN "));
    // INFO needs no answer, whatever the key; rule 2 is said in a MESSAGE before the move.
    brain.tell("INFO max_memory 367001600");
    brain.tell("INFO time_left 2147483647");
    brain.tell("INFO folder /tmp");
    brain.tell("INFO rule 2");
    brain.send("BEGIN");
    assert!(brain.reply().starts_with("MESSAGE rule 2: continuous game"));
    assert_eq!(brain.reply(), "7,7");
    assert!(brain.finish(true));
}

#[test]
fn restart_and_takeback_answer_ok_and_undo() {
    let mut brain = Brain::start(&["--bot", "attack", "--seed", "1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    assert_eq!(brain.move_after("BEGIN"), (7, 7));
    let (x, y) = brain.move_after("TURN 0,0");
    // Take back its stone and the opponent's, then put the opponent elsewhere.
    assert_eq!(brain.ask(&format!("TAKEBACK {x},{y}")), "OK");
    assert_eq!(brain.ask("TAKEBACK 0,0"), "OK");
    assert!(brain.ask("TAKEBACK 0,0").starts_with("ERROR "));
    assert!(brain.ask("TAKEBACK 20,20").starts_with("ERROR "));
    let reply = brain.move_after("TURN 8,8");
    assert!(reply != (7, 7) && reply != (8, 8));
    // A new game of the same size: the centre is free again.
    assert_eq!(brain.ask("RESTART"), "OK");
    assert_eq!(brain.move_after("BEGIN"), (7, 7));
    // START in the middle of a game starts another (as c-gomoku-cli does every game).
    assert_eq!(brain.ask("START 19"), "OK");
    assert_eq!(brain.move_after("BEGIN"), (9, 9));
    assert_eq!(brain.ask("RECTSTART 15,15"), "OK");
    assert_eq!(brain.ask("PLAY 3,4"), "3,4");
    let reply = brain.move_after("TURN 7,7");
    assert!(reply != (3, 4) && reply != (7, 7));
    assert!(brain.finish(true));
}

#[test]
fn end_exits_at_once_and_so_does_the_end_of_input() {
    let mut brain = Brain::start(&["--seed", "1"]);
    assert_eq!(brain.ask("START 15"), "OK");
    // Anything after END is never read (the brain may be gone before it is written).
    let stdin = brain.stdin.as_mut().unwrap();
    let _ = stdin.write_all(b"END\nBEGIN\n");
    assert!(brain.finish(false));
    let mut brain = Brain::start(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    assert!(brain.finish(false));
    // The end of input in the middle of a BOARD.
    let mut brain = Brain::start(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("BOARD");
    brain.send("7,7,1");
    assert!(brain.finish(false));
}

#[test]
fn end_or_the_end_of_input_during_a_long_think_is_answered_within_a_second() {
    for end in [true, false] {
        let mut brain = Brain::start(&["--bot", "threats", "--seed", "1"]);
        assert_eq!(brain.ask("START 15"), "OK");
        // A minute a move: the think would take most of it.
        brain.send("INFO timeout_turn 60000");
        brain.send("TURN 7,7");
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            brain.child.try_wait().unwrap().is_none(),
            "still thinking when END comes"
        );
        let started = Instant::now();
        assert!(brain.finish(end));
        let took = started.elapsed();
        assert!(
            took < Duration::from_secs(1),
            "exited {took:?} after {}",
            if end { "END" } else { "the end of input" }
        );
    }
}
