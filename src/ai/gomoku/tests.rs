//! The gomoku bot article's bot checked against its own definitions on positions worked out
//! by hand: the attacks a scan collects (power, potential, divider), the room filter, the
//! breakpoints, the weights and the skip quirk of the second breakpoint.

use super::attack::{self, Attack};
use crate::game::Game;
use crate::game::gomoku::renju::{BLACK, WHITE};
use crate::game::gomoku::{Gomoku, GomokuRules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A 15x15 position from stones named by cell: black's, then white's.
pub(crate) fn position(black: &[&str], white: &[&str]) -> Gomoku {
    let empty = Gomoku::new(GomokuRules::freestyle(15));
    let mut rows = vec![vec!['.'; 15]; 15];
    for (stones, mark) in [(black, 'X'), (white, 'O')] {
        for name in stones {
            let cell = empty.parse_cell(name).unwrap();
            rows[cell / 15][cell % 15] = mark;
        }
    }
    let text: Vec<String> = rows.iter().map(|row| row.iter().collect()).collect();
    empty.from_picture(&text.join("/")).unwrap()
}

fn attack(power: u8, potential: u8, divider: u8) -> Attack {
    Attack {
        power,
        potential,
        divider,
    }
}

fn cell(game: &Gomoku, name: &str) -> usize {
    game.parse_cell(name).unwrap()
}

const ACROSS: (i32, i32) = (1, 0);

#[test]
fn a_lone_stone_in_open_space_is_a_one_with_two_open_ends() {
    let game = position(&[], &[]);
    let h8 = cell(&game, "h8");
    let line = attack::scan(15, game.cells(), h8, BLACK, ACROSS);
    // Four empty cells each way count as room; the fifth is never read.
    assert_eq!(line.room, 9);
    assert_eq!(line.attacks(), &[attack(1, 2, 1)]);
    // 0.25 in each of four directions, for black and for white.
    assert_eq!(attack::weight(&game, h8), Some(2.0));
    // In the corner: one open end across and down, no room on the 45° diagonal.
    assert!((attack::weight(&game, cell(&game, "a15")).unwrap() - 0.6).abs() < 1e-9);
}

#[test]
fn a_torn_attack_gets_one_plus_its_gap_as_divider_and_makes_a_breakpoint() {
    // . . f8 . h8 i8 . . l8: black f8 and i8, white l8; h8 weighed for black.
    let game = position(&["f8", "i8"], &["l8", "a1"]);
    let h8 = cell(&game, "h8");
    let line = attack::scan(15, game.cells(), h8, BLACK, ACROSS);
    // Backwards: f8 beyond one gap (divider 2, open both sides); then forwards the
    // central pair h8-i8 (open both sides), and an empty run up to white's l8.
    assert_eq!(
        line.attacks(),
        &[attack(1, 2, 2), attack(2, 2, 1), attack(0, 1, 3)]
    );
    assert_eq!(line.room, 8);
    let kept = line.filtered();
    assert_eq!(kept.attacks(), &[attack(1, 2, 2), attack(2, 2, 1)]);
    // Central power 2 + side power 1 + 1 for both open at both ends = 4.
    assert!(kept.is_breakpoint());
    // White at h8 is boxed in by black: no room for five, nothing kept.
    let white = attack::scan(15, game.cells(), h8, WHITE, ACROSS);
    assert!(white.room < 5);
    assert!(white.filtered().attacks().is_empty());
}

#[test]
fn two_breakpoints_add_100_and_the_second_ones_line_is_not_summed() {
    // Black g8 i8 across and h7 h9 down: h8 makes two open threes for black.
    let game = position(&["g8", "i8", "h7", "h9"], &["a1", "c1", "e1", "o15"]);
    let h8 = cell(&game, "h8");
    let explained = attack::explain(&game, h8).unwrap();
    let black = &explained.parts[0];
    assert_eq!(black.lines[0].attacks(), &[attack(3, 2, 1)]);
    assert_eq!(black.lines[2].attacks(), &[attack(3, 2, 1)]);
    assert_eq!(black.breakpoints, [true, false, true, false]);
    // The seed's `return` leaves the 90° line's 7 out: 7 + 0.25 + 100 + 0.25.
    assert_eq!(black.summed, [true, true, false, true]);
    assert!((black.weight - 107.5).abs() < 1e-9, "{}", black.weight);
    // White there is blocked across and down: 0.25 on each diagonal.
    assert!((explained.parts[1].weight - 0.5).abs() < 1e-9);
    assert!((explained.total() - 108.0).abs() < 1e-9);
}

#[test]
fn a_five_for_the_side_to_move_adds_100_and_the_bot_takes_it() {
    // Black d8-g8, black to move: h8 makes five, open at the far end.
    let game = position(&["d8", "e8", "f8", "g8"], &["a1", "c1", "e1", "g1"]);
    let h8 = cell(&game, "h8");
    let line = attack::scan(15, game.cells(), h8, BLACK, ACROSS);
    // The run reaches the fifth cell (d8), so the sixth (c8) decides that end.
    assert_eq!(line.attacks(), &[attack(5, 2, 1)]);
    let explained = attack::explain(&game, h8).unwrap();
    // 100 for the mover's five + 200 + 0.25 on each other line.
    assert!((explained.parts[0].weight - 300.75).abs() < 1e-9);
    // White at h8: blocked by g8, open to the right with room: 0.1, and 0.25 x 3.
    assert!((explained.parts[1].weight - 0.85).abs() < 1e-9);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // c8 also makes five, but white has no room there: h8 is heavier.
    assert_eq!(attack::choose(&game, &mut rng), Some(h8 as u16));
}

#[test]
fn the_bot_blocks_a_four() {
    let game = position(&["d8", "e8", "f8", "g8"], &["a1", "c1", "e1"]);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let chosen = attack::choose(&game, &mut rng).unwrap();
    let names = [cell(&game, "c8"), cell(&game, "h8")];
    assert!(
        names.contains(&usize::from(chosen)),
        "{}",
        game.move_name(chosen)
    );
}

#[test]
fn on_an_empty_board_the_bot_opens_in_the_centre() {
    let game = Gomoku::new(GomokuRules::freestyle(15));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert_eq!(
        attack::choose(&game, &mut rng).map(|mv| game.move_name(mv)),
        Some("h8".into())
    );
}
