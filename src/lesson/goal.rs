//! What an exercise asks for, checked against what really happened in the session.

use crate::ai::rating::MAKE_FORK;
use crate::analysis::Solved;
use crate::app::{Event, Session, Who};
use crate::game::{Outcome, Rules, TicTacToe};
use crate::menace::learner::MenaceMove;
use crate::menace::{Preset, matchboxes};
use crate::players::Choice;
use crate::registry;
use crate::text::nth;
use serde::Deserialize;

mod list;
mod tally;
pub use list::{GOALS, GoalDoc};
pub use tally::{Tally, count_along};

/// The fewest games in a run's last tenth whose share of draws a `draw_share` goal
/// counts: a run of 1,000 games at least, so that ten lucky games do not pass it.
pub const DRAW_SHARE_LAST_GAMES: u64 = 100;

/// A goal an exercise sets. In YAML: `goal: {win_games: 1}`, `goal: rate_fork`,
/// `goal: {train: {games: 500, vs: random}}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// Finish this many games against MENACE, playing O yourself.
    PlayGames(u32),
    /// Win this many games yourself.
    WinGames(u32),
    /// Draw this many games yourself.
    DrawGames(u32),
    /// Look at the box that serves this position (`box POS`).
    ShowBox(String),
    /// Watch this many games of MENACE against an opponent.
    WatchGames { vs: String, games: u32 },
    /// Train MENACE for at least this many games in all (against `vs`, if given).
    Train {
        games: u64,
        #[serde(default)]
        vs: Option<String>,
    },
    /// A training run against `vs` in whose last tenth MENACE drew at least `percent`%.
    DrawShare { vs: String, percent: u32 },
    /// `rate` shows a cell rated as a fork (10,000 or more).
    RateFork,
    /// Ask for a hint for your move.
    AskHint,
    /// Ask this AI for a hint for your move (`hint mcts 2000`).
    HintFrom(String),
    /// MENACE's boxes follow this preset (`preset NAME`).
    Preset(String),
    /// Run the learning experiment.
    Experiment,
    /// See MENACE use a box whose picture is turned or mirrored from the board.
    SeeSymmetry,
    /// See MENACE play its forced fifth move, without a box.
    SeeForcedMove,
    /// Play under misère rules (`rules misere`).
    Misere,
    /// `solve` this position.
    Solve(String),
    /// Finish this many games of a variant (`variant NAME`, then play).
    PlayVariant { variant: String, games: u32 },
    /// `solve` a position of a variant and get its value.
    SolveVariant(String),
    /// Look at every box of MENACE's `move` (1 to 4) with `box POS`. The lesson counts
    /// the different boxes found as the learner goes; how many there are is counted from
    /// MENACE's own boxes, never written in the lesson.
    FindBoxes {
        #[serde(rename = "move")]
        menace_move: usize,
    },
    /// Ask `solve` about a variant, whether or not it can answer within its budget.
    TrySolve(String),
    /// Look at the gomoku bot article's weights of the whole board (`weights`).
    ShowWeights,
    /// Look at the attacks behind one cell's weight (`weights CELL`; `any` for any cell).
    WeighCell(String),
    /// Try a move the game's rules refuse, and read why.
    RefusedMove,
    /// Look at what a learner of another kind than MENACE holds for this classic
    /// position (`box POS` with `td` in play).
    ShowValues(String),
    /// The learner in play is of this kind, with these parameters where any are named
    /// (`td draw 0.5`), as `learner` takes them.
    Learner(String),
}

/// A learner named by a goal: its row, and the parameters the goal names.
type LearnerAsked = (
    &'static crate::learners::LearnerRow,
    Vec<(&'static str, f64)>,
);

/// A goal's learner: its row and the parameters it names; why not otherwise.
fn learner_asked(words: &str) -> Result<LearnerAsked, String> {
    let words: Vec<&str> = words.split_whitespace().collect();
    let Some((name, params)) = words.split_first() else {
        return Err("learner: name a learner".into());
    };
    let row = crate::learners::row(name).ok_or_else(|| format!("learner: no learner {name}"))?;
    Ok((row, row.given_params(params)?))
}

/// A game's title as the registry writes it (options in their declared order).
fn variant_kind(text: &str) -> Result<String, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    registry::start(&words)
        .map(|game| game.title())
        .map_err(|why| format!("the goal's variant: {why}"))
}

/// How many boxes classic MENACE has for its `menace_move` (1 to 4).
pub fn boxes_for_move(menace_move: usize) -> usize {
    let ply = (menace_move.max(1) - 1) * 2;
    matchboxes().iter().filter(|(_, b)| b.ply == ply).count()
}

/// The picture on the classic box that serves a position.
fn classic_box(picture: &str) -> Option<String> {
    let position = TicTacToe::from_picture(picture, Rules::default()).ok()?;
    let lookup = matchboxes().find(&position)?;
    Some(matchboxes().get(lookup.id).name())
}

fn opponent(name: &str) -> Result<Choice, String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    Choice::parse(&words).map_err(|why| format!("the goal's opponent: {why}"))
}

impl Goal {
    /// Checks the goal's own words (opponents, positions, presets).
    pub fn validate(&self) -> Result<(), String> {
        match self {
            Goal::ShowBox(picture) => {
                let position = TicTacToe::from_picture(picture, Rules::default())
                    .map_err(|why| format!("show_box {picture}: {why}"))?;
                matchboxes()
                    .find(&position)
                    .map(|_| ())
                    .ok_or_else(|| format!("show_box {picture}: no box serves that position"))
            }
            Goal::PlayVariant { variant, .. }
            | Goal::SolveVariant(variant)
            | Goal::TrySolve(variant) => variant_kind(variant).map(|_| ()),
            Goal::Solve(picture) => TicTacToe::from_picture(picture, Rules::default())
                .map(|_| ())
                .or_else(|why| {
                    // A picture of another game (crazy's `XO../.X../..O./....`).
                    registry::every_rule_set()
                        .iter()
                        .any(|game| game.from_picture(picture).is_ok())
                        .then_some(())
                        .ok_or(why)
                })
                .map_err(|why| format!("solve {picture}: {why}")),
            Goal::FindBoxes { menace_move } if !(1..=4).contains(menace_move) => {
                Err("find_boxes: MENACE has boxes for its moves 1 to 4".into())
            }
            Goal::DrawShare { percent, .. } if *percent > 100 => {
                Err("a share is at most 100 percent".into())
            }
            Goal::WatchGames { vs, .. } | Goal::DrawShare { vs, .. } | Goal::HintFrom(vs) => {
                opponent(vs).map(|_| ())
            }
            Goal::Train { vs: Some(vs), .. } => opponent(vs).map(|_| ()),
            Goal::Preset(name) => Preset::parse(name)
                .map(|_| ())
                .map_err(|why| format!("the goal's preset: {why}")),
            Goal::Learner(words) => learner_asked(words).map(|_| ()),
            Goal::ShowValues(picture) => TicTacToe::from_picture(picture, Rules::default())
                .map(|_| ())
                .map_err(|why| format!("show_values {picture}: {why}")),
            // Named here one by one, so that a new goal does not compile until it is
            // given its check (or is seen to need none).
            Goal::FindBoxes { .. }
            | Goal::Train { vs: None, .. }
            | Goal::PlayGames(_)
            | Goal::WinGames(_)
            | Goal::DrawGames(_)
            | Goal::RateFork
            | Goal::AskHint
            | Goal::Experiment
            | Goal::SeeSymmetry
            | Goal::SeeForcedMove
            | Goal::Misere
            | Goal::ShowWeights
            | Goal::WeighCell(_)
            | Goal::RefusedMove => Ok(()),
        }
    }

    /// The goal in a few words, for "Done: ...".
    /// What was done, once the goal is met, quoting what the learner was shown where
    /// the goal is to see something in a run of games.
    pub fn describe_met(&self, tally: &Tally) -> String {
        let seen = match self {
            Goal::SeeSymmetry => tally.symmetry_seen.clone(),
            Goal::SeeForcedMove => tally.forced_seen.clone(),
            Goal::RefusedMove => tally.refused_move.clone(),
            // The figures the next step asks about, which the run's curve has pushed
            // off the screen by now.
            Goal::Train { .. } | Goal::DrawShare { .. } => tally.last_run.clone(),
            _ => None,
        };
        match seen {
            Some(seen) => format!("{} ({seen})", self.describe()),
            None => self.describe(),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Goal::PlayGames(1) => "you played a game against MENACE".into(),
            Goal::PlayGames(n) => format!("you played {n} games against MENACE"),
            Goal::WinGames(1) => "you beat MENACE".into(),
            Goal::WinGames(n) => format!("you beat MENACE {n} times"),
            Goal::DrawGames(1) => "you drew with MENACE".into(),
            Goal::DrawGames(n) => format!("you drew with MENACE {n} times"),
            Goal::ShowBox(picture) if picture.chars().all(|cell| cell == '.') => {
                "you opened box 1, the box for the empty board".into()
            }
            Goal::ShowBox(picture) => format!("you opened the box for the position {picture}"),
            Goal::FindBoxes { menace_move } => format!(
                "you found all {} boxes of MENACE's {} move",
                boxes_for_move(*menace_move),
                nth(*menace_move)
            ),
            Goal::WatchGames { vs, games } => format!("you watched {games} games against {vs}"),
            Goal::Train { games, vs: None } => {
                format!("{} games of training", crate::text::grouped(*games))
            }
            Goal::Train {
                games,
                vs: Some(vs),
            } => {
                format!(
                    "{} games of training against {vs}",
                    crate::text::grouped(*games)
                )
            }
            Goal::DrawShare { vs, percent } => {
                format!(
                    "MENACE drew at least {percent}% of the last tenth of a run of {} games or more against {vs}",
                    crate::text::grouped(10 * DRAW_SHARE_LAST_GAMES)
                )
            }
            Goal::RateFork => "rate showed a fork".into(),
            Goal::AskHint => "you asked for a hint".into(),
            Goal::HintFrom(name) => format!("you asked {name} for a hint"),
            Goal::Preset(name) => format!("MENACE now follows the {name} preset"),
            Goal::Experiment => "you ran the experiment".into(),
            Goal::SeeSymmetry => "MENACE used a turned or mirrored box".into(),
            Goal::SeeForcedMove => "MENACE played its forced fifth move".into(),
            Goal::Misere => "you switched to misère rules".into(),
            Goal::Solve(picture) => format!("you solved {picture}"),
            Goal::PlayVariant { variant, games: 1 } => format!("you played a game of {variant}"),
            Goal::PlayVariant { variant, games } => {
                format!("you played {games} games of {variant}")
            }
            Goal::SolveVariant(variant) => format!("you solved {variant}"),
            Goal::TrySolve(variant) => format!("you asked the solver about {variant}"),
            Goal::ShowWeights => "you saw the gomoku bot's weights".into(),
            Goal::WeighCell(cell) if cell == "any" => "you saw what makes a cell's weight".into(),
            Goal::WeighCell(cell) => format!("you saw why {cell} weighs what it does"),
            Goal::RefusedMove => "you saw the rules refuse a move".into(),
            Goal::Learner(words) => format!("{words} now plays you"),
            Goal::ShowValues(picture) => format!("you read the values for {picture}"),
        }
    }

    /// True for a goal that is a setting the next steps rely on (the rules, a preset,
    /// the learner): a skipped exercise with such a goal has its solution typed for
    /// the learner, since nothing else would set it.
    pub fn is_setting(&self) -> bool {
        matches!(self, Goal::Misere | Goal::Preset(_) | Goal::Learner(_))
    }

    /// True when the game open in `session` serves this goal: finishing it, or asking
    /// about its board (a hint, its weights), is what the step asks, so a step entered
    /// with that game open goes on with it rather than waiting for it to end.
    pub fn served_by_open_game(&self, session: &Session) -> bool {
        if session.position().is_none() {
            return false;
        }
        match self {
            Goal::PlayGames(_)
            | Goal::WinGames(_)
            | Goal::DrawGames(_)
            | Goal::AskHint
            | Goal::HintFrom(_)
            | Goal::ShowWeights
            | Goal::WeighCell(_)
            | Goal::RefusedMove => true,
            Goal::PlayVariant { variant, .. } => {
                variant_kind(variant).is_ok_and(|kind| kind == session.game_title())
            }
            // Every other goal is met by commands, not by moves: an open game does not
            // serve it (listed by name, so a new goal must say which it is).
            Goal::ShowBox(_)
            | Goal::WatchGames { .. }
            | Goal::Train { .. }
            | Goal::DrawShare { .. }
            | Goal::RateFork
            | Goal::Preset(_)
            | Goal::Experiment
            | Goal::SeeSymmetry
            | Goal::SeeForcedMove
            | Goal::Misere
            | Goal::Solve(_)
            | Goal::SolveVariant(_)
            | Goal::FindBoxes { .. }
            | Goal::Learner(_)
            | Goal::ShowValues(_)
            | Goal::TrySolve(_) => false,
        }
    }

    /// True once what the learner did since the step began meets the goal.
    pub fn met(&self, tally: &Tally, session: &Session) -> bool {
        match self {
            Goal::PlayGames(n) => tally.played >= *n,
            Goal::WinGames(n) => tally.won >= *n,
            Goal::DrawGames(n) => tally.drawn >= *n,
            Goal::ShowBox(picture) => {
                classic_box(picture).is_some_and(|name| tally.boxes_seen.contains(&name))
            }
            Goal::FindBoxes { menace_move } => {
                tally.boxes_found(*menace_move) >= boxes_for_move(*menace_move)
            }
            Goal::WatchGames { vs, games } => opponent(vs).is_ok_and(|kind| {
                tally
                    .watched
                    .iter()
                    .filter(|(watched, _)| *watched == kind)
                    .map(|(_, count)| count)
                    .sum::<u32>()
                    >= *games
            }),
            Goal::Train { games, vs } => {
                let kind = vs.as_deref().map(opponent);
                tally
                    .trained
                    .iter()
                    .filter(|(trained, _)| match &kind {
                        None => true,
                        Some(Ok(kind)) => trained == kind,
                        Some(Err(_)) => false,
                    })
                    .map(|(_, count)| count)
                    .sum::<u64>()
                    >= *games
            }
            Goal::DrawShare { vs, percent } => opponent(vs).is_ok_and(|kind| {
                tally
                    .draw_shares
                    .iter()
                    .any(|(trained, share)| *trained == kind && share >= percent)
            }),
            Goal::RateFork => tally.rated_fork,
            Goal::ShowWeights => tally.weighed_board,
            Goal::RefusedMove => tally.refused_move.is_some(),
            Goal::WeighCell(cell) => tally
                .cells_weighed
                .iter()
                .any(|weighed| cell == "any" || weighed.eq_ignore_ascii_case(cell)),
            Goal::AskHint => tally.hinted,
            Goal::HintFrom(name) => opponent(name).is_ok_and(|wanted| {
                tally
                    .hints_from
                    .iter()
                    .any(|by| by.row().name == wanted.row().name)
            }),
            Goal::ShowValues(picture) => tally
                .values_seen
                .iter()
                .any(|seen| seen.eq_ignore_ascii_case(picture)),
            Goal::Learner(words) => learner_asked(words).is_ok_and(|(row, params)| {
                session.learner().is_some_and(|learner| {
                    let held = learner.params();
                    learner.kind() == row.name
                        && params.iter().all(|(name, value)| {
                            held.iter()
                                .any(|(own, held)| own == name && (held - value).abs() < 1e-12)
                        })
                })
            }),
            Goal::Preset(name) => Preset::parse(name).is_ok_and(|preset| {
                session
                    .learner()
                    .is_some_and(|learner| learner.preset() == preset)
            }),
            Goal::Experiment => tally.experiment,
            Goal::SeeSymmetry => tally.saw_symmetry,
            Goal::SeeForcedMove => tally.saw_forced,
            Goal::Misere => session.game_title() == "misere",
            Goal::Solve(picture) => tally.solved.iter().any(|solved| solved == picture),
            Goal::PlayVariant { variant, games } => variant_kind(variant).is_ok_and(|kind| {
                tally
                    .variant_games
                    .iter()
                    .filter(|played| **played == kind)
                    .count()
                    >= *games as usize
            }),
            Goal::SolveVariant(variant) => {
                variant_kind(variant).is_ok_and(|kind| tally.variants_solved.contains(&kind))
            }
            // A goal that names a game with no options is met under any of its rule
            // sets: a learner who tried `variant ultimate closed` still asked the solver
            // about ultimate.
            Goal::TrySolve(variant) => variant_kind(variant).is_ok_and(|kind| {
                tally.variants_tried.iter().any(|tried| {
                    *tried == kind
                        || (!variant.trim().contains(' ')
                            && tried.split(' ').next() == Some(kind.as_str()))
                })
            }),
        }
    }
}
