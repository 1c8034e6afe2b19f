//! Threat-space search for Qubic (the Qubic article's "forced win"): a chain of moves, each
//! making three of the attacker's marks in a line with the fourth cell empty (a
//! threat, "check"), so the defender's reply is forced, ending when one move makes two
//! threats at once, which no single reply can block. The seed's author found such chains
//! by depth-first search with a store of positions already tried; so does this, on the
//! two 64-bit boards the seed describes. It is the leaf evaluator the proof searches
//! stand on.
//!
//! It is most of the proof search's time (64% when measured), so each position is
//! read line by line in bulk: the lines are kept as bit planes ([`LinePlanes`]), one
//! bit per line for a line's first, second, third and fourth cell, and a move ORs one
//! mask into each plane. Which lines hold two, three or four of a side's marks is then a
//! few operations on 128-bit words for all 76 lines at once, instead of counting the
//! marks of each line in turn.

use crate::game::cube::Geometry;

/// The store of failures: at most 2^16 slots of 24 bytes (1.5 MB), one position each;
/// on a machine with little memory, a sixteenth of what is available. Small on
/// purpose: asking a store of 100 MB (2^22 slots) was a cache miss at every position
/// with a threat to try, most of the search's time; a store that stays in the
/// processor's caches forgets more and searches 40% more positions, yet the proof of
/// X on 0, O on 27 took 18 s of CPU instead of 22 (2^18 slots: 19.6 s, 2^14: 18.8 s).
const FAILED_SLOTS_LOG2: u32 = 16;

fn failed_slots_log2() -> u32 {
    let most = 24u64 << FAILED_SLOTS_LOG2;
    let bytes = crate::memory::available().map_or(most, |available| most.min(available / 16));
    (bytes / 24).max(1 << 10).ilog2()
}

/// One step of a forcing chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The attacker plays `at`, threatening; the defender must reply at `reply` (none
    /// when the move made two threats: any reply loses).
    Threat { at: u8, reply: Option<u8> },
    /// The attacker completes a line at `at`.
    Win { at: u8 },
}

/// A side's marks as bit planes over the lines: bit `l` of plane `k` is set when the
/// side holds the `k`-th cell of line `l` (cells in increasing order).
type Planes = [u128; 4];

/// For each cell, the planes a mark there sets; and each line's cells.
#[derive(Debug)]
pub struct LinePlanes {
    by_cell: Vec<Planes>,
    lines: Vec<u64>,
}

/// Which lines hold exactly one, two, three or four of a side's marks, and any.
#[derive(Debug, Clone, Copy)]
struct Counts {
    any: u128,
    two: u128,
    three: u128,
}

impl LinePlanes {
    /// The planes of a cube with at most 4 cells a line and 128 lines (every cube up to
    /// Qubic's); `None` for a bigger one.
    pub fn of(geometry: &Geometry) -> Option<LinePlanes> {
        if geometry.size > 4 || geometry.lines.len() > 128 {
            return None;
        }
        let mut by_cell = vec![[0u128; 4]; geometry.cells];
        for (index, line) in geometry.lines.iter().enumerate() {
            let mut rest = *line;
            let mut k = 0;
            while rest != 0 {
                by_cell[rest.trailing_zeros() as usize][k] |= 1 << index;
                rest &= rest - 1;
                k += 1;
            }
        }
        Some(LinePlanes {
            by_cell,
            lines: geometry.lines.clone(),
        })
    }

    fn planes(&self, board: u64) -> Planes {
        let mut planes = [0u128; 4];
        let mut rest = board;
        while rest != 0 {
            self.add(&mut planes, rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
        planes
    }

    fn add(&self, planes: &mut Planes, cell: usize) {
        for (plane, mask) in planes.iter_mut().zip(&self.by_cell[cell]) {
            *plane |= mask;
        }
    }

    /// Two half adders and a sum: the count of a line's marks is `ones + 2 * pairs`
    /// (a line full of them has `ones` and `pairs` both clear).
    fn counts(planes: &Planes) -> Counts {
        let [a, b, c, d] = *planes;
        let (low, low_carry) = (a ^ b, a & b);
        let (high, high_carry) = (c ^ d, c & d);
        let ones = low ^ high;
        let pairs = low_carry ^ high_carry ^ (low & high);
        Counts {
            any: a | b | c | d,
            two: !ones & pairs,
            three: ones & pairs,
        }
    }

    /// The cells of the lines in `lines`, less `taken`.
    fn cells(&self, lines: u128, taken: u64) -> u64 {
        let mut cells = 0;
        let mut rest = lines;
        while rest != 0 {
            cells |= self.lines[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        cells & !taken
    }
}

/// A search for forcing chains, remembering the positions where none was found.
#[derive(Debug)]
pub struct ThreatSearch {
    planes: LinePlanes,
    /// Positions with no chain of at most so many threats, one a slot (a newer one
    /// takes an older one's slot). Knowing the bound keeps the answer the same whatever
    /// was searched before and whatever the store forgot.
    failed: Vec<[u64; 3]>,
    /// The store's size, as a power of two.
    failed_log2: u32,
    /// Positions looked at.
    pub nodes: u64,
    /// The most threats a chain may have.
    pub max_threats: usize,
    /// The chain found, last step first: written as the search returns, so a search
    /// that only needs to know whether there is one allocates nothing.
    found: Vec<Step>,
}

impl Default for ThreatSearch {
    fn default() -> ThreatSearch {
        ThreatSearch::new()
    }
}

impl ThreatSearch {
    /// A search on Qubic's cube.
    pub fn new() -> ThreatSearch {
        ThreatSearch {
            planes: LinePlanes::of(Geometry::of(4)).expect("Qubic's 76 lines of 4 fit"),
            failed: Vec::new(),
            failed_log2: failed_slots_log2(),
            nodes: 0,
            max_threats: 32,
            found: Vec::new(),
        }
    }

    /// A forcing chain for the attacker (whose marks are `mine`, to move) against
    /// `theirs`, or `None` if there is none within [`ThreatSearch::max_threats`].
    pub fn find(&mut self, mine: u64, theirs: u64) -> Option<Vec<Step>> {
        self.wins(mine, theirs).then(|| {
            let mut chain = self.found.clone();
            chain.reverse();
            chain
        })
    }

    /// Whether [`ThreatSearch::find`] finds a chain, without handing it over.
    pub fn wins(&mut self, mine: u64, theirs: u64) -> bool {
        let sides = (self.planes.planes(mine), self.planes.planes(theirs));
        self.found.clear();
        self.search(mine, theirs, sides, self.max_threats)
    }

    fn slot(&self, mine: u64, theirs: u64) -> usize {
        let mixed = (mine.rotate_left(23) ^ theirs).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - self.failed_log2)) as usize
    }

    fn failed_at(&self, mine: u64, theirs: u64, depth: usize) -> bool {
        self.failed
            .get(self.slot(mine, theirs))
            .is_some_and(|[m, t, d]| *m == mine && *t == theirs && *d >= depth as u64)
    }

    /// Asks the processor to bring the store's slot for a position into its cache.
    fn prefetch(&self, mine: u64, theirs: u64) {
        if let Some(slot) = self.failed.get(self.slot(mine, theirs)) {
            super::prefetch(slot);
        }
    }

    fn remember_failure(&mut self, mine: u64, theirs: u64, depth: usize) {
        if self.failed.is_empty() {
            // Where the system will not give the store its memory, a store of two
            // slots: the search forgets more failures and only searches them again.
            let slots = 1usize << self.failed_log2;
            if self.failed.try_reserve_exact(slots).is_err() {
                self.failed_log2 = 1;
            }
            self.failed.resize(1 << self.failed_log2, [0; 3]);
        }
        let slot = self.slot(mine, theirs);
        self.failed[slot] = [mine, theirs, depth as u64];
    }

    fn search(
        &mut self,
        mine: u64,
        theirs: u64,
        (my_planes, their_planes): (Planes, Planes),
        depth: usize,
    ) -> bool {
        self.nodes += 1;
        // The lines either side wins on at once, and every threat: a line with two of
        // the attacker's marks and two empty cells, where a mark on one empty cell
        // forces the defender onto the other.
        let my = LinePlanes::counts(&my_planes);
        let their = LinePlanes::counts(&their_planes);
        let my_wins = my.three & !their.any;
        if my_wins != 0 {
            self.found.push(Step::Win {
                at: self.planes.cells(my_wins, mine).trailing_zeros() as u8,
            });
            return true;
        }
        // Two threats against the attacker cannot both be blocked; one must be, and
        // only a block that threatens keeps the chain going.
        let their_wins = self.planes.cells(their.three & !my.any, theirs);
        let allowed = match their_wins.count_ones() {
            0 => u64::MAX,
            1 => their_wins,
            _ => return false,
        };
        if depth == 0 {
            return false;
        }
        // The threatening cells: on one line of two (`once`) or more (`twice`), with
        // the other empty cell of each line (the reply it forces).
        let mut once = 0u64;
        let mut twice = 0u64;
        let mut partner = [0u8; 64];
        let mut rest = my.two & !their.any;
        while rest != 0 {
            let empty = self.planes.lines[rest.trailing_zeros() as usize] & !mine;
            rest &= rest - 1;
            let (first, second) = (
                empty.trailing_zeros() as u8,
                (empty & (empty - 1)).trailing_zeros() as u8,
            );
            twice |= once & empty;
            once |= empty;
            partner[usize::from(first)] = second;
            partner[usize::from(second)] = first;
        }
        // A cell threatening twice wins at once: the lowest, its lowest reply.
        let double = twice & allowed;
        if double != 0 {
            let cell = double.trailing_zeros() as u8;
            let mut replies = 0u64;
            let mut rest = my.two & !their.any;
            while rest != 0 {
                let line = self.planes.lines[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                if line & (1 << cell) != 0 {
                    replies |= line & !mine & !(1 << cell);
                }
            }
            self.found.push(Step::Win {
                at: replies.trailing_zeros() as u8,
            });
            self.found.push(Step::Threat {
                at: cell,
                reply: None,
            });
            return true;
        }
        // Then each single threat, by cell. With none there is nothing to remember
        // (a miss in the 100 MB store costs more than reading the lines again, and was
        // 83% of this search's time when every position asked it first).
        let mut rest = once & allowed;
        if rest == 0 || self.failed_at(mine, theirs, depth) {
            return false;
        }
        // Each threat's position asks the store in its turn: its slot is fetched into
        // the cache now, so those misses overlap instead of each waiting in turn (the
        // wait was 43% of this search's time).
        let mut ahead = rest;
        while ahead != 0 {
            let cell = ahead.trailing_zeros() as u8;
            ahead &= ahead - 1;
            let reply = partner[usize::from(cell)];
            self.prefetch(mine | 1 << cell, theirs | 1 << reply);
        }
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let reply = partner[usize::from(cell)];
            let (mut my_next, mut their_next) = (my_planes, their_planes);
            self.planes.add(&mut my_next, usize::from(cell));
            self.planes.add(&mut their_next, usize::from(reply));
            if self.search(
                mine | 1 << cell,
                theirs | 1 << reply,
                (my_next, their_next),
                depth - 1,
            ) {
                self.found.push(Step::Threat {
                    at: cell,
                    reply: Some(reply),
                });
                return true;
            }
        }
        self.remember_failure(mine, theirs, depth);
        false
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
        let mut search = ThreatSearch::new();
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
        let mut search = ThreatSearch::new();
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

    /// The Qubic article's example game: "X 0, O 3, X 60, O in the second layer, ... after
    /// O's 63, X checks with 4, O is forced to 8, X checks with 5, O answers 10, and so on
    /// until X has two lines of three". The pictures with the whole game are lost; the text
    /// itself says which X marks the two checks need: 4 forcing 8 is the column 0-4-8-12,
    /// so X holds 12; 5 forcing 10 is the diagonal 0-5-10-15, so X holds 15. From X on 0,
    /// 12, 15, 60 and O on 3, 63 and two quiet cells (one in the second layer, as the text
    /// says), the seed's two checks are forced replies, and the search finishes the chain
    /// to a double threat; the whole is replayed to a win.
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
            let mut search = ThreatSearch::new();
            let rest = search
                .find(marks(&x) | marks(&[4, 5]), marks(&o) | marks(&[8, 10]))
                .expect("the chain goes on to a win");
            let mut chain = seed_moves.to_vec();
            chain.extend(rest);
            replays_to_a_win(&x, &o, &chain);
            // Searching from before the checks finds a chain too (here it opens with
            // the same two checks, as its order tries the lowest cell first).
            let mut search = ThreatSearch::new();
            let own = search.find(marks(&x), marks(&o)).expect("a forced win");
            replays_to_a_win(&x, &o, &own);
        }
    }

    /// The proof search does not ask for a chain after O's reply where X had none with
    /// O passing ([`crate::ai::qubic::dfpn`]): an extra mark of O's never gives X a
    /// chain. Checked on positions of random games, with X to move and with O's extra
    /// mark on every empty cell.
    #[test]
    fn an_extra_mark_of_the_defender_never_makes_a_chain() {
        use rand::SeedableRng;
        let geometry = Geometry::of(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let mut search = ThreatSearch::new();
        let mut without = 0;
        while without < 60 {
            let (x, o) = crate::ai::qubic::random_position(&mut rng, 6..26);
            if geometry.winning_cells(x, o) != 0 || geometry.winning_cells(o, x) != 0 {
                continue;
            }
            if search.wins(x, o) {
                continue;
            }
            without += 1;
            let mut rest = !(x | o);
            while rest != 0 {
                let cell = rest.trailing_zeros();
                rest &= rest - 1;
                assert!(!search.wins(x, o | 1 << cell), "{x:#x} {o:#x} + {cell}");
            }
        }
    }

    #[test]
    fn the_empty_board_and_a_quiet_position_have_no_forcing_chain() {
        let mut search = ThreatSearch::new();
        assert_eq!(search.find(0, 0), None);
        assert_eq!(search.find(marks(&[0]), marks(&[3])), None);
    }

    #[test]
    fn a_threat_against_the_attacker_must_be_blocked_first() {
        // Without O's threat, X wins at once with the double threat at 4.
        let x = [5, 6, 8, 12, 40];
        let mut search = ThreatSearch::new();
        let free = search.find(marks(&x), marks(&[48, 49, 35, 62, 30]));
        assert!(matches!(
            free.as_deref(),
            Some([Step::Threat { at: 4, .. }, ..])
        ));
        // O threatens 48-49-50-51 at 51: X must block there, the block threatens
        // nothing, so there is no forcing chain at all (and never the double threat).
        let mut search = ThreatSearch::new();
        assert_eq!(search.find(marks(&x), marks(&[48, 49, 50, 35, 62])), None);
    }
}
