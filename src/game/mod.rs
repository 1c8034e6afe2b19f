//! The rules of the games, and nothing else: no printing, no input, no randomness.
//!
//! Every game the project plays implements [`Game`], in the manner of OpenSpiel, so an
//! algorithm (minimax, a match loop, a learner) is written once and works on all of them.
//! The trait is shaped for the whole family the lessons reach: a move is an associated
//! type (a cell, a pair of squares in quantum tic-tac-toe, a from-to step in Morris, a
//! collapse choice), boards have any size, every game parses and names its own moves, and
//! declares its own symmetry group.

pub mod any;
pub mod census;
pub mod cube;
pub mod fillings;
pub mod four;
pub mod gobang;
pub mod gomoku;
pub mod gravity;
pub mod mnk;
pub mod morris;
pub mod picture;
pub mod quantum;
pub mod quantum_morris;
pub mod strategic;
pub mod symmetry;
pub mod tictactoe;
pub mod ultimate;
pub mod view;

use std::fmt::{Debug, Display};
use std::hash::Hash;

pub use any::{AnyGame, MoveError, Playing};
pub use picture::PictureError;
pub use symmetry::Symmetry;
pub use tictactoe::{Rules, Square, TicTacToe};
pub use view::BoardView;

/// The two sides. Every game of the seeds is played by two players taking turns; the
/// first player is called X and the second O, whatever the pieces look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    X,
    O,
}

impl Player {
    /// The other side.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// The letter the player's marks are written with.
    pub fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::O => 'O',
        }
    }
}

impl Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// Why a piece of text is not a move, in one sentence: the shared notation error of the
/// variants (noughts and crosses has its own, more detailed one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMove(pub String);

impl Display for BadMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadMove {}

/// Whose turn it is in a game where X moves first and every move adds one mark: O once
/// X has more marks, X otherwise.
pub(crate) fn turn(x_marks: u32, o_marks: u32) -> Player {
    if x_marks > o_marks {
        Player::O
    } else {
        Player::X
    }
}

/// Who holds a cell, given the two players' marks as bit masks: the helper of the games
/// whose boards fit 64 cells (bigger boards keep their own representation; the view,
/// the picture and the registry assume no mask at all).
pub(crate) fn owner(x: u64, o: u64, cell: usize) -> Option<Player> {
    let bit = 1u64.checked_shl(cell as u32).unwrap_or(0);
    if x & bit != 0 {
        Some(Player::X)
    } else if o & bit != 0 {
        Some(Player::O)
    } else {
        None
    }
}

/// What a game says about itself: its name, the options it takes, what it is and how
/// moves are written. Each game file declares its own; the registry lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    /// The name `variant NAME` takes.
    pub name: &'static str,
    /// What the game is, in one line.
    pub about: &'static str,
    /// The options, each with one line of help.
    pub options: &'static [GameOption],
    /// How a move is written, in one line.
    pub notation: &'static str,
    /// A move to show as an example ("a move like MM").
    pub example: &'static str,
    /// How a whole position is written on one line (its picture), for the manual's table
    /// of pictures (docs/variants.md is generated from it).
    pub picture: &'static str,
    /// The rules in full, as the manual gives them (Markdown, links relative to docs/).
    pub rules: &'static str,
    /// Why MENACE cannot learn this game with matchboxes, if it cannot.
    pub too_big_for_menace: Option<&'static str>,
}

/// A rule option of a game, as `variant NAME OPTION` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOption {
    pub name: &'static str,
    pub help: &'static str,
    /// For an option followed by a value (`map FILE`): the value's placeholder in help
    /// and the values the conformance test starts the game with.
    pub value: Option<OptionValue>,
}

/// What follows an option that takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionValue {
    /// How help writes it: `FILE`.
    pub placeholder: &'static str,
    /// Values to test the game with (shipped example files).
    pub examples: &'static [&'static str],
}

/// The texts of the files a game's options name (`map FILE`), read by the registry
/// before the game starts: the rules layer reads no file itself. Each path comes with
/// its text, or the end of a sentence saying why it could not be had ("could not be
/// read: ...").
#[derive(Debug, Default)]
pub struct OptionFiles {
    files: Vec<(String, Result<String, String>)>,
}

impl OptionFiles {
    /// The files read for a game's options, by path.
    pub fn new(files: Vec<(String, Result<String, String>)>) -> OptionFiles {
        OptionFiles { files }
    }

    /// The text of the file at `path`, or why there is none.
    pub fn text(&self, path: &str) -> Result<&str, String> {
        match self.files.iter().find(|(known, _)| known == path) {
            Some((_, Ok(text))) => Ok(text),
            Some((_, Err(why))) => Err(why.clone()),
            None => Err("was not read".into()),
        }
    }
}

/// A game that the registry can start from its declaration and chosen options.
pub trait Declared: Game + 'static {
    /// The starting position of the game `declaration` names (a game type may serve
    /// several names, as Silverman and crazy 4x4 share one), with `options`, each one of
    /// the declaration's option names, already checked (an option that takes a value
    /// comes with it: `map maps/rows.yaml`); or why the value will not do, in one
    /// sentence.
    /// The files the options name come read, in `files`.
    fn start(
        declaration: &Declaration,
        options: &[&str],
        files: &OptionFiles,
    ) -> Result<Self, String>;
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    /// The winner, if there is one.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }
}

/// A position of a two-player game with perfect information, together with its rules.
///
/// Values are positions; [`Game::play`] changes one in place and refuses an illegal move
/// without changing anything, so a caller can never reach a position the rules forbid.
pub trait Game: Clone + Debug + Send {
    /// One move in the game's own terms.
    type Move: Copy + Eq + Hash + Debug + Send;
    /// Why a move was refused: say exactly what was wrong.
    type IllegalMove: std::error::Error;
    /// Why a piece of text is not a move name.
    type BadNotation: std::error::Error;
    /// A compact identity of a position (with its rules), for tables and transpositions.
    type Key: Copy + Eq + Hash + Ord + Debug + Send;
    /// Why a line of text is not a position of this game.
    type BadPicture: std::error::Error;

    /// Whose turn it is. Meaningless once the game is over.
    fn to_move(&self) -> Player;

    /// How many moves have been made so far.
    fn ply(&self) -> usize;

    /// Every legal move, in the game's fixed order (the order ties are broken in).
    /// Empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The legal moves written into `out` (cleared first), in the order of
    /// [`Game::legal_moves`]: searches call this with a buffer they reuse, so that no
    /// move list is allocated per position.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);

    /// The moves a heuristic engine (alpha-beta to a horizon, Monte-Carlo tree search)
    /// considers, written into `out` (cleared first): every legal move, unless the game
    /// knows that on its big board only moves near the play are worth a look (gomoku's
    /// family: two cells or fewer from a stone). Never used where a value is proved: a
    /// search that proves (`solve`, the exhaustive tables) lists every legal move.
    fn search_moves_into(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves_into(out);
    }

    /// One move of a random playout: `pick(count)` chooses a legal move by its place
    /// in [`Game::legal_moves`]'s order, and it is played; false if there is none. The
    /// choice comes from the caller, so the rules hold no randomness; `buffer` is scratch
    /// space the caller reuses. A game may find the move without listing them all (as
    /// ultimate does with its bit boards), which is what makes playouts fast.
    fn play_picked(
        &mut self,
        pick: &mut dyn FnMut(usize) -> usize,
        buffer: &mut Vec<Self::Move>,
    ) -> bool {
        self.legal_moves_into(buffer);
        if buffer.is_empty() {
            return false;
        }
        let mv = buffer[pick(buffer.len()).min(buffer.len() - 1)];
        self.play(mv).is_ok()
    }

    /// A whole random playout by [`Game::play_picked`]: moves until the game is over
    /// (its winner, if any), no move is left or `limit` moves are made (then the winner
    /// if it is over, else none). A game may play it in one loop of its own (ultimate
    /// does, with `pick` called directly), making the very moves `play_picked` would.
    fn play_out<P: FnMut(usize) -> usize>(&mut self, pick: &mut P, limit: usize) -> Option<Player> {
        let mut buffer = Vec::new();
        for _ in 0..limit {
            if let Some(outcome) = self.outcome() {
                return outcome.winner();
            }
            if !self.play_picked(pick, &mut buffer) {
                return None;
            }
        }
        self.outcome().and_then(Outcome::winner)
    }

    /// One move of a playout by the game's quick policy: like [`Game::play_picked`]
    /// (the default), but a game may first take what is plainly good, as ultimate takes
    /// a small board it can win and blocks one the opponent could, with `pick` choosing
    /// among those moves. Monte-Carlo search plays its playouts so.
    fn play_policy(
        &mut self,
        pick: &mut dyn FnMut(usize) -> usize,
        buffer: &mut Vec<Self::Move>,
    ) -> bool {
        self.play_picked(pick, buffer)
    }

    /// Makes a move, or says why it cannot be made and leaves the position as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Makes a move the caller knows is legal here (one of [`Game::legal_moves`], or
    /// checked already), without checking it again: the training loop's path. A game
    /// may skip its checks; by default it checks, and an illegal move changes nothing.
    fn play_known_legal(&mut self, mv: Self::Move) {
        let _ = self.play(mv);
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// What each side scored once the game is over, in half points, X first. Most
    /// games give the winner a whole point (a draw half a point each); quantum
    /// tic-tac-toe can end 1 to ½, which its own method says. Searches that weigh
    /// results by points (alpha-beta) use this; [`Game::outcome`] names the side with
    /// more.
    fn points(&self) -> Option<[u8; 2]> {
        self.outcome().map(|outcome| match outcome {
            Outcome::Win(Player::X) => [2, 0],
            Outcome::Win(Player::O) => [0, 2],
            Outcome::Draw => [1, 1],
        })
    }

    /// A sentence on how the game ended when the outcome alone does not tell it (both
    /// players made a line at once, say).
    fn result_note(&self) -> Option<String> {
        None
    }

    /// A sentence on what the move from `before` to here did beyond what the board
    /// shows at a glance (a full row vanishing in linetris, a point in go-bang).
    fn move_note(&self, _before: &Self) -> Option<String>
    where
        Self: Sized,
    {
        None
    }

    /// What the player to move has to do when it is not an ordinary move (quantum
    /// tic-tac-toe's collapse choice), in a few words for the prompt.
    fn move_prompt(&self) -> Option<String> {
        None
    }

    /// Reads a move written in the game's notation. The same code prints it back
    /// ([`Game::move_name`]), so the two never disagree.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::BadNotation>;

    /// The name of a move in the game's notation.
    fn move_name(&self, mv: Self::Move) -> String;

    /// The fixed lines whose completion decides the game, each as its cells in order
    /// (the moves that mark them) with the mark on each here, so that `lines` can show
    /// where a cell stands; empty for a game whose board has no fixed lines of cells.
    fn winning_lines(&self) -> Vec<Vec<(Self::Move, Option<Player>)>> {
        Vec::new()
    }

    /// This position's key.
    fn key(&self) -> Self::Key;

    /// The whole position as one line of text (`X...O....` for the classic board): the
    /// cells, and where the cells cannot tell, one more word (who moves, say).
    fn picture(&self) -> String;

    /// Reads a picture under this position's rules, refusing what play cannot reach in
    /// so far as the picture shows it. `from_picture(&p.picture())` gives `p` back, up
    /// to history the picture does not hold (Morris's repetitions).
    // `&self` supplies the rules and options the picture is read under.
    #[allow(clippy::wrong_self_convention)]
    fn from_picture(&self, text: &str) -> Result<Self, Self::BadPicture>;

    /// The board as panels of labelled cells, for the console to draw.
    fn view(&self) -> BoardView;

    /// For a board too big to draw whole (strategic's 729 cells), [`Game::view`] zooms
    /// into the part in play; this is the view zoomed into part `part` (0-based) instead.
    /// `None` for a game drawn whole, or past its last part.
    fn zoomed_view(&self, part: usize) -> Option<BoardView> {
        let _ = part;
        None
    }

    /// How many symmetries the game declares, the identity (index 0) included. A game
    /// without symmetry keeps the default of one.
    fn symmetry_count(&self) -> usize {
        1
    }

    /// The image of this position under symmetry `index`.
    fn transformed(&self, index: usize) -> Self {
        debug_assert!(index < self.symmetry_count());
        self.clone()
    }

    /// The image of a move under symmetry `index`: playing `mv` and then transforming
    /// gives the same position as transforming and then playing the image.
    fn transform_move(&self, mv: Self::Move, index: usize) -> Self::Move {
        debug_assert!(index < self.symmetry_count());
        mv
    }

    /// How this position relates to its image under symmetry `index`, in a few words
    /// that finish "the board is the picture ...": "turned 1/4 clockwise". Games whose
    /// symmetries have no everyday names keep the default, which numbers them.
    fn symmetry_words(&self, index: usize) -> String {
        if index == 0 {
            "as drawn".into()
        } else {
            format!(
                "under symmetry {index} of the game's {}",
                self.symmetry_count()
            )
        }
    }

    /// Which symmetry undoes symmetry `index`, where the game says. A learner that finds
    /// several symmetries turning a position into its canonical picture takes the one
    /// whose inverse comes first (the classic matchbox table's choice); without an
    /// answer it takes the first.
    fn inverse_symmetry(&self, index: usize) -> Option<usize> {
        let _ = index;
        None
    }

    /// A small whole number naming this position among all positions of its game (and
    /// rules), below a few tens of thousands, where the game has one: noughts and
    /// crosses gives its cells in base 3. A learner uses it to index a table instead of
    /// hashing keys. Two positions with the same code must be equal.
    fn dense_code(&self) -> Option<usize> {
        None
    }

    /// Puts the moves most worth trying first at the front (wins, blocks, strong cells),
    /// so that searches cut off sooner. The default keeps the order.
    fn order_moves(&self, moves: &mut [Self::Move]) {
        let _ = moves;
    }

    /// The smallest key among the images of this position under the game's symmetries:
    /// one key for all positions that are the same up to symmetry.
    fn canonical_key(&self) -> Self::Key {
        (0..self.symmetry_count())
            .map(|index| self.transformed(index).key())
            .min()
            .unwrap_or_else(|| self.key())
    }

    /// True in games whose positions can recur (pieces move), where a search must not
    /// assume that play always goes forward: `solve` then uses retrograde analysis.
    fn positions_repeat(&self) -> bool {
        false
    }

    /// The position without the history it carries for repetition draws, so that
    /// equal positions compare equal in a solver's table.
    fn without_history(&self) -> Self {
        self.clone()
    }

    /// True once the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}
