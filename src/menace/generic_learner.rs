//! The generic MENACE ([`GenericMenace`]) behind the [`Learner`] trait, so that the
//! console plays, lists and trains it exactly as it does the classic one.

use super::generic::{GenericDrawn, GenericMenace, GenericTurn, GenericTurnError};
use super::learner::{
    BeadChange, BoxMatch, BoxSummary, DrawnBead, Learner, LearnerError, MenaceMove,
};
use super::{DEFAULT_BOX_LIMIT, GameResult, Preset, Record};
use crate::game::{AnyGame, Playing};
use crate::game::{Declared, Game, Player};
use rand::Rng;

/// MENACE for game `G`, its boxes made as positions are first met.
#[derive(Debug, Clone)]
pub struct GenericLearner<G: Game>(pub GenericMenace<G>);

/// A fresh generic MENACE for `side` of `G` under `preset`.
pub fn new<G: Declared>(side: Player, preset: Preset, box_limit: usize) -> Box<dyn Learner> {
    Box::new(GenericLearner(GenericMenace::<G>::new(
        side, preset, box_limit,
    )))
}

/// How many boxes a MENACE playing `side` needs: one for every position reachable from
/// `game` where it has a choice, up to symmetry, counted per ply; `Err` with the limit
/// when there are more than `limit`.
pub fn count_boxes<G: Game>(
    game: &G,
    side: Player,
    limit: usize,
) -> Result<Vec<(usize, usize)>, usize> {
    // The michie preset's fixed counts: filling draws nothing at random.
    let mut menace = GenericMenace::<G>::new(side, Preset::michie(), limit);
    let mut unused = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
    menace
        .fill_reachable(game, &mut unused)
        .map_err(|_| limit)?;
    let mut plies: Vec<(usize, usize)> = Vec::new();
    for (_, matchbox) in menace.boxes() {
        match plies.iter_mut().find(|(ply, _)| *ply == matchbox.ply()) {
            Some((_, count)) => *count += 1,
            None => plies.push((matchbox.ply(), 1)),
        }
    }
    plies.sort_unstable();
    Ok(plies)
}

/// A generic MENACE for `side` of `G` with the boxes of a save file, every one checked.
pub fn restore<G: Declared>(
    game: &G,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &super::learner::SavedBoxes,
) -> Result<Box<dyn Learner>, String> {
    let mut menace = GenericMenace::<G>::new(side, preset, DEFAULT_BOX_LIMIT);
    menace.set_record(record);
    for (key, counts) in boxes {
        let position = game
            .from_picture(key)
            .map_err(|why| format!("box \"{key}\" is not a position: {why}"))?;
        // Pictures and bead names exactly as `save` writes them: two spellings of one
        // box or one move would otherwise be two entries for the same thing.
        if position.picture() != *key {
            return Err(format!(
                "box \"{key}\" is written \"{}\" in a save file",
                position.picture()
            ));
        }
        let moves = position.legal_moves();
        let mut beads = vec![0u32; moves.len()];
        let mut given = vec![false; moves.len()];
        for (bead, count) in counts {
            let index = position
                .parse_move(bead)
                .ok()
                .and_then(|mv| moves.iter().position(|legal| *legal == mv))
                .ok_or_else(|| {
                    format!("box {key} has beads for \"{bead}\", not a legal move there")
                })?;
            let name = position.move_name(moves[index]);
            if name != *bead {
                return Err(format!(
                    "box {key} names the move {name} \"{bead}\"; a save file writes {name}"
                ));
            }
            if std::mem::replace(&mut given[index], true) {
                return Err(format!("box {key} gives the beads on {bead} twice"));
            }
            beads[index] = super::learner::saved_count(key, bead, *count)?;
        }
        menace
            .restore_box(&position, beads)
            .map_err(|why| format!("box \"{key}\": {why}"))?;
    }
    Ok(Box::new(GenericLearner(menace)))
}

/// The console's record of drawn beads in the generic learner's own terms.
fn generic_drawn(drawn: &[DrawnBead]) -> Vec<GenericDrawn> {
    drawn
        .iter()
        .map(|drawn| GenericDrawn {
            box_index: drawn.box_index,
            bead: drawn.bead,
        })
        .collect()
}

impl<G: Declared> GenericLearner<G> {
    fn typed(position: &dyn AnyGame) -> Option<&G> {
        position
            .as_any()
            .downcast_ref::<Playing<G>>()
            .map(Playing::game)
    }

    fn summary(&self, index: usize) -> Option<BoxSummary> {
        let matchbox = self.0.get(index)?;
        let picture = matchbox.picture();
        Some(BoxSummary {
            number: index + 1,
            picture: picture.picture(),
            ply: matchbox.ply(),
            beads: matchbox
                .moves()
                .iter()
                .zip(matchbox.beads())
                .map(|(mv, count)| (picture.move_name(*mv), *count))
                .collect(),
        })
    }

    fn relation(symmetry: usize, game: &G) -> String {
        game.symmetry_words(symmetry)
    }
}

impl<G: Declared> Learner for GenericLearner<G> {
    fn side(&self) -> Player {
        self.0.side()
    }

    fn preset(&self) -> Preset {
        self.0.preset()
    }

    fn record(&self) -> Record {
        self.0.record()
    }

    fn box_count(&self) -> usize {
        self.0.len()
    }

    fn box_limit(&self) -> Option<usize> {
        Some(self.0.box_limit())
    }

    fn boxes(&self) -> Vec<BoxSummary> {
        (0..self.0.len())
            .filter_map(|index| self.summary(index))
            .collect()
    }

    fn box_by_number(&self, number: usize) -> Option<BoxSummary> {
        self.summary(number.checked_sub(1)?)
    }

    fn box_for(&self, position: &dyn AnyGame) -> Option<BoxMatch> {
        let game = Self::typed(position)?;
        let (index, symmetry) = self.0.box_for(game)?;
        let matchbox = self.0.get(index)?;
        let example = matchbox
            .moves()
            .first()
            .zip(matchbox.real_move(game, symmetry, 0))
            .map(|(bead, real)| (matchbox.picture().move_name(*bead), game.move_name(real)));
        Some(BoxMatch {
            summary: self.summary(index)?,
            relation: Self::relation(symmetry, game),
            example,
        })
    }

    fn first_box(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        let game = Self::typed(start)?;
        (game.to_move() == self.side())
            .then(|| self.0.box_for(game))
            .flatten()
            .and_then(|(index, _)| self.summary(index))
    }

    fn all_beads(&self) -> u64 {
        self.0.boxes().map(|(_, matchbox)| matchbox.total()).sum()
    }

    fn take_turn(
        &mut self,
        position: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Result<MenaceMove, LearnerError> {
        let game = Self::typed(position).ok_or(LearnerError::NotItsTurn)?;
        let turn = self.0.take_turn(game, rng).map_err(|error| match error {
            GenericTurnError::BoxLimit { limit } => LearnerError::BoxLimit { limit },
            _ => LearnerError::NotItsTurn,
        })?;
        Ok(match turn {
            GenericTurn::Drew {
                box_index,
                bead,
                picture_move,
                real_move,
                symmetry,
                beads_before,
                refilled,
                ..
            } => {
                let picture = self
                    .0
                    .get(box_index)
                    .map(|matchbox| matchbox.picture().clone())
                    .ok_or(LearnerError::NotItsTurn)?;
                MenaceMove::Drew {
                    box_number: box_index + 1,
                    picture: picture.picture(),
                    relation: Self::relation(symmetry, game),
                    bead: picture.move_name(picture_move),
                    play: game.move_name(real_move),
                    beads_before,
                    refilled,
                    drawn: DrawnBead { box_index, bead },
                }
            }
            GenericTurn::Forced(mv) => MenaceMove::Forced {
                play: game.move_name(mv),
            },
            GenericTurn::Resigned(box_index) => MenaceMove::Resigned {
                box_number: box_index + 1,
                picture: self
                    .0
                    .get(box_index)
                    .map_or_else(String::new, |matchbox| matchbox.picture().picture()),
            },
        })
    }

    fn learn(&mut self, drawn: &[DrawnBead], result: GameResult) -> Vec<BeadChange> {
        let drawn = generic_drawn(drawn);
        self.0
            .learn(&drawn, result)
            .into_iter()
            .filter_map(|change| {
                let matchbox = self.0.get(change.drawn.box_index)?;
                let picture = matchbox.picture();
                Some(BeadChange {
                    box_number: change.drawn.box_index + 1,
                    picture: picture.picture(),
                    bead: picture.move_name(*matchbox.moves().get(change.drawn.bead)?),
                    before: change.before,
                    after: change.after,
                })
            })
            .collect()
    }

    fn return_beads(&mut self, drawn: &[DrawnBead]) {
        let drawn = generic_drawn(drawn);
        self.0.return_beads(&drawn);
    }

    fn forget_boxes_from(&mut self, count: usize) {
        self.0.forget_boxes_from(count);
    }

    fn boxed_clone(&self) -> Box<dyn Learner> {
        Box::new(self.clone())
    }
}
