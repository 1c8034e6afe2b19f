//! The players that are not you or the session's own MENACE, as a table: one row per AI
//! in [`PLAYERS`], in the manner of OpenSpiel's `REGISTER_SPIEL_BOT`. A row says the
//! AI's name, how its option words are read, which games it plays (and the sentence
//! when it cannot), how it ranks for `hint` and the default opponent, and how to make
//! it. `against`, `hint`, `duel`, `train`, `experiment`, help and Tab completion read
//! this table and nothing else, so adding an AI is one file here and one row below.

pub mod alphabeta;
pub mod attack;
pub mod lookahead;
pub mod mcts;
pub mod menace;
pub mod minimax;
pub mod mirror;
pub mod perfect;
pub mod qlearn;
pub mod random;
pub mod rating;
mod seat;
pub mod td;
pub mod teacher;
pub mod threats;

pub use crate::ai::{MAX_MILLIS, Thinking};
pub use seat::{LearnerMaker, OnBoard, Plays, Rival, RivalMove, Setup};

use crate::game::gomoku::Gomoku;
use crate::game::{AnyGame, TicTacToe};
use std::fmt;

/// Every AI, in the order help and Tab completion list them. Adding an AI is one row.
pub static PLAYERS: &[&Row] = &[
    &random::ROW,
    &minimax::ROW,
    &perfect::ROW,
    &rating::ROW,
    &lookahead::ROW,
    &teacher::ROW,
    &menace::ROW,
    &td::ROW,
    &qlearn::ROW,
    &alphabeta::ROW,
    &mcts::ROW,
    &attack::ROW,
    &threats::ROW,
    &mirror::ROW,
];

/// An AI's options as its row read them from the words after its name, in a form every
/// row can use, so that a chosen AI is a small value that events and lessons can hold
/// and compare: a number (a level, a depth), a budget of thinking, and an option word.
/// Each is shown after the name, in this order, when set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub number: Option<u32>,
    pub thinking: Option<Thinking>,
    pub word: Option<&'static str>,
}

/// One AI: what the table knows of it.
pub struct Row {
    /// The name typed after `against`, `hint`, `vs` and the like.
    pub name: &'static str,
    /// How help writes it with its options: `alphabeta [N|Tms]`.
    pub usage: &'static str,
    /// What it does, in a few words, for help.
    pub about: &'static str,
    /// How a list of choices names it (`lookahead D`, where the depth matters).
    pub listed: &'static str,
    /// Option words it takes, each checked by the table's test (parsed and shown back).
    pub examples: &'static [&'static str],
    /// Its claim to be the opponent of a game MENACE cannot learn: among the rows that
    /// play the game, the highest non-zero rank sits opposite you (with its default
    /// options). 0: never the default.
    pub opponent_rank: u8,
    /// Its claim to answer `hint` when none is named: the highest non-zero rank among
    /// the rows that play the game. 0: never the default.
    pub hint_rank: u8,
    /// A learner that belongs to the game it was chosen in: it does not follow you to
    /// another game, as an AI that plays both does.
    pub learns: bool,
    /// Reads the option words after its name (the name as typed comes first, for the
    /// sentence), or says in one sentence what is wrong with them.
    pub read: fn(&str, &[&str]) -> Result<Options, String>,
    /// Whether it can choose moves in this game.
    pub plays: fn(&dyn AnyGame) -> bool,
    /// The sentence saying why it cannot play this game, given how it was chosen.
    pub refusal: fn(&Choice, &dyn AnyGame) -> String,
    /// A fresh player with these options, for the side and game `setup` says; or the
    /// sentence saying why not.
    pub make: Maker,
}

/// How a row makes its player: from its options, for the game and side in `Setup`.
pub type Maker = fn(Options, &mut Setup) -> Result<Box<dyn Plays>, String>;

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Row({})", self.name)
    }
}

/// An AI chosen by name with its options: what `against random`, `hint alphabeta 200ms`
/// or a lesson's `opponent: lookahead 3` stand for.
#[derive(Clone, Copy)]
pub struct Choice {
    row: &'static Row,
    options: Options,
}

impl PartialEq for Choice {
    fn eq(&self, other: &Self) -> bool {
        self.row.name == other.row.name && self.options == other.options
    }
}

impl Eq for Choice {}

impl fmt::Debug for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Choice({self})")
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.row.name)?;
        if let Some(number) = self.options.number {
            write!(f, " {number}")?;
        }
        if let Some(thinking) = self.options.thinking {
            write!(f, " {thinking}")?;
        }
        if let Some(word) = self.options.word {
            write!(f, " {word}")?;
        }
        Ok(())
    }
}

/// The names of every AI, in the table's order (help, completion, refusals).
pub fn names() -> impl Iterator<Item = &'static str> {
    PLAYERS.iter().map(|row| row.name)
}

/// The row of this name (any case).
pub fn find(name: &str) -> Option<&'static Row> {
    PLAYERS
        .iter()
        .copied()
        .find(|row| row.name.eq_ignore_ascii_case(name))
}

impl Choice {
    /// Reads a name with its optional number or word: `rating 0`, `lookahead 3`,
    /// `lookahead 4 full-board`, `teacher centre`, `mcts 5000`, `alphabeta 200ms`.
    pub fn parse(words: &[&str]) -> Result<Choice, String> {
        let all = || names().collect::<Vec<_>>().join(", ");
        let Some((name, rest)) = words.split_first() else {
            return Err(format!("name an opponent: {}", all()));
        };
        let Some(row) = find(name) else {
            return Err(format!("there is no opponent \"{name}\": choose {}", all()));
        };
        (row.read)(name, rest).map(|options| Choice { row, options })
    }

    /// The AI of this row with no options given (a row's bare name always reads, as the
    /// table's test checks; a row whose bare name did not would get no options).
    pub fn bare(row: &'static Row) -> Choice {
        Choice {
            row,
            options: (row.read)(row.name, &[]).unwrap_or_default(),
        }
    }

    pub fn row(&self) -> &'static Row {
        self.row
    }

    pub fn name(&self) -> &'static str {
        self.row.name
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Whether it can choose moves in `game`.
    pub fn plays(&self, game: &dyn AnyGame) -> bool {
        (self.row.plays)(game)
    }

    /// Whether it stays chosen when you change to `game`, as its row says: it plays
    /// the game, and it is not a learner of another game (a second MENACE follows only
    /// between classic and misère noughts and crosses, which share its boxes' board).
    pub fn follows_to(&self, game: &dyn AnyGame) -> bool {
        self.plays(game) && (!self.row.learns || game.position::<TicTacToe>().is_some())
    }

    /// Why it does not stay chosen in `game`, in the row's own words.
    pub fn left_behind(&self, game: &dyn AnyGame) -> String {
        if self.plays(game) {
            format!(
                "{self} learned another game, so it stays behind in {}",
                game.title()
            )
        } else {
            (self.row.refusal)(self, game)
        }
    }

    /// Whether it is a game's default opponent, as [`default_opponent`] chose it, so
    /// that it gives way to the next game's default.
    pub fn is_a_default(&self) -> bool {
        self.row.opponent_rank > 0 && *self == Choice::bare(self.row)
    }
}

/// The AI that sits opposite you in `game` when MENACE cannot learn it: the highest
/// `opponent_rank` among the rows that play it.
pub fn default_opponent(game: &dyn AnyGame) -> Option<Choice> {
    strongest(game, |row| row.opponent_rank)
}

/// The AI that answers `hint` in `game` when none is named: the highest `hint_rank`
/// among the rows that play it.
pub fn default_hint(game: &dyn AnyGame) -> Option<Choice> {
    strongest(game, |row| row.hint_rank)
}

fn strongest(game: &dyn AnyGame, rank: fn(&Row) -> u8) -> Option<Choice> {
    PLAYERS
        .iter()
        .copied()
        .filter(|row| rank(row) > 0 && (row.plays)(game))
        .max_by_key(|row| rank(row))
        .map(Choice::bare)
}

/// The refusal of an AI that plays noughts and crosses only: the AIs that do play this
/// game, from the table.
pub fn only_noughts_and_crosses(choice: &Choice, game: &dyn AnyGame) -> String {
    let choices: Vec<&str> = PLAYERS
        .iter()
        .filter(|row| (row.plays)(game))
        .map(|row| row.listed)
        .collect();
    format!(
        "{choice} plays only noughts and crosses; in {} choose {}",
        game.declaration().name,
        choices.join(", ")
    )
}

/// The `plays` test of an AI for noughts and crosses only.
pub fn noughts_and_crosses(game: &dyn AnyGame) -> bool {
    game.position::<TicTacToe>().is_some()
}

/// The position as five-in-a-row gomoku, for the AIs written for it (the seed's attack
/// bot, the threat-space search): connect-6's six in a row is not their game.
pub fn five_in_a_row(game: &dyn AnyGame) -> Option<&Gomoku> {
    game.position::<Gomoku>()
        .filter(|gomoku| gomoku.rules().goal == 5)
}

/// The `plays` test of an AI for every game.
pub fn every_game(_: &dyn AnyGame) -> bool {
    true
}

/// The refusal of an AI that plays every game (never said; here for the row).
pub fn never_refused(choice: &Choice, game: &dyn AnyGame) -> String {
    format!("{choice} cannot play {}", game.declaration().name)
}

/// Reads no option words: the name alone.
pub fn no_options(name: &str, rest: &[&str]) -> Result<Options, String> {
    if rest.is_empty() {
        Ok(Options::default())
    } else {
        Err(format!("{name} does not take \"{}\"", rest.join(" ")))
    }
}

/// Reads an optional budget of thinking, a count of `unit` up to `max` or a time:
/// `alphabeta 50000`, `mcts 200ms`.
pub fn thinking_option(name: &str, rest: &[&str], unit: &str, max: u64) -> Result<Options, String> {
    let name = name.to_ascii_lowercase();
    let thinking = match rest {
        [] => None,
        [budget] => Some(Thinking::parse(budget, &name, unit, max)?),
        [_, extra @ ..] => {
            return Err(format!("{name} does not take \"{}\"", extra.join(" ")));
        }
    };
    Ok(Options {
        thinking,
        ..Options::default()
    })
}

/// The AIs' part of help: each row's usage and what it does, and which play every game.
pub fn help_lines() -> Vec<(&'static str, &'static str)> {
    PLAYERS.iter().map(|row| (row.usage, row.about)).collect()
}

/// The rows that play every registered game (as started with no options), for help's
/// last line.
pub fn in_every_game() -> Vec<&'static str> {
    let games: Vec<Box<dyn AnyGame>> = crate::registry::GAMES
        .iter()
        .filter_map(|entry| crate::registry::start(&[entry.declaration.name]).ok())
        .collect();
    PLAYERS
        .iter()
        .filter(|row| games.iter().all(|game| (row.plays)(game.as_ref())))
        .map(|row| row.name)
        .collect()
}

#[cfg(test)]
mod tests;
