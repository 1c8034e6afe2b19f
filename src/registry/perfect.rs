//! `perfect` in the games a solver settles: each such entry names how its game is solved
//! ([`Entry::with_perfect`]), and the player made here chooses among the best moves of
//! the solver's values ([`crate::ai::perfect`]). One solver per game and options is kept
//! for the whole run and shared by every player made for it (a `train` after an `against
//! perfect`, the seeds of an experiment on both cores), so a game is solved once.

use super::{Entry, entry_of};
use crate::ai::alphabeta::Value;
use crate::ai::perfect::{
    ByAlphaBeta, ByExhaustive, ByPoints, ByRetrograde, PerfectPlay, SharedValues,
};
use crate::game::quantum::Quantum;
use crate::game::{AnyGame, Declared, Game};
use crate::menace::opponent::{Moves, OnBoard, Seated, TypedAi};
use rand::Rng;
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// The most positions alpha-beta may look at to value the moves of one position (the
/// cube's first question needs a few thousand, quantum tic-tac-toe's search over points
/// keeps about 1.3 million): enough for the games it settles, and a refusal within
/// seconds where it cannot (mnk 7x7).
pub const POSITIONS_PER_QUESTION: u64 = 5_000_000;

/// The most positions a retrograde analysis may list (Morris has about 5,500).
const LISTED_AT_MOST: usize = 20_000_000;

/// How an entry's game is solved for perfect play: a solver for `game`'s rules, or why
/// there is none.
pub(super) type MakeValues = fn(&dyn AnyGame) -> Result<Box<dyn Any + Send + Sync>, String>;

impl Entry {
    /// The same entry with perfect play from this solver.
    pub(super) const fn with_perfect(mut self, values: MakeValues) -> Entry {
        self.perfect = Some(values);
        self
    }

    /// The same entry with perfect play of its own kind: made by `values`, and seated
    /// by `seat` (where the player is not a choice among valued moves, as in Qubic,
    /// which plays from a proof).
    pub(super) const fn with_perfect_seated(
        mut self,
        values: MakeValues,
        seat: SeatPerfect,
    ) -> Entry {
        self.perfect = Some(values);
        self.seat_perfect = seat;
        self
    }
}

/// Whether `perfect` can be asked to play `game`: its entry names a solver (which may
/// still find the chosen size too big, and say so when the player is made).
pub fn has_perfect(game: &dyn AnyGame) -> bool {
    entry_of(game).is_some_and(|entry| entry.perfect.is_some())
}

/// A perfect player for `game`, or the sentence saying why there is none: the game has
/// no solver, or its solver cannot value the moves of the start within its budget.
pub fn perfect_player(game: &dyn AnyGame) -> Result<Box<dyn Seated>, String> {
    let entry = entry_of(game).ok_or_else(|| format!("{} is not registered", game.title()))?;
    let make = entry
        .perfect
        .ok_or_else(|| "no solver settles it".to_string())?;
    let values = solved(game, make)?;
    (entry.seat_perfect)(values.as_ref(), game)
}

/// The solver kept for `game`'s rules, made (and its first question asked) the first
/// time; a failure is kept too, so a game too big is not searched twice.
fn solved(game: &dyn AnyGame, make: MakeValues) -> Result<Arc<dyn Any + Send + Sync>, String> {
    type Kept = HashMap<String, Result<Arc<dyn Any + Send + Sync>, String>>;
    static KEPT: OnceLock<Mutex<Kept>> = OnceLock::new();
    let kept = KEPT.get_or_init(|| Mutex::new(HashMap::new()));
    let title = game.title();
    if let Some(found) = kept
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&title)
    {
        return found.clone();
    }
    // Solved without the lock held: a search may take seconds, and Ctrl-C stops it
    // (the answer is then not kept).
    let made = make(game).map(Arc::from);
    if made.is_ok() || !crate::stop::requested() {
        kept.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(title, made.clone());
    }
    made
}

/// Seats the solver kept for game `G` as a player of `game` (a `G` too).
pub(super) type SeatPerfect =
    fn(&(dyn Any + Send + Sync), &dyn AnyGame) -> Result<Box<dyn Seated>, String>;

/// [`SeatPerfect`] for game `G`.
pub(super) fn seat<G: Declared>(
    values: &(dyn Any + Send + Sync),
    game: &dyn AnyGame,
) -> Result<Box<dyn Seated>, String> {
    let values = values
        .downcast_ref::<SharedValues<G>>()
        .ok_or_else(|| format!("the solver kept for {} is of another game", game.title()))?;
    Ok(Box::new(OnBoard::new(Perfect(PerfectPlay::new(
        Arc::clone(values),
    )))))
}

/// The typed start of `game` (a `G`), where its moves are first valued.
fn start_of<G: Declared>(game: &dyn AnyGame) -> Result<G, String> {
    game.restart()
        .position::<G>()
        .cloned()
        .ok_or_else(|| format!("{} is not the game its entry starts", game.title()))
}

/// Asks the solver its first question, the moves of the start, and keeps it if it can
/// answer: otherwise the game is too big for it.
pub(super) fn keep<G: Declared>(
    start: &G,
    mut values: Box<dyn crate::ai::perfect::MoveValues<G>>,
) -> Result<Box<dyn Any + Send + Sync>, String> {
    if values.move_values(start).is_none() {
        return Err(format!(
            "its solver cannot value the first moves within {} positions",
            crate::text::grouped(POSITIONS_PER_QUESTION)
        ));
    }
    let shared: SharedValues<G> = Arc::new(Mutex::new(values));
    Ok(Box::new(shared))
}

/// Perfect play by alpha-beta, for games whose positions never repeat.
pub(super) fn by_alpha_beta<G: Declared>(
    game: &dyn AnyGame,
) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = start_of::<G>(game)?;
    keep(
        &start,
        Box::new(ByAlphaBeta::<G>::new(POSITIONS_PER_QUESTION)),
    )
}

/// The most positions an exhaustive search may value (about 20 bytes each): Silverman
/// 4x4 has about 1.3 million up to symmetry.
const VALUED_AT_MOST: usize = 6_000_000;

/// Perfect play from every position's value, for small games whose positions never
/// repeat (Silverman 4x4, the small mnk boards): alpha-beta where there are too many.
pub(super) fn by_exhaustive<G: Declared>(
    game: &dyn AnyGame,
) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = start_of::<G>(game)?;
    match keep(&start, Box::new(ByExhaustive::<G>::new(VALUED_AT_MOST))) {
        Err(_) if !crate::stop::requested() => by_alpha_beta::<G>(game),
        made => made,
    }
}

/// Perfect play from a retrograde analysis of every position, for games whose
/// positions repeat (Morris).
pub(super) fn by_retrograde<G: Declared>(
    game: &dyn AnyGame,
) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = start_of::<G>(game)?;
    let table =
        ByRetrograde::analyse(&start, G::without_history, LISTED_AT_MOST).ok_or_else(|| {
            format!(
                "it has more than {} positions to list",
                crate::text::grouped(LISTED_AT_MOST as u64)
            )
        })?;
    keep(&start, Box::new(table))
}

/// Perfect play in quantum tic-tac-toe, by its search over points.
pub(super) fn by_points(game: &dyn AnyGame) -> Result<Box<dyn Any + Send + Sync>, String> {
    let start = start_of::<Quantum>(game)?;
    keep(&start, Box::new(ByPoints::new(POSITIONS_PER_QUESTION)))
}

/// The perfect player in game `G`'s own types.
#[derive(Debug, Clone)]
struct Perfect<G: Game>(PerfectPlay<G>);

impl<G: Game> Moves<G> for Perfect<G> {
    fn choose(&mut self, position: &G, rng: &mut dyn Rng) -> Option<G::Move> {
        self.0.choose(position, rng)
    }
}

impl<G: Game + 'static> TypedAi<G> for Perfect<G> {
    fn explain(&mut self, position: &G, rng: &mut dyn Rng) -> Option<(G::Move, Option<String>)> {
        let mv = self.0.choose(position, rng)?;
        let value = self.0.best(position)?.value;
        // A loss is the best there is, or perfect would not choose it.
        let rest = if value.margin() < 0 {
            ", and no move does better"
        } else {
            ""
        };
        Some((
            mv,
            Some(format!(
                "{} is {} with best play on both sides{rest}.",
                position.move_name(mv),
                value_words(value)
            )),
        ))
    }
}

/// A value in words: its distance where the solver counts the moves to it.
fn value_words(value: Value) -> String {
    match value {
        // A search over points values a result, not the moves to it.
        Value::Win(0) => "a win".into(),
        Value::Loss(0) => "a loss".into(),
        Value::HalfWin(0) => "a win by 1 point to ½".into(),
        Value::HalfLoss(0) => "a loss by ½ point to 1".into(),
        _ => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Perfect's reason says the value of its move, and where it loses, that nothing
    /// does better (mnk 3x4, three in a row: the first player wins in 7 half-moves).
    #[test]
    fn perfect_says_what_its_move_is_worth() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut game = crate::registry::start(&["mnk", "3x4"]).unwrap();
        let mut perfect = perfect_player(game.as_ref()).unwrap();
        let (first, why) = perfect.choose(game.as_ref(), &mut rng).unwrap();
        assert_eq!(
            why.unwrap(),
            format!("{first} is a win in 7 half-moves with best play on both sides.")
        );
        game.play_move(&first).unwrap();
        let (reply, why) = perfect.hint(game.as_ref(), &mut rng).unwrap();
        assert_eq!(
            why.unwrap(),
            format!(
                "{reply} is a loss in 6 half-moves with best play on both sides, and no move \
                 does better."
            )
        );
    }
}
