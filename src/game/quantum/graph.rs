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
    debug_assert!(marks.len() <= 32);
    marks[index] = Mark::Classical(square);
    // The spooky marks in each square, as bits of their index, found in one pass: the
    // squares forced in turn then visit only their own marks, in the order of their
    // index as a pass over all of them would.
    let mut spooky_at = [0u32; 9];
    for (index, mark) in marks.iter().enumerate() {
        if let Mark::Spooky(a, b) = *mark {
            spooky_at[usize::from(a)] |= 1 << index;
            spooky_at[usize::from(b)] |= 1 << index;
        }
    }
    // The squares still to clear, as a mask: no queue to allocate.
    let mut waiting = 1u16 << square;
    while waiting != 0 {
        let here = waiting.trailing_zeros() as u8;
        waiting &= waiting - 1;
        let mut touching = spooky_at[usize::from(here)];
        while touching != 0 {
            let index = touching.trailing_zeros() as usize;
            touching &= touching - 1;
            // A mark forced out from another square since is classical already.
            if let Mark::Spooky(a, b) = marks[index] {
                let there = if a == here { b } else { a };
                marks[index] = Mark::Classical(there);
                waiting |= 1 << there;
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

/// The parts of the graph: for each square, the squares joined to it by chains of
/// spooky marks (itself included), as a 9-bit mask. One pass over the marks answers
/// whether every move would close a cycle, where [`joined`] answers one.
pub(crate) fn parts(marks: &[Mark]) -> [u16; 9] {
    let mut parts: [u16; 9] = std::array::from_fn(|square| 1 << square);
    for mark in marks {
        if let Mark::Spooky(a, b) = *mark {
            let joined = parts[usize::from(a)] | parts[usize::from(b)];
            let mut rest = joined;
            while rest != 0 {
                parts[rest.trailing_zeros() as usize] = joined;
                rest &= rest - 1;
            }
        }
    }
    parts
}
