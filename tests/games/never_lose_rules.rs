//! Lesson 8's six rules, as the lesson states them, played exhaustively: whichever move
//! a rule allows the follower picks, and whatever the opponent replies, the follower
//! never loses, as X or as O. The rules are read as loosely as their words allow (every
//! corner where a rule says "a corner"), so a rule that only holds for one careful
//! reading fails here. The first wording of rule 5 ("make a threat they must block")
//! loses, and the test shows where.

use menace::game::tictactoe::LINES;
use menace::game::{Game, Outcome, Player, Rules, Square, TicTacToe};

const CENTRE: usize = 4;
const CORNERS: [usize; 4] = [0, 2, 6, 8];
const EDGES: [usize; 4] = [1, 3, 5, 7];

/// How rule 5 reads when the opponent has two places to fork.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule5 {
    /// "make a threat they must block": any threat.
    AnyThreat,
    /// "make a threat whose block does not give them a fork".
    ThreatWithoutFork,
}

fn bit(cell: usize) -> u16 {
    1 << cell
}

fn cells(mask: u16) -> Vec<usize> {
    (0..9).filter(|cell| mask & bit(*cell) != 0).collect()
}

fn with_mark(position: &TicTacToe, cell: usize) -> TicTacToe {
    let mut next = *position;
    next.place(Square::ALL[cell]);
    next
}

/// Empty cells that would complete a line of `player`.
fn winning_cells(position: &TicTacToe, player: Player) -> u16 {
    let marks = position.marks(player);
    let empty = position.empty_mask();
    LINES
        .iter()
        .filter(|line| (marks & **line).count_ones() == 2 && empty & **line != 0)
        .fold(0, |found, line| found | (empty & line))
}

/// How many threats (lines of two with the third empty) `player` has after `cell`.
fn threats_after(position: &TicTacToe, player: Player, cell: usize) -> usize {
    let marks = position.marks(player) | bit(cell);
    let empty = position.empty_mask() & !bit(cell);
    LINES
        .iter()
        .filter(|line| (marks & **line).count_ones() == 2 && empty & **line != 0)
        .count()
}

/// Empty cells where `player` would make two threats at once: a fork.
fn fork_cells(position: &TicTacToe, player: Player) -> u16 {
    cells(position.empty_mask())
        .into_iter()
        .filter(|cell| threats_after(position, player, *cell) >= 2)
        .fold(0, |found, cell| found | bit(cell))
}

/// The moves the rules allow, the first rule that allows any deciding; which rule.
fn allowed(position: &TicTacToe, rule5: Rule5) -> (usize, Vec<usize>) {
    let me = position.to_move();
    let you = me.opponent();
    let empty = position.empty_mask();
    // 1. If you can complete a line, do it.
    let win = winning_cells(position, me);
    if win != 0 {
        return (1, cells(win));
    }
    // 2. If the opponent can complete a line, block it.
    let block = winning_cells(position, you);
    if block != 0 {
        return (2, cells(block));
    }
    // 3. X opens in a corner. O answers a centre opening with a corner, and any other
    //    opening with the centre.
    match position.ply() {
        0 => return (3, CORNERS.to_vec()),
        1 if empty & bit(CENTRE) == 0 => return (3, CORNERS.to_vec()),
        1 => return (3, vec![CENTRE]),
        _ => {}
    }
    // 4. Make a fork.
    let forks = fork_cells(position, me);
    if forks != 0 {
        return (4, cells(forks));
    }
    // 5. Stop the opponent's fork: take its cell; if there are two, make a threat (that
    //    the block of does not give them a fork).
    let theirs = fork_cells(position, you);
    match theirs.count_ones() {
        0 => {}
        1 => return (5, cells(theirs)),
        _ => {
            let threats: Vec<usize> = cells(empty)
                .into_iter()
                .filter(|cell| threats_after(position, me, *cell) >= 1)
                .filter(|cell| match rule5 {
                    Rule5::AnyThreat => true,
                    Rule5::ThreatWithoutFork => {
                        let after = with_mark(position, *cell);
                        cells(winning_cells(&after, me))
                            .into_iter()
                            .all(|forced| threats_after(&after, you, forced) < 2)
                    }
                })
                .collect();
            assert!(
                !threats.is_empty(),
                "rule 5 offers no threat in {}",
                position.picture()
            );
            return (5, threats);
        }
    }
    // 6. Take the centre; then the corner opposite theirs; then any corner; then an edge.
    if empty & bit(CENTRE) != 0 {
        return (6, vec![CENTRE]);
    }
    let yours = position.marks(you);
    let opposite: Vec<usize> = CORNERS
        .into_iter()
        .filter(|corner| yours & bit(8 - corner) != 0 && empty & bit(*corner) != 0)
        .collect();
    if !opposite.is_empty() {
        return (6, opposite);
    }
    let corners: Vec<usize> = CORNERS
        .into_iter()
        .filter(|corner| empty & bit(*corner) != 0)
        .collect();
    if !corners.is_empty() {
        return (6, corners);
    }
    (
        6,
        EDGES
            .into_iter()
            .filter(|edge| empty & bit(*edge) != 0)
            .collect(),
    )
}

/// Every game where `side` follows the rules (any move they allow) and the opponent
/// plays anything: the count of games, or the first lost game's moves and the rule of
/// the follower's last move.
fn never_loses(
    position: &TicTacToe,
    side: Player,
    rule5: Rule5,
    line: &mut Vec<(Square, Option<usize>)>,
) -> Result<u64, String> {
    if let Some(outcome) = position.outcome() {
        if outcome == Outcome::Win(side.opponent()) {
            let moves: Vec<String> = line
                .iter()
                .map(|(square, rule)| match rule {
                    Some(rule) => format!("{side} {} (rule {rule})", square.name()),
                    None => format!("{} {}", side.opponent(), square.name()),
                })
                .collect();
            return Err(moves.join(", "));
        }
        return Ok(1);
    }
    let (rule, moves) = if position.to_move() == side {
        let (rule, moves) = allowed(position, rule5);
        (Some(rule), moves)
    } else {
        (None, cells(position.empty_mask()))
    };
    let mut games = 0;
    for cell in moves {
        line.push((Square::ALL[cell], rule));
        games += never_loses(&with_mark(position, cell), side, rule5, line)?;
        line.pop();
    }
    Ok(games)
}

fn check(side: Player, rule5: Rule5) -> Result<u64, String> {
    never_loses(
        &TicTacToe::new(Rules::default()),
        side,
        rule5,
        &mut Vec::new(),
    )
}

/// Lesson 8's first step, its whitespace made single spaces.
fn lesson_8_rules() -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let lesson =
        menace::lesson::load(&std::path::Path::new(root).join("lessons/08-never-lose.yaml"))
            .expect("lesson 8 loads");
    let menace::lesson::Step::Text { text, .. } = &lesson.steps[0] else {
        panic!("lesson 8 opens with its rules");
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Rule 5 as the lesson words it; a wording this test does not know fails, so the text
/// cannot drift from what is checked.
fn rule5_as_stated(rules: &str) -> Rule5 {
    const WORDINGS: [(&str, Rule5); 2] = [
        (
            "5. Stop the opponent's fork (if there are two, make a threat they must block).",
            Rule5::AnyThreat,
        ),
        (
            "5. Stop the opponent's fork (if there are two, make a threat whose block does not give them a fork).",
            Rule5::ThreatWithoutFork,
        ),
    ];
    WORDINGS
        .into_iter()
        .find(|(words, _)| rules.contains(words))
        .map(|(_, rule)| rule)
        .unwrap_or_else(|| panic!("rule 5 reads in a way this test does not know: {rules}"))
}

#[test]
fn the_rules_as_lesson_8_states_them_never_lose_as_x_or_as_o() {
    let rule5 = rule5_as_stated(&lesson_8_rules());
    for side in [Player::X, Player::O] {
        let games = check(side, rule5).unwrap_or_else(|lost| panic!("the rules lose: {lost}"));
        // Every reply tried: far more games than one line of play.
        assert!(games > 100, "{side}: {games} games");
    }
}

/// The first wording: after X LL, O MM, X RR, O at LR is a threat, X blocks at RL and
/// has a fork.
#[test]
fn rule_5_as_any_threat_loses_as_o() {
    let lost = check(Player::O, Rule5::AnyThreat).expect_err("the loose rule 5 loses");
    assert!(lost.contains("(rule 5)"), "{lost}");
    assert!(check(Player::X, Rule5::AnyThreat).is_ok());
}
