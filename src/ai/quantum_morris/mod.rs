//! Quantum Three Men's Morris solved by retrograde analysis: the value of every position,
//! with the half-moves to its end.
//!
//! The positions at rest are numbered by [`index::Index`] (one per symmetry class, each
//! side's pieces a set). A move that closes a cycle leads to a collapse waiting for a
//! choice between two worlds; such a waiting position is a node of its own in the graph,
//! made for the move that leads to it. One pass over every position counts its moves
//! (repeats up to symmetry counted once) and the moves into each position; a second
//! fills, for each position, the list of positions that move into it. Then, from the
//! finished positions outwards, a position is won for the player to move as soon as one
//! move reaches a position won for them, and lost once every move reaches one lost for
//! them; handling them a distance at a time gives each won position its shortest win and
//! each lost one its longest defence. What is never decided is a draw: both can keep
//! it going for ever, and the third repetition of a position ends such a game drawn.
//!
//! Repetition does not change any value here: a player who wins plays along strictly
//! shorter distances, so never repeats a position, and a drawn position stays drawn.

pub mod census;
pub mod index;
pub mod moves;
mod pauses;
pub mod rest;
#[cfg(test)]
mod tests;

use crate::ai::alphabeta::Value;
use crate::game::quantum_morris::{QuantumMorris, QuantumMorrisMove, QuantumMorrisRules};
use crate::game::{Game, Outcome, Player};
use index::Index;
use moves::{Child, Ending};
use pauses::Pauses;
use rest::Rest;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// How many analyses this process has built: a test sees that a shared one was not
/// built again.
static BUILDS: AtomicUsize = AtomicUsize::new(0);

/// The last analysis handed out by [`Table::shared`], while someone still holds it.
static LAST_SHARED: Mutex<Option<(QuantumMorrisRules, Weak<Table>)>> = Mutex::new(None);

/// The state byte of a node: who won (0 nobody yet, 1 X, 2 O) and, in bit 2, whether O
/// is the player to move (or to choose, at a waiting collapse).
const X_WON: u8 = 1;
const O_WON: u8 = 2;
const O_MOVES: u8 = 4;

/// The values of every position of quantum Morris under one set of rules.
pub struct Table {
    pub rules: QuantumMorrisRules,
    pub index: Index,
    /// Per node (the positions at rest, then the waiting collapses): winner and mover.
    state: Vec<u8>,
    /// Half-moves to the end with best play, for the decided nodes.
    distance: Vec<u16>,
    /// How many waiting collapses the pass made.
    pub collapses: usize,
    /// Moves between nodes (each position's repeats up to symmetry counted once).
    pub edges: usize,
}

/// What a pass finds out about one position (kept by each thread for the next).
#[derive(Default)]
struct Found {
    /// Where each move leads, as [`moves::children`] gives them.
    children: Vec<Child>,
    ending: Option<Ending>,
    rest: Vec<u32>,
    collapses: Vec<[u32; 2]>,
}

fn player_bit(player: Player) -> u8 {
    if player == Player::O { O_MOVES } else { 0 }
}

fn won_bit(player: Player) -> u8 {
    if player == Player::X { X_WON } else { O_WON }
}

impl Table {
    /// The analysis for `rules`, built as [`Table::build`] does unless one for the same
    /// rules is still held (perfect play keeps its table for the session): then that
    /// one, rather than a second minute of both cores and 1.4 GB. Nothing is kept once
    /// its last holder lets it go.
    pub fn shared(rules: QuantumMorrisRules, threads: usize) -> Option<Arc<Table>> {
        let last = || LAST_SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((kept_rules, kept)) = last().as_ref()
            && *kept_rules == rules
            && let Some(table) = kept.upgrade()
        {
            return Some(table);
        }
        let table = Arc::new(Table::build(rules, threads)?);
        *last() = Some((rules, Arc::downgrade(&table)));
        Some(table)
    }

    /// How many analyses this process has built so far.
    pub fn builds() -> usize {
        BUILDS.load(Ordering::Relaxed)
    }

    /// Analyses every position under `rules`, with `threads` threads (the calling one
    /// among them). It pauses as every long search does ([`crate::stop::checkpoint`]):
    /// the console is told how many positions it has looked at (and, once it works
    /// outwards from the ends, how far), and Ctrl-C stops it: then `None`.
    pub fn build(rules: QuantumMorrisRules, threads: usize) -> Option<Table> {
        BUILDS.fetch_add(1, Ordering::Relaxed);
        let threads = threads.max(1);
        let pauses = Pauses::default();
        let index = Index::build(threads, &pauses)?;
        let count = index.len();
        // Pass 1: each node's moves, its waiting collapses, the moves into each node.
        let into: Vec<AtomicU32> = (0..count).map(|_| AtomicU32::new(0)).collect();
        let moves_out: Vec<AtomicU8> = (0..count).map(|_| AtomicU8::new(0)).collect();
        let collapses_of: Vec<AtomicU8> = (0..count).map(|_| AtomicU8::new(0)).collect();
        let state: Vec<AtomicU8> = (0..count).map(|_| AtomicU8::new(0)).collect();
        in_blocks(&index, threads, &pauses, |found, number, rest| {
            explore(&index, &rest, rules, found);
            let mut byte = player_bit(rest.next);
            match found.ending {
                Some(Ending::Line(Some(winner))) => byte |= won_bit(winner),
                Some(Ending::Stuck) => byte |= won_bit(rest.next.opponent()),
                _ => {}
            }
            state[number].store(byte, Ordering::Relaxed);
            let moves = (found.rest.len() + found.collapses.len()) as u8;
            moves_out[number].store(moves, Ordering::Relaxed);
            collapses_of[number].store(found.collapses.len() as u8, Ordering::Relaxed);
            for child in found.rest.iter().chain(found.collapses.iter().flatten()) {
                into[*child as usize].fetch_add(1, Ordering::Relaxed);
            }
        })?;
        let mut moves_out: Vec<u8> = moves_out.into_iter().map(AtomicU8::into_inner).collect();
        let collapses_of: Vec<u8> = collapses_of.into_iter().map(AtomicU8::into_inner).collect();
        let mut state: Vec<u8> = state.into_iter().map(AtomicU8::into_inner).collect();
        // Number the waiting collapses after the positions at rest, in order of parent.
        let mut first_collapse = Vec::with_capacity(count + 1);
        let mut total = 0u32;
        for c in &collapses_of {
            first_collapse.push(total);
            total += u32::from(*c);
        }
        first_collapse.push(total);
        drop(collapses_of);
        let collapses = total as usize;
        // Where each node's list of parents starts.
        let mut starts = Vec::with_capacity(count + 1);
        let mut edges = 0usize;
        for n in &into {
            starts.push(edges as u32);
            edges += n.load(Ordering::Relaxed) as usize;
        }
        starts.push(edges as u32);
        for (n, start) in into.iter().zip(&starts) {
            n.store(*start, Ordering::Relaxed);
        }
        let cursor = into;
        let parents: Vec<AtomicU32> = (0..edges).map(|_| AtomicU32::new(0)).collect();
        let collapse_parent: Vec<AtomicU32> = (0..collapses).map(|_| AtomicU32::new(0)).collect();
        let mut collapse_state = vec![0u8; collapses];
        let mut collapse_moves = vec![0u8; collapses];
        let distance = vec![0u16; count];
        // Pass 2: the same moves again, each written into its child's list of parents.
        in_blocks(&index, threads, &pauses, |found, number, rest| {
            explore(&index, &rest, rules, found);
            let add = |child: u32, parent: u32| {
                let at = cursor[child as usize].fetch_add(1, Ordering::Relaxed);
                parents[at as usize].store(parent, Ordering::Relaxed);
            };
            for child in &found.rest {
                add(*child, number as u32);
            }
            for (k, worlds) in found.collapses.iter().enumerate() {
                let node = first_collapse[number] + k as u32;
                collapse_parent[node as usize].store(number as u32, Ordering::Relaxed);
                for world in worlds {
                    add(*world, count as u32 + node);
                }
            }
        })?;
        drop(cursor);
        let parents: Vec<u32> = parents.into_iter().map(AtomicU32::into_inner).collect();
        let collapse_parent: Vec<u32> = collapse_parent
            .into_iter()
            .map(AtomicU32::into_inner)
            .collect();
        // The chooser of each waiting collapse, and how many worlds it has.
        for (number, start) in first_collapse.iter().take(count).enumerate() {
            let end = first_collapse[number + 1];
            let mover = if state[number] & O_MOVES != 0 {
                Player::O
            } else {
                Player::X
            };
            let chooser = if rules.closer_chooses {
                mover
            } else {
                mover.opponent()
            };
            for node in *start..end {
                collapse_state[node as usize] = player_bit(chooser);
            }
        }
        // Each waiting collapse's worlds are the entries naming it in the lists.
        for &parent in &parents {
            if parent as usize >= count {
                collapse_moves[parent as usize - count] += 1;
            }
        }
        state.extend_from_slice(&collapse_state);
        moves_out.extend_from_slice(&collapse_moves);
        let mut table = Table {
            rules,
            index,
            state,
            distance,
            collapses,
            edges,
        };
        table.retrograde(
            (&starts, &parents, &collapse_parent),
            moves_out,
            threads,
            &pauses,
        )?;
        Some(table)
    }

    /// Decides the nodes outwards from the finished positions, a distance at a time,
    /// each distance's nodes shared between `threads` threads. A node is decided by the
    /// one thread whose change of its count of moves left brings it to 0 (a winning move
    /// sets it to 0, a losing one takes 1 off), so each is decided once and at the same
    /// distance whichever thread gets there first: the values are those of one thread.
    /// The graph comes as each node's list of parents: where each list starts, the
    /// lists, and each waiting collapse's one parent. `None` if stopped at a pause.
    fn retrograde(
        &mut self,
        (starts, parents, collapse_parent): (&[u32], &[u32], &[u32]),
        moves_left: Vec<u8>,
        threads: usize,
        pauses: &Pauses,
    ) -> Option<()> {
        let count = self.index.len();
        let moves_left: Vec<AtomicU8> = moves_left.into_iter().map(AtomicU8::new).collect();
        let state: Vec<AtomicU8> = std::mem::take(&mut self.state)
            .into_iter()
            .map(AtomicU8::new)
            .collect();
        let distance: Vec<AtomicU16> = std::mem::take(&mut self.distance)
            .into_iter()
            .map(AtomicU16::new)
            .collect();
        let mut level: Vec<u32> = (0..state.len() as u32)
            .filter(|n| state[*n as usize].load(Ordering::Relaxed) & 3 != 0)
            .collect();
        let mut depth = 0u16;
        // The nodes that `part` of a level decides, one distance further out, into `next`.
        let decide = |part: &[u32], depth: u16, next: &mut Vec<u32>| {
            for &node in part {
                let winner = state[node as usize].load(Ordering::Relaxed) & 3;
                let list: &[u32] = if (node as usize) < count {
                    &parents[starts[node as usize] as usize..starts[node as usize + 1] as usize]
                } else {
                    std::slice::from_ref(&collapse_parent[node as usize - count])
                };
                for &parent in list {
                    let p = parent as usize;
                    let mover = if state[p].load(Ordering::Relaxed) & O_MOVES != 0 {
                        O_WON
                    } else {
                        X_WON
                    };
                    let left =
                        moves_left[p].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                            match left {
                                0 => None,
                                _ if mover == winner => Some(0),
                                _ => Some(left - 1),
                            }
                        });
                    let decided = match left {
                        Ok(_) if mover == winner => true,
                        Ok(left) => left == 1,
                        Err(_) => false,
                    };
                    if decided {
                        state[p].fetch_or(winner, Ordering::Relaxed);
                        if p < count {
                            distance[p].store(depth + 1, Ordering::Relaxed);
                        }
                        next.push(parent);
                    }
                }
            }
        };
        while !level.is_empty() {
            // Small levels on one thread: starting threads would cost more.
            let threads = if level.len() < 4096 { 1 } else { threads };
            let parts = pauses::in_blocks(
                level.len(),
                4096,
                threads,
                pauses,
                Some(u32::from(depth)),
                Vec::new,
                |next: &mut Vec<u32>, block| {
                    decide(&level[block.clone()], depth, next);
                    block.len() as u64
                },
            )?;
            level = parts.concat();
            depth += 1;
        }
        self.state = state.into_iter().map(AtomicU8::into_inner).collect();
        self.distance = distance.into_iter().map(AtomicU16::into_inner).collect();
        Some(())
    }

    /// The number of nodes: positions at rest and waiting collapses.
    pub fn nodes(&self) -> usize {
        self.state.len()
    }

    /// The result of node `n` for the player to move there, `None` while a draw.
    fn node_value(&self, n: usize) -> Value {
        let state = self.state[n];
        let mover = if state & O_MOVES != 0 { O_WON } else { X_WON };
        let plies = u32::from(self.distance[n]);
        match state & 3 {
            0 => Value::Draw,
            w if w == mover => Value::Win(plies),
            _ => Value::Loss(plies),
        }
    }

    /// The value of a position at rest for the player to move.
    pub fn value(&self, rest: &Rest) -> Option<Value> {
        let number = self.index.number_of_class(rest)?;
        Some(self.node_value(number as usize))
    }

    /// The value of where a move leads, for the player who moved (`mover`).
    pub fn child_value(&self, child: &Child, mover: Player) -> Option<Value> {
        match child {
            Child::Rest(rest) => {
                let value = self.value(rest)?;
                Some(if rest.next == mover {
                    value
                } else {
                    value.for_opponent()
                })
            }
            Child::Collapse { chooser, worlds } => {
                // The chooser picks the world best for them; each world has the
                // closer's opponent to move.
                let mut best: Option<Value> = None;
                for world in worlds {
                    let value = self.value(world)?;
                    let for_chooser = if world.next == *chooser {
                        value
                    } else {
                        value.for_opponent()
                    };
                    let for_chooser = deeper(for_chooser);
                    best = Some(match best {
                        Some(b) if rank(b) >= rank(for_chooser) => b,
                        _ => for_chooser,
                    });
                }
                let best = best?;
                Some(if *chooser == mover {
                    best
                } else {
                    best.for_opponent()
                })
            }
        }
    }

    /// The node farthest from the end that is decided: a longest forced result, as the
    /// position at rest (the deepest waiting collapse is one half-move from one).
    pub fn longest(&self) -> Option<(Rest, Value)> {
        let count = self.index.len();
        let deepest = (0..count)
            .filter(|n| self.state[*n] & 3 != 0)
            .max_by_key(|n| (self.distance[*n], std::cmp::Reverse(*n)))?;
        Some((
            self.index.position(deepest as u32),
            self.node_value(deepest),
        ))
    }

    /// How many positions at rest are won for X, for O, and drawn.
    pub fn counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        for state in &self.state[..self.index.len()] {
            counts[usize::from(match state & 3 {
                X_WON => 0u8,
                O_WON => 1,
                _ => 2,
            })] += 1;
        }
        counts
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.index.bytes() + self.state.len() * 3
    }
}

/// The bytes the analysis takes at its peak, at most: the lists of parents while they
/// are filled (measured: 1.41 GB under the default rules).
pub const PEAK_BYTES: u64 = 1_500_000_000;

impl Table {
    /// The value of a game's position for the player to move there (a waiting collapse
    /// is worked out from its two worlds).
    pub fn game_value(&self, game: &QuantumMorris) -> Option<Value> {
        match game.pending_collapse() {
            None => self.value(&Rest::from_marks(game.marks(), game.to_move())),
            Some((_, a, b)) => {
                let chooser = game.to_move();
                let mut best: Option<Value> = None;
                for point in [a, b] {
                    let mut world = game.clone();
                    world.play(QuantumMorrisMove::Collapse(point)).ok()?;
                    let value = self.game_value(&world)?;
                    let value = deeper(if world.to_move() == chooser {
                        value
                    } else {
                        value.for_opponent()
                    });
                    if best.is_none_or(|b| rank(value) > rank(b)) {
                        best = Some(value);
                    }
                }
                best
            }
        }
    }

    /// Each move of a game's position with its value for the player making it, best
    /// first (ties in the order of the moves).
    pub fn move_values(&self, game: &QuantumMorris) -> Vec<(QuantumMorrisMove, Value)> {
        let mover = game.to_move();
        let mut values: Vec<(QuantumMorrisMove, Value)> = game
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let mut after = game.clone();
                after.play(mv).ok()?;
                let value = match after.outcome() {
                    Some(Outcome::Win(winner)) if winner == mover => Value::Win(0),
                    Some(Outcome::Win(_)) => Value::Loss(0),
                    Some(Outcome::Draw) => Value::Draw,
                    None if after.to_move() == mover => self.game_value(&after)?,
                    None => self.game_value(&after)?.for_opponent(),
                };
                Some((mv, deeper(value)))
            })
            .collect();
        values.sort_by_key(|(_, value)| std::cmp::Reverse(rank(*value)));
        values
    }

    /// How many positions at rest, and their values, in number order: for sampling.
    pub fn position(&self, number: u32) -> (Rest, Value) {
        (
            self.index.position(number),
            self.node_value(number as usize),
        )
    }
}

/// A value one half-move further from the end.
fn deeper(value: Value) -> Value {
    match value {
        Value::Win(n) => Value::Win(n + 1),
        Value::Loss(n) => Value::Loss(n + 1),
        other => other,
    }
}

/// Orders values for the player they belong to: a quicker win is better, a longer loss
/// is better than a shorter one.
pub fn rank(value: Value) -> i64 {
    match value {
        Value::Win(n) | Value::HalfWin(n) => 1_000_000 - i64::from(n),
        Value::Draw => 0,
        Value::Loss(n) | Value::HalfLoss(n) => -1_000_000 + i64::from(n),
    }
}

/// Calls `work` on every position of the index with its number, on `threads` threads
/// taking blocks of numbers in turn (the positions of the placing phase take less time
/// than the rest), pausing between blocks; each thread keeps one [`Found`] for all its
/// positions, so that the passes allocate nothing per position. `None` if stopped.
fn in_blocks(
    index: &Index,
    threads: usize,
    pauses: &Pauses,
    work: impl Fn(&mut Found, usize, Rest) + Sync,
) -> Option<()> {
    pauses::in_blocks(
        index.len(),
        4096,
        threads,
        pauses,
        None,
        Found::default,
        |found, numbers| {
            let looked = numbers.len() as u64;
            for (number, rest) in index.positions(numbers.start as u32..numbers.end as u32) {
                work(found, number as usize, rest);
            }
            looked
        },
    )
    .map(drop)
}

/// One position's moves as node numbers, into `found`: positions at rest, and the pairs
/// of worlds of waiting collapses, each counted once.
fn explore(index: &Index, rest: &Rest, rules: QuantumMorrisRules, found: &mut Found) {
    found.ending = moves::children(rest, rules, &mut found.children);
    found.rest.clear();
    found.collapses.clear();
    if found.ending.is_some() {
        return;
    }
    let number = |rest: &Rest| index.number_of_class(rest).unwrap_or(u32::MAX);
    for child in found.children.iter() {
        match child {
            Child::Rest(r) => found.rest.push(number(r)),
            Child::Collapse { worlds, .. } => {
                let (a, b) = (number(&worlds[0]), number(&worlds[1]));
                found.collapses.push([a.min(b), a.max(b)]);
            }
        }
    }
    found.rest.sort_unstable();
    found.rest.dedup();
    found.collapses.sort_unstable();
    found.collapses.dedup();
}
