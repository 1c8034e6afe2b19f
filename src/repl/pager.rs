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

/// Whether `lines` lines need paging on a screen of `rows`: not when they fit with the
/// prompt, nor when a single line would be left over (stopping to show one line is worse
/// than letting one scroll), nor on a terminal too small to page in.
pub fn needs_paging(lines: usize, rows: usize) -> bool {
    rows >= 5 && lines > rows
}

/// The built-in pager: writes `blocks` (each a run of whole lines that belong together: a
/// board, a box, an event's sentences) to `out` a page of at most `rows - 1` lines at a
/// time and asks `more` between pages, telling it how many lines are left. A page ends
/// where a block starts (or after a blank line), so a board is never cut in two unless it
/// is taller than the screen; the last page is never a single line. Returns `false`,
/// with nothing written, when the blocks fit on the screen.
pub fn page_through(
    blocks: &[String],
    rows: usize,
    out: &mut dyn Write,
    more: &mut dyn FnMut(usize) -> MoreAnswer,
) -> io::Result<bool> {
    let (lines, starts) = lines_and_breaks(blocks);
    if !needs_paging(lines.len(), rows) {
        return Ok(false);
    }
    let page = rows - 1;
    let mut at = 0;
    while at < lines.len() {
        let end = page_end(&lines, &starts, at, page);
        for line in &lines[at..end] {
            out.write_all(line.as_bytes())?;
        }
        out.flush()?;
        at = end;
        if at < lines.len() && more(lines.len() - at) == MoreAnswer::ToTheEnd {
            at = last_page_start(&lines, at, page);
        }
    }
    Ok(true)
}

/// Every line of `blocks`, and whether a page may start at each line index (one entry
/// per line, plus one for the end): where a block starts or after a blank line.
fn lines_and_breaks(blocks: &[String]) -> (Vec<&str>, Vec<bool>) {
    let mut lines = Vec::new();
    let mut starts = Vec::new();
    for block in blocks {
        for (index, line) in block.split_inclusive('\n').enumerate() {
            let after_blank = lines
                .last()
                .is_some_and(|last: &&str| last.trim().is_empty());
            starts.push(index == 0 || after_blank);
            lines.push(line);
        }
    }
    starts.push(true);
    (lines, starts)
}

/// Where the page that starts at line `at` ends: everything left when at most a page
/// remains; else the last place a block starts within the page; else,
/// in a block taller than the page, before its last line that is not indented (a
/// sentence or a heading such as "The board:", where board rows and boxes are
/// indented); else a full page.
fn page_end(lines: &[&str], starts: &[bool], at: usize, page: usize) -> usize {
    let total = lines.len();
    if total - at <= page {
        return total;
    }
    // The page's lines and the prompt after the last page must fit the screen: one
    // line over a page is not shown at once (its first line would scroll away unseen),
    // and the page before it ends a line early so the last is never a single line.
    let limit = if total - at == page + 1 {
        at + page - 1
    } else {
        at + page
    };
    let unindented = |end: usize| !lines[end].starts_with(char::is_whitespace);
    // A page shows at least half a screen: a block taller than the rest of the page is
    // broken before a sentence of its own rather than leaving a page of one blank line.
    let half = at + (page / 2).max(1);
    (half..=limit)
        .rev()
        .find(|&end| starts[end])
        .or_else(|| (half..=limit).rev().find(|&end| unindented(end)))
        .or_else(|| (at + 1..=limit).rev().find(|&end| starts[end]))
        .unwrap_or(limit)
}

/// Where the last page starts when the learner skips to the end: a full page before the
/// end (less the blank lines it would begin with), so the end of every block on it is on
/// the screen. Starting at the next block start instead would hide the end of the block
/// before it: a training curve followed by a short sentence would show the sentence
/// alone.
fn last_page_start(lines: &[&str], at: usize, page: usize) -> usize {
    let total = lines.len();
    let earliest = at.max(total.saturating_sub(page));
    (earliest..total)
        .find(|&start| !lines[start].trim().is_empty())
        .unwrap_or(earliest)
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

/// What one key pressed at `--More--` in a terminal means, without waiting for Enter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyAnswer {
    /// This answer, at once: Enter or space the next page; `q`, Esc or Ctrl-C the end.
    Now(MoreAnswer),
    /// The first letter of a command typed ahead: the rest of its line is read with it,
    /// and the pager goes to the end and hands the line back, as [`read_answer`] does.
    TypedAhead(char),
}

/// The meaning of `key` at `--More--`.
pub fn key_answer(key: &console::Key) -> KeyAnswer {
    use console::Key;
    match key {
        Key::Enter | Key::Char(' ') | Key::PageDown | Key::ArrowDown => {
            KeyAnswer::Now(MoreAnswer::Next)
        }
        Key::Char(c) if !c.eq_ignore_ascii_case(&'q') && !c.is_control() => {
            KeyAnswer::TypedAhead(*c)
        }
        _ => KeyAnswer::Now(MoreAnswer::ToTheEnd),
    }
}

/// The question between pages, within 80 columns.
pub fn more_prompt(left: usize) -> String {
    let lines = if left == 1 { "line" } else { "lines" };
    format!("--More-- ({left} more {lines}: Enter or space for the next page, q to skip) ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_page_is_a_single_line_before_a_tall_block() {
        // A blank line, then a block taller than the page: the page is not that blank
        // line alone.
        let first = format!("{}\n", numbered(10));
        let tall: String = (1..=40).map(|n| format!("  row {n}\n")).collect();
        let tall = format!("A sentence.\n{tall}");
        let blocks = [first, tall];
        let (lines, starts) = lines_and_breaks(&blocks);
        let mut at = 0;
        while at < lines.len() {
            let end = page_end(&lines, &starts, at, 23);
            assert!(
                end - at >= 11 || end == lines.len(),
                "a page of {} lines at {at}",
                end - at
            );
            at = end;
        }
    }

    #[test]
    fn one_key_answers_more_without_enter() {
        use console::Key;
        assert_eq!(key_answer(&Key::Enter), KeyAnswer::Now(MoreAnswer::Next));
        assert_eq!(
            key_answer(&Key::Char(' ')),
            KeyAnswer::Now(MoreAnswer::Next)
        );
        for key in [Key::Char('q'), Key::Char('Q'), Key::Escape, Key::CtrlC] {
            assert_eq!(key_answer(&key), KeyAnswer::Now(MoreAnswer::ToTheEnd));
        }
        assert_eq!(key_answer(&Key::Char('s')), KeyAnswer::TypedAhead('s'));
        assert!(more_prompt(1234).chars().count() <= 79);
    }

    fn numbered(count: usize) -> String {
        numbered_from(1, count)
    }

    fn numbered_from(first: usize, count: usize) -> String {
        (first..first + count)
            .map(|n| format!("line {n}\n"))
            .collect()
    }

    /// Each line its own block: pages may break anywhere.
    fn single_lines(count: usize) -> Vec<String> {
        (1..=count).map(|n| format!("line {n}\n")).collect()
    }

    fn page(blocks: &[String], rows: usize, answer: MoreAnswer) -> (String, Vec<usize>) {
        let mut out = Vec::new();
        let mut asked = Vec::new();
        let paged = page_through(blocks, rows, &mut out, &mut |left| {
            asked.push(left);
            answer
        });
        assert!(paged.unwrap());
        (String::from_utf8(out).unwrap(), asked)
    }

    #[test]
    fn text_that_fits_is_left_to_the_caller() {
        let mut out = Vec::new();
        let paged = page_through(&single_lines(9), 10, &mut out, &mut |_| MoreAnswer::Next);
        assert!(!paged.unwrap());
        assert!(out.is_empty());
    }

    #[test]
    fn one_line_over_the_screen_is_not_worth_a_stop() {
        let mut out = Vec::new();
        let paged = page_through(&single_lines(10), 10, &mut out, &mut |_| MoreAnswer::Next);
        assert!(!paged.unwrap());
        assert!(!needs_paging(10, 10));
        assert!(needs_paging(11, 10));
    }

    #[test]
    fn pages_are_a_screen_less_the_question_and_enter_shows_the_next() {
        let (shown, asked) = page(&single_lines(11), 5, MoreAnswer::Next);
        assert_eq!(shown, numbered(11));
        assert_eq!(asked, vec![7, 3]);
    }

    #[test]
    fn the_last_page_is_never_a_single_line() {
        // 4 + 4 + 1 would stop for one line, and a last page of 5 lines and the prompt
        // would not fit a screen of 5 (its first line would scroll away unseen): the
        // second page ends a line early instead, 4 + 3 + 2.
        let (shown, asked) = page(&single_lines(9), 5, MoreAnswer::Next);
        assert_eq!(shown, numbered(9));
        assert_eq!(asked, vec![5, 2]);
    }

    #[test]
    fn a_page_breaks_before_a_board_not_inside_it() {
        // Three lines of sentences, a 6-line board, three more, on a screen of 8 (pages
        // of 7): the board would be cut after its fourth line, so the first page ends
        // before it and the second page is the board.
        let blocks = vec![
            numbered_from(1, 3),
            numbered_from(4, 6),
            numbered_from(10, 3),
        ];
        let (shown, asked) = page(&blocks, 8, MoreAnswer::Next);
        assert_eq!(shown, numbered(12));
        assert_eq!(asked, vec![9, 3]);
    }

    #[test]
    fn a_blank_line_inside_a_block_is_a_place_to_break() {
        let block = format!("{}\n{}", numbered_from(1, 3), numbered_from(4, 8));
        let (shown, asked) = page(std::slice::from_ref(&block), 8, MoreAnswer::Next);
        assert_eq!(shown, block);
        assert_eq!(asked, vec![8, 2]);
    }

    #[test]
    fn a_block_taller_than_the_screen_breaks_before_a_heading_in_it() {
        // MENACE's box and the board after its move, one block of 10 lines: the page
        // of 7 ends before "The board:", not inside the board.
        let board = |first: usize| -> String {
            (first..first + 4).map(|n| format!("  row {n}\n")).collect()
        };
        let block = format!("MENACE's box:\n{}The board:\n{}", board(1), board(5));
        let (shown, asked) = page(std::slice::from_ref(&block), 8, MoreAnswer::Next);
        assert_eq!(shown, block);
        assert_eq!(asked, vec![5]);
    }

    #[test]
    fn a_board_taller_than_the_screen_is_cut_at_a_full_page() {
        let (shown, asked) = page(&[numbered(12)], 5, MoreAnswer::Next);
        assert_eq!(shown, numbered(12));
        assert_eq!(asked, vec![8, 4]);
    }

    #[test]
    fn q_skips_to_the_last_page_so_the_end_stays_on_screen() {
        let (shown, _) = page(&single_lines(30), 5, MoreAnswer::ToTheEnd);
        let expected: String = numbered(4) + &numbered_from(27, 4);
        assert_eq!(shown, expected);
    }

    #[test]
    fn q_shows_the_end_of_every_block_on_the_last_page() {
        // Blocks of 3 lines: the last page of 4 begins with the end of a block, which
        // is shown rather than hidden.
        let blocks: Vec<String> = (0..10).map(|n| numbered_from(3 * n + 1, 3)).collect();
        let (shown, _) = page(&blocks, 5, MoreAnswer::ToTheEnd);
        let expected: String = numbered(3) + &numbered_from(27, 4);
        assert_eq!(shown, expected);
    }

    #[test]
    fn q_after_a_long_block_and_a_short_one_shows_both_ends() {
        // A curve of 30 lines, then the lesson's one-line verdict, on a screen of 24:
        // after q the last page is the curve's last 22 lines and the verdict, never the
        // verdict alone.
        let curve: String = (1..=30).map(|n| format!("  row {n}\n")).collect();
        let blocks = vec!["Training:\n".to_string(), curve, "Well done.\n".to_string()];
        let (shown, _) = page(&blocks, 24, MoreAnswer::ToTheEnd);
        assert!(
            shown.ends_with("  row 29\n  row 30\nWell done.\n"),
            "{shown}"
        );
        let last_page: Vec<&str> = shown.lines().rev().take(23).collect();
        assert_eq!(last_page.len(), 23);
        assert_eq!(last_page[22], "  row 9");
        // The end of every block is on the screen, whatever the length of the last.
        for rows in 5..30 {
            let (shown, _) = page(&blocks, rows, MoreAnswer::ToTheEnd);
            for block in &blocks {
                let end = block.lines().last().unwrap();
                assert!(shown.contains(end), "{rows} rows: {end} hidden in {shown}");
            }
        }
    }

    #[test]
    fn q_does_not_begin_the_last_page_with_blank_lines() {
        // 15 lines, pages of 5: the last page would begin with three blank lines.
        let blocks = vec![numbered(10), "\n\n\n".to_string(), numbered_from(11, 2)];
        let (shown, _) = page(&blocks, 6, MoreAnswer::ToTheEnd);
        assert_eq!(shown, numbered(5) + &numbered_from(11, 2));
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
    fn the_question_fits_in_80_columns_and_counts_in_english() {
        assert!(more_prompt(123_456).chars().count() <= 80);
        assert!(more_prompt(1).contains("(1 more line:"));
        assert!(more_prompt(2).contains("(2 more lines:"));
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
