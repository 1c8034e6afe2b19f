//! The rule-based strategy of seeds 001 and 003, as a teacher that explains every move in
//! one sentence a child can follow. The rules, in order: win; block; the opening rules
//! (X opens in a corner; O answers a centre opening with a corner and anything else with
//! the centre); make a fork; stop the opponent's fork; centre; the corner opposite the
//! opponent's; any corner; any edge. It never loses (tested over every line of play).
//!
//! With [`Opening::Centre`] it plays X as the algorithm page's strategy text does: the
//! centre first; a corner in reply is met with a corner beside it (O must take the corner
//! opposite, and it is a draw), an edge with a corner on the edge's line (O must take the
//! corner opposite, and the triangle of X's corners and the centre is a fork).

use super::Agent;
use super::rating::winning_cells;
use crate::game::tictactoe::LINES;
use crate::game::{Game, Player, Square, TicTacToe};
use rand::Rng;

/// A move and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    pub square: Square,
    pub reason: String,
}

const LINE_NAMES: [&str; 8] = [
    "the top row",
    "the middle row",
    "the bottom row",
    "the left column",
    "the middle column",
    "the right column",
    "the diagonal LL-RR",
    "the diagonal LR-RL",
];

const CENTRE: usize = 4;
const CORNERS: [usize; 4] = [0, 2, 6, 8];
const EDGES: [usize; 4] = [1, 3, 5, 7];

fn bit(cell: usize) -> u16 {
    1 << cell
}

fn first_cell(mask: u16) -> Option<usize> {
    (0..9).find(|cell| mask & bit(*cell) != 0)
}

/// The name of the first line through `cell` on which `player` has the other two.
fn line_completed_by(position: &TicTacToe, player: Player, cell: usize) -> &'static str {
    let marks = position.marks(player);
    LINES
        .iter()
        .position(|line| line & bit(cell) != 0 && (marks & line).count_ones() == 2)
        .map_or("a line", |index| LINE_NAMES[index])
}

/// The lines `player` would threaten (two marks, third cell empty) after playing `cell`.
fn threats_after(position: &TicTacToe, player: Player, cell: usize) -> Vec<&'static str> {
    let marks = position.marks(player) | bit(cell);
    let empty = position.empty_mask() & !bit(cell);
    LINES
        .iter()
        .enumerate()
        .filter(|(_, line)| (marks & **line).count_ones() == 2 && empty & **line != 0)
        .map(|(index, _)| LINE_NAMES[index])
        .collect()
}

/// Empty cells where `player` would make two threats at once.
fn fork_cells(position: &TicTacToe, player: Player) -> u16 {
    (0..9)
        .filter(|cell| position.empty_mask() & bit(*cell) != 0)
        .filter(|cell| threats_after(position, player, *cell).len() >= 2)
        .fold(0, |cells, cell| cells | bit(cell))
}

fn with_mark(position: &TicTacToe, cell: usize) -> TicTacToe {
    let mut next = *position;
    next.place(Square::ALL[cell]);
    next
}

fn advice(cell: usize, reason: String) -> Option<Advice> {
    Some(Advice {
        square: Square::ALL[cell],
        reason,
    })
}

/// Where the teacher opens as X.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Opening {
    /// In a corner (the minimax article's advice; most replies to it lose).
    #[default]
    Corner,
    /// In the centre, with the algorithm page's follow-ups to a corner or an edge.
    Centre,
}

impl Opening {
    /// The option words, as typed after `teacher`.
    pub const WORDS: [&'static str; 2] = ["corner", "centre"];

    /// Reads an option word (any case; `center` too).
    pub fn parse(word: &str) -> Option<Opening> {
        match word.to_ascii_lowercase().as_str() {
            "corner" => Some(Opening::Corner),
            "centre" | "center" => Some(Opening::Centre),
            _ => None,
        }
    }

    /// The word for this opening.
    pub fn word(self) -> &'static str {
        match self {
            Opening::Corner => Self::WORDS[0],
            Opening::Centre => Self::WORDS[1],
        }
    }
}

/// The teacher's move for the player to move, with its reason as the teacher says it
/// when it plays ("I block the top row"); `None` once the game is over.
pub fn advise(position: &TicTacToe) -> Option<Advice> {
    advise_in(position, Voice::Player, Opening::Corner)
}

/// The same move, its reason said to the player it advises ("Block the top row: they
/// have two in it"), for a hint.
pub fn advise_you(position: &TicTacToe) -> Option<Advice> {
    advise_in(position, Voice::Adviser, Opening::Corner)
}

/// [`advise`] for a teacher with the given opening.
pub fn advise_opening(position: &TicTacToe, opening: Opening) -> Option<Advice> {
    advise_in(position, Voice::Player, opening)
}

/// [`advise_you`] for a teacher with the given opening.
pub fn advise_you_opening(position: &TicTacToe, opening: Opening) -> Option<Advice> {
    advise_in(position, Voice::Adviser, opening)
}

/// The corners that share a side of the board with `corner`.
fn corners_beside(corner: usize) -> [usize; 2] {
    match corner {
        0 => [2, 6],
        2 => [0, 8],
        6 => [0, 8],
        _ => [2, 6],
    }
}

/// The corners on the side of the board through `edge`.
fn corners_of_edge(edge: usize) -> [usize; 2] {
    match edge {
        1 => [0, 2],
        3 => [0, 6],
        5 => [2, 8],
        _ => [6, 8],
    }
}

/// The algorithm page's centre opening for X: its move and reasons (as played, as advised),
/// or `None` where the position is not one of its lines.
fn centre_opening(position: &TicTacToe) -> Option<(usize, &'static str, &'static str)> {
    let x = position.marks(Player::X);
    let o = position.marks(Player::O);
    match position.ply() {
        0 => Some((
            CENTRE,
            "I open in the centre: it lies on four lines, and an edge in reply loses.",
            "Open in the centre: it lies on four lines, and an edge in reply loses.",
        )),
        2 if x == bit(CENTRE) => {
            let theirs = first_cell(o)?;
            if CORNERS.contains(&theirs) {
                Some((
                    corners_beside(theirs)[0],
                    "I take a corner beside yours: you must take the one opposite mine, or lose.",
                    "Take a corner beside theirs: they must take the one opposite, or lose.",
                ))
            } else {
                Some((
                    corners_of_edge(theirs)[0],
                    "You took an edge: I take a corner, you must block opposite, and I fork next.",
                    "They took an edge: take a corner; they must block opposite, then fork.",
                ))
            }
        }
        _ => None,
    }
}

/// The corner where X, holding the centre and one corner, makes the strategy text's
/// triangle: a fork on the side of the board and the diagonal.
fn triangle_cell(position: &TicTacToe) -> Option<usize> {
    let x = position.marks(Player::X);
    if position.to_move() != Player::X || x & bit(CENTRE) == 0 || x.count_ones() != 2 {
        return None;
    }
    let forks = fork_cells(position, Player::X);
    CORNERS.into_iter().find(|corner| forks & bit(*corner) != 0)
}

/// Who the teacher's reason speaks as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Voice {
    /// The teacher playing, to its opponent.
    Player,
    /// The teacher advising the player to move, about their opponent.
    Adviser,
}

fn advise_in(position: &TicTacToe, voice: Voice, opening: Opening) -> Option<Advice> {
    if position.is_over() {
        return None;
    }
    let say = |playing: String, advising: String| match voice {
        Voice::Player => playing,
        Voice::Adviser => advising,
    };
    let me = position.to_move();
    let you = me.opponent();
    let empty = position.empty_mask();
    let is_empty = |cell: usize| empty & bit(cell) != 0;

    if let Some(cell) = first_cell(winning_cells(position, me)) {
        let line = line_completed_by(position, me, cell);
        return advice(
            cell,
            say(
                format!("I complete {line}: three in a row wins."),
                format!("Complete {line}: three in a row wins."),
            ),
        );
    }
    if let Some(cell) = first_cell(winning_cells(position, you)) {
        let line = line_completed_by(position, you, cell);
        return advice(
            cell,
            say(
                format!("I block {line}: you had two in it and would win there."),
                format!("Block {line}: they have two in it and would win there."),
            ),
        );
    }
    if opening == Opening::Centre && me == Player::X {
        if let Some((cell, playing, advising)) = centre_opening(position) {
            return advice(cell, say(playing.into(), advising.into()));
        }
        if let Some(cell) = triangle_cell(position) {
            let threats = threats_after(position, me, cell);
            return advice(
                cell,
                say(
                    format!(
                        "A triangle with the centre, a fork: I threaten {} and {}.",
                        threats[0], threats[1]
                    ),
                    format!(
                        "Make a triangle with the centre, a fork: threaten {} and {}.",
                        threats[0], threats[1]
                    ),
                ),
            );
        }
    }
    match position.ply() {
        0 => {
            return advice(
                0,
                say("I open in a corner: a corner lies on three lines, and most replies to it lose.".into(), "Open in a corner: a corner lies on three lines, and most replies to it lose.".into()),
            );
        }
        1 if !is_empty(CENTRE) => {
            return advice(
                0,
                say(
                    "You took the centre, so I take a corner: an edge here could lose to a fork."
                        .into(),
                    "They took the centre, so take a corner: an edge here could lose to a fork."
                        .into(),
                ),
            );
        }
        1 => {
            return advice(
                CENTRE,
                say(
                    "I take the centre: it lies on four lines and answers your opening safely."
                        .into(),
                    "Take the centre: it lies on four lines and answers their opening safely."
                        .into(),
                ),
            );
        }
        _ => {}
    }
    if let Some(cell) = first_cell(fork_cells(position, me)) {
        let threats = threats_after(position, me, cell);
        return advice(
            cell,
            say(
                format!(
                    "I make a fork: now I threaten {} and {}, and you can block only one.",
                    threats[0], threats[1]
                ),
                format!(
                    "Make a fork: you then threaten {} and {}, and they can block only one.",
                    threats[0], threats[1]
                ),
            ),
        );
    }
    let your_forks = fork_cells(position, you);
    if your_forks != 0 {
        let take_fork_cell = || {
            let cell = first_cell(your_forks).unwrap_or(CENTRE);
            advice(
                cell,
                say(
                    format!(
                        "I take {}: there you could make a fork, two threats at once.",
                        Square::ALL[cell]
                    ),
                    format!(
                        "Take {}: there they could make a fork, two threats at once.",
                        Square::ALL[cell]
                    ),
                ),
            )
        };
        if your_forks.count_ones() == 1 {
            return take_fork_cell();
        }
        // Several fork cells: make a threat that forces a reply where no fork comes of it.
        for cell in [CENTRE].into_iter().chain(CORNERS).chain(EDGES) {
            if !is_empty(cell) {
                continue;
            }
            let after = with_mark(position, cell);
            let my_threats = winning_cells(&after, me);
            if my_threats.count_ones() != 1 {
                continue;
            }
            let forced = first_cell(my_threats).unwrap_or(CENTRE);
            let after_reply = with_mark(&after, forced);
            if winning_cells(&after_reply, you).count_ones() < 2 {
                let line = threats_after(position, me, cell)
                    .first()
                    .copied()
                    .unwrap_or("a line");
                return advice(
                    cell,
                    say(
                        format!(
                            "I threaten {line}, so you must block at {} instead of making a fork.",
                            Square::ALL[forced]
                        ),
                        format!(
                            "Threaten {line}, so they must block at {} instead of making a fork.",
                            Square::ALL[forced]
                        ),
                    ),
                );
            }
        }
        return take_fork_cell();
    }
    if is_empty(CENTRE) {
        return advice(
            CENTRE,
            say(
                "I take the centre: it lies on four lines, more than any other cell.".into(),
                "Take the centre: it lies on four lines, more than any other cell.".into(),
            ),
        );
    }
    let yours = position.marks(you);
    for (corner, opposite) in [(0, 8), (2, 6), (6, 2), (8, 0)] {
        if yours & bit(corner) != 0 && is_empty(opposite) {
            return advice(
                opposite,
                say(
                    format!(
                        "I take the corner opposite yours at {}.",
                        Square::ALL[corner]
                    ),
                    format!(
                        "Take the corner opposite theirs at {}.",
                        Square::ALL[corner]
                    ),
                ),
            );
        }
    }
    if let Some(corner) = CORNERS.into_iter().find(|cell| is_empty(*cell)) {
        return advice(
            corner,
            say(
                "I take a corner: corners lie on three lines.".into(),
                "Take a corner: corners lie on three lines.".into(),
            ),
        );
    }
    EDGES
        .into_iter()
        .find(|cell| is_empty(*cell))
        .and_then(|edge| {
            advice(
                edge,
                say(
                    "I take an edge: it is all that is left.".into(),
                    "Take an edge: it is all that is left.".into(),
                ),
            )
        })
}

/// The teacher as a player, with its opening.
#[derive(Debug, Clone, Copy, Default)]
pub struct Teacher(pub Opening);

impl Agent<TicTacToe> for Teacher {
    fn name(&self) -> &'static str {
        "teacher"
    }

    fn choose(&mut self, position: &TicTacToe, _rng: &mut dyn Rng) -> Option<Square> {
        advise_opening(position, self.0).map(|advice| advice.square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_a_hint_the_teacher_speaks_to_you_about_them() {
        for position in crate::menace::boxes::reachable_positions() {
            let (Some(playing), Some(advising)) = (advise(&position), advise_you(&position)) else {
                continue;
            };
            assert_eq!(playing.square, advising.square, "{}", position.picture());
            let hint = &advising.reason;
            assert!(!hint.starts_with("I ") && !hint.contains(" I "), "{hint}");
            assert!(
                !hint.contains("you had") && !hint.contains("yours"),
                "{hint}"
            );
        }
    }
    use crate::game::{Outcome, Rules};

    fn advice_for(picture: &str) -> Advice {
        advise(&TicTacToe::from_picture(picture, Rules::default()).unwrap()).unwrap()
    }

    /// Every line where the teacher plays `side` and the opponent anything.
    fn never_loses(position: &TicTacToe, side: Player) -> u64 {
        if let Some(outcome) = position.outcome() {
            assert_ne!(
                outcome,
                Outcome::Win(side.opponent()),
                "the teacher lost as {side}: {}",
                position.picture()
            );
            return 1;
        }
        if position.to_move() == side {
            let advice = advise(position).expect("a move while the game goes on");
            assert_eq!(position.at(advice.square), None);
            never_loses(&with_mark(position, advice.square.index()), side)
        } else {
            position
                .legal_moves()
                .into_iter()
                .map(|square| never_loses(&with_mark(position, square.index()), side))
                .sum()
        }
    }

    #[test]
    fn the_teacher_never_loses_as_x_or_as_o() {
        let as_x = never_loses(&TicTacToe::default(), Player::X);
        let as_o = never_loses(&TicTacToe::default(), Player::O);
        eprintln!("teacher games checked: as X {as_x}, as O {as_o}");
        assert!(as_x > 50 && as_o > 50, "{as_x} {as_o}");
    }

    #[test]
    fn every_move_comes_with_one_sentence() {
        for position in crate::menace::boxes::reachable_positions() {
            if let Some(advice) = advise(&position) {
                assert!(advice.reason.ends_with('.'), "{}", advice.reason);
                assert!(!advice.reason.contains('\n'));
                assert!(advice.reason.len() <= 100, "{}", advice.reason);
            }
        }
    }

    #[test]
    fn corners_beside_share_a_side_and_corners_of_an_edge_lie_on_it() {
        for corner in CORNERS {
            for other in corners_beside(corner) {
                assert!(CORNERS.contains(&other));
                assert!(corner / 3 == other / 3 || corner % 3 == other % 3);
            }
        }
        for edge in EDGES {
            for corner in corners_of_edge(edge) {
                assert!(LINES.iter().any(|line| {
                    line & bit(edge) != 0 && line & bit(corner) != 0 && line & bit(CENTRE) == 0
                }));
            }
        }
        for opening in [Opening::Corner, Opening::Centre] {
            assert_eq!(Opening::parse(opening.word()), Some(opening));
        }
        assert_eq!(Opening::parse("Center"), Some(Opening::Centre));
    }

    #[test]
    fn reasons_name_what_happens() {
        assert_eq!(advice_for("XX.OO....").square.name(), "LR");
        assert!(advice_for("XX.OO....").reason.contains("top row"));
        let block = advice_for("XX..O....");
        assert_eq!(block.square.name(), "LR");
        assert!(
            block.reason.starts_with("I block the top row"),
            "{}",
            block.reason
        );
        assert!(advice_for(".........").reason.contains("corner"));
        assert_eq!(advice_for("....X....").square.name(), "LL");
        assert_eq!(advice_for("X........").square.name(), "MM");
        let fork = advice_for("XO.O.X...");
        assert_eq!(fork.square.name(), "RR");
        assert!(fork.reason.contains("fork"), "{}", fork.reason);
    }
}
