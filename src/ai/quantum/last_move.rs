//! The value of a position with eight moves made and no collapse waiting, from nine
//! settled boards instead of a search of every last move.
//!
//! With eight moves made, the marks that are not classical are spooky marks without a
//! cycle, one fewer than the open squares they lie in: a tree over every open square.
//! So the ninth move always closes a cycle through every open square, and its collapse
//! (or, where allowed, a deterministic move) makes the whole board classical: which
//! square the ninth mark takes decides every other mark, whatever the pair it was
//! played in. The board with the ninth mark in square `r` is scored once for each open
//! square `r`; a spooky move in `a` and `b` is then worth the chooser's pick of the two
//! boards `a` and `b`, and a deterministic move in `a` the board `a`.

use super::state::State;
use crate::game::quantum::QuantumMove;

/// X's margin, in half points, with perfect play from `state`: eight moves made, no
/// collapse waiting, not over (see the module's comment). `None` when the position is
/// not of that kind.
pub(super) fn value(state: &State) -> Option<i8> {
    if state.made() != 8 || state.pending() {
        return None;
    }
    // The squares the ninth mark may go in (open and not crowded); each is paired with
    // another, the lowest: a tree over them, so every pair closes a cycle (else search).
    let room = state.room();
    if room.count_ones() < 2 || !state.room_joined() {
        return None;
    }
    let deterministic = state.rules().deterministic;
    let mover = state.side_to_move();
    let lowest = room.trailing_zeros() as u8;
    let second = (room & (room - 1)).trailing_zeros() as u8;
    // The mover's view of X's margin: larger is better for the mover.
    let for_mover = |margin: i8| {
        if mover == crate::game::Player::X {
            margin
        } else {
            -margin
        }
    };
    let (mut best, mut second_best) = (i8::MIN, i8::MIN);
    let mut chooser = None;
    let mut rest = room;
    while rest != 0 {
        let square = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let partner = if square == lowest { second } else { lowest };
        let mut board = *state;
        board.play(QuantumMove::Spooky(
            square.min(partner),
            square.max(partner),
        ));
        chooser.get_or_insert(board.side_to_move());
        board.play(QuantumMove::Collapse(square));
        let margin = for_mover(board.margin()?);
        if margin > best {
            second_best = best;
            best = margin;
        } else if margin > second_best {
            second_best = margin;
        }
    }
    // The mover gets the better board of a pair if it chooses the collapse or may play
    // deterministically; otherwise the worse of the best pair: the second best board.
    let got = if chooser == Some(mover) || deterministic {
        best
    } else {
        second_best
    };
    (got != i8::MIN).then(|| for_mover(got))
}
