//! The entanglement graph shared by quantum tic-tac-toe and quantum Morris: squares (or
//! points) are its nodes and every spooky mark, one move's two halves, is an edge. A
//! move that joins two squares already joined closes a cycle, and a collapse or a
//! deterministic move settles a whole connected part of the graph at once.

use super::Mark;

/// Whether `from` and `to` are joined by a chain of spooky marks, leaving out the mark
/// at index `skip` (the one being moved or just played).
pub(crate) fn joined(marks: &[Mark], skip: Option<usize>, from: u8, to: u8) -> bool {
    let mut reached = 1u16 << from;
    loop {
        let before = reached;
        for (index, mark) in marks.iter().enumerate() {
            if Some(index) == skip {
                continue;
            }
            if let Mark::Spooky(a, b) = *mark
                && (reached >> a & 1 != 0 || reached >> b & 1 != 0)
            {
                reached |= 1 << a | 1 << b;
            }
        }
        if reached >> to & 1 != 0 {
            return true;
        }
        if reached == before {
            return false;
        }
    }
}

/// The squares of the cycle the mark at `closing` (spooky in `a` and `b`) closed, in
/// order around it from `a`.
pub(crate) fn cycle(marks: &[Mark], closing: usize) -> Vec<u8> {
    let Some(Mark::Spooky(a, b)) = marks.get(closing).copied() else {
        return Vec::new();
    };
    // The path from b to a without the closing mark: search the tree of spooky marks.
    let mut parent = [u8::MAX; 9];
    let mut seen = 1u16 << b;
    let mut queue = vec![b];
    while let Some(square) = queue.pop() {
        for (index, mark) in marks.iter().enumerate() {
            if index == closing {
                continue;
            }
            if let Mark::Spooky(p, q) = *mark {
                for (here, there) in [(p, q), (q, p)] {
                    if here == square && seen >> there & 1 == 0 {
                        seen |= 1 << there;
                        parent[usize::from(there)] = square;
                        queue.push(there);
                    }
                }
            }
        }
    }
    let mut path = vec![a];
    let mut square = a;
    while square != b && parent[usize::from(square)] != u8::MAX {
        square = parent[usize::from(square)];
        path.push(square);
    }
    path
}

/// Puts the mark at `index` classically in `square` and forces every spooky mark there
/// out to its other square, and so on: what a collapse and a deterministic move do.
pub(crate) fn settle(marks: &mut [Mark], index: usize, square: u8) {
    marks[index] = Mark::Classical(square);
    let mut queue = vec![square];
    while let Some(here) = queue.pop() {
        for mark in marks.iter_mut() {
            if let Mark::Spooky(a, b) = *mark
                && (a == here || b == here)
            {
                let there = if a == here { b } else { a };
                *mark = Mark::Classical(there);
                queue.push(there);
            }
        }
    }
}

/// The squares holding a classical mark, as a 9-bit mask.
pub(crate) fn classical_mask(marks: &[Mark]) -> u16 {
    marks.iter().fold(0, |mask, mark| match mark {
        Mark::Classical(square) => mask | 1 << square,
        Mark::Spooky(..) => mask,
    })
}
