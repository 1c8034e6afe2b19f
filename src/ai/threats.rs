//! Threat-space search for Qubic (seed 000's "forced win"): a chain of moves, each
//! making three of the attacker's marks in a line with the fourth cell empty (a
//! threat, "check"), so the defender's reply is forced, ending when one move makes two
//! threats at once, which no single reply can block. The seed's author found such chains
//! by depth-first search with a store of positions already tried; so does this, on the
//! two 64-bit boards the seed describes. It is the leaf evaluator the proof search of
//! issue 13 will stand on.

use crate::game::cube::Geometry;
use std::collections::HashSet;

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
    failed: HashSet<(u64, u64)>,
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
            failed: HashSet::new(),
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
        let geometry = self.geometry;
        let my_wins = geometry.winning_cells(mine, theirs);
        if my_wins != 0 {
            return Some(vec![Step::Win {
                at: my_wins.trailing_zeros() as u8,
            }]);
        }
        let their_wins = geometry.winning_cells(theirs, mine);
        // Two threats against the attacker cannot both be blocked; one must be.
        let candidates = match their_wins.count_ones() {
            0 => !(mine | theirs) & full(geometry),
            1 => their_wins,
            _ => return None,
        };
        if depth == 0 || self.failed.contains(&(mine, theirs)) {
            return None;
        }
        // Moves that threaten, the ones threatening twice first, then those on more
        // lines that already hold the attacker's marks.
        let mut moves: Vec<(u32, u8, u64)> = Vec::new();
        let mut rest = candidates;
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let after = mine | 1 << cell;
            let threats = geometry.winning_cells(after, theirs);
            if threats != 0 {
                moves.push((threats.count_ones(), cell, threats));
            }
        }
        moves.sort_by_key(|(count, cell, _)| (std::cmp::Reverse(*count), *cell));
        for (count, cell, threats) in moves {
            let after = mine | 1 << cell;
            // The defender, to move, wins at once if it has a line to finish.
            if geometry.winning_cells(theirs, after) != 0 {
                continue;
            }
            if count >= 2 {
                return Some(vec![
                    Step::Threat {
                        at: cell,
                        reply: None,
                    },
                    Step::Win {
                        at: threats.trailing_zeros() as u8,
                    },
                ]);
            }
            let reply = threats.trailing_zeros() as u8;
            if let Some(chain) = self.search(after, theirs | 1 << reply, depth - 1) {
                let mut steps = vec![Step::Threat {
                    at: cell,
                    reply: Some(reply),
                }];
                steps.extend(chain);
                return Some(steps);
            }
        }
        self.failed.insert((mine, theirs));
        None
    }
}

fn full(geometry: &Geometry) -> u64 {
    if geometry.cells == 64 {
        u64::MAX
    } else {
        (1u64 << geometry.cells) - 1
    }
}

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
