//! Reading the manager's lines: one at a time, at most so long, as UTF-8 text, on a
//! thread of their own so that `END` is seen while the brain thinks; and the body of a
//! `BOARD` up to its `DONE`.

use super::MAX_SIZE;
use super::command::{self, Command};
use std::io::{self, BufRead};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

/// The manager's lines, read on a thread of their own and handed over in order; the
/// lines end at the end of input (or input that cannot be read). When `END` or the end
/// of input is read, `stop` is raised at once: the manager is done, so a think in
/// progress gives its best move so far instead of using all its time (a manager waits
/// about a second after `END` before it kills the brain).
pub(super) fn lines(
    mut input: impl BufRead + Send + 'static,
    stop: Arc<AtomicBool>,
) -> Receiver<Result<String, String>> {
    let (sender, receiver) = mpsc::channel();
    let reader = move || {
        // Until the end of input, or input that cannot be read.
        while let Ok(Some(line)) = read_line(&mut input) {
            let end = matches!(
                line.as_deref().map(command::parse),
                Ok(Ok(Some(Command::End)))
            );
            if sender.send(line).is_err() {
                return;
            }
            if end {
                stop.store(true, Ordering::SeqCst);
            }
        }
        stop.store(true, Ordering::SeqCst);
    };
    // With no thread to read on, the reader is dropped with its end of the channel: the
    // brain sees no lines and ends, as at the end of input.
    let _ = std::thread::Builder::new().spawn(reader);
    receiver
}

/// The longest line read whole; a longer one is answered with `ERROR` and skipped.
const LONGEST_LINE: usize = 4096;

/// One line without its line ending: `None` at the end of input, `Some(Err)` for a line
/// that is too long or not UTF-8 (read to its end and dropped).
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Result<String, String>>> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let (chunk, used, ended) = match buffer.iter().position(|b| *b == b'\n') {
            Some(end) => (&buffer[..end], end + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if bytes.len() + chunk.len() > LONGEST_LINE {
            too_long = true;
        } else {
            bytes.extend_from_slice(chunk);
        }
        input.consume(used);
        if ended {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(format!(
            "a line of more than {LONGEST_LINE} bytes is not a command"
        ))));
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(mut line) => {
            line.truncate(line.trim_end_matches('\r').len());
            Ok(line)
        }
        Err(_) => Err("a line that is not UTF-8 text is not a command".into()),
    }))
}

/// The lines of a `BOARD`-like body.
pub(super) enum Block {
    /// Up to `DONE` (the body's lines, or why one could not be read).
    Done(Vec<Result<String, String>>),
    /// `END` or the end of input came first.
    Ended,
}

/// Reads the lines up to `DONE`. A body longer than any board could need is still read
/// to its end, but only its first lines are kept.
pub(super) fn read_block(input: &mut impl Iterator<Item = Result<String, String>>) -> Block {
    let mut lines = Vec::new();
    loop {
        let Some(line) = input.next() else {
            return Block::Ended;
        };
        if let Ok(text) = &line {
            let word = text.trim();
            if word.eq_ignore_ascii_case("DONE") {
                return Block::Done(lines);
            }
            if word.eq_ignore_ascii_case("END") {
                return Block::Ended;
            }
            if word.is_empty() {
                continue;
            }
        }
        if lines.len() <= usize::from(MAX_SIZE) * usize::from(MAX_SIZE) {
            lines.push(line);
        }
    }
}
