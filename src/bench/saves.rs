//! `menace bench --save GAME`: how long a big MENACE takes to save and load back, how
//! large its file is, and how much memory the load needs beside the learner's own.
//!
//! MENACE (X) is trained against random play in the one training loop, in chunks, until
//! it holds the boxes asked for (or has played the games asked for); then it is saved
//! as the console saves it (YAML while small, compressed past that) and loaded back as
//! the console loads it, and the two learners are compared box for box.

use crate::analysis::Effort;
use crate::game::Player;
use crate::menace::learner::Learner;
use crate::menace::save::{self, InProgress};
use crate::menace::{DEFAULT_BOX_LIMIT, Preset};
use crate::play::train;
use crate::players::{Choice, Rival};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// What `menace bench --save` measured.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveBench {
    pub game: String,
    pub games: u64,
    pub boxes: usize,
    /// The format written: 2 (YAML) or 3 (compressed).
    pub format: u32,
    pub bytes: u64,
    pub train: Duration,
    pub save: Duration,
    pub load: Duration,
    /// Whether the learner loaded holds the very boxes, beads and record saved.
    pub same: bool,
    /// Resident memory the training added (the learner, with its accelerator), and the
    /// most the load added above what was resident before it; `None` where the system
    /// does not tell (Linux's /proc does).
    pub learner_bytes: Option<u64>,
    pub load_peak_bytes: Option<u64>,
}

/// A line of /proc/self/status in bytes (`VmRSS`, `VmHWM`).
fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

/// Starts the peak of resident memory afresh from what is resident now (Linux).
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Whether two learners hold the same boxes, beads and record.
fn same_boxes(one: &dyn Learner, other: &dyn Learner) -> bool {
    let boxes = |learner: &dyn Learner| {
        let mut boxes = Vec::new();
        let _ = learner.visit_boxes(&mut |view| {
            boxes.push((view.picture.to_string(), view.beads.to_vec()));
            Ok(())
        });
        boxes
    };
    one.record() == other.record() && one.side() == other.side() && boxes(one) == boxes(other)
}

/// Trains MENACE in `game` against random play until it has `boxes` boxes or has
/// played `games` games, saves it to a temporary folder and loads it back; `Err` names
/// what went wrong.
pub fn run_save(game: &str, boxes: usize, games: u64, seed: u64) -> Result<SaveBench, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let words: Vec<&str> = game.split_whitespace().collect();
    let start = crate::registry::start(&words)?;
    let start = start.as_ref();
    let preset = Preset::challenge();
    let before = status_bytes("VmRSS:");
    let mut menace =
        crate::registry::new_learner(start, Player::X, preset, DEFAULT_BOX_LIMIT, &mut rng)?;
    let no_second = |_: &crate::learners::LearnerChoice, _: Player, _: &mut dyn rand::Rng| None;
    let random = Choice::bare(&crate::players::random::ROW);
    let mut rival = Rival::new(
        random,
        start,
        Player::O,
        preset,
        Effort::default(),
        &no_second,
        &mut rng,
    )?;
    let clock = Instant::now();
    let mut played = 0;
    while menace.box_count() < boxes && played < games {
        let chunk = (games - played).min(1_000);
        let report = train(
            menace.as_mut(),
            &mut rival,
            start,
            chunk,
            &mut rng,
            &mut |_| true,
        );
        played += report.overall.games();
        if report.overall.games() < chunk {
            break;
        }
    }
    let trained = clock.elapsed();
    let learner_bytes = before
        .zip(status_bytes("VmRSS:"))
        .map(|(before, after)| after.saturating_sub(before));
    let folder = tempfile::tempdir().map_err(|error| error.to_string())?;
    let path = folder.path().join("bench.yaml");
    let title = start.title();
    let clock = Instant::now();
    save::save_learner_as_played(&title, menace.as_ref(), InProgress::default(), &path, None)
        .map_err(|_| format!("could not save to {}", path.display()))?;
    let saved = clock.elapsed();
    let bytes = std::fs::metadata(&path).map_or(0, |metadata| metadata.len());
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(&path) {
        let _ = std::io::Read::read_to_end(&mut std::io::Read::take(file, 4096), &mut head);
    }
    let format = if save::binary::is_binary(&head) {
        save::FORMAT_3
    } else {
        save::FORMAT_2
    };
    let measured = reset_peak();
    let resident = status_bytes("VmRSS:");
    let clock = Instant::now();
    let loaded = crate::registry::saves::load(&path).map_err(|error| error.to_string())?;
    let load = clock.elapsed();
    let load_peak_bytes = resident
        .zip(status_bytes("VmHWM:"))
        .filter(|_| measured)
        .map(|(before, peak)| peak.saturating_sub(before));
    Ok(SaveBench {
        game: title,
        games: played,
        boxes: menace.box_count(),
        format,
        bytes,
        train: trained,
        save: saved,
        load,
        same: same_boxes(loaded.learner.as_ref(), menace.as_ref()),
        learner_bytes,
        load_peak_bytes,
    })
}
