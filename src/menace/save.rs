//! The save file: what MENACE learned, in YAML a person can read.
//!
//! ```yaml
//! format: 1
//! preset: challenge
//! games:
//!   won: 3
//!   drawn: 1
//!   lost: 2
//! boxes:
//!   '.........':
//!     LL: 2
//!     MM: 1
//! ```
//!
//! YAML is read and written in exactly one place each ([`from_yaml`], [`to_yaml`]). A
//! save goes to a temporary file in the same folder that is then renamed into place, so a
//! crash never leaves half a file; a load checks everything before anything changes.

use super::boxes::matchboxes;
use super::classic::{self, ClassicMenace};
use super::learn::{MAX_BEADS, Preset, Record};
use crate::game::{Rules, Square, TicTacToe};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::path::Path;

/// Format 1: classic MENACE playing X, as the first versions wrote it. Still read, and
/// written by [`to_yaml`] for tests and older programs.
pub const FORMAT: u32 = 1;

pub mod binary;
pub mod format2;
mod output;
mod place;
mod played;
mod read;
pub use binary::{FORMAT_3, Streamed};
pub use format2::{Builders, FORMAT_2, Loaded, OtherLearner, Saved, Unbuilt};
pub use output::{holds_a_save, write_output, write_output_with};
pub use place::{
    BadName, DEFAULT_FILE, FolderLock, Refused, SaveError, Stamp, remove_stale_temporaries,
    resolve, resolve_with, stamp, write_atomically, write_atomically_with, write_guarded,
    write_guarded_with,
};
pub use played::InProgress;

/// A YAML save file larger than this is refused unread (classic MENACE's is about 10
/// KiB); a bigger MENACE is saved in format 3 ([`binary`]).
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A save is written in YAML, which a person can open and read, while it takes at most
/// this (some fifty thousand lines); beyond, in the compressed format 3, which is many
/// times smaller, loads faster and holds any MENACE. Classic MENACE's file is about
/// 12 KiB.
pub const YAML_MAX_BYTES: u64 = 1024 * 1024;

/// A save with more entries (lines, flow items) than this is refused before parsing: at
/// about ten bytes a bead line, a save under the byte cap has fewer, and the parser's
/// time grows with the entries, not the bytes (two million take it about half a second).
const MAX_ENTRIES: usize = 2_000_000;

/// Why a file was not loaded. The MENACE in memory was not changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    pub path: String,
    pub problem: Problem,
}

/// What exactly was wrong with a save file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    Unreadable(crate::files::ReadProblem),
    NotYaml(String),
    NoVersion,
    WrongVersion(u64),
    BadPreset(String),
    BadGames(String),
    NotAPosition {
        key: String,
        why: String,
    },
    NotCanonical {
        key: String,
        canonical: String,
    },
    NoSuchBox {
        key: String,
    },
    MissingBox(String),
    BadCellName {
        key: String,
        cell: String,
    },
    OccupiedCell {
        key: String,
        cell: String,
    },
    NegativeCount {
        key: String,
        cell: String,
        count: i64,
    },
    AbsurdCount {
        key: String,
        cell: String,
        count: i64,
    },
    /// Format 2: the game named is not one of ours.
    BadGame(String),
    BadSide(String),
    /// Format 2: a box that is not right, in one sentence.
    BadBox(String),
}

impl fmt::Display for LoadError {
    /// One sentence, whatever the file held: control characters escaped, and any text
    /// quoted from the file (a parser's message may quote megabytes) cut short.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sentence = String::new();
        self.write_raw(&mut sentence)?;
        f.write_str(&crate::files::shown(&sentence, 400))
    }
}

impl LoadError {
    fn write_raw(&self, f: &mut String) -> fmt::Result {
        use std::fmt::Write;
        let path = &self.path;
        match &self.problem {
            Problem::Unreadable(crate::files::ReadProblem::TooLarge { cap }) => write!(
                f,
                "{path} is larger than {}, far too large to be a MENACE save file",
                crate::files::bytes(*cap)
            ),
            Problem::Unreadable(why) => write!(f, "could not read {path}: {why}"),
            Problem::NotYaml(why) => write!(f, "{path} is not a valid save file: {why}"),
            Problem::NoVersion => write!(
                f,
                "{path} has no `format:` line, so it is not a MENACE save file"
            ),
            Problem::WrongVersion(found) => write!(
                f,
                "{path} is in save format {found}, but this menace reads formats {FORMAT} to {FORMAT_3}"
            ),
            Problem::BadGame(why) => write!(f, "{path}: the game is not valid: {why}"),
            Problem::BadSide(side) => {
                write!(f, "{path}: the side is X or O, not \"{side}\"")
            }
            Problem::BadBox(why) => write!(f, "{path}: {why}"),
            Problem::BadPreset(why) => write!(f, "{path}: the preset is not valid: {why}"),
            Problem::BadGames(why) => write!(f, "{path}: the games record is not valid: {why}"),
            Problem::NotAPosition { key, why } => {
                write!(f, "{path}: box \"{key}\" is not a position: {why}")
            }
            Problem::NotCanonical { key, canonical } => write!(
                f,
                "{path}: box \"{key}\" is not in canonical form (its box is {canonical})"
            ),
            Problem::NoSuchBox { key } => write!(
                f,
                "{path}: there is no box for {key} (MENACE moves only with X to move after 0, 2, 4 or 6 moves of an unfinished game)"
            ),
            Problem::MissingBox(key) => write!(f, "{path}: box {key} is missing"),
            Problem::BadCellName { key, cell } => write!(
                f,
                "{path}: box {key} names a cell \"{cell}\"; cells are LL, LM, ... RR"
            ),
            Problem::OccupiedCell { key, cell } => write!(
                f,
                "{path}: box {key} has beads on {cell}, which is not empty in its picture"
            ),
            Problem::NegativeCount { key, cell, count } => {
                write!(
                    f,
                    "{path}: box {key} has a negative count {count} on {cell}"
                )
            }
            Problem::AbsurdCount { key, cell, count } => write!(
                f,
                "{path}: box {key} has {count} beads on {cell}, more than the {MAX_BEADS} allowed"
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// The file as written: fields in a fixed order, boxes in listing order.
#[derive(Serialize)]
struct SaveOut<'a> {
    format: u32,
    preset: String,
    games: Games,
    boxes: BoxesOut<'a>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Games {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

/// A learner's record as a file writes it.
impl From<Record> for Games {
    fn from(record: Record) -> Games {
        Games {
            won: record.won,
            drawn: record.drawn,
            lost: record.lost,
        }
    }
}

/// The record of a file's games, unless the counts are absurd.
fn checked_record(games: &Games) -> Result<Record, Problem> {
    format2::record_of(games).ok_or_else(|| {
        Problem::BadGames(format!(
            "the counts add up to more than {} games",
            Record::MAX_GAMES
        ))
    })
}

struct BoxesOut<'a>(&'a ClassicMenace);

impl Serialize for BoxesOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(matchboxes().iter().map(|(id, matchbox)| {
            (
                matchbox.name(),
                CellsOut(classic::cells(self.0, id.index())),
            )
        }))
    }
}

struct CellsOut([u32; 9]);

impl Serialize for CellsOut {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            Square::ALL
                .iter()
                .filter(|square| self.0[square.index()] > 0)
                .map(|square| (square.name(), self.0[square.index()])),
        )
    }
}

/// The YAML text of a format-1 save file (classic MENACE playing X), as the first
/// versions wrote it: kept to make the files that show format 1 still loads.
pub fn to_yaml(menace: &ClassicMenace) -> String {
    let record = menace.record();
    let file = SaveOut {
        format: FORMAT,
        preset: menace.preset().spec(),
        games: Games::from(record),
        boxes: BoxesOut(menace),
    };
    let body = serde_yaml::to_string(&file).unwrap_or_default();
    format!(
        "# MENACE's matchboxes: each box's picture, then its bead count per cell (LL top-left .. RR bottom-right).\n{body}"
    )
}

/// Reads and checks a format-1 file's text; `path` names it in error messages.
pub fn from_yaml(text: &str, path: &str) -> Result<ClassicMenace, LoadError> {
    let file = read_file(text, path)?;
    match version_of(&file).map_err(|problem| fail_in(path, problem))? {
        1 => from_file(file, path),
        n => Err(fail_in(path, Problem::WrongVersion(n))),
    }
}

fn fail_in(path: &str, problem: Problem) -> LoadError {
    LoadError {
        path: path.to_string(),
        problem,
    }
}

/// The file's fields after one parse. Nesting is bounded before the parser runs, and a
/// `format:` line naming a version we do not read refuses the file unparsed.
fn read_file(text: &str, path: &str) -> Result<read::FileIn, LoadError> {
    crate::files::check_shape(text, crate::files::MAX_NESTING, MAX_ENTRIES)
        .map_err(|why| fail_in(path, Problem::NotYaml(why)))?;
    let line = read::version_line(text);
    if let Some(n) = line.filter(|n| ![u64::from(FORMAT), u64::from(FORMAT_2)].contains(n)) {
        return Err(fail_in(path, Problem::WrongVersion(n)));
    }
    read::parse(text).map_err(|error| match line {
        None => fail_in(path, Problem::NoVersion),
        Some(_) => fail_in(path, Problem::NotYaml(error.to_string())),
    })
}

/// The version the parsed file gives.
fn version_of(file: &read::FileIn) -> Result<u64, Problem> {
    match file.format.as_ref().map(serde_yaml::Value::as_u64) {
        Some(Some(n)) if n == u64::from(FORMAT) || n == u64::from(FORMAT_2) => Ok(n),
        Some(Some(n)) => Err(Problem::WrongVersion(n)),
        _ => Err(Problem::NoVersion),
    }
}

/// A field the format needs, or the sentence saying it is missing.
fn required<T>(field: Option<T>, name: &str) -> Result<T, Problem> {
    field.ok_or_else(|| Problem::NotYaml(format!("it has no `{name}:`")))
}

/// Checks a parsed format-1 file: classic MENACE playing X, every box present.
fn from_file(file: read::FileIn, path: &str) -> Result<ClassicMenace, LoadError> {
    let fail = |problem| fail_in(path, problem);
    if let Some(name) = [("game", file.game.is_some()), ("side", file.side.is_some())]
        .iter()
        .find_map(|(name, present)| present.then_some(name))
    {
        return Err(fail(Problem::NotYaml(format!(
            "a format-1 file has no `{name}:` (it is always classic MENACE playing X)"
        ))));
    }
    let preset = Preset::parse(&required(file.preset, "preset").map_err(fail)?)
        .map_err(|error| fail(Problem::BadPreset(error.to_string())))?;
    let games = required(file.games, "games").map_err(fail)?;
    let saved = required(file.boxes, "boxes").map_err(fail)?.0;
    let boxes = matchboxes();
    let mut beads = vec![[0u32; 9]; boxes.len()];
    let mut seen = vec![false; boxes.len()];
    for (key, cells) in &saved {
        let position = TicTacToe::from_picture(key, Rules::default()).map_err(|why| {
            fail(Problem::NotAPosition {
                key: key.clone(),
                why: why.to_string(),
            })
        })?;
        let lookup = boxes
            .find(&position)
            .ok_or_else(|| fail(Problem::NoSuchBox { key: key.clone() }))?;
        let matchbox = boxes.get(lookup.id);
        if matchbox.name() != *key {
            return Err(fail(Problem::NotCanonical {
                key: key.clone(),
                canonical: matchbox.name(),
            }));
        }
        if seen[lookup.id.index()] {
            return Err(fail(Problem::BadBox(format!("box {key} is written twice"))));
        }
        seen[lookup.id.index()] = true;
        let mut filled = [false; 9];
        for (cell, count) in cells {
            // Exactly as written by `save`: `mm` is not read as `MM`, so a cell cannot
            // be given twice under two spellings.
            let square = Square::parse(cell)
                .ok()
                .filter(|square| square.name() == *cell)
                .ok_or_else(|| {
                    fail(Problem::BadCellName {
                        key: key.clone(),
                        cell: crate::files::shown(cell, 40),
                    })
                })?;
            if std::mem::replace(&mut filled[square.index()], true) {
                return Err(fail(Problem::BadBox(format!(
                    "box {key} gives the beads on {cell} twice"
                ))));
            }
            let cell = square.name();
            if *count < 0 {
                return Err(fail(Problem::NegativeCount {
                    key: key.clone(),
                    cell,
                    count: *count,
                }));
            }
            if *count > i64::from(MAX_BEADS) {
                return Err(fail(Problem::AbsurdCount {
                    key: key.clone(),
                    cell,
                    count: *count,
                }));
            }
            if *count > 0 && position.at(square).is_some() {
                return Err(fail(Problem::OccupiedCell {
                    key: key.clone(),
                    cell,
                }));
            }
            beads[lookup.id.index()][square.index()] = u32::try_from(*count).unwrap_or(0);
        }
    }
    if let Some((_, missing)) = boxes.iter().find(|(id, _)| !seen[id.index()]) {
        return Err(fail(Problem::MissingBox(missing.name())));
    }
    let record = checked_record(&games).map_err(fail)?;
    classic::from_cells(crate::game::Player::X, preset, &beads, record)
        .map_err(|why| fail(Problem::BadGames(why)))
}

/// Reads and checks a save file of either format. A format-1 file is classic MENACE
/// and comes built; a format-2 file names its game, which the registry starts and whose
/// entry rebuilds MENACE from the boxes ([`Unbuilt`]).
pub fn from_yaml_any(text: &str, path: &str) -> Result<Saved, LoadError> {
    let file = read_file(text, path)?;
    match version_of(&file).map_err(|problem| fail_in(path, problem))? {
        1 => from_file(file, path).map(|menace| {
            Saved::Built(Loaded {
                title: "classic".into(),
                side: crate::game::Player::X,
                learner: Box::new(menace),
            })
        }),
        _ => format2::from_file(file, path).map(Saved::Unbuilt),
    }
}

/// Writes MENACE for game `title` to `path`, atomically, and only if the file is still
/// as `expected` (see [`write_guarded`]); the stamp of the file written, taken under the
/// same lock. Format 2 (YAML) while it takes at most [`YAML_MAX_BYTES`], else format 3.
pub fn save_learner_guarded(
    title: &str,
    learner: &dyn super::learner::Learner,
    path: &Path,
    expected: Option<Option<Stamp>>,
) -> Result<Option<Stamp>, Refused> {
    save_learner_as_played(title, learner, InProgress::default(), path, expected)
}

/// [`save_learner_guarded`], the boxes as they stood before the game `in_progress`. The
/// boxes go from the learner straight into the file, one at a time: a save needs no
/// second copy of the learner, and if writing fails nothing is replaced.
pub fn save_learner_as_played(
    title: &str,
    learner: &dyn super::learner::Learner,
    in_progress: InProgress<'_>,
    path: &Path,
    expected: Option<Option<Stamp>>,
) -> Result<Option<Stamp>, Refused> {
    // A learner of another kind than MENACE is always saved in YAML.
    if learner.as_menace().is_none() || fits_in_yaml(title, learner, in_progress) {
        write_guarded_with(
            path,
            &mut |out| format2::write_yaml(out, title, learner, in_progress),
            expected,
        )
    } else {
        write_guarded_with(
            path,
            &mut |out| binary::write(out, title, learner, in_progress),
            expected,
        )
    }
}

/// Which format a save of these boxes takes: whether their YAML would be at most
/// [`YAML_MAX_BYTES`] (and so within what the YAML reader accepts), found by writing it
/// to a counter that gives up as soon as it passes.
pub fn fits_in_yaml(
    title: &str,
    learner: &dyn super::learner::Learner,
    in_progress: InProgress<'_>,
) -> bool {
    /// Counts bytes and lines, and fails once either passes what YAML may take.
    struct Counter {
        bytes: u64,
        lines: usize,
    }
    impl std::io::Write for Counter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.bytes += bytes.len() as u64;
            self.lines += bytes.iter().filter(|byte| **byte == b'\n').count();
            if self.bytes > YAML_MAX_BYTES || self.lines > MAX_ENTRIES {
                return Err(std::io::Error::other("too big for YAML"));
            }
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter { bytes: 0, lines: 0 };
    format2::write_yaml(&mut counter, title, learner, in_progress).is_ok()
}

/// Writes `menace` to `path` atomically in format 1 (see [`write_atomically`]).
pub fn save(menace: &ClassicMenace, path: &Path) -> Result<(), SaveError> {
    write_atomically(path, to_yaml(menace).as_bytes())
}

/// Reads and checks the save file at `path`, in any format. A format-3 file's header is
/// checked now and its boxes read as MENACE is rebuilt ([`Saved::build`]).
pub fn load_any(path: &Path) -> Result<Saved, LoadError> {
    let shown = shown_path(path);
    let mut file = std::io::BufReader::new(open_regular(path)?);
    let start = std::io::BufRead::fill_buf(&mut file).map_err(|error| LoadError {
        path: shown.clone(),
        problem: Problem::Unreadable(crate::files::ReadProblem::Io(error.to_string())),
    })?;
    if binary::is_binary(start) {
        return binary::read(file, &shown).map(Saved::Streamed);
    }
    drop(file);
    from_yaml_any(&read_text(path)?, &shown)
}

/// Reads and checks a save file's bytes, in any format; `path` names it in messages.
pub fn from_bytes_any(bytes: Vec<u8>, path: &str) -> Result<Saved, LoadError> {
    if binary::is_binary(&bytes[..bytes.len().min(8192)]) {
        return binary::read(std::io::Cursor::new(bytes), path).map(Saved::Streamed);
    }
    let text = String::from_utf8(bytes).map_err(|_| LoadError {
        path: path.to_string(),
        problem: Problem::Unreadable(crate::files::ReadProblem::NotText),
    })?;
    from_yaml_any(&text, path)
}

/// The regular file at `path`, opened: its type is checked before it is opened (opening
/// a named pipe would wait for a writer) and again on the open handle.
fn open_regular(path: &Path) -> Result<std::fs::File, LoadError> {
    use crate::files::ReadProblem;
    let fail = |problem| LoadError {
        path: shown_path(path),
        problem: Problem::Unreadable(problem),
    };
    let io = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::NotFound => ReadProblem::Missing,
        _ => ReadProblem::Io(error.to_string()),
    };
    let not_regular = |metadata: &std::fs::Metadata| {
        (!metadata.is_file()).then(|| {
            // The same sentence as for any other file: read_text names the kind.
            crate::files::read_text(path, 0).err()
        })
    };
    let metadata = std::fs::metadata(path).map_err(|error| fail(io(error)))?;
    if let Some(problem) = not_regular(&metadata) {
        return Err(fail(
            problem.unwrap_or(ReadProblem::Io("not a regular file".into())),
        ));
    }
    let file = std::fs::File::open(path).map_err(|error| fail(io(error)))?;
    let opened = file.metadata().map_err(|error| fail(io(error)))?;
    if !opened.is_file() {
        return Err(fail(ReadProblem::Io("it is not a regular file".into())));
    }
    Ok(file)
}

/// The text of a save file: a regular file of at most [`MAX_FILE_BYTES`], UTF-8.
fn read_text(path: &Path) -> Result<String, LoadError> {
    crate::files::read_text(path, MAX_FILE_BYTES).map_err(|problem| LoadError {
        path: shown_path(path),
        problem: Problem::Unreadable(problem),
    })
}

/// A path as error messages show it: escaped, and cut if absurdly long.
pub fn shown_path(path: &Path) -> String {
    crate::files::shown(&path.display().to_string(), 200)
}

#[cfg(test)]
mod tests;
