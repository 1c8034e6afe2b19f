//! A proof that the attacker (X, to move) wins a Qubic position: for every position of
//! the proof where X is to move, the move that keeps the win. Searched here as an
//! AND/OR tree, deepened one free move at a time, with the threat-space search of
//! [`super::threats`] as the leaf evaluator and a table of positions already refuted at
//! each depth. (Proof-number search over the defender's replies, in [`super::pns`], is the
//! better search; this is the simpler one, enough for positions a few moves from a win.)
//! The proof is checked by [`crate::verify`], which shares no code with this file.

use super::threats::{Step, ThreatSearch};
use crate::game::cube::Geometry;
use std::collections::{BTreeMap, HashMap};

/// X's move in each position of a proof. Positions are kept in canonical form (the
/// smallest image over Qubic's 192 maps, [`Geometry::canonical`]) with the move as seen
/// there, so a position and all its images take one entry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proof {
    moves: BTreeMap<(u64, u64), u8>,
}

impl Proof {
    pub fn new() -> Proof {
        Proof::default()
    }

    /// Records X's move `cell` in the position (`x`, `o`).
    pub fn insert(&mut self, x: u64, o: u64, cell: u8) {
        let geometry = Geometry::of(4);
        let (key, symmetry) = geometry.canonical(x, o);
        self.moves
            .insert(key, geometry.symmetries[symmetry][usize::from(cell)]);
    }

    /// Records X's move `cell` in a position already in canonical form, with the move as
    /// seen there (as a proof's file holds them).
    pub fn insert_canonical(&mut self, x: u64, o: u64, cell: u8) {
        self.moves.insert((x, o), cell);
    }

    /// X's move in (`x`, `o`), if the proof has one.
    pub fn get(&self, x: u64, o: u64) -> Option<u8> {
        let geometry = Geometry::of(4);
        let (key, symmetry) = geometry.canonical(x, o);
        let moved = *self.moves.get(&key)?;
        let map = &geometry.symmetries[symmetry];
        (0..64u8).find(|cell| map[usize::from(*cell)] == moved)
    }

    pub fn contains(&self, x: u64, o: u64) -> bool {
        self.moves.contains_key(&Geometry::of(4).canonical(x, o).0)
    }

    /// Positions in the proof (up to symmetry).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The proof of X's moves gathered in whatever frame each position was met in:
    /// each is put in canonical form here, on every core (the proof search gathers
    /// millions, and their canonical forms were most of the time of reading a proof).
    /// Where one position was met more than once, the last move gathered is kept: each
    /// is a move that wins.
    pub fn from_moves(moves: &[(u64, u64, u8)]) -> Proof {
        use rayon::prelude::*;
        let geometry = Geometry::of(4);
        let canonical: Vec<((u64, u64), u8)> = moves
            .par_iter()
            .map(|&(x, o, cell)| {
                let (key, symmetry) = geometry.canonical(x, o);
                (key, geometry.symmetries[symmetry][usize::from(cell)])
            })
            .collect();
        Proof {
            moves: canonical.into_iter().collect(),
        }
    }

    pub fn extend(&mut self, other: Proof) {
        self.moves.extend(other.moves);
    }

    /// The moves by canonical position, as the file holds them.
    pub fn canonical_moves(&self) -> &BTreeMap<(u64, u64), u8> {
        &self.moves
    }
}

/// The memory one position refuted takes at most: a hash-table entry (position and depth)
/// and its control byte, up to 16/7 slots an entry (at most 7/8 full, and doubling), and
/// the old table beside the new one while it doubles. A budget is checked against it
/// ([`crate::memory`]).
pub const BYTES_PER_POSITION: u64 =
    ((std::mem::size_of::<((u64, u64), usize)>() as u64 + 1) * 16 / 7) * 3 / 2;

/// Searches for a proof.
#[derive(Debug)]
pub struct Prover {
    geometry: &'static Geometry,
    threats: ThreatSearch,
    /// Positions with no proof found within a number of free moves.
    refuted: HashMap<(u64, u64), usize>,
    /// Positions looked at.
    pub nodes: u64,
    /// The most positions to look at before giving up.
    pub budget: u64,
    /// The budget ran out somewhere, so a failure to find a proof says nothing.
    pub ran_out: bool,
}

impl Prover {
    pub fn new(budget: u64) -> Prover {
        Prover {
            geometry: Geometry::of(4),
            threats: ThreatSearch::new(),
            refuted: HashMap::new(),
            nodes: 0,
            budget: budget.min(crate::memory::entries_fitting(BYTES_PER_POSITION, u64::MAX)),
            ran_out: false,
        }
    }

    /// A proof that X, to move with marks `x` against `o`, wins, using at most
    /// `free_moves` moves that do not threaten; `None` if none was found (because there
    /// is none, or because the budget ran out first: [`Prover::ran_out`]).
    pub fn prove(&mut self, x: u64, o: u64, free_moves: usize) -> Option<Proof> {
        for depth in 0..=free_moves {
            let mut proof = Proof::new();
            if self.or_node(x, o, depth, &mut proof) {
                return Some(proof);
            }
            if self.nodes >= self.budget {
                break;
            }
        }
        None
    }

    /// X to move: some move wins.
    fn or_node(&mut self, x: u64, o: u64, depth: usize, proof: &mut Proof) -> bool {
        self.nodes += 1;
        if let Some(chain) = self.threats.find(x, o) {
            record_chain(x, o, &chain, proof);
            return true;
        }
        if self.nodes >= self.budget {
            self.ran_out = true;
            return false;
        }
        if depth == 0 {
            return false;
        }
        if self
            .refuted
            .get(&(x, o))
            .is_some_and(|refuted| *refuted >= depth)
        {
            return false;
        }
        let geometry = self.geometry;
        // O threatens: X must block (a block that threatened would have been a chain).
        let their_wins = geometry.winning_cells(o, x);
        let candidates = match their_wins.count_ones() {
            0 => !(x | o),
            1 => their_wins,
            _ => 0,
        };
        let mut moves: Vec<(usize, u8)> = Vec::new();
        let mut rest = candidates;
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            // More of X's own two-mark lines first: they make the next threats.
            let lines = geometry.lines_through[usize::from(cell)]
                .iter()
                .filter(|line| {
                    let line = geometry.lines[**line];
                    o & line == 0 && (x & line).count_ones() >= 1
                })
                .count();
            moves.push((lines, cell));
        }
        moves.sort_by_key(|(lines, cell)| (std::cmp::Reverse(*lines), *cell));
        for (_, cell) in moves {
            let mut branch = Proof::new();
            if self.and_node(x | 1 << cell, o, depth - 1, &mut branch) {
                branch.insert(x, o, cell);
                proof.extend(branch);
                return true;
            }
        }
        self.refuted.insert((x, o), depth);
        false
    }

    /// O to move after X's quiet move: every reply must still lose.
    fn and_node(&mut self, x: u64, o: u64, depth: usize, proof: &mut Proof) -> bool {
        let geometry = self.geometry;
        if geometry.winning_cells(o, x) != 0 {
            return false;
        }
        let mut replies = !(x | o);
        while replies != 0 {
            let reply = replies.trailing_zeros() as u8;
            replies &= replies - 1;
            if !self.or_node(x, o | 1 << reply, depth, proof) {
                return false;
            }
        }
        true
    }
}

/// The moves of a forcing chain, each with the position it is played in.
pub fn record_chain(x: u64, o: u64, chain: &[Step], proof: &mut Proof) {
    chain_moves(x, o, chain, |x, o, cell| proof.insert(x, o, cell));
}

/// Each move of a forcing chain with the position it is played in, handed to `record`.
pub fn chain_moves(x: u64, o: u64, chain: &[Step], mut record: impl FnMut(u64, u64, u8)) {
    let (mut x, mut o) = (x, o);
    for step in chain {
        match *step {
            Step::Threat { at, reply } => {
                record(x, o, at);
                x |= 1 << at;
                match reply {
                    Some(reply) => o |= 1 << reply,
                    // A double threat: every reply leaves a line to finish, which the
                    // checker sees for itself.
                    None => return,
                }
            }
            Step::Win { at } => {
                record(x, o, at);
                return;
            }
        }
    }
}

/// The Qubic position of a picture (four layers of 16, `/` between), with X to move.
pub fn read_position(picture: &str) -> Result<(u64, u64), String> {
    use crate::game::{Game, Player};
    let cube = crate::game::cube::Cube::new(4)
        .from_picture(picture)
        .map_err(|why| format!("not a Qubic position: {why}"))?;
    if cube.outcome().is_some() {
        return Err("the game is already over in that position".into());
    }
    if cube.to_move() != Player::X {
        return Err("X must be the one to move (as many X as O)".into());
    }
    Ok((cube.marks(Player::X), cube.marks(Player::O)))
}

/// A proof as the file `menace prove` writes and `menace verify` reads: JSON with the
/// position proved and X's move in each position of the proof, each position in its
/// canonical form (boards as 16 hex digits) with the move as seen there.
pub fn to_json(x: u64, o: u64, proof: &Proof) -> String {
    let moves: Vec<serde_json::Value> = proof
        .canonical_moves()
        .iter()
        .map(|((x, o), cell)| serde_json::json!([format!("{x:016x}"), format!("{o:016x}"), cell]))
        .collect();
    let file = serde_json::json!({
        "game": "qubic",
        "format": 2,
        "positions": "canonical",
        "x": format!("{x:016x}"),
        "o": format!("{o:016x}"),
        "moves": moves,
    });
    serde_json::to_string(&file).unwrap_or_default() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    #[test]
    fn a_forcing_chain_is_a_proof_with_no_free_move() {
        let (x, o) = (marks(&[5, 6, 8, 13, 14]), marks(&[48, 50, 35, 62, 27]));
        let proof = Prover::new(100_000).prove(x, o, 0).expect("a chain");
        assert!(crate::verify::check(x, o, proof.canonical_moves()).is_ok());
    }

    #[test]
    fn quiet_moves_then_chains_against_every_reply_checked_independently() {
        // X on 0, 15, 60 and O on 3, 63, 25 (the seed's example game a few moves before
        // its checks): no forcing chain yet, none after one quiet move of X's whatever
        // O answers, but one after two.
        let (x, o) = (marks(&[0, 15, 60]), marks(&[3, 63, 25]));
        assert_eq!(Prover::new(1_000_000).prove(x, o, 1), None);
        let mut prover = Prover::new(1_000_000);
        let proof = prover.prove(x, o, 2).expect("a proof with two quiet moves");
        assert!(proof.len() > 100, "{} positions", proof.len());
        let checked =
            crate::verify::check(x, o, proof.canonical_moves()).expect("the checker agrees");
        assert!(checked > 100);
        // Spoil one of its moves and the checker refuses it.
        let mut spoiled = proof.clone();
        let first = spoiled.get(x, o).expect("the root has a move");
        let other = (0..64u8)
            .find(|cell| *cell != first && (x | o) & (1 << cell) == 0)
            .unwrap();
        spoiled.insert(x, o, other);
        assert!(crate::verify::check(x, o, spoiled.canonical_moves()).is_err());
    }

    #[test]
    fn the_empty_board_is_not_proved_in_one_free_move() {
        let mut prover = Prover::new(200_000);
        assert_eq!(prover.prove(0, 0, 1), None);
    }
}
