//! The files a game's options name (`strategic map FILE`), read here, above the rules,
//! and handed to the game's `start` as text: the rules layer reads no file.
//!
//! A confined session (a lesson's demonstration or check) reads them only from its
//! scratch folder, by bare names: a lesson's commands, a save's `game:` line or a
//! lesson's own game cannot name a file outside it.

use crate::game::{Declaration, OptionFiles};

/// An option's file is a few kilobytes (a strategic map); anything much larger is not
/// one.
const MAX_OPTION_FILE_BYTES: u64 = 64 * 1024;

thread_local! {
    /// The scratch folder of the confined session running on this thread, if any.
    static CONFINED: std::cell::RefCell<Option<std::path::PathBuf>> =
        const { std::cell::RefCell::new(None) };
}

/// While this lives, option files on this thread are read only from `folder`, by bare
/// names. Game words are read in many places (parsing a command, loading a save) that
/// know nothing of sessions, hence a guard rather than a parameter.
pub struct Confinement {
    previous: Option<std::path::PathBuf>,
}

/// Confines option files on this thread to `folder` until the guard is dropped.
pub fn confine(folder: &std::path::Path) -> Confinement {
    let previous = CONFINED.with(|confined| confined.replace(Some(folder.to_path_buf())));
    Confinement { previous }
}

impl Drop for Confinement {
    fn drop(&mut self) {
        CONFINED.with(|confined| *confined.borrow_mut() = self.previous.take());
    }
}

/// The text of the file at `path`, or the end of a sentence that names it: "could not be
/// read: ..." or "is outside this example's own scratch folder, ...".
fn read(path: &str) -> Result<String, String> {
    let folder = CONFINED.with(|confined| confined.borrow().clone());
    let file = match folder {
        None => std::path::PathBuf::from(path),
        Some(_) if path.contains(['/', std::path::MAIN_SEPARATOR]) || path.contains("..") => {
            return Err(
                "is outside this example's own scratch folder, where its files stay".into(),
            );
        }
        Some(folder) => folder.join(path),
    };
    crate::files::read_text(&file, MAX_OPTION_FILE_BYTES)
        .map_err(|problem| format!("could not be read: {problem}"))
}

/// Reads the file of every chosen option that takes one (`map maps/rows.yaml`).
pub(super) fn read_for(declaration: &Declaration, options: &[&str]) -> OptionFiles {
    let mut files = Vec::new();
    for option in options {
        let Some((name, value)) = option.split_once(' ') else {
            continue;
        };
        let takes_file = declaration.options.iter().any(|known| {
            known.name == name && known.value.is_some_and(|value| value.placeholder == "FILE")
        });
        if takes_file {
            files.push((value.to_string(), read(value)));
        }
    }
    OptionFiles::new(files)
}

#[cfg(test)]
mod tests {
    use crate::registry::start;

    fn rows(lines: &[&str]) -> String {
        lines
            .iter()
            .map(|line| format!("  - \"{line}\"\n"))
            .collect()
    }

    #[test]
    fn a_confined_session_reads_maps_only_from_its_folder_by_bare_names() {
        let folder = tempfile::tempdir().unwrap();
        let good = format!("rules: functional\nrows:\n{}", rows(&["123"; 27]));
        std::fs::write(folder.path().join("m.yaml"), &good).unwrap();
        let outside = folder.path().join("m.yaml").display().to_string();
        assert!(start(&["strategic", "map", &outside]).is_ok());
        {
            let _confined = super::confine(folder.path());
            for path in [outside.as_str(), "../m.yaml", "/etc/passwd", "sub/m.yaml"] {
                let refused = start(&["strategic", "map", path]).unwrap_err();
                assert!(refused.contains("outside"), "{path}: {refused}");
            }
            assert!(start(&["strategic", "map", "m.yaml"]).is_ok());
        }
        assert!(
            start(&["strategic", "map", &outside]).is_ok(),
            "the confinement ends with its guard"
        );
    }

    #[test]
    fn a_missing_or_odd_file_is_named() {
        let refused = start(&["strategic", "map", "/no/such/map.yaml"]).unwrap_err();
        assert!(refused.contains("/no/such/map.yaml"), "{refused}");
        let folder = tempfile::tempdir().unwrap();
        let refused =
            start(&["strategic", "map", &folder.path().display().to_string()]).unwrap_err();
        assert!(refused.contains("folder"), "{refused}");
    }
}
