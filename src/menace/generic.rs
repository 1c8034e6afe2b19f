//! MENACE, the one learner, for any game: [`Menace<G>`], written against the [`Game`]
//! trait.
//!
//! A box is made **when first met**, because the boxes of a big game cannot be listed:
//! one box per position up to the game's symmetries, keyed by [`Game::canonical_key`].
//! Where they can be listed, they can all be made at the start
//! ([`Menace::make_all_boxes`]), as classic MENACE's 304 are ([`super::classic`]); and
//! where a game has a dense code for its positions (noughts and crosses' base-3 code),
//! an accelerator table finds a box, its symmetry and the real move of every bead
//! without the rules ([`dense`]), which is what makes classic training fast. A box exists only where MENACE
//! has a choice: its side to move, the game not over, at least two legal moves. With one
//! legal move the move is forced and no box is used, like classic X's fifth move.
//!
//! Each box keeps its picture: the image of the position (under the first symmetry, in
//! the game's order, whose image has the canonical key), the picture's legal moves in the
//! game's order, one bead count per move, and the ply at which the box was made. A bead
//! names a move of the picture; on a real position `g` that the symmetry `s` turns into
//! the picture, it plays the legal move `m` with `g.transform_move(m, s)` equal to the
//! bead's move (the trait has no inverse, so the real moves are searched).
//!
//! The numbers (starting beads, rewards, the empty-box rule) come from a [`Preset`] and
//! change as the seed article says ([`super::classic`]'s tests check them on the 3x3
//! board). Memory is bounded by a limit on the
//! number of boxes: meeting one position too many is an error, and nothing changes.

use super::learn::{EmptyBox, GameResult, MAX_BEADS, Preset, Record, StartBeads};
use crate::game::{Game, Player};
use foldhash::HashMap;
use rand::Rng;
use std::fmt;

/// The box limit to use when there is no reason to choose another. A box costs a few
/// hundred bytes on the games of this crate (the picture, its moves, one count per move
/// and an entry in the index), so a million boxes stay within a few hundred megabytes.
/// Every noughts-and-crosses variant needs a few hundred boxes; the 8x8 gravity game
/// would reach the limit instead of filling the memory.
pub const DEFAULT_BOX_LIMIT: usize = 1_000_000;

/// One matchbox of a [`Menace`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeadBox<G: Game> {
    picture: G,
    moves: Vec<G::Move>,
    beads: Beads,
    ply: usize,
}

/// A box's bead counts, kept in the box itself up to [`Beads`]' inline length (every
/// box of the 3x3 and 4x4 games): a turn reads the box and its beads in one visit to
/// memory instead of two, which is most of what a turn costs once the boxes outgrow
/// the caches.
pub(crate) type Beads = smallvec::SmallVec<[u32; 16]>;

impl<G: Game> BeadBox<G> {
    /// The position drawn on the lid: the canonical image of the positions it serves.
    pub fn picture(&self) -> &G {
        &self.picture
    }

    /// The canonical key the box is filed under (the picture's key).
    pub fn key(&self) -> G::Key {
        self.picture.key()
    }

    /// The picture's legal moves, in the game's order: bead `i` names `moves()[i]`.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The bead count of every move of the picture.
    pub fn beads(&self) -> &[u32] {
        &self.beads
    }

    /// All beads in the box.
    #[inline]
    pub fn total(&self) -> u64 {
        // A plain loop: the sum of every turn, kept inline in the training loop.
        let mut total = 0;
        for count in &self.beads {
            total += u64::from(*count);
        }
        total
    }

    /// The ply of the box's picture. In a game whose positions recur at different plies
    /// (Three Men's Morris) the picture carries no history, so it counts only the pieces
    /// placed; the bead schedule still follows the ply of the first meeting, which chooses
    /// the starting beads, and a box is never remade when its position comes back later.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The real move bead `bead` stands for on `game`, a position that symmetry
    /// `symmetry` turns into the picture: the legal move whose image is the bead's move.
    pub fn real_move(&self, game: &G, symmetry: usize, bead: usize) -> Option<G::Move> {
        let picture_move = *self.moves.get(bead)?;
        game.legal_moves()
            .into_iter()
            .find(|mv| game.transform_move(*mv, symmetry) == picture_move)
    }
}

/// One bead MENACE drew during a game: from which box, naming which move of its picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Drawn {
    pub box_index: usize,
    pub bead: usize,
}

/// What MENACE did on its turn, with everything needed to explain it; `M` is the game's
/// move type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn<M> {
    /// It drew a bead from a box.
    Drew {
        box_index: usize,
        /// Which move of the picture the bead names (an index into the box's moves).
        bead: usize,
        picture_move: M,
        /// The move on the real position.
        real_move: M,
        /// The symmetry (the game's index) that turns the real position into the picture.
        symmetry: usize,
        /// Beads in the box just before the draw (after any refill).
        beads_before: u64,
        /// The box was empty and got random beads first.
        refilled: bool,
        /// The box was made on this turn.
        created: bool,
    },
    /// One legal move: no box, no choice.
    Forced(M),
    /// The box was empty and the preset says to resign.
    Resigned(usize),
}

impl<M: Copy> Turn<M> {
    /// The move to play, unless MENACE resigned.
    pub fn real_move(&self) -> Option<M> {
        match self {
            Turn::Drew { real_move, .. } => Some(*real_move),
            Turn::Forced(mv) => Some(*mv),
            Turn::Resigned(_) => None,
        }
    }

    /// The bead to remember for learning, if one was drawn.
    pub fn drawn(&self) -> Option<Drawn> {
        match self {
            Turn::Drew {
                box_index, bead, ..
            } => Some(Drawn {
                box_index: *box_index,
                bead: *bead,
            }),
            _ => None,
        }
    }
}

/// Why MENACE did not move (or did not fill its boxes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnError {
    /// It is not MENACE's side to move, or the game is over.
    NotMenacesTurn,
    /// A new box was needed and MENACE already has as many as it may.
    BoxLimit { limit: usize },
    /// The game's `transform_move` sent no legal move onto the bead's move: the game
    /// breaks its own symmetry contract.
    BrokenSymmetry { symmetry: usize },
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::NotMenacesTurn => {
                write!(f, "it is not MENACE's turn, or the game is over")
            }
            TurnError::BoxLimit { limit } => write!(
                f,
                "MENACE has met more positions than its limit of {limit} matchboxes allows"
            ),
            TurnError::BrokenSymmetry { symmetry } => write!(
                f,
                "symmetry {symmetry} of this game maps no legal move onto the bead's move"
            ),
        }
    }
}

impl std::error::Error for TurnError {}

/// How one box changed after a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reinforcement {
    pub drawn: Drawn,
    /// Beads of that move before the game's draws were undone, i.e. after the draws.
    pub before: u32,
    pub after: u32,
}

/// The learner for any game: its boxes (made as they are met), the preset that governs
/// them, its record, and the most boxes it may hold.
#[derive(Debug, Clone)]
pub struct Menace<G: Game> {
    side: Player,
    preset: Preset,
    box_limit: usize,
    boxes: Vec<BeadBox<G>>,
    /// Canonical key to box index.
    /// Box by canonical key, hashed by foldhash: a learner's turn is a lookup here, and the
    /// keys are a few small integers that need no protection from collisions.
    index: HashMap<G::Key, usize>,
    record: Record,
    /// A move buffer reused by every turn.
    scratch: Vec<G::Move>,
    /// Dense code to box, symmetry and real moves, where the game has dense codes.
    dense: Dense<G::Move, G::Key>,
    /// Every box was made at the start (classic MENACE's 304 or 289): none is made
    /// later, so the limit on boxes means nothing to the user.
    up_front: bool,
}

/// Two learners are equal when their boxes, preset, limit and record are: the index and
/// the move buffer follow from those.
impl<G: Game + PartialEq> PartialEq for Menace<G> {
    fn eq(&self, other: &Self) -> bool {
        self.side == other.side
            && self.preset == other.preset
            && self.box_limit == other.box_limit
            && self.boxes == other.boxes
            && self.record == other.record
    }
}

/// The canonical key of `game` and a symmetry whose image has it: one pass over the
/// symmetries instead of [`Game::canonical_key`] and a search. Where several symmetries
/// give the key, the one whose inverse comes first in the game's order (the classic
/// table's choice, which decides which of equivalent real moves a bead plays), or the
/// first where the game does not name inverses.
fn canonical<G: Game>(game: &G) -> (G::Key, usize) {
    let mut best = (game.key(), 0);
    let mut best_inverse = 0;
    for symmetry in 1..game.symmetry_count() {
        let key = game.transformed(symmetry).key();
        let inverse = game.inverse_symmetry(symmetry);
        if key < best.0 {
            best = (key, symmetry);
            best_inverse = inverse.unwrap_or(symmetry);
        } else if key == best.0
            && let Some(inverse) = inverse
            && inverse < best_inverse
        {
            best = (key, symmetry);
            best_inverse = inverse;
        }
    }
    best
}

impl<G: Game> Menace<G> {
    /// A MENACE with no boxes yet, playing `side` under `preset`, that may hold at most
    /// `box_limit` boxes (see [`DEFAULT_BOX_LIMIT`]).
    pub fn new(side: Player, preset: Preset, box_limit: usize) -> Menace<G> {
        Menace {
            side,
            preset,
            box_limit,
            boxes: Vec::new(),
            index: HashMap::default(),
            record: Record::default(),
            scratch: Vec::new(),
            dense: Dense::default(),
            up_front: false,
        }
    }

    /// The side it plays.
    pub fn side(&self) -> Player {
        self.side
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    pub fn record(&self) -> Record {
        self.record
    }

    /// The most boxes it may hold.
    pub fn box_limit(&self) -> usize {
        self.box_limit
    }

    /// How many boxes it has made.
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// True before its first box.
    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// Every box, in the order they were made, with its index.
    pub fn boxes(&self) -> impl Iterator<Item = (usize, &BeadBox<G>)> + '_ {
        self.boxes.iter().enumerate()
    }

    /// The box with this index.
    pub fn get(&self, box_index: usize) -> Option<&BeadBox<G>> {
        self.boxes.get(box_index)
    }

    /// The box serving `game` and the symmetry that turns `game` into its picture,
    /// without making one: `None` where MENACE does not move from a box, or has not met
    /// the position yet.
    pub fn box_for(&self, game: &G) -> Option<(usize, usize)> {
        if game.is_over() || game.to_move() != self.side {
            return None;
        }
        // The accelerator first, as a turn looks: its codes leave out the rules, so a
        // misère position finds the classic box it draws from, whose key is classic's.
        if let Some(entry) = self.found(game).and_then(|found| self.dense.get(found)) {
            return Some((entry.box_index as usize, usize::from(entry.symmetry)));
        }
        let (key, symmetry) = canonical(game);
        self.index.get(&key).map(|index| (*index, symmetry))
    }

    /// Whether MENACE will not start a game from `start`: under the resign rule its box
    /// there is empty, or would be made empty (a starting count of 0 beads).
    pub fn refuses_to_play(&self, start: &G) -> bool {
        if self.preset.empty_box != EmptyBox::Resign
            || start.is_over()
            || start.to_move() != self.side
            || start.legal_moves().len() < 2
        {
            return false;
        }
        match (self.box_for(start), self.preset.start) {
            (Some((index, _)), _) => self.boxes[index].total() == 0,
            (None, StartBeads::PerMove(counts)) => start_count(counts, start.ply()) == 0,
            (None, StartBeads::RandomColours) => false,
        }
    }

    /// Sets the record (a save file's games).
    pub fn set_record(&mut self, record: Record) {
        self.record = record;
    }

    /// Makes the box for `game` (whose canonical key is `key`, reached by `symmetry`),
    /// unless the limit is reached. Returns its index.
    fn make_box<R: Rng + ?Sized>(
        &mut self,
        game: &G,
        key: G::Key,
        symmetry: usize,
        ply: usize,
        rng: &mut R,
    ) -> Result<usize, TurnError> {
        if self.boxes.len() >= self.box_limit {
            return Err(TurnError::BoxLimit {
                limit: self.box_limit,
            });
        }
        let picture = game.transformed(symmetry);
        let moves = picture.legal_moves();
        let beads = match self.preset.start {
            StartBeads::RandomColours => {
                let mut beads = Beads::from_elem(0, moves.len());
                add_random_beads(&mut beads, moves.len(), rng);
                beads
            }
            StartBeads::PerMove(counts) => Beads::from_elem(start_count(counts, ply), moves.len()),
        };
        let index = self.boxes.len();
        // The box keeps its picture's own ply, which a save file can restore; in Morris
        // that counts the pieces down, not the moves that led here.
        let ply = picture.ply();
        self.boxes.push(BeadBox {
            picture,
            moves,
            beads,
            ply,
        });
        self.index.insert(key, index);
        Ok(index)
    }

    /// MENACE's move on `game` (its side to move): find or make the box, draw a bead, take
    /// it out. A forced move uses no box. After `NotMenacesTurn` or `BoxLimit` nothing has
    /// changed (`BrokenSymmetry`, a fault of the game, may leave a new or refilled box).
    #[inline]
    pub fn take_turn<R: Rng + ?Sized>(
        &mut self,
        game: &G,
        rng: &mut R,
    ) -> Result<Turn<G::Move>, TurnError> {
        // The accelerator first: a position met before is a box position (MENACE to
        // move with a choice), so neither the rules nor the moves need asking again.
        let found = self.found(game);
        if let Some(entry) = found.and_then(|found| self.dense.get(found)) {
            let box_index = entry.box_index as usize;
            let symmetry = usize::from(entry.symmetry);
            // The real moves are elsewhere in memory from the box: reading the first now
            // sends for them while the box is on its way, so the two waits overlap.
            std::hint::black_box(self.dense.real_move(entry, 0));
            let (empty_box, dense) = (self.preset.empty_box, &self.dense);
            let matchbox = &mut self.boxes[box_index];
            return draw(
                matchbox,
                empty_box,
                (box_index, symmetry),
                false,
                rng,
                |bead, _| dense.real_move(entry, bead),
            );
        }
        if game.is_over() || game.to_move() != self.side {
            return Err(TurnError::NotMenacesTurn);
        }
        let mut moves = std::mem::take(&mut self.scratch);
        game.legal_moves_into(&mut moves);
        let turn = self.turn_among(game, found, &moves, rng);
        self.scratch = moves;
        turn
    }

    /// How the accelerator finds `game`: by its dense code, or by its key where its
    /// positions never repeat; `None` where neither holds.
    #[inline]
    fn found(&self, game: &G) -> Option<Found<G::Key>> {
        match game.dense_code() {
            Some(code) => Some(Found::Code(code)),
            None if !game.positions_repeat() => Some(Found::Key(game.key())),
            None => None,
        }
    }

    /// The plain lookup: the box by canonical key (made if new), remembered in the
    /// accelerator where the game has dense codes.
    fn turn_among<R: Rng + ?Sized>(
        &mut self,
        game: &G,
        found: Option<Found<G::Key>>,
        moves: &[G::Move],
        rng: &mut R,
    ) -> Result<Turn<G::Move>, TurnError> {
        match moves {
            [] => return Err(TurnError::NotMenacesTurn),
            [only] => return Ok(Turn::Forced(*only)),
            _ => {}
        }
        let (key, symmetry) = canonical(game);
        let (box_index, created) = match self.index.get(&key) {
            Some(index) => (*index, false),
            None => (self.make_box(game, key, symmetry, game.ply(), rng)?, true),
        };
        if let Some(found) = found {
            let picture_moves = &self.boxes[box_index].moves;
            self.dense
                .remember(found, game, moves, box_index, symmetry, picture_moves);
        }
        let empty_box = self.preset.empty_box;
        let matchbox = &mut self.boxes[box_index];
        draw(
            matchbox,
            empty_box,
            (box_index, symmetry),
            created,
            rng,
            |_, picture_move| {
                moves
                    .iter()
                    .copied()
                    .find(|mv| game.transform_move(*mv, symmetry) == picture_move)
            },
        )
    }

    /// After a game: every drawn bead goes back with the preset's reward for `result`,
    /// and the record counts the game. Says how each box changed (a bead drawn twice from
    /// one box, as can happen in Morris, shows the total change twice).
    pub fn learn(&mut self, drawn: &[Drawn], result: GameResult) -> Vec<Reinforcement> {
        let before: Vec<Option<u32>> = drawn.iter().map(|drawn| self.count(*drawn)).collect();
        self.reinforce(drawn, result);
        drawn
            .iter()
            .zip(before)
            .filter_map(|(drawn, before)| {
                Some(Reinforcement {
                    drawn: *drawn,
                    before: before?,
                    after: self.count(*drawn)?,
                })
            })
            .collect()
    }

    fn count(&self, drawn: Drawn) -> Option<u32> {
        self.boxes
            .get(drawn.box_index)?
            .beads
            .get(drawn.bead)
            .copied()
    }

    fn count_mut(&mut self, drawn: Drawn) -> Option<&mut u32> {
        self.boxes
            .get_mut(drawn.box_index)?
            .beads
            .get_mut(drawn.bead)
    }

    /// The same as [`Menace::learn`] without the report. Beads naming no box of
    /// this learner are ignored.
    pub fn reinforce(&mut self, drawn: &[Drawn], result: GameResult) {
        self.reinforce_each(drawn.iter().copied(), result);
    }

    /// The same for beads given one by one (no slice to build in a training loop).
    pub fn reinforce_each(&mut self, drawn: impl IntoIterator<Item = Drawn>, result: GameResult) {
        self.record.add(result);
        let reward = i64::from(self.preset.rewards.for_result(result));
        for drawn in drawn {
            if let Some(count) = self.count_mut(drawn) {
                // The drawn bead is out of the box: putting it back is +1, the reward more.
                let changed = i64::from(*count) + 1 + reward;
                *count = u32::try_from(changed.clamp(0, i64::from(MAX_BEADS))).unwrap_or(0);
            }
        }
    }

    /// Forgets the boxes made after the first `count` (the boxes of a game in progress,
    /// for a save of the boxes as they were before it).
    pub fn forget_boxes_from(&mut self, count: usize) {
        if count < self.boxes.len() {
            self.boxes.truncate(count);
            self.index.retain(|_, index| *index < count);
            self.dense.forget_boxes_from(count);
        }
    }

    /// Puts back the beads drawn in a game that was abandoned, so it teaches nothing.
    pub fn return_beads(&mut self, drawn: &[Drawn]) {
        self.return_each(drawn.iter().copied());
    }

    /// The same for beads given one by one.
    pub fn return_each(&mut self, drawn: impl IntoIterator<Item = Drawn>) {
        for drawn in drawn {
            if let Some(count) = self.count_mut(drawn) {
                *count = count.saturating_add(1).min(MAX_BEADS);
            }
        }
    }
}

pub mod count;
mod dense;
mod draw;
mod fill;
mod reach;
use dense::{Dense, Found};
use draw::{add_random_beads, draw, start_count};

#[cfg(test)]
mod tests;
