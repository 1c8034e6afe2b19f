//! MENACE for whatever game is chosen, behind one object-safe trait: the one learner
//! ([`crate::menace::Menace`]) of that game, whose boxes are made as positions are
//! first met, or all at the start on the classic board. The match and the console talk
//! to [`Learner`] only, with moves as text.

use crate::game::AnyGame;
use crate::game::{Player, TicTacToe};
use crate::menace::opponent::Opponent;
use crate::menace::train::Played;
use crate::menace::{GameResult, Preset, Record};
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

/// One box lent by [`Learner::visit_boxes`]: its number (from 0), picture, and one bead
/// count per legal move of the picture in the game's order, with the moves' names.
pub struct BoxView<'a> {
    pub index: usize,
    pub picture: &'a str,
    pub beads: &'a [u32],
    /// The name of move `i` of the picture (the move bead count `i` is for).
    pub move_name: &'a dyn Fn(usize) -> String,
}

/// The boxes of a save file as they are read, one at a time, so that MENACE is rebuilt
/// without holding the file's boxes besides its own.
pub trait BoxSource: Send {
    /// How many boxes the file says it holds (never more than it may).
    fn declared(&self) -> usize;
    /// The next box: its picture and one bead count per legal move of the picture in
    /// the game's order; `None` after the last; `Err` with the sentence saying what is
    /// wrong with the file.
    fn next_box(&mut self) -> Result<Option<(&str, &[u32])>, String>;
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

/// A learner for one game and one side: what every kind does (its side, record, name
/// and parameters, training in the one loop). MENACE's boxes and beads are behind
/// [`Learner::as_menace`], which the commands that show or change boxes ask for and
/// refuse in one sentence when the learner is of another kind.
pub trait Learner: fmt::Debug {
    fn side(&self) -> Player;
    fn record(&self) -> Record;
    /// The kind's name, as the `learner` command and a save file write it.
    fn kind(&self) -> &'static str;
    /// Its parameters by name, in the order the kind lists them (none for MENACE, whose
    /// rules are its preset).
    fn params(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// The entries it holds (MENACE's boxes, a value learner's positions).
    fn entry_count(&self) -> usize;
    /// Changes the parameters named, the others keeping their values (`learner td
    /// alpha 0.2` on a td already learning); a kind without parameters has none.
    fn set_params(&mut self, given: &[(&'static str, f64)]) {
        let _ = given;
    }
    /// Its move on `position` in a game played one move at a time (against you, or an
    /// AI you watch), learning as it goes where the kind does; `None` when it gives up
    /// or `position` is not its game. MENACE moves by [`MenaceLearner::take_turn`]
    /// instead, which says which bead it drew.
    fn choose_move(&mut self, position: &dyn AnyGame, rng: &mut dyn Rng) -> Option<String> {
        let _ = (position, rng);
        None
    }
    /// Such a game ended in `result` for it: it learns from the end.
    fn game_result(&mut self, result: GameResult) {
        let _ = result;
    }
    /// A copy that plays what it has learned and nothing else: no exploratory move,
    /// nothing learned from its games. `None` for a kind whose play is its policy
    /// (MENACE draws its beads at random: that is what it learned).
    fn greedy(&self) -> Option<Box<dyn Learner>> {
        None
    }
    /// What it learned, as a save file writes it: the value of each position by
    /// picture, in the order of the pictures (none for MENACE, whose boxes are saved).
    fn saved_values(&self) -> Vec<(String, f64)> {
        Vec::new()
    }
    /// Such a game was dropped unfinished: nothing is learned from its end.
    fn drop_game(&mut self) {}
    /// What it holds about each legal move of `position` (a value learner's value of
    /// the position the move leads to), in the game's order of moves; `None` for a kind
    /// that holds something else (MENACE's beads are shown by its boxes) or when it is
    /// not its game or side to move.
    fn move_values(&self, position: &dyn AnyGame) -> Option<Vec<(String, f64)>> {
        let _ = position;
        None
    }
    /// Plays games from `start` against `opponent` in the one training loop (see
    /// [`crate::menace::train::play_games`]), in the game's own types where the opponent
    /// has them; `after` is told of each game and answers whether to go on. Nothing is
    /// played if `start` is not this learner's game.
    fn play_games(
        &mut self,
        opponent: &mut dyn Opponent,
        start: &dyn AnyGame,
        rng: &mut dyn Rng,
        after: &mut dyn FnMut(&dyn Learner, Played) -> bool,
    );
    /// MENACE's boxes and beads, if it is a MENACE.
    fn as_menace(&self) -> Option<&dyn MenaceLearner>;
    /// MENACE's boxes and beads to change, if it is a MENACE.
    fn as_menace_mut(&mut self) -> Option<&mut dyn MenaceLearner>;
    /// The learner itself, for a training loop that meets it as a second learner.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
    /// The learner itself, for code that knows its game (tests, the format-1 save).
    fn as_any(&self) -> &dyn std::any::Any;
    fn boxed_clone(&self) -> Box<dyn Learner>;
}

/// MENACE for one game and one side: its preset, boxes and beads, and its moves and
/// lessons told bead by bead, as the console explains them.
pub trait MenaceLearner: Learner {
    fn preset(&self) -> Preset;
    /// Boxes made so far (all of them for classic).
    fn box_count(&self) -> usize;
    /// The most boxes it may make; `None` where they are all made at the start.
    fn box_limit(&self) -> Option<usize>;
    /// Every box in listing order.
    fn boxes(&self) -> Vec<BoxSummary>;
    /// Lends every box in listing order to `visit`, one at a time, stopping at its
    /// first error. Nothing is copied but the box being visited: a save of a million
    /// boxes streams them into its file instead of needing a second learner's memory.
    fn visit_boxes(
        &self,
        visit: &mut dyn FnMut(&BoxView<'_>) -> std::io::Result<()>,
    ) -> std::io::Result<()>;
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
}

/// Two learners are alike when they are of the same kind with the same parameters and
/// play the same side with the same record; two MENACEs also under the same preset, with
/// the same boxes holding the same beads.
impl PartialEq for dyn Learner + '_ {
    fn eq(&self, other: &Self) -> bool {
        let same_boxes = match (self.as_menace(), other.as_menace()) {
            (Some(one), Some(other)) => {
                one.preset() == other.preset() && one.boxes() == other.boxes()
            }
            (None, None) => self.entry_count() == other.entry_count(),
            _ => false,
        };
        self.kind() == other.kind()
            && self.params() == other.params()
            && self.side() == other.side()
            && self.record() == other.record()
            && same_boxes
    }
}

impl Clone for Box<dyn Learner> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// The classic position behind a game, if it is noughts and crosses.
pub fn classic_board(position: &dyn AnyGame) -> Option<TicTacToe> {
    position.position::<TicTacToe>().copied()
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

/// MENACE's view of any learner, for the console's code written for MENACE alone: each
/// asks [`Learner::as_menace`] and answers for a learner of another kind as for a
/// MENACE with no boxes (no beads, no box to show, no move drawn), under the preset
/// new boxes get by default.
impl dyn Learner + '_ {
    pub fn preset(&self) -> Preset {
        self.as_menace()
            .map_or_else(Preset::challenge, |menace| menace.preset())
    }

    pub fn box_count(&self) -> usize {
        self.as_menace().map_or(0, |menace| menace.box_count())
    }

    pub fn box_limit(&self) -> Option<usize> {
        self.as_menace().and_then(|menace| menace.box_limit())
    }

    pub fn boxes(&self) -> Vec<BoxSummary> {
        self.as_menace()
            .map_or_else(Vec::new, |menace| menace.boxes())
    }

    pub fn visit_boxes(
        &self,
        visit: &mut dyn FnMut(&BoxView<'_>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.as_menace()
            .map_or(Ok(()), |menace| menace.visit_boxes(visit))
    }

    pub fn box_by_number(&self, number: usize) -> Option<BoxSummary> {
        self.as_menace()?.box_by_number(number)
    }

    pub fn box_for(&self, position: &dyn AnyGame) -> Option<BoxMatch> {
        self.as_menace()?.box_for(position)
    }

    pub fn first_box(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        self.as_menace()?.first_box(start)
    }

    pub fn all_beads(&self) -> u64 {
        self.as_menace().map_or(0, |menace| menace.all_beads())
    }

    pub fn refuses_to_play(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        self.as_menace()?.refuses_to_play(start)
    }

    pub fn take_turn(
        &mut self,
        position: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Result<MenaceMove, LearnerError> {
        self.as_menace_mut()
            .ok_or(LearnerError::NotItsTurn)?
            .take_turn(position, rng)
    }

    pub fn learn(&mut self, drawn: &[DrawnBead], result: GameResult) -> Vec<BeadChange> {
        self.as_menace_mut()
            .map_or_else(Vec::new, |menace| menace.learn(drawn, result))
    }

    pub fn return_beads(&mut self, drawn: &[DrawnBead]) {
        if let Some(menace) = self.as_menace_mut() {
            menace.return_beads(drawn);
        }
    }

    pub fn forget_boxes_from(&mut self, count: usize) {
        if let Some(menace) = self.as_menace_mut() {
            menace.forget_boxes_from(count);
        }
    }
}
