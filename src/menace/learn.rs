//! The beads in the boxes: how MENACE chooses a move, and how it learns after a game.
//!
//! A bead names a cell of the box's picture. A turn finds the box, draws one bead at
//! random (a cell's chance is its count over the total), takes it out, and places X on
//! the real-board cell the bead stands for. After the game every bead drawn is put back
//! with a reward according to the result. The numbers are set by a [`Preset`].

use super::boxes::{BoxId, Lookup, Matchboxes, matchboxes_for};
use crate::game::{Game, Outcome, Player, Square, TicTacToe};
use rand::{Rng, RngExt};

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

/// One bead MENACE drew during a game: from which box, naming which picture cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    pub id: BoxId,
    pub bead: Square,
}

/// What MENACE did on its turn, with everything needed to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// It drew a bead from a box.
    Drew {
        lookup: Lookup,
        bead: Square,
        square: Square,
        /// Beads in the box just before the draw (after any refill).
        beads_before: u64,
        /// The box was empty and got three random beads first.
        refilled: bool,
    },
    /// One empty cell left: no box, no choice.
    Forced(Square),
    /// The box was empty and the preset says to resign.
    Resigned(Lookup),
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
            Turn::Drew { lookup, bead, .. } => Some(Drawn {
                id: lookup.id,
                bead: *bead,
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

/// The learner: the beads of all its boxes (304 when it plays X, 289 as O), the preset
/// that governs them, and its record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menace {
    side: Player,
    preset: Preset,
    beads: Vec<[u32; 9]>,
    record: Record,
}

impl Menace {
    /// A fresh MENACE playing X under `preset`; the challenge's random colours come from
    /// `rng`.
    pub fn new<R: Rng + ?Sized>(preset: Preset, rng: &mut R) -> Menace {
        Menace::new_for(Player::X, preset, rng)
    }

    /// A fresh MENACE playing `side` (X moves first, O second).
    pub fn new_for<R: Rng + ?Sized>(side: Player, preset: Preset, rng: &mut R) -> Menace {
        let boxes = matchboxes_for(side);
        let beads = boxes
            .iter()
            .map(|(_, matchbox)| {
                let legal: Vec<Square> = matchbox.legal_squares().collect();
                let mut counts = [0u32; 9];
                match preset.start {
                    StartBeads::RandomColours => {
                        for _ in 0..legal.len() {
                            counts[legal[rng.random_range(0..legal.len())].index()] += 1;
                        }
                    }
                    StartBeads::PerMove(per_move) => {
                        let count = per_move[matchbox.ply / 2];
                        for square in &legal {
                            counts[square.index()] = count;
                        }
                    }
                }
                counts
            })
            .collect();
        Menace {
            side,
            preset,
            beads,
            record: Record::default(),
        }
    }

    /// The side it plays.
    pub fn side(&self) -> Player {
        self.side
    }

    /// Its boxes.
    pub fn boxes(&self) -> &'static Matchboxes {
        matchboxes_for(self.side)
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
        Ok(Menace {
            side,
            preset,
            beads,
            record,
        })
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    pub fn record(&self) -> Record {
        self.record
    }

    /// The bead count of every cell of a box's picture.
    pub fn beads(&self, id: BoxId) -> &[u32; 9] {
        &self.beads[id.index()]
    }

    /// All beads of a box.
    pub fn total(&self, id: BoxId) -> u64 {
        self.beads[id.index()].iter().map(|n| u64::from(*n)).sum()
    }

    /// Every box's beads, in listing order.
    pub fn all_beads(&self) -> &[[u32; 9]] {
        &self.beads
    }

    /// Why MENACE will not start a game, if it will not: under the resign rule an empty
    /// first box leaves it nothing to play.
    pub fn refuses_to_play(&self) -> Option<BoxId> {
        let first = self.boxes().find(&TicTacToe::default())?;
        (self.preset.empty_box == EmptyBox::Resign && self.total(first.id) == 0).then_some(first.id)
    }

    /// MENACE's move on `board` (its side to move): find the box, draw a bead, take it out.
    pub fn take_turn<R: Rng + ?Sized>(
        &mut self,
        board: &TicTacToe,
        rng: &mut R,
    ) -> std::result::Result<Turn, TurnError> {
        if board.is_over() || board.to_move() != self.side {
            return Err(TurnError::NotMenacesTurn);
        }
        let Some(lookup) = self.boxes().find(board) else {
            // No box: the forced fifth move into the last empty cell.
            let empty = board.empty_mask();
            return Square::ALL
                .into_iter()
                .find(|square| empty & (1 << square.index()) != 0)
                .map(Turn::Forced)
                .ok_or(TurnError::NotMenacesTurn);
        };
        let mut refilled = false;
        if self.total(lookup.id) == 0 {
            match self.preset.empty_box {
                EmptyBox::Resign => return Ok(Turn::Resigned(lookup)),
                EmptyBox::Refill => {
                    let legal: Vec<Square> = self.boxes().get(lookup.id).legal_squares().collect();
                    let counts = &mut self.beads[lookup.id.index()];
                    for _ in 0..REFILL_BEADS {
                        counts[legal[rng.random_range(0..legal.len())].index()] += 1;
                    }
                    refilled = true;
                }
            }
        }
        let beads_before = self.total(lookup.id);
        let counts = &mut self.beads[lookup.id.index()];
        let mut pick = rng.random_range(0..beads_before);
        let mut bead = Square::ALL[0];
        for square in Square::ALL {
            let count = u64::from(counts[square.index()]);
            if pick < count {
                bead = square;
                break;
            }
            pick -= count;
        }
        counts[bead.index()] -= 1;
        Ok(Turn::Drew {
            lookup,
            bead,
            square: lookup.bead_to_board(bead),
            beads_before,
            refilled,
        })
    }

    /// After a game: every drawn bead goes back with the preset's reward for `result`,
    /// and the record counts the game. Says how each box changed.
    pub fn learn(&mut self, drawn: &[Drawn], result: GameResult) -> Vec<Reinforcement> {
        let before: Vec<u32> = drawn
            .iter()
            .map(|drawn| self.beads[drawn.id.index()][drawn.bead.index()])
            .collect();
        self.reinforce(drawn, result);
        drawn
            .iter()
            .zip(before)
            .map(|(drawn, before)| Reinforcement {
                drawn: *drawn,
                before,
                after: self.beads[drawn.id.index()][drawn.bead.index()],
            })
            .collect()
    }

    /// The same as [`Menace::learn`] without the report: the training loop's fast path.
    pub fn reinforce(&mut self, drawn: &[Drawn], result: GameResult) {
        self.record.add(result);
        let reward = i64::from(self.preset.rewards.for_result(result));
        for drawn in drawn {
            let count = &mut self.beads[drawn.id.index()][drawn.bead.index()];
            // The drawn bead is out of the box: putting it back is +1, the reward more.
            let changed = i64::from(*count) + 1 + reward;
            *count = u32::try_from(changed.clamp(0, i64::from(MAX_BEADS))).unwrap_or(0);
        }
    }

    /// Puts back a bead drawn in a game that was abandoned, so it teaches nothing.
    pub fn return_beads(&mut self, drawn: &[Drawn]) {
        for drawn in drawn {
            let count = &mut self.beads[drawn.id.index()][drawn.bead.index()];
            *count = count.saturating_add(1).min(MAX_BEADS);
        }
    }
}

#[cfg(test)]
mod tests;
