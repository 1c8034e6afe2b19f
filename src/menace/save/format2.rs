//! Save format 2: any game's MENACE. The file names the game with its options and the
//! side MENACE plays, then every box by its picture with a bead count per move name:
//!
//! ```yaml
//! format: 2
//! game: silverman no-anti-diagonal
//! side: X
//! preset: challenge
//! games:
//!   won: 3
//!   drawn: 1
//!   lost: 2
//! boxes:
//!   '..../..../..../....':
//!     a4: 2
//!     b3: 1
//! ```
//!
//! Counts of zero are left out. Loading checks everything (the game, the side, the
//! preset, every picture is a box's canonical picture, every bead a legal move there)
//! before anything in memory changes.

use super::binary::Streamed;
use super::played::InProgress;
use super::{Games, LoadError, Problem};
use crate::game::{AnyGame, Player};
use crate::menace::learner::{BoxSource, Learner, SavedBox, SavedBoxes};
use crate::menace::{Preset, Record};
use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};
use std::io::Write;

/// The version this module writes.
pub const FORMAT_2: u32 = 2;

/// What a save file holds: which game, which side, and MENACE for it.
#[derive(Debug)]
pub struct Loaded {
    pub title: String,
    pub side: Player,
    pub learner: Box<dyn Learner>,
}

/// A save file read and checked as far as this layer can: a format-1 file is classic
/// MENACE, built; a format-2 file still needs its game started and MENACE rebuilt by the
/// game's entry (which this layer, below the registry, does not know).
#[derive(Debug)]
pub enum Saved {
    Built(Loaded),
    Unbuilt(Unbuilt),
    /// A format-3 file, its header checked, its boxes still to read.
    Streamed(Streamed),
}

/// A learner of another kind than MENACE as a format-2 file holds it: its kind's name,
/// its parameters and the value of each position, by picture, in the file's order.
#[derive(Debug, Clone, PartialEq)]
pub struct OtherLearner {
    pub kind: String,
    pub params: Vec<(String, f64)>,
    pub values: Vec<(String, f64)>,
}

/// A format-2 file's fields, every one checked but the game and the boxes.
#[derive(Debug)]
pub struct Unbuilt {
    /// A learner of another kind than MENACE, whose file has values, not boxes.
    pub other: Option<OtherLearner>,
    /// The game's name and options, as written.
    pub game: String,
    pub side: Player,
    pub preset: Preset,
    pub record: Record,
    pub boxes: Vec<SavedBox>,
    /// The file, as error messages name it.
    pub path: String,
}

/// Starts a game from its words, or says why not.
pub type StartGame<'a> = &'a dyn Fn(&[&str]) -> Result<Box<dyn AnyGame>, String>;
/// Rebuilds MENACE for a game from a file's boxes, or says why not.
pub type RestoreLearner<'a> = &'a dyn Fn(
    &dyn AnyGame,
    Player,
    Preset,
    Record,
    &SavedBoxes,
) -> Result<Box<dyn Learner>, String>;
/// Rebuilds MENACE for a game from a format-3 file's boxes as they are read, or says why
/// not.
pub type RestoreStream<'a> = &'a dyn Fn(
    &dyn AnyGame,
    Player,
    Preset,
    Record,
    &mut dyn BoxSource,
) -> Result<Box<dyn Learner>, String>;

/// Rebuilds a learner of another kind than MENACE for a game from a file's values, or
/// says why not.
pub type RestoreOther<'a> =
    &'a dyn Fn(&dyn AnyGame, Player, Record, &OtherLearner) -> Result<Box<dyn Learner>, String>;

/// How the registry starts a game and rebuilds MENACE for it from either kind of file.
#[derive(Clone, Copy)]
pub struct Builders<'a> {
    pub start: StartGame<'a>,
    pub restore: RestoreLearner<'a>,
    pub restore_stream: RestoreStream<'a>,
    pub restore_other: RestoreOther<'a>,
}

impl Saved {
    /// The file's game and MENACE, the game started and MENACE rebuilt by the functions
    /// given (the registry's); nothing changes anywhere if any of it fails.
    pub fn build(self, builders: Builders) -> Result<Loaded, LoadError> {
        let file = match self {
            Saved::Built(loaded) => return Ok(loaded),
            Saved::Unbuilt(file) => file,
            Saved::Streamed(file) => return build_streamed(file, builders),
        };
        let Builders { start, restore, .. } = builders;
        let fail = |problem| LoadError {
            path: file.path.clone(),
            problem,
        };
        let words: Vec<&str> = file.game.split_whitespace().collect();
        let game = start(&words).map_err(|why| fail(Problem::BadGame(why)))?;
        if let Some(other) = &file.other {
            let learner = (builders.restore_other)(game.as_ref(), file.side, file.record, other)
                .map_err(|why| fail(Problem::BadBox(why)))?;
            return Ok(Loaded {
                title: game.title(),
                side: file.side,
                learner,
            });
        }
        let learner = restore(
            game.as_ref(),
            file.side,
            file.preset,
            file.record,
            &file.boxes,
        )
        .map_err(|why| fail(Problem::BadBox(why)))?;
        Ok(Loaded {
            title: game.title(),
            side: file.side,
            learner,
        })
    }
}

/// Starts a format-3 file's game and rebuilds MENACE from its boxes as they are read.
fn build_streamed(mut file: Streamed, builders: Builders) -> Result<Loaded, LoadError> {
    let fail = |problem| LoadError {
        path: file.path.clone(),
        problem,
    };
    let words: Vec<&str> = file.game.split_whitespace().collect();
    let game = (builders.start)(&words).map_err(|why| fail(Problem::BadGame(why)))?;
    let learner = (builders.restore_stream)(
        game.as_ref(),
        file.side,
        file.preset,
        file.record,
        file.boxes.as_mut(),
    )
    .map_err(|why| fail(Problem::BadBox(why)))?;
    Ok(Loaded {
        title: game.title(),
        side: file.side,
        learner,
    })
}

#[derive(Serialize)]
struct SaveOut<'a> {
    format: u32,
    game: &'a str,
    side: String,
    preset: String,
    games: Games,
    boxes: BoxesOut<'a>,
}

/// Boxes in listing order, each a map of move names to counts, streamed from the
/// learner as they stood before the game in progress.
struct BoxesOut<'a>(&'a dyn Learner, InProgress<'a>);

impl Serialize for BoxesOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.1.box_count(self.0)))?;
        let mut failed = None;
        let mut beads = Vec::new();
        let visited = self.1.visit(self.0, &mut |view| {
            beads.clear();
            beads.extend(
                view.beads
                    .iter()
                    .enumerate()
                    .filter(|(_, count)| **count > 0)
                    .map(|(index, count)| ((view.move_name)(index), *count)),
            );
            map.serialize_entry(view.picture, &Beads(&beads))
                .map_err(|error| {
                    failed = Some(error);
                    std::io::Error::other("the YAML writer failed")
                })
        });
        if let Some(error) = failed {
            return Err(error);
        }
        visited.map_err(S::Error::custom)?;
        map.end()
    }
}

struct Beads<'a>(&'a [(String, u32)]);

impl Serialize for Beads<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(bead, count)| (bead, count)))
    }
}

/// The YAML text of MENACE for game `title`.
pub fn to_yaml(title: &str, learner: &dyn Learner) -> String {
    let mut text = Vec::new();
    // Writing to memory fails only if the learner's boxes do, which they never do.
    let _ = write_yaml(&mut text, title, learner, InProgress::default());
    String::from_utf8(text).unwrap_or_default()
}

/// Writes the YAML of MENACE for game `title` to `out` as it is made, the boxes as they
/// stood before the game `in_progress`.
pub fn write_yaml(
    out: &mut dyn Write,
    title: &str,
    learner: &dyn Learner,
    in_progress: InProgress<'_>,
) -> std::io::Result<()> {
    if learner.as_menace().is_none() {
        return write_values(out, title, learner);
    }
    let record = learner.record();
    let file = SaveOut {
        format: FORMAT_2,
        game: title,
        side: learner.side().to_string(),
        preset: learner.preset().spec(),
        games: Games::from(record),
        boxes: BoxesOut(learner, in_progress),
    };
    writeln!(
        out,
        "# MENACE's matchboxes for {title}, playing {}: each box's picture, then its bead count per move.",
        learner.side()
    )?;
    serde_yaml::to_writer(out, &file).map_err(|error| std::io::Error::other(error.to_string()))
}

#[derive(Serialize)]
struct ValuesOut<'a> {
    format: u32,
    game: &'a str,
    side: String,
    learner: &'a str,
    params: Numbers<'a>,
    games: Games,
    values: Numbers<'a>,
}

/// `NAME: NUMBER` lines in the order given.
struct Numbers<'a>(&'a [(String, f64)]);

impl Serialize for Numbers<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, number)| (name, number)))
    }
}

/// Writes a learner of another kind than MENACE: its kind and parameters, then the
/// value of every position it learned, by picture, in the order of the pictures (so a
/// file read and saved again is the same, byte for byte).
fn write_values(out: &mut dyn Write, title: &str, learner: &dyn Learner) -> std::io::Result<()> {
    let params: Vec<(String, f64)> = learner
        .params()
        .into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect();
    let values = learner.saved_values();
    let file = ValuesOut {
        format: FORMAT_2,
        game: title,
        side: learner.side().to_string(),
        learner: learner.kind(),
        params: Numbers(&params),
        games: Games::from(learner.record()),
        values: Numbers(&values),
    };
    writeln!(
        out,
        "# {}'s learned values for {title}, playing {}, in the order of their names.",
        learner.kind(),
        learner.side()
    )?;
    serde_yaml::to_writer(out, &file).map_err(|error| std::io::Error::other(error.to_string()))
}

/// The side a file names.
pub(super) fn side_of(side: &str) -> Result<Player, Problem> {
    match side {
        "X" | "x" => Ok(Player::X),
        "O" | "o" => Ok(Player::O),
        other => Err(Problem::BadSide(other.to_string())),
    }
}

/// Checks a parsed format-2 file's fields; `path` names it in error messages.
pub(super) fn from_file(file: super::read::FileIn, path: &str) -> Result<Unbuilt, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_string(),
        problem,
    };
    let required = |field: Option<String>, name| super::required(field, name).map_err(fail);
    let game = required(file.game, "game")?;
    let side = side_of(&required(file.side, "side")?).map_err(fail)?;
    if let Some(kind) = file.learner.filter(|kind| kind != "menace") {
        let games = super::required(file.games, "games").map_err(fail)?;
        let record = super::checked_record(&games).map_err(fail)?;
        if file.boxes.is_some() || file.preset.is_some() {
            return Err(fail(Problem::BadBox(format!(
                "a {kind} learner has values, not MENACE's boxes or preset"
            ))));
        }
        let values = super::required(file.values, "values").map_err(fail)?.0;
        return Ok(Unbuilt {
            other: Some(OtherLearner {
                kind,
                params: file.params.map_or_else(Vec::new, |params| params.0),
                values,
            }),
            game,
            side,
            preset: Preset::default(),
            record,
            boxes: Vec::new(),
            path: path.to_string(),
        });
    }
    if file.params.is_some() || file.values.is_some() {
        return Err(fail(Problem::BadBox(
            "MENACE's file has boxes, not parameters or values".into(),
        )));
    }
    let preset = Preset::parse(&required(file.preset, "preset")?)
        .map_err(|error| fail(Problem::BadPreset(error.to_string())))?;
    let games = super::required(file.games, "games").map_err(fail)?;
    let record = super::checked_record(&games).map_err(fail)?;
    let boxes = super::required(file.boxes, "boxes").map_err(fail)?.0;
    Ok(Unbuilt {
        other: None,
        game,
        side,
        preset,
        record,
        boxes,
        path: path.to_string(),
    })
}

/// The record a file claims, if its counts add up to no more than [`Record::MAX_GAMES`].
pub fn record_of(games: &Games) -> Option<Record> {
    let record = Record {
        won: games.won,
        drawn: games.drawn,
        lost: games.lost,
    };
    record
        .won
        .checked_add(record.drawn)
        .and_then(|n| n.checked_add(record.lost))
        .filter(|total| *total <= Record::MAX_GAMES)
        .map(|_| record)
}
