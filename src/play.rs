//! Matches and training runs: who moves, what the results were, learning curves.
//!
//! MENACE plays X; the opponent plays O. Training runs at full speed: the random and
//! perfect opponents read precomputed tables, MENACE's boxes are found by table, and
//! nothing is allocated per game.

use crate::ai::alphabeta::Searcher;
use crate::ai::lookahead::{self, Fin, Lookahead};
use crate::ai::mcts::Mcts;
use crate::ai::minimax::Solver;
use crate::ai::rating::{self, Rating};
use crate::ai::teacher::{self, Opening};
use crate::ai::{Agent, best_moves};
use crate::game::{Game, Player, Rules, Square, TicTacToe};
use crate::menace::learn::Record;
use crate::menace::{Drawn, GameResult, Menace, Preset, Turn, matchboxes};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::OnceLock;

/// Who MENACE can play against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpponentKind {
    /// A uniformly random legal move.
    Random,
    /// Seed 003's minimax: the first best move.
    Minimax,
    /// Minimax values, a random choice among all best moves.
    Perfect,
    /// Seed 001's rating heuristic at a level (0 proportional, 1 best).
    Rating(u8),
    /// Seed 001's NextStep search to a depth, with its rule for a draw (`Fin::Seed`:
    /// the seed's, every line blocked; `Fin::FullBoard`: the board full).
    Lookahead(u32, Fin),
    /// The rule-based teacher, opening (as X) in a corner or, as seed 001's strategy
    /// text does, in the centre.
    Teacher(Opening),
    /// A second MENACE, learning as O.
    Menace,
    /// Generic alpha-beta search, with its positions or time a move (`None`: the
    /// session's effort).
    AlphaBeta(Option<Thinking>),
    /// Generic Monte-Carlo tree search, with its playouts or time a move (`None`: the
    /// session's effort).
    Mcts(Option<Thinking>),
    /// Seed 003's gomoku bot: the heaviest cell by its attack weights.
    Attack,
    /// The gomoku threat-space searcher, with its time a move (`None`: one second).
    Threats(Option<Thinking>),
    /// Seed 001's 3-D giveaway strategy: the centre, then the cell opposite.
    Mirror,
}

impl OpponentKind {
    /// For the AIs that play only one family of games, not every game: which.
    pub fn only_in(self) -> Option<&'static str> {
        match self {
            OpponentKind::Attack | OpponentKind::Threats(_) => Some("gomoku (five in a row)"),
            OpponentKind::Mirror => Some("the 3x3x3 cube"),
            _ => None,
        }
    }
}

pub use crate::ai::{MAX_MILLIS, Thinking};

/// The opponents in the order `help` lists them.
pub const OPPONENT_NAMES: [&str; 12] = [
    "random",
    "minimax",
    "perfect",
    "rating",
    "lookahead",
    "teacher",
    "menace",
    "alphabeta",
    "mcts",
    "attack",
    "threats",
    "mirror",
];

/// The deepest `lookahead` allowed (the whole game is 9 half-moves).
pub const MAX_DEPTH: u32 = 9;

/// The most playouts a move `mcts N` may ask for (a few seconds a move).
pub const MAX_PLAYOUTS: u32 = crate::ai::mcts::MAX_PLAYOUTS;

/// The most positions a move `alphabeta N` may ask for (a few seconds a move).
pub const MAX_POSITIONS: u64 = 100_000_000;

impl OpponentKind {
    /// Reads a name with its optional number or word: `rating 0`, `lookahead 3`,
    /// `lookahead 4 full-board`, `teacher centre`, `perfect`.
    pub fn parse(words: &[&str]) -> Result<OpponentKind, String> {
        let Some((name, rest)) = words.split_first() else {
            return Err(format!("name an opponent: {}", OPPONENT_NAMES.join(", ")));
        };
        let number = |default: u32, max: u32| -> Result<u32, String> {
            match rest {
                [] => Ok(default),
                [n] => n
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= max)
                    .ok_or_else(|| format!("{name} takes a number up to {max}, not \"{n}\"")),
                [_, extra @ ..] => Err(format!("{name} does not take \"{}\"", extra.join(" "))),
            }
        };
        let plain = |kind: OpponentKind| {
            if rest.is_empty() {
                Ok(kind)
            } else {
                Err(format!("{name} does not take \"{}\"", rest.join(" ")))
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "random" => plain(OpponentKind::Random),
            "minimax" => plain(OpponentKind::Minimax),
            "perfect" => plain(OpponentKind::Perfect),
            "teacher" => match rest {
                [] => Ok(OpponentKind::Teacher(Opening::Corner)),
                [word] => Opening::parse(word)
                    .map(OpponentKind::Teacher)
                    .ok_or_else(|| {
                        format!(
                            "teacher takes {} (where X opens), not \"{}\"",
                            Opening::WORDS.join(" or "),
                            crate::files::shown(word, 20)
                        )
                    }),
                [_, extra @ ..] => Err(format!("teacher does not take \"{}\"", extra.join(" "))),
            },
            "menace" => plain(OpponentKind::Menace),
            "attack" => plain(OpponentKind::Attack),
            "mirror" => plain(OpponentKind::Mirror),
            "threats" => match rest {
                [] => Ok(OpponentKind::Threats(None)),
                [time] => time
                    .to_ascii_lowercase()
                    .strip_suffix("ms")
                    .and_then(|millis| millis.parse::<u32>().ok())
                    .filter(|millis| (1..=MAX_MILLIS).contains(millis))
                    .map(|millis| OpponentKind::Threats(Some(Thinking::Millis(millis))))
                    .ok_or_else(|| {
                        format!(
                            "threats takes its time a move, 1ms to {MAX_MILLIS}ms, not \"{}\"",
                            crate::files::shown(time, 20)
                        )
                    }),
                [_, extra @ ..] => Err(format!("threats does not take \"{}\"", extra.join(" "))),
            },
            "alphabeta" | "mcts" => {
                let (unit, max) = if name.eq_ignore_ascii_case("mcts") {
                    ("playouts", u64::from(MAX_PLAYOUTS))
                } else {
                    ("positions", MAX_POSITIONS)
                };
                let name = name.to_ascii_lowercase();
                let thinking = match rest {
                    [] => None,
                    [budget] => Some(Thinking::parse(budget, &name, unit, max)?),
                    [_, extra @ ..] => {
                        return Err(format!("{name} does not take \"{}\"", extra.join(" ")));
                    }
                };
                Ok(if name == "mcts" {
                    OpponentKind::Mcts(thinking)
                } else {
                    OpponentKind::AlphaBeta(thinking)
                })
            }
            "rating" => number(1, 1).map(|level| OpponentKind::Rating(level as u8)),
            "lookahead" => lookahead::parse_options(rest, MAX_DEPTH)
                .map(|(depth, fin)| OpponentKind::Lookahead(depth, fin)),
            _ => Err(format!(
                "there is no opponent \"{name}\": choose {}",
                OPPONENT_NAMES.join(", ")
            )),
        }
    }
}

impl fmt::Display for OpponentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpponentKind::Random => write!(f, "random"),
            OpponentKind::Minimax => write!(f, "minimax"),
            OpponentKind::Perfect => write!(f, "perfect"),
            OpponentKind::Rating(level) => write!(f, "rating {level}"),
            OpponentKind::Lookahead(depth, Fin::Seed) => write!(f, "lookahead {depth}"),
            OpponentKind::Lookahead(depth, fin) => write!(f, "lookahead {depth} {}", fin.word()),
            OpponentKind::Teacher(Opening::Corner) => write!(f, "teacher"),
            OpponentKind::Teacher(opening) => write!(f, "teacher {}", opening.word()),
            OpponentKind::Menace => write!(f, "menace"),
            OpponentKind::AlphaBeta(None) => write!(f, "alphabeta"),
            OpponentKind::AlphaBeta(Some(thinking)) => write!(f, "alphabeta {thinking}"),
            OpponentKind::Mcts(None) => write!(f, "mcts"),
            OpponentKind::Mcts(Some(thinking)) => write!(f, "mcts {thinking}"),
            OpponentKind::Attack => write!(f, "attack"),
            OpponentKind::Threats(None) => write!(f, "threats"),
            OpponentKind::Threats(Some(thinking)) => write!(f, "threats {thinking}"),
            OpponentKind::Mirror => write!(f, "mirror"),
        }
    }
}

/// For every board code, the best moves (a bit per cell) for the player to move under
/// perfect play, solved once per rule set by minimax.
pub fn perfect_moves(rules: Rules) -> &'static [u16] {
    static CLASSIC: OnceLock<Vec<u16>> = OnceLock::new();
    static MISERE: OnceLock<Vec<u16>> = OnceLock::new();
    let cell = if rules.misere { &MISERE } else { &CLASSIC };
    cell.get_or_init(|| {
        let mut solver = Solver::new();
        let mut table = vec![0u16; 19_683];
        for reachable in crate::menace::boxes::reachable_positions() {
            let Some(position) = TicTacToe::from_code(reachable.code(), rules) else {
                continue;
            };
            table[position.code()] = best_moves(solver.move_scores(&position))
                .iter()
                .fold(0, |mask, square| mask | 1 << square.index());
        }
        table
    })
}

/// A uniformly random cell among the bits of `mask`.
fn random_cell(mask: u16, rng: &mut dyn Rng) -> Option<Square> {
    let count = mask.count_ones();
    if count == 0 {
        return None;
    }
    let mut skip = rng.random_range(0..count);
    let mut rest = mask;
    loop {
        let cell = rest.trailing_zeros() as usize;
        if skip == 0 {
            return Square::new(cell);
        }
        skip -= 1;
        rest &= rest - 1;
    }
}

/// A move an opponent made, with its reason when it has one to give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpponentMove {
    pub square: Square,
    pub reason: Option<String>,
}

/// An opponent ready to play, with whatever it remembers between moves and games.
#[derive(Debug, Clone)]
pub enum Opponent {
    Random,
    Minimax,
    Perfect,
    Rating(Rating),
    Lookahead(Lookahead),
    Teacher(Opening),
    Menace {
        menace: Box<Menace>,
        drawn: Vec<Drawn>,
    },
    /// With the budget it was asked for, to name it again.
    AlphaBeta(Searcher, Option<Thinking>),
    Mcts(Mcts, Option<Thinking>),
}

impl Opponent {
    /// A fresh opponent; a MENACE opponent starts with fresh boxes under `preset`.
    pub fn new(kind: OpponentKind, preset: Preset, rng: &mut dyn Rng) -> Opponent {
        match kind {
            OpponentKind::Random => Opponent::Random,
            OpponentKind::Minimax => Opponent::Minimax,
            OpponentKind::Perfect => Opponent::Perfect,
            OpponentKind::Rating(level) => Opponent::Rating(Rating { level }),
            OpponentKind::Lookahead(depth, fin) => Opponent::Lookahead(Lookahead {
                depth,
                budget: u64::MAX,
                fin,
            }),
            OpponentKind::Teacher(opening) => Opponent::Teacher(opening),
            OpponentKind::Menace => Opponent::Menace {
                menace: Box::new(Menace::new_for(Player::O, preset, rng)),
                drawn: Vec::new(),
            },
            OpponentKind::AlphaBeta(thinking) => Opponent::AlphaBeta(
                Searcher::thinking(thinking, Searcher::default().budget),
                thinking,
            ),
            OpponentKind::Mcts(thinking) => {
                Opponent::Mcts(Mcts::thinking(thinking, Mcts::default().playouts), thinking)
            }
            // The gomoku bots and the cube's mirror have no move on the classic board;
            // `Rival::new` refuses them there, so random play stands in only if a caller
            // skips that check.
            OpponentKind::Attack | OpponentKind::Threats(_) | OpponentKind::Mirror => {
                Opponent::Random
            }
        }
    }

    pub fn kind(&self) -> OpponentKind {
        match self {
            Opponent::Random => OpponentKind::Random,
            Opponent::Minimax => OpponentKind::Minimax,
            Opponent::Perfect => OpponentKind::Perfect,
            Opponent::Rating(rating) => OpponentKind::Rating(rating.level),
            Opponent::Lookahead(lookahead) => {
                OpponentKind::Lookahead(lookahead.depth, lookahead.fin)
            }
            Opponent::Teacher(opening) => OpponentKind::Teacher(*opening),
            Opponent::Menace { .. } => OpponentKind::Menace,
            Opponent::AlphaBeta(_, thinking) => OpponentKind::AlphaBeta(*thinking),
            Opponent::Mcts(_, thinking) => OpponentKind::Mcts(*thinking),
        }
    }

    /// Its move, fast: no reasons. `None` once the game is over.
    pub fn choose(&mut self, board: &TicTacToe, rng: &mut dyn Rng) -> Option<Square> {
        if board.is_over() {
            return None;
        }
        match self {
            Opponent::Random => random_cell(board.empty_mask(), rng),
            Opponent::Minimax => {
                let best = perfect_moves(board.rules())[board.code()];
                Square::new(best.trailing_zeros() as usize)
            }
            Opponent::Perfect => random_cell(perfect_moves(board.rules())[board.code()], rng),
            Opponent::Rating(rating) => rating.choose(board, rng),
            Opponent::Lookahead(lookahead) => lookahead.choose(board, rng),
            Opponent::Teacher(opening) => {
                teacher::advise_opening(board, *opening).map(|advice| advice.square)
            }
            Opponent::AlphaBeta(searcher, _) => searcher.choose(board, rng),
            Opponent::Mcts(mcts, _) => mcts.choose(board, rng),
            Opponent::Menace { menace, drawn } => match menace.take_turn(board, rng).ok()? {
                turn @ Turn::Drew { square, .. } => {
                    drawn.extend(turn.drawn());
                    Some(square)
                }
                Turn::Forced(square) => Some(square),
                // Resigning is not a move: with no beads it plays at random.
                Turn::Resigned(_) => random_cell(board.empty_mask(), rng),
            },
        }
    }

    /// Its move with a one-sentence reason, for watching and hints.
    pub fn choose_explained(
        &mut self,
        board: &TicTacToe,
        rng: &mut dyn Rng,
    ) -> Option<OpponentMove> {
        let reason = match self {
            Opponent::Teacher(opening) => {
                let advice = teacher::advise_opening(board, *opening)?;
                return Some(OpponentMove {
                    square: advice.square,
                    reason: Some(advice.reason),
                });
            }
            Opponent::Rating(_) => Some(rating::ratings(board)),
            _ => None,
        };
        let square = self.choose(board, rng)?;
        let reason = match (self.kind(), reason) {
            (OpponentKind::Rating(_), Some(ray)) => Some(format!(
                "{square} has rating {}; the highest here is {}.",
                ray[square.index()],
                ray.iter().max().copied().unwrap_or(0)
            )),
            (OpponentKind::Lookahead(depth, fin), _) => lookahead::rate_moves(board, depth, fin)
                .into_iter()
                .find(|(mv, _)| *mv == square)
                .map(|(_, rating)| {
                    format!(
                        "{square} rates {rating} looking {depth} half-moves ahead: {}.",
                        scale_words(rating)
                    )
                }),
            (OpponentKind::Minimax | OpponentKind::Perfect, _) => {
                let value = Solver::new()
                    .move_scores(board)
                    .into_iter()
                    .find(|(mv, _)| *mv == square)
                    .map_or(0, |(_, score)| score);
                Some(format!(
                    "{square} scores {value:+} with best play on both sides: {}.",
                    match value {
                        v if v > 0 => "a win",
                        0 => "a draw",
                        _ => "a loss, whatever it does",
                    }
                ))
            }
            _ => None,
        };
        Some(OpponentMove { square, reason })
    }

    /// The game is over: a MENACE opponent learns from it.
    pub fn game_over(&mut self, board: &TicTacToe) {
        if let (Opponent::Menace { menace, drawn }, Some(outcome)) = (self, board.outcome()) {
            menace.reinforce(drawn, GameResult::for_side(outcome, Player::O));
            drawn.clear();
        }
    }
}

/// What a NextStep rating means, in words.
pub fn scale_words(rating: u8) -> String {
    match rating {
        32 => "a win at once".into(),
        25..=31 => format!("a win {} half-moves later", 32 - rating),
        24 => "a certain draw".into(),
        16 => "unknown at this depth".into(),
        8 => "a loss at once".into(),
        9..=15 => format!("a loss {} half-moves later", rating - 8),
        _ => "in between".into(),
    }
}

/// How one game ended for MENACE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    /// MENACE gave up on an empty box.
    pub resigned: bool,
}

/// Plays one whole game, MENACE (X) against `opponent` (O), and lets both learn.
/// `drawn` is scratch space, reused between games.
pub fn play_game(
    menace: &mut Menace,
    opponent: &mut Opponent,
    rules: Rules,
    rng: &mut dyn Rng,
    drawn: &mut Vec<Drawn>,
) -> GameEnd {
    drawn.clear();
    let mut board = TicTacToe::new(rules);
    let mut resigned = false;
    while !board.is_over() {
        let square = if board.to_move() == Player::X {
            match menace.take_turn(&board, rng) {
                Ok(turn @ Turn::Drew { square, .. }) => {
                    drawn.extend(turn.drawn());
                    square
                }
                Ok(Turn::Forced(square)) => square,
                Ok(Turn::Resigned(_)) | Err(_) => {
                    resigned = true;
                    break;
                }
            }
        } else {
            match opponent.choose(&board, rng) {
                Some(square) => square,
                None => break,
            }
        };
        board.place(square);
    }
    let result = if resigned {
        GameResult::Lost
    } else {
        board.outcome().map_or(GameResult::Drew, |outcome| {
            GameResult::for_side(outcome, Player::X)
        })
    };
    menace.reinforce(drawn, result);
    opponent.game_over(&board);
    GameEnd { result, resigned }
}

/// One window of a learning curve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CurvePoint {
    /// Games played by the end of this window.
    pub games: u64,
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
    /// Beads in MENACE's first box at the end of the window.
    pub first_box: u64,
}

impl CurvePoint {
    pub fn window_games(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

/// What a training run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrainingReport {
    pub opponent: OpponentKind,
    /// Games asked for.
    pub asked: u64,
    pub overall: Record,
    /// The last tenth of the games played (at least one game).
    pub last_tenth: Record,
    pub curve: Vec<CurvePoint>,
    /// Set when MENACE stopped early because its first box ran empty.
    pub refused_after: Option<u64>,
    /// The run was stopped (Ctrl-C) before all the games asked for were played; the ones
    /// played count, and MENACE keeps what it learned from them.
    pub stopped: bool,
}

impl TrainingReport {
    /// The learning curve as CSV: one row per window.
    pub fn curve_csv(&self) -> String {
        let mut csv = String::from("games,won,drawn,lost,first_box_beads\n");
        for point in &self.curve {
            csv.push_str(&format!(
                "{},{},{},{},{}\n",
                point.games, point.won, point.drawn, point.lost, point.first_box
            ));
        }
        csv
    }
}

/// How many windows a learning curve has at most.
pub const CURVE_WINDOWS: u64 = 20;

/// Plays `games` training games at full speed. `progress` is told how many games are
/// done every few games (for a progress bar) and answers whether to go on: `false` stops
/// the run there (Ctrl-C).
pub fn train(
    menace: &mut Menace,
    opponent: &mut Opponent,
    games: u64,
    rules: Rules,
    rng: &mut dyn Rng,
    progress: &mut dyn FnMut(u64) -> bool,
) -> TrainingReport {
    let window = games.div_ceil(CURVE_WINDOWS).max(1);
    let last_tenth_from = games - (games / 10).max(1).min(games);
    let first_box = matchboxes()
        .find(&TicTacToe::default())
        .map(|lookup| lookup.id);
    let mut report = TrainingReport {
        opponent: opponent.kind(),
        asked: games,
        overall: Record::default(),
        last_tenth: Record::default(),
        curve: Vec::new(),
        refused_after: None,
        stopped: false,
    };
    let mut point = CurvePoint::default();
    let mut drawn = Vec::with_capacity(5);
    for game in 0..games {
        if menace.refuses_to_play().is_some() {
            report.refused_after = Some(game);
            break;
        }
        let end = play_game(menace, opponent, rules, rng, &mut drawn);
        report.overall.add(end.result);
        if game >= last_tenth_from {
            report.last_tenth.add(end.result);
        }
        match end.result {
            GameResult::Won => point.won += 1,
            GameResult::Drew => point.drawn += 1,
            GameResult::Lost => point.lost += 1,
        }
        if (game + 1) % window == 0 || game + 1 == games {
            point.games = game + 1;
            point.first_box = first_box.map_or(0, |id| menace.total(id));
            report.curve.push(point);
            point = CurvePoint::default();
        }
        // Often enough that Ctrl-C stops within a fraction of a second even against
        // the slowest opponent, rarely enough to cost nothing against the fastest.
        if (game + 1) % 8 == 0 && game + 1 < games && !progress(game + 1) {
            report.stopped = true;
            break;
        }
    }
    if point.window_games() > 0 {
        point.games = report.overall.games();
        point.first_box = first_box.map_or(0, |id| menace.total(id));
        report.curve.push(point);
    }
    let _ = progress(report.overall.games());
    report
}

/// One run of the learning experiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunOutcome {
    /// It lost none of the next [`SAFE_STREAK`] games after this many games.
    Safe(u64),
    /// Its first box ran empty after this many games, so it refused to play on.
    Refused(u64),
    /// Still losing when the limit was reached.
    Unfinished,
}

/// The loss-free stretch that counts as having learned.
pub const SAFE_STREAK: u64 = 100;

/// The most games one run of the experiment may take before it counts as unfinished.
pub const EXPERIMENT_LIMIT: u64 = 200_000;

/// Trains a fresh MENACE under `preset` against `perfect` until it loses none of
/// [`SAFE_STREAK`] games in a row, its first box runs empty, or `limit` games pass.
pub fn games_until_safe(preset: Preset, seed: u64, limit: u64) -> RunOutcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut menace = Menace::new(preset, &mut rng);
    let mut opponent = Opponent::Perfect;
    let mut drawn = Vec::with_capacity(5);
    let mut last_loss_end = 0;
    for game in 0..limit {
        if menace.refuses_to_play().is_some() {
            return RunOutcome::Refused(game);
        }
        let end = play_game(
            &mut menace,
            &mut opponent,
            Rules::default(),
            &mut rng,
            &mut drawn,
        );
        if end.result == GameResult::Lost {
            last_loss_end = game + 1;
        } else if game + 1 - last_loss_end >= SAFE_STREAK {
            return RunOutcome::Safe(last_loss_end);
        }
    }
    RunOutcome::Unfinished
}

/// The experiment over many seeds for one preset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Experiment {
    pub preset: Preset,
    pub runs: Vec<RunOutcome>,
    pub limit: u64,
}

impl Experiment {
    /// Runs seeds `0..seeds`; Ctrl-C ends it after the run in progress (see
    /// [`crate::stop`]), with fewer runs.
    pub fn run(preset: Preset, seeds: u64, limit: u64) -> Experiment {
        Experiment {
            preset,
            runs: (0..seeds)
                .take_while(|_| !crate::stop::requested())
                .map(|seed| games_until_safe(preset, seed, limit))
                .collect(),
            limit,
        }
    }

    /// The median number of games until safe, over the runs that got there.
    pub fn median_safe(&self) -> Option<u64> {
        let mut safe: Vec<u64> = self
            .runs
            .iter()
            .filter_map(|run| match run {
                RunOutcome::Safe(games) => Some(*games),
                _ => None,
            })
            .collect();
        safe.sort_unstable();
        safe.get(safe.len() / 2).copied()
    }

    pub fn count(&self, wanted: fn(&RunOutcome) -> bool) -> usize {
        self.runs.iter().filter(|run| wanted(run)).count()
    }
}

#[cfg(test)]
mod tests;
