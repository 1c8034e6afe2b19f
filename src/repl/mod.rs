//! The console: the only code that reads the terminal. A line comes in through a
//! [`LineSource`], becomes a [`command::Command`], the [`Session`] acts on it and
//! returns events, and [`render`] turns them into the text that goes out.

pub mod board;
pub mod counts;
pub mod help;
mod history;
pub mod lesson_text;
pub mod long_run;
pub mod move_picture;
pub mod pager;
pub mod render;
pub mod solved;
pub mod text;
pub mod weights;

use crate::app::{Event, command};
use crate::lesson::{Said, Tutor};

use render::Palette;
use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{
    Cmd, ConditionalEventHandler, Context, Editor, EventContext, EventHandler, Helper, Highlighter,
    Hinter, KeyCode, KeyEvent, Modifiers, RepeatCount, Validator,
};
use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;

/// The prompt, the same for every line.
pub const PROMPT: &str = "menace> ";

/// One read from the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// Ctrl-C: the line is abandoned.
    Interrupted,
    /// Ctrl-D or the end of piped input.
    End,
    /// A line that could not be read as text; `String` says why. Reading goes on.
    Unreadable(String),
    /// Reading itself failed (standard input is a folder, the terminal hung up): no
    /// further line can come, so the session ends; `String` says why.
    Failed(String),
}

/// How a console run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// `quit`, or the end of the input.
    Normally,
    /// The input failed; the sentence says how. The program exits non-zero.
    InputFailed(String),
}

/// Where lines come from. `echo` says whether the console must print the prompt and the
/// line itself, because the source shows neither (piped input, scripted tests).
pub trait LineSource {
    fn read_line(&mut self, prompt: &str) -> Input;
    fn echo(&self) -> bool;
    /// Whether a person is at the keys: then the end of input (Ctrl-D) is a request to
    /// leave that may be asked about, not the end of a script.
    fn interactive(&self) -> bool {
        !self.echo()
    }
    /// The moves Tab may complete to at the next line (the game's legal moves on your
    /// turn). Sources without completion ignore them.
    fn offer_moves(&mut self, moves: Vec<String>) {
        let _ = moves;
    }
    /// Shows `blocks` (text in the pieces a page break must not cut, see
    /// [`pager::page_through`]) through a pager if they are longer than the screen a
    /// person is looking at; `false` (nothing written) leaves them to the caller. Piped
    /// and scripted sources never page.
    fn page(&mut self, blocks: &[String], out: &mut dyn Write) -> io::Result<bool> {
        let _ = (blocks, out);
        Ok(false)
    }
}

/// Lines given in advance, for tests and demonstrations; echoed like piped input.
#[derive(Debug, Clone, Default)]
pub struct Script {
    lines: VecDeque<String>,
}

impl Script {
    pub fn new<I, S>(lines: I) -> Script
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Script {
            lines: lines.into_iter().map(Into::into).collect(),
        }
    }
}

impl LineSource for Script {
    fn read_line(&mut self, _prompt: &str) -> Input {
        self.lines.pop_front().map_or(Input::End, Input::Line)
    }

    fn echo(&self) -> bool {
        true
    }
}

/// Standard input that is not a terminal: read plainly, bytes checked for UTF-8 here so a
/// bad line is refused without ending the session.
pub struct PipedInput<R: BufRead> {
    reader: R,
}

impl<R: BufRead> PipedInput<R> {
    pub fn new(reader: R) -> Self {
        PipedInput { reader }
    }
}

impl<R: BufRead> LineSource for PipedInput<R> {
    fn read_line(&mut self, _prompt: &str) -> Input {
        let mut bytes = Vec::new();
        // Read at most a little past the longest command; the rest of a huge line is
        // skipped without holding it in memory.
        let limit = (command::MAX_LINE * 4 + 2) as u64;
        match Read::by_ref(&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) => Input::End,
            Ok(_) => {
                let complete = bytes.ends_with(b"\n");
                let mut skipped = 0usize;
                if !complete && bytes.len() as u64 == limit {
                    let mut rest = Vec::new();
                    while let Ok(read) = Read::by_ref(&mut self.reader)
                        .take(64 * 1024)
                        .read_until(b'\n', &mut rest)
                    {
                        skipped += rest.len();
                        if read == 0 || rest.ends_with(b"\n") {
                            break;
                        }
                        rest.clear();
                    }
                }
                while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                    bytes.pop();
                }
                if skipped > 0 {
                    return Input::Unreadable(format!(
                        "That line is over {} characters long; commands are at most {}.",
                        command::MAX_LINE,
                        command::MAX_LINE
                    ));
                }
                match String::from_utf8(bytes) {
                    Ok(line) => Input::Line(line),
                    Err(_) => Input::Unreadable("That line is not UTF-8 text.".into()),
                }
            }
            // (`read_until` itself retries reads interrupted by a signal.)
            Err(error) => Input::Failed(format!("standard input could not be read ({error})")),
        }
    }

    fn echo(&self) -> bool {
        true
    }
}

/// Completes command words and the legal moves of the game in progress with Tab.
#[derive(Helper, Hinter, Highlighter, Validator, Default)]
pub struct MenaceHelper {
    moves: Vec<String>,
}

impl Completer for MenaceHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _context: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before.rfind(' ').map_or(0, |space| space + 1);
        let word = &before[start..];
        let first_word = !before[..start].chars().any(|c| !c.is_whitespace());
        let mut candidates: Vec<String> = Vec::new();
        if first_word {
            candidates.extend(command::COMMANDS.iter().map(|c| c.name.to_string()));
            candidates.extend(self.moves.iter().cloned());
        } else if before.trim_start().starts_with("preset") {
            candidates.extend(["challenge", "michie", "custom"].map(String::from));
        } else if before.trim_start().starts_with("variant ")
            && start == before.find(' ').map_or(0, |space| space + 1)
        {
            candidates.extend(crate::registry::names().into_iter().map(String::from));
        } else if let Some(first) = before.split_whitespace().next()
            && ["vs", "against", "opponent", "hint"].contains(&first)
        {
            candidates.extend(crate::players::names().map(String::from));
        }
        let matches = candidates
            .into_iter()
            .filter(|candidate| {
                candidate
                    .to_ascii_lowercase()
                    .starts_with(&word.to_ascii_lowercase())
            })
            .map(|candidate| Pair {
                display: candidate.clone(),
                replacement: candidate,
            })
            .collect();
        Ok((start, matches))
    }
}

/// A terminal, through rustyline: line editing, history kept in a file, Tab completion.
pub struct TerminalInput {
    editor: Editor<MenaceHelper, FileHistory>,
    history: Option<PathBuf>,
    /// A command typed at `--More--` instead of Enter or q: the pager skips to the end
    /// and the line is then read as if typed at the prompt, so it is not lost.
    typed_at_more: Option<String>,
}

/// The largest history file read at start: 1,000 lines of at most [`command::MAX_LINE`]
/// characters, with room to spare.
const MAX_HISTORY_BYTES: u64 = 1024 * 1024;

/// Typing (or a flood of keys) stops adding characters once the line is this long: the
/// editor redraws the whole line on every key, so a pasted megabyte would take minutes.
/// A little over the longest command, so an over-long line is still seen and refused.
const EDITOR_LINE_LIMIT: usize = command::MAX_LINE + 20;
const _: () = assert!(
    EDITOR_LINE_LIMIT > command::MAX_LINE,
    "too long is still seen"
);

/// Ignores printable keys once the line is [`EDITOR_LINE_LIMIT`] long (editing keys still
/// work, so the line can be shortened).
struct LineLimit;

impl ConditionalEventHandler for LineLimit {
    fn handle(
        &self,
        event: &rustyline::Event,
        _count: RepeatCount,
        _positive: bool,
        context: &EventContext,
    ) -> Option<Cmd> {
        ignores_key(event.get(0), context.line()).then_some(Cmd::Noop)
    }
}

/// Whether `key` would only make a line that is already too long longer.
fn ignores_key(key: Option<&KeyEvent>, line: &str) -> bool {
    let typing = matches!(
        key,
        Some(KeyEvent(
            KeyCode::Char(_),
            Modifiers::NONE | Modifiers::SHIFT
        ))
    );
    typing && line.chars().count() >= EDITOR_LINE_LIMIT
}

impl TerminalInput {
    /// `history`: the file that keeps past lines between sessions, if any. A history
    /// that is not a regular file of reasonable size is neither read nor written; the
    /// sentence returned beside the input says so.
    pub fn new(history: Option<PathBuf>) -> rustyline::Result<(TerminalInput, Option<String>)> {
        let config = rustyline::Config::builder()
            .auto_add_history(false)
            .max_history_size(1000)?
            .build();
        let mut editor = Editor::with_config(config)?;
        editor.set_helper(Some(MenaceHelper::default()));
        editor.bind_sequence(
            rustyline::Event::Any,
            EventHandler::Conditional(Box::new(LineLimit)),
        );
        let mut warning = None;
        let history = history.filter(|path| {
            match crate::files::read_text(path, MAX_HISTORY_BYTES) {
                // Read by the editor itself: checked first so it cannot block or balloon.
                Ok(_) => {
                    let loaded = editor.load_history(path).is_ok();
                    history::clean(&mut editor);
                    loaded
                }
                // A missing history file is normal the first time.
                Err(crate::files::ReadProblem::Missing) => true,
                Err(problem) => {
                    warning = Some(format!(
                        "The line history {} is not used: {problem}.",
                        crate::files::shown(&path.display().to_string(), 100)
                    ));
                    false
                }
            }
        });
        Ok((
            TerminalInput {
                editor,
                history,
                typed_at_more: None,
            },
            warning,
        ))
    }

    /// Writes the history file; failing to is not worth stopping for.
    pub fn save_history(&mut self) {
        if let Some(path) = &self.history {
            if let Some(folder) = path.parent() {
                let _ = std::fs::create_dir_all(folder);
            }
            let _ = self.editor.save_history(path);
        }
    }
}

impl LineSource for TerminalInput {
    fn read_line(&mut self, prompt: &str) -> Input {
        if let Some(line) = self.typed_at_more.take() {
            return Input::Line(line);
        }
        match self.editor.readline(prompt) {
            Ok(line) => {
                // Only lines that can be commands are remembered: a refused giant paste
                // is not written to the history file.
                if !line.trim().is_empty() && line.chars().count() <= command::MAX_LINE {
                    let _ = self.editor.add_history_entry(history::entry(&line));
                }
                Input::Line(line)
            }
            Err(ReadlineError::Interrupted) => Input::Interrupted,
            Err(ReadlineError::Eof) => Input::End,
            Err(error) => Input::Failed(format!("the terminal could not be read ({error})")),
        }
    }

    fn echo(&self) -> bool {
        false
    }

    fn offer_moves(&mut self, moves: Vec<String>) {
        if let Some(helper) = self.editor.helper_mut() {
            helper.moves = moves;
        }
    }

    fn page(&mut self, blocks: &[String], out: &mut dyn Write) -> io::Result<bool> {
        use std::io::IsTerminal;
        if !io::stdout().is_terminal() {
            return Ok(false);
        }
        let (rows, _) = console::Term::stdout().size();
        let rows = usize::from(rows);
        let lines: usize = blocks.iter().map(|block| block.lines().count()).sum();
        if !pager::needs_paging(lines, rows) {
            return Ok(false);
        }
        if let Some(pager) = pager::external()
            && pager::run_external(&pager, &blocks.concat()).is_ok()
        {
            return Ok(true);
        }
        let editor = &mut self.editor;
        let typed = &mut self.typed_at_more;
        let term = console::Term::stdout();
        // One key answers: Enter or space, the next page; q, the end. A letter of a
        // command typed ahead starts a line read with the editor, kept as the next command.
        pager::page_through(blocks, rows, out, &mut |left| {
            let prompt = pager::more_prompt(left);
            if term.write_str(&prompt).and_then(|()| term.flush()).is_err() {
                return pager::MoreAnswer::ToTheEnd;
            }
            let key = term.read_key();
            let _ = term.clear_line();
            match key.map(|key| pager::key_answer(&key)) {
                Ok(pager::KeyAnswer::Now(answer)) => answer,
                Ok(pager::KeyAnswer::TypedAhead(first)) => {
                    let start = first.to_string();
                    match editor.readline_with_initial(&prompt, (&start, "")) {
                        Ok(answer) => {
                            let (answer, line) = pager::read_answer(&answer);
                            *typed = line;
                            answer
                        }
                        Err(_) => pager::MoreAnswer::ToTheEnd,
                    }
                }
                Err(_) => pager::MoreAnswer::ToTheEnd,
            }
        })
    }
}

/// Runs the console until the input ends, fails, or the user quits. Output errors end it.
pub fn run(
    session: &mut Tutor,
    input: &mut dyn LineSource,
    out: &mut dyn Write,
    palette: Palette,
) -> io::Result<Ended> {
    while !session.is_finished() {
        let read = input.read_line(PROMPT);
        // Ctrl-C stops the command running when it comes (see `long_run::Interrupts`);
        // one that came while waiting for this line stops nothing.
        crate::stop::clear();
        if input.echo() {
            match &read {
                Input::Line(line) => writeln!(out, "{PROMPT}{}", printable(line))?,
                Input::Failed(_) => {}
                _ => writeln!(out, "{PROMPT}")?,
            }
        }
        let said = match read {
            Input::Line(line) => session.handle_line(&line),
            Input::Interrupted => {
                writeln!(out, "(line abandoned; Ctrl-D or quit leaves)")?;
                continue;
            }
            // Ctrl-D at the keys asks like `quit` when learning is unsaved; the end of a
            // script or pipe cannot be answered, so it ends the session.
            Input::End if input.interactive() => told(session.leave()),
            Input::End => told(session.end_of_input()),
            Input::Unreadable(why) => told(vec![Event::Refusal(why)]),
            Input::Failed(why) => {
                let events = session.end_of_input();
                out.write_all(render::events(&events, palette).as_bytes())?;
                out.flush()?;
                return Ok(Ended::InputFailed(why));
            }
        };
        // A search's status line, if one was drawn, goes before the answer is written.
        crate::stop::searches_ended();
        let mut blocks = render::said_blocks(&said, palette);
        if crate::stop::raised()
            && input.interactive()
            && let Some(first) = blocks.first_mut()
        {
            // The terminal echoed the Ctrl-C key as `^C` where the answer starts: the
            // answer is written over it.
            first.insert(0, '\r');
        }
        if !input.page(&blocks, out)? {
            out.write_all(blocks.concat().as_bytes())?;
        }
        out.flush()?;
        input.offer_moves(session.your_moves());
    }
    Ok(Ended::Normally)
}

/// A line as echoed: escaped as every text from outside is ([`crate::files::shown`]:
/// control characters and direction overrides written out, so nothing reaches the screen
/// that rewrites or reorders it), and very long lines cut short.
fn printable(line: &str) -> String {
    crate::files::shown(line, command::MAX_LINE)
}

/// One line typed into the console, and everything it prints, as a piped session shows
/// it: the prompt and the line echoed, then the answer (without colour).
pub fn respond(session: &mut Tutor, line: &str) -> String {
    respond_with_events(session, line).0
}

/// [`respond`], also handing back what was said behind the text.
pub fn respond_with_events(session: &mut Tutor, line: &str) -> (String, Vec<Said>) {
    let mut text = format!("{PROMPT}{}\n", printable(line));
    let said = session.handle_line(line);
    text.push_str(&render::said(&said, Palette::PLAIN));
    (text, said)
}

/// The session's own events, as said to the console.
fn told(events: Vec<Event>) -> Vec<Said> {
    events.into_iter().map(Said::Session).collect()
}

/// A whole session from scripted lines, as the console would print it (without colour).
/// Tests and the lessons use this.
pub fn transcript<I, S>(session: &mut Tutor, lines: I) -> String
where
    I: IntoIterator<Item = S>,
    S: Into<String>,
{
    let mut out = Vec::new();
    let mut script = Script::new(lines);
    // Writing to a Vec cannot fail.
    let _ = run(session, &mut script, &mut out, Palette::PLAIN);
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests;
