//! Threat-space search for Qubic (seed 000's "forced win"): a chain of moves, each
//! making three of the attacker's marks in a line with the fourth cell empty (a
//! threat, "check"), so the defender's reply is forced, ending when one move makes two
//! threats at once, which no single reply can block. The seed's author found such chains
//! by depth-first search with a store of positions already tried; so does this, on the
//! two 64-bit boards the seed describes. It is the leaf evaluator the proof search of
//! issue 13 will stand on.

use crate::game::cube::Geometry;
use std::collections::HashMap;

/// The most positions the store of failures holds (about 100 MB).
const FAILED_CAP: usize = 3_000_000;

/// One step of a forcing chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The attacker plays `at`, threatening; the defender must reply at `reply` (none
    /// when the move made two threats: any reply loses).
    Threat { at: u8, reply: Option<u8> },
    /// The attacker completes a line at `at`.
    Win { at: u8 },
}

/// A search for forcing chains, remembering the positions where none was found.
#[derive(Debug)]
pub struct ThreatSearch {
    geometry: &'static Geometry,
    /// Positions with no chain of at most so many threats. Knowing the bound keeps the
    /// answer the same whatever was searched before; the store is emptied when it
    /// passes [`FAILED_CAP`] entries, so a long proof search stays within memory.
    failed: Failed,
    /// Positions looked at.
    pub nodes: u64,
    /// The most threats a chain may have.
    pub max_threats: usize,
}

impl ThreatSearch {
    /// A search on the `size` cube (4 for Qubic).
    pub fn new(size: usize) -> ThreatSearch {
        ThreatSearch {
            geometry: Geometry::of(size),
            failed: Failed::default(),
            nodes: 0,
            max_threats: 32,
        }
    }

    /// A forcing chain for the attacker (whose marks are `mine`, to move) against
    /// `theirs`, or `None` if there is none within [`ThreatSearch::max_threats`].
    pub fn find(&mut self, mine: u64, theirs: u64) -> Option<Vec<Step>> {
        self.search(mine, theirs, self.max_threats)
    }

    fn search(&mut self, mine: u64, theirs: u64, depth: usize) -> Option<Vec<Step>> {
        self.nodes += 1;
        // One pass over the lines finds the cells either side wins on at once, and
        // every threat: a line with two of the attacker's marks and two empty cells,
        // where a mark on one empty cell forces the defender onto the other.
        let mut my_wins = 0u64;
        let mut their_wins = 0u64;
        let mut threats = [(0u8, 0u8); 2 * 76];
        let mut count = 0;
        for &line in &self.geometry.lines {
            let own = (mine & line).count_ones();
            let other = (theirs & line).count_ones();
            match (own, other) {
                (3, 0) => my_wins |= line & !mine,
                (0, 3) => their_wins |= line & !theirs,
                (2, 0) => {
                    let empty = line & !mine;
                    let (first, second) = (
                        empty.trailing_zeros() as u8,
                        (empty & (empty - 1)).trailing_zeros() as u8,
                    );
                    threats[count] = (first, second);
                    threats[count + 1] = (second, first);
                    count += 2;
                }
                _ => {}
            }
        }
        if my_wins != 0 {
            return Some(vec![Step::Win {
                at: my_wins.trailing_zeros() as u8,
            }]);
        }
        // Two threats against the attacker cannot both be blocked; one must be, and
        // only a block that threatens keeps the chain going.
        let allowed = match their_wins.count_ones() {
            0 => u64::MAX,
            1 => their_wins,
            _ => return None,
        };
        if depth == 0
            || self
                .failed
                .get(&(mine, theirs))
                .is_some_and(|failed| *failed >= depth)
        {
            return None;
        }
        // Each threatening cell with the replies it forces; those threatening twice
        // first, then by cell.
        let threats = &mut threats[..count];
        threats.sort_unstable();
        let mut moves: Vec<(u32, u8, u64)> = Vec::new();
        for &(cell, reply) in threats.iter() {
            if allowed & (1 << cell) == 0 {
                continue;
            }
            match moves.last_mut() {
                Some((number, last, replies)) if *last == cell => {
                    *number += 1;
                    *replies |= 1 << reply;
                }
                _ => moves.push((1, cell, 1 << reply)),
            }
        }
        moves.sort_by_key(|(number, cell, _)| (std::cmp::Reverse(*number), *cell));
        for (number, cell, replies) in moves {
            if number >= 2 {
                return Some(vec![
                    Step::Threat {
                        at: cell,
                        reply: None,
                    },
                    Step::Win {
                        at: replies.trailing_zeros() as u8,
                    },
                ]);
            }
            let after = mine | 1 << cell;
            let reply = replies.trailing_zeros() as u8;
            if let Some(chain) = self.search(after, theirs | 1 << reply, depth - 1) {
                let mut steps = vec![Step::Threat {
                    at: cell,
                    reply: Some(reply),
                }];
                steps.extend(chain);
                return Some(steps);
            }
        }
        if self.failed.len() >= FAILED_CAP {
            self.failed.clear();
        }
        self.failed.insert((mine, theirs), depth);
        None
    }
}

/// A quick hash for pairs of boards (the standard one is built to resist attacks,
/// which a store of our own positions does not need).
#[derive(Default)]
pub struct BoardHasher(u64);

impl std::hash::Hasher for BoardHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(23) ^ value).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Failed = HashMap<(u64, u64), usize, std::hash::BuildHasherDefault<BoardHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::cube::{Cube, CubeCell};
    use crate::game::{Game, Outcome, Player};

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    /// Plays the chain on a real Qubic position through the game's own rules, checking
    /// that each reply was forced (the attacker had exactly that one winning cell) and
    /// that the attacker wins at the end.
    fn replays_to_a_win(x: &[u8], o: &[u8], chain: &[Step]) {
        let picture: String = (0..64u8)
            .map(|cell| {
                if x.contains(&cell) {
                    'X'
                } else if o.contains(&cell) {
                    'O'
                } else {
                    '.'
                }
            })
            .collect::<Vec<_>>()
            .chunks(16)
            .map(|layer| layer.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        let mut game = Cube::new(4).from_picture(&picture).unwrap();
        assert_eq!(game.to_move(), Player::X);
        for step in chain {
            match *step {
                Step::Threat { at, reply } => {
                    game.play(CubeCell(at)).unwrap();
                    let threats = game.winning_cells(Player::X);
                    assert!(threats != 0, "{at} threatens");
                    match reply {
                        Some(reply) => {
                            assert_eq!(threats, 1 << reply, "the reply at {reply} is forced");
                            game.play(CubeCell(reply)).unwrap();
                        }
                        None => {
                            assert!(threats.count_ones() >= 2, "a double threat");
                            // Whatever the defender does, block one of them.
                            let block = threats.trailing_zeros() as u8;
                            game.play(CubeCell(block)).unwrap();
                        }
                    }
                }
                Step::Win { at } => {
                    let at = if game.at(usize::from(at)).is_some() {
                        game.winning_cells(Player::X).trailing_zeros() as u8
                    } else {
                        at
                    };
                    game.play(CubeCell(at)).unwrap();
                }
            }
        }
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    }

    #[test]
    fn one_move_making_two_threats_wins() {
        // X on 5 and 6 (row 4-7) and on 8 and 12 (column 0-12): 4 threatens 7 and 0.
        let (x, o) = ([5, 6, 8, 12], [48, 49, 62, 35]);
        let mut search = ThreatSearch::new(4);
        let chain = search.find(marks(&x), marks(&o)).expect("a double threat");
        assert_eq!(chain[0], Step::Threat { at: 4, reply: None });
        replays_to_a_win(&x, &o, &chain);
    }

    #[test]
    fn a_chain_of_checks_ends_in_a_double_threat() {
        // On the top layer: X on 5, 6 (row 4-7), 8 (column 0-12) and 13, 14 (row
        // 12-15). No single move threatens twice; 12 checks (O must take 15) and then
        // 4 threatens 0 and 7 at once.
        let (x, o) = ([5, 6, 8, 13, 14], [48, 50, 35, 62, 27]);
        let mut search = ThreatSearch::new(4);
        let chain = search.find(marks(&x), marks(&o)).expect("a forcing chain");
        assert!(
            chain
                .iter()
                .filter(|step| matches!(step, Step::Threat { reply: Some(_), .. }))
                .count()
                >= 1,
            "{chain:?}"
        );
        replays_to_a_win(&x, &o, &chain);
    }

    /// Seed 000's example game: "X 0, O 3, X 60, O in the second layer, ... after O's
    /// 63, X checks with 4, O is forced to 8, X checks with 5, O answers 10, and so on
    /// until X has two lines of three". The pictures with the whole game are lost; the
    /// text itself says which X marks the two checks need: 4 forcing 8 is the column
    /// 0-4-8-12, so X holds 12; 5 forcing 10 is the diagonal 0-5-10-15, so X holds 15.
    /// From X on 0, 12, 15, 60 and O on 3, 63 and two quiet cells (one in the second
    /// layer, as the text says), the seed's two checks are forced replies, and the
    /// search finishes the chain to a double threat; the whole is replayed to a win.
    #[test]
    fn the_seeds_example_checks_4_and_5_begin_a_forced_win() {
        let x = [0, 12, 15, 60];
        for o in [[3, 63, 25, 51], [3, 63, 17, 42]] {
            let seed_moves = [
                Step::Threat {
                    at: 4,
                    reply: Some(8),
                },
                Step::Threat {
                    at: 5,
                    reply: Some(10),
                },
            ];
            let mut search = ThreatSearch::new(4);
            let rest = search
                .find(marks(&x) | marks(&[4, 5]), marks(&o) | marks(&[8, 10]))
                .expect("the chain goes on to a win");
            let mut chain = seed_moves.to_vec();
            chain.extend(rest);
            replays_to_a_win(&x, &o, &chain);
            // Searching from before the checks finds a chain too (here it opens with
            // the same two checks, as its order tries the lowest cell first).
            let mut search = ThreatSearch::new(4);
            let own = search.find(marks(&x), marks(&o)).expect("a forced win");
            replays_to_a_win(&x, &o, &own);
        }
    }

    #[test]
    fn the_empty_board_and_a_quiet_position_have_no_forcing_chain() {
        let mut search = ThreatSearch::new(4);
        assert_eq!(search.find(0, 0), None);
        assert_eq!(search.find(marks(&[0]), marks(&[3])), None);
    }

    #[test]
    fn a_threat_against_the_attacker_must_be_blocked_first() {
        // Without O's threat, X wins at once with the double threat at 4.
        let x = [5, 6, 8, 12, 40];
        let mut search = ThreatSearch::new(4);
        let free = search.find(marks(&x), marks(&[48, 49, 35, 62, 30]));
        assert!(matches!(
            free.as_deref(),
            Some([Step::Threat { at: 4, .. }, ..])
        ));
        // O threatens 48-49-50-51 at 51: X must block there, the block threatens
        // nothing, so there is no forcing chain at all (and never the double threat).
        let mut search = ThreatSearch::new(4);
        assert_eq!(search.find(marks(&x), marks(&[48, 49, 50, 35, 62])), None);
    }
}
