//! Expanding a position: the moves worth searching, one per class of symmetric
//! moves and in order of promise, with their children's numbers from the table or
//! evaluated (the rules, then the threat search). Kept apart from the search's loop
//! ([`super::Solver::mid`]), which only chooses among what this hands it.

use super::super::pass::breaking_replies;
use super::super::symmetric_hash::Hashes;
use super::{Child, DISPROVED, Numbers, OPEN, PROVED, Solver};

impl Solver {
    /// The numbers of a position met for the first time: settled by the rules or by a
    /// forcing chain, open otherwise. `no_chain` says X is known to have no forcing
    /// chain here, so the threat search is not asked: an extra mark of O's never gives
    /// X a chain it did not have (each threat of a chain found with it is one without
    /// it, each forced reply still forced or X's move a double threat, and O has no
    /// threat without it that it had not with it), so a position after a reply of O's
    /// has none where X had none with O passing. Most of the threat search's time was
    /// such positions, which it searched to the end to find nothing.
    /// `wins` are the cells where X and where O would finish a line.
    pub(super) fn evaluate(
        &mut self,
        x: u64,
        o: u64,
        no_chain: bool,
        (x_wins, o_wins): (u64, u64),
    ) -> Numbers {
        let full = x | o == u64::MAX;
        if x.count_ones() == o.count_ones() {
            if x_wins != 0 || (!no_chain && self.threats.wins(x, o)) {
                PROVED
            } else if o_wins.count_ones() >= 2 || full {
                DISPROVED
            } else {
                OPEN
            }
        } else if o_wins != 0 || full {
            DISPROVED
        } else if x_wins.count_ones() >= 2 {
            PROVED
        } else {
            // O's replies are cut at expansion, where the chain X would play after a
            // pass is looked for. Counting them here already, to start O's positions
            // with as many to prove as O has replies that matter, was tried: it made
            // the searches of the tests' positions slower, not faster.
            OPEN
        }
    }

    /// The numbers of a position: from the table, or evaluated (and stored if there is
    /// room: an evaluation is little work to lose).
    pub(super) fn numbers(&mut self, x: u64, o: u64, key: u64) -> Numbers {
        if let Some(numbers) = self.table.get(key) {
            return numbers;
        }
        let geometry = self.geometry;
        let wins = (geometry.winning_cells(x, o), geometry.winning_cells(o, x));
        let numbers = self.evaluate(x, o, false, wins);
        self.table.put(key, numbers, 0);
        numbers
    }

    /// The moves worth searching in an open position, one per class of symmetric
    /// moves, each with its child's numbers; best-looking first.
    pub(super) fn children(&mut self, x: u64, o: u64, hashes: &Hashes) -> Vec<(Child, Numbers)> {
        let (moves, no_chain_after) = self.moves_of(x, o, hashes);
        self.with_numbers(x, o, moves, no_chain_after)
    }

    /// The moves worth searching (see [`Solver::children`]), and whether O is to move
    /// with X having no forcing chain even if O passes, so none after any of O's
    /// replies either (see [`Solver::evaluate`]).
    fn moves_of(&mut self, x: u64, o: u64, hashes: &Hashes) -> (Vec<Child>, bool) {
        let geometry = self.geometry;
        let x_to_move = x.count_ones() == o.count_ones();
        let empty = !(x | o);
        let (mine, theirs) = if x_to_move { (x, o) } else { (o, x) };
        let their_wins = geometry.winning_cells(theirs, mine);
        let mut no_chain_after = false;
        let cells = if their_wins != 0 {
            their_wins
        } else if x_to_move {
            empty
        } else {
            match self.threats.find(x, o) {
                Some(chain) => breaking_replies(self.geometry, x, o, &chain),
                None => {
                    no_chain_after = true;
                    empty
                }
            }
        };
        // Only the root's moves are restricted: X's first move from the empty cube,
        // or X's next move from a position given (the positions a search meets with
        // as many marks as the root are the root itself). A block O forces is
        // restricted too: X restricted to other cells loses.
        let cells = if x_to_move && (x | o).count_ones() == self.root_marks {
            cells & self.first_moves
        } else {
            cells
        };
        let mark = usize::from(!x_to_move);
        let mut scored: Vec<(u32, Child)> = Vec::new();
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let key = self.hash.key_after(hashes, usize::from(cell), mark);
            if scored.iter().any(|(_, child)| child.key == key) {
                continue;
            }
            scored.push((self.promise(mine, theirs, cell), Child { cell, key }));
        }
        scored.sort_by_key(|(score, child)| (std::cmp::Reverse(*score), child.cell));
        if let (true, Some(limit)) = (x_to_move && their_wins == 0, self.x_moves_limit) {
            scored.truncate(limit);
        }
        let moves = scored.into_iter().map(|(_, child)| child).collect();
        (moves, no_chain_after)
    }

    /// The moves with their children's numbers, from the table or evaluated.
    fn with_numbers(
        &mut self,
        x: u64,
        o: u64,
        moves: Vec<Child>,
        no_chain_after: bool,
    ) -> Vec<(Child, Numbers)> {
        let x_to_move = x.count_ones() == o.count_ones();
        // The table is asked for every child before any is evaluated: its lookups are
        // cache misses, independent of each other, so the processor overlaps them,
        // where a threat search between two lookups would make each wait in turn.
        let stored: Vec<Option<Numbers>> = moves
            .iter()
            .map(|child| self.table.get(child.key))
            .collect();
        // A child's winning cells follow from its parent's and the lines through its
        // move ([`Geometry::winning_cells_through`]).
        let geometry = self.geometry;
        // Only an evaluation that asked the threat search is worth a place in the
        // table: the others are a few lines' worth of arithmetic to do again, and
        // they were most of the table (every reply of O's to every move of X's
        // expanded), pushing out the searched positions when it filled.
        let threat_searched = !x_to_move && !no_chain_after;
        let wins = stored
            .contains(&None)
            .then(|| (geometry.winning_cells(x, o), geometry.winning_cells(o, x)));
        moves
            .into_iter()
            .zip(stored)
            .map(|(child, stored)| {
                let numbers = stored.unwrap_or_else(|| {
                    let (x_wins, o_wins) = wins.unwrap_or_default();
                    let (cell, bit) = (usize::from(child.cell), 1u64 << child.cell);
                    let (cx, co, child_wins) = if x_to_move {
                        let wins = geometry.winning_after_mark((x_wins, o_wins), x | bit, o, cell);
                        (x | bit, o, wins)
                    } else {
                        let (o_wins, x_wins) =
                            geometry.winning_after_mark((o_wins, x_wins), o | bit, x, cell);
                        (x, o | bit, (x_wins, o_wins))
                    };
                    let numbers = self.evaluate(cx, co, no_chain_after, child_wins);
                    if threat_searched {
                        self.table.put(child.key, numbers, 0);
                    }
                    numbers
                });
                (child, numbers)
            })
            .collect()
    }

    /// How promising a move on `cell` looks for the side with marks `mine`: its open
    /// lines, more for those it already has marks on, and the other side's it blocks.
    fn promise(&self, mine: u64, theirs: u64, cell: u8) -> u32 {
        self.geometry.lines_through[usize::from(cell)]
            .iter()
            .map(|line| {
                let line = self.geometry.lines[*line];
                let (own, other) = ((mine & line).count_ones(), (theirs & line).count_ones());
                match (own, other) {
                    (_, 0) => 1 << (2 * own),
                    (0, _) => 1 << (2 * other - 1),
                    _ => 0,
                }
            })
            .sum()
    }
}
