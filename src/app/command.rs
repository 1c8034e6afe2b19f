//! One line of input becomes one [`Command`], or one clear sentence saying why not.

use crate::menace::Preset;
use crate::players::Choice;

mod error;
mod rows;
mod table;
pub use error::CommandError;
pub use table::{ALIASES, COMMANDS, CommandInfo, Group};

/// The longest line the console reads; anything longer is refused whole.
pub const MAX_LINE: usize = 200;

/// The most games one `play` may ask for: each one needs your moves (or your eyes).
pub const MAX_GAMES: u32 = 1_000;

/// The most positions `solve ... within N` may ask for; a table that memory cannot hold
/// lowers it further, as it does the default.
pub const MAX_SOLVE_BUDGET: u64 = 1_000_000_000;

/// The most games one `train` may ask for (about ten seconds).
pub const MAX_TRAINING: u64 = 50_000_000;

/// The most seeds one `experiment` may ask for.
pub const MAX_SEEDS: u64 = 1_000;

/// What a line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Play this many games against MENACE (a bare number, or `play N`).
    Play(u32),
    /// Watch this many games of MENACE against an opponent.
    PlayVs(u32, Choice),
    /// Who plays O in `play`: an opponent to watch, or `None` for you.
    Opponent(Option<Choice>),
    /// Who MENACE trains against by default.
    Vs(Choice),
    /// Train MENACE at full speed.
    Train {
        games: u64,
        vs: Option<Choice>,
        csv: Option<String>,
        /// Where to draw the learning curve as an SVG chart.
        plot: Option<String>,
    },
    /// Who plays against you: an AI, or `None` for MENACE.
    Against(Option<Choice>),
    /// Ask an opponent (default the teacher, or alpha-beta) for your best move.
    Hint(Option<Choice>),
    /// The rating heuristic's view of the board, or of a position (a picture) given.
    Rate(Option<String>),
    /// The depth-limited search's rating of every empty cell, looking that many
    /// half-moves ahead, on the board or a position.
    RateAhead(u32, Option<String>),
    /// The value of the board, or of a position (a picture) given, within the default
    /// budget of positions or the one given (`within N`).
    Solve(Option<String>, Option<u64>),
    /// The gomoku bot article's weights of every empty cell, or the attacks behind one
    /// cell's.
    Weights(Option<String>),
    /// How many games MENACE needs against perfect play, over many seeds.
    Experiment(u64),
    /// What a word of the course means; without one, the words explained.
    Explain(Option<String>),
    /// The course's own commands: the session passes them up unread (see
    /// [`CourseCommand`]).
    Course(CourseCommand),
    /// The list of games.
    Variants,
    /// The game's lines, and those through a cell; in a position (a picture) given,
    /// with their marks and what a move there threatens.
    Lines(Option<String>, Option<String>),
    /// Every way the game can go, and every position it reaches.
    Count,
    /// How many boxes MENACE needs on its side: one per position where it has a choice,
    /// up to symmetry.
    CountBoxes,
    /// Every way to fill the board with X and O, and how many hold no line of either.
    CountFull,
    /// The moves up to symmetry: X's openings, or O's replies to X's opening on a cell.
    Kinds(Option<String>),
    /// Switch games: a name and its options, as the registry reads them.
    Variant(Vec<String>),
    /// Which side you play; MENACE plays the other.
    Side(crate::game::Player),
    /// Your move, already read by the game in progress (its name).
    Move(String),
    /// List the boxes, all or those of one of MENACE's moves (`boxes 3`) or one ply
    /// (`boxes ply 4`).
    Boxes(Option<BoxesOf>),
    /// Which boxes to list after each game: `boxes on`, `boxes off`, `boxes changed`.
    BoxesAfterGame(crate::app::BoxListing),
    /// `pictures on|off`: each MENACE move drawn as its box beside the board.
    Pictures(bool),
    /// `plot FILE.svg`: the last training run's learning curve as a chart.
    Plot(String),
    /// `export FILE.html`: every box on one page.
    Export(String),
    /// Printable matchbox labels for every box; `counts` prints the preset's starting
    /// beads in each colour's dot.
    ExportLabels {
        file: String,
        counts: bool,
    },
    /// Draw one box: by picture or any position it serves, by number, or the last used.
    Box(Option<BoxQuery>),
    /// Show the board of the game in progress; with a number, zoomed into that part
    /// of a board too big to draw whole (strategic's tactical boards 1-9).
    Board(Option<usize>),
    /// Save the boxes: to the default file, or to the one named.
    Save(Option<String>),
    /// Load boxes from a file.
    Load(String),
    /// Start again from a preset's fresh boxes.
    Preset(Preset),
    /// Start again from the current preset's fresh boxes.
    Reset,
    /// `learner`: the learners and the one in play; `learner NAME [PARAM VALUE]...`:
    /// that kind plays you from now on, with those parameters (checked when read).
    Learner(Option<LearnerAsk>),
    /// Give up the game in progress.
    Resign,
    /// End the match now; the game in progress is dropped, not counted.
    Stop,
    Stats,
    Help,
    Quit,
    Yes,
    No,
}

/// The commands of the course, which the `Tutor` beside the session acts on (a
/// session alone has no course and refuses them all in one sentence). They are read
/// here, from rows of the one table, because help, completion and the checks of a
/// lesson's quoted commands read every command word from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CourseCommand {
    /// The list of lessons with your progress.
    Lessons,
    /// Start or resume a lesson, by number or name.
    Lesson(String),
    Next,
    Back,
    Skip,
    QuitLesson,
    /// The answer to a lesson's question.
    Answer(String),
}

/// A learner named by `learner`, and the `PARAM VALUE` words after it, already checked
/// against its row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearnerAsk {
    pub row: &'static str,
    pub words: Vec<String>,
}

impl LearnerAsk {
    /// Its row and the parameters it names.
    pub fn read(
        &self,
    ) -> Option<(
        &'static crate::learners::LearnerRow,
        Vec<(&'static str, f64)>,
    )> {
        let row = crate::learners::row(self.row)?;
        let words: Vec<&str> = self.words.iter().map(String::as_str).collect();
        Some((row, row.given_params(&words).ok()?))
    }
}

/// Which boxes `boxes` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoxesOf {
    /// MENACE's Nth move, from 1, as the listing's headers count them.
    Move(usize),
    /// The boxes of positions after this many moves by both sides.
    Ply(usize),
}

/// How `box` names a box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoxQuery {
    /// Any position, as a picture of the chosen game: the box that serves it.
    Position(String),
    /// The box's number in the listing, from 1.
    Number(usize),
}

impl Command {
    /// True for the commands the session refuses while a game is in progress: they
    /// start games, train, or change the game, the seats or the boxes.
    pub fn waits_for_no_game(&self) -> bool {
        matches!(
            self,
            Command::Play(_)
                | Command::PlayVs(..)
                | Command::Train { .. }
                | Command::Variant(_)
                | Command::Side(_)
                | Command::Opponent(_)
                | Command::Vs(_)
                | Command::Against(_)
                | Command::Load(_)
                | Command::Reset
                | Command::Preset(_)
                | Command::Learner(Some(_))
        )
    }
}

/// Reads one line: checks the line as a whole, then hands the words after the first
/// to the parsing function of the first word's row in [`COMMANDS`].
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let length = line.chars().count();
    if length > MAX_LINE {
        return Err(CommandError::TooLong(length));
    }
    // A no-break space is a space: lessons glue the words of a quoted command with it,
    // and a learner may copy one from the screen.
    if let Some(c) = line
        .chars()
        .find(|c| !(c.is_ascii_graphic() || matches!(c, ' ' | '\t' | '\u{a0}')))
    {
        return Err(CommandError::NotAscii(c));
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err(CommandError::Empty);
    };
    let word = first.to_ascii_lowercase();
    if word.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        return rows::number_of_games(first, rest);
    }
    let name = ALIASES
        .iter()
        .find(|(alias, _)| *alias == word)
        .map_or(word.as_str(), |(_, name)| name);
    match COMMANDS.iter().find(|command| command.name == name) {
        Some(command) => (command.parse)(rest),
        None => Err(CommandError::Unknown(first.to_string())),
    }
}

#[cfg(test)]
mod tests;
