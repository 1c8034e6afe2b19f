//! What the session tests share.

use menace::app::Settings;
use std::path::Path;

/// A seeded session that saves into `saves` and lists no boxes after each game.
pub fn settings(seed: u64, saves: &Path) -> Settings {
    Settings {
        seed,
        show_boxes: menace::app::BoxListing::Off,
        saves_dir: saves.to_path_buf(),
        ..Settings::default()
    }
}
