//! Reliability at the edges of the program: Ctrl-C stops the command running and never
//! the session, a cut output pipe is never a success, budgets stay within memory, and a
//! lesson's demonstrations stay within their budget. The program is run as a user runs
//! it, with standard input piped; Ctrl-C is SIGINT sent with `kill -INT`.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Long enough for a debug build on a busy machine; the tests poll, they never sleep it.
const PATIENCE: Duration = Duration::from_secs(60);

fn menace() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("menace"))
}

/// The console, with what it has printed so far gathered by a thread.
struct Console {
    child: Child,
    stdin: Option<ChildStdin>,
    out: Arc<Mutex<String>>,
    err: Arc<Mutex<String>>,
}

fn gather(mut from: impl Read + Send + 'static) -> Arc<Mutex<String>> {
    let text = Arc::new(Mutex::new(String::new()));
    let into = Arc::clone(&text);
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(read) = from.read(&mut buffer) {
            if read == 0 {
                break;
            }
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buffer[..read]));
        }
    });
    text
}

impl Console {
    fn start(args: &[&str]) -> Console {
        Console::start_with(args, &[])
    }

    /// The console with `variables` set in its environment.
    fn start_with(args: &[&str], variables: &[(&str, &str)]) -> Console {
        let mut child = menace()
            .args(args)
            .envs(variables.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = gather(child.stdout.take().unwrap());
        let err = gather(child.stderr.take().unwrap());
        Console {
            stdin: child.stdin.take(),
            child,
            out,
            err,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn output(&self) -> String {
        self.out.lock().unwrap().clone()
    }

    /// Waits until `needle` has been printed `times` times.
    fn wait_for(&self, needle: &str, times: usize) {
        let start = Instant::now();
        while self.output().matches(needle).count() < times {
            assert!(
                start.elapsed() < PATIENCE,
                "never printed {needle:?} {times} times; output:\n{}\nstderr:\n{}",
                self.output(),
                self.err.lock().unwrap()
            );
            assert!(
                self.child_running(),
                "the program ended before printing {needle:?}; output:\n{}\nstderr:\n{}",
                self.output(),
                self.err.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn child_running(&self) -> bool {
        // `try_wait` needs `&mut`; the process table says as much.
        std::path::Path::new(&format!("/proc/{}", self.child.id())).exists()
            && !std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
                .is_ok_and(|stat| stat.contains(") Z "))
    }

    fn interrupt(&self) {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Ends the input and waits for the program: its exit code and all it printed.
    fn finish(mut self) -> (Option<i32>, String, String) {
        drop(self.stdin.take());
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(start.elapsed() < PATIENCE, "the program did not end");
            std::thread::sleep(Duration::from_millis(10));
        };
        // The gathering threads see the end of the pipes just after.
        std::thread::sleep(Duration::from_millis(50));
        let err = self.err.lock().unwrap().clone();
        (status.code(), self.output(), err)
    }
}

const STOPPED: &str = "Stopped early by Ctrl-C";

/// Sends `line`, waits until the console has echoed it (so it is running), and
/// interrupts it; then waits for the sentence that says it stopped.
fn interrupt_command(console: &mut Console, line: &str, stops_so_far: usize) {
    let echoed = format!("menace> {line}\n");
    let before = console.output().matches(&echoed).count();
    console.send(line);
    console.wait_for(&echoed, before + 1);
    console.interrupt();
    console.wait_for(STOPPED, stops_so_far + 1);
}

#[test]
fn ctrl_c_stops_a_search_an_ai_move_and_an_experiment_and_the_session_goes_on() {
    let saves = tempfile::tempdir().unwrap();
    let mut console = Console::start(&[
        "--seed",
        "4",
        "--no-boxes",
        "--saves",
        saves.path().to_str().unwrap(),
    ]);
    console.send("train 50 vs random");
    console.wait_for("Trained 50 games", 1);
    console.send("variant qubic");
    // The value of the empty Qubic board: millions of positions.
    interrupt_command(&mut console, "solve", 0);
    // A second Ctrl-C 50 ms after the first, between commands: nothing to stop, and the
    // session is not ended by it.
    console.interrupt();
    std::thread::sleep(Duration::from_millis(50));
    console.interrupt();
    // A command that does nothing long is not said to be stopped by a Ctrl-C that
    // comes while it runs.
    console.send("against mcts 10000ms");
    console.wait_for("From now on mcts 10000ms plays against you", 1);
    // The AI opens as X and thinks ten seconds a move: Ctrl-C makes it move now.
    interrupt_command(&mut console, "play 1", 1);
    interrupt_command(&mut console, "hint mcts 10000ms", 2);
    // Its reply to a move, likewise.
    interrupt_command(&mut console, "0", 3);
    console.send("stop");
    console.send("variant classic");
    interrupt_command(&mut console, "experiment 1000", 4);
    console.send("stats");
    let (code, out, err) = console.finish();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(out.matches(STOPPED).count(), 5, "{out}");
    // Stopped, the AI still moved: the game went on to O's second move.
    assert_eq!(out.matches("Your move as O").count(), 2, "{out}");
    // Nothing stopped pretends to be a result.
    assert!(!out.contains("not solved within"), "{out}");
    // A stopped experiment reports the seeds it finished, said to be cut short.
    assert!(
        out.contains("Stopped early: each preset counts the runs it finished."),
        "{out}"
    );
    // The games trained before are still there, and still unsaved.
    assert!(out.contains("50 games"), "{out}");
    let goodbye = out.rsplit("menace> \n").next().unwrap();
    assert!(goodbye.contains("from 50 games"), "{goodbye}");
}

/// Quantum Morris's `solve` is a retrograde analysis of every position (minutes of both
/// cores): Ctrl-C stops it as it stops every search, and the game in progress goes on.
#[test]
fn ctrl_c_stops_the_quantum_morris_analysis_and_a_later_solve_starts_again() {
    let saves = tempfile::tempdir().unwrap();
    let mut console = Console::start_with(
        &[
            "--seed",
            "4",
            "--no-boxes",
            "--saves",
            saves.path().to_str().unwrap(),
        ],
        // Room for the analysis, which is otherwise refused before it starts.
        &[(menace::memory::VARIABLE, "4G")],
    );
    console.send("variant quantum-morris");
    console.send("play 1");
    console.wait_for("Your move as O", 1);
    interrupt_command(&mut console, "solve", 0);
    interrupt_command(&mut console, "solve", 1);
    console.send("hint");
    console.wait_for("suggests", 1);
    let (code, out, err) = console.finish();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(out.matches(STOPPED).count(), 2, "{out}");
    // One sentence each, and nothing stopped pretends to be a result.
    for answer in out.split("menace> solve\n").skip(1) {
        let answer = answer.split("menace>").next().unwrap_or_default();
        assert_eq!(answer.trim().lines().count(), 1, "{answer}");
        assert!(answer.trim().starts_with(STOPPED), "{answer}");
    }
}

/// Listing a big MENACE's boxes takes seconds to gather and write (150,000 boxes of
/// Qubic, each with its beads): Ctrl-C stops it, and nothing of the listing is printed.
#[test]
fn ctrl_c_stops_the_listing_of_a_big_menaces_boxes() {
    let saves = tempfile::tempdir().unwrap();
    let mut console = Console::start(&[
        "--seed",
        "4",
        "--no-boxes",
        "--saves",
        saves.path().to_str().unwrap(),
    ]);
    console.send("variant qubic");
    console.send("train 10000 vs random");
    console.wait_for("Trained 10,000 games", 1);
    interrupt_command(&mut console, "boxes", 0);
    console.send("stats");
    let (code, out, err) = console.finish();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(out.matches(STOPPED).count(), 1, "{out}");
    assert!(!out.contains("-- MENACE's"), "the listing was written");
    // Everything learned is still there.
    let stats = out.rsplit("menace> stats\n").next().unwrap();
    assert!(stats.contains("10,000 games"), "{stats}");
}

#[test]
fn ctrl_c_stops_a_lesson_demonstration() {
    let lessons = tempfile::tempdir().unwrap();
    std::fs::write(
        lessons.path().join("01-slow.yaml"),
        "title: A slow demonstration\nsummary: It solves Qubic.\nassumes: nothing\nseed: 1\nsteps:\n  - kind: demo\n    text: Watch the search.\n    commands: [\"variant qubic\", \"solve\"]\n",
    )
    .unwrap();
    let saves = tempfile::tempdir().unwrap();
    let mut console = Console::start(&[
        "--seed",
        "4",
        "--no-boxes",
        "--saves",
        saves.path().to_str().unwrap(),
        "--lessons",
        lessons.path().to_str().unwrap(),
    ]);
    interrupt_command(&mut console, "lesson 1", 0);
    console.send("stats");
    let (code, out, err) = console.finish();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert_eq!(out.matches(STOPPED).count(), 1, "{out}");
    assert!(out.contains("menace> stats"), "{out}");
}

#[test]
fn a_cut_output_pipe_is_never_a_success() {
    let saves = tempfile::tempdir().unwrap();
    let output = menace()
        .args(["--seed", "1", "--no-boxes", "--saves"])
        .arg(saves.path())
        .stdin(Stdio::piped())
        .stdout({
            let (reader, writer) = std::io::pipe().unwrap();
            drop(reader);
            writer
        })
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            // The program may have gone already; its input is then simply not read.
            let _ = child
                .stdin
                .take()
                .unwrap()
                .write_all(b"train 20 vs random\nsave kept\n");
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_ne!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains("standard output was closed, so the rest of the input was not run"),
        "{stderr}"
    );
    // The save was never run, and nothing claims it was.
    let written: Vec<_> = std::fs::read_dir(saves.path()).unwrap().collect();
    assert!(written.is_empty(), "{written:?}");
}

/// Counts the bytes each thread holds on the heap, and the most it has held, so a test
/// can see how much memory one command takes (other tests' threads are not counted).
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub struct Counting;

    thread_local! {
        static HELD: Cell<usize> = const { Cell::new(0) };
        static PEAK: Cell<usize> = const { Cell::new(0) };
    }

    fn grow(bytes: usize) {
        let _ = HELD.try_with(|held| {
            held.set(held.get() + bytes);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(held.get())));
        });
    }

    fn shrink(bytes: usize) {
        let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(bytes)));
    }

    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            grow(layout.size());
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            shrink(layout.size());
            unsafe { System.dealloc(ptr, layout) }
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // Old and new are both held while the contents move.
            grow(new_size);
            shrink(layout.size());
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }

    /// Starts measuring: the most held from now on, over what is held now.
    pub fn start() -> usize {
        let held = HELD.with(Cell::get);
        PEAK.with(|peak| peak.set(held));
        held
    }

    pub fn peak_since(start: usize) -> usize {
        PEAK.with(Cell::get).saturating_sub(start)
    }
}

#[global_allocator]
static COUNTING: counting::Counting = counting::Counting;

#[test]
fn export_writes_the_page_as_it_goes_instead_of_holding_it() {
    let saves = tempfile::tempdir().unwrap();
    let mut session = menace::lesson::Tutor::new(menace::app::Settings {
        seed: 1,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: saves.path().to_path_buf(),
        ..menace::app::Settings::default()
    });
    menace::repl::respond(&mut session, "variant mnk 5x5 k 4");
    menace::repl::respond(&mut session, "train 60 vs random");
    let start = counting::start();
    let answer = menace::repl::respond(&mut session, "export page.html");
    let peak = counting::peak_since(start);
    assert!(answer.contains("Wrote"), "{answer}");
    let size = std::fs::metadata(saves.path().join("page.html"))
        .unwrap()
        .len() as usize;
    // Holding the page whole would take at least its size.
    assert!(peak < size / 2, "page {size} bytes, peak {peak} bytes held");
}

const EMPTY_QUBIC: &str = "................/................/................/................";

#[test]
fn a_budget_beyond_memory_is_lowered_in_one_sentence_instead_of_aborting() {
    // An address space of 60 MB (`ulimit -v`), as a shared machine may impose: the
    // proof-number search's budget of sixty million positions would take gigabytes.
    let output = crate::common::menace_within(
        60_000,
        &format!("prove qubic {EMPTY_QUBIC} --pns --budget 60000000"),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stderr.starts_with("menace: a budget of 60,000,000 positions would take about")
            && stderr.contains("so it is lowered to")
            && stderr.trim_end().ends_with('.'),
        "{stderr}"
    );
    assert!(stdout.contains("Not settled within"), "{stdout}");

    // The console's `solve` keeps its table within the memory said to be available.
    let output = menace()
        .env(menace::memory::VARIABLE, "512K")
        .args(["--seed", "1"])
        .write_stdin_text("variant qubic\nsolve\n");
    let stdout = String::from_utf8_lossy(&output.stdout).replace('\n', " ");
    assert!(
        stdout.contains("all that a table in 256 KB of memory holds (3,000,000 were asked for)"),
        "{stdout}"
    );
}

#[test]
fn a_box_limit_beyond_memory_is_refused_in_one_sentence_before_counting() {
    // Under 700 MB of address space a hundred million boxes of ultimate or strategic
    // cannot be counted: refused before counting, instead of an abort part way.
    for game in ["ultimate", "strategic"] {
        let output =
            crate::common::menace_within(700_000, &format!("boxes {game} --limit 100000000"));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
        assert_eq!(output.status.code(), Some(2), "{stdout}\n{stderr}");
        assert!(
            stderr.starts_with(&format!(
                "menace: {game}: counting up to 100,000,000 boxes could take about"
            )) && stderr.contains("so it is not started: a limit of at most"),
            "{stderr}"
        );
        assert_eq!(
            stderr.trim_end().matches(". ").count(),
            0,
            "one sentence: {stderr}"
        );
        assert!(stdout.is_empty(), "{stdout}");
    }
    // The memory said to be available counts as the machine's does.
    let output = menace()
        .env(menace::memory::VARIABLE, "64M")
        .args(["boxes", "ultimate"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("more than the 32 MB a table may use here, so it is not started"),
        "{stderr}"
    );
}

#[test]
fn a_junk_memory_variable_is_named_in_one_sentence_and_passed_over() {
    let output = menace()
        .env(menace::memory::VARIABLE, "lots\u{1b}]0;x")
        .args(["--seed", "1"])
        .write_stdin_text("quit\n");
    let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
    assert!(
        stderr.contains("MENACE_MEMORY is set to \"lots\\u{1b}]0;x\", which is not a size"),
        "{stderr}"
    );
    assert!(output.status.success(), "{stderr}");
    // A size says nothing.
    let output = menace()
        .env(menace::memory::VARIABLE, "2G")
        .args(["--seed", "1"])
        .write_stdin_text("quit\n");
    assert!(!String::from_utf8_lossy(&output.stderr).contains("not a size"));
}

#[test]
fn verify_refuses_a_proof_too_big_for_the_memory_before_reading_it() {
    let folder = tempfile::tempdir().unwrap();
    let proof = folder.path().join("big.json");
    std::fs::write(&proof, vec![b' '; 400 * 1024]).unwrap();
    let output = menace()
        .env(menace::memory::VARIABLE, "1M")
        .args(["verify", "qubic"])
        .arg(&proof)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("more than the"), "{stderr}");
    assert_eq!(
        stderr.trim_end().matches(". ").count(),
        0,
        "one sentence: {stderr}"
    );
}

/// Runs the program with `text` as its standard input.
trait WithInput {
    fn write_stdin_text(&mut self, text: &str) -> std::process::Output;
}

impl WithInput for Command {
    fn write_stdin_text(&mut self, text: &str) -> std::process::Output {
        let mut child = self
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    }
}

fn lesson_folder(demo: &str) -> tempfile::TempDir {
    let lessons = tempfile::tempdir().unwrap();
    std::fs::write(
        lessons.path().join("01-demo.yaml"),
        format!(
            "title: A demonstration\nsummary: One demonstration.\nassumes: nothing\nseed: 1\nsteps:\n  - kind: text\n    text: First, words.\n  - kind: demo\n    text: Watch.\n    commands: {demo}\n"
        ),
    )
    .unwrap();
    lessons
}

#[test]
fn a_demonstration_over_its_budget_is_refused_when_the_lesson_is_read() {
    let lessons = lesson_folder("[\"train 50000000 vs mcts\"]");
    let output = menace()
        .arg("--lessons")
        .arg(lessons.path())
        .arg("lessons")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "BROKEN 01-demo.yaml, step 2: its commands ask for 50000000 games; a lesson may run at most 10000 in a step by itself"
        ),
        "{stdout}"
    );
}

#[test]
fn lessons_check_names_the_step_it_is_running_when_it_is_slow() {
    // Within the budget, and slow: the value of the empty Qubic board.
    let lessons = lesson_folder("[\"variant qubic\", \"solve\"]");
    let mut child = menace()
        .arg("--lessons")
        .arg(lessons.path())
        .args(["lessons", "--check"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let err = gather(child.stderr.take().unwrap());
    let wanted = "still checking 01-demo.yaml, step 2 (demonstration)";
    let start = Instant::now();
    while !err.lock().unwrap().contains(wanted) {
        assert!(
            start.elapsed() < PATIENCE,
            "the slow step was never named: {}",
            err.lock().unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Monte-Carlo tree search, lookahead and proof-number search pause as the other long
/// searches do (`stop::checkpoint`): a console watching is told how far they have got
/// (the status line on a terminal), and Ctrl-C stops them there.
#[test]
fn mcts_lookahead_and_proof_number_search_tell_how_far_they_have_got() {
    use menace::ai::lookahead::{Fin, rate_moves};
    use menace::ai::mcts::Mcts;
    use menace::ai::qubic::pns::ProofNumberSearch;
    use menace::game::TicTacToe;
    use rand::SeedableRng;
    use std::cell::RefCell;
    use std::rc::Rc;
    let told: Rc<RefCell<Vec<u64>>> = Rc::default();
    let sink = told.clone();
    menace::stop::report_searches_to(Some(Rc::new(move |searched| {
        if let Some(searched) = searched {
            sink.borrow_mut().push(searched.positions);
        }
    })));
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1);
    Mcts::with_playouts(1_000).statistics(&TicTacToe::default(), &mut rng);
    let mcts = told.take();
    rate_moves(&TicTacToe::default(), 6, Fin::FullBoard);
    let lookahead = told.take();
    ProofNumberSearch::new(200_000).solve(0, 0);
    let pns = told.take();
    menace::stop::report_searches_to(None);
    for (name, told) in [("mcts", mcts), ("lookahead", lookahead), ("pns", pns)] {
        assert!(told.len() > 1, "{name} told {told:?}");
        assert!(
            told.windows(2).all(|pair| pair[0] <= pair[1]),
            "{name}: {told:?}"
        );
        assert!(
            told.last().is_some_and(|last| *last > 100),
            "{name}: {told:?}"
        );
    }
}
