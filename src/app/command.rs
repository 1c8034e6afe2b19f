//! One line of input becomes one [`Command`], or one clear sentence saying why not.

use crate::menace::Preset;
use crate::players::Choice;

mod error;
mod table;
pub use error::CommandError;
pub use table::{COMMANDS, CommandInfo, Group};

/// The longest line the console reads; anything longer is refused whole.
pub const MAX_LINE: usize = 200;

/// The most games one `play` may ask for: each one needs your moves (or your eyes).
pub const MAX_GAMES: u32 = 1_000;

/// The most positions `solve ... within N` may ask for; a table that memory cannot hold
/// lowers it further, as it does the default.
pub const MAX_SOLVE_BUDGET: u64 = 1_000_000_000;

/// The most games one `train` may ask for (about ten seconds).
pub const MAX_TRAINING: u64 = 50_000_000;

/// The most seeds one `experiment` may ask for.
pub const MAX_SEEDS: u64 = 1_000;

/// What a line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Play this many games against MENACE (a bare number, or `play N`).
    Play(u32),
    /// Watch this many games of MENACE against an opponent.
    PlayVs(u32, Choice),
    /// Who plays O in `play`: an opponent to watch, or `None` for you.
    Opponent(Option<Choice>),
    /// Who MENACE trains against by default.
    Vs(Choice),
    /// Train MENACE at full speed.
    Train {
        games: u64,
        vs: Option<Choice>,
        csv: Option<String>,
        /// Where to draw the learning curve as an SVG chart.
        plot: Option<String>,
    },
    /// Who plays against you: an AI, or `None` for MENACE.
    Against(Option<Choice>),
    /// Ask an opponent (default the teacher, or alpha-beta) for your best move.
    Hint(Option<Choice>),
    /// The rating heuristic's view of the board, or of a position (a picture) given.
    Rate(Option<String>),
    /// The value of the board, or of a position (a picture) given, within the default
    /// budget of positions or the one given (`within N`).
    Solve(Option<String>, Option<u64>),
    /// Seed 003's gomoku weights of every empty cell, or the attacks behind one cell's.
    Weights(Option<String>),
    /// How many games MENACE needs against perfect play, over many seeds.
    Experiment(u64),
    /// The list of lessons with your progress.
    Lessons,
    /// What a word of the course means; without one, the words explained.
    Explain(Option<String>),
    /// Start or resume a lesson, by number or name.
    Lesson(String),
    Next,
    Back,
    Skip,
    QuitLesson,
    /// The answer to a lesson's question.
    Answer(String),
    /// The list of games.
    Variants,
    /// The game's lines, and those through a cell; in a position (a picture) given,
    /// with their marks and what a move there threatens.
    Lines(Option<String>, Option<String>),
    /// Every way the game can go, and every position it reaches.
    Count,
    /// Switch games: a name and its options, as the registry reads them.
    Variant(Vec<String>),
    /// Which side you play; MENACE plays the other.
    Side(crate::game::Player),
    /// Your move, already read by the game in progress (its name).
    Move(String),
    /// List the boxes, all or those of one of MENACE's moves (`boxes 3`) or one ply
    /// (`boxes ply 4`).
    Boxes(Option<BoxesOf>),
    /// Which boxes to list after each game: `boxes on`, `boxes off`, `boxes changed`.
    BoxesAfterGame(crate::app::BoxListing),
    /// `pictures on|off`: each MENACE move drawn as its box beside the board.
    Pictures(bool),
    /// `plot FILE.svg`: the last training run's learning curve as a chart.
    Plot(String),
    /// `export FILE.html`: every box on one page.
    Export(String),
    /// Printable matchbox labels for every box; `counts` prints the preset's starting
    /// beads in each colour's dot.
    ExportLabels {
        file: String,
        counts: bool,
    },
    /// Draw one box: by picture or any position it serves, by number, or the last used.
    Box(Option<BoxQuery>),
    /// Show the board of the game in progress; with a number, zoomed into that part
    /// of a board too big to draw whole (strategic's tactical boards 1-9).
    Board(Option<usize>),
    /// Save the boxes: to the default file, or to the one named.
    Save(Option<String>),
    /// Load boxes from a file.
    Load(String),
    /// Start again from a preset's fresh boxes.
    Preset(Preset),
    /// Start again from the current preset's fresh boxes.
    Reset,
    /// Give up the game in progress.
    Resign,
    /// End the match now; the game in progress is dropped, not counted.
    Stop,
    Stats,
    Help,
    Quit,
    Yes,
    No,
}

/// Which boxes `boxes` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoxesOf {
    /// MENACE's Nth move, from 1, as the listing's headers count them.
    Move(usize),
    /// The boxes of positions after this many moves by both sides.
    Ply(usize),
}

/// How `box` names a box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoxQuery {
    /// Any position, as a picture of the chosen game: the box that serves it.
    Position(String),
    /// The box's number in the listing, from 1.
    Number(usize),
}

/// Reads one line.
impl Command {
    /// True for the commands the session refuses while a game is in progress: they
    /// start games, train, or change the game, the seats or the boxes.
    pub fn waits_for_no_game(&self) -> bool {
        matches!(
            self,
            Command::Play(_)
                | Command::PlayVs(..)
                | Command::Train { .. }
                | Command::Variant(_)
                | Command::Side(_)
                | Command::Opponent(_)
                | Command::Vs(_)
                | Command::Against(_)
                | Command::Load(_)
                | Command::Reset
                | Command::Preset(_)
        )
    }
}

pub fn parse(line: &str) -> Result<Command, CommandError> {
    let length = line.chars().count();
    if length > MAX_LINE {
        return Err(CommandError::TooLong(length));
    }
    // A no-break space is a space: lessons glue the words of a quoted command with it,
    // and a learner may copy one from the screen.
    if let Some(c) = line
        .chars()
        .find(|c| !(c.is_ascii_graphic() || matches!(c, ' ' | '\t' | '\u{a0}')))
    {
        return Err(CommandError::NotAscii(c));
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err(CommandError::Empty);
    };
    let word = first.to_ascii_lowercase();
    let no_more = |command: &'static str, parsed: Command| {
        if rest.is_empty() {
            Ok(parsed)
        } else {
            Err(CommandError::ExtraWords {
                command,
                extra: rest.join(" "),
            })
        }
    };
    if word.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        return no_more("a number of games", Command::Play(parse_count(first)?));
    }
    match word.as_str() {
        "play" => match rest {
            [] => Err(CommandError::MissingArgument {
                command: "play",
                usage: "play N, where N is how many games",
            }),
            [count] => Ok(Command::Play(parse_count(count)?)),
            [count, vs, opponent @ ..] if vs.eq_ignore_ascii_case("vs") => Ok(Command::PlayVs(
                parse_count(count)?,
                parse_opponent(opponent)?,
            )),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "play",
                extra: extra.join(" "),
            }),
        },
        "vs" => parse_opponent(rest).map(Command::Vs),
        "opponent" => match rest {
            [who] if matches!(who.to_ascii_lowercase().as_str(), "you" | "me" | "human") => {
                Ok(Command::Opponent(None))
            }
            _ => parse_opponent(rest).map(|kind| Command::Opponent(Some(kind))),
        },
        "train" => parse_train(rest),
        "hint" => match rest {
            [] => Ok(Command::Hint(None)),
            _ => parse_opponent(rest).map(|kind| Command::Hint(Some(kind))),
        },
        "against" => match rest {
            [who] if who.eq_ignore_ascii_case("menace") => Ok(Command::Against(None)),
            _ => parse_opponent(rest).map(|kind| Command::Against(Some(kind))),
        },
        "rate" => parse_position("rate", rest).map(Command::Rate),
        "solve" => parse_solve(rest),
        "weights" => match rest {
            [] => Ok(Command::Weights(None)),
            [cell] => Ok(Command::Weights(Some(cell.to_string()))),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "weights",
                extra: extra.join(" "),
            }),
        },
        "rules" => match rest {
            [rules] if rules.eq_ignore_ascii_case("classic") => {
                Ok(Command::Variant(vec!["classic".into()]))
            }
            [rules] if rules.eq_ignore_ascii_case("misere") || *rules == "misère" => {
                Ok(Command::Variant(vec!["misere".into()]))
            }
            _ => Err(CommandError::MissingArgument {
                command: "rules",
                usage: "rules classic or rules misere",
            }),
        },
        "lessons" => no_more("lessons", Command::Lessons),
        "explain" => Ok(Command::Explain((!rest.is_empty()).then(|| rest.join(" ")))),
        "variants" => no_more("variants", Command::Variants),
        "lines" => parse_lines(rest),
        "count" => no_more("count", Command::Count),
        "variant" => match rest {
            [] => Err(CommandError::MissingArgument {
                command: "variant",
                usage: "variant NAME [OPTION...]; variants lists them",
            }),
            words => crate::registry::start(words)
                .map(|_| Command::Variant(words.iter().map(|word| word.to_string()).collect()))
                .map_err(CommandError::BadTraining),
        },
        "side" => match rest {
            [side] if side.eq_ignore_ascii_case("x") => Ok(Command::Side(crate::game::Player::X)),
            [side] if side.eq_ignore_ascii_case("o") => Ok(Command::Side(crate::game::Player::O)),
            _ => Err(CommandError::MissingArgument {
                command: "side",
                usage: "side X (you move first) or side O",
            }),
        },
        "lesson" => match rest {
            [which] => Ok(Command::Lesson(which.to_string())),
            [] => Err(CommandError::MissingArgument {
                command: "lesson",
                usage: "lesson N or lesson NAME; lessons lists them",
            }),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "lesson",
                extra: extra.join(" "),
            }),
        },
        "next" => no_more("next", Command::Next),
        "back" => no_more("back", Command::Back),
        "skip" => no_more("skip", Command::Skip),
        "quit-lesson" => no_more("quit-lesson", Command::QuitLesson),
        "answer" if rest.is_empty() => Err(CommandError::MissingArgument {
            command: "answer",
            usage: "answer followed by your answer",
        }),
        "answer" => Ok(Command::Answer(rest.join(" "))),
        "experiment" => match rest {
            [] => Ok(Command::Experiment(20)),
            [seeds] => seeds
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=MAX_SEEDS).contains(n))
                .map(Command::Experiment)
                .ok_or_else(|| {
                    CommandError::BadTraining(format!(
                        "experiment takes a number of seeds from 1 to {MAX_SEEDS}, not \"{seeds}\""
                    ))
                }),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "experiment",
                extra: extra.join(" "),
            }),
        },
        "board" => match rest {
            [] => Ok(Command::Board(None)),
            [part] => part
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=9).contains(n))
                .map(|n| Command::Board(Some(n)))
                .ok_or_else(|| {
                    CommandError::BadTraining(format!(
                        "board takes the number of a board to zoom into, 1 to 9, not \"{}\"",
                        crate::files::shown(part, 20)
                    ))
                }),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "board",
                extra: extra.join(" "),
            }),
        },
        "plot" => match rest {
            [file] => check_extension(file, &["svg"], "plot writes an SVG chart", "curve.svg")
                .map(|()| Command::Plot(file.to_string())),
            [] => Err(CommandError::MissingArgument {
                command: "plot",
                usage: "plot FILE.svg, e.g. plot curve.svg (after a train)",
            }),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "plot",
                extra: extra.join(" "),
            }),
        },
        "export" => match rest {
            [labels, file, rest @ ..]
                if labels.eq_ignore_ascii_case("labels")
                    && (rest.is_empty()
                        || matches!(rest, [word] if word.eq_ignore_ascii_case("counts"))) =>
            {
                check_extension(
                    file,
                    &["html", "htm"],
                    "export labels writes an HTML page to print",
                    "labels.html",
                )
                .map(|()| Command::ExportLabels {
                    file: file.to_string(),
                    counts: !rest.is_empty(),
                })
            }
            [labels] if labels.eq_ignore_ascii_case("labels") => {
                Err(CommandError::MissingArgument {
                    command: "export",
                    usage: "export labels FILE.html [counts], e.g. export labels labels.html counts",
                })
            }
            [file] => check_extension(
                file,
                &["html", "htm"],
                "export writes an HTML page",
                "boxes.html",
            )
            .map(|()| Command::Export(file.to_string())),
            [] => Err(CommandError::MissingArgument {
                command: "export",
                usage: "export FILE.html, e.g. export boxes.html; or export labels FILE.html [counts]",
            }),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "export",
                extra: extra.join(" "),
            }),
        },
        "pictures" => match rest {
            [word] if word.eq_ignore_ascii_case("on") => Ok(Command::Pictures(true)),
            [word] if word.eq_ignore_ascii_case("off") => Ok(Command::Pictures(false)),
            _ => Err(CommandError::MissingArgument {
                command: "pictures",
                usage: "pictures on (each MENACE move drawn as its box) or pictures off",
            }),
        },
        "boxes" => match rest {
            [] => Ok(Command::Boxes(None)),
            [word] if word.eq_ignore_ascii_case("on") => {
                Ok(Command::BoxesAfterGame(crate::app::BoxListing::All))
            }
            [word] if word.eq_ignore_ascii_case("off") => {
                Ok(Command::BoxesAfterGame(crate::app::BoxListing::Off))
            }
            [word] if word.eq_ignore_ascii_case("changed") => {
                Ok(Command::BoxesAfterGame(crate::app::BoxListing::Changed))
            }
            // A learner counts MENACE's moves, as the listing's headers do ("MENACE's 3rd
            // move (ply 4)"); the ply, the moves made by both sides before it, is asked
            // for by name.
            [number] => small_number(number)
                .filter(|number| *number >= 1)
                .map(|number| Command::Boxes(Some(BoxesOf::Move(number))))
                .ok_or_else(|| CommandError::BadPly(number.to_string())),
            [word, ply] if word.eq_ignore_ascii_case("ply") => small_number(ply)
                .map(|ply| Command::Boxes(Some(BoxesOf::Ply(ply))))
                .ok_or_else(|| CommandError::BadPly(format!("ply {ply}"))),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "boxes",
                extra: extra.join(" "),
            }),
        },
        "box" => match rest {
            [] => Ok(Command::Box(None)),
            [which] => parse_box(which).map(|query| Command::Box(Some(query))),
            [picture, mover] if mover.len() == 1 => Ok(Command::Box(Some(BoxQuery::Position(
                format!("{picture} {mover}"),
            )))),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "box",
                extra: extra.join(" "),
            }),
        },
        "save" => match rest {
            [] => Ok(Command::Save(None)),
            [file] => Ok(Command::Save(Some(file.to_string()))),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "save",
                extra: extra.join(" "),
            }),
        },
        "load" => match rest {
            [] => Err(CommandError::MissingArgument {
                command: "load",
                usage: "load FILE, e.g. load menace",
            }),
            [file] => Ok(Command::Load(file.to_string())),
            [_, extra @ ..] => Err(CommandError::ExtraWords {
                command: "load",
                extra: extra.join(" "),
            }),
        },
        "preset" => Preset::parse(&rest.join(" "))
            .map(Command::Preset)
            .map_err(CommandError::BadPreset),
        "reset" => no_more("reset", Command::Reset),
        "resign" => no_more("resign", Command::Resign),
        "stop" => no_more("stop", Command::Stop),
        "stats" => no_more("stats", Command::Stats),
        "help" | "?" => no_more("help", Command::Help),
        "quit" | "exit" => no_more("quit", Command::Quit),
        "yes" | "y" => no_more("yes", Command::Yes),
        "no" | "n" => no_more("no", Command::No),
        _ => Err(CommandError::Unknown(first.to_string())),
    }
}

fn parse_opponent(words: &[&str]) -> Result<Choice, CommandError> {
    Choice::parse(words).map_err(CommandError::BadOpponent)
}

/// `train N [vs NAME [LEVEL]] [csv FILE]`
fn parse_train(words: &[&str]) -> Result<Command, CommandError> {
    const USAGE: &str = "train N [vs NAME] [csv FILE] [plot FILE.svg], e.g. train 2000 vs perfect";
    let Some((count, mut rest)) = words.split_first() else {
        return Err(CommandError::MissingArgument {
            command: "train",
            usage: USAGE,
        });
    };
    let games = count
        .parse::<u64>()
        .ok()
        .filter(|n| (1..=MAX_TRAINING).contains(n))
        .ok_or_else(|| {
            CommandError::BadTraining(format!(
                "train takes a number of games from 1 to {MAX_TRAINING}, not \"{count}\""
            ))
        })?;
    // `csv FILE` and `plot FILE` end the line, in either order.
    let mut csv = None;
    let mut plot = None;
    while let [before @ .., word, file] = rest {
        let slot = if word.eq_ignore_ascii_case("csv") {
            &mut csv
        } else if word.eq_ignore_ascii_case("plot") {
            &mut plot
        } else {
            break;
        };
        if slot.is_some() {
            return Err(CommandError::BadTraining(format!(
                "{} is given twice",
                word.to_ascii_lowercase()
            )));
        }
        *slot = Some(file.to_string());
        rest = before;
    }
    if let Some(at) = rest
        .iter()
        .position(|word| word.eq_ignore_ascii_case("csv") || word.eq_ignore_ascii_case("plot"))
    {
        return Err(CommandError::BadTraining(format!(
            "{} takes one file name, at the end: train 2000 csv curve.csv plot curve.svg",
            rest[at].to_ascii_lowercase()
        )));
    }
    if let Some(file) = &plot {
        check_extension(file, &["svg"], "plot writes an SVG chart", "curve.svg")?;
    }
    let vs = match rest {
        [] => None,
        [vs, opponent @ ..] if vs.eq_ignore_ascii_case("vs") => Some(parse_opponent(opponent)?),
        _ => {
            return Err(CommandError::ExtraWords {
                command: "train",
                extra: rest.join(" "),
            });
        }
    };
    Ok(Command::Train {
        games,
        vs,
        csv,
        plot,
    })
}

/// Refuses a file name whose extension says another kind of file than the one written.
fn check_extension(
    file: &str,
    allowed: &[&str],
    what: &str,
    example: &str,
) -> Result<(), CommandError> {
    let extension = std::path::Path::new(file)
        .extension()
        .map(|extension| extension.to_string_lossy().to_ascii_lowercase());
    match extension {
        Some(extension) if !allowed.contains(&extension.as_str()) => {
            Err(CommandError::BadTraining(format!(
                "{what}: give a name ending in .{}, such as {example}, not \"{}\"",
                allowed[0],
                crate::files::shown(file, 40)
            )))
        }
        _ => Ok(()),
    }
}

/// An optional position after `rate` or `solve`: a picture, read by the chosen game
/// (which may end in one more word, such as who moves).
fn parse_position(command: &'static str, rest: &[&str]) -> Result<Option<String>, CommandError> {
    match rest {
        [] => Ok(None),
        [picture] => Ok(Some(picture.to_string())),
        [picture, mover] if mover.len() == 1 => Ok(Some(format!("{picture} {mover}"))),
        [_, extra @ ..] => Err(CommandError::ExtraWords {
            command,
            extra: extra.join(" "),
        }),
    }
}

/// `lines [CELL [POS]]`.
fn parse_lines(rest: &[&str]) -> Result<Command, CommandError> {
    match rest {
        [] => Ok(Command::Lines(None, None)),
        [cell] => Ok(Command::Lines(Some(cell.to_string()), None)),
        [cell, picture] => Ok(Command::Lines(
            Some(cell.to_string()),
            Some(picture.to_string()),
        )),
        [_, extra @ ..] => Err(CommandError::ExtraWords {
            command: "lines",
            extra: extra.join(" "),
        }),
    }
}

/// `solve [POS] [within N]`: the budget, a number of positions, may be written with
/// commas (`within 10,000`).
fn parse_solve(rest: &[&str]) -> Result<Command, CommandError> {
    let (rest, budget) = match rest {
        [before @ .., within, budget] if within.eq_ignore_ascii_case("within") => {
            let positions = budget
                .replace(',', "")
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=MAX_SOLVE_BUDGET).contains(n))
                .ok_or_else(|| CommandError::BadBudget(budget.to_string()))?;
            (before, Some(positions))
        }
        [.., within] if within.eq_ignore_ascii_case("within") => {
            return Err(CommandError::MissingArgument {
                command: "solve",
                usage: "solve [POS] within N, N a number of positions",
            });
        }
        _ => (rest, None),
    };
    parse_position("solve", rest).map(|position| Command::Solve(position, budget))
}

fn parse_count(text: &str) -> Result<u32, CommandError> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_GAMES).contains(n))
        .ok_or_else(|| CommandError::BadCount(text.to_string()))
}

fn parse_box(text: &str) -> Result<BoxQuery, CommandError> {
    if let Ok(number) = text.parse::<usize>() {
        return Ok(BoxQuery::Number(number));
    }
    Ok(BoxQuery::Position(text.to_string()))
}

/// A whole number up to 10,000 (a move or a ply), or `None`.
fn small_number(text: &str) -> Option<usize> {
    text.parse::<usize>()
        .ok()
        .filter(|number| *number <= 10_000)
}

#[cfg(test)]
mod tests;
