//! Output longer than the terminal (the 304-box listing after a game, `boxes`, a watched
//! match) goes through a pager when a person is at the terminal: the program named by
//! `$PAGER` (`less` gets `LESS=FRX` unless the learner set `LESS`, as git does), or a
//! built-in `--More--` that shows a screenful at a time. Piped output is never paged.

use std::io::{self, Write};
use std::process::{Command, Stdio};

/// What the learner answered at `--More--`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoreAnswer {
    /// Enter: the next page.
    Next,
    /// `q`, Ctrl-C or Ctrl-D: straight to the last page, so the end of the output (a
    /// game's result and the boxes it changed) is always what stays on the screen.
    ToTheEnd,
}

/// The pager the learner named in `$PAGER`, if any (an empty one means none).
pub fn external() -> Option<String> {
    std::env::var("PAGER")
        .ok()
        .map(|pager| pager.trim().to_string())
        .filter(|pager| !pager.is_empty())
}

/// Runs `pager` (through `sh -c`, as `$PAGER` may carry options) with `text` on its
/// input. `Err` when it cannot be started or fails, so the caller can fall back.
pub fn run_external(pager: &str, text: &str) -> io::Result<()> {
    let mut command = Command::new("sh");
    command.arg("-c").arg(pager).stdin(Stdio::piped());
    if std::env::var_os("LESS").is_none() {
        // Quit at once if it fits, pass colours through, leave the text on the screen.
        command.env("LESS", "FRX");
    }
    let mut child = command.spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // A pager quit early closes its input: that is not an error worth showing.
        let _ = input.write_all(text.as_bytes());
    }
    let status = child.wait()?;
    if status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!("{pager} failed ({status})")))
    }
}

/// The built-in pager: writes `text` to `out` a page of `rows - 1` lines at a time and
/// asks `more` between pages, telling it how many lines are left. Returns `false`, with
/// nothing written, when `text` fits on the screen.
pub fn page_through(
    text: &str,
    rows: usize,
    out: &mut dyn Write,
    more: &mut dyn FnMut(usize) -> MoreAnswer,
) -> io::Result<bool> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Too small a terminal to page in, or nothing to page.
    if rows < 5 || lines.len() < rows {
        return Ok(false);
    }
    let page = rows - 1;
    let mut at = 0;
    while at < lines.len() {
        let end = (at + page).min(lines.len());
        for line in &lines[at..end] {
            out.write_all(line.as_bytes())?;
        }
        out.flush()?;
        at = end;
        if at < lines.len() && more(lines.len() - at) == MoreAnswer::ToTheEnd {
            at = at.max(lines.len().saturating_sub(page));
        }
    }
    Ok(true)
}

/// What a line typed at `--More--` means: Enter, the next page; `q`, the end; anything
/// else is a command typed ahead, so the pager goes to the end and hands the line back
/// to be read as a command rather than losing it.
pub fn read_answer(answer: &str) -> (MoreAnswer, Option<String>) {
    let trimmed = answer.trim();
    if trimmed.is_empty() {
        (MoreAnswer::Next, None)
    } else if trimmed.eq_ignore_ascii_case("q") {
        (MoreAnswer::ToTheEnd, None)
    } else {
        (MoreAnswer::ToTheEnd, Some(answer.to_string()))
    }
}

/// The question between pages, within 80 columns.
pub fn more_prompt(left: usize) -> String {
    format!("--More-- ({left} more lines: Enter for the next page, q to skip to the end) ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(count: usize) -> String {
        (1..=count).map(|n| format!("line {n}\n")).collect()
    }

    #[test]
    fn text_that_fits_is_left_to_the_caller() {
        let mut out = Vec::new();
        let paged = page_through(&numbered(9), 10, &mut out, &mut |_| MoreAnswer::Next);
        assert!(!paged.unwrap());
        assert!(out.is_empty());
    }

    #[test]
    fn pages_are_a_screen_less_the_question_and_enter_shows_the_next() {
        let mut out = Vec::new();
        let mut asked = Vec::new();
        let paged = page_through(&numbered(10), 5, &mut out, &mut |left| {
            asked.push(left);
            MoreAnswer::Next
        });
        assert!(paged.unwrap());
        assert_eq!(String::from_utf8(out).unwrap(), numbered(10));
        assert_eq!(asked, vec![6, 2]);
    }

    #[test]
    fn q_skips_to_the_last_page_so_the_end_stays_on_screen() {
        let mut out = Vec::new();
        let paged = page_through(&numbered(30), 5, &mut out, &mut |_| MoreAnswer::ToTheEnd);
        assert!(paged.unwrap());
        let shown = String::from_utf8(out).unwrap();
        let expected: String =
            numbered(4) + &(27..=30).map(|n| format!("line {n}\n")).collect::<String>();
        assert_eq!(shown, expected);
    }

    #[test]
    fn a_command_typed_at_more_is_kept_not_lost() {
        assert_eq!(read_answer(""), (MoreAnswer::Next, None));
        assert_eq!(read_answer(" Q "), (MoreAnswer::ToTheEnd, None));
        assert_eq!(
            read_answer("stats"),
            (MoreAnswer::ToTheEnd, Some("stats".to_string()))
        );
    }

    #[test]
    fn the_question_fits_in_80_columns() {
        assert!(more_prompt(123_456).chars().count() <= 80);
    }

    #[test]
    fn an_external_pager_gets_the_text() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("paged.txt");
        run_external(&format!("cat > '{}'", file.display()), "hello\nworld\n").unwrap();
        assert_eq!(std::fs::read_to_string(file).unwrap(), "hello\nworld\n");
        assert!(run_external("exit 3", "x").is_err());
    }
}
