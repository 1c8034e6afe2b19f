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

use super::{Games, LoadError, Problem};
use crate::game::{AnyGame, Player};
use crate::menace::learner::{Learner, SavedBox, SavedBoxes};
use crate::menace::{Preset, Record};
use serde::{Serialize, Serializer};

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
}

/// A format-2 file's fields, every one checked but the game and the boxes.
#[derive(Debug)]
pub struct Unbuilt {
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

impl Saved {
    /// The file's game and MENACE, the game started and MENACE rebuilt by the functions
    /// given (the registry's); nothing changes anywhere if any of it fails.
    pub fn build(self, start: StartGame, restore: RestoreLearner) -> Result<Loaded, LoadError> {
        let file = match self {
            Saved::Built(loaded) => return Ok(loaded),
            Saved::Unbuilt(file) => file,
        };
        let fail = |problem| LoadError {
            path: file.path.clone(),
            problem,
        };
        let words: Vec<&str> = file.game.split_whitespace().collect();
        let game = start(&words).map_err(|why| fail(Problem::BadGame(why)))?;
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

#[derive(Serialize)]
struct SaveOut<'a> {
    format: u32,
    game: &'a str,
    side: String,
    preset: String,
    games: Games,
    boxes: BoxesOut,
}

/// Boxes in listing order, each a map of move names to counts.
struct BoxesOut(Vec<(String, Vec<(String, u32)>)>);

impl Serialize for BoxesOut {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            self.0
                .iter()
                .map(|(picture, beads)| (picture, Beads(beads))),
        )
    }
}

struct Beads<'a>(&'a [(String, u32)]);

impl Serialize for Beads<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            self.0
                .iter()
                .filter(|(_, count)| *count > 0)
                .map(|(bead, count)| (bead, count)),
        )
    }
}

/// The YAML text of MENACE for game `title`.
pub fn to_yaml(title: &str, learner: &dyn Learner) -> String {
    let record = learner.record();
    let file = SaveOut {
        format: FORMAT_2,
        game: title,
        side: learner.side().to_string(),
        preset: learner.preset().spec(),
        games: Games {
            won: record.won,
            drawn: record.drawn,
            lost: record.lost,
        },
        boxes: BoxesOut(
            learner
                .boxes()
                .into_iter()
                .map(|summary| (summary.picture, summary.beads))
                .collect(),
        ),
    };
    let body = serde_yaml::to_string(&file).unwrap_or_default();
    format!(
        "# MENACE's matchboxes for {title}, playing {}: each box's picture, then its bead count per move.\n{body}",
        learner.side()
    )
}

/// Checks a parsed format-2 file's fields; `path` names it in error messages.
pub(super) fn from_file(file: super::read::FileIn, path: &str) -> Result<Unbuilt, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_string(),
        problem,
    };
    let required = |field: Option<String>, name| super::required(field, name).map_err(fail);
    let game = required(file.game, "game")?;
    let side = match required(file.side, "side")?.as_str() {
        "X" | "x" => Player::X,
        "O" | "o" => Player::O,
        other => return Err(fail(Problem::BadSide(other.to_string()))),
    };
    let preset = Preset::parse(&required(file.preset, "preset")?)
        .map_err(|error| fail(Problem::BadPreset(error.to_string())))?;
    let games = super::required(file.games, "games").map_err(fail)?;
    let record = super::checked_record(&games).map_err(fail)?;
    let boxes = super::required(file.boxes, "boxes").map_err(fail)?.0;
    Ok(Unbuilt {
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
