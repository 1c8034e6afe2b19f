//! The census of a small game: every way a game can go and every position it can reach,
//! counted by playing the rules out (not written down), with and without symmetry. It
//! is what `count` prints, so that a lesson's "255,168 different ways" is a figure the
//! program computes.

use super::{AnyGame, Outcome, Player};
use std::collections::{HashMap, HashSet};

/// The most positions a census visits before it gives up: a small game only.
pub const CENSUS_LIMIT: usize = 200_000;

/// The ways a game can go from a position to its end, by result.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ways {
    pub x_wins: u128,
    pub o_wins: u128,
    pub draws: u128,
}

impl Ways {
    pub fn total(&self) -> u128 {
        self.x_wins
            .saturating_add(self.o_wins)
            .saturating_add(self.draws)
    }

    fn add(&mut self, other: Ways) {
        self.x_wins = self.x_wins.saturating_add(other.x_wins);
        self.o_wins = self.o_wins.saturating_add(other.o_wins);
        self.draws = self.draws.saturating_add(other.draws);
    }
}

/// A count of positions, as they are and up to symmetry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Positions {
    pub all: usize,
    pub up_to_symmetry: usize,
}

/// What [`census`] finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    pub ways: Ways,
    /// Every position reachable from the start, the start included.
    pub positions: Positions,
    /// Those where the game is over.
    pub finished: Positions,
    /// Those where X, and where O, is to move with more than one legal move: where a
    /// MENACE playing that side needs a box.
    pub choices: [Positions; 2],
}

/// Why there is no census.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoCensus {
    /// Positions repeat, so the ways a game can go have no end.
    Repeats,
    /// More positions than [`CENSUS_LIMIT`].
    TooBig,
}

/// Counts the game from `start` by playing out every legal move; positions are told
/// apart by their pictures (a game whose positions repeat has none to count).
pub fn census(start: &dyn AnyGame) -> Result<Census, NoCensus> {
    if start.positions_repeat() {
        return Err(NoCensus::Repeats);
    }
    let mut seen: HashMap<String, Ways> = HashMap::new();
    let mut kinds: Vec<Box<dyn AnyGame>> = Vec::new();
    let ways = ways(start, &mut seen, &mut kinds)?;
    let mut census = Census {
        ways,
        positions: Positions::default(),
        finished: Positions::default(),
        choices: [Positions::default(); 2],
    };
    let mut canonical: [HashSet<String>; 4] = Default::default();
    for position in &kinds {
        let image = (0..position.symmetry_count())
            .map(|index| position.transformed(index).picture())
            .min()
            .unwrap_or_else(|| position.picture());
        census.positions.all += 1;
        canonical[0].insert(image.clone());
        if position.outcome().is_some() {
            census.finished.all += 1;
            canonical[1].insert(image);
        } else if position.legal_move_names().len() > 1 {
            let side = usize::from(position.to_move() == Player::O);
            census.choices[side].all += 1;
            canonical[2 + side].insert(image);
        }
    }
    census.positions.up_to_symmetry = canonical[0].len();
    census.finished.up_to_symmetry = canonical[1].len();
    census.choices[0].up_to_symmetry = canonical[2].len();
    census.choices[1].up_to_symmetry = canonical[3].len();
    Ok(census)
}

/// The ways a game can go from `position`, each position's remembered by its picture;
/// every new position is kept in `kinds`.
fn ways(
    position: &dyn AnyGame,
    seen: &mut HashMap<String, Ways>,
    kinds: &mut Vec<Box<dyn AnyGame>>,
) -> Result<Ways, NoCensus> {
    let picture = position.picture();
    if let Some(known) = seen.get(&picture) {
        return Ok(*known);
    }
    if seen.len() >= CENSUS_LIMIT {
        return Err(NoCensus::TooBig);
    }
    let mut found = Ways::default();
    match position.outcome() {
        Some(Outcome::Win(Player::X)) => found.x_wins = 1,
        Some(Outcome::Win(Player::O)) => found.o_wins = 1,
        Some(Outcome::Draw) => found.draws = 1,
        None => {
            for name in position.legal_move_names() {
                let mut next = position.boxed_clone();
                if next.play_move(&name).is_ok() {
                    found.add(ways(next.as_ref(), seen, kinds)?);
                }
            }
        }
    }
    seen.insert(picture, found);
    kinds.push(position.boxed_clone());
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_census_refuses_a_game_too_big_or_without_an_end() {
        let qubic = crate::registry::start(&["qubic"]).unwrap();
        assert_eq!(census(qubic.as_ref()), Err(NoCensus::TooBig));
        let morris = crate::registry::start(&["morris"]).unwrap();
        assert_eq!(census(morris.as_ref()), Err(NoCensus::Repeats));
    }

    #[test]
    fn misere_swaps_the_winners_of_the_classic_census() {
        let classic = census(crate::registry::start(&["classic"]).unwrap().as_ref()).unwrap();
        let misere = census(crate::registry::start(&["misere"]).unwrap().as_ref()).unwrap();
        assert_eq!(classic.ways.x_wins, misere.ways.o_wins);
        assert_eq!(classic.ways.o_wins, misere.ways.x_wins);
        assert_eq!(classic.positions, misere.positions);
    }
}
