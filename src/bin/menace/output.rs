//! Printing from the subcommands. When the reader has gone (`menace replay … | head`),
//! there is no one left to tell, so the program stops quietly instead of panicking as
//! `println!` does on a closed pipe.

/// `print!` that ends the program quietly if standard output is closed.
macro_rules! out {
    ($($words:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($words)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `println!` that ends the program quietly if standard output is closed.
macro_rules! outln {
    ($($words:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($words)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// `eprintln!` of one sentence, wrapped to the 80 columns of a terminal.
macro_rules! complain {
    ($($words:tt)*) => {{
        let text = menace::repl::text::fill(&format!($($words)*), 79);
        eprintln!("{text}");
    }};
}
