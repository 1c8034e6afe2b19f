//! Counting the boxes a MENACE would need (`menace boxes`) without making them: the
//! search of [`super::Menace::fill_reachable`], keeping only how many boxes each ply has.
//! A count of a big game meets millions of positions and holds each one's key, so its
//! limit is checked against the memory a table may use before it starts
//! ([`crate::memory`]), its tables are watched as they grow (positions with one move
//! take room without being boxes), and it tells how far it has got as it goes, so that it
//! can be shown and stopped.

use super::reach::Reach;
use crate::game::{Game, Player};
use crate::memory::about;
use crate::text::grouped;
use std::fmt;

/// How far a count has got: the boxes found, and every position of MENACE's met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counting {
    pub boxes: usize,
    pub positions: usize,
}

/// Why a count of boxes has no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotCounted {
    /// There are more boxes than the limit.
    Limit(usize),
    /// Counting up to the limit could take more memory than a table may use here; said
    /// before it starts, with the most boxes that fit.
    TooBig {
        limit: usize,
        needed: u64,
        allowed: u64,
        fitting: u64,
    },
    /// The count's tables reached the memory a table may use before it was done.
    OutOfMemory { boxes: usize, allowed: u64 },
    /// Whoever watched it said to stop (Ctrl-C).
    Stopped { boxes: usize },
}

impl fmt::Display for NotCounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotCounted::Limit(limit) => write!(f, "more than {} boxes", grouped(limit as u64)),
            NotCounted::TooBig {
                limit,
                needed,
                allowed,
                fitting,
            } => write!(
                f,
                "counting up to {} boxes could take about {} of memory, more than the {} a table may use here, so it is not started: a limit of at most {} fits",
                grouped(limit as u64),
                about(needed),
                about(allowed),
                grouped(fitting)
            ),
            NotCounted::OutOfMemory { boxes, allowed } => write!(
                f,
                "counting stopped at {} boxes, when its tables reached the {} a table may use here",
                grouped(boxes as u64),
                about(allowed)
            ),
            NotCounted::Stopped { boxes } => {
                write!(f, "counting stopped at {} boxes", grouped(boxes as u64))
            }
        }
    }
}

/// The memory one box can take while boxes are counted: its key among the positions met
/// (with the hash table's byte of its own, the table at most 7/8 full, and the old table
/// beside the new one while it grows: four times over) and its position in the queue
/// (three times over, likewise), from the sizes of the game's types.
pub fn bytes_per_box<G: Game>() -> u64 {
    (4 * (std::mem::size_of::<G::Key>() + 1) + 3 * std::mem::size_of::<G>()) as u64
}

/// How many positions the count meets between two reports.
const REPORTED_EVERY: usize = 1024;

/// How many boxes a MENACE playing `side` needs: one for every position reachable from
/// `start` where it has a choice, up to symmetry, counted per ply (ply, boxes), in order
/// of ply. `progress` is told how far the count has got every thousand positions or so,
/// and stops it by answering `false`.
pub fn count_boxes<G: Game>(
    start: &G,
    side: Player,
    limit: usize,
    progress: &mut dyn FnMut(Counting) -> bool,
) -> Result<Vec<(usize, usize)>, NotCounted> {
    let allowed = crate::memory::for_one_table(u64::MAX);
    let each = bytes_per_box::<G>();
    let needed = limit as u128 * u128::from(each);
    if needed > u128::from(allowed) {
        return Err(NotCounted::TooBig {
            limit,
            needed: u64::try_from(needed).unwrap_or(u64::MAX),
            allowed,
            fitting: allowed / each,
        });
    }
    let mut search = Reach::<G>::new(side, limit, limit);
    search.keep = false;
    let known = foldhash::HashMap::default();
    let limited = |search: &Reach<G>| NotCounted::Limit(search.limit);
    search
        .arrive(start.clone(), &known)
        .map_err(|_| limited(&search))?;
    let mut moves = Vec::new();
    let mut next_report = REPORTED_EVERY;
    while let Some(position) = search.queue.pop_front() {
        position.legal_moves_into(&mut moves);
        for mv in &moves {
            let mut next = position.clone();
            if next.play(*mv).is_ok() {
                search.arrive(next, &known).map_err(|_| limited(&search))?;
            }
        }
        if search.bytes() as u64 > allowed {
            return Err(NotCounted::OutOfMemory {
                boxes: search.made,
                allowed,
            });
        }
        if search.seen.len() >= next_report {
            next_report = search.seen.len() + REPORTED_EVERY;
            let at = Counting {
                boxes: search.made,
                positions: search.seen.len(),
            };
            if !progress(at) {
                return Err(NotCounted::Stopped { boxes: search.made });
            }
        }
    }
    Ok(search
        .per_ply
        .iter()
        .enumerate()
        .filter(|(_, count)| **count > 0)
        .map(|(ply, count)| (ply, *count))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TicTacToe;
    use crate::game::ultimate::Ultimate;
    use crate::menace::{Menace, Preset};

    #[test]
    fn the_count_is_the_boxes_filling_makes() {
        let start = TicTacToe::default();
        for side in [Player::X, Player::O] {
            let mut menace = Menace::<TicTacToe>::new(side, Preset::michie(), 1_000);
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
            menace.fill_reachable(&start, &mut rng).unwrap();
            let mut made: Vec<(usize, usize)> = Vec::new();
            for (_, matchbox) in menace.boxes() {
                match made.iter_mut().find(|(ply, _)| *ply == matchbox.ply()) {
                    Some((_, count)) => *count += 1,
                    None => made.push((matchbox.ply(), 1)),
                }
            }
            made.sort_unstable();
            assert_eq!(count_boxes(&start, side, 1_000, &mut |_| true), Ok(made));
        }
        assert_eq!(
            count_boxes(&start, Player::X, 300, &mut |_| true),
            Err(NotCounted::Limit(300)),
            "classic MENACE has 304 boxes"
        );
    }

    #[test]
    fn a_big_count_tells_how_far_it_has_got_and_stops_when_told() {
        let mut told: Vec<Counting> = Vec::new();
        let counted = count_boxes(
            &Ultimate::new(Default::default()),
            Player::X,
            1_000_000,
            &mut |at| {
                told.push(at);
                told.len() < 5
            },
        );
        assert_eq!(
            counted,
            Err(NotCounted::Stopped {
                boxes: told[4].boxes
            })
        );
        assert_eq!(told.len(), 5);
        assert!(
            told.windows(2)
                .all(|pair| pair[0].boxes < pair[1].boxes && pair[0].positions < pair[1].positions),
            "{told:?}"
        );
    }

    #[test]
    fn a_limit_beyond_memory_is_refused_before_counting() {
        let each = bytes_per_box::<Ultimate>();
        assert!(each >= std::mem::size_of::<Ultimate>() as u64);
        let mut told = 0;
        let counted = count_boxes(
            &Ultimate::new(Default::default()),
            Player::X,
            usize::MAX,
            &mut |_| {
                told += 1;
                true
            },
        );
        let Err(NotCounted::TooBig {
            needed, allowed, ..
        }) = counted
        else {
            panic!("{counted:?}");
        };
        assert_eq!(needed, u64::MAX, "the memory asked for, saturated");
        assert!(allowed < needed);
        assert_eq!(told, 0, "refused before starting");
    }
}
