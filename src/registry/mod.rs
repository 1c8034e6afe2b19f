//! The one list of games. Each game declares itself in its own file (a
//! [`Declaration`] and [`Declared::start`]); here it takes one line, and from then on the
//! console, the AIs, `solve`, `replay` and the conformance test reach it through
//! [`AnyGame`], in the manner of OpenSpiel's per-file `REGISTER_SPIEL_GAME`.

mod cube_solver;
mod mnk_solver;
mod option_files;
mod perfect;
mod presentation;
mod quantum_morris_solver;
mod quantum_solver;
mod qubic_perfect;
pub mod replay;
pub mod saves;
mod typed;

use crate::game::{AnyGame, Playing};
pub use option_files::{Confinement, confine};
pub use perfect::{POSITIONS_PER_QUESTION, has_perfect, perfect_player};
pub use presentation::{BIGGEST_CHANGES, Learning, MOST_CELLS_LISTED, Presentation};
pub use quantum_morris_solver::analysis_census;
pub use quantum_solver::quantum_position;
use typed::Abilities;
pub use typed::{
    count_boxes, deepest_search, engine_move, lookahead_reach, mcts_estimate, new_learner,
    new_learner_of, random_games, restore_learner, solve,
};

use crate::game::cube::{self, Cube};
use crate::game::four::{self, FourByFour};
use crate::game::gobang::{self, Gobang};
use crate::game::gomoku::{self, Gomoku};
use crate::game::gravity::{self, Gravity};
use crate::game::mnk::{self, Mnk};
use crate::game::morris::{self, Morris};
use crate::game::quantum::{self, Quantum};
use crate::game::quantum_morris::{self, QuantumMorris};
use crate::game::strategic::{self, Strategic};
use crate::game::tictactoe::{self, TicTacToe};
use crate::game::ultimate::{self, Ultimate};
use crate::game::{Declaration, Declared, GameOption};
use crate::menace::classic;

/// How an entry starts its game from the options chosen (each with its value, if any).
type Starter = fn(&'static Declaration, Vec<String>) -> Result<Box<dyn AnyGame>, String>;

/// A registered game: its declaration, how to start it, and what it can do beyond its
/// rules (its typed searches, solver, learner).
#[derive(Clone, Copy)]
pub struct Entry {
    pub declaration: &'static Declaration,
    start: Starter,
    abilities: Abilities,
    /// How `perfect` gets its values in this game, where a solver settles it.
    perfect: Option<perfect::MakeValues>,
    /// The entry names its own solver ([`Entry::with_solver`]), which settles the game,
    /// so `perfect` must play it too (a test walks the list).
    own_solver: bool,
    /// Seats a kept solver of this game as a perfect player.
    seat_perfect: perfect::SeatPerfect,
    /// How the game is best shown at the size a position has.
    shown: fn(&dyn AnyGame) -> Presentation,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Entry({})", self.declaration.name)
    }
}

const fn entry<G: Declared>(declaration: &'static Declaration) -> Entry {
    Entry {
        declaration,
        start: start_boxed::<G>,
        abilities: Abilities::of::<G>(),
        perfect: None,
        own_solver: false,
        seat_perfect: perfect::seat::<G>,
        shown: presentation::by_size,
    }
}

/// How `game` is best shown at its size, as its entry says.
pub fn presentation(game: &dyn AnyGame) -> Presentation {
    entry_of(game).map_or_else(|| presentation::by_size(game), |entry| (entry.shown)(game))
}

/// The entry that started `game`.
pub fn entry_of(game: &dyn AnyGame) -> Option<&'static Entry> {
    let declaration = game.declaration();
    GAMES
        .iter()
        .find(|entry| std::ptr::eq(entry.declaration, declaration))
}

fn start_boxed<G: Declared>(
    declaration: &'static Declaration,
    options: Vec<String>,
) -> Result<Box<dyn AnyGame>, String> {
    let words: Vec<&str> = options.iter().map(String::as_str).collect();
    let files = option_files::read_for(declaration, &words);
    let game = G::start(declaration, &words, &files)?;
    Ok(Box::new(Playing::new(game, declaration, options)))
}

/// Every game, in the order `variants` lists them. Adding a game is one line here.
pub const GAMES: &[Entry] = &[
    entry::<TicTacToe>(&tictactoe::CLASSIC)
        .with_learner(classic::new_learner, classic::restore_learner),
    entry::<TicTacToe>(&tictactoe::MISERE)
        .with_learner(classic::new_learner, classic::restore_learner),
    entry::<Cube>(&cube::CUBE)
        .with_solver(cube_solver::solve)
        .with_perfect(perfect::by_alpha_beta::<Cube>),
    entry::<Cube>(&cube::QUBIC).with_perfect_seated(qubic_perfect::perfect, qubic_perfect::seat),
    entry::<FourByFour>(&four::SILVERMAN).with_perfect(perfect::by_exhaustive::<FourByFour>),
    entry::<FourByFour>(&four::CRAZY).with_perfect(perfect::by_exhaustive::<FourByFour>),
    entry::<Mnk>(&mnk::MNK)
        .with_solver(mnk_solver::solve)
        .with_perfect(perfect::by_exhaustive::<Mnk>),
    entry::<Gravity>(&gravity::GRAVITY),
    entry::<Morris>(&morris::MORRIS).with_perfect(perfect::by_retrograde::<Morris>),
    entry::<Ultimate>(&ultimate::ULTIMATE),
    entry::<Strategic>(&strategic::STRATEGIC),
    entry::<Quantum>(&quantum::QUANTUM)
        .with_solver(quantum_solver::solve)
        .with_perfect(perfect::by_points),
    entry::<QuantumMorris>(&quantum_morris::QUANTUM_MORRIS)
        .with_solver(quantum_morris_solver::solve)
        .with_perfect(quantum_morris_solver::perfect),
    entry::<Gomoku>(&gomoku::GOMOKU),
    entry::<Gomoku>(&gomoku::CONNECT6),
    entry::<Gobang>(&gobang::GOBANG),
];

/// The registered game of this name (any case).
pub fn find(name: &str) -> Option<&'static Entry> {
    GAMES
        .iter()
        .find(|entry| entry.declaration.name.eq_ignore_ascii_case(name))
}

/// Starts a game from its name and options (`silverman no-anti-diagonal`), or says in
/// one sentence what is wrong with the words.
pub fn start(words: &[&str]) -> Result<Box<dyn AnyGame>, String> {
    let Some((name, options)) = words.split_first() else {
        return Err("name a game; variants lists them".into());
    };
    let Some(entry) = find(name) else {
        return Err(format!(
            "there is no game \"{name}\"; choose {}",
            names().join(", ")
        ));
    };
    let declared = entry.declaration.options;
    let name = entry.declaration.name;
    // Each option chosen, with its value if it takes one (`map maps/rows.yaml`).
    let mut chosen: Vec<(&'static GameOption, Option<&str>)> = Vec::new();
    // A bare number is the board's size, for the games that take one: `gomoku 19`; so
    // is a bare width by height: `mnk 3x4`.
    // A word right after an option that takes a value is that value (`k 3`), not a size.
    let size_option = declared.iter().any(|known| known.name == "size");
    let takes_value = |word: &str| {
        declared
            .iter()
            .any(|known| known.value.is_some() && known.name.eq_ignore_ascii_case(word))
    };
    let mut sized: Vec<&str> = Vec::new();
    for (index, word) in options.iter().enumerate() {
        let a_value = index > 0 && takes_value(options[index - 1]);
        if size_option && !a_value && bare_size(word) {
            sized.push("size");
        }
        sized.push(word);
    }
    let mut words = sized.iter();
    while let Some(option) = words.next() {
        let Some(known) = declared
            .iter()
            .find(|known| known.name.eq_ignore_ascii_case(option))
        else {
            return Err(if declared.is_empty() {
                format!("{name} takes no options, not \"{option}\"")
            } else {
                let names: Vec<&str> = declared.iter().map(|known| known.name).collect();
                format!(
                    "{name} takes the options {}, not \"{option}\"",
                    names.join(", ")
                )
            });
        };
        let value = match known.value {
            None => None,
            Some(value) => Some(*words.next().ok_or_else(|| {
                format!(
                    "the option {} takes a {} after it: {name} {} {}",
                    known.name, value.placeholder, known.name, value.placeholder
                )
            })?),
        };
        match chosen
            .iter()
            .find(|(already, _)| already.name == known.name)
        {
            Some((_, earlier)) if earlier != &value => {
                return Err(format!("the option {} is given twice", known.name));
            }
            Some(_) => {}
            None => chosen.push((known, value)),
        }
    }
    // Options in their declared order, so that one game has one title.
    chosen.sort_by_key(|(option, _)| declared.iter().position(|known| known.name == option.name));
    let options = chosen
        .into_iter()
        .map(|(option, value)| match value {
            Some(value) => format!("{} {value}", option.name),
            None => option.name.to_string(),
        })
        .collect();
    (entry.start)(entry.declaration, options)
}

/// Whether a bare word is a board size, for the games with a `size` option: a number
/// (`gomoku 19`) or a width by height (`mnk 3x4`).
pub(crate) fn bare_size(word: &str) -> bool {
    let digits = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
    match word.to_ascii_lowercase().split_once('x') {
        Some((width, height)) => digits(width) && digits(height),
        None => digits(word),
    }
}

/// Whether the game writes its moves as numbers (Qubic's cells, strategic's three
/// digits), so that a bare number typed in the console is a move, not a count of games.
pub fn numbers_are_moves(game: &dyn AnyGame) -> bool {
    let example = game.declaration().example;
    !example.is_empty() && example.chars().all(|c| c.is_ascii_digit())
}

/// The names of all games.
pub fn names() -> Vec<&'static str> {
    GAMES.iter().map(|entry| entry.declaration.name).collect()
}

/// Every game with every combination of its options, started: what the conformance test
/// and the property test walk.
pub fn every_rule_set() -> Vec<Box<dyn AnyGame>> {
    let mut games = Vec::new();
    for entry in GAMES {
        let options = entry.declaration.options;
        for subset in 0..1u32 << options.len() {
            // An option with a value is started with each of its example values.
            let mut choices: Vec<Vec<&str>> = vec![vec![entry.declaration.name]];
            for (index, option) in options.iter().enumerate() {
                if subset & 1 << index == 0 {
                    continue;
                }
                choices = match option.value {
                    None => choices
                        .into_iter()
                        .map(|words| [words, vec![option.name]].concat())
                        .collect(),
                    Some(value) => choices
                        .into_iter()
                        .flat_map(|words| {
                            value.examples.iter().map(move |example| {
                                [words.clone(), vec![option.name, example]].concat()
                            })
                        })
                        .collect(),
                };
            }
            games.extend(choices.iter().filter_map(|words| start(words).ok()));
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_with_a_solver_of_its_own_has_perfect_play() {
        for entry in GAMES.iter().filter(|entry| entry.own_solver) {
            assert!(
                entry.perfect.is_some(),
                "{} has a solver of its own but no perfect play (with_perfect)",
                entry.declaration.name
            );
        }
    }

    #[test]
    fn names_are_unique_and_lower_case() {
        let names = names();
        for (index, name) in names.iter().enumerate() {
            assert_eq!(name.to_ascii_lowercase(), *name);
            assert!(!names[..index].contains(name), "{name} twice");
        }
    }

    #[test]
    fn titles_read_back_to_the_same_game() {
        for game in every_rule_set() {
            let title = game.title();
            let words: Vec<&str> = title.split(' ').collect();
            let again = start(&words).expect("a title starts its game");
            assert_eq!(again.title(), title);
            assert_eq!(again.picture(), game.picture());
        }
    }

    #[test]
    fn bad_names_and_options_are_refused_in_one_sentence() {
        for words in [
            &[][..],
            &["chess"],
            &["cube", "big"],
            &["silverman", "pass"],
        ] {
            let error = start(words).expect_err("refused");
            assert!(!error.contains('\n') && !error.is_empty(), "{error}");
        }
        let game = start(&["MORRIS", "Pass", "diagonal-lines"]).unwrap();
        assert_eq!(game.title(), "morris diagonal-lines pass");
    }

    #[test]
    fn an_option_with_a_value_takes_the_next_word() {
        let map = "maps/functional-example.yaml";
        let game = start(&["strategic", "MAP", map]).unwrap();
        assert_eq!(game.title(), format!("strategic map {map}"));
        assert_eq!(game.options(), [format!("map {map}")]);
        // Every rule set the tests walk includes both example maps.
        let titles: Vec<String> = every_rule_set().iter().map(|game| game.title()).collect();
        assert!(
            titles.contains(&format!("strategic map {map}")),
            "{titles:?}"
        );
        assert!(titles.contains(&"strategic map maps/hyperfunctional-example.yaml".to_string()));
        for (words, expected) in [
            (&["strategic", "map"][..], "takes a FILE after it"),
            (
                &["strategic", "map", map, "map", "other.yaml"],
                "given twice",
            ),
            (
                &["strategic", "map", "no/such.yaml"],
                "no/such.yaml could not be read",
            ),
            (
                &["strategic", "map", "Cargo.toml"],
                "Cargo.toml is not valid",
            ),
        ] {
            let error = start(words).expect_err("refused");
            assert!(error.contains(expected), "{error}");
            assert!(!error.contains('\n'), "{error}");
        }
        // The same option and value twice is the same game.
        assert!(start(&["strategic", "map", map, "map", map]).is_ok());
    }
}
