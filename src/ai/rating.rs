//! The rating heuristic of the algorithm page (its Pascal procedure `Rayting`), ported
//! faithfully.
//!
//! Every empty cell gets a rating built from the lines through it; the seed writes the
//! player to move (the computer) as 4 and the opponent as 1, so the sum of a line tells
//! its contents at a glance: 0 empty, 1 one opponent mark, 2 two of them, 4 one of mine,
//! 8 two of mine, 5 one of each. The scale, highest first:
//!
//! | situation | rating |
//! |---|---|
//! | moving here wins at once (a line summing 8) | 1,000,000 |
//! | moving here stops the opponent winning (a line summing 2) | 100,000 |
//! | moving here makes a fork (two lines summing 4) | 10,000 |
//! | moving here stops an opponent fork (two lines summing 1) | 1,000 |
//! | moving here prepares a fork | 100 |
//! | moving here stops the opponent preparing one | 10 |
//! | the cell is empty | 1 |
//!
//! Level 0 picks a cell at random in proportion to its rating; level 1 and above picks
//! uniformly among the cells of the highest rating (the seed's `SelectCell`).

use super::Agent;
use crate::game::tictactoe::LINES;
use crate::game::{Game, Player, Square, TicTacToe};
use rand::{Rng, RngExt};

pub const WIN_NOW: u32 = 1_000_000;
pub const BLOCK_WIN: u32 = 100_000;
pub const MAKE_FORK: u32 = 10_000;
pub const BLOCK_FORK: u32 = 1_000;
pub const PREPARE_FORK: u32 = 100;
pub const BLOCK_PREPARATION: u32 = 10;
pub const EMPTY: u32 = 1;

/// The cells of each line, in the seed's order: rows, columns, diagonals.
fn line_cells(line: usize) -> [usize; 3] {
    let mask = LINES[line];
    let mut cells = [0; 3];
    let mut found = 0;
    for (cell, slot) in (0..9).filter(|cell| mask & (1 << cell) != 0).zip(0..) {
        cells[slot] = cell;
        found += 1;
    }
    debug_assert_eq!(found, 3);
    cells
}

/// The ratings of the nine cells for the player to move (0 for occupied cells, and for
/// every cell once the game is over).
pub fn ratings(position: &TicTacToe) -> [u32; 9] {
    let mut ray = [0u32; 9];
    if position.is_over() {
        return ray;
    }
    let me = position.to_move();
    // Kl: 4 for my marks, 1 for the opponent's, 0 for empty.
    let kl: [u32; 9] = std::array::from_fn(|cell| match position.at(Square::ALL[cell]) {
        Some(player) if player == me => 4,
        Some(_) => 1,
        None => 0,
    });
    // li: the sum of each line, as the seed's function Fin prepares it.
    let lines: Vec<[usize; 3]> = (0..LINES.len()).map(line_cells).collect();
    let li: Vec<u32> = lines
        .iter()
        .map(|cells| cells.iter().map(|cell| kl[*cell]).sum())
        .collect();
    for ii in (0..9).filter(|cell| kl[*cell] == 0) {
        ray[ii] += EMPTY;
        // Lines through ii, in ascending order as the seed's table `kle` lists them.
        let mut s00: Vec<usize> = Vec::new(); // empty lines
        let mut s11: Vec<usize> = Vec::new(); // lines with one opponent mark
        let mut s44: Vec<usize> = Vec::new(); // lines with one of mine
        for ssj in (0..lines.len()).filter(|line| lines[*line].contains(&ii)) {
            match li[ssj] {
                0 => {
                    s00.push(ssj);
                    // With an earlier line of mine through ii: the empty line's other
                    // cells prepare a fork.
                    for _ in &s44 {
                        for sj in lines[ssj] {
                            if sj != ii {
                                ray[sj] += PREPARE_FORK;
                            }
                        }
                    }
                    // With an earlier opponent line: stop it preparing a fork.
                    for x_line in &s11 {
                        for sj in lines[ssj] {
                            ray[sj] += BLOCK_PREPARATION;
                        }
                        for sj in lines[*x_line] {
                            if sj != ii && kl[sj] == 0 {
                                ray[sj] += BLOCK_PREPARATION;
                            }
                        }
                    }
                }
                1 => {
                    s11.push(ssj);
                    if s11.len() > 1 {
                        // The opponent could fork here: take it, or a cell on its lines.
                        ray[ii] += BLOCK_FORK;
                        for x_line in &s11 {
                            for sj in lines[*x_line] {
                                if sj != ii && kl[sj] == 0 {
                                    ray[sj] += BLOCK_FORK;
                                }
                            }
                        }
                    }
                    for empty_line in &s00 {
                        for sj in lines[ssj] {
                            if kl[sj] == 0 {
                                ray[sj] += BLOCK_PREPARATION;
                            }
                        }
                        for sj in lines[*empty_line] {
                            if sj != ii && kl[sj] == 0 {
                                ray[sj] += BLOCK_PREPARATION;
                            }
                        }
                    }
                }
                2 => ray[ii] += BLOCK_WIN,
                4 => {
                    s44.push(ssj);
                    if s44.len() > 1 {
                        ray[ii] += MAKE_FORK;
                    }
                    for empty_line in &s00 {
                        for sj in lines[*empty_line] {
                            if sj != ii {
                                ray[sj] += PREPARE_FORK;
                            }
                        }
                    }
                }
                8 => ray[ii] += WIN_NOW,
                _ => {}
            }
        }
    }
    ray
}

/// The rating player of the algorithm page.
#[derive(Debug, Clone, Copy)]
pub struct Rating {
    /// 0: random in proportion to rating; 1 or more: uniform among the best-rated cells.
    pub level: u8,
}

impl Agent<TicTacToe> for Rating {
    fn name(&self) -> &'static str {
        "rating"
    }

    fn choose(&mut self, position: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        let ray = ratings(position);
        choose_by_rating(&ray, self.level, rng)
    }
}

/// The seed's `SelectCell`: by level, proportional or uniform among the best.
pub fn choose_by_rating(ray: &[u32; 9], level: u8, rng: &mut dyn Rng) -> Option<Square> {
    if level == 0 {
        let total: u64 = ray.iter().map(|r| u64::from(*r)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.random_range(0..total);
        for (cell, rating) in ray.iter().enumerate() {
            let rating = u64::from(*rating);
            if pick < rating {
                return Square::new(cell);
            }
            pick -= rating;
        }
        None
    } else {
        let best = *ray.iter().max()?;
        if best == 0 {
            return None;
        }
        let cells: Vec<usize> = (0..9).filter(|cell| ray[*cell] == best).collect();
        Square::new(cells[rng.random_range(0..cells.len())])
    }
}

/// Cells where `player` would complete a line at once.
pub fn winning_cells(position: &TicTacToe, player: Player) -> u16 {
    let mine = position.marks(player);
    let empty = position.empty_mask();
    LINES
        .iter()
        .filter(|line| (mine & **line).count_ones() == 2 && empty & **line != 0)
        .fold(0, |cells, line| cells | (empty & line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn position(picture: &str) -> TicTacToe {
        TicTacToe::from_picture(picture, Rules::default()).unwrap()
    }

    fn best_cells(picture: &str) -> Vec<String> {
        let ray = ratings(&position(picture));
        let best = *ray.iter().max().unwrap();
        (0..9)
            .filter(|cell| ray[*cell] == best)
            .map(|cell| Square::ALL[cell].name())
            .collect()
    }

    #[test]
    fn occupied_cells_rate_zero_and_empty_ones_at_least_one() {
        let ray = ratings(&position("X...O...."));
        assert_eq!(ray[0], 0);
        assert_eq!(ray[4], 0);
        assert!(
            ray.iter()
                .enumerate()
                .all(|(cell, r)| cell == 0 || cell == 4 || *r >= 1)
        );
    }

    #[test]
    fn it_takes_an_immediate_win() {
        // X to move with X X . on top: LR wins.
        assert_eq!(best_cells("XX.OO...."), ["LR"]);
        assert!(ratings(&position("XX.OO...."))[2] >= WIN_NOW);
    }

    #[test]
    fn it_blocks_an_immediate_loss() {
        // O to move; X threatens the top row.
        assert_eq!(best_cells("XX..O...."), ["LR"]);
        assert!(ratings(&position("XX..O...."))[2] >= BLOCK_WIN);
    }

    /// Cells where the player to move would make two threats at once.
    fn fork_cells(position: &TicTacToe) -> u16 {
        let me = position.to_move();
        position
            .legal_moves()
            .into_iter()
            .filter(|square| {
                let mut next = *position;
                next.place(*square);
                !next.is_over() && winning_cells(&next, me).count_ones() >= 2
            })
            .fold(0, |cells, square| cells | 1 << square.index())
    }

    #[test]
    fn level_one_never_misses_an_immediate_win_or_block() {
        let mut checked = 0;
        for board in crate::menace::boxes::reachable_positions() {
            if board.is_over() {
                continue;
            }
            let me = board.to_move();
            let ray = ratings(&board);
            let best = *ray.iter().max().unwrap();
            let best_cells = (0..9)
                .filter(|cell| ray[*cell] == best)
                .fold(0u16, |cells, cell| cells | 1 << cell);
            let wins = winning_cells(&board, me);
            let blocks = winning_cells(&board, me.opponent());
            let must = if wins != 0 { wins } else { blocks };
            if must != 0 {
                checked += 1;
                assert_eq!(
                    best_cells & !must,
                    0,
                    "{}: best {best_cells:09b}, must {must:09b}",
                    board.picture()
                );
            }
        }
        assert!(checked > 1_000, "{checked}");
    }

    #[test]
    fn it_makes_a_fork() {
        // X on LL and MR, O on LM and ML, no threats anywhere: X at RR threatens both the
        // diagonal LL-RR and the right column, and only one can be blocked.
        let picture = "XO.O.X...";
        let board = position(picture);
        assert_eq!(winning_cells(&board, Player::X), 0);
        assert_eq!(winning_cells(&board, Player::O), 0);
        assert_eq!(fork_cells(&board), 1 << 8);
        assert!(ratings(&board)[8] >= MAKE_FORK);
        assert_eq!(best_cells(picture), ["RR"]);
    }

    #[test]
    fn forks_rate_at_least_make_fork_when_nothing_is_more_urgent() {
        let mut found = 0;
        for board in crate::menace::boxes::reachable_positions() {
            if board.is_over() {
                continue;
            }
            let me = board.to_move();
            if winning_cells(&board, me) != 0 || winning_cells(&board, me.opponent()) != 0 {
                continue;
            }
            let forks = fork_cells(&board);
            if forks == 0 {
                continue;
            }
            found += 1;
            let ray = ratings(&board);
            for cell in (0..9).filter(|cell| forks & (1 << cell) != 0) {
                assert!(
                    ray[cell] >= MAKE_FORK,
                    "{} cell {cell}: {ray:?}",
                    board.picture()
                );
            }
            let best = *ray.iter().max().unwrap();
            assert!(
                (0..9).any(|cell| ray[cell] == best && forks & (1 << cell) != 0),
                "{}: best is not a fork {ray:?}",
                board.picture()
            );
        }
        assert!(found > 100, "{found}");
    }

    #[test]
    fn it_blocks_a_fork() {
        // O to move after X corner, O centre, X opposite corner: X threatens forks at
        // LR and RL; the rating sees them.
        let ray = ratings(&position("X...O...X"));
        assert!(ray[2] >= BLOCK_FORK && ray[6] >= BLOCK_FORK, "{ray:?}");
    }

    #[test]
    fn level_one_picks_only_best_cells_and_level_zero_sometimes_others() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let opening = TicTacToe::default();
        let ray = ratings(&opening);
        let best = *ray.iter().max().unwrap();
        let mut level_zero_cells = std::collections::HashSet::new();
        for _ in 0..400 {
            let square = Rating { level: 1 }.choose(&opening, &mut rng).unwrap();
            assert_eq!(ray[square.index()], best);
            level_zero_cells.insert(Rating { level: 0 }.choose(&opening, &mut rng).unwrap());
        }
        assert!(level_zero_cells.len() > 1);
    }

    #[test]
    fn winning_cells_are_found() {
        assert_eq!(winning_cells(&position("XX.OO...."), Player::X), 1 << 2);
        assert_eq!(winning_cells(&position("XX.OO...."), Player::O), 1 << 5);
    }
}
