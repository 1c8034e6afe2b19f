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

mod command;

use crate::ai::gomoku::attack;
use crate::ai::gomoku::threats::Threats;
use crate::game::Game;
use crate::game::gomoku::renju::EMPTY;
use crate::game::gomoku::{Colour, Gomoku, GomokuRules, MAX_SIZE, MIN_SIZE, SWAP};
use command::{BoardLine, Command, Info};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Which bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bot {
    /// Seed 003's attack weights: instant.
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

/// The longest line read whole; a longer one is answered with `ERROR` and skipped.
const LONGEST_LINE: usize = 4096;
/// Rule bits: exactly five wins; renju.
const EXACTLY_FIVE: u32 = 1;
const RENJU: u32 = 4;

/// Serves the protocol on the process's standard input and output until `END` or the
/// end of input. A panic is kept off standard error (a manager could take it for an
/// answer): a bot that panics is replaced for that move, see `Brain::choose`.
pub fn serve_stdio(bot: Bot, seed: u64) {
    std::panic::set_hook(Box::new(|_| {}));
    let stdin = io::stdin();
    let stdout = io::stdout();
    // A closed output means the manager has gone: nothing is left to tell anyone.
    let _ = serve(stdin.lock(), stdout.lock(), bot, seed);
}

/// Answers the commands read from `input` on `output` until `END` or the end of input.
pub fn serve(
    mut input: impl BufRead,
    mut output: impl Write,
    bot: Bot,
    seed: u64,
) -> io::Result<()> {
    let mut brain = Brain::new(bot, seed);
    loop {
        let line = match read_line(&mut input) {
            Ok(Some(line)) => line,
            // The end of input, or input that cannot be read: the manager has gone.
            Ok(None) | Err(_) => return Ok(()),
        };
        let received = Instant::now();
        let answers = match line.and_then(|line| command::parse(&line)) {
            Ok(None) => continue,
            Ok(Some(Command::End)) => return Ok(()),
            Ok(Some(Command::Board)) => match read_block(&mut input)? {
                Block::Done(lines) => brain.board(&lines, received),
                Block::Ended => return Ok(()),
            },
            Ok(Some(Command::UnknownBlock(word))) => match read_block(&mut input)? {
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
enum Block {
    /// Up to `DONE` (the body's lines, or why one could not be read).
    Done(Vec<Result<String, String>>),
    /// `END` or the end of input came first.
    Ended,
}

/// Reads the lines up to `DONE`. A body longer than any board could need is still read
/// to its end, but only its first lines are kept.
fn read_block(input: &mut impl BufRead) -> io::Result<Block> {
    let mut lines = Vec::new();
    loop {
        let line = match read_line(input) {
            Ok(Some(line)) => line,
            Ok(None) | Err(_) => return Ok(Block::Ended),
        };
        if let Ok(text) = &line {
            let word = text.trim();
            if word.eq_ignore_ascii_case("DONE") {
                return Ok(Block::Done(lines));
            }
            if word.eq_ignore_ascii_case("END") {
                return Ok(Block::Ended);
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

/// The manager's clock, as `INFO` last told it (milliseconds).
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    turn: Option<u64>,
    whole_match: Option<u64>,
    left: Option<u64>,
}

impl Clock {
    /// The time a move from the manager's clock: the time a move, or a twentieth of what
    /// is left of the match if that is less. One second if nothing was said, 0 (as fast
    /// as possible) taken as 100 ms.
    fn turn(&self) -> Duration {
        let turn = match self.turn {
            None => 1000,
            Some(0) => 100,
            Some(ms) => ms,
        };
        let share = match (self.whole_match, self.left) {
            // A match without a limit: the time left means nothing.
            (Some(0), _) | (_, None) => u64::MAX,
            (_, Some(left)) => left / 20,
        };
        // An hour at most: a search needs no more, and a clock far in the future would
        // overflow.
        Duration::from_millis(turn.min(share).min(3_600_000))
    }

    /// The time the threat search is given: the time a move less a safety margin of
    /// 15% and at least 50 ms (the answer still has to reach the manager).
    fn budget(&self) -> Duration {
        let whole = self.turn();
        whole
            .saturating_sub((whole * 15 / 100).max(Duration::from_millis(50)))
            .max(Duration::from_millis(10))
    }

    /// When the brain stops waiting for a search that overruns its budget: 7% and at
    /// least 30 ms before the time a move is up.
    fn limit(&self) -> Duration {
        let whole = self.turn();
        whole
            .saturating_sub((whole * 7 / 100).max(Duration::from_millis(30)))
            .max(self.budget())
    }
}

/// A game in progress: its position and the stones of each colour, kept so that a
/// stone can be taken back or the rules changed by rebuilding the position.
#[derive(Debug, Clone)]
struct Table {
    game: Gomoku,
    black: Vec<usize>,
    white: Vec<usize>,
}

impl Table {
    fn new(rules: GomokuRules) -> Table {
        Table {
            game: Gomoku::new(rules),
            black: Vec::new(),
            white: Vec::new(),
        }
    }

    /// The position with these stones under `rules`, or why there is none.
    fn with_stones(
        rules: GomokuRules,
        black: Vec<usize>,
        white: Vec<usize>,
    ) -> Result<Table, String> {
        let game = Gomoku::with_stones(rules, &black, &white).map_err(|why| why.to_string())?;
        Ok(Table { game, black, white })
    }

    /// The cell at `x,y`, or why there is none.
    fn cell(&self, x: u32, y: u32) -> Result<usize, String> {
        let size = self.game.size();
        i32::try_from(x)
            .ok()
            .zip(i32::try_from(y).ok())
            .and_then(|(x, y)| self.game.index(x, y))
            .ok_or_else(|| format!("{x},{y} is off the {size}x{size} board"))
    }

    /// Puts the stone to move on `cell`, or says why not.
    fn play(&mut self, cell: usize) -> Result<(), String> {
        let colour = self.game.colour_to_move();
        let at = self.coordinates(cell);
        if self.game.cells().get(cell) != Some(&EMPTY) {
            return Err(format!("{at} is taken"));
        }
        self.game
            .play(cell as u16)
            .map_err(|why| format!("{at} cannot be played: {why}"))?;
        match colour {
            Colour::Black => self.black.push(cell),
            Colour::White => self.white.push(cell),
        }
        Ok(())
    }

    /// The move's coordinates, `X,Y`.
    fn coordinates(&self, cell: usize) -> String {
        let size = self.game.size();
        format!("{},{}", cell % size, cell / size)
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
        match Table::with_stones(rules, table.black.clone(), table.white.clone()) {
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
            Bot::Threats => self
                .search
                .choose(&table.game, &mut self.rng, &self.clock, received),
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

/// The threat search, run on a worker thread so that a search that overruns its time
/// cannot make the brain lose on time: past the limit the attack weights choose
/// instead, and while an abandoned search is still running no other is started.
#[derive(Debug, Default)]
struct Search {
    running: Option<JoinHandle<()>>,
}

impl Search {
    fn choose(
        &mut self,
        game: &Gomoku,
        rng: &mut ChaCha8Rng,
        clock: &Clock,
        received: Instant,
    ) -> (Option<usize>, Option<String>) {
        let stand_in = |rng: &mut ChaCha8Rng, why: &str| {
            let (cell, trouble) = choose(game, |game| attack::choose(game, rng));
            (
                cell,
                trouble.or_else(|| Some(format!("MESSAGE {why}; the attack weights chose"))),
            )
        };
        if self
            .running
            .as_ref()
            .is_some_and(|worker| !worker.is_finished())
        {
            return stand_in(rng, "an earlier threat search is still running");
        }
        let time = clock.budget().saturating_sub(received.elapsed());
        let (sender, receiver) = mpsc::channel();
        let (position, mut worker_rng) = (game.clone(), rng.clone());
        let worker = std::thread::Builder::new().spawn(move || {
            let chosen = catch_unwind(AssertUnwindSafe(|| {
                Threats { time }
                    .choose_counted(&position, &mut worker_rng)
                    .0
            }));
            let _ = sender.send((chosen, worker_rng));
        });
        match worker {
            Ok(worker) => self.running = Some(worker),
            Err(_) => return stand_in(rng, "no thread for the threat search"),
        }
        let wait = (received + clock.limit()).saturating_duration_since(Instant::now());
        match receiver.recv_timeout(wait) {
            Ok((chosen, used)) => {
                // The worker has sent its last word: wait the moment it takes to end.
                if let Some(worker) = self.running.take() {
                    let _ = worker.join();
                }
                *rng = used;
                choose(game, |_| {
                    chosen.unwrap_or_else(|panic| resume_unwind(panic))
                })
            }
            Err(_) => stand_in(rng, "the threat search overran its time"),
        }
    }
}

/// The cell `bot` chooses for the side to move, and a `MESSAGE` if it failed (panicked,
/// or chose nothing or a cell that cannot be played) and the first free cell stood in.
fn choose(
    game: &Gomoku,
    bot: impl FnOnce(&Gomoku) -> Option<u16>,
) -> (Option<usize>, Option<String>) {
    let chosen = catch_unwind(AssertUnwindSafe(|| bot(game)));
    let legal = |cell: &u16| *cell != SWAP && game.legal_moves().contains(cell);
    match chosen {
        Ok(Some(cell)) if legal(&cell) => (Some(usize::from(cell)), None),
        outcome => {
            let why = match outcome {
                Err(panic) => panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into()),
                Ok(Some(cell)) => format!("cell {cell}, which cannot be played"),
                Ok(None) => "no move".into(),
            };
            let fallback = game.legal_moves().into_iter().find(|cell| *cell != SWAP);
            let note = format!(
                "MESSAGE the bot failed ({}); a free cell stands in",
                command::shown(&why)
            );
            (fallback.map(usize::from), Some(note))
        }
    }
}

fn before_start(what: &str) -> Vec<String> {
    vec![format!("ERROR {what} before START: there is no board yet")]
}

/// The table without the stone at `x,y`.
fn takeback(table: &Table, x: u32, y: u32) -> Result<Table, String> {
    let cell = table.cell(x, y)?;
    let (mut black, mut white) = (table.black.clone(), table.white.clone());
    if let Some(at) = black.iter().position(|c| *c == cell) {
        black.remove(at);
    } else if let Some(at) = white.iter().position(|c| *c == cell) {
        white.remove(at);
    } else {
        return Err(format!("{x},{y} has no stone to take back"));
    }
    Table::with_stones(table.game.rules(), black, white)
        .map_err(|why| format!("taking back {x},{y} leaves a position play cannot reach: {why}"))
}

/// The table a `BOARD` body describes: field 1 the brain's own stones, 2 the
/// opponent's. The brain is to move, so it is black if both have as many stones and
/// white if the opponent has one more.
fn board_table(
    table: &Table,
    lines: &[Result<String, String>],
    rules: GomokuRules,
) -> Result<Table, String> {
    let mut own = Vec::new();
    let mut theirs = Vec::new();
    for line in lines {
        let BoardLine { x, y, field } = line
            .as_ref()
            .map_err(String::clone)
            .and_then(|line| command::board_line(line))?;
        let cell = table.cell(x, y)?;
        match field {
            1 => own.push(cell),
            2 => theirs.push(cell),
            3 => {
                return Err(format!(
                    "{x},{y},3: a continuous game's winning line is not supported"
                ));
            }
            _ => {
                return Err(format!(
                    "{x},{y},{field}: a field is 1 (own stone) or 2 (opponent's)"
                ));
            }
        }
    }
    let (black, white) = if own.len() == theirs.len() {
        (own, theirs)
    } else if theirs.len() == own.len() + 1 {
        (theirs, own)
    } else {
        return Err(format!(
            "{} own and {} opponent's stones: with the brain to move, the opponent has as many or one more",
            own.len(),
            theirs.len()
        ));
    };
    Table::with_stones(rules, black, white)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(turn: Option<u64>, whole_match: Option<u64>, left: Option<u64>) -> Clock {
        Clock {
            turn,
            whole_match,
            left,
        }
    }

    #[test]
    fn the_search_gets_the_time_a_move_less_a_margin() {
        let ms = Duration::from_millis;
        // Nothing said: a second, less 15%.
        assert_eq!(clock(None, None, None).budget(), ms(850));
        assert_eq!(clock(None, None, None).limit(), ms(930));
        // At least 50 ms of margin, and never nothing.
        assert_eq!(clock(Some(200), None, None).budget(), ms(150));
        assert_eq!(clock(Some(30), None, None).budget(), ms(10));
        assert_eq!(clock(Some(0), None, None).budget(), ms(50));
        // A match without a limit ignores the time left; with one, a twentieth of it.
        assert_eq!(
            clock(Some(1000), Some(0), Some(2_147_483_647)).budget(),
            ms(850)
        );
        assert_eq!(
            clock(Some(5000), Some(180_000), Some(20_000)).budget(),
            ms(850)
        );
        assert_eq!(clock(Some(5000), None, Some(20_000)).budget(), ms(850));
        assert_eq!(clock(Some(1000), Some(180_000), Some(100)).budget(), ms(10));
        // A clock far in the future is an hour.
        assert_eq!(clock(Some(u64::MAX), None, None).limit(), ms(3_348_000));
    }

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
