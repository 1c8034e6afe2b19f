//! The moves of quantum Morris on the index's compact positions: the same rules as
//! `crate::game::quantum_morris` (a test plays both on thousands of positions and
//! compares), written without the game's history and lists so that the analysis can
//! take every move of every position twice in a minute.

use super::rest::{Rest, code};
use crate::game::Player;
use crate::game::morris::adjacent;
use crate::game::quantum::{Mark, graph};
use crate::game::quantum_morris::QuantumMorrisRules;
use crate::game::tictactoe::LINES;

/// Where a move leads: a position at rest, or a cycle waiting for `chooser` to pick one
/// of two worlds (the closing piece on its first point, or on its second).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child {
    Rest(Rest),
    Collapse { chooser: Player, worlds: [Rest; 2] },
}

/// How a position ends the game, if it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A line for one side (`Some`), or for both at once (`None`, a draw).
    Line(Option<Player>),
    /// The player to move has no move, and loses.
    Stuck,
}

/// Whether `rest` has ended: lines first, as the rules check them.
pub fn lines(rest: &Rest, rules: QuantumMorrisRules) -> Option<Ending> {
    let (marks, placed) = rest.marks();
    let count = if rules.board.diagonal_lines { 8 } else { 6 };
    let mut held = [0u16; 2];
    for (piece, m) in marks[..placed].iter().enumerate() {
        if let Mark::Classical(p) = m {
            held[piece % 2] |= 1 << p;
        }
    }
    let line = |mask: u16| LINES[..count].iter().any(|l| mask & l == *l);
    match (line(held[0]), line(held[1])) {
        (true, true) => Some(Ending::Line(None)),
        (true, false) => Some(Ending::Line(Some(Player::X))),
        (false, true) => Some(Ending::Line(Some(Player::O))),
        (false, false) => None,
    }
}

/// The positions the moves of `rest` lead to (one per move, repeats kept), or how the
/// game has ended there.
pub fn children(rest: &Rest, rules: QuantumMorrisRules, out: &mut Vec<Child>) -> Option<Ending> {
    out.clear();
    if let Some(ending) = lines(rest, rules) {
        return Some(ending);
    }
    let (marks, placed) = rest.marks();
    let mover = rest.next;
    let after = mover.opponent();
    let chooser = if rules.closer_chooses { mover } else { after };
    let classical = graph::classical_mask(&marks[..placed]);
    let side = if mover == Player::X { 0 } else { 1 };
    let open = |p: u8| classical >> p & 1 == 0;
    // A position after a move that closed no cycle.
    let at_rest = |m: &[Mark]| Child::Rest(Rest::from_marks(m, after));
    // The two worlds of a cycle closed by `piece`.
    let collapse = |m: &[Mark], piece: usize| {
        let Mark::Spooky(a, b) = m[piece] else {
            return at_rest(m);
        };
        let world = |point: u8| {
            let mut w = [Mark::Classical(0); 6];
            w[..m.len()].copy_from_slice(m);
            graph::settle(&mut w[..m.len()], piece, point);
            Rest::from_marks(&w[..m.len()], after)
        };
        Child::Collapse {
            chooser,
            worlds: [world(a), world(b)],
        }
    };
    if placed < 6 {
        let mut m = marks;
        let parts = parts_without(&marks[..placed], None);
        for a in (0..9).filter(|a| open(*a)) {
            if rules.merges {
                m[placed] = Mark::Classical(a);
                let mut settled = m;
                graph::settle(&mut settled[..=placed], placed, a);
                out.push(at_rest(&settled[..=placed]));
            }
            for b in (a + 1..9).filter(|b| open(*b)) {
                m[placed] = Mark::Spooky(a, b);
                if parts[usize::from(a)] >> b & 1 != 0 {
                    out.push(collapse(&m[..=placed], placed));
                } else {
                    let spooky = code(Mark::Spooky(a, b));
                    out.push(Child::Rest(rest.with_added(side, spooky, after)));
                }
            }
        }
    } else {
        let neighbours: [u16; 9] = std::array::from_fn(|from| {
            (0..9u8)
                .filter(|to| *to != from as u8 && adjacent(from as u8, *to, rules.board))
                .fold(0, |mask, to| mask | 1 << to)
        });
        for piece in (side..6).step_by(2) {
            // The parts of the graph without this piece: whether its move closes a cycle.
            let parts = parts_without(&marks, Some(piece));
            let place = piece / 2;
            let ends: [(u8, Option<u8>); 2] = match marks[piece] {
                Mark::Spooky(a, b) => [(a, Some(b)), (b, Some(a))],
                Mark::Classical(p) => [(p, None), (u8::MAX, None)],
            };
            for (from, other) in ends {
                if from == u8::MAX {
                    continue;
                }
                let mut targets = neighbours[usize::from(from)] & !classical;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let mut m = marks;
                    match other {
                        Some(o) if o == to => {
                            if !rules.merges {
                                continue;
                            }
                            graph::settle(&mut m, piece, to);
                            out.push(at_rest(&m));
                        }
                        Some(o) => {
                            m[piece] = Mark::Spooky(to.min(o), to.max(o));
                            if parts[usize::from(to)] >> o & 1 != 0 {
                                out.push(collapse(&m, piece));
                            } else {
                                let moved = code(m[piece]);
                                out.push(Child::Rest(
                                    rest.with_replaced(side, place, moved, after),
                                ));
                            }
                        }
                        None => {
                            let moved = code(Mark::Spooky(from.min(to), from.max(to)));
                            out.push(Child::Rest(rest.with_replaced(side, place, moved, after)));
                        }
                    }
                }
            }
        }
    }
    out.is_empty().then_some(Ending::Stuck)
}

/// Each point's part of the graph of spooky marks (the points joined to it by a chain
/// of them), leaving out the mark at `skip`: worked out once for a position or a piece,
/// where asking [`graph::joined`] walked the graph again for every move.
fn parts_without(marks: &[Mark], skip: Option<usize>) -> [u16; 9] {
    let mut parts: [u16; 9] = std::array::from_fn(|p| 1 << p);
    for (index, mark) in marks.iter().enumerate() {
        if let Mark::Spooky(a, b) = *mark
            && Some(index) != skip
        {
            let joined = parts[usize::from(a)] | parts[usize::from(b)];
            let mut points = joined;
            while points != 0 {
                parts[points.trailing_zeros() as usize] = joined;
                points &= points - 1;
            }
        }
    }
    parts
}
