//! Save format 3, the compressed one, for every game MENACE fits: a MENACE trained past
//! what YAML is chosen for saves compressed and loads back box for box, in the console
//! and through the library; a damaged compressed file (cut, bits flipped, counts that
//! do not add up, boxes that are not right) is refused in one sentence.

use menace::lesson::Tutor;
use menace::menace::learner::Learner;
use menace::menace::save::{self, InProgress};
use menace::repl::respond;

use crate::common::settings;

/// A box as a compressed file holds it: its picture, one count per legal move.
type Record = (String, Vec<u32>);

/// Every game MENACE fits, with how many games against random take its YAML past what
/// a save writes as YAML, where that is cheap (`None`: its boxes never get there, or
/// only after minutes of training: the release test below trains those).
const GAMES: &[(&str, Option<u32>)] = &[
    ("classic", None),
    ("misere", None),
    ("cube", None),
    ("qubic", Some(250)),
    ("silverman", None),
    ("crazy", None),
    ("mnk size 5x4", None),
    ("morris", None),
    ("ultimate", Some(400)),
    ("strategic", Some(60)),
    ("quantum", None),
    ("quantum-morris", Some(300)),
];

/// The bytes of a compressed save of `learner`, whatever its size.
fn compressed(title: &str, learner: &dyn Learner) -> Vec<u8> {
    let mut bytes = Vec::new();
    save::binary::write(&mut bytes, title, learner, InProgress::default()).unwrap();
    bytes
}

/// Whether two learners hold the same boxes with the same beads, for the same side,
/// preset and record. The ply of each box too, except in quantum Morris, whose pictures
/// do not record it (a box made at ply 9 reads back at the ply its pieces show, in YAML
/// as in the compressed format).
fn same_boxes(game: &str, one: &dyn Learner, other: &dyn Learner) -> bool {
    let plies = !game.starts_with("quantum-morris");
    let boxes = |learner: &dyn Learner| {
        let mut boxes = Vec::new();
        learner
            .visit_boxes(&mut |view| {
                boxes.push((view.picture.to_string(), view.beads.to_vec()));
                Ok(())
            })
            .unwrap();
        boxes
    };
    (one.side(), one.preset(), one.record()) == (other.side(), other.preset(), other.record())
        && boxes(one) == boxes(other)
        && (!plies || one.boxes() == other.boxes())
}

fn trained(game: &str, games: u32, folder: &std::path::Path) -> Tutor {
    let mut session = Tutor::new(settings(11, folder));
    let switched = respond(&mut session, &format!("variant {game}"));
    assert!(!switched.contains("nknown"), "{game}: {switched}");
    let trained = respond(&mut session, &format!("train {games} vs random"));
    assert!(trained.contains(&games.to_string()), "{game}: {trained}");
    session
}

#[test]
fn every_games_menace_saves_and_loads_back_box_for_box() {
    for (game, big) in GAMES {
        let folder = tempfile::tempdir().unwrap();
        let mut session = trained(game, big.unwrap_or(40), folder.path());
        let learner = session.menace().expect("a MENACE");
        let title = session.game_title();
        // Compressed, through the library, whatever the size.
        let bytes = compressed(&title, learner);
        match menace::registry::saves::from_bytes(bytes, "big.yaml") {
            Ok(loaded) => {
                assert_eq!(loaded.title, title);
                assert!(
                    same_boxes(game, loaded.learner.as_ref(), learner),
                    "{game}: the boxes differ"
                );
            }
            // Classic MENACE's few hundred boxes are always saved as YAML.
            Err(refused) if ["classic", "misere"].contains(game) => {
                assert!(refused.to_string().contains("YAML"), "{refused}");
            }
            Err(refused) => panic!("{game}: {refused}"),
        }
        // In the console: YAML while it is small, compressed past that.
        let saved = respond(&mut session, "save kept");
        assert!(saved.contains("Saved MENACE's boxes"), "{game}: {saved}");
        let file = std::fs::read(folder.path().join("kept.yaml")).unwrap();
        let format = if big.is_some() {
            "format: 3"
        } else {
            "format: 2"
        };
        assert!(
            String::from_utf8_lossy(&file[..200]).contains(format),
            "{game}: {}",
            String::from_utf8_lossy(&file[..200])
        );
        let mut fresh = Tutor::new(settings(12, folder.path()));
        let loaded = respond(&mut fresh, "load kept");
        assert!(loaded.contains("Loaded"), "{game}: {loaded}");
        assert!(
            same_boxes(game, fresh.menace().unwrap(), session.menace().unwrap()),
            "{game}: the boxes differ after a load"
        );
    }
}

/// The heavier version: every game trained to tens of thousands of boxes (crazy 4x4
/// and Qubic past 100,000), saved and loaded back through the console.
/// `cargo test --release --test files heavy -- --ignored`.
#[test]
#[ignore = "trains for minutes: run in release"]
fn heavy_every_games_big_menace_saves_and_loads_back() {
    for (game, games) in [
        ("cube", 20_000),
        ("qubic", 5_000),
        ("silverman", 20_000),
        ("crazy", 20_000),
        ("mnk size 5x4", 20_000),
        ("ultimate", 10_000),
        ("strategic", 1_000),
        ("quantum", 20_000),
        ("quantum-morris", 5_000),
    ] {
        let folder = tempfile::tempdir().unwrap();
        let mut session = trained(game, games, folder.path());
        let saved = respond(&mut session, "save kept");
        assert!(saved.contains("Saved MENACE's boxes"), "{game}: {saved}");
        let mut fresh = Tutor::new(settings(12, folder.path()));
        let loaded = respond(&mut fresh, "load kept");
        assert!(loaded.contains("Loaded"), "{game}: {loaded}");
        assert!(
            same_boxes(game, fresh.menace().unwrap(), session.menace().unwrap()),
            "{game}: the boxes differ after a load"
        );
    }
}

/// A compressed save of a small trained MENACE, and its game's title.
fn sample() -> (Vec<u8>, Box<dyn Learner>) {
    let folder = tempfile::tempdir().unwrap();
    let session = trained("silverman", 30, folder.path());
    let learner = session.menace().unwrap().boxed_clone();
    (compressed("silverman", learner.as_ref()), learner)
}

/// Where the compressed boxes start: after the header's `...` line.
fn body_start(bytes: &[u8]) -> usize {
    bytes.windows(5).position(|w| w == b"\n...\n").unwrap() + 5
}

/// The file's records, decompressed and decoded: (picture, counts).
fn records(bytes: &[u8]) -> Vec<Record> {
    let mut body = zstd::decode_all(&bytes[body_start(bytes)..]).unwrap();
    let mut rest = &mut body[..];
    let mut records = Vec::new();
    while !rest.is_empty() {
        let ((picture, counts), left): ((String, Vec<u32>), _) =
            postcard::take_from_bytes(rest).unwrap();
        records.push((picture, counts));
        let used = rest.len() - left.len();
        rest = &mut rest[used..];
    }
    records
}

/// The same header over other records (the count in the header given).
fn with_records(bytes: &[u8], records: &[Record], declared: usize) -> Vec<u8> {
    let start = body_start(bytes);
    let header = String::from_utf8(bytes[..start].to_vec()).unwrap();
    let line = header.lines().find(|l| l.starts_with("boxes: ")).unwrap();
    let header = header.replace(line, &format!("boxes: {declared}"));
    let mut raw = Vec::new();
    for record in records {
        raw.extend(postcard::to_stdvec(record).unwrap());
    }
    let mut out = header.into_bytes();
    out.extend(zstd::encode_all(&raw[..], 3).unwrap());
    out
}

fn refusal(bytes: Vec<u8>) -> String {
    match menace::registry::saves::from_bytes(bytes, "damaged.yaml") {
        Ok(_) => panic!("a damaged file was loaded"),
        Err(refused) => {
            let sentence = refused.to_string();
            assert!(!sentence.contains('\n'), "one sentence: {sentence}");
            assert!(sentence.len() < 400, "{sentence}");
            sentence
        }
    }
}

#[test]
fn the_records_are_what_the_format_says_and_rebuild_the_learner() {
    let (bytes, learner) = sample();
    let records = records(&bytes);
    assert_eq!(records.len(), learner.box_count());
    // Written again from the decoded records, the file loads to the same learner.
    let again = with_records(&bytes, &records, records.len());
    let loaded = menace::registry::saves::from_bytes(again, "again.yaml").unwrap();
    assert!(*loaded.learner == *learner);
}

#[test]
fn a_cut_or_flipped_compressed_file_is_refused_in_one_sentence() {
    let (bytes, learner) = sample();
    let start = body_start(&bytes);
    for cut in [
        10,
        start - 2,
        start,
        start + 1,
        (start + bytes.len()) / 2,
        bytes.len() - 1,
    ] {
        let sentence = refusal(bytes[..cut].to_vec());
        assert!(sentence.starts_with("damaged.yaml"), "{sentence}");
    }
    // Every bit of the compressed boxes, flipped one at a time in a sample of bytes:
    // refused, or (never seen) the very same learner.
    let step = ((bytes.len() - start) / 97).max(1);
    for at in (start..bytes.len()).step_by(step) {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << bit;
            if let Ok(loaded) = menace::registry::saves::from_bytes(flipped, "damaged.yaml") {
                assert!(
                    *loaded.learner == *learner,
                    "byte {at} bit {bit} loaded other boxes"
                );
            }
        }
    }
    // Bytes after the boxes are refused too.
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"more");
    refusal(longer);
}

#[test]
fn counts_that_do_not_add_up_are_refused() {
    let (bytes, _) = sample();
    let records = records(&bytes);
    let n = records.len();
    assert!(refusal(with_records(&bytes, &records, n + 1)).contains("cannot be read"));
    assert!(refusal(with_records(&bytes, &records, n - 1)).contains("more than the"));
    let absurd = refusal(with_records(&bytes, &records, 2_000_000_000));
    assert!(absurd.contains("more than the 1000000"), "{absurd}");
}

#[test]
fn boxes_that_are_not_right_are_refused_by_name() {
    let (bytes, _) = sample();
    let good = records(&bytes);
    let n = good.len();
    let refused = |edit: &dyn Fn(&mut Vec<Record>)| {
        let mut records = good.clone();
        edit(&mut records);
        let declared = records.len();
        refusal(with_records(&bytes, &records, declared))
    };
    // A count past the limit, a count too many or too few, a box twice.
    let absurd = refused(&|r| r[n / 2].1[0] = 2_000_000_000);
    assert!(absurd.contains("more than the"), "{absurd}");
    let extra = refused(&|r| r[n / 2].1.push(1));
    assert!(extra.contains("bead counts for"), "{extra}");
    let short = refused(&|r| {
        r[n / 2].1.pop();
    });
    assert!(short.contains("bead counts for"), "{short}");
    let twice = refused(&|r| {
        let copy = r[1].clone();
        r.push(copy);
    });
    assert!(twice.contains("twice"), "{twice}");
    // A picture that is not a position, one written otherwise, one not in canonical form.
    let junk = refused(&|r| r[2].0 = "\u{1b}[2Jjunk".into());
    assert!(
        junk.contains("not a position") && !junk.contains('\u{1b}'),
        "{junk}"
    );
    let lower = refused(&|r| r[2].0 = r[2].0.to_lowercase().replace('x', "X").replace('.', "-"));
    assert!(lower.contains("box"), "{lower}");
    // Mirrored left to right: a box's picture that is not its canonical form.
    let mirrored = good.iter().position(|(picture, _)| {
        let mirror: Vec<String> = picture
            .split('/')
            .map(|row| row.chars().rev().collect())
            .collect();
        mirror.join("/") != *picture
    });
    let at = mirrored.expect("a box that is not symmetric");
    let canonical = refused(&|r| {
        let mirror: Vec<String> = r[at]
            .0
            .split('/')
            .map(|row| row.chars().rev().collect())
            .collect();
        r[at].0 = mirror.join("/");
        r[at].1.reverse();
    });
    assert!(
        canonical.contains("canonical") || canonical.contains("twice"),
        "{canonical}"
    );
}

#[test]
fn a_session_keeps_its_boxes_when_a_compressed_file_is_refused() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = trained("strategic", 60, folder.path());
    respond(&mut session, "save big");
    let path = folder.path().join("big.yaml");
    let bytes = std::fs::read(&path).unwrap();
    assert!(String::from_utf8_lossy(&bytes[..200]).contains("format: 3"));
    // A curve or a page never lands on a compressed save either.
    let refused = respond(&mut session, "train 5 csv big.yaml");
    assert!(refused.contains("Not trained"), "{refused}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    respond(&mut session, "train 5 vs random");
    let before = respond(&mut session, "stats");
    std::fs::write(&path, &bytes[..bytes.len() - 100]).unwrap();
    let refused = respond(&mut session, "load big");
    assert!(refused.contains("damaged or cut short"), "{refused}");
    assert_eq!(respond(&mut session, "stats"), before);
}

#[cfg(unix)]
#[test]
fn a_save_streams_the_boxes_and_needs_no_second_copy_of_the_learner() {
    // Strategic after 1,000 games against random: the training takes about 600 MB of
    // address space; a save that copied the learner and listed its boxes first needed
    // well over 1 GB and was killed by the failed allocation, losing the training.
    let folder = tempfile::tempdir().unwrap();
    let program = assert_cmd::cargo::cargo_bin("menace");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg(
            "ulimit -v 850000 && printf 'variant strategic\\ntrain 1000 vs random\\nsave big\\n' \
             | \"$0\" --seed 1 --no-boxes --saves \"$1\"",
        )
        .arg(&program)
        .arg(folder.path())
        .env_remove(menace::memory::VARIABLE)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Saved MENACE's boxes to"),
        "{stdout}\n{stderr}"
    );
    let mut fresh = Tutor::new(settings(13, folder.path()));
    let loaded = respond(&mut fresh, "load big");
    assert!(loaded.contains("learned from 1,000 games"), "{loaded}");
}

/// A compressed save in the middle of a game keeps the boxes as they were before it,
/// as a YAML one does: not the beads drawn in it, nor the boxes it made.
#[test]
fn a_mid_game_compressed_save_holds_the_boxes_as_they_were_before_the_game() {
    let folder = tempfile::tempdir().unwrap();
    let mut session = trained("strategic", 60, folder.path());
    respond(&mut session, "side o");
    assert!(respond(&mut session, "save before").contains("Saved"));
    let started = respond(&mut session, "play 1");
    assert!(started.contains("MENACE"), "{started}");
    assert!(respond(&mut session, "save during").contains("Saved"));
    let read = |name: &str| std::fs::read(folder.path().join(name)).unwrap();
    let before = read("before.yaml");
    assert!(String::from_utf8_lossy(&before[..200]).contains("format: 3"));
    assert!(before == read("during.yaml"), "the files differ");
}
