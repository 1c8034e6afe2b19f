//! Save files read back into a session's MENACE: the file names its game, the registry
//! starts it, and the game's entry rebuilds MENACE from the boxes. (The save format
//! itself lives with the learner, in [`crate::menace::save`], below the registry.)

use crate::menace::save::{self, LoadError, Loaded};
use std::path::Path;

/// Reads and checks the save file at `path`, in either format, into its game's MENACE.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    save::load_any(path)?.build(&super::start, &super::restore_learner)
}

/// The same from a file's text; `path` names it in error messages.
pub fn from_yaml(text: &str, path: &str) -> Result<Loaded, LoadError> {
    save::from_yaml_any(text, path)?.build(&super::start, &super::restore_learner)
}
