//! What the session says happened, as values: `render` turns them into text, lessons
//! watch them, tests read them. One set of events serves every game.

use crate::analysis::Solved;
use crate::game::{BoardView, Outcome, Player, TicTacToe};
use crate::menace::learner::{BeadChange, BoxSummary, MenaceMove};
use crate::menace::{GameResult, Preset, Record};
use crate::play::{Experiment, TrainingReport};
use crate::players::Choice;
use std::path::PathBuf;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    You,
    Menace,
    Ai(Choice),
    /// A learner of another kind than MENACE, by its name (`td`).
    Learner(&'static str),
}

/// How the games of one match ended, by who sat in each seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchTally {
    pub x: Who,
    pub o: Who,
    pub x_won: u32,
    pub o_won: u32,
    pub drawn: u32,
}

impl MatchTally {
    /// Counts one more game that ended in `outcome`.
    pub fn count(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win(Player::X) => self.x_won += 1,
            Outcome::Win(Player::O) => self.o_won += 1,
            Outcome::Draw => self.drawn += 1,
        }
    }
}

/// The box MENACE drew a bead from, as a picture: its position with the bead counts as
/// they were before the draw, and the cell of the bead it drew.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePicture {
    pub view: BoardView,
    pub labels: Vec<(usize, String)>,
    pub drawn_cell: usize,
    /// How the real board relates to the picture ("turned 1/4 clockwise").
    pub relation: String,
}

/// Something that happened, for the console to show.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// `explain`: the words the glossary explains.
    Glossary,
    /// `explain WORD`: one entry.
    Explained(&'static super::glossary::Entry),
    /// `stop` ended a match after `played` of `asked` games.
    Stopped {
        played: u32,
        asked: u32,
    },
    /// `boxes on|off|changed`: which boxes are listed after each game from now on.
    BoxesAfterGame(super::BoxListing),
    /// A game begins: which game (`classic` says nothing more), which of how many.
    NewGame {
        title: String,
        number: u32,
        of: u32,
    },
    /// The board, with the cells the last move changed.
    Board {
        view: BoardView,
        marked: Vec<usize>,
    },
    /// MENACE's turn, explained.
    MenaceMoved {
        side: Player,
        turn: MenaceMove,
        /// The move put a mark on exactly one empty cell (so "puts X at MM" reads right).
        placed: bool,
        /// MENACE's turns in this game so far, this one included: the forced move's
        /// ordinal ("MENACE's fifth move"). Not the ply: a quantum game's collapse
        /// choices are moves of the game too.
        nth: usize,
        /// The box drawn beside the board (`pictures on`), where its beads fill cells.
        picture: Option<Box<MovePicture>>,
    },
    /// An AI (or a second MENACE) moved.
    Moved {
        /// An AI, or a learner of another kind than MENACE.
        by: Who,
        side: Player,
        name: String,
        reason: Option<String>,
        /// The move put a mark on exactly one empty cell.
        placed: bool,
    },
    /// Your turn: your side and a move to show as an example.
    YourMove {
        side: Player,
        example: String,
        /// What the move has to be, when it is not an ordinary one (a collapse choice).
        prompt: Option<String>,
    },
    /// A game ended. `resigned` names the side that gave up, if one did.
    GameOver {
        title: String,
        outcome: Outcome,
        resigned: Option<Player>,
        x: Who,
        o: Who,
        /// How the game ended, when the outcome alone does not tell it.
        note: Option<String>,
        /// Half-moves played: a game resigned before a move of one's own is no game
        /// played for a lesson's goal.
        plies: usize,
    },
    /// `learner`: the learner in play for the chosen game and side, if one plays it;
    /// the table of learners itself is static (`crate::learners::LEARNERS`).
    Learners(Option<LearnerFacts>),
    /// `learner NAME ...`: that learner is in play now, fresh or brought back; the
    /// learners put aside for this game and side, each with its games.
    LearnerChosen {
        facts: LearnerFacts,
        fresh: bool,
        aside: Vec<LearnerFacts>,
    },
    /// What a learner of another kind than MENACE holds for a position: the value of
    /// the position each legal move leads to, on the board where each move fills one
    /// cell (`labels`), otherwise listed.
    LearnerView {
        name: &'static str,
        side: Player,
        picture: String,
        view: crate::game::BoardView,
        labels: Option<Vec<(usize, String)>>,
        values: Vec<(String, f64)>,
    },
    /// A learner of another kind than MENACE learned from a game's end: its result,
    /// and the entries (valued positions) it now holds.
    LearnerLearned {
        name: &'static str,
        result: GameResult,
        entries: usize,
    },
    /// MENACE's result and how its boxes changed.
    Learned {
        result: GameResult,
        changes: Vec<BeadChange>,
        preset: Preset,
    },
    /// MENACE's result and a summary of how its boxes changed, for a game whose boxes
    /// are too big to list after every game (its registry entry says so): the boxes it
    /// drew from, how many of them this game made, the beads moved, and the biggest
    /// changes, by box number.
    LearnedSummary {
        result: GameResult,
        preset: Preset,
        boxes_drawn: usize,
        boxes_made: usize,
        beads_moved: u64,
        biggest: Vec<BeadChange>,
    },
    /// Boxes, all or one ply's.
    Listing {
        title: String,
        side: Player,
        boxes: Vec<BoxSummary>,
        ply: Option<usize>,
        total: usize,
        limit: Option<usize>,
    },
    /// One box: its picture drawn with the bead counts, and, when a position was asked
    /// about, how that position relates to the picture.
    BoxView {
        summary: BoxSummary,
        of: usize,
        side: Player,
        view: BoardView,
        /// Bead counts on the cells their moves fill, when every move fills one cell.
        labels: Option<Vec<(usize, String)>>,
        asked: Option<Asked>,
    },
    MatchOver {
        played: u32,
        /// The results of a run of more than one game: those games alone.
        tally: Option<MatchTally>,
        /// The game's moves are numbers (Qubic's cells), so a bare number is not a count
        /// of games: `play N` is.
        numbers_are_moves: bool,
        /// MENACE played a side, so `stats` has its games to show.
        menace_played: bool,
    },
    /// A match with no one at the keys was stopped (Ctrl-C) after `played` of `asked`
    /// games; the ones played count.
    MatchStopped {
        played: u32,
        asked: u32,
    },
    /// Ctrl-C stopped the command early: a search gave up (an AI's move is its best so
    /// far), a demonstration or experiment ended before its end. Nothing learned is lost.
    Interrupted,
    /// MENACE will not start: its first box is empty under the resign rule.
    Refused(BoxSummary),
    Stats(Box<Stats>),
    Help,
    /// The learner was saved to this file: MENACE's boxes, or (`other`) the values of
    /// a learner of another kind, by its name.
    Saved {
        path: PathBuf,
        other: Option<&'static str>,
    },
    Loaded {
        path: PathBuf,
        title: String,
        side: Player,
        preset: Preset,
        record: Record,
        /// A learner of another kind than MENACE, by its name and parameters.
        other: Option<(&'static str, Vec<(&'static str, f64)>)>,
    },
    PresetChanged(Preset),
    Question(Question),
    /// A yes/no question answered with anything but yes: nothing changed. `dropped` is a
    /// command typed in place of the answer, which was not run either.
    Kept {
        dropped: Option<String>,
    },
    /// A line that could not be used; nothing changed.
    Refusal(String),
    /// `lookahead depth` cannot look that far within its `budget` of positions a move in
    /// this game: from the start (or, for a hint, from the board in play) it reaches
    /// `reached` half-moves.
    DepthCapped {
        title: String,
        depth: u32,
        reached: u32,
        budget: u64,
        from_start: bool,
    },
    Goodbye {
        unsaved: u64,
    },
    /// Who plays your side in `play` from now on (`None`: you).
    OpponentSet {
        kind: Option<Choice>,
        side: Player,
    },
    /// What the last move did beyond the board's change (a row vanishing, a point).
    MoveNote(String),
    /// Who plays against you from now on (`None`: MENACE), and whether MENACE could
    /// (the game fits in matchboxes).
    AgainstSet {
        kind: Option<Choice>,
        menace_fits: bool,
    },
    /// Who MENACE trains against from now on.
    TrainerSet(Choice),
    Trained(Box<TrainingReport>),
    CurveWritten(PathBuf),
    Hint {
        by: Choice,
        name: String,
        reason: Option<String>,
    },
    Ratings {
        board: TicTacToe,
        ratings: [u32; 9],
    },
    /// `rate D`: the depth-limited search's rating of each empty cell (its
    /// index) for the player to move, looking `depth` half-moves ahead.
    AheadRatings {
        board: TicTacToe,
        depth: u32,
        ratings: Vec<(usize, u8)>,
    },
    /// The gomoku bot article's weight of every legal empty cell (cell, name, weight),
    /// `mover` to move.
    Weights {
        view: crate::game::BoardView,
        weights: Vec<(usize, String, f64)>,
        mover: &'static str,
    },
    /// The attacks behind one cell's weight.
    CellWeight {
        name: String,
        mover: &'static str,
        explained: crate::ai::gomoku::attack::CellWeight,
    },
    Experiments {
        runs: Vec<Experiment>,
        seeds: u64,
    },
    /// The learning experiment in another game.
    GameExperiment(Box<crate::play::GameExperiment>),
    /// `plot`: the learning curve was drawn to this file.
    /// The learning curve drawn to a file: of the last run's learner, or of several
    /// learners' runs that match it, by name.
    ChartWritten {
        path: PathBuf,
        learners: Vec<&'static str>,
    },
    /// `export`: the page of boxes was written.
    /// `export labels`: the sheets of matchbox labels were written.
    LabelsWritten {
        path: PathBuf,
        boxes: usize,
        sheets: usize,
    },
    PageWritten {
        path: PathBuf,
        boxes: usize,
        /// The page has the learning curve of the last training run.
        curve: bool,
    },
    /// `pictures on|off`.
    PicturesSet(bool),
    /// A lesson opened in its own state (see [`super::lesson_state`]).
    LessonSetUp(Box<super::lesson_state::LessonSetUp>),
    /// A lesson ended or was left, and the learner's own state is back.
    OwnStateBack {
        title: String,
        you: Player,
        against: Who,
        /// Games the learner's own MENACEs have learned from.
        games: u64,
        /// How many of the learner's own MENACEs (one a game and side) have learned.
        menaces: usize,
        /// Games the lesson's MENACEs had learned from.
        lesson_games: u64,
        /// The lesson's learners that learned, where one is of another kind than
        /// MENACE or put aside (the words then name each).
        lesson_learners: Vec<super::lesson_state::LearnerGames>,
        /// Whether the lesson's state is kept for when it is resumed (or discarded).
        lesson_kept: bool,
    },
    /// The list of games.
    Variants,
    /// `count`: every way the game can go and every position it reaches.
    Census {
        title: String,
        census: crate::game::census::Census,
    },
    /// `count` where positions repeat: the positions and waiting collapses the game's
    /// analysis of every position works on, counted without it.
    AnalysisCensus {
        title: String,
        census: crate::ai::quantum_morris::census::Census,
    },
    /// `count boxes`: the boxes MENACE playing `side` needs, per ply, or why they were
    /// not all counted.
    BoxCount {
        title: String,
        side: crate::game::Player,
        counted: Result<Vec<(usize, usize)>, crate::menace::generic::count::NotCounted>,
    },
    /// `count full`: every way to fill the board with X and O, and how many hold no
    /// line of either, or why they were not counted.
    Fillings {
        title: String,
        counted: Result<crate::game::fillings::Fillings, crate::game::fillings::NoFillings>,
    },
    /// `lines`: how many lines the game has, on how many cells, and those through a cell.
    Lines {
        title: String,
        lines: usize,
        cells: usize,
        through: Option<LinesThrough>,
    },
    /// `kinds`: the moves up to symmetry, from the start or after X's opening, with
    /// one cell of each kind, grouped by how many lines that cell is on.
    Kinds {
        title: String,
        /// The cell X opened on, when the kinds are the replies to it.
        opening: Option<String>,
        mover: crate::game::Player,
        groups: Vec<KindsOnLines>,
    },
    /// A game was chosen: its title, your side and who plays against you.
    GameChosen {
        title: String,
        you: Player,
        against: Who,
        /// Why MENACE does not play this game, if it does not.
        no_menace: Option<String>,
        /// The game's moves are numbers, so games are started with `play N`.
        numbers_are_moves: bool,
        /// Why the AI you chose for the last game does not play against you in this
        /// one, when it does not.
        left_behind: Option<String>,
    },
    /// `solve`: the value of a position of any game, and on the classic board minimax's
    /// score of every legal move, drawn on the board.
    Solved {
        title: String,
        /// The position solved, as its game writes it.
        picture: String,
        solved: Solved,
        scores: Option<MoveScores>,
        millis: u128,
    },
}

/// Minimax's score of every legal move of a noughts-and-crosses position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveScores {
    pub board: TicTacToe,
    pub scores: Vec<(crate::game::Square, i32)>,
}

/// What `stats` reports: MENACE's record and beads for the chosen game and side.
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    pub title: String,
    pub side: Player,
    pub record: Record,
    pub preset: Preset,
    /// Beads in the box of its first move (none when it moves second in a game whose
    /// openings each lead to a box of their own, as in Qubic), and in all its boxes.
    pub first_box: Option<u64>,
    /// The first box's number in the listing (not box 1 where MENACE moves second).
    pub first_box_number: Option<usize>,
    pub all_beads: u64,
    pub boxes: usize,
    /// The most boxes it may make, where they are made as met.
    pub limit: Option<usize>,
    /// Games this learner learned from since the last save (`save` keeps them).
    pub unsaved: u64,
    /// Games the other learners (other games and sides, put aside) learned from since
    /// their last save.
    pub unsaved_elsewhere: u64,
    /// A learner of another kind than MENACE: its name, parameters and entries (the
    /// rest of these figures are MENACE's).
    pub other: Option<LearnerFacts>,
}

/// One learner as `learner` and `stats` tell of it: its kind, parameters, the game and
/// side it plays, the games it learned from and the entries it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct LearnerFacts {
    pub name: &'static str,
    pub params: Vec<(&'static str, f64)>,
    pub title: String,
    pub side: Player,
    pub games: u64,
    pub entries: usize,
}

impl LearnerFacts {
    pub fn of(learner: &dyn crate::menace::learner::Learner, title: &str) -> LearnerFacts {
        LearnerFacts {
            name: learner.kind(),
            params: learner.params(),
            title: title.to_string(),
            side: learner.side(),
            games: learner.record().games(),
            entries: learner.entry_count(),
        }
    }
}

/// A position asked about with `box POS`: how it relates to the box's picture, and one
/// bead with the move it makes there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    pub position: String,
    pub relation: String,
    pub example: Option<(String, String)>,
}

/// What the console asks before doing something that would lose learning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    Reset {
        preset: Preset,
        games: u64,
        /// A learner of another kind than MENACE, by name: it starts afresh, no preset.
        other: Option<&'static str>,
    },
    Load {
        path: PathBuf,
        unsaved: u64,
    },
    /// A save would replace a file that changed since this session loaded or saved it
    /// (`changed`), or one it never loaded or saved.
    Overwrite {
        path: PathBuf,
        changed: bool,
    },
    Quit {
        unsaved: u64,
    },
}

impl Event {
    /// Whether the event itself says that Ctrl-C stopped the command.
    pub fn tells_of_a_stop(&self) -> bool {
        match self {
            Event::Interrupted | Event::MatchStopped { .. } => true,
            Event::Trained(report) => report.stopped,
            _ => false,
        }
    }

    /// [`Event::Interrupted`] when Ctrl-C stopped some work of a command and none of
    /// its events says so its own way: a stop is said once.
    pub fn interrupted_unless_said<'a>(
        mut events: impl Iterator<Item = &'a Event>,
    ) -> Option<Event> {
        (crate::stop::noticed() && !events.any(Event::tells_of_a_stop))
            .then_some(Event::Interrupted)
    }
}

/// The kinds of move whose cells lie on the same number of lines (`None`: the game has
/// no fixed lines), one cell of each kind, in the game's move order.
#[derive(Debug, Clone, PartialEq)]
pub struct KindsOnLines {
    pub on_lines: Option<usize>,
    pub cells: Vec<String>,
}

/// The lines through one cell, each written as its cells joined by `-` (in a position,
/// a cell held written after its owner's letter: `X60`).
#[derive(Debug, Clone, PartialEq)]
pub struct LinesThrough {
    pub cell: String,
    pub lines: Vec<String>,
    /// In a position: who is to move, and each line a move on the cell would leave one
    /// cell short of complete for them, with that empty cell (the threat).
    pub threats: Option<(crate::game::Player, Vec<(String, String)>)>,
}
