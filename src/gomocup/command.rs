//! One line of the Gomocup (Piskvork) brain protocol read into a `Command`, or the
//! sentence that says why it is not one. Coordinates stay as numbers here; whether
//! they are on the board is the brain's business.

/// A manager's command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    About,
    /// `START N`: a new game on an N×N board.
    Start(u32),
    /// `RECTSTART W,H`.
    RectStart(u32, u32),
    /// The brain opens the game on the empty board.
    Begin,
    /// The opponent's stone; the brain answers with its own.
    Turn(u32, u32),
    /// The brain's own stone, chosen by the manager; the brain echoes it.
    Play(u32, u32),
    /// `BOARD`: `X,Y,FIELD` lines and `DONE` follow.
    Board,
    Info(Info),
    End,
    Restart,
    Takeback(u32, u32),
    /// A command of some protocol extension that this brain does not play, followed by
    /// lines up to `DONE` (`SWAP2BOARD`, `YXBOARD`): all of it gets one `UNKNOWN`.
    UnknownBlock(String),
    /// Any other command word.
    Unknown(String),
}

/// An `INFO` key and its value. Keys this brain does not use are `Ignored`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds a move (0: as fast as possible).
    TimeoutTurn(u64),
    /// Milliseconds for the whole match (0: no limit).
    TimeoutMatch(u64),
    /// Milliseconds left of the match.
    TimeLeft(u64),
    /// Bytes of memory the brain may use.
    MaxMemory(u64),
    /// Bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(u32),
    Ignored,
    /// A line that cannot be read, and why: never answered (the protocol has no answer
    /// to INFO), told as a `MESSAGE` before the next move.
    Unreadable(String),
}

/// One stone of a `BOARD` body: column, row and field (1 own, 2 opponent's, 3 a
/// continuous game's winning line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardLine {
    pub x: u32,
    pub y: u32,
    pub field: u32,
}

/// The line as a command: `Ok(None)` for a blank line, which needs no answer.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_uppercase();
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(format!(
                "{word} takes nothing after it, not \"{}\"",
                shown(rest)
            ))
        }
    };
    match word.as_str() {
        "ABOUT" => bare(Command::About),
        "BEGIN" => bare(Command::Begin),
        "BOARD" => bare(Command::Board),
        "END" => Ok(Some(Command::End)),
        "RESTART" => bare(Command::Restart),
        "START" => match rest.parse::<u32>() {
            Ok(size) => Ok(Some(Command::Start(size))),
            Err(_) => Err(format!(
                "START needs the board size, like START 15, not \"{}\"",
                shown(rest)
            )),
        },
        "RECTSTART" => {
            let (width, height) = pair(rest, "RECTSTART", "width,height like 15,15")?;
            Ok(Some(Command::RectStart(width, height)))
        }
        "TURN" => {
            let (x, y) = pair(rest, "TURN", "X,Y like 7,7")?;
            Ok(Some(Command::Turn(x, y)))
        }
        "PLAY" => {
            let (x, y) = pair(rest, "PLAY", "X,Y like 7,7")?;
            Ok(Some(Command::Play(x, y)))
        }
        "TAKEBACK" => {
            let (x, y) = pair(rest, "TAKEBACK", "X,Y like 7,7")?;
            Ok(Some(Command::Takeback(x, y)))
        }
        // The protocol never answers INFO: a line it cannot read becomes a note told
        // before the next move, so the manager's answers stay in step.
        "INFO" => Ok(Some(Command::Info(
            info(rest).unwrap_or_else(Info::Unreadable),
        ))),
        "SWAP2BOARD" | "YXBOARD" => Ok(Some(Command::UnknownBlock(word))),
        _ => Ok(Some(Command::Unknown(shown(&word)))),
    }
}

/// One line of a `BOARD` body: `X,Y,FIELD`.
pub fn board_line(line: &str) -> Result<BoardLine, String> {
    let parts: Vec<&str> = line.split(',').map(str::trim).collect();
    let numbers: Option<Vec<u32>> = parts.iter().map(|part| number(part)).collect();
    match numbers.as_deref() {
        Some(&[x, y, field]) => Ok(BoardLine { x, y, field }),
        _ => Err(format!(
            "a BOARD line is X,Y,FIELD like 7,7,1, not \"{}\"",
            shown(line.trim())
        )),
    }
}

/// `INFO KEY VALUE`.
fn info(rest: &str) -> Result<Info, String> {
    let (key, value) = match rest.split_once(char::is_whitespace) {
        Some((key, value)) => (key.to_ascii_lowercase(), value.trim()),
        None => (rest.to_ascii_lowercase(), ""),
    };
    let make: fn(u64) -> Info = match key.as_str() {
        "timeout_turn" => Info::TimeoutTurn,
        "timeout_match" => Info::TimeoutMatch,
        "time_left" => Info::TimeLeft,
        "max_memory" => Info::MaxMemory,
        "rule" => {
            return value
                .parse::<u32>()
                .map(Info::Rule)
                .map_err(|_| format!("INFO rule needs a number, not \"{}\"", shown(value)));
        }
        "" => return Err("INFO needs a key and a value, like INFO timeout_turn 1000".into()),
        _ => return Ok(Info::Ignored),
    };
    // Some managers send a negative time left once the clock has run out.
    if let Some(negative) = value.strip_prefix('-')
        && number(negative).is_some()
        && key == "time_left"
    {
        return Ok(Info::TimeLeft(0));
    }
    value
        .parse::<u64>()
        .map(make)
        .map_err(|_| format!("INFO {key} needs a number, not \"{}\"", shown(value)))
}

/// Two numbers with a comma between.
fn pair(text: &str, command: &str, example: &str) -> Result<(u32, u32), String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    match parts.as_slice() {
        [a, b] => match (number(a), number(b)) {
            (Some(a), Some(b)) => Ok((a, b)),
            _ => Err(format!(
                "{command} needs {example}, not \"{}\"",
                shown(text)
            )),
        },
        _ => Err(format!(
            "{command} needs {example}, not \"{}\"",
            shown(text)
        )),
    }
}

/// A count written in decimal digits only (no sign).
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// At most 30 characters of what was sent, on one line, for an answer.
pub fn shown(text: &str) -> String {
    crate::files::shown(text, 30)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_whatever_their_case_and_spacing() {
        assert_eq!(parse("start 15"), Ok(Some(Command::Start(15))));
        assert_eq!(parse("  TURN 7, 8\r"), Ok(Some(Command::Turn(7, 8))));
        assert_eq!(
            parse("RECTSTART 20,20"),
            Ok(Some(Command::RectStart(20, 20)))
        );
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(
            parse("INFO timeout_turn 1000"),
            Ok(Some(Command::Info(Info::TimeoutTurn(1000))))
        );
        assert_eq!(
            parse("INFO time_left -5"),
            Ok(Some(Command::Info(Info::TimeLeft(0))))
        );
        assert_eq!(
            parse("INFO folder /tmp"),
            Ok(Some(Command::Info(Info::Ignored)))
        );
        assert_eq!(parse("INFO rule 5"), Ok(Some(Command::Info(Info::Rule(5)))));
        assert_eq!(parse("yxstop"), Ok(Some(Command::Unknown("YXSTOP".into()))));
        assert_eq!(
            parse("SWAP2BOARD"),
            Ok(Some(Command::UnknownBlock("SWAP2BOARD".into())))
        );
    }

    #[test]
    fn malformed_lines_say_what_was_expected() {
        for line in [
            "TURN 99,x",
            "TURN -1,3",
            "TURN 1,2,3",
            "TURN",
            "START abc",
            "START",
            "BEGIN now",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        // INFO is never answered: an unreadable one is read as such, not an error.
        for line in ["INFO timeout_turn soon", "INFO rule", "INFO"] {
            assert!(
                matches!(parse(line), Ok(Some(Command::Info(Info::Unreadable(_))))),
                "{line}"
            );
        }
        assert!(board_line("7,7").is_err());
        assert!(board_line("a,b,c").is_err());
        assert_eq!(
            board_line(" 7 ,8, 2"),
            Ok(BoardLine {
                x: 7,
                y: 8,
                field: 2
            })
        );
    }
}
