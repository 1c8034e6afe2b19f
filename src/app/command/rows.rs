//! One parsing function per row of the command table: each reads the words after its
//! command's name, as ripgrep's flag definitions each read their own value. A row names
//! its function in `table.rs`; the dispatcher, [`super::parse`], only finds the row.

use super::{BoxQuery, BoxesOf, Command, CommandError, CourseCommand};
use super::{MAX_GAMES, MAX_SEEDS, MAX_SOLVE_BUDGET, MAX_TRAINING};
use crate::app::BoxListing;
use crate::game::Player;
use crate::menace::Preset;
use crate::players::Choice;

/// What a row's function returns.
pub type Parsed = Result<Command, CommandError>;

/// A command that takes no words after its name.
fn bare(command: &'static str, rest: &[&str], parsed: Command) -> Parsed {
    if rest.is_empty() {
        Ok(parsed)
    } else {
        Err(extra(command, rest))
    }
}

/// The refusal of the words after those a command takes.
fn extra(command: &'static str, words: &[&str]) -> CommandError {
    CommandError::ExtraWords {
        command,
        extra: words.join(" "),
    }
}

fn missing(command: &'static str, usage: &'static str) -> CommandError {
    CommandError::MissingArgument { command, usage }
}

/// True when `word` is `expected`, in any case.
fn is(word: &str, expected: &str) -> bool {
    word.eq_ignore_ascii_case(expected)
}

/// `play N [vs NAME]`
pub fn play(rest: &[&str]) -> Parsed {
    match rest {
        [] => Err(missing("play", "play N, where N is how many games")),
        [count] => Ok(Command::Play(count_of_games(count)?)),
        [count, vs, opponent @ ..] if is(vs, "vs") => Ok(Command::PlayVs(
            count_of_games(count)?,
            opponent_named(opponent)?,
        )),
        [_, more @ ..] => Err(extra("play", more)),
    }
}

/// `board [N]`: strategic's tactical boards 1-9.
pub fn board(rest: &[&str]) -> Parsed {
    match rest {
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
        [_, more @ ..] => Err(extra("board", more)),
    }
}

pub fn resign(rest: &[&str]) -> Parsed {
    bare("resign", rest, Command::Resign)
}

pub fn stop(rest: &[&str]) -> Parsed {
    bare("stop", rest, Command::Stop)
}

/// `hint [NAME]`
pub fn hint(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Hint(None)),
        _ => opponent_named(rest).map(|kind| Command::Hint(Some(kind))),
    }
}

/// The deepest `rate D` looks: the classic board has nine empty cells.
const RATE_DEPTH: u32 = 9;

/// `rate [D] [POS]`: a first word that is a number is lookahead's depth (a position is
/// never written in digits alone).
pub fn rate(rest: &[&str]) -> Parsed {
    match rest {
        [depth, picture @ ..] if depth.bytes().all(|byte| byte.is_ascii_digit()) => {
            let depth = depth
                .parse::<u32>()
                .ok()
                .filter(|depth| (1..=RATE_DEPTH).contains(depth))
                .ok_or_else(|| {
                    CommandError::BadDepth(format!(
                        "rate looks ahead from 1 to {RATE_DEPTH} half-moves, not \"{}\"",
                        crate::files::shown(depth, 20)
                    ))
                })?;
            position("rate", picture).map(|picture| Command::RateAhead(depth, picture))
        }
        _ => position("rate", rest).map(Command::Rate),
    }
}

/// `weights [CELL]`
pub fn weights(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Weights(None)),
        [cell] => Ok(Command::Weights(Some(cell.to_string()))),
        [_, more @ ..] => Err(extra("weights", more)),
    }
}

/// `solve [POS] [within N]`: the budget, a number of positions, may be written with
/// commas (`within 10,000`).
pub fn solve(rest: &[&str]) -> Parsed {
    let (rest, budget) = match rest {
        [before @ .., within, budget] if is(within, "within") => {
            let positions = budget
                .replace(',', "")
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=MAX_SOLVE_BUDGET).contains(n))
                .ok_or_else(|| CommandError::BadBudget(budget.to_string()))?;
            (before, Some(positions))
        }
        [.., within] if is(within, "within") => {
            return Err(missing(
                "solve",
                "solve [POS] within N, N a number of positions",
            ));
        }
        _ => (rest, None),
    };
    position("solve", rest).map(|position| Command::Solve(position, budget))
}

/// `boxes [MOVE|ply N|on|off|changed]`
pub fn boxes(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Boxes(None)),
        [word] if is(word, "on") => Ok(Command::BoxesAfterGame(BoxListing::All)),
        [word] if is(word, "off") => Ok(Command::BoxesAfterGame(BoxListing::Off)),
        [word] if is(word, "changed") => Ok(Command::BoxesAfterGame(BoxListing::Changed)),
        // A learner counts MENACE's moves, as the listing's headers do ("MENACE's 3rd
        // move (ply 4)"); the ply, the moves made by both sides before it, is asked
        // for by name.
        [number] => small_number(number)
            .filter(|number| *number >= 1)
            .map(|number| Command::Boxes(Some(BoxesOf::Move(number))))
            .ok_or_else(|| CommandError::BadPly(number.to_string())),
        [word, ply] if is(word, "ply") => small_number(ply)
            .map(|ply| Command::Boxes(Some(BoxesOf::Ply(ply))))
            .ok_or_else(|| CommandError::BadPly(format!("ply {ply}"))),
        [_, more @ ..] => Err(extra("boxes", more)),
    }
}

/// `pictures on|off`
pub fn pictures(rest: &[&str]) -> Parsed {
    match rest {
        [word] if is(word, "on") => Ok(Command::Pictures(true)),
        [word] if is(word, "off") => Ok(Command::Pictures(false)),
        _ => Err(missing(
            "pictures",
            "pictures on (each MENACE move drawn as its box) or pictures off",
        )),
    }
}

/// `box [POS|N]`
pub fn a_box(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Box(None)),
        [which] => Ok(Command::Box(Some(match which.parse::<usize>() {
            Ok(number) => BoxQuery::Number(number),
            Err(_) => BoxQuery::Position(which.to_string()),
        }))),
        [picture, mover] if mover.len() == 1 => Ok(Command::Box(Some(BoxQuery::Position(
            format!("{picture} {mover}"),
        )))),
        [_, more @ ..] => Err(extra("box", more)),
    }
}

pub fn stats(rest: &[&str]) -> Parsed {
    bare("stats", rest, Command::Stats)
}

/// `preset NAME`, read by the preset itself.
pub fn preset(rest: &[&str]) -> Parsed {
    Preset::parse(&rest.join(" "))
        .map(Command::Preset)
        .map_err(CommandError::BadPreset)
}

/// `learner [NAME [PARAM VALUE]...]`, the name and parameters read by its row.
pub fn learner(rest: &[&str]) -> Parsed {
    let Some((name, words)) = rest.split_first() else {
        return Ok(Command::Learner(None));
    };
    let Some(row) = crate::learners::row(name) else {
        let names: Vec<&str> = crate::learners::LEARNERS
            .iter()
            .map(|row| row.name)
            .collect();
        return Err(CommandError::BadLearner(format!(
            "There is no learner \"{}\"; the learners are {}",
            crate::files::shown(name, 30),
            names.join(", ")
        )));
    };
    row.given_params(words).map_err(CommandError::BadLearner)?;
    Ok(Command::Learner(Some(super::LearnerAsk {
        row: row.name,
        words: words.iter().map(|word| word.to_string()).collect(),
    })))
}

pub fn reset(rest: &[&str]) -> Parsed {
    bare("reset", rest, Command::Reset)
}

/// `experiment [N]`: twenty seeds unless told.
pub fn experiment(rest: &[&str]) -> Parsed {
    match rest {
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
        [_, more @ ..] => Err(extra("experiment", more)),
    }
}

/// `against NAME`, or `against menace`.
pub fn against(rest: &[&str]) -> Parsed {
    match rest {
        [who] if is(who, "menace") => Ok(Command::Against(None)),
        _ => opponent_named(rest).map(|kind| Command::Against(Some(kind))),
    }
}

/// `opponent NAME`, or `opponent you` (also `me`, `human`).
pub fn opponent(rest: &[&str]) -> Parsed {
    match rest {
        [who] if matches!(who.to_ascii_lowercase().as_str(), "you" | "me" | "human") => {
            Ok(Command::Opponent(None))
        }
        _ => opponent_named(rest).map(|kind| Command::Opponent(Some(kind))),
    }
}

/// `vs NAME`
pub fn vs(rest: &[&str]) -> Parsed {
    opponent_named(rest).map(Command::Vs)
}

/// `train N [vs NAME [LEVEL]] [csv FILE] [plot FILE.svg]`
pub fn train(words: &[&str]) -> Parsed {
    const USAGE: &str = "train N [vs NAME] [csv FILE] [plot FILE.svg], e.g. train 2000 vs perfect";
    let Some((count, mut rest)) = words.split_first() else {
        return Err(missing("train", USAGE));
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
        let slot = if is(word, "csv") {
            &mut csv
        } else if is(word, "plot") {
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
        .position(|word| is(word, "csv") || is(word, "plot"))
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
        [vs, opponent @ ..] if is(vs, "vs") => Some(opponent_named(opponent)?),
        _ => return Err(extra("train", rest)),
    };
    Ok(Command::Train {
        games,
        vs,
        csv,
        plot,
    })
}

pub fn variants(rest: &[&str]) -> Parsed {
    bare("variants", rest, Command::Variants)
}

/// `lines [CELL [POS]]`: the game's lines, those through a cell, and in a position
/// what a move there threatens.
pub fn lines(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Lines(None, None)),
        [cell] => Ok(Command::Lines(Some(cell.to_string()), None)),
        [cell, picture] => Ok(Command::Lines(
            Some(cell.to_string()),
            Some(picture.to_string()),
        )),
        [_, _, more @ ..] => Err(extra("lines", more)),
    }
}

/// `kinds [CELL]`: the openings up to symmetry, or the replies to X's opening on CELL.
pub fn kinds(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Kinds(None)),
        [cell] => Ok(Command::Kinds(Some(cell.to_string()))),
        [_, more @ ..] => Err(extra("kinds", more)),
    }
}

/// `count`, `count boxes` or `count full`.
pub fn count(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Count),
        [what] if what.eq_ignore_ascii_case("boxes") => Ok(Command::CountBoxes),
        [what] if what.eq_ignore_ascii_case("full") => Ok(Command::CountFull),
        more => Err(extra("count", more)),
    }
}

/// `variant NAME [OPTION...]`, checked by the registry as it would start the game.
pub fn variant(rest: &[&str]) -> Parsed {
    match rest {
        [] => Err(missing(
            "variant",
            "variant NAME [OPTION...]; variants lists them",
        )),
        words => crate::registry::start(words)
            .map(|_| Command::Variant(words.iter().map(|word| word.to_string()).collect()))
            .map_err(CommandError::BadTraining),
    }
}

/// `side X|O`
pub fn side(rest: &[&str]) -> Parsed {
    match rest {
        [side] if is(side, "x") => Ok(Command::Side(Player::X)),
        [side] if is(side, "o") => Ok(Command::Side(Player::O)),
        _ => Err(missing("side", "side X (you move first) or side O")),
    }
}

/// `rules classic|misere`: `variant` under another name.
pub fn rules(rest: &[&str]) -> Parsed {
    match rest {
        [rules] if is(rules, "classic") => Ok(Command::Variant(vec!["classic".into()])),
        [rules] if is(rules, "misere") || *rules == "misère" => {
            Ok(Command::Variant(vec!["misere".into()]))
        }
        _ => Err(missing("rules", "rules classic or rules misere")),
    }
}

pub fn lessons(rest: &[&str]) -> Parsed {
    bare("lessons", rest, Command::Course(CourseCommand::Lessons))
}

/// `explain [WORD...]`
pub fn explain(rest: &[&str]) -> Parsed {
    Ok(Command::Explain((!rest.is_empty()).then(|| rest.join(" "))))
}

/// `lesson N` or `lesson NAME`
pub fn lesson(rest: &[&str]) -> Parsed {
    match rest {
        [which] => Ok(Command::Course(CourseCommand::Lesson(which.to_string()))),
        [] => Err(missing(
            "lesson",
            "lesson N or lesson NAME; lessons lists them",
        )),
        [_, more @ ..] => Err(extra("lesson", more)),
    }
}

pub fn next(rest: &[&str]) -> Parsed {
    bare("next", rest, Command::Course(CourseCommand::Next))
}

pub fn back(rest: &[&str]) -> Parsed {
    bare("back", rest, Command::Course(CourseCommand::Back))
}

pub fn skip(rest: &[&str]) -> Parsed {
    bare("skip", rest, Command::Course(CourseCommand::Skip))
}

/// `answer TEXT`: the rest of the line, as it is.
pub fn answer(rest: &[&str]) -> Parsed {
    if rest.is_empty() {
        return Err(missing("answer", "answer followed by your answer"));
    }
    Ok(Command::Course(CourseCommand::Answer(rest.join(" "))))
}

pub fn quit_lesson(rest: &[&str]) -> Parsed {
    bare(
        "quit-lesson",
        rest,
        Command::Course(CourseCommand::QuitLesson),
    )
}

/// `plot FILE.svg`
pub fn plot(rest: &[&str]) -> Parsed {
    match rest {
        [file] => check_extension(file, &["svg"], "plot writes an SVG chart", "curve.svg")
            .map(|()| Command::Plot(file.to_string())),
        [] => Err(missing(
            "plot",
            "plot FILE.svg, e.g. plot curve.svg (after a train)",
        )),
        [_, more @ ..] => Err(extra("plot", more)),
    }
}

/// `export FILE.html`, or `export labels FILE.html [counts]`.
pub fn export(rest: &[&str]) -> Parsed {
    match rest {
        [labels, file, rest @ ..]
            if is(labels, "labels")
                && (rest.is_empty() || matches!(rest, [word] if is(word, "counts"))) =>
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
        [labels] if is(labels, "labels") => Err(missing(
            "export",
            "export labels FILE.html [counts], e.g. export labels labels.html counts",
        )),
        [file] => check_extension(
            file,
            &["html", "htm"],
            "export writes an HTML page",
            "boxes.html",
        )
        .map(|()| Command::Export(file.to_string())),
        [] => Err(missing(
            "export",
            "export FILE.html, e.g. export boxes.html; or export labels FILE.html [counts]",
        )),
        [_, more @ ..] => Err(extra("export", more)),
    }
}

/// `save [FILE]`
pub fn save(rest: &[&str]) -> Parsed {
    match rest {
        [] => Ok(Command::Save(None)),
        [file] => Ok(Command::Save(Some(file.to_string()))),
        [_, more @ ..] => Err(extra("save", more)),
    }
}

/// `load FILE`
pub fn load(rest: &[&str]) -> Parsed {
    match rest {
        [] => Err(missing("load", "load FILE, e.g. load menace")),
        [file] => Ok(Command::Load(file.to_string())),
        [_, more @ ..] => Err(extra("load", more)),
    }
}

pub fn help(rest: &[&str]) -> Parsed {
    bare("help", rest, Command::Help)
}

pub fn quit(rest: &[&str]) -> Parsed {
    bare("quit", rest, Command::Quit)
}

pub fn yes(rest: &[&str]) -> Parsed {
    bare("yes", rest, Command::Yes)
}

pub fn no(rest: &[&str]) -> Parsed {
    bare("no", rest, Command::No)
}

/// A line that starts with a number: that many games.
pub fn number_of_games(first: &str, rest: &[&str]) -> Parsed {
    bare(
        "a number of games",
        rest,
        Command::Play(count_of_games(first)?),
    )
}

fn opponent_named(words: &[&str]) -> Result<Choice, CommandError> {
    Choice::parse(words).map_err(CommandError::BadOpponent)
}

fn count_of_games(text: &str) -> Result<u32, CommandError> {
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_GAMES).contains(n))
        .ok_or_else(|| CommandError::BadCount(text.to_string()))
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
fn position(command: &'static str, rest: &[&str]) -> Result<Option<String>, CommandError> {
    match rest {
        [] => Ok(None),
        [picture] => Ok(Some(picture.to_string())),
        [picture, mover] if mover.len() == 1 => Ok(Some(format!("{picture} {mover}"))),
        [_, more @ ..] => Err(extra(command, more)),
    }
}

/// A whole number up to 10,000 (a move or a ply), or `None`.
fn small_number(text: &str) -> Option<usize> {
    text.parse::<usize>()
        .ok()
        .filter(|number| *number <= 10_000)
}
