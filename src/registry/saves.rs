//! Save files read back into a session's MENACE: the file names its game, the registry
//! starts it, and the game's entry rebuilds MENACE from the boxes. (The save format
//! itself lives with the learner, in [`crate::menace::save`], below the registry.)

use crate::menace::save::{self, Builders, LoadError, Loaded};
use std::path::Path;

/// How the registry starts a file's game and rebuilds its MENACE.
fn builders() -> Builders<'static> {
    Builders {
        start: &super::start,
        restore: &super::restore_learner,
        restore_stream: &super::typed::restore_stream,
        restore_other: &super::typed::restore_other,
    }
}

/// Reads and checks the save file at `path`, in any format, into its game's MENACE.
/// A compressed file's boxes go from the file into the learner one at a time.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    save::load_any(path)?.build(builders())
}

/// The same from a file's text; `path` names it in error messages.
pub fn from_yaml(text: &str, path: &str) -> Result<Loaded, LoadError> {
    save::from_yaml_any(text, path)?.build(builders())
}

/// The same from a file's bytes, in any format (a compressed file is not text).
pub fn from_bytes(bytes: Vec<u8>, path: &str) -> Result<Loaded, LoadError> {
    save::from_bytes_any(bytes, path)?.build(builders())
}
