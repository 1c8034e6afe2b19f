//! Renju's forbidden moves ("fouls") for black.
//!
//! Black moves first, which in free gomoku is close to a forced win, so renju forbids
//! black three shapes. Each is judged only through the stone just placed, along the four
//! lines through it (horizontal, vertical and both diagonals):
//!
//! * an **overline**: six or more black stones in a row;
//! * a **double four**: two or more fours at once. A *four* is a set of four black stones
//!   that one more black stone turns into exactly five. Fours are counted as distinct sets
//!   of stones, so a straight four `.XXXX.` is one four (both completions use the same
//!   stones), while `XXX.X.XXX` played in the middle is two fours in one line;
//! * a **double three**: open threes in two or more lines at once.
//!
//! A move that makes exactly five is always allowed: winning beats every foul.
//!
//! A *three* is defined by what it threatens rather than by its shape, because shapes
//! mislead near the edge, next to other black stones, or when the key point is itself
//! forbidden. A line holds an open three through the new stone if black could add one
//! stone there that makes a *straight four* with it: four in a row whose two ends are both
//! empty and would each give exactly five, a threat white cannot stop. That extra stone
//! must itself be a legal black move, since a three that can only grow through a
//! forbidden point threatens nothing; deciding that means asking [`foul`] about the point,
//! so the definition is recursive. Each level adds a stone, so the recursion ends; it is
//! also capped at `MAX_DEPTH` levels, beyond which the extending stone is taken as legal.
//! A line that holds a four is not counted as a three as well.

/// Cell contents, as the game stores them.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

/// Why black may not play a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foul {
    Overline,
    DoubleFour,
    DoubleThree,
}

impl Foul {
    /// A few words to finish "h8 would make ...".
    pub fn words(self) -> &'static str {
        match self {
            Foul::Overline => "an overline (six or more in a row)",
            Foul::DoubleFour => "two fours",
            Foul::DoubleThree => "two open threes",
        }
    }
}

/// How many levels of "is the point that extends this three legal?" are followed.
/// Real positions need two or three; anything deeper is taken as legal.
const MAX_DEPTH: u32 = 8;

/// A line's step from one cell to the next, as (dx, dy).
type Direction = (isize, isize);

/// The four lines through a cell: horizontal, vertical and the two diagonals.
const DIRECTIONS: [Direction; 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The foul black would commit by playing `cell` (empty) on the square board of side
/// `size` whose cells are `cells` (index y*size + x, y = 0 the top row, x = 0 the left
/// column), or None if the move is allowed. A move that makes exactly five is always
/// allowed (five beats every foul). `cells` is borrowed mutably only to try stones; it
/// is exactly as it was when the function returns. An occupied `cell` gives None: it is
/// not renju that forbids it.
pub fn foul(size: usize, cells: &mut [u8], cell: usize) -> Option<Foul> {
    assert_eq!(cells.len(), size * size, "cells must be size * size");
    if cells[cell] != EMPTY {
        return None;
    }
    // Every foul needs at least four other black stones on the lines through the cell,
    // within five of it (two threes of two more each, two fours of three and more, or
    // six in a row); most cells have fewer, and are settled without trying anything.
    let (x, y) = ((cell % size) as i64, (cell / size) as i64);
    let nearby = DIRECTIONS
        .iter()
        .flat_map(|&(dx, dy)| {
            (-5..=5i64)
                .filter(|s| *s != 0)
                .map(move |s| (x + s * dx as i64, y + s * dy as i64))
        })
        .filter(|&(cx, cy)| {
            (0..size as i64).contains(&cx)
                && (0..size as i64).contains(&cy)
                && cells[(cy * size as i64 + cx) as usize] == BLACK
        })
        .count();
    if nearby < 4 {
        return None;
    }
    with_stone(cells, cell, BLACK, |cells| {
        foul_of_placed(size, cells, cell, MAX_DEPTH)
    })
}

/// True if `colour` playing `cell` makes exactly five in some line (`colour` is placed
/// hypothetically at `cell`, whatever it holds now).
pub fn makes_exact_five(size: usize, cells: &[u8], cell: usize, colour: u8) -> bool {
    DIRECTIONS
        .iter()
        .any(|&dir| run_length(size, cells, cell, dir, colour) == 5)
}

/// Puts `colour` on `cell`, runs `f`, then puts back what was there.
fn with_stone<T>(cells: &mut [u8], cell: usize, colour: u8, f: impl FnOnce(&mut [u8]) -> T) -> T {
    let previous = std::mem::replace(&mut cells[cell], colour);
    let result = f(cells);
    cells[cell] = previous;
    result
}

/// The foul of the black stone already standing on `cell`. `depth` is how many more
/// levels of three-extension legality may be checked.
fn foul_of_placed(size: usize, cells: &mut [u8], cell: usize, depth: u32) -> Option<Foul> {
    if makes_exact_five(size, cells, cell, BLACK) {
        return None;
    }
    if DIRECTIONS
        .iter()
        .any(|&dir| run_length(size, cells, cell, dir, BLACK) >= 6)
    {
        return Some(Foul::Overline);
    }
    let fours = DIRECTIONS.map(|dir| four_count(size, cells, cell, dir));
    if fours.iter().sum::<usize>() >= 2 {
        return Some(Foul::DoubleFour);
    }
    let mut open_threes = 0;
    for (dir, fours_in_line) in DIRECTIONS.into_iter().zip(fours) {
        if fours_in_line == 0 && has_open_three(size, cells, cell, dir, depth) {
            open_threes += 1;
            if open_threes == 2 {
                return Some(Foul::DoubleThree);
            }
        }
    }
    None
}

/// The cell `steps` steps from `cell` along `dir` (backwards if negative), if on the board.
fn step(size: usize, cell: usize, (dx, dy): Direction, steps: isize) -> Option<usize> {
    let side = size as isize;
    let x = (cell % size) as isize + dx * steps;
    let y = (cell / size) as isize + dy * steps;
    ((0..side).contains(&x) && (0..side).contains(&y)).then(|| (y * side + x) as usize)
}

/// How many unbroken `colour` stones lie just before and just after `cell` along `dir`.
fn run_around(
    size: usize,
    cells: &[u8],
    cell: usize,
    dir: Direction,
    colour: u8,
) -> (isize, isize) {
    let count = |sign: isize| {
        (1..)
            .take_while(|&n| step(size, cell, dir, sign * n).is_some_and(|c| cells[c] == colour))
            .count() as isize
    };
    (count(-1), count(1))
}

/// Length of the `colour` line through `cell` along `dir`, counting `cell` as `colour`.
fn run_length(size: usize, cells: &[u8], cell: usize, dir: Direction, colour: u8) -> usize {
    let (before, after) = run_around(size, cells, cell, dir, colour);
    (before + 1 + after) as usize
}

/// The number of fours along `dir` that include the black stone on `cell`: distinct sets
/// of four black stones that one more black stone (on an empty cell) makes exactly five.
fn four_count(size: usize, cells: &[u8], cell: usize, dir: Direction) -> usize {
    // Each set is a bitmask of the stones' offsets from `cell`, bit (offset + 4).
    let mut stone_sets: Vec<u16> = Vec::new();
    for gap_offset in -4..=4 {
        let Some(gap) = step(size, cell, dir, gap_offset) else {
            continue;
        };
        if cells[gap] != EMPTY {
            continue;
        }
        let (before, after) = run_around(size, cells, gap, dir, BLACK);
        let (first, last) = (gap_offset - before, gap_offset + after);
        if last - first + 1 == 5 && first <= 0 && last >= 0 {
            let stones = (first..=last).filter(|&offset| offset != gap_offset);
            let set = stones.fold(0u16, |set, offset| set | 1 << (offset + 4));
            if !stone_sets.contains(&set) {
                stone_sets.push(set);
            }
        }
    }
    stone_sets.len()
}

/// Whether the black stone on `cell` is part of an open three along `dir`: some empty
/// cell in that line would, as a black stone, make a straight four with it, and black
/// may legally play there.
fn has_open_three(size: usize, cells: &mut [u8], cell: usize, dir: Direction, depth: u32) -> bool {
    (-3..=3).any(|offset| {
        let Some(extension) = step(size, cell, dir, offset) else {
            return false;
        };
        cells[extension] == EMPTY
            && with_stone(cells, extension, BLACK, |cells| {
                makes_straight_four(size, cells, extension, cell, dir)
                    && (depth == 0 || foul_of_placed(size, cells, extension, depth - 1).is_none())
            })
    })
}

/// Whether the black stone on `extension` stands in exactly four in a row along `dir`,
/// reaching `cell`, whose two ends are empty cells where black would make exactly five.
fn makes_straight_four(
    size: usize,
    cells: &[u8],
    extension: usize,
    cell: usize,
    dir: Direction,
) -> bool {
    let (before, after) = run_around(size, cells, extension, dir, BLACK);
    let reaches_cell = (-before..=after).any(|n| step(size, extension, dir, n) == Some(cell));
    let makes_five = |end: Option<usize>| {
        end.is_some_and(|end| cells[end] == EMPTY && run_length(size, cells, end, dir, BLACK) == 5)
    };
    before + 1 + after == 4
        && reaches_cell
        && makes_five(step(size, extension, dir, -before - 1))
        && makes_five(step(size, extension, dir, after + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: usize = 15;
    const HORIZONTAL: Direction = DIRECTIONS[0];
    const VERTICAL: Direction = DIRECTIONS[1];

    /// A 15x15 board with `diagram` centred on it, and the cell black is about to play.
    /// The diagram is lines of '.' (empty), 'X' (black), 'O' (white), '*' (the empty cell
    /// black plays) and lowercase letters (empty cells named in the test's comments);
    /// leading spaces and blank lines are ignored.
    fn position(diagram: &str) -> (Vec<u8>, usize) {
        let rows: Vec<&str> = diagram
            .lines()
            .map(str::trim)
            .filter(|row| !row.is_empty())
            .collect();
        let (height, width) = (rows.len(), rows[0].len());
        let (top, left) = ((SIZE - height) / 2, (SIZE - width) / 2);
        let mut cells = vec![EMPTY; SIZE * SIZE];
        let mut target = None;
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), width, "diagram rows must be equally wide");
            for (x, symbol) in row.chars().enumerate() {
                let cell = (top + y) * SIZE + left + x;
                match symbol {
                    'X' => cells[cell] = BLACK,
                    'O' => cells[cell] = WHITE,
                    '*' => target = Some(cell),
                    '.' | 'a'..='z' => {}
                    _ => panic!("unexpected {symbol:?} in diagram"),
                }
            }
        }
        (cells, target.expect("diagram needs a '*'"))
    }

    /// `foul` at the diagram's '*', also checking that the board comes back unchanged.
    fn foul_at(diagram: &str) -> Option<Foul> {
        let (mut cells, target) = position(diagram);
        let before = cells.clone();
        let result = foul(SIZE, &mut cells, target);
        assert_eq!(cells, before, "foul() changed the board");
        result
    }

    /// The foul at '*' when the legality of three-extending points is followed only
    /// `depth` levels down (0: every extension point is taken as legal, judging threes by
    /// shape alone, as a naive implementation would).
    fn foul_at_depth(diagram: &str, depth: u32) -> Option<Foul> {
        let (mut cells, target) = position(diagram);
        with_stone(&mut cells, target, BLACK, |cells| {
            foul_of_placed(SIZE, cells, target, depth)
        })
    }

    /// Whether black at '*' has an open three along `dir`.
    fn open_three_along(diagram: &str, dir: Direction) -> bool {
        let (mut cells, target) = position(diagram);
        with_stone(&mut cells, target, BLACK, |cells| {
            has_open_three(SIZE, cells, target, dir, MAX_DEPTH)
        })
    }

    #[test]
    fn a_single_open_three_is_allowed() {
        assert!(open_three_along("..XX*..", HORIZONTAL));
        assert_eq!(foul_at("..XX*.."), None);
    }

    #[test]
    fn two_crossing_open_threes_are_a_double_three() {
        let diagram = "
            ...X...
            ...X...
            .XX*...
        ";
        assert_eq!(foul_at(diagram), Some(Foul::DoubleThree));
    }

    #[test]
    fn a_three_blocked_at_one_end_is_not_open() {
        let diagram = "
            ...X...
            ...X...
            OXX*...
        ";
        assert!(!open_three_along(diagram, HORIZONTAL));
        assert!(open_three_along(diagram, VERTICAL));
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn a_split_three_is_an_open_three() {
        // After the move the row is .X.XX. : filling the gap makes the straight four .XXXX.
        let diagram = "
            ....X...
            ....X...
            .X.X*...
        ";
        assert!(open_three_along(diagram, HORIZONTAL));
        assert!(
            open_three_along("..*.XX..", HORIZONTAL),
            "the lone stone of X.XX"
        );
        assert_eq!(foul_at(diagram), Some(Foul::DoubleThree));
    }

    #[test]
    fn two_fours_in_different_lines_are_a_double_four() {
        let diagram = "
            ....O..
            ....X..
            ....X..
            ....X..
            OXXX*..
        ";
        assert_eq!(foul_at(diagram), Some(Foul::DoubleFour));
    }

    #[test]
    fn two_fours_in_one_line_are_a_double_four() {
        // XXX.X.XXX : the left gap makes five with the left stones, the right gap with the
        // right ones: two different sets of four stones.
        assert_eq!(foul_at(".XXX.*.XXX."), Some(Foul::DoubleFour));
        // XX.XX.XX played in the middle pair: likewise two fours.
        assert_eq!(foul_at(".XX.*X.XX."), Some(Foul::DoubleFour));
        // X.XXX.X played in the middle of the three: likewise.
        assert_eq!(foul_at(".X.X*X.X."), Some(Foul::DoubleFour));
        // A straight four has two completions, but both use the same four stones: one four.
        assert_eq!(foul_at(".XXX*.."), None);
    }

    #[test]
    fn a_four_with_an_open_three_is_allowed() {
        let diagram = "
            ....X..
            ....X..
            OXXX*..
        ";
        assert!(open_three_along(diagram, VERTICAL));
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn six_in_a_row_is_an_overline() {
        assert_eq!(foul_at("XXX*XX"), Some(Foul::Overline));
        assert_eq!(foul_at(".X*XXXX."), Some(Foul::Overline));
    }

    #[test]
    fn five_wins_despite_an_overline_in_another_line() {
        // Horizontally exactly five; vertically six.
        let diagram = "
            ...X...
            ...X...
            ...X...
            .XX*XX.
            ...X...
            ...X...
        ";
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn five_wins_despite_a_double_three() {
        let with_five = "
            ....X....
            ....X....
            XXXX*....
            .....X...
            ......X..
        ";
        assert_eq!(foul_at(with_five), None);
        // Without the leftmost stone the same move is a four plus two open threes
        // (4-3-3), which is forbidden: it is the five that makes it legal.
        let without_five = with_five.replace("XXXX*", ".XXX*");
        assert_eq!(foul_at(&without_five), Some(Foul::DoubleThree));
    }

    // The classic subtle case: a three is only a three if the point that turns it into a
    // straight four is itself legal for black. In the next three positions * seems to
    // make two open threes: the vertical *XX (real) and the row X.XX, whose only straight
    // four comes from filling the gap g. Each time black at g is forbidden, so the row is
    // no three and * is allowed, while judging threes by shape alone says double three.

    #[test]
    fn an_apparent_three_whose_only_extension_is_an_overline_is_not_a_three() {
        // Black at g would stand in six vertically (three above, two below): an overline.
        let diagram = "
            ...X.....
            ...X.....
            ...X.....
            ..XgX*...
            ...X.X...
            ...X.X...
        ";
        assert_eq!(
            foul_at_depth(diagram, 0),
            Some(Foul::DoubleThree),
            "by shape, 3-3"
        );
        assert!(!open_three_along(diagram, HORIZONTAL));
        assert!(open_three_along(diagram, VERTICAL));
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn an_apparent_three_whose_only_extension_is_a_double_four_is_not_a_three() {
        // Black at g would make the row's straight four and also the four OXXXg
        // vertically: a double four.
        let diagram = "
            ...O.....
            ...X.....
            ...X.....
            ...X.....
            ..XgX*...
            .....X...
            .....X...
        ";
        assert_eq!(
            foul_at_depth(diagram, 0),
            Some(Foul::DoubleThree),
            "by shape, 3-3"
        );
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn an_apparent_three_whose_only_extension_is_a_double_three_is_not_a_three() {
        // Black at g would make the row's straight four plus two open threes: XXg
        // vertically and g with the two stones down-left of it. A 4-3-3 is a double three.
        let diagram = "
            ...X.....
            ...X.....
            ..XgX*...
            ..X..X...
            .X...X...
        ";
        assert_eq!(
            foul_at_depth(diagram, 0),
            Some(Foul::DoubleThree),
            "by shape, 3-3"
        );
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn the_legality_of_an_extension_is_itself_judged_recursively() {
        // As above, * makes the vertical three XX* and the row X.XX with gap g. Black at g
        // would make the row's straight four, the three gXX downwards and seemingly the
        // diagonal three XX.g up-left: a forbidden 4-3-3. But that diagonal's only
        // extension r would make six in its column, so it is no three: g is a legal 4-3
        // after all, the row is a real three, and * is a double three. Following
        // legality only one level down gets this wrong.
        let diagram = "
            ...X.....
            ...X.....
            .X.X.....
            ..XX..X..
            ...r..X..
            ...XgX*..
            ....X....
            ....X....
        ";
        assert_eq!(
            foul_at_depth(diagram, 1),
            None,
            "one level down, g looks forbidden"
        );
        assert_eq!(foul_at(diagram), Some(Foul::DoubleThree));
    }

    #[test]
    fn a_three_that_could_only_grow_into_an_overline_is_not_open() {
        // ...XXX.O : black at column 2 makes the straight four .XXXX. — an open three.
        assert!(open_three_along("...XX*.O", HORIZONTAL));
        // X..XXX.O : that four's left end would now make six, not five, and the right
        // side is blocked, so it is no three.
        let diagram = "
            .....X..
            .....X..
            X..XX*.O
        ";
        assert!(!open_three_along(diagram, HORIZONTAL));
        assert!(open_three_along(diagram, VERTICAL));
        assert_eq!(foul_at(diagram), None);
    }

    #[test]
    fn a_three_against_the_edge_is_not_open() {
        // Full-width rows, so the left column is the board's edge.
        let diagram = "
            ..X............
            ..X............
            XX*............
        ";
        assert!(!open_three_along(diagram, HORIZONTAL));
        assert!(open_three_along(diagram, VERTICAL));
        assert_eq!(foul_at(diagram), None);
        // One cell from the edge it is open: .XXXX. still fits.
        assert!(open_three_along(".XX*...........", HORIZONTAL));
    }

    #[test]
    fn foul_leaves_every_board_unchanged() {
        let diagrams = [
            ".XXX.*.XXX.",
            "...O....\n...X....\n...X....\n...X....\n..X.X*..\n.....X..",
            "...X.....\n.X.X.....\n..XX..X..\n...X.X*..\n....X....\n....X....",
        ];
        for diagram in diagrams {
            let (mut cells, _) = position(diagram);
            let before = cells.clone();
            for cell in 0..cells.len() {
                if cells[cell] == EMPTY {
                    foul(SIZE, &mut cells, cell);
                    assert_eq!(cells, before, "changed by foul() at cell {cell}");
                }
            }
        }
    }

    #[test]
    fn exact_five_for_either_colour_on_a_small_board() {
        let mut cells = vec![EMPTY; 25];
        cells[..5].copy_from_slice(&[BLACK, BLACK, EMPTY, BLACK, BLACK]);
        cells[5..10].copy_from_slice(&[WHITE, WHITE, WHITE, WHITE, EMPTY]);
        assert!(makes_exact_five(5, &cells, 2, BLACK));
        assert!(!makes_exact_five(5, &cells, 2, WHITE));
        assert!(makes_exact_five(5, &cells, 9, WHITE));
        assert_eq!(foul(5, &mut cells, 2), None);
        assert_eq!(
            foul(5, &mut cells, 0),
            None,
            "an occupied cell is not a foul"
        );
    }

    #[test]
    fn words_finish_the_sentence() {
        assert_eq!(Foul::Overline.words(), "an overline (six or more in a row)");
        assert_eq!(Foul::DoubleFour.words(), "two fours");
        assert_eq!(Foul::DoubleThree.words(), "two open threes");
    }
}
