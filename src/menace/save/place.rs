//! Where files go and how they are written, so that nothing a learner built is lost:
//! names that are file names, writes that are atomic (a temporary file of our own naming
//! renamed into place), permissions kept, read-only files left alone (outputs, which
//! never land on a save, are in `output`), temporaries left by a crash cleaned away, and a stamp of each file as
//! this session last saw it, so a file changed by someone else is not overwritten unasked.

use std::fmt;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The file `save` writes when no name is given, inside the saves folder.
pub const DEFAULT_FILE: &str = "menace.yaml";

/// Our temporary files: `.menace-XXXXXX.tmp` beside the file they will replace.
const TEMP_PREFIX: &str = ".menace-";
pub(super) const TEMP_SUFFIX: &str = ".tmp";

/// A temporary file this old is debris from a crash, not another menace at work (a save
/// takes milliseconds).
pub(super) const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Why a name cannot be used, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadName(pub String);

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where a name given to `save` or `load` points: no name is the default file in the
/// saves folder; a bare name (no folder) is a file in the saves folder, with `.yaml`
/// added when it has no extension; a name with a folder is used as it is. Names that
/// are not file names (`.`, `..`, `.yaml`, `dir/`) are refused.
pub fn resolve(saves_dir: &Path, name: Option<&str>) -> Result<PathBuf, BadName> {
    resolve_with(saves_dir, name, "yaml")
}

/// Like [`resolve`], for a file of another kind: `extension` is added to a bare name
/// without one, and no name means `menace.EXTENSION`.
pub fn resolve_with(
    saves_dir: &Path,
    name: Option<&str>,
    extension: &str,
) -> Result<PathBuf, BadName> {
    let Some(name) = name else {
        return Ok(saves_dir.join(DEFAULT_FILE).with_extension(extension));
    };
    check_name(name)?;
    let given = Path::new(name);
    if given.components().count() > 1 || given.is_absolute() {
        return Ok(given.to_path_buf());
    }
    let mut path = saves_dir.join(given);
    if path.extension().is_none() {
        path.set_extension(extension);
    }
    Ok(path)
}

/// A name must end in a file name that is not hidden: `save .` would write
/// `./saves.yaml`, and `save .yaml` a hidden `.yaml.yaml`.
fn check_name(name: &str) -> Result<(), BadName> {
    let refuse = |why: &str| {
        Err(BadName(format!(
            "\"{}\" {why}",
            crate::files::shown(name, 60)
        )))
    };
    if name.trim().is_empty() {
        return refuse("is not a file name");
    }
    if name.chars().any(char::is_control) {
        return refuse("has control characters in it");
    }
    // Path components drop a trailing `.`, so the last part is read from the text.
    let last = name
        .rsplit(['/', std::path::MAIN_SEPARATOR])
        .next()
        .unwrap_or("");
    if last.is_empty() || last == "." || last == ".." {
        return refuse("names a folder, not a file");
    }
    match Path::new(name).components().next_back() {
        Some(Component::Normal(last)) if !last.to_string_lossy().starts_with('.') => Ok(()),
        Some(Component::Normal(_)) => refuse("is a hidden name (it starts with a dot)"),
        _ => refuse("names a folder, not a file"),
    }
}

/// Why a save failed. Nothing was changed on disk.
#[derive(Debug)]
pub struct SaveError {
    pub path: PathBuf,
    pub error: std::io::Error,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could not save to {}: {}",
            super::shown_path(&self.path),
            self.error
        )
    }
}

impl std::error::Error for SaveError {}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed to
/// disk, then renamed over the target, so the file is either the old one or the new one,
/// never half of either. The folder must exist (a mistyped path creates nothing). A file
/// replaced keeps its permissions; a read-only one is not replaced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    write_atomically_with(path, &mut |file| file.write_all(bytes))
}

/// [`write_atomically`], with the contents written by `contents` as they are made
/// (a page of gigabytes is never held whole); if it fails, nothing is replaced.
pub fn write_atomically_with(
    path: &Path,
    contents: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    write_guarded_with(path, contents, None)
        .map(|_| ())
        .map_err(|refused| match refused {
            Refused::Failed(error) => error,
            // Only a write with an expectation finds the file changed; never a panic.
            Refused::Changed => SaveError {
                path: path.to_path_buf(),
                error: std::io::Error::other("the file changed while it was being saved"),
            },
        })
}

/// Why a guarded write did not happen. Nothing was changed on disk.
#[derive(Debug)]
pub enum Refused {
    /// The file is not as the caller last saw it: another menace (or anyone) wrote it.
    Changed,
    Failed(SaveError),
}

/// [`write_atomically`], but only if the file is still as `expected` says: with
/// `Some(seen)`, a file that exists must have the stamp `seen` (`Some(None)`: it must not
/// exist), while a file that is gone may always be written; `None` replaces anything.
/// The check, the rename and the stamp returned are one step under the folder's lock
/// ([`FolderLock`]), so of two menaces saving one file at once, the later one finds the
/// file changed instead of silently replacing it. Our stale temporaries in the folder
/// are removed under the same lock.
pub fn write_guarded(
    path: &Path,
    bytes: &[u8],
    expected: Option<Option<Stamp>>,
) -> Result<Option<Stamp>, Refused> {
    write_guarded_with(path, &mut |file| file.write_all(bytes), expected)
}

/// [`write_guarded`], with the contents written by `contents` as they are made.
pub fn write_guarded_with(
    path: &Path,
    contents: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
    expected: Option<Option<Stamp>>,
) -> Result<Option<Stamp>, Refused> {
    let fail = |error| {
        Refused::Failed(SaveError {
            path: path.to_path_buf(),
            error,
        })
    };
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
    let _lock = FolderLock::take(&folder).map_err(fail)?;
    remove_debris(&folder, STALE_UNDER_LOCK);
    if let Some(expected) = expected
        && let Some(now) = stamp(path)
        && Some(now) != expected
    {
        return Err(Refused::Changed);
    }
    let existing = std::fs::metadata(path).ok();
    if let Some(existing) = &existing {
        if !existing.is_file() {
            return Err(fail(std::io::Error::other("it is not a regular file")));
        }
        if existing.permissions().readonly() {
            return Err(fail(std::io::Error::other(
                "it is read-only (make it writable first, or give another name)",
            )));
        }
    }
    let mut temporary = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&folder)
        .map_err(fail)?;
    {
        let mut buffered = std::io::BufWriter::new(temporary.as_file_mut());
        contents(&mut buffered)
            .and_then(|()| buffered.flush())
            .map_err(fail)?;
    }
    let permissions = match &existing {
        Some(existing) => existing.permissions(),
        None => new_file_permissions(temporary.as_file()).map_err(fail)?,
    };
    temporary
        .as_file()
        .set_permissions(permissions)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(fail)?;
    temporary.persist(path).map_err(|error| fail(error.error))?;
    Ok(stamp(path))
}

/// An exclusive advisory lock on a folder, held while a menace checks, writes and
/// renames a file in it (a few milliseconds), released when dropped. On Unix the
/// folder itself is locked, which leaves nothing behind; elsewhere a `.menace.lock`
/// file in it. A lock held by a stopped process is waited for a few seconds, then the
/// save is refused rather than the session hanging.
pub struct FolderLock {
    _file: std::fs::File,
}

/// How long a save waits for another menace's save in the same folder.
pub(super) const LOCK_PATIENCE: Duration = Duration::from_secs(5);

impl FolderLock {
    pub fn take(folder: &Path) -> std::io::Result<FolderLock> {
        #[cfg(unix)]
        let file = std::fs::File::open(folder)?;
        #[cfg(not(unix))]
        let file = std::fs::File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(folder.join(".menace.lock"))?;
        let started = std::time::Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(FolderLock { _file: file }),
                Err(std::fs::TryLockError::WouldBlock) if started.elapsed() < LOCK_PATIENCE => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(std::io::Error::other(
                        "another menace has been saving in its folder for seconds; try again",
                    ));
                }
                Err(std::fs::TryLockError::Error(error)) => return Err(error),
            }
        }
    }
}

/// The permissions of a new save: readable by all, writable by its owner, as any file
/// an editor would make (the temporary file starts private).
pub(super) fn new_file_permissions(file: &std::fs::File) -> std::io::Result<std::fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = file;
        Ok(std::fs::Permissions::from_mode(0o644))
    }
    #[cfg(not(unix))]
    {
        Ok(file.metadata()?.permissions())
    }
}

/// Removes temporary files of our own naming (and the unnamed `.tmpXXXXXX` of earlier
/// versions) left in `folder` by a crash. Under the folder's lock a temporary of ours
/// older than a minute is debris: every save of this version writes its temporary under
/// the lock and renames it within milliseconds (the minute spares a save of an older
/// version, which takes no lock). Without the lock only temporaries older than ten
/// minutes go. Returns how many were removed.
pub fn remove_stale_temporaries(folder: &Path) -> usize {
    match FolderLock::take(folder) {
        Ok(_lock) => remove_debris(folder, STALE_UNDER_LOCK),
        Err(_) => remove_debris(folder, STALE_AFTER),
    }
}

/// A temporary this old, found under the folder's lock, is not a save in progress.
const STALE_UNDER_LOCK: Duration = Duration::from_secs(60);

fn remove_debris(folder: &Path, stale_after: Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let now = SystemTime::now();
    entries
        .filter_map(Result::ok)
        .filter(|entry| is_our_temporary(&entry.file_name().to_string_lossy()))
        .filter(|entry| {
            let stale_after = if entry
                .file_name()
                .to_string_lossy()
                .starts_with(super::output::OUTPUT_PREFIX)
            {
                stale_after.max(STALE_AFTER)
            } else {
                stale_after
            };
            // `DirEntry::metadata` does not follow links: a link is never ours.
            entry.metadata().is_ok_and(|metadata| {
                metadata.is_file()
                    && metadata
                        .modified()
                        .ok()
                        .and_then(|modified| now.duration_since(modified).ok())
                        .is_some_and(|age| age >= stale_after)
            })
        })
        .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
        .count()
}

fn is_our_temporary(name: &str) -> bool {
    let ours = name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX);
    let earlier = name
        .strip_prefix(".tmp")
        .is_some_and(|rest| rest.len() == 6 && rest.chars().all(|c| c.is_ascii_alphanumeric()));
    ours || earlier
}

/// A file as this session last saw it: if its length or modification time differ now,
/// someone else wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    /// Every save renames a new file into place, so a file written since has another
    /// inode even when its length and time happen to match.
    inode: u64,
}

/// The stamp of the file at `path`, or `None` if there is none.
pub fn stamp(path: &Path) -> Option<Stamp> {
    let metadata = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&metadata);
    #[cfg(not(unix))]
    let inode = 0;
    Some(Stamp {
        len: metadata.len(),
        modified: metadata.modified().ok(),
        inode,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_into_the_saves_folder() {
        let saves = Path::new("saves");
        let ok = |name| resolve(saves, name).unwrap();
        assert_eq!(ok(None), Path::new("saves/menace.yaml"));
        assert_eq!(ok(Some("trained")), Path::new("saves/trained.yaml"));
        assert_eq!(ok(Some("t.yml")), Path::new("saves/t.yml"));
        assert_eq!(ok(Some("other/t.yaml")), Path::new("other/t.yaml"));
        assert_eq!(
            resolve_with(saves, Some("curve"), "csv").unwrap(),
            Path::new("saves/curve.csv")
        );
    }

    #[test]
    fn names_that_are_not_file_names_are_refused() {
        for name in [
            ".",
            "..",
            ".yaml",
            "  ",
            "saves/",
            "a/..",
            "a/.",
            "x\u{1b}y",
            "dir/.hidden",
        ] {
            let refused = resolve(Path::new("saves"), Some(name));
            assert!(refused.is_err(), "{name:?} gave {refused:?}");
        }
    }

    #[test]
    fn a_save_keeps_permissions_and_a_read_only_file_is_not_replaced() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("m.yaml");
        write_atomically(&path, b"format: 2\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), 0o644, "a new save is not private");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
            write_atomically(&path, b"format: 2\n# again\n").unwrap();
            assert_eq!(mode(&path), 0o640, "a replaced save keeps its mode");
        }
        let mut read_only = std::fs::metadata(&path).unwrap().permissions();
        read_only.set_readonly(true);
        std::fs::set_permissions(&path, read_only).unwrap();
        let refused = write_atomically(&path, b"format: 2\n# overwritten\n");
        assert!(refused.is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "format: 2\n# again\n"
        );
    }

    #[test]
    fn stale_temporaries_of_ours_are_cleaned_and_others_kept() {
        let folder = tempfile::tempdir().unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        for name in [".menace-abc123.tmp", ".tmpAb12Cd", "notes.tmp", "m.yaml"] {
            let path = folder.path().join(name);
            std::fs::write(&path, "x").unwrap();
            let file = std::fs::File::options().write(true).open(&path).unwrap();
            file.set_modified(old).unwrap();
        }
        std::fs::write(folder.path().join(".menace-fresh1.tmp"), "x").unwrap();
        assert_eq!(remove_stale_temporaries(folder.path()), 2);
        let mut left: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [".menace-fresh1.tmp", "m.yaml", "notes.tmp"]);
    }

    #[test]
    fn a_stamp_changes_when_someone_else_writes() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("m.yaml");
        assert_eq!(stamp(&path), None);
        std::fs::write(&path, "format: 2\n").unwrap();
        let seen = stamp(&path);
        assert_eq!(stamp(&path), seen);
        std::fs::write(&path, "format: 2\n# someone else\n").unwrap();
        assert_ne!(stamp(&path), seen);
    }
}
