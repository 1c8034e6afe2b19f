//! The program within the limits of the machine it runs on: a search refused in one
//! sentence where the memory would not hold it, instead of aborting.

use std::process::Command;

fn menace() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("menace"))
}

/// `menace solve qubic ARGS` under an address space of `kilobytes` (`ulimit -v`).
fn solve_qubic_within(kilobytes: u32, args: &str) -> std::process::Output {
    crate::common::menace_within(kilobytes, &format!("solve qubic {args}"))
}

#[test]
fn solving_qubic_in_too_little_memory_is_refused_in_one_sentence() {
    // 30 MB of address space: the threads, the cube's tables or a helper's threat
    // search would fail to allocate and end the program.
    for output in [
        solve_qubic_within(30_000, "--budget 1000"),
        solve_qubic_within(30_000, "--budget 1000 --memory 2M"),
        menace()
            .env(menace::memory::VARIABLE, "30M")
            .args(["solve", "qubic", "--budget", "1000"])
            .output()
            .unwrap(),
    ] {
        let stderr = String::from_utf8_lossy(&output.stderr).replace('\n', " ");
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with("menace: solving Qubic needs at least 32 MB of memory")
                && stderr.trim_end().ends_with("so nothing is solved."),
            "{stderr}"
        );
        assert_eq!(stderr.trim_end().matches(". ").count(), 0, "{stderr}");
    }
    // With a little more, the search runs within what there is.
    let output = solve_qubic_within(60_000, "--budget 1000");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("Not settled within a budget"), "{stdout}");
}
