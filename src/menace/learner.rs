//! MENACE for whatever game is chosen, behind one object-safe trait: the classic
//! learner with its precomputed 304 (or 289) boxes and fast table, or the generic one
//! whose boxes are made as positions are first met. The match and the console talk to
//! [`Learner`] only, with moves as text.

use crate::game::{AnyGame, Playing};
use crate::game::{Player, Square, TicTacToe};
use crate::menace::boxes::matchboxes_for;
use crate::menace::{GameResult, Menace, Preset, Record, Turn};
use rand::Rng;
use std::fmt;

/// One bead drawn during a game: from which box (its index), naming which of its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawnBead {
    pub box_index: usize,
    pub bead: usize,
}

/// What MENACE did on its turn, with what the console needs to explain it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MenaceMove {
    Drew {
        box_number: usize,
        picture: String,
        /// How the real board relates to the box's picture ("turned 1/4 clockwise").
        relation: String,
        /// The bead, a move on the picture, and the move it makes on the real board.
        bead: String,
        play: String,
        beads_before: u64,
        refilled: bool,
        drawn: DrawnBead,
    },
    /// Only one legal move: no box, no choice.
    Forced { play: String },
    /// The box was empty and the preset says to resign.
    Resigned { box_number: usize, picture: String },
}

impl MenaceMove {
    /// The move made on the board, unless MENACE resigned.
    pub fn play(&self) -> Option<&str> {
        match self {
            MenaceMove::Drew { play, .. } | MenaceMove::Forced { play } => Some(play),
            MenaceMove::Resigned { .. } => None,
        }
    }
}

/// How one bead colour of one box changed after a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeadChange {
    pub box_number: usize,
    pub picture: String,
    pub bead: String,
    pub before: u32,
    pub after: u32,
}

/// One box as listed: number, picture, the ply it serves, beads per move of its picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxSummary {
    pub number: usize,
    pub picture: String,
    pub ply: usize,
    pub beads: Vec<(String, u32)>,
}

/// The box that serves a position, and how the position relates to its picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoxMatch {
    pub summary: BoxSummary,
    /// "as drawn", "turned 1/4 clockwise" ...
    pub relation: String,
    /// One bead and the move it makes on the position, to show the mapping.
    pub example: Option<(String, String)>,
}

/// Why MENACE could not move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LearnerError {
    /// Not its turn, or not its game.
    NotItsTurn,
    /// A new box would pass the limit on boxes.
    BoxLimit { limit: usize },
}

impl fmt::Display for LearnerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnerError::NotItsTurn => write!(f, "it is not MENACE's turn"),
            LearnerError::BoxLimit { limit } => write!(
                f,
                "MENACE has filled all {limit} boxes it may have and met a position it has no box for"
            ),
        }
    }
}

/// MENACE for one game and one side.
pub trait Learner: fmt::Debug {
    fn side(&self) -> Player;
    fn preset(&self) -> Preset;
    fn record(&self) -> Record;
    /// Boxes made so far (all of them for classic).
    fn box_count(&self) -> usize;
    /// The most boxes it may make; `None` where they are all made at the start.
    fn box_limit(&self) -> Option<usize>;
    /// Every box in listing order.
    fn boxes(&self) -> Vec<BoxSummary>;
    /// The box by number (from 1).
    fn box_by_number(&self, number: usize) -> Option<BoxSummary>;
    /// The box serving a position, without making one.
    fn box_for(&self, position: &dyn AnyGame) -> Option<BoxMatch>;
    /// The box MENACE would move from at the start of `start`, if any.
    fn first_box(&self, start: &dyn AnyGame) -> Option<BoxSummary>;
    /// Beads in all boxes.
    fn all_beads(&self) -> u64;
    /// Its move on `position`: draws a bead and takes it out of the box.
    fn take_turn(
        &mut self,
        position: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Result<MenaceMove, LearnerError>;
    /// After a game: every drawn bead goes back with the preset's reward.
    fn learn(&mut self, drawn: &[DrawnBead], result: GameResult) -> Vec<BeadChange>;
    /// Puts back the beads of a game that teaches nothing.
    fn return_beads(&mut self, drawn: &[DrawnBead]);
    /// Forgets the boxes made after the first `count`: those a game in progress made,
    /// which a save mid-game leaves out. Classic MENACE has all its boxes from the
    /// start, so by default there is nothing to forget.
    fn forget_boxes_from(&mut self, _count: usize) {}
    /// Why it will not start `start`: its first box is empty under the resign rule.
    fn refuses_to_play(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        let first = self.first_box(start)?;
        (self.preset().empty_box == crate::menace::EmptyBox::Resign
            && first.beads.iter().all(|(_, count)| *count == 0))
        .then_some(first)
    }
    fn boxed_clone(&self) -> Box<dyn Learner>;
    /// The classic learner, for the fast training loop and the format-1 save.
    fn as_classic(&self) -> Option<&Menace> {
        None
    }
    fn as_classic_mut(&mut self) -> Option<&mut Menace> {
        None
    }
}

impl Clone for Box<dyn Learner> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// The classic position behind a game, if it is noughts and crosses.
pub fn classic_board(position: &dyn AnyGame) -> Option<TicTacToe> {
    position.noughts_and_crosses().copied()
}

/// Classic MENACE: the precomputed boxes and table of [`crate::menace`].
#[derive(Debug, Clone)]
pub struct ClassicLearner(pub Menace);

impl ClassicLearner {
    fn summary(&self, index: usize) -> Option<BoxSummary> {
        let boxes = self.0.boxes();
        let id = boxes.id(index)?;
        let matchbox = boxes.get(id);
        let beads = self.0.beads(id);
        Some(BoxSummary {
            number: index + 1,
            picture: matchbox.name(),
            ply: matchbox.ply,
            beads: matchbox
                .legal_squares()
                .map(|square| (square.name(), beads[square.index()]))
                .collect(),
        })
    }
}

impl Learner for ClassicLearner {
    fn side(&self) -> Player {
        self.0.side()
    }

    fn preset(&self) -> Preset {
        self.0.preset()
    }

    fn record(&self) -> Record {
        self.0.record()
    }

    fn box_count(&self) -> usize {
        self.0.boxes().len()
    }

    fn box_limit(&self) -> Option<usize> {
        None
    }

    fn boxes(&self) -> Vec<BoxSummary> {
        (0..self.box_count())
            .filter_map(|index| self.summary(index))
            .collect()
    }

    fn box_by_number(&self, number: usize) -> Option<BoxSummary> {
        self.summary(number.checked_sub(1)?)
    }

    fn box_for(&self, position: &dyn AnyGame) -> Option<BoxMatch> {
        let board = classic_board(position)?;
        let lookup = self.0.boxes().find(&board)?;
        let summary = self.summary(lookup.id.index())?;
        let example = self
            .0
            .boxes()
            .get(lookup.id)
            .legal_squares()
            .next()
            .map(|bead| (bead.name(), lookup.bead_to_board(bead).name()));
        Some(BoxMatch {
            summary,
            relation: lookup.board_from_picture().describe().to_string(),
            example,
        })
    }

    fn first_box(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        let board = classic_board(start)?;
        let mut board = TicTacToe::new(board.rules());
        if self.side() == Player::O {
            // O's first box is met after X's opening; any opening finds one of the three.
            board.place(Square::ALL[4]);
        }
        self.box_for(&Playing::new(
            board,
            &crate::game::tictactoe::CLASSIC,
            Vec::new(),
        ))
        .map(|found| found.summary)
    }

    fn all_beads(&self) -> u64 {
        let boxes = self.0.boxes();
        boxes.iter().map(|(id, _)| self.0.total(id)).sum()
    }

    fn take_turn(
        &mut self,
        position: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Result<MenaceMove, LearnerError> {
        let board = classic_board(position).ok_or(LearnerError::NotItsTurn)?;
        let turn = self
            .0
            .take_turn(&board, rng)
            .map_err(|_| LearnerError::NotItsTurn)?;
        let picture = |turn_box: crate::menace::BoxId| self.0.boxes().get(turn_box).name();
        Ok(match turn {
            Turn::Drew {
                lookup,
                bead,
                slot,
                square,
                beads_before,
                refilled,
            } => MenaceMove::Drew {
                box_number: lookup.id.index() + 1,
                picture: picture(lookup.id),
                relation: lookup.board_from_picture().describe().to_string(),
                bead: bead.name(),
                play: square.name(),
                beads_before,
                refilled,
                drawn: DrawnBead {
                    box_index: lookup.id.index(),
                    bead: slot,
                },
            },
            Turn::Forced(square) => MenaceMove::Forced {
                play: square.name(),
            },
            Turn::Resigned(id) => MenaceMove::Resigned {
                box_number: id.index() + 1,
                picture: picture(id),
            },
        })
    }

    fn learn(&mut self, drawn: &[DrawnBead], result: GameResult) -> Vec<BeadChange> {
        let drawn = classic_drawn(&self.0, drawn);
        self.0
            .learn(&drawn, result)
            .into_iter()
            .map(|change| BeadChange {
                box_number: change.drawn.id.index() + 1,
                picture: self.0.boxes().get(change.drawn.id).name(),
                bead: change.drawn.bead.name(),
                before: change.before,
                after: change.after,
            })
            .collect()
    }

    fn return_beads(&mut self, drawn: &[DrawnBead]) {
        let drawn = classic_drawn(&self.0, drawn);
        self.0.return_beads(&drawn);
    }

    fn boxed_clone(&self) -> Box<dyn Learner> {
        Box::new(self.clone())
    }

    fn as_classic(&self) -> Option<&Menace> {
        Some(&self.0)
    }

    fn as_classic_mut(&mut self) -> Option<&mut Menace> {
        Some(&mut self.0)
    }
}

fn classic_drawn(menace: &Menace, drawn: &[DrawnBead]) -> Vec<crate::menace::Drawn> {
    drawn
        .iter()
        .filter_map(|drawn| menace.drawn_at(drawn.box_index, drawn.bead))
        .collect()
}

/// A fresh classic MENACE for `side`.
pub fn classic(side: Player, preset: Preset, rng: &mut dyn Rng) -> Box<dyn Learner> {
    let _ = matchboxes_for(side);
    Box::new(ClassicLearner(Menace::new_for(side, preset, rng)))
}

/// A fresh MENACE for `side` of `game`: the classic one on the classic board, the
/// generic one elsewhere; the sentence saying why not where the game is too big.
pub fn for_game(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    box_limit: usize,
    rng: &mut dyn Rng,
) -> Result<Box<dyn Learner>, String> {
    if classic_board(game).is_some() {
        return Ok(classic(side, preset, rng));
    }
    if let Some(why) = game.declaration().too_big_for_menace {
        return Err(why.to_string());
    }
    crate::registry::new_learner(game, side, preset, box_limit)
        .ok_or_else(|| format!("MENACE does not learn {} yet", game.title()))
}

/// A box as a save file gives it: its picture, then a bead count per move name.
pub type SavedBox = (String, Vec<(String, i64)>);

/// The boxes of a save file, in its order.
pub type SavedBoxes = [SavedBox];

/// A bead count from a save file, checked.
pub fn saved_count(key: &str, bead: &str, count: i64) -> Result<u32, String> {
    if count < 0 {
        return Err(format!("box {key} has a negative count {count} on {bead}"));
    }
    u32::try_from(count)
        .ok()
        .filter(|count| *count <= crate::menace::learn::MAX_BEADS)
        .ok_or_else(|| {
            format!(
                "box {key} has {count} beads on {bead}, more than the {} allowed",
                crate::menace::learn::MAX_BEADS
            )
        })
}

/// MENACE for `side` of `game` with the boxes of a save file, every one checked.
pub fn restore(
    game: &dyn AnyGame,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &SavedBoxes,
) -> Result<Box<dyn Learner>, String> {
    let Some(board) = classic_board(game) else {
        return crate::registry::restore_learner(game, side, preset, record, boxes);
    };
    let matchboxes = matchboxes_for(side);
    let mut beads = vec![[0u32; 9]; matchboxes.len()];
    let mut seen = vec![false; matchboxes.len()];
    for (key, counts) in boxes {
        let position = TicTacToe::from_picture(key, board.rules())
            .map_err(|why| format!("box \"{key}\" is not a position: {why}"))?;
        let lookup = matchboxes.find(&position).ok_or_else(|| {
            format!("there is no box for {key}: MENACE moves from a box only on its own turn with a choice to make")
        })?;
        let name = matchboxes.get(lookup.id).name();
        if name != *key {
            return Err(format!(
                "box \"{key}\" is not in canonical form (its box is {name})"
            ));
        }
        if std::mem::replace(&mut seen[lookup.id.index()], true) {
            return Err(format!("box {key} is written twice"));
        }
        let mut given = [false; 9];
        for (bead, count) in counts {
            // Exactly as `save` writes it: `mm` is not `MM`, so no cell comes twice.
            let square = Square::parse(bead)
                .ok()
                .filter(|square| square.name() == *bead)
                .ok_or_else(|| {
                    format!("box {key} names a cell \"{bead}\"; cells are LL, LM, ... RR")
                })?;
            if std::mem::replace(&mut given[square.index()], true) {
                return Err(format!("box {key} gives the beads on {bead} twice"));
            }
            let count = saved_count(key, bead, *count)?;
            if count > 0 && position.at(square).is_some() {
                return Err(format!(
                    "box {key} has beads on {square}, which is not empty in its picture"
                ));
            }
            beads[lookup.id.index()][square.index()] = count;
        }
    }
    if let Some((_, missing)) = matchboxes.iter().find(|(id, _)| !seen[id.index()]) {
        return Err(format!("box {} is missing", missing.name()));
    }
    Menace::from_parts_for(side, preset, beads, record)
        .map(|menace| Box::new(ClassicLearner(menace)) as Box<dyn Learner>)
}
