//! Files and text that come from outside the program: saves, lessons, lesson progress,
//! the line history. They are read only when they are regular files, never beyond a cap
//! counted on the bytes actually read (a FIFO or a link to `/dev/zero` has no honest
//! size), refused before parsing when their nesting is deeper than any of our formats
//! needs (YAML parsers take quadratic time on `[[[[…`), and quoted back to the user with
//! control characters escaped and long text cut, so a file cannot drive the terminal.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadProblem {
    /// There is no such file.
    Missing,
    /// It exists but is a folder, a FIFO, a device…: `kind` names what it is.
    NotRegular { kind: &'static str },
    /// More than `cap` bytes.
    TooLarge { cap: u64 },
    /// Its bytes are not UTF-8.
    NotText,
    /// It starts with more than one byte-order mark: no editor writes that.
    MarksTwice,
    /// The system refused (permissions, I/O error); the sentence is the system's.
    Io(String),
    /// Compressed (zstd), but its compressed data is cut short or damaged.
    Damaged,
}

impl fmt::Display for ReadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadProblem::Missing => write!(f, "there is no such file"),
            ReadProblem::NotRegular { kind } => write!(f, "it is {kind}, not a regular file"),
            ReadProblem::TooLarge { cap } => write!(f, "it is larger than {}", bytes(*cap)),
            ReadProblem::NotText => write!(f, "it is not UTF-8 text"),
            ReadProblem::MarksTwice => write!(f, "it starts with two byte-order marks"),
            ReadProblem::Io(why) => write!(f, "it cannot be read ({why})"),
            ReadProblem::Damaged => write!(f, "its compressed data is cut short or damaged"),
        }
    }
}

/// A byte count as a person reads it: `16 MB`, `512 KB`, `300 bytes`.
pub fn bytes(count: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * KB;
    const GB: u64 = 1024 * MB;
    if count >= GB && count.is_multiple_of(GB) {
        format!("{} GB", count / GB)
    } else if count >= MB && count.is_multiple_of(MB) {
        format!("{} MB", count / MB)
    } else if count >= KB && count.is_multiple_of(KB) {
        format!("{} KB", count / KB)
    } else {
        format!("{count} bytes")
    }
}

/// What the thing at `path` is, in words, when something is there that is not a regular
/// file (a link is followed); `None` for a regular file or nothing. Checked before a file
/// is opened: opening a named pipe waits for the other end, for ever.
pub fn not_regular(path: &Path) -> Option<&'static str> {
    let metadata = std::fs::metadata(path).ok()?;
    (!metadata.is_file()).then(|| kind_of(&metadata))
}

/// What a path that is not a regular file is, in words.
fn kind_of(metadata: &std::fs::Metadata) -> &'static str {
    let file_type = metadata.file_type();
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

/// The text of the regular file at `path`, at most `cap` bytes. The type is checked
/// before the file is opened (opening a FIFO blocks until someone writes to it) and again
/// on the open handle; the cap is enforced on what is read. A byte-order mark, which some
/// editors put before UTF-8 text, is not part of the text; a second one is refused (a
/// parser would take it for text, or skip it too, and no editor writes two).
pub fn read_text(path: &Path, cap: u64) -> Result<String, ReadProblem> {
    let io = |error: std::io::Error| match error.kind() {
        std::io::ErrorKind::NotFound => ReadProblem::Missing,
        _ => ReadProblem::Io(error.to_string()),
    };
    let metadata = std::fs::metadata(path).map_err(io)?;
    if !metadata.is_file() {
        return Err(ReadProblem::NotRegular {
            kind: kind_of(&metadata),
        });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let opened = file.metadata().map_err(io)?;
    if !opened.is_file() {
        return Err(ReadProblem::NotRegular {
            kind: kind_of(&opened),
        });
    }
    let mut content = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut content)
        .map_err(io)?;
    if content.len() as u64 > cap {
        return Err(ReadProblem::TooLarge { cap });
    }
    into_text(content)
}

/// [`read_text`], and a file compressed by zstd (it starts with zstd's magic number) is
/// read through the decompressor: the proofs kept in the repository are compressed, and
/// a reader that took only plain text would make every user unpack them first. The cap
/// holds on the decompressed text, which is what memory must hold; a damaged frame is
/// refused as unreadable.
pub fn read_text_or_zstd(path: &Path, cap: u64) -> Result<String, ReadProblem> {
    const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
    let mut magic = [0u8; 4];
    // The type first: opening a named pipe to read its first bytes would wait for ever.
    let starts_compressed = not_regular(path).is_none()
        && std::fs::File::open(path)
            .and_then(|mut file| file.read_exact(&mut magic))
            .is_ok()
        && magic == ZSTD_MAGIC;
    if !starts_compressed {
        return read_text(path, cap);
    }
    let io = |error: std::io::Error| ReadProblem::Io(error.to_string());
    let file = std::fs::File::open(path).map_err(io)?;
    let decoder = zstd::Decoder::new(file).map_err(io)?;
    let mut content = Vec::new();
    // The decoder's own errors (an incomplete frame, a bad block) say the data is
    // broken; an error of the file underneath is the system's.
    decoder
        .take(cap.saturating_add(1))
        .read_to_end(&mut content)
        .map_err(|error| match error.kind() {
            std::io::ErrorKind::Other
            | std::io::ErrorKind::InvalidData
            | std::io::ErrorKind::UnexpectedEof => ReadProblem::Damaged,
            _ => io(error),
        })?;
    if content.len() as u64 > cap {
        return Err(ReadProblem::TooLarge { cap });
    }
    into_text(content)
}

/// Bytes read from a file as its text: UTF-8, without the byte-order mark some editors
/// put first (a second one is refused: a parser would take it for text).
fn into_text(content: Vec<u8>) -> Result<String, ReadProblem> {
    let mut text = String::from_utf8(content).map_err(|_| ReadProblem::NotText)?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
        if text.starts_with('\u{feff}') {
            return Err(ReadProblem::MarksTwice);
        }
    }
    Ok(text)
}

/// The deepest nesting any of our YAML files needs is a handful of levels; this leaves
/// room for hand-written files while refusing the pathological ones at once.
pub const MAX_NESTING: usize = 32;

/// Refuses YAML or JSON text whose nesting is deeper than `max`, in one linear pass and
/// before any parser sees it. Flow brackets (`[`, `{`) outside quotes count as one level
/// each, and so does each step of indentation of a block line; the count is an
/// over-estimate in odd cases (brackets inside plain scalars), never an under-estimate.
pub fn check_nesting(text: &str, max: usize) -> Result<(), String> {
    check_shape(text, max, usize::MAX)
}

/// [`check_nesting`], and also refuses text of more than `max_items` entries (block lines
/// and flow items, counted in the same pass): the parser's time and memory grow with the
/// entries, so a file of millions of tiny ones (`[1,1,1,…]`) is refused before parsing
/// even under its byte cap.
pub fn check_shape(text: &str, max: usize, max_items: usize) -> Result<(), String> {
    let too_deep = || format!("it is nested more than {max} levels deep");
    let too_many =
        || format!("it has more than {max_items} entries, far more than a file of ours holds");
    let mut items = 0usize;
    let mut flow = 0usize;
    let mut quote: Option<char> = None;
    let mut indents: Vec<usize> = Vec::new();
    for line in text.lines() {
        if flow == 0 && quote.is_none() {
            let indent = line.len() - line.trim_start_matches([' ', '-']).len();
            let content = line.trim_start();
            if !content.is_empty() && !content.starts_with('#') {
                while indents.last().is_some_and(|&last| last >= indent) {
                    indents.pop();
                }
                indents.push(indent);
                if indents.len() > max {
                    return Err(too_deep());
                }
                items += 1;
                if items > max_items {
                    return Err(too_many());
                }
            }
        }
        // `previous`: the character before; `last_mark`: the last one that is not blank.
        // A quote opens a quoted scalar only where a value may start (after `:`, `-`,
        // `,`, `[`, `{`, `?` or at the start of a line); elsewhere it is plain text.
        let mut previous = ' ';
        let mut last_mark = '\n';
        for c in line.chars() {
            match quote {
                Some(open) => {
                    if c == open && (open == '\'' || previous != '\\') {
                        quote = None;
                    }
                }
                None => match c {
                    '#' if previous == ' ' || previous == '\t' => break,
                    '"' | '\''
                        if matches!(previous, ' ' | '\t' | '[' | '{' | ',')
                            && matches!(last_mark, '\n' | ':' | '-' | ',' | '[' | '{' | '?') =>
                    {
                        quote = Some(c);
                    }
                    '[' | '{' => {
                        flow += 1;
                        if flow + indents.len() > max {
                            return Err(too_deep());
                        }
                    }
                    ']' | '}' => flow = flow.saturating_sub(1),
                    ',' if flow > 0 => {
                        items += 1;
                        if items > max_items {
                            return Err(too_many());
                        }
                    }
                    _ => {}
                },
            }
            previous = c;
            if !c.is_whitespace() {
                last_mark = c;
            }
        }
    }
    Ok(())
}

/// Text from a file as it may be shown: control characters (escape sequences, bells,
/// carriage returns) written as `\u{1b}`-style escapes and anything past `max` characters
/// cut with `…`.
pub fn shown(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        if c.is_control() || is_bidi_control(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Text from a file with its control characters escaped as [`shown`] does, but whole and
/// keeping its line breaks: for paragraphs a teacher wrote.
pub fn escaped(text: &str) -> String {
    text.split('\n')
        .map(|line| shown(line, usize::MAX))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Characters that reorder text on screen without being control characters.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_within_their_cap() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("a.yaml");
        std::fs::write(&path, "format: 2\n").unwrap();
        assert_eq!(read_text(&path, 100).unwrap(), "format: 2\n");
        assert_eq!(read_text(&path, 10).unwrap(), "format: 2\n");
        assert_eq!(read_text(&path, 9), Err(ReadProblem::TooLarge { cap: 9 }));
        assert_eq!(
            read_text(&folder.path().join("none.yaml"), 9),
            Err(ReadProblem::Missing)
        );
        assert_eq!(
            read_text(folder.path(), 9),
            Err(ReadProblem::NotRegular { kind: "a folder" })
        );
        std::fs::write(&path, b"\xff\xfe").unwrap();
        assert_eq!(read_text(&path, 9), Err(ReadProblem::NotText));
        std::fs::write(&path, "\u{feff}format: 2\n").unwrap();
        assert_eq!(read_text(&path, 100).unwrap(), "format: 2\n");
        std::fs::write(&path, "\u{feff}\u{feff}format: 2\n").unwrap();
        assert_eq!(read_text(&path, 100), Err(ReadProblem::MarksTwice));
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_pipes_are_refused_without_reading() {
        let folder = tempfile::tempdir().unwrap();
        let link = folder.path().join("zero.yaml");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert_eq!(
            read_text(&link, 1 << 20),
            Err(ReadProblem::NotRegular { kind: "a device" })
        );
        let fifo = folder.path().join("fifo.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            // Opening a FIFO for reading would block this test forever.
            assert_eq!(
                read_text(&fifo, 1 << 20),
                Err(ReadProblem::NotRegular {
                    kind: "a named pipe"
                })
            );
        }
    }

    #[test]
    fn deep_nesting_is_refused_in_linear_time() {
        let flow = "[".repeat(200_000);
        assert!(check_nesting(&flow, MAX_NESTING).is_err());
        let mapping = "{a: ".repeat(50_000);
        assert!(check_nesting(&mapping, MAX_NESTING).is_err());
        let mut block = String::new();
        for depth in 0..40 {
            block.push_str(&" ".repeat(depth));
            block.push_str("a:\n");
        }
        assert!(check_nesting(&block, MAX_NESTING).is_err());
        // A quote inside plain text does not hide the brackets after it.
        let sneaky = format!("a: it's {}", "[".repeat(100));
        assert!(check_nesting(&sneaky, MAX_NESTING).is_err());
    }

    #[test]
    fn entries_are_counted_in_blocks_and_in_flows() {
        assert!(check_shape("a: 1\nb: [1, 2]\n", 8, 3).is_ok());
        assert!(check_shape("a: 1\nb: [1, 2, 3]\n", 8, 3).is_err());
        assert!(check_shape("a: 1\nb: 2\nc: 3\nd: 4\n", 8, 3).is_err());
        assert!(check_shape("a: 'x, y, z, w'\n# a, b, c, d\n", 8, 3).is_ok());
    }

    #[test]
    fn ordinary_yaml_passes_the_nesting_check() {
        let text = "format: 2\ngame: classic\nboxes:\n  - position: \"X...[O]..\"\n    beads: {MM: 1, LL: [2, 3]}\n  - position: 'it''s [ fine'\n# a comment with [[[\n";
        assert_eq!(check_nesting(text, 4), Ok(()));
        let lesson = "steps:\n  - kind: text\n    text: >\n      Brackets [in prose] and {braces}.\n    show: [box 1]\n";
        assert_eq!(check_nesting(lesson, 6), Ok(()));
    }

    #[test]
    fn text_from_files_is_shown_escaped_and_cut() {
        assert_eq!(shown("red\u{1b}[31m", 80), "red\\u{1b}[31m");
        assert_eq!(shown("a\rb\u{7}", 80), "a\\rb\\u{7}");
        assert_eq!(shown("abcdef", 3), "abc…");
        assert_eq!(shown("\u{202e}evil", 80), "\\u{202e}evil");
        assert_eq!(shown("plain text", 80), "plain text");
        assert_eq!(escaped("one\ntwo\u{1b}[2J"), "one\ntwo\\u{1b}[2J");
    }

    #[test]
    fn compressed_text_is_read_through_zstd_within_its_cap() {
        let folder = tempfile::tempdir().unwrap();
        let packed = folder.path().join("proof.json.zst");
        let text = "{\"format\": 2}\n".repeat(100);
        std::fs::write(&packed, zstd::encode_all(text.as_bytes(), 3).unwrap()).unwrap();
        assert_eq!(read_text_or_zstd(&packed, 10_000).unwrap(), text);
        // The cap is on the unpacked text, not the few bytes on disk.
        let cap = text.len() as u64 - 1;
        assert_eq!(
            read_text_or_zstd(&packed, cap),
            Err(ReadProblem::TooLarge { cap })
        );
        // Plain text reads as before; a damaged frame is refused, not a panic.
        let plain = folder.path().join("proof.json");
        std::fs::write(&plain, &text).unwrap();
        assert_eq!(read_text_or_zstd(&plain, 10_000).unwrap(), text);
        let mut damaged = std::fs::read(&packed).unwrap();
        damaged.truncate(damaged.len() / 2);
        std::fs::write(&packed, damaged).unwrap();
        assert_eq!(
            read_text_or_zstd(&packed, 10_000),
            Err(ReadProblem::Damaged)
        );
        assert_eq!(
            read_text_or_zstd(folder.path(), 9),
            Err(ReadProblem::NotRegular { kind: "a folder" })
        );
    }
}
