//! Ultimate tic-tac-toe's random playouts against a yardstick: the same games played by
//! a plain bit-board playout written from the rules alone, in this file and nowhere
//! else in the program, so that the game's own speed is judged against the fastest
//! plain version rather than a slow one.
//!
//! Both play Orlin's default rules from the empty board with the same generator (a
//! `Xoshiro256PlusPlus` seeded from the caller's, as `mcts::playout` seeds its own), and
//! both list a position's moves in the same order (boards, then cells, in reading
//! order) and draw one number a move as `random_range(0..count)` draws it: from one
//! seed they play the very same game, which the tests below check game by game (the
//! same winner after the same number of moves).

use crate::ai::mcts::below;
use crate::game::Player;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

const FULL: u16 = 0x1FF;

/// For each set of a small board's cells (9 bits, reading order), whether it holds
/// three in a row: the 8 lines tested once, when the program is built.
const WINS: [bool; 512] = {
    const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
    let mut table = [false; 512];
    let mut marks = 0;
    while marks < 512 {
        let mut line = 0;
        while line < 8 {
            table[marks] |= marks as u16 & LINES[line] == LINES[line];
            line += 1;
        }
        marks += 1;
    }
    table
};

/// A random game of ultimate (default rules) from the empty board, written plainly as
/// a careful program of its own would be: a 9-bit mask of marks per small board and
/// side, the boards each side won and the full boards as 9-bit masks, lines found by
/// the 512-entry table, the empty cells of the board played in counted with
/// `count_ones` and the chosen one found by clearing lower bits, nothing allocated,
/// the number drawn inline as the game's playout draws it ([`below`]: a standalone
/// program with one call site gets rand's `random_range` inlined the same way).
/// Returns the winner and the number of moves made.
pub(crate) fn plain_ultimate_playout(rng: &mut Xoshiro256PlusPlus) -> (Option<Player>, u32) {
    let mut marks = [[0u16; 9]; 2];
    let mut won = [0u16; 2];
    let mut full = 0u16;
    // The board the player is sent to; 9: any board that is not full.
    let mut target = 9usize;
    let mut side = 0;
    let mut moves = 0;
    loop {
        let empty =
            |board: usize, marks: &[[u16; 9]; 2]| !(marks[0][board] | marks[1][board]) & FULL;
        let (board, cell);
        if target < 9 {
            let cells = empty(target, &marks);
            let mut n = below(rng, cells.count_ones() as usize);
            let mut left = cells;
            while n > 0 {
                left &= left - 1;
                n -= 1;
            }
            (board, cell) = (target, left.trailing_zeros() as usize);
        } else {
            // A free choice: every empty cell of every board that is not full.
            let mut count = 0;
            let mut boards = !full & FULL;
            while boards != 0 {
                count += empty(boards.trailing_zeros() as usize, &marks).count_ones() as usize;
                boards &= boards - 1;
            }
            let mut n = below(rng, count);
            let mut boards = !full & FULL;
            loop {
                let here = boards.trailing_zeros() as usize;
                let mut left = empty(here, &marks);
                let size = left.count_ones() as usize;
                if n < size {
                    while n > 0 {
                        left &= left - 1;
                        n -= 1;
                    }
                    (board, cell) = (here, left.trailing_zeros() as usize);
                    break;
                }
                n -= size;
                boards &= boards - 1;
            }
        }
        moves += 1;
        marks[side][board] |= 1 << cell;
        // The first line made in a board wins it for good.
        if (won[0] | won[1]) & 1 << board == 0 && WINS[usize::from(marks[side][board])] {
            won[side] |= 1 << board;
            if WINS[usize::from(won[side])] {
                return (Some([Player::X, Player::O][side]), moves);
            }
        }
        if marks[0][board] | marks[1][board] == FULL {
            full |= 1 << board;
            if full == FULL {
                return (None, moves);
            }
        }
        target = if full & 1 << cell == 0 { cell } else { 9 };
        side ^= 1;
    }
}

/// The yardstick the bench used before: the same rules, but the legal moves listed
/// into an array every turn and lines found by testing the 8 line masks one by one.
/// Measured beside the careful one to show how much the yardstick alone moves a ratio.
pub(crate) fn listing_ultimate_playout(rng: &mut Xoshiro256PlusPlus) -> Option<Player> {
    let line = |marks: u16| {
        crate::game::tictactoe::LINES
            .iter()
            .any(|line| marks & line == *line)
    };
    let mut marks = [[0u16; 9]; 2];
    let mut won = [0u16; 2];
    let mut full = 0u16;
    let mut target: Option<usize> = None;
    let mut moves = [0u8; 81];
    for ply in 0..81 {
        let side = ply % 2;
        let mut count = 0;
        let boards = target.map_or(!full & FULL, |board| 1 << board);
        for board in (0..9).filter(|board| boards >> board & 1 != 0) {
            let mut empty = !(marks[0][board] | marks[1][board]) & FULL;
            while empty != 0 {
                moves[count] = (9 * board + empty.trailing_zeros() as usize) as u8;
                count += 1;
                empty &= empty - 1;
            }
        }
        if count == 0 {
            return None;
        }
        let mv = usize::from(moves[rng.random_range(0..count)]);
        let (board, cell) = (mv / 9, mv % 9);
        marks[side][board] |= 1 << cell;
        if (won[0] | won[1]) >> board & 1 == 0 && line(marks[side][board]) {
            won[side] |= 1 << board;
            if line(won[side]) {
                return Some([Player::X, Player::O][side]);
            }
        }
        if marks[0][board] | marks[1][board] == FULL {
            full |= 1 << board;
        }
        if full == FULL {
            return None;
        }
        target = (full >> cell & 1 == 0).then_some(cell);
    }
    None
}

/// Games a second of ultimate's random playouts three ways over the same games, in one
/// run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UltimatePlayouts {
    /// The game's own (`mcts::playout`, which hands the game the whole playout).
    pub own: f64,
    /// [`plain_ultimate_playout`], the yardstick.
    pub plain: f64,
    /// [`listing_ultimate_playout`], the yardstick before.
    pub listing: f64,
}

/// The three take turns in batches of 64 games (each generator seeded as `playout`
/// seeds its own, so all three play the same games) for about `millis` milliseconds,
/// each batch timed. The rate is 64 games over a way's median batch time: on a shared
/// machine a batch that the scheduler interrupts takes many times its due, and a sum
/// of times would charge that to whichever way it hit; the median of hundreds of
/// batches is the time a batch takes when it runs.
pub fn ultimate_playouts_per_second(seed: u64, millis: u64) -> UltimatePlayouts {
    const BATCH: u64 = 64;
    let empty = crate::game::ultimate::Ultimate::new(Default::default());
    let mut rngs = [0; 3].map(|_| ChaCha8Rng::seed_from_u64(seed));
    let mut times: [Vec<Duration>; 3] = Default::default();
    let clock = Instant::now();
    while clock.elapsed() < Duration::from_millis(millis) || times[0].is_empty() {
        let start = Instant::now();
        for _ in 0..BATCH {
            let _ = std::hint::black_box(crate::ai::mcts::playout(&empty, &mut rngs[0], 1_000));
        }
        times[0].push(start.elapsed());
        let start = Instant::now();
        for _ in 0..BATCH {
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(rngs[1].next_u64());
            let _ = std::hint::black_box(plain_ultimate_playout(&mut fast));
        }
        times[1].push(start.elapsed());
        let start = Instant::now();
        for _ in 0..BATCH {
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(rngs[2].next_u64());
            let _ = std::hint::black_box(listing_ultimate_playout(&mut fast));
        }
        times[2].push(start.elapsed());
    }
    let [own, plain, listing] =
        times.map(|batches| BATCH as f64 / super::median(batches).as_secs_f64().max(1e-9));
    UltimatePlayouts {
        own,
        plain,
        listing,
    }
}

/// Only the ultimate playouts (`menace bench --ultimate`): `repeats` runs of about
/// `millis` milliseconds each; every run's figures, and the medians of each column.
pub fn run_ultimate(repeats: usize, millis: u64) -> (Vec<UltimatePlayouts>, UltimatePlayouts) {
    let runs: Vec<UltimatePlayouts> = (0..repeats.max(1) as u64)
        .map(|seed| ultimate_playouts_per_second(seed, millis))
        .collect();
    let column = |get: fn(&UltimatePlayouts) -> f64| super::median(runs.iter().map(get).collect());
    let medians = UltimatePlayouts {
        own: column(|run| run.own),
        plain: column(|run| run.plain),
        listing: column(|run| run.listing),
    };
    (runs, medians)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::ultimate::Ultimate;

    /// The yardstick plays the very games the game's own playout plays from the same
    /// seed: the same winner after the same number of moves, game after game (it lists
    /// the moves in the same order and draws from the same generator), so the bench
    /// compares two ways of doing the same work.
    #[test]
    fn the_plain_ultimate_playout_plays_the_same_games() {
        let empty = Ultimate::new(Default::default());
        let mut results = std::collections::HashSet::new();
        for seed in 0..2_000 {
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut game = empty;
            let winner = game.play_out(&mut |count| fast.random_range(0..count), 1_000);
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(seed);
            let plain = plain_ultimate_playout(&mut fast);
            assert_eq!(plain, (winner, game.ply() as u32), "seed {seed}");
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(seed);
            assert_eq!(listing_ultimate_playout(&mut fast), winner, "seed {seed}");
            results.insert(winner);
        }
        // Wins for both sides and draws: the comparison saw every kind of ending.
        assert_eq!(results.len(), 3);
    }

    /// The whole playout as the bench times it (`mcts::playout`, seeded from the
    /// caller's generator) ends as the yardstick seeded the same way does.
    #[test]
    fn the_bench_times_the_same_games_both_ways() {
        let empty = Ultimate::new(Default::default());
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let own = crate::ai::mcts::playout(&empty, &mut rng.clone(), 1_000);
            let mut fast = Xoshiro256PlusPlus::seed_from_u64(rng.next_u64());
            assert_eq!(plain_ultimate_playout(&mut fast).0, own, "seed {seed}");
        }
    }

    /// A short run measures all three and gives positive rates.
    #[test]
    fn the_ultimate_bench_measures_all_three() {
        let (runs, medians) = run_ultimate(1, 5);
        assert_eq!(runs.len(), 1);
        assert!(medians.own > 0.0 && medians.plain > 0.0 && medians.listing > 0.0);
    }
}
