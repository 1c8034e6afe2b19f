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

use crate::game::quantum::{Quantum, QuantumMove};
use crate::game::{Game, Player};

/// X's margin, in half points, with perfect play from `position`: eight moves made, no
/// collapse waiting, not over (see the module's comment). `None` when the position is
/// not of that kind.
/// `moves` is a buffer for the legal moves.
pub(super) fn value(position: &Quantum, moves: &mut Vec<QuantumMove>) -> Option<i8> {
    if position.marks().len() != 8 || position.pending_collapse().is_some() {
        return None;
    }
    // The squares the ninth mark may go in (open and not crowded), each paired with
    // another: its first legal spooky move there.
    let mut partner = [None::<u8>; 9];
    let mut deterministic = false;
    position.legal_moves_into(moves);
    for mv in moves.iter() {
        match *mv {
            QuantumMove::Spooky(a, b) if a == b => deterministic = true,
            QuantumMove::Spooky(a, b) => {
                partner[usize::from(a)].get_or_insert(b);
                partner[usize::from(b)].get_or_insert(a);
            }
            QuantumMove::Collapse(_) => return None,
        }
    }
    let mover = position.to_move();
    let parts = position.parts();
    // The mover's view of X's margin: larger is better for the mover.
    let for_mover = |margin: i8| if mover == Player::X { margin } else { -margin };
    let (mut best, mut second) = (i8::MIN, i8::MIN);
    let mut chooser = None;
    for (square, partner) in partner.iter().enumerate() {
        let Some(partner) = *partner else { continue };
        let square = square as u8;
        let mut board = *position;
        board.play_legal_with_parts(QuantumMove::Spooky(square, partner), &parts);
        // A tree over the open squares: every pair closes a cycle (else search).
        board.pending_collapse()?;
        chooser.get_or_insert(board.to_move());
        board.play_legal(QuantumMove::Collapse(square));
        let margin = for_mover(super::margin(&board)?);
        if margin > best {
            second = best;
            best = margin;
        } else if margin > second {
            second = margin;
        }
    }
    // The mover gets the better board of a pair if it chooses the collapse or may play
    // deterministically; otherwise the worse of the best pair: the second best board.
    let got = if chooser == Some(mover) || deterministic {
        best
    } else {
        second
    };
    (got != i8::MIN).then(|| for_mover(got))
}
