//! Outputs (a learning curve, a chart, a page of boxes, labels): written atomically like
//! saves, never over a save, and made outside the saves folder's lock, which guards
//! only the check and the rename.

use super::place::{FolderLock, SaveError, TEMP_SUFFIX, new_file_permissions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// An output's temporary file: `.menace-output-XXXXXX.tmp`. It is written outside the
/// folder's lock for as long as the output takes, so it is not debris until it is as
/// old as any temporary found without the lock.
pub(super) const OUTPUT_PREFIX: &str = ".menace-output-";

/// Writes an output (a learning curve, a picture) to `path`, never over a save file:
/// an existing file that holds a MENACE save is refused, anything else is replaced
/// atomically.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    write_output_with(path, &mut |file| file.write_all(bytes))
}

/// [`write_output`], with the contents written as they are made. They are written to a
/// temporary file before the folder's lock is taken, and only the check and the rename
/// are done under it: a page may take half a minute, and another menace's save in the
/// folder, which waits only seconds for the lock, must not be refused meanwhile.
pub fn write_output_with(
    path: &Path,
    contents: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    let fail = |error| SaveError {
        path: path.to_path_buf(),
        error,
    };
    fit_for_output(path).map_err(fail)?;
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(fail(std::io::Error::other(format!(
            "there is no folder {}",
            super::shown_path(&folder)
        ))));
    }
    // Dropped on any failure (or Ctrl-C): the temporary goes, the old file stays.
    let mut temporary = tempfile::Builder::new()
        .prefix(OUTPUT_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&folder)
        .map_err(fail)?;
    {
        let mut buffered = std::io::BufWriter::new(temporary.as_file_mut());
        contents(&mut buffered)
            .and_then(|()| buffered.flush())
            .map_err(fail)?;
    }
    temporary.as_file().sync_all().map_err(fail)?;
    let _lock = FolderLock::take(&folder).map_err(fail)?;
    // Again under the lock: a save may have landed on the name while the page was made.
    fit_for_output(path).map_err(fail)?;
    let permissions = match std::fs::metadata(path) {
        Ok(existing) if existing.permissions().readonly() => {
            return Err(fail(std::io::Error::other(
                "it is read-only (make it writable first, or give another name)",
            )));
        }
        Ok(existing) => existing.permissions(),
        Err(_) => new_file_permissions(temporary.as_file()).map_err(fail)?,
    };
    temporary
        .as_file()
        .set_permissions(permissions)
        .map_err(fail)?;
    temporary.persist(path).map_err(|error| fail(error.error))?;
    Ok(())
}

/// Why an output may not be written at `path`: it is not a regular file, or it holds
/// a save.
fn fit_for_output(path: &Path) -> std::io::Result<()> {
    if let Some(kind) = crate::files::not_regular(path) {
        return Err(std::io::Error::other(format!(
            "it is {kind}, not a regular file"
        )));
    }
    if holds_a_save(path) {
        return Err(std::io::Error::other(
            "it holds MENACE's boxes, which an output never replaces; give another name",
        ));
    }
    Ok(())
}

/// Whether the file at `path` is a MENACE save (its first lines have a `format:` key).
pub fn holds_a_save(path: &Path) -> bool {
    // Only a regular file is opened: opening a named pipe waits for a writer.
    if crate::files::not_regular(path).is_some() {
        return false;
    }
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    if !file.metadata().is_ok_and(|metadata| metadata.is_file()) {
        return false;
    }
    // Bytes, not text: a compressed save is text only up to its boxes.
    let mut start = Vec::new();
    let _ = file.take(4096).read_to_end(&mut start);
    String::from_utf8_lossy(&start)
        .lines()
        .any(|line| line.starts_with("format:") || line.starts_with("# MENACE's matchboxes"))
}

#[cfg(test)]
mod tests {
    use super::super::place::{LOCK_PATIENCE, write_atomically, write_guarded};
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn an_output_never_lands_on_a_save() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("menace.yaml");
        write_atomically(&save, b"# MENACE's matchboxes\nformat: 2\n").unwrap();
        assert!(write_output(&save, b"games,won\n").is_err());
        assert!(
            std::fs::read_to_string(&save)
                .unwrap()
                .contains("format: 2")
        );
        let curve = folder.path().join("curve.csv");
        write_output(&curve, b"games,won\n").unwrap();
        write_output(&curve, b"games,won\n1,1\n").unwrap();
        assert_eq!(std::fs::read_to_string(&curve).unwrap(), "games,won\n1,1\n");
    }

    #[test]
    fn a_save_in_the_folder_goes_through_while_an_output_is_written() {
        let folder = tempfile::tempdir().unwrap();
        let save = folder.path().join("m.yaml");
        let page = folder.path().join("boxes.html");
        let mut saved = None;
        write_output_with(&page, &mut |file| {
            file.write_all(b"<html>")?;
            // Another menace saves while the page is being made: it waits seconds for
            // the folder's lock and gives up, unless the page holds none.
            let started = std::time::Instant::now();
            saved = Some((
                write_guarded(&save, b"format: 2\n", None),
                started.elapsed(),
            ));
            // A save sweeps away temporaries over a minute old: not the page's, which
            // may take longer than that.
            let temporaries = || {
                std::fs::read_dir(folder.path())
                    .unwrap()
                    .filter(|entry| {
                        let name = entry.as_ref().unwrap().file_name();
                        name.to_string_lossy().starts_with(OUTPUT_PREFIX)
                    })
                    .count()
            };
            assert_eq!(temporaries(), 1);
            file.flush()?;
            for entry in std::fs::read_dir(folder.path()).unwrap() {
                let path = entry.unwrap().path();
                if path.to_string_lossy().contains(OUTPUT_PREFIX) {
                    let file = std::fs::File::options().write(true).open(&path).unwrap();
                    file.set_modified(SystemTime::now() - Duration::from_secs(120))
                        .unwrap();
                }
            }
            write_guarded(&save, b"format: 2\n# again\n", None).unwrap();
            assert_eq!(temporaries(), 1, "a page being written is not debris");
            file.write_all(b"</html>")
        })
        .unwrap();
        let (saved, waited) = saved.unwrap();
        assert!(saved.is_ok(), "{saved:?}");
        assert!(waited < LOCK_PATIENCE, "{waited:?}");
        assert_eq!(std::fs::read_to_string(&page).unwrap(), "<html></html>");
        assert_eq!(
            std::fs::read_to_string(&save).unwrap(),
            "format: 2\n# again\n"
        );
        // A save that landed on the output's name meanwhile is never replaced.
        let refused = write_output_with(&save, &mut |file| file.write_all(b"no"));
        assert!(refused.is_err());
        let landed = folder.path().join("late.html");
        let refused = write_output_with(&landed, &mut |file| {
            std::fs::write(&landed, "# MENACE's matchboxes\nformat: 2\n")?;
            file.write_all(b"<html></html>")
        });
        assert!(refused.is_err());
        assert!(
            std::fs::read_to_string(&landed)
                .unwrap()
                .contains("format: 2")
        );
    }
}
