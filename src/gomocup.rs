//! `menace gomocup`: the gomoku bots as a brain of the Gomocup (Piskvork) protocol, so
//! that match managers (piskvork, c-gomoku-cli, Gomocup's judge) can play them. A thin
//! front end, like the console: it reads the manager's lines from standard input and
//! answers on standard output, one flushed line at a time, and never writes to standard
//! error (some managers read a brain's standard error as if it were its answers).
//!
//! Coordinates are `X,Y` from 0: X the column from the left, Y the row from the top,
//! the order `Gomoku::index` takes. Answers: a move `X,Y`; `OK`; `ERROR sentence` for
//! what the brain cannot do (the line changes nothing); `UNKNOWN sentence` for a command
//! it does not know; `MESSAGE sentence` for what the manager may show.
//!
//! `input` reads the lines, `command` parses one, `table` keeps the game and `search`
//! times the bots and runs them; this file is the brain that answers.

mod command;
mod input;
mod search;
mod table;

use crate::ai::gomoku::attack;
use crate::game::Game;
use crate::game::gomoku::{GomokuRules, MAX_SIZE, MIN_SIZE};
use command::{Command, Info};
use input::{Block, read_block};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search::{Clock, Search, choose};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use table::{Table, board_table, takeback};

/// Which bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    /// The gomoku bot article's attack weights: instant.
    Attack,
    /// Threat-space search within the time a move.
    Threats,
}

impl Bot {
    /// `attack` or `threats`.
    pub fn parse(name: &str) -> Option<Bot> {
        match name.to_ascii_lowercase().as_str() {
            "attack" => Some(Bot::Attack),
            "threats" => Some(Bot::Threats),
            _ => None,
        }
    }
}

/// Rule bits: exactly five wins; renju.
const EXACTLY_FIVE: u32 = 1;
const RENJU: u32 = 4;

/// Serves the protocol on the process's standard input and output until `END` or the
/// end of input. A panic is kept off standard error (a manager could take it for an
/// answer): a bot that panics is replaced for that move, see `search::choose`.
pub fn serve_stdio(bot: Bot, seed: u64) {
    std::panic::set_hook(Box::new(|_| {}));
    let stdout = io::stdout();
    // A closed output means the manager has gone: nothing is left to tell anyone.
    let _ = serve(io::BufReader::new(io::stdin()), stdout.lock(), bot, seed);
}

/// Answers the commands read from `input` on `output` until `END` or the end of input.
/// The lines are read on a thread of their own: `END` (or the end of input) that comes
/// while the brain thinks stops the think, so the brain exits within a moment.
pub fn serve(
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
    bot: Bot,
    seed: u64,
) -> io::Result<()> {
    let mut brain = Brain::new(bot, seed);
    let mut input = input::lines(input, Arc::clone(&brain.stop)).into_iter();
    loop {
        // The end of input, or input that cannot be read: the manager has gone.
        let Some(line) = input.next() else {
            return Ok(());
        };
        let received = Instant::now();
        let answers = match line.and_then(|line| command::parse(&line)) {
            Ok(None) => continue,
            Ok(Some(Command::End)) => return Ok(()),
            Ok(Some(Command::Board)) => match read_block(&mut input) {
                Block::Done(lines) => brain.board(&lines, received),
                Block::Ended => return Ok(()),
            },
            Ok(Some(Command::UnknownBlock(word))) => match read_block(&mut input) {
                Block::Done(_) => vec![format!("UNKNOWN {word} is not supported")],
                Block::Ended => return Ok(()),
            },
            Ok(Some(command)) => brain.handle(command, received),
            Err(why) => vec![format!("ERROR {why}")],
        };
        for answer in answers {
            writeln!(output, "{answer}")?;
        }
        output.flush()?;
    }
}

/// The brain: the rules and clock the manager set, the game, the bot and its dice.
struct Brain {
    bot: Bot,
    rng: ChaCha8Rng,
    /// `None` until `START`.
    table: Option<Table>,
    rule: u32,
    clock: Clock,
    search: Search,
    /// `MESSAGE` lines to send before the next move (never before `ABOUT`'s answer).
    notes: Vec<String>,
    /// Raised when `END` or the end of input is read: a think stops at once.
    stop: Arc<AtomicBool>,
}

impl Brain {
    fn new(bot: Bot, seed: u64) -> Brain {
        Brain {
            bot,
            rng: ChaCha8Rng::seed_from_u64(seed),
            table: None,
            rule: 0,
            clock: Clock::default(),
            search: Search::default(),
            notes: Vec::new(),
            stop: Arc::default(),
        }
    }

    /// The rules of a game of side `size` under the rule bits last given.
    fn rules(&self, size: u8) -> GomokuRules {
        let mut rules = GomokuRules::freestyle(size);
        if self.rule & RENJU != 0 {
            rules.renju = true;
        } else if self.rule & EXACTLY_FIVE != 0 {
            rules.exactly_five = true;
        }
        rules
    }

    /// The answer lines to one command (`BOARD` and `END` are the caller's).
    fn handle(&mut self, command: Command, received: Instant) -> Vec<String> {
        match command {
            Command::About => vec![format!(
                "name=\"menace\", version=\"{}\", author=\"menace maintainers\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )],
            Command::Start(size) => self.start(size),
            Command::RectStart(width, height) if width == height => self.start(width),
            Command::RectStart(width, height) => vec![format!(
                "ERROR unsupported board {width}x{height}: menace plays square boards only"
            )],
            Command::Restart => match &self.table {
                Some(table) => {
                    self.table = Some(Table::new(self.rules(table.game.rules().size)));
                    vec!["OK".into()]
                }
                None => before_start("RESTART"),
            },
            Command::Info(info) => self.info(info),
            Command::Begin => match &self.table {
                None => before_start("BEGIN"),
                Some(table) if table.game.stones() > 0 => {
                    vec!["ERROR BEGIN opens an empty board, and this one has stones".into()]
                }
                Some(_) => self.reply(received),
            },
            Command::Turn(x, y) => {
                let Some(table) = self.table.as_mut() else {
                    return before_start("TURN");
                };
                let placed = table.cell(x, y).and_then(|cell| table.play(cell));
                match placed {
                    Ok(()) => self.reply(received),
                    Err(why) => vec![format!("ERROR {why}")],
                }
            }
            Command::Play(x, y) => {
                let Some(table) = self.table.as_mut() else {
                    return before_start("PLAY");
                };
                match table.cell(x, y).and_then(|cell| table.play(cell)) {
                    Ok(()) => vec![format!("{x},{y}")],
                    Err(why) => vec![format!("ERROR {why}")],
                }
            }
            Command::Takeback(x, y) => {
                let Some(table) = self.table.as_mut() else {
                    return before_start("TAKEBACK");
                };
                match takeback(table, x, y) {
                    Ok(rebuilt) => {
                        *table = rebuilt;
                        vec!["OK".into()]
                    }
                    Err(why) => vec![format!("ERROR {why}")],
                }
            }
            Command::Unknown(word) => vec![format!("UNKNOWN {word} is not a command menace knows")],
            // The caller reads these with their bodies.
            Command::Board | Command::UnknownBlock(_) | Command::End => Vec::new(),
        }
    }

    /// `START N`: a new game, whatever was being played.
    fn start(&mut self, size: u32) -> Vec<String> {
        match u8::try_from(size) {
            Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => {
                self.table = Some(Table::new(self.rules(size)));
                vec!["OK".into()]
            }
            _ => vec![format!(
                "ERROR unsupported size {size}: menace plays square boards of {MIN_SIZE} to {MAX_SIZE} lines"
            )],
        }
    }

    /// `INFO`: remembered, and no answer (a rule menace cannot play gets a `MESSAGE`
    /// before its next move).
    fn info(&mut self, info: Info) -> Vec<String> {
        match info {
            Info::TimeoutTurn(ms) => self.clock.turn = Some(ms),
            Info::TimeoutMatch(ms) => self.clock.whole_match = Some(ms),
            Info::TimeLeft(ms) => self.clock.left = Some(ms),
            Info::MaxMemory(_) | Info::Ignored => {}
            Info::Unreadable(why) => {
                let note = format!("MESSAGE {why}; the line was ignored");
                if !self.notes.contains(&note) {
                    self.notes.push(note);
                }
            }
            Info::Rule(bits) => self.set_rule(bits),
        }
        Vec::new()
    }

    fn set_rule(&mut self, bits: u32) {
        let old = self.rule;
        self.rule = bits;
        let unknown = bits & !(EXACTLY_FIVE | RENJU);
        let played = match (bits & RENJU != 0, bits & EXACTLY_FIVE != 0) {
            (true, _) => "renju",
            (false, true) => "exactly five",
            (false, false) => "free-style",
        };
        if unknown != 0 {
            let names: Vec<&str> = [(2, "continuous game"), (8, "caro")]
                .iter()
                .filter(|(bit, _)| unknown & bit != 0)
                .map(|(_, name)| *name)
                .collect();
            let names = if names.is_empty() {
                format!("bits {unknown}")
            } else {
                names.join(" and ")
            };
            let note = format!("MESSAGE rule {bits}: {names} not supported; menace plays {played}");
            // Told once before the next move, however often the rule is sent.
            if !self.notes.contains(&note) {
                self.notes.push(note);
            }
        }
        let Some(table) = &self.table else {
            return;
        };
        let rules = self.rules(table.game.rules().size);
        if rules == table.game.rules() {
            return;
        }
        match table.with_rules(rules) {
            Ok(rebuilt) => self.table = Some(rebuilt),
            Err(why) => {
                self.rule = old;
                self.notes.push(format!(
                    "MESSAGE rule {bits} not taken for this game: {why}"
                ));
            }
        }
    }

    /// `BOARD … DONE`: the whole position, then the brain's move.
    fn board(&mut self, lines: &[Result<String, String>], received: Instant) -> Vec<String> {
        let Some(table) = &self.table else {
            return before_start("BOARD");
        };
        match board_table(table, lines, self.rules(table.game.rules().size)) {
            Ok(rebuilt) => {
                self.table = Some(rebuilt);
                self.reply(received)
            }
            Err(why) => vec![format!("ERROR {why}")],
        }
    }

    /// The bot's move, played and answered as `X,Y` after any notes.
    fn reply(&mut self, received: Instant) -> Vec<String> {
        let Some(table) = self.table.as_ref() else {
            return before_start("a move");
        };
        if table.game.is_over() {
            return vec!["ERROR the game is over: there is no move to make".into()];
        }
        let (cell, trouble) = match self.bot {
            Bot::Attack => choose(&table.game, |game| attack::choose(game, &mut self.rng)),
            Bot::Threats => self.search.choose(
                &table.game,
                &mut self.rng,
                &self.clock,
                received,
                &self.stop,
            ),
        };
        let mut answers = std::mem::take(&mut self.notes);
        answers.extend(trouble);
        let Some(table) = self.table.as_mut() else {
            return answers;
        };
        match cell.map(|cell| (cell, table.play(cell))) {
            Some((cell, Ok(()))) => answers.push(table.coordinates(cell)),
            Some((_, Err(why))) => {
                answers.push(format!("ERROR menace chose a move it cannot play: {why}"))
            }
            None => answers.push("ERROR there is no move to make".into()),
        }
        answers
    }
}

fn before_start(what: &str) -> Vec<String> {
    vec![format!("ERROR {what} before START: there is no board yet")]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_in_memory_answers_line_by_line() {
        let input = "ABOUT\nSTART 15\nINFO rule 1\nBEGIN\nTURN 0,0\nEND\nBEGIN\n";
        let mut output = Vec::new();
        serve(input.as_bytes(), &mut output, Bot::Attack, 1).unwrap();
        let text = String::from_utf8(output).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert!(lines[0].starts_with("name=\"menace\""));
        assert_eq!(lines[1..3], ["OK", "7,7"]);
        assert!(coordinates_of(lines[3]));
    }

    fn coordinates_of(line: &str) -> bool {
        command::parse(&format!("TURN {line}")).is_ok()
    }
}
