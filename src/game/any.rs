//! [`AnyGame`]: one position of any game behind one object-safe trait, with moves as
//! text: the rules and nothing else (moves, pictures, views, symmetries, results).
//! [`Playing`] implements it once for every [`Declared`] game, so a game gets the
//! console, `replay` and the conformance test without code of its own. What a game can
//! do beyond its rules (players, solving, MENACE, presentation) is declared in its
//! registry entry (`crate::registry`), never here.

use super::{BoardView, Declaration, Declared, Game, Outcome, Player};
use std::any::Any;
use std::fmt;

/// Why a line of text is not a move here, by phase: the text is not written as this
/// game writes moves, or it names a move the position does not allow. Both carry the
/// game's own sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    Notation(String),
    Illegal { name: String, why: String },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Notation(why) => f.write_str(why),
            MoveError::Illegal { why, .. } => f.write_str(why),
        }
    }
}

impl std::error::Error for MoveError {}

/// A position of any registered game. Moves travel as text in the game's notation;
/// everything else is the game's own answer.
pub trait AnyGame: fmt::Debug + Send {
    /// The game's declaration.
    fn declaration(&self) -> &'static Declaration;
    /// The options chosen, in declared order.
    fn options(&self) -> &[String];
    /// The name with its options, as `variant` takes it: `silverman no-anti-diagonal`.
    fn title(&self) -> String {
        let mut title = self.declaration().name.to_string();
        for option in self.options() {
            title.push(' ');
            title.push_str(option);
        }
        title
    }
    fn to_move(&self) -> Player;
    fn ply(&self) -> usize;
    fn outcome(&self) -> Option<Outcome>;
    /// What each side scored, in half points, X first ([`crate::game::Game::points`]).
    fn points(&self) -> Option<[u8; 2]>;
    /// A sentence on how the game ended, when the outcome alone does not tell it.
    fn result_note(&self) -> Option<String>;
    /// What the last move did beyond the board's change, given the game before it.
    fn move_note(&self, before: &dyn AnyGame) -> Option<String>;
    /// What the player to move has to do, when it is not an ordinary move.
    fn move_prompt(&self) -> Option<String>;
    /// The legal moves by name, in the game's order.
    fn legal_move_names(&self) -> Vec<String>;
    /// The game's fixed lines, each as its cells by name with the mark on each
    /// ([`Game::winning_lines`]).
    fn line_names(&self) -> Vec<Vec<(String, Option<Player>)>>;
    /// Reads a move in two phases, the notation and then the rules, without playing it:
    /// its name as the game writes it, or why not.
    fn check_move(&self, text: &str) -> Result<String, MoveError>;
    /// Plays a move given as text: its name, or why not (and nothing changes).
    fn play_move(&mut self, text: &str) -> Result<String, MoveError>;
    fn picture(&self) -> String;
    /// The position a picture shows, under this game's rules.
    // `&self` supplies the rules and options the picture is read under.
    #[allow(clippy::wrong_self_convention)]
    fn from_picture(&self, text: &str) -> Result<Box<dyn AnyGame>, String>;
    fn view(&self) -> BoardView;
    /// The view zoomed into part `part` (0-based), for a board too big to draw whole.
    fn zoomed_view(&self, part: usize) -> Option<BoardView>;
    fn symmetry_count(&self) -> usize;
    /// True where positions can recur, so that a picture (which holds no history) can
    /// show a position a repetition has already ended.
    fn positions_repeat(&self) -> bool;
    /// The image under symmetry `index`, and the name of `mv`'s image there.
    fn transformed(&self, index: usize) -> Box<dyn AnyGame>;
    fn transformed_move(&self, mv: &str, index: usize) -> Option<String>;
    /// Which symmetry undoes symmetry `index`, where the game says ([`Game::inverse_symmetry`]).
    fn inverse_symmetry(&self, index: usize) -> Option<usize>;
    /// The position's key and its canonical key (the smallest key of its images), written
    /// out: what the conformance test compares to check the symmetry laws from outside
    /// the game's type.
    fn key_text(&self) -> String;
    fn canonical_key_text(&self) -> String;
    /// The starting position of the same game and options.
    fn restart(&self) -> Box<dyn AnyGame>;
    fn boxed_clone(&self) -> Box<dyn AnyGame>;
    /// The game as a value of its own type, for code that knows it: see
    /// [`position`](AnyGame::position).
    fn as_any(&self) -> &dyn Any;
}

impl<'a> dyn AnyGame + 'a {
    /// The position as game type `G`, for code written for one game (an AI for gomoku,
    /// classic MENACE, a game's solver): `None` in every other game. One accessor for
    /// every type, so that an AI or a solver for one game touches no file of the rules.
    pub fn position<G: Declared>(&self) -> Option<&G> {
        self.as_any()
            .downcast_ref::<Playing<G>>()
            .map(Playing::game)
    }
}

/// A position of game `G` with the declaration and options it was started with.
#[derive(Debug, Clone)]
pub struct Playing<G> {
    game: G,
    declaration: &'static Declaration,
    options: Vec<String>,
    /// The position the game started from, to start again without reading any
    /// option's file a second time.
    initial: G,
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

impl<G: Game> Playing<G> {
    pub fn new(game: G, declaration: &'static Declaration, options: Vec<String>) -> Self {
        Playing {
            initial: game.clone(),
            game,
            declaration,
            options,
        }
    }

    /// The typed position.
    pub fn game(&self) -> &G {
        &self.game
    }

    fn with(&self, game: G) -> Box<dyn AnyGame>
    where
        G: Declared,
    {
        Box::new(Playing {
            game,
            declaration: self.declaration,
            options: self.options.clone(),
            initial: self.initial.clone(),
        })
    }

    fn read(&self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self
            .game
            .parse_move(text.trim())
            .map_err(|why| MoveError::Notation(why.to_string()))?;
        let mut trial = self.game.clone();
        trial.play(mv).map_err(|why| MoveError::Illegal {
            name: self.game.move_name(mv),
            why: why.to_string(),
        })?;
        Ok(mv)
    }
}

impl<G: Declared> AnyGame for Playing<G> {
    fn declaration(&self) -> &'static Declaration {
        self.declaration
    }

    fn options(&self) -> &[String] {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn ply(&self) -> usize {
        self.game.ply()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn points(&self) -> Option<[u8; 2]> {
        self.game.points()
    }

    fn move_note(&self, before: &dyn AnyGame) -> Option<String> {
        let before = before.as_any().downcast_ref::<Playing<G>>()?;
        self.game.move_note(&before.game)
    }

    fn result_note(&self) -> Option<String> {
        self.game.result_note()
    }

    fn move_prompt(&self) -> Option<String> {
        self.game.move_prompt()
    }

    fn line_names(&self) -> Vec<Vec<(String, Option<Player>)>> {
        self.game
            .winning_lines()
            .into_iter()
            .map(|line| {
                line.into_iter()
                    .map(|(mv, mark)| (self.game.move_name(mv), mark))
                    .collect()
            })
            .collect()
    }

    fn legal_move_names(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .into_iter()
            .map(|mv| self.game.move_name(mv))
            .collect()
    }

    fn check_move(&self, text: &str) -> Result<String, MoveError> {
        self.read(text).map(|mv| self.game.move_name(mv))
    }

    fn play_move(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.read(text)?;
        let name = self.game.move_name(mv);
        self.game.play(mv).map_err(|why| MoveError::Illegal {
            name: name.clone(),
            why: why.to_string(),
        })?;
        Ok(name)
    }

    fn picture(&self) -> String {
        self.game.picture()
    }

    fn from_picture(&self, text: &str) -> Result<Box<dyn AnyGame>, String> {
        self.game
            .from_picture(text)
            .map(|game| self.with(game))
            .map_err(|why| why.to_string())
    }

    fn view(&self) -> BoardView {
        self.game.view()
    }

    fn zoomed_view(&self, part: usize) -> Option<BoardView> {
        self.game.zoomed_view(part)
    }

    fn symmetry_count(&self) -> usize {
        self.game.symmetry_count()
    }

    fn positions_repeat(&self) -> bool {
        self.game.positions_repeat()
    }

    fn transformed(&self, index: usize) -> Box<dyn AnyGame> {
        self.with(self.game.transformed(index))
    }

    fn transformed_move(&self, mv: &str, index: usize) -> Option<String> {
        let mv = self.game.parse_move(mv).ok()?;
        let image = self.game.transformed(index);
        Some(image.move_name(self.game.transform_move(mv, index)))
    }

    fn inverse_symmetry(&self, index: usize) -> Option<usize> {
        self.game.inverse_symmetry(index)
    }

    fn key_text(&self) -> String {
        format!("{:?}", self.game.key())
    }

    fn canonical_key_text(&self) -> String {
        format!("{:?}", self.game.canonical_key())
    }

    fn restart(&self) -> Box<dyn AnyGame> {
        self.with(self.initial.clone())
    }

    fn boxed_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
