//! Printing from the subcommands. When the reader has gone (`menace replay … | head`),
//! there is no one left to tell, so the program stops quietly instead of panicking as
//! `println!` does on a closed pipe, and exits as a program killed by SIGPIPE does: what
//! was asked was not all done, so it never reports success.

/// The exit code when standard output is closed: 128 + SIGPIPE (13), as a shell shows a
/// program that the signal ended.
pub const CLOSED: u8 = 141;

/// `print!` that ends the program quietly ([`CLOSED`]) if standard output is closed.
macro_rules! out {
    ($($words:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($words)*).is_err() {
            std::process::exit(i32::from(crate::output::CLOSED));
        }
    }};
}

/// `println!` that ends the program quietly ([`CLOSED`]) if standard output is closed.
macro_rules! outln {
    ($($words:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($words)*).is_err() {
            std::process::exit(i32::from(crate::output::CLOSED));
        }
    }};
}

/// `eprintln!` of one sentence, wrapped to the 80 columns of a terminal. The sentence
/// may quote an argument, so it goes through the one escaping function first: no word
/// from outside retitles, clears or turns around the terminal.
macro_rules! complain {
    ($($words:tt)*) => {{
        let sentence = menace::files::escaped(&format!($($words)*));
        let text = menace::repl::text::fill(&sentence, 79);
        eprintln!("{text}");
    }};
}

/// `println!` of one sentence, wrapped and escaped as [`complain`] does (line breaks kept); if the reader has
/// gone (`menace solve qubic | head`), there is no one left to tell, so it stops quietly.
macro_rules! say {
    ($($words:tt)*) => {{
        let sentence = menace::files::escaped(&format!($($words)*));
        let text = menace::repl::text::fill(&sentence, 79);
        outln!("{text}");
    }};
}

/// Clap's refusal of the command line, with the words it quotes escaped, or its help.
pub fn refused(error: &clap::Error) -> std::process::ExitCode {
    if !error.use_stderr() {
        let _ = error.print();
        return std::process::ExitCode::SUCCESS;
    }
    let text = error.render().to_string();
    let lines: Vec<String> = text
        .lines()
        .map(|line| menace::files::shown(line, usize::MAX))
        .collect();
    eprintln!("{}", lines.join("\n"));
    std::process::ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
}

/// `asked` positions of `bytes_each` each, lowered to what memory allows (saying so in
/// one sentence on standard error), or `None` (said too) when not even a small search
/// fits: then the search is refused rather than ended by a failed allocation.
pub fn fitted(asked: u64, bytes_each: u64) -> Option<u64> {
    let (budget, lowered) = menace::memory::fit(asked, bytes_each, u64::MAX);
    match lowered {
        Some(lowered) if lowered.budget < 1_000 => {
            complain!(
                "menace: not searched: only {} of memory may be used here, too little for a search.",
                menace::memory::about(lowered.allowed)
            );
            None
        }
        Some(lowered) => {
            complain!("menace: {lowered}.");
            Some(budget)
        }
        None => Some(budget),
    }
}

/// The game `words` name (its name and options) at its start, or exit code 2 after one
/// sentence saying why not.
pub fn started(words: &[String]) -> Result<Box<dyn menace::game::AnyGame>, std::process::ExitCode> {
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    menace::registry::start(&words).map_err(|why| {
        complain!("menace: {why}.");
        std::process::ExitCode::from(2)
    })
}
