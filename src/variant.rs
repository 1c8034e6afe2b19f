//! The catalogue of games besides classic noughts and crosses: their names and options,
//! and one value, [`AnyGame`], that the console can hold whichever is chosen. Every
//! operation dispatches to the game's own rules and to the generic AIs, so a variant needs
//! no code of its own here beyond its line in the catalogue.

use crate::ai::alphabeta::{AlphaBeta, Searcher, Value};
use crate::ai::lookahead::Lookahead;
use crate::ai::mcts::Mcts;
use crate::ai::retrograde::Retrograde;
use crate::ai::{Agent, RandomAgent};
use crate::game::cube::Cube;
use crate::game::four::{FourByFour, FourRules};
use crate::game::gravity::{Gravity, GravityRules};
use crate::game::morris::{Morris, MorrisRules};
use crate::game::{Game, Outcome, Player};
use crate::play::OpponentKind;
use rand::Rng;
use std::fmt;

/// One line per variant, for `variants`: name, options, what it is.
pub const CATALOGUE: [(&str, &str, &str); 7] = [
    (
        "classic",
        "",
        "noughts and crosses against MENACE (the default)",
    ),
    (
        "misere",
        "",
        "classic board, but three in a row loses (MENACE plays it too)",
    ),
    (
        "cube",
        "",
        "3x3x3 cube, three in a row along any of its 49 lines",
    ),
    (
        "silverman",
        "[no-anti-diagonal]",
        "4x4: any four alike in a row wins for the first player",
    ),
    (
        "crazy",
        "",
        "4x4: either player places X or O; any four alike wins for the first",
    ),
    (
        "gravity",
        "[not-on-last]",
        "8x8 upright: marks fall; four in a row wins",
    ),
    (
        "morris",
        "[diagonal-moves] [diagonal-lines] [pass]",
        "Three Men's Morris: place 3, then slide",
    ),
];

/// A variant chosen by name, with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantKind {
    Cube,
    Silverman(FourRules),
    Crazy,
    Gravity(GravityRules),
    Morris(MorrisRules),
}

/// Reads `cube`, `silverman no-anti-diagonal`, `morris diagonal-lines` and so on. The
/// classic game and misère are the console's own and are not variants here.
pub fn parse(words: &[&str]) -> Result<VariantKind, String> {
    let Some((name, options)) = words.split_first() else {
        return Err("name a variant; variants lists them".into());
    };
    let options: Vec<String> = options.iter().map(|o| o.to_ascii_lowercase()).collect();
    let allow = |allowed: &[&str]| -> Result<(), String> {
        match options.iter().find(|o| !allowed.contains(&o.as_str())) {
            None => Ok(()),
            Some(unknown) if allowed.is_empty() => {
                Err(format!("{name} takes no options, not \"{unknown}\""))
            }
            Some(unknown) => Err(format!(
                "{name} takes the options {}, not \"{unknown}\"",
                allowed.join(", ")
            )),
        }
    };
    let has = |option: &str| options.iter().any(|o| o == option);
    match name.to_ascii_lowercase().as_str() {
        "cube" => allow(&[]).map(|()| VariantKind::Cube),
        "silverman" => allow(&["no-anti-diagonal"]).map(|()| {
            VariantKind::Silverman(FourRules {
                crazy: false,
                no_anti_diagonal: has("no-anti-diagonal"),
            })
        }),
        "crazy" => allow(&[]).map(|()| VariantKind::Crazy),
        "gravity" => allow(&["not-on-last"]).map(|()| {
            VariantKind::Gravity(GravityRules {
                not_on_last: has("not-on-last"),
            })
        }),
        "morris" => allow(&["diagonal-moves", "diagonal-lines", "pass"]).map(|()| {
            VariantKind::Morris(MorrisRules {
                diagonal_moves: has("diagonal-moves"),
                diagonal_lines: has("diagonal-lines"),
                pass_when_stuck: has("pass"),
            })
        }),
        other => Err(format!(
            "there is no variant \"{other}\"; variants lists them"
        )),
    }
}

impl fmt::Display for VariantKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantKind::Cube => write!(f, "cube"),
            VariantKind::Silverman(rules) if rules.no_anti_diagonal => {
                write!(f, "silverman no-anti-diagonal")
            }
            VariantKind::Silverman(_) => write!(f, "silverman"),
            VariantKind::Crazy => write!(f, "crazy"),
            VariantKind::Gravity(rules) if rules.not_on_last => write!(f, "gravity not-on-last"),
            VariantKind::Gravity(_) => write!(f, "gravity"),
            VariantKind::Morris(rules) => {
                write!(f, "morris")?;
                for (on, name) in [
                    (rules.diagonal_moves, "diagonal-moves"),
                    (rules.diagonal_lines, "diagonal-lines"),
                    (rules.pass_when_stuck, "pass"),
                ] {
                    if on {
                        write!(f, " {name}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// The opponents that play every variant.
pub fn applies(kind: OpponentKind) -> bool {
    matches!(
        kind,
        OpponentKind::Random
            | OpponentKind::AlphaBeta
            | OpponentKind::Mcts
            | OpponentKind::Lookahead(_)
    )
}

/// What `solve` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    /// The value for the player to move, a best move, and the positions looked at.
    Value {
        value: Value,
        best: Option<String>,
        positions: u64,
        method: &'static str,
    },
    /// The budget ran out first.
    TooBig { budget: u64 },
}

/// A position of any variant.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyGame {
    Cube(Cube),
    Four(FourByFour),
    Gravity(Gravity),
    Morris(Morris),
}

/// Runs `$body` with `$g` bound to the inner game, whichever it is.
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Cube($g) => $body,
            AnyGame::Four($g) => $body,
            AnyGame::Gravity($g) => $body,
            AnyGame::Morris($g) => $body,
        }
    };
}

fn play_text<G: Game>(game: &mut G, text: &str) -> Result<String, String> {
    let mv = game.parse_move(text).map_err(|why| why.to_string())?;
    let name = game.move_name(mv);
    game.play(mv).map_err(|why| why.to_string())?;
    Ok(name)
}

fn agent_move<G: Game>(game: &mut G, kind: OpponentKind, rng: &mut dyn Rng) -> Option<String> {
    let mv = match kind {
        OpponentKind::AlphaBeta => Searcher::default().choose(game, rng),
        OpponentKind::Mcts => Mcts::default().choose(game, rng),
        OpponentKind::Lookahead(depth) => Lookahead { depth }.choose(game, rng),
        _ => RandomAgent.choose(game, rng),
    }?;
    let name = game.move_name(mv);
    game.play(mv).ok()?;
    Some(name)
}

fn solve_by_search<G: Game>(game: &G, budget: u64) -> Solved {
    let mut search = AlphaBeta::new(budget);
    match search.solve(game) {
        Ok(solution) => Solved::Value {
            value: solution.value,
            best: solution.best.map(|mv| game.move_name(mv)),
            positions: solution.nodes,
            method: "alpha-beta",
        },
        Err(_) => Solved::TooBig { budget },
    }
}

impl AnyGame {
    /// The starting position of a variant.
    pub fn new(kind: VariantKind) -> AnyGame {
        match kind {
            VariantKind::Cube => AnyGame::Cube(Cube::new(3)),
            VariantKind::Silverman(rules) => AnyGame::Four(FourByFour::new(rules)),
            VariantKind::Crazy => AnyGame::Four(FourByFour::new(FourRules {
                crazy: true,
                no_anti_diagonal: false,
            })),
            VariantKind::Gravity(rules) => AnyGame::Gravity(Gravity::new(rules)),
            VariantKind::Morris(rules) => AnyGame::Morris(Morris::new(rules)),
        }
    }

    pub fn to_move(&self) -> Player {
        each!(self, g => g.to_move())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    pub fn ply(&self) -> usize {
        each!(self, g => g.ply())
    }

    /// The names of the legal moves, for completion and help.
    pub fn move_names(&self) -> Vec<String> {
        each!(self, g => g.legal_moves().into_iter().map(|mv| g.move_name(mv)).collect())
    }

    /// Plays a move given in the game's notation; its name, or why not.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        each!(self, g => play_text(g, text))
    }

    /// Lets an AI move; the move's name.
    pub fn agent_move(&mut self, kind: OpponentKind, rng: &mut dyn Rng) -> Option<String> {
        each!(self, g => agent_move(g, kind, rng))
    }

    /// The move an AI would make, without making it.
    pub fn suggest(&self, kind: OpponentKind, rng: &mut dyn Rng) -> Option<String> {
        let mut copy = self.clone();
        copy.agent_move(kind, rng)
    }

    /// How deep an iterative alpha-beta search gets within `budget` positions, and its
    /// preferred move there with what the search saw ("a win found", "unknown" ...).
    pub fn deepest_search(&self, budget: u64) -> (u32, Option<(String, &'static str)>) {
        each!(self, g => {
            let (scores, depth) = Searcher { budget }.scores(g);
            let best = scores.iter().rev().max_by_key(|(_, score)| *score).map(|(mv, score)| {
                let verdict = match *score {
                    s if s > crate::ai::alphabeta::WIN / 2 => "a forced win found",
                    s if s < -crate::ai::alphabeta::WIN / 2 => "every move loses",
                    _ => "no result within that depth",
                };
                (g.move_name(*mv), verdict)
            });
            (depth, best)
        })
    }

    /// The value under perfect play, if it can be found within `budget` positions
    /// (Morris, whose positions repeat, by retrograde analysis of all its positions).
    pub fn solve(&self, budget: u64) -> Solved {
        match self {
            AnyGame::Morris(game) => {
                let table =
                    Retrograde::analyse(&Morris::new(game.rules()), Morris::without_history);
                let value = table.value(&game.without_history()).unwrap_or(Value::Draw);
                let best = game.legal_moves().into_iter().min_by_key(|mv| {
                    let mut child = game.without_history();
                    let _ = child.play(*mv);
                    // The best move leaves the opponent the worst value.
                    match table.value(&child) {
                        Some(Value::Loss(n)) => (0, n as i64),
                        Some(Value::Draw) => (1, 0),
                        Some(Value::Win(n)) => (2, -(n as i64)),
                        None => (3, 0),
                    }
                });
                Solved::Value {
                    value,
                    best: best.map(|mv| game.move_name(mv)),
                    positions: table.positions() as u64,
                    method: "retrograde analysis",
                }
            }
            other => each!(other, g => solve_by_search(g, budget)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_catalogued_variant_parses_and_prints_alike() {
        for text in [
            "cube",
            "silverman",
            "silverman no-anti-diagonal",
            "crazy",
            "gravity",
            "gravity not-on-last",
            "morris",
            "morris diagonal-moves diagonal-lines pass",
        ] {
            let words: Vec<&str> = text.split(' ').collect();
            let kind = parse(&words).unwrap();
            assert_eq!(kind.to_string(), text);
        }
        assert!(parse(&["cube", "big"]).is_err());
        assert!(parse(&["chess"]).is_err());
        assert!(parse(&[]).is_err());
    }

    #[test]
    fn every_variant_plays_to_the_end_with_every_generic_opponent() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for kind in [
            VariantKind::Cube,
            VariantKind::Silverman(FourRules::default()),
            VariantKind::Crazy,
            VariantKind::Gravity(GravityRules::default()),
            VariantKind::Morris(MorrisRules::default()),
        ] {
            let mut game = AnyGame::new(kind);
            let mut moves = 0;
            while game.outcome().is_none() && moves < 200 {
                let who = if moves % 2 == 0 {
                    OpponentKind::Random
                } else {
                    OpponentKind::Lookahead(1)
                };
                assert!(game.agent_move(who, &mut rng).is_some(), "{kind}");
                moves += 1;
            }
            assert!(game.ply() > 0);
        }
    }

    #[test]
    fn moves_in_each_notation_are_accepted_and_refused() {
        let mut cube = AnyGame::new(VariantKind::Cube);
        assert_eq!(cube.play("2mm"), Ok("2MM".into()));
        assert!(cube.play("2MM").is_err());
        let mut gravity = AnyGame::new(VariantKind::Gravity(GravityRules::default()));
        assert_eq!(gravity.play("d"), Ok("d".into()));
        assert!(gravity.play("z").is_err());
        let mut morris = AnyGame::new(VariantKind::Morris(MorrisRules::default()));
        assert!(morris.play("LL-LM").is_err());
        assert_eq!(morris.play("MM"), Ok("MM".into()));
    }

    #[test]
    fn solve_reports_values_or_says_the_budget_ran_out() {
        let morris = AnyGame::new(VariantKind::Morris(MorrisRules::default()));
        assert!(matches!(
            morris.solve(1_000),
            Solved::Value {
                value: Value::Draw,
                ..
            }
        ));
        let gravity = AnyGame::new(VariantKind::Gravity(GravityRules::default()));
        assert_eq!(gravity.solve(10_000), Solved::TooBig { budget: 10_000 });
    }
}
