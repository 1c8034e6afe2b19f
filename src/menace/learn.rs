//! The beads in the boxes: how MENACE chooses a move, and how it learns after a game;
//! classic MENACE's typed face over the one learner of [`super::generic`].
//!
//! A bead names a cell of the box's picture. A turn finds the box, draws one bead at
//! random (a cell's chance is its count over the total), takes it out, and places X on
//! the real-board cell the bead stands for. After the game every bead drawn is put back
//! with a reward according to the result. The numbers are set by a [`Preset`].

use super::boxes::{BoxId, Lookup, Matchboxes, matchboxes_for};
use super::generic::{DEFAULT_BOX_LIMIT, GenericDrawn, GenericMenace, GenericTurn};
use crate::game::{Outcome, Player, Square, Symmetry, TicTacToe};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use super::preset::{
    EmptyBox, MAX_REWARD, MAX_START_BEADS, Preset, PresetError, PresetName, Rewards, StartBeads,
};

/// The most beads one cell of one box may hold: learning stops adding there, and a save
/// file claiming more is refused as absurd.
pub const MAX_BEADS: u32 = 1_000_000_000;

/// How many random beads the refill rule puts into an empty box.
pub const REFILL_BEADS: u32 = 3;

/// A game's result from MENACE's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Won,
    Drew,
    Lost,
}

impl GameResult {
    /// The result for MENACE playing X.
    pub fn from_outcome(outcome: Outcome) -> GameResult {
        GameResult::for_side(outcome, Player::X)
    }

    /// The result for a MENACE playing `side`.
    pub fn for_side(outcome: Outcome, side: Player) -> GameResult {
        match outcome {
            Outcome::Win(winner) if winner == side => GameResult::Won,
            Outcome::Win(_) => GameResult::Lost,
            Outcome::Draw => GameResult::Drew,
        }
    }
}

/// MENACE's games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Record {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

impl Record {
    /// The most games a record holds: far beyond any run (a million games a second for
    /// thirty years), and far from where a count could wrap. A save claiming more is
    /// refused.
    pub const MAX_GAMES: u64 = 1 << 50;

    pub fn games(&self) -> u64 {
        self.won
            .saturating_add(self.drawn)
            .saturating_add(self.lost)
    }

    /// Counts one more game; a count never wraps (it stops at the largest number).
    pub fn add(&mut self, result: GameResult) {
        let count = match result {
            GameResult::Won => &mut self.won,
            GameResult::Drew => &mut self.drawn,
            GameResult::Lost => &mut self.lost,
        };
        *count = count.saturating_add(1);
    }
}

/// One bead MENACE drew during a game: from which box, naming which picture cell (and
/// which of the box's moves that is, in the generic learner's numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    pub id: BoxId,
    pub bead: Square,
    /// The bead's place among the picture's legal moves (reading order).
    pub slot: usize,
}

impl Drawn {
    fn generic(self) -> GenericDrawn {
        GenericDrawn {
            box_index: self.id.index(),
            bead: self.slot,
        }
    }
}

/// What MENACE did on its turn, with everything needed to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// It drew a bead from a box.
    Drew {
        lookup: Lookup,
        bead: Square,
        /// The bead's place among the picture's legal moves.
        slot: usize,
        square: Square,
        /// Beads in the box just before the draw (after any refill).
        beads_before: u64,
        /// The box was empty and got three random beads first.
        refilled: bool,
    },
    /// One empty cell left: no box, no choice.
    Forced(Square),
    /// The box was empty and the preset says to resign.
    Resigned(BoxId),
}

impl Turn {
    /// Where X goes, unless MENACE resigned.
    pub fn square(&self) -> Option<Square> {
        match self {
            Turn::Drew { square, .. } | Turn::Forced(square) => Some(*square),
            Turn::Resigned(_) => None,
        }
    }

    /// The bead to remember for learning, if one was drawn.
    pub fn drawn(&self) -> Option<Drawn> {
        match self {
            Turn::Drew {
                lookup, bead, slot, ..
            } => Some(Drawn {
                id: lookup.id,
                bead: *bead,
                slot: *slot,
            }),
            _ => None,
        }
    }
}

/// Why MENACE did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnError {
    /// It is not X's turn, or the game is over.
    NotMenacesTurn,
}

/// How one box changed after a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reinforcement {
    pub drawn: Drawn,
    /// Beads of that colour before the game's draw was undone, i.e. after the draw.
    pub before: u32,
    pub after: u32,
}

/// Classic MENACE, typed for the 3x3 board: the generic learner
/// ([`GenericMenace<TicTacToe>`]) with all its boxes (304 when it plays X, 289 as O) made
/// at the start in the classic listing order, seen through the classic box numbers
/// ([`BoxId`]) and cells. The drawing, learning and empty-box rules are the generic
/// learner's; its dense-code table is the classic 3^9 table (a test checks they agree).
#[derive(Debug, Clone, PartialEq)]
pub struct Menace {
    inner: GenericMenace<TicTacToe>,
}

impl Eq for Menace {}

impl Menace {
    /// A fresh MENACE playing X under `preset`; the challenge's random colours come from
    /// `rng`.
    pub fn new<R: Rng + ?Sized>(preset: Preset, rng: &mut R) -> Menace {
        Menace::new_for(Player::X, preset, rng)
    }

    /// A fresh MENACE playing `side` (X moves first, O second): every box made now, in
    /// listing order, drawing any random starting beads in that order.
    pub fn new_for<R: Rng + ?Sized>(side: Player, preset: Preset, rng: &mut R) -> Menace {
        let mut inner = GenericMenace::new(side, preset, DEFAULT_BOX_LIMIT);
        // A few hundred boxes, far below the limit: filling cannot fail.
        let _ = inner.fill_reachable(&TicTacToe::default(), rng);
        // And their 3^9 table up front. Its codes leave out the rule, so misère positions
        // (the same positions: a line ends the game under either rule) find the same boxes.
        inner.fill_table(super::boxes::reachable_positions());
        Menace { inner }
    }

    /// The learner itself, for the generic face.
    pub fn generic(&self) -> &GenericMenace<TicTacToe> {
        &self.inner
    }

    /// The side it plays.
    pub fn side(&self) -> Player {
        self.inner.side()
    }

    /// Its boxes.
    pub fn boxes(&self) -> &'static Matchboxes {
        matchboxes_for(self.side())
    }

    /// A MENACE playing X with the given beads (one array per box in listing order) and record,
    /// refusing beads on occupied cells or past [`MAX_BEADS`]. Used by loading.
    pub fn from_parts(
        preset: Preset,
        beads: Vec<[u32; 9]>,
        record: Record,
    ) -> std::result::Result<Menace, String> {
        Menace::from_parts_for(Player::X, preset, beads, record)
    }

    /// The same for a MENACE playing `side`.
    pub fn from_parts_for(
        side: Player,
        preset: Preset,
        beads: Vec<[u32; 9]>,
        record: Record,
    ) -> std::result::Result<Menace, String> {
        let boxes = matchboxes_for(side);
        if beads.len() != boxes.len() {
            return Err(format!("{} boxes instead of {}", beads.len(), boxes.len()));
        }
        for ((_, matchbox), counts) in boxes.iter().zip(&beads) {
            for square in crate::game::Square::ALL {
                let count = counts[square.index()];
                if count > 0 && matchbox.legal_mask() & (1 << square.index()) == 0 {
                    return Err(format!(
                        "box {} has beads on the occupied cell {square}",
                        matchbox.name()
                    ));
                }
                if count > MAX_BEADS {
                    return Err(format!(
                        "box {} has {count} beads on {square}, more than {MAX_BEADS}",
                        matchbox.name()
                    ));
                }
            }
        }
        // The starting beads are replaced at once, so their random numbers are thrown away.
        let mut menace = Menace::new_for(side, preset, &mut ChaCha8Rng::seed_from_u64(0));
        for (index, counts) in beads.iter().enumerate() {
            menace.set_cells(index, counts);
        }
        menace.inner.set_record(record);
        Ok(menace)
    }

    /// Sets the beads of box `index` from one count per cell (cells off the picture's
    /// legal moves are ignored).
    fn set_cells(&mut self, index: usize, counts: &[u32; 9]) {
        let Some(matchbox) = self.inner.get(index) else {
            return;
        };
        let beads = matchbox
            .moves()
            .iter()
            .map(|square| counts[square.index()])
            .collect();
        self.inner.set_beads(index, beads);
    }

    pub fn preset(&self) -> Preset {
        self.inner.preset()
    }

    pub fn record(&self) -> Record {
        self.inner.record()
    }

    /// The bead count of every cell of a box's picture.
    pub fn beads(&self, id: BoxId) -> [u32; 9] {
        let mut cells = [0; 9];
        if let Some(matchbox) = self.inner.get(id.index()) {
            for (square, count) in matchbox.moves().iter().zip(matchbox.beads()) {
                cells[square.index()] = *count;
            }
        }
        cells
    }

    /// All beads of a box.
    pub fn total(&self, id: BoxId) -> u64 {
        self.inner
            .get(id.index())
            .map_or(0, super::generic::GenericBox::total)
    }

    /// Every box's beads, in listing order.
    pub fn all_beads(&self) -> Vec<[u32; 9]> {
        self.boxes().iter().map(|(id, _)| self.beads(id)).collect()
    }

    /// Why MENACE will not start a game, if it will not: under the resign rule an empty
    /// first box leaves it nothing to play.
    pub fn refuses_to_play(&self) -> Option<BoxId> {
        let first = self.boxes().find(&TicTacToe::default())?;
        (self.preset().empty_box == EmptyBox::Resign && self.total(first.id) == 0)
            .then_some(first.id)
    }

    /// MENACE's move on `board` (its side to move): find the box, draw a bead, take it out.
    pub fn take_turn<R: Rng + ?Sized>(
        &mut self,
        board: &TicTacToe,
        rng: &mut R,
    ) -> std::result::Result<Turn, TurnError> {
        let boxes = self.boxes();
        let id = |index: usize| boxes.id(index).ok_or(TurnError::NotMenacesTurn);
        match self.inner.take_turn(board, rng) {
            Ok(GenericTurn::Drew {
                box_index,
                bead,
                picture_move,
                real_move,
                symmetry,
                beads_before,
                refilled,
                ..
            }) => Ok(Turn::Drew {
                lookup: Lookup {
                    id: id(box_index)?,
                    to_picture: Symmetry::from_index(symmetry).unwrap_or(Symmetry::Identity),
                },
                bead: picture_move,
                slot: bead,
                square: real_move,
                beads_before,
                refilled,
            }),
            Ok(GenericTurn::Forced(square)) => Ok(Turn::Forced(square)),
            Ok(GenericTurn::Resigned(box_index)) => Ok(Turn::Resigned(id(box_index)?)),
            Err(_) => Err(TurnError::NotMenacesTurn),
        }
    }

    /// The bead of box `box_index` at place `slot` among its picture's moves.
    pub fn drawn_at(&self, box_index: usize, slot: usize) -> Option<Drawn> {
        Some(Drawn {
            id: self.boxes().id(box_index)?,
            bead: *self.inner.get(box_index)?.moves().get(slot)?,
            slot,
        })
    }

    /// After a game: every drawn bead goes back with the preset's reward for `result`,
    /// and the record counts the game. Says how each box changed.
    pub fn learn(&mut self, drawn: &[Drawn], result: GameResult) -> Vec<Reinforcement> {
        let generic: Vec<GenericDrawn> = drawn.iter().map(|drawn| drawn.generic()).collect();
        self.inner
            .learn(&generic, result)
            .into_iter()
            .zip(drawn)
            .map(|(change, drawn)| Reinforcement {
                drawn: *drawn,
                before: change.before,
                after: change.after,
            })
            .collect()
    }

    /// The same as [`Menace::learn`] without the report: the training loop's fast path.
    pub fn reinforce(&mut self, drawn: &[Drawn], result: GameResult) {
        self.inner
            .reinforce_each(drawn.iter().map(|drawn| drawn.generic()), result);
    }

    /// Puts back a bead drawn in a game that was abandoned, so it teaches nothing.
    pub fn return_beads(&mut self, drawn: &[Drawn]) {
        self.inner
            .return_each(drawn.iter().map(|drawn| drawn.generic()));
    }
}

#[cfg(test)]
mod tests;
