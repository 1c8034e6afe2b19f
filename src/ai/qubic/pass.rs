//! The "pass" that cuts O's replies in the proof search: if X would have a forcing
//! chain were O to pass, a reply of O's matters only if the chain does not survive it.
//! Replaying the chain after each reply decides that exactly, and only replies near
//! the chain need replaying.

use super::threats::Step;
use crate::game::cube::Geometry;

/// O's replies that the chain X would play were O to pass does not survive. Only
/// a reply near the chain can break it, so only those are replayed: one on a cell
/// the chain plays or needs (its checks, their answers, the lines it wins on), or
/// on a line with none of X's marks where O has two marks by the chain's end (O
/// could make a threat of its own there).
pub fn breaking_replies(geometry: &Geometry, x: u64, o: u64, chain: &[Step]) -> u64 {
    let (mut near, mut replies) = (0u64, 0u64);
    let (mut after_x, mut after_o) = (x, o);
    for step in chain {
        match *step {
            Step::Threat { at, reply } => {
                near |= 1 << at;
                after_x |= 1 << at;
                if let Some(reply) = reply {
                    near |= 1 << reply;
                    replies |= 1 << reply;
                    after_o |= 1 << reply;
                }
            }
            Step::Win { at } => near |= 1 << at,
        }
    }
    near |= geometry.winning_cells(after_x, after_o);
    let o_at_end = o | replies;
    for line in &geometry.lines {
        if line & x == 0 && (line & o_at_end).count_ones() >= 2 {
            near |= line;
        }
    }
    let mut breaking = 0;
    let (x_wins, o_wins) = (geometry.winning_cells(x, o), geometry.winning_cells(o, x));
    let mut rest = near & !(x | o);
    while rest != 0 {
        let cell = rest.trailing_zeros();
        rest &= rest - 1;
        let bit = 1u64 << cell;
        let (o_after, x_after) =
            geometry.winning_after_mark((o_wins, x_wins), o | bit, x, cell as usize);
        let winning = Winning {
            x: x_after,
            o: o_after,
        };
        if !replays(geometry, x, o | bit, winning, chain) {
            breaking |= bit;
        }
    }
    breaking
}

/// Whether a forcing chain X found with O passing still wins after O's extra mark:
/// replayed move by move, each check must still leave O one answer (or two threats at
/// once), O must never have a line to finish, and X must end by finishing one.
pub fn survives(geometry: &Geometry, x: u64, o: u64, chain: &[Step]) -> bool {
    let winning = Winning {
        x: geometry.winning_cells(x, o),
        o: geometry.winning_cells(o, x),
    };
    replays(geometry, x, o, winning, chain)
}

/// The cells where each side would finish a line.
#[derive(Debug, Clone, Copy)]
struct Winning {
    x: u64,
    o: u64,
}

/// [`survives`], with the cells where each side would finish a line kept up to date
/// move by move from the lines through each move
/// ([`Geometry::winning_cells_through`]), instead of asking all 76 lines after every
/// move: this replay is run for every reply of O's near the chain, at every
/// position of O's the search expands.
fn replays(geometry: &Geometry, x: u64, o: u64, winning: Winning, chain: &[Step]) -> bool {
    let (mut x, mut o, mut winning) = (x, o, winning);
    for step in chain {
        match *step {
            Step::Threat { at, reply } => {
                let bit = 1u64 << at;
                if (x | o) & bit != 0 || winning.o & !bit != 0 {
                    return false;
                }
                x |= bit;
                (winning.x, winning.o) =
                    geometry.winning_after_mark((winning.x, winning.o), x, o, at.into());
                let threats = winning.x;
                if threats.count_ones() >= 2 {
                    return true;
                }
                match reply {
                    Some(reply) if threats == 1 << reply => {
                        o |= threats;
                        (winning.o, winning.x) =
                            geometry.winning_after_mark((winning.o, winning.x), o, x, reply.into());
                    }
                    _ => return false,
                }
            }
            Step::Win { .. } => return winning.x != 0,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::qubic::threats::ThreatSearch;

    fn marks(cells: &[u8]) -> u64 {
        cells.iter().fold(0, |mask, cell| mask | 1 << cell)
    }

    /// Replaying only the replies near the chain finds the same breaking replies as
    /// replaying every one, on positions from random games where X has a chain.
    #[test]
    fn the_replies_left_unreplayed_never_break_the_chain() {
        use rand::SeedableRng;
        let geometry = Geometry::of(4);
        let mut threats = ThreatSearch::new();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut tried = 0;
        while tried < 60 {
            let (x, o) = crate::ai::qubic::random_position(&mut rng, 6..20);
            if geometry.winning_cells(x, o) != 0 || geometry.winning_cells(o, x) != 0 {
                continue;
            }
            let Some(chain) = threats.find(x, o) else {
                continue;
            };
            tried += 1;
            let every = (0..64u32)
                .filter(|cell| (x | o) & (1 << cell) == 0)
                .filter(|cell| !survives(geometry, x, o | 1 << cell, &chain))
                .fold(0u64, |cells, cell| cells | 1 << cell);
            assert_eq!(breaking_replies(geometry, x, o, &chain), every);
        }
    }

    #[test]
    fn a_chain_survives_a_far_reply_and_not_one_on_its_cells() {
        let geometry = Geometry::of(4);
        let (x, o) = (marks(&[5, 6, 8, 13, 14]), marks(&[48, 50, 35, 62, 27]));
        let mut threats = ThreatSearch::new();
        let chain = threats.find(x, o).expect("a chain");
        let Step::Threat { at, .. } = chain[0] else {
            panic!("a chain opens with a threat");
        };
        assert!(survives(geometry, x, o, &chain));
        assert!(!survives(geometry, x, o | 1 << at, &chain));
        // A cell far from every line the chain uses.
        let far = (0..64u8)
            .find(|cell| {
                (x | o) & (1 << cell) == 0
                    && geometry.lines_through[usize::from(*cell)]
                        .iter()
                        .all(|line| geometry.lines[*line] & x == 0)
            })
            .unwrap();
        assert!(survives(geometry, x, o | 1 << far, &chain));
    }
}
