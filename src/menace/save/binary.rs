//! Save format 3: a MENACE too big for YAML. The same header as format 2, in YAML a
//! person can read, ended by YAML's end-of-document line `...`; then every box,
//! compressed:
//!
//! ```text
//! # MENACE's matchboxes for qubic, playing X: 1000000 boxes, compressed below `...`.
//! format: 3
//! game: qubic
//! side: X
//! preset: challenge
//! games:
//!   won: 3
//!   drawn: 1
//!   lost: 2
//! boxes: 1000000
//! ...
//! <one zstd frame, with its checksum, of the boxes in listing order>
//! ```
//!
//! Each box is one postcard record: its picture (text, as format 2 writes it) and one
//! bead count per legal move of the picture, in the game's order (a varint each), so no
//! move is named and no count of zero is left out.
//!
//! Why these crates: postcard is serde's compact binary codec with a stable, documented
//! wire format (varints: a small count is one byte) and a reader that takes records one
//! at a time from any `io::Read` into a fixed scratch buffer, which is what bounds a
//! record's size as it streams. zstd packs the boxes (pictures of mostly empty cells,
//! small counts) four times for Qubic to thirty times for strategic, at hundreds of
//! megabytes a second each way; its window is capped on both sides (so a hostile file
//! cannot make the reader allocate more), and its frame checksum refuses a flipped bit
//! anywhere in the boxes. By zstd's published comparisons lz4 packs less and deflate is
//! several times slower for the same ratio.
//!
//! A load checks as it reads: the header first (format, game, side, preset, record, a
//! box count within the limit), then each record within the size bounds below, each
//! box as the game's entry rebuilds it (see [`super::super::generic_learner`]), and at
//! the end that the file held exactly the boxes it declared and its checksum holds. The
//! boxes are never held twice: each goes from the file straight into the learner.

use super::played::InProgress;
use super::{Games, LoadError, Problem};
use crate::game::Player;
use crate::menace::DEFAULT_BOX_LIMIT;
use crate::menace::learner::{BoxSource, Learner};
use crate::menace::{Preset, Record};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};

/// The version this module writes.
pub const FORMAT_3: u32 = 3;

/// The most boxes a file may declare: as many as MENACE may hold.
pub const MAX_BOXES: usize = DEFAULT_BOX_LIMIT;

/// The header is a few lines; a file whose `...` line is not within this is refused.
const MAX_HEADER_BYTES: u64 = 64 * 1024;

/// The longest picture a record may hold (the biggest board's is under a kilobyte).
const MAX_PICTURE_BYTES: usize = 16 * 1024;

/// The most bead counts a record may hold (the biggest board has a few hundred cells).
const MAX_MOVES: usize = 4096;

/// A record's largest encoding: the picture, its length, and five bytes a count.
const MAX_RECORD_BYTES: usize = MAX_PICTURE_BYTES + 8 + 5 * (MAX_MOVES + 1);

/// zstd's level: the default, which compresses a million Qubic boxes in about a second.
const LEVEL: i32 = 3;

/// zstd's window, written and accepted: 4 MiB, far above what the boxes gain from and
/// the most memory a hostile file can make the decoder take.
const WINDOW_LOG: u32 = 22;

/// The line that ends the header.
const END_OF_HEADER: &[u8] = b"...\n";

#[derive(Serialize)]
struct HeaderOut<'a> {
    format: u32,
    game: &'a str,
    side: String,
    preset: String,
    games: Games,
    boxes: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderIn {
    format: u64,
    game: String,
    side: String,
    preset: String,
    games: Games,
    boxes: u64,
}

#[derive(Serialize)]
struct RecordOut<'a> {
    picture: &'a str,
    beads: &'a [u32],
}

#[derive(Deserialize)]
struct RecordIn<'a> {
    #[serde(borrow)]
    picture: &'a str,
    beads: BeadsIn,
}

/// A record's bead counts, refused as soon as their number is read if it is absurd
/// (postcard gives it before the counts), so no list grows past [`MAX_MOVES`].
struct BeadsIn(Vec<u32>);

impl<'de> Deserialize<'de> for BeadsIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Counts;
        impl<'de> Visitor<'de> for Counts {
            type Value = BeadsIn;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "at most {MAX_MOVES} bead counts")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BeadsIn, A::Error> {
                let length = seq.size_hint().unwrap_or(0);
                if length > MAX_MOVES {
                    return Err(de::Error::invalid_length(length, &self));
                }
                let mut counts = Vec::with_capacity(length);
                while let Some(count) = seq.next_element()? {
                    if counts.len() == MAX_MOVES {
                        return Err(de::Error::invalid_length(MAX_MOVES + 1, &self));
                    }
                    counts.push(count);
                }
                Ok(BeadsIn(counts))
            }
        }
        deserializer.deserialize_seq(Counts)
    }
}

fn other(why: String) -> std::io::Error {
    std::io::Error::other(why)
}

/// Writes MENACE for game `title` in format 3 to `out`, the boxes streamed from the
/// learner as they stood before the game `in_progress`. Fails, having written part of
/// the file, if a box is beyond what a load accepts (the caller writes to a temporary
/// file, so nothing is replaced).
pub fn write(
    out: &mut dyn Write,
    title: &str,
    learner: &dyn Learner,
    in_progress: InProgress<'_>,
) -> std::io::Result<()> {
    let count = in_progress.box_count(learner);
    if count > MAX_BOXES {
        return Err(other(format!(
            "these {count} boxes are more than the {MAX_BOXES}"
        )));
    }
    let record = learner.record();
    let header = HeaderOut {
        format: FORMAT_3,
        game: title,
        side: learner.side().to_string(),
        preset: learner.preset().spec(),
        games: Games::from(record),
        boxes: count,
    };
    writeln!(
        out,
        "# MENACE's matchboxes for {title}, playing {}: {count} boxes, compressed below `...`.",
        learner.side()
    )?;
    let text = serde_yaml::to_string(&header).map_err(|error| other(error.to_string()))?;
    out.write_all(text.as_bytes())?;
    out.write_all(END_OF_HEADER)?;
    let mut encoder = zstd::Encoder::new(out, LEVEL)?;
    encoder.include_checksum(true)?;
    encoder.window_log(WINDOW_LOG)?;
    let mut scratch = vec![0u8; MAX_RECORD_BYTES];
    let mut written = 0usize;
    in_progress.visit(learner, &mut |view| {
        if view.picture.len() > MAX_PICTURE_BYTES || view.beads.len() > MAX_MOVES {
            return Err(other(format!(
                "box {} is larger than a save may hold",
                view.index + 1
            )));
        }
        let bytes = postcard::to_slice(
            &RecordOut {
                picture: view.picture,
                beads: view.beads,
            },
            &mut scratch,
        )
        .map_err(|error| other(error.to_string()))?;
        encoder.write_all(bytes)?;
        written += 1;
        Ok(())
    })?;
    if written != count {
        return Err(other(format!(
            "{written} boxes were written of the {count} there are"
        )));
    }
    encoder.finish()?;
    Ok(())
}

/// Whether the start of a file (its first few kilobytes) is a format-3 header.
pub fn is_binary(start: &[u8]) -> bool {
    super::read::version_line(&String::from_utf8_lossy(start)) == Some(u64::from(FORMAT_3))
}

/// A format-3 file's header, checked, with its boxes still to read.
pub struct Streamed {
    /// The game's name and options, as written.
    pub game: String,
    pub side: Player,
    pub preset: Preset,
    pub record: Record,
    pub boxes: Box<dyn BoxSource>,
    /// The file, as error messages name it.
    pub path: String,
}

impl fmt::Debug for Streamed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Streamed")
            .field("game", &self.game)
            .field("side", &self.side)
            .field("boxes", &self.boxes.declared())
            .finish_non_exhaustive()
    }
}

/// Reads and checks a format-3 file's header from `input`; the boxes are read as
/// MENACE is rebuilt from them.
pub fn read(mut input: impl BufRead + Send + 'static, path: &str) -> Result<Streamed, LoadError> {
    let fail = |problem| LoadError {
        path: path.to_string(),
        problem,
    };
    let text = header_text(&mut input).map_err(|why| fail(Problem::NotYaml(why)))?;
    crate::files::check_shape(&text, crate::files::MAX_NESTING, 64)
        .map_err(|why| fail(Problem::NotYaml(why)))?;
    let header: HeaderIn = serde_yaml::from_str(&text)
        .map_err(|error| fail(Problem::NotYaml(format!("its header: {error}"))))?;
    if header.format != u64::from(FORMAT_3) {
        return Err(fail(Problem::WrongVersion(header.format)));
    }
    let side = super::format2::side_of(&header.side).map_err(fail)?;
    let preset = Preset::parse(&header.preset)
        .map_err(|error| fail(Problem::BadPreset(error.to_string())))?;
    let record = super::checked_record(&header.games).map_err(fail)?;
    let declared = usize::try_from(header.boxes)
        .ok()
        .filter(|count| *count <= MAX_BOXES)
        .ok_or_else(|| {
            fail(Problem::BadBox(format!(
                "it says it holds {} boxes, more than the {MAX_BOXES} MENACE may have",
                header.boxes
            )))
        })?;
    let mut decoder = zstd::Decoder::with_buffer(input)
        .map_err(|error| fail(Problem::Unreadable(io_problem(&error))))?;
    decoder
        .window_log_max(WINDOW_LOG)
        .map_err(|error| fail(Problem::Unreadable(io_problem(&error))))?;
    Ok(Streamed {
        game: header.game,
        side,
        preset,
        record,
        boxes: Box::new(BoxReader {
            input: BufReader::new(decoder),
            declared,
            read: 0,
            scratch: vec![0; MAX_RECORD_BYTES],
            picture: String::new(),
            beads: Vec::new(),
        }),
        path: path.to_string(),
    })
}

fn io_problem(error: &std::io::Error) -> crate::files::ReadProblem {
    crate::files::ReadProblem::Io(error.to_string())
}

/// The header's text, up to its `...` line (which is read, not kept).
fn header_text(input: &mut impl BufRead) -> Result<String, String> {
    let mut header = Vec::new();
    loop {
        let start = header.len();
        let room = MAX_HEADER_BYTES + 1 - start as u64;
        let read = input
            .take(room)
            .read_until(b'\n', &mut header)
            .map_err(|error| format!("its header could not be read: {error}"))?;
        if read == 0 {
            return Err("it ends before its boxes (there is no `...` line)".into());
        }
        if header.len() as u64 > MAX_HEADER_BYTES {
            return Err(format!(
                "its header is longer than {MAX_HEADER_BYTES} bytes (there is no `...` line)"
            ));
        }
        if &header[start..] == END_OF_HEADER {
            header.truncate(start);
            return String::from_utf8(header).map_err(|_| "its header is not text".into());
        }
    }
}

/// The boxes of a format-3 file, decompressed and decoded one record at a time.
struct BoxReader<R: BufRead> {
    input: BufReader<zstd::Decoder<'static, R>>,
    declared: usize,
    read: usize,
    /// Postcard's buffer for one record: the bound on a picture's size.
    scratch: Vec<u8>,
    picture: String,
    beads: Vec<u32>,
}

impl<R: BufRead + Send> BoxSource for BoxReader<R> {
    fn declared(&self) -> usize {
        self.declared
    }

    fn next_box(&mut self) -> Result<Option<(&str, &[u32])>, String> {
        if self.read == self.declared {
            // The end of the frame is read now, so its checksum is checked.
            return match self.input.fill_buf() {
                Ok([]) => Ok(None),
                Ok(_) => Err(format!(
                    "it holds more than the {} boxes it says",
                    self.declared
                )),
                Err(error) => Err(damaged(&error.to_string())),
            };
        }
        let number = self.read + 1;
        let (record, _) = postcard::from_io::<RecordIn, _>((&mut self.input, &mut self.scratch))
            .map_err(|error| match error {
                postcard::Error::DeserializeUnexpectedEnd => damaged(&format!(
                    "box {number} of the {} it says cannot be read",
                    self.declared
                )),
                error => damaged(&format!("box {number}: {error}")),
            })?;
        self.picture.clear();
        self.picture.push_str(record.picture);
        self.beads = record.beads.0;
        self.read = number;
        Ok(Some((&self.picture, &self.beads)))
    }
}

/// The sentence for boxes that cannot be decoded.
fn damaged(why: &str) -> String {
    let why = crate::files::shown(why, 120);
    format!("its boxes are damaged or cut short ({why})")
}
