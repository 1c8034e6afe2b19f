//! Playing from the proof that X wins Qubic: a strategy, not only a verdict. A proof
//! gives X's move in every position it covers, and covers every reply of O's, so a
//! player that follows it wins every game. The whole game's proof is too big to keep
//! in the program (about 1.8 million positions, a 70 MB file), and searching it again
//! takes minutes; but most of its positions are steps of forcing chains, which the
//! threat-space search ([`super::threats`]) finds again in a moment. So X's move is:
//!
//! - a line to complete, if there is one;
//! - else the move of **the book**: the proof's positions where X has no forcing chain
//!   (a few thousand), kept in the program compressed ([`BOOK`], written by `menace
//!   verify qubic PROOF --book FILE` from a checked proof of the whole game);
//! - else the first move of a forcing chain: each check leaves O one reply (or none
//!   that stops the line), and what is left of the chain after it is a chain again;
//! - else, in a position off the proof (set up by hand, or after a mistake of X's), a
//!   proof searched now by df-pn ([`super::dfpn`]) within a budget of visits, kept
//!   for the rest of the game.
//!
//! A position none of these settles is said to be unproved: the caller plays what it
//! can there (alpha-beta, in `perfect`).

use super::dfpn::{Solver, Verdict};
use super::proof::Proof;
use super::table::Table;
use super::threats::{Step, ThreatSearch};
use crate::game::cube::Geometry;
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::{Arc, OnceLock};

/// The book: the whole game's proof, cut to the positions where X has no forcing
/// chain (`menace verify qubic PROOF --book FILE`).
static BOOK: &[u8] = include_bytes!("book.zst");

/// The most visits one search in play may make (a position off the proof): about a
/// second of one core. A search that needs more is stopped rather than keep a player
/// waiting, and the position is said to be unproved.
pub const VISITS_PER_MOVE: u64 = 50_000;

/// The memory of the search in play's table, made at the first search.
pub const TABLE_BYTES: u64 = 64 << 20;

/// Where X's move came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// X completes a line.
    Line,
    /// The stored book of the proof's positions without a forcing chain.
    Book,
    /// A forcing chain found now.
    Chain,
    /// A proof searched earlier in this session.
    Proof,
    /// A proof searched now, in so many visits.
    Searched(u64),
}

/// A move that keeps X's proved win, with where it came from; or why there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advice {
    Wins {
        cell: u8,
        source: Source,
    },
    /// The search ended without a proof: X does not win here (`disproved`), or the
    /// visits ran out first.
    Unproved {
        disproved: bool,
    },
}

/// The strategy: the proofs searched so far, the threat search and the search's table.
#[derive(Debug)]
pub struct Strategy {
    learned: Proof,
    threats: ThreatSearch,
    table: Option<Arc<Table>>,
    pub visits_per_move: u64,
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy {
            learned: Proof::new(),
            threats: ThreatSearch::new(),
            table: None,
            visits_per_move: VISITS_PER_MOVE,
        }
    }
}

impl Strategy {
    /// X's move in (`x`, `o`), X to move, that keeps a proved win.
    pub fn advise(&mut self, x: u64, o: u64) -> Advice {
        let wins = |cell: u8, source| Advice::Wins { cell, source };
        let lines = Geometry::of(4).winning_cells(x, o);
        if lines != 0 {
            return wins(lines.trailing_zeros() as u8, Source::Line);
        }
        if let Some(cell) = book().get(x, o) {
            return wins(cell, Source::Book);
        }
        if let Some(cell) = self.threats.find(x, o).as_deref().and_then(first_move) {
            return wins(cell, Source::Chain);
        }
        if let Some(cell) = self.learned.get(x, o) {
            return wins(cell, Source::Proof);
        }
        let Some(mut solver) = self.solver() else {
            return Advice::Unproved { disproved: false };
        };
        solver.visit_limit = Some(self.visits_per_move);
        match solver.solve(x, o) {
            Verdict::Proved(proof) => {
                self.learned.extend(proof);
                self.learned
                    .get(x, o)
                    .map_or(Advice::Unproved { disproved: false }, |cell| {
                        wins(cell, Source::Searched(solver.visits))
                    })
            }
            Verdict::Disproved => Advice::Unproved { disproved: true },
            Verdict::Unknown => Advice::Unproved { disproved: false },
        }
    }

    /// A search on the session's table (made at the first search), or `None` when the
    /// system will not give the table its memory.
    fn solver(&mut self) -> Option<Solver> {
        if self.table.is_none() {
            let bytes = crate::memory::for_one_table(TABLE_BYTES).min(TABLE_BYTES);
            self.table = Table::try_new(bytes).map(Arc::new);
        }
        self.table
            .as_ref()
            .map(|table| Solver::sharing(Arc::clone(table)))
    }

    /// Positions of the proofs searched in play so far.
    pub fn learned(&self) -> usize {
        self.learned.len()
    }
}

/// X's first move in a forcing chain.
fn first_move(chain: &[Step]) -> Option<u8> {
    match chain.first()? {
        Step::Threat { at, .. } | Step::Win { at } => Some(*at),
    }
}

/// The book, read from the program the first time it is asked.
pub fn book() -> &'static Proof {
    static READ: OnceLock<Proof> = OnceLock::new();
    // The book is written by this program and a test reads it; were it ever not to
    // read, play would go on by search alone.
    READ.get_or_init(|| read_book(BOOK).unwrap_or_default())
}

/// The bytes of an entry: X's marks and O's (little-endian), then X's move.
const ENTRY: usize = 17;

/// A checked proof's moves (by canonical position, as its file holds them) cut to the
/// book: the positions where X has no line to complete and no forcing chain, in the
/// proof's order, compressed by zstd. The threat search runs on every core.
pub fn write_book(moves: &BTreeMap<(u64, u64), u8>) -> Vec<u8> {
    use rayon::prelude::*;
    let geometry = Geometry::of(4);
    let kept: Vec<Vec<u8>> = moves
        .par_iter()
        .map_init(ThreatSearch::new, |threats, (&(x, o), &cell)| {
            let settled = geometry.winning_cells(x, o) != 0 || threats.find(x, o).is_some();
            let mut entry = Vec::new();
            if !settled {
                entry.extend_from_slice(&x.to_le_bytes());
                entry.extend_from_slice(&o.to_le_bytes());
                entry.push(cell);
            }
            entry
        })
        .collect();
    // Writing to memory cannot fail.
    zstd::encode_all(kept.concat().as_slice(), 19).unwrap_or_default()
}

/// Reads a book written by [`write_book`], or says what is wrong with it.
pub fn read_book(compressed: &[u8]) -> Result<Proof, String> {
    let mut bytes = Vec::new();
    zstd::Decoder::new(compressed)
        .and_then(|mut decoder| decoder.read_to_end(&mut bytes))
        .map_err(|error| format!("the book does not decompress: {error}"))?;
    if bytes.is_empty() || bytes.len() % ENTRY != 0 {
        return Err("the book is not a whole number of entries".into());
    }
    let mut proof = Proof::new();
    for entry in bytes.chunks_exact(ENTRY) {
        let word = |at: usize| {
            let mut word = [0u8; 8];
            word.copy_from_slice(&entry[at..at + 8]);
            u64::from_le_bytes(word)
        };
        let (x, o, cell) = (word(0), word(8), entry[16]);
        if x & o != 0 || cell >= 64 || (x | o) & (1 << cell) != 0 {
            return Err("the book holds a position or move that cannot be".into());
        }
        proof.insert_canonical(x, o, cell);
    }
    Ok(proof)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[u32]) -> u64 {
        list.iter().fold(0u64, |marks, cell| marks | 1 << cell)
    }

    #[test]
    fn a_book_keeps_the_positions_without_a_chain_and_reads_back() {
        let mut moves = BTreeMap::new();
        // The empty cube: no chain, kept.
        moves.insert((0, 0), 0);
        // X on 0, 1, 2 and O on 16, 17: a line to complete, left out.
        moves.insert((cells(&[0, 1, 2]), cells(&[16, 17])), 3);
        let read = read_book(&write_book(&moves)).unwrap();
        assert_eq!(read.canonical_moves().len(), 1);
        assert_eq!(read.canonical_moves().get(&(0, 0)), Some(&0));
    }

    #[test]
    fn a_damaged_book_is_refused() {
        assert!(read_book(b"not a book").is_err());
        let short = zstd::encode_all(&[0u8; 16][..], 3).unwrap();
        assert!(read_book(&short).is_err());
        let mut overlapping = vec![0u8; ENTRY];
        overlapping[0] = 1;
        overlapping[8] = 1;
        let overlapping = zstd::encode_all(overlapping.as_slice(), 3).unwrap();
        assert!(read_book(&overlapping).is_err());
    }

    #[test]
    fn the_stored_book_reads_and_opens_the_game() {
        let book = read_book(BOOK).unwrap();
        assert!(book.get(0, 0).is_some());
    }

    /// Off the book, a position of the tests with no chain is proved by the search in
    /// play, and the proof found answers the same position again at once.
    #[test]
    fn off_the_book_the_search_proves_and_remembers() {
        // X on 0, 15, 60 and O on 3, 25, 63: proved in a few thousand visits.
        let (x, o) = (cells(&[0, 15, 60]), cells(&[3, 25, 63]));
        assert!(!book().contains(x, o));
        let mut strategy = Strategy::default();
        let Advice::Wins { cell, source } = strategy.advise(x, o) else {
            panic!("not proved");
        };
        assert!(matches!(source, Source::Searched(_)), "{source:?}");
        assert!(strategy.learned() > 0);
        assert_eq!(
            strategy.advise(x, o),
            Advice::Wins {
                cell,
                source: Source::Proof
            }
        );
    }

    /// A chain is followed to the end: X checks, O blocks, and X's next move is a
    /// chain's again, until a line.
    #[test]
    fn a_forcing_chain_is_played_to_a_line() {
        let geometry = Geometry::of(4);
        let mut threats = ThreatSearch::new();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        let mut strategy = Strategy::default();
        let mut tried = 0;
        while tried < 20 {
            let (mut x, mut o) = super::super::random_position(&mut rng, 10..20);
            if x.count_ones() != o.count_ones()
                || geometry.winning_cells(x, o) != 0
                || geometry.winning_cells(o, x) != 0
                || threats.find(x, o).is_none()
            {
                continue;
            }
            tried += 1;
            loop {
                let Advice::Wins { cell, source } = strategy.advise(x, o) else {
                    panic!("a chain's position unproved");
                };
                x |= 1 << cell;
                if source == Source::Line {
                    break;
                }
                assert_eq!(source, Source::Chain);
                // O blocks (one of two lines, after a double threat).
                let forced = geometry.winning_cells(x, o);
                assert_ne!(forced, 0, "a chain's move is a check");
                o |= forced & forced.wrapping_neg();
            }
        }
    }
}
