//! The generic MENACE ([`Menace`]) behind the [`Learner`] trait, so that the
//! console plays, lists and trains it exactly as it does the classic one.

use super::generic::count::{Counting, NotCounted};
use super::generic::{Drawn, Menace, Turn, TurnError};
use super::learner::{
    BeadChange, BoxMatch, BoxSource, BoxSummary, BoxView, DrawnBead, Learner, LearnerError,
    MenaceLearner, MenaceMove,
};
use super::opponent::Opponent;
use super::train::{self, Played, Sparring};
use super::typed::Training;
use super::{DEFAULT_BOX_LIMIT, GameResult, Preset, Record};
use crate::game::AnyGame;
use crate::game::{Declared, Game, Player};
use rand::Rng;

/// A fresh generic MENACE for `side` of `G` under `preset`.
pub fn new<G: Declared>(
    side: Player,
    preset: Preset,
    box_limit: usize,
    _: &mut dyn Rng,
) -> Box<dyn Learner> {
    Box::new(Menace::<G>::new(side, preset, box_limit))
}

/// How many boxes a MENACE playing `side` needs: one for every position reachable from
/// `game` where it has a choice, up to symmetry, counted per ply, within `limit` and the
/// memory there is; `progress` is told how far it has got, and stops it by answering
/// `false` (see [`super::generic::count`]).
pub fn count_boxes<G: Game>(
    game: &G,
    side: Player,
    limit: usize,
    progress: &mut dyn FnMut(Counting) -> bool,
) -> Result<Vec<(usize, usize)>, NotCounted> {
    super::generic::count::count_boxes(game, side, limit, progress)
}

/// A generic MENACE for `side` of `G` with the boxes of a save file, every one checked.
pub fn restore<G: Declared>(
    game: &G,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &super::learner::SavedBoxes,
) -> Result<Box<dyn Learner>, String> {
    let mut menace = Menace::<G>::new(side, preset, DEFAULT_BOX_LIMIT);
    menace.set_record(record);
    for (key, counts) in boxes {
        let position = position_written(game, key)?;
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
            .restore_box(&position, &beads)
            .map_err(|why| format!("box \"{key}\": {why}"))?;
    }
    Ok(Box::new(menace))
}

/// A generic MENACE for `side` of `G` with the boxes of a binary save file, read one at a
/// time from `boxes` and each checked as it comes (a position of the game, written as
/// `save` writes it, in canonical form, MENACE to move with a choice, one count per
/// legal move, none over the limit), so that nothing but the learner and a batch of
/// boxes is held. The pictures of a batch are read and checked on every core (finding
/// a Qubic box's canonical form is most of a load); the first box that is not right,
/// in the file's order, names the file's fault.
pub fn restore_stream<G: Declared>(
    game: &G,
    side: Player,
    preset: Preset,
    record: Record,
    boxes: &mut dyn BoxSource,
) -> Result<Box<dyn Learner>, String> {
    let mut menace = Menace::<G>::new(side, preset, DEFAULT_BOX_LIMIT);
    menace.set_record(record);
    menace.reserve(boxes.declared().min(DEFAULT_BOX_LIMIT));
    let mut next = read_batch(boxes);
    loop {
        let current = next;
        // The next batch is read from the file while this one's pictures are checked.
        let checked = if current.full && current.fault.is_none() {
            let (one, boxes_read) = (game.clone(), &current.boxes);
            let (checked, following) = rayon::join(
                move || checked_pictures(&one, boxes_read),
                || read_batch(&mut *boxes),
            );
            next = following;
            checked
        } else {
            next = Batch::default();
            checked_pictures(game, &current.boxes)
        };
        for ((key, beads), position) in current.boxes.iter().zip(checked) {
            let position = position?;
            if let Some(count) = beads.iter().find(|count| **count > super::learn::MAX_BEADS) {
                return Err(format!(
                    "box {key} has {count} beads on one move, more than the {} allowed",
                    super::learn::MAX_BEADS
                ));
            }
            menace
                .restore_canonical_box(&position, beads)
                .map_err(|why| format!("box \"{key}\": {why}"))?;
        }
        if let Some(why) = current.fault {
            return Err(why);
        }
        if !current.full {
            return Ok(Box::new(menace));
        }
    }
}

/// Boxes read from a file at a time: enough to share among the cores, few enough to
/// take no memory to speak of.
const BATCH: usize = 4096;

/// Up to [`BATCH`] boxes as read, and what was wrong with the file after them, if
/// anything.
#[derive(Default)]
struct Batch {
    boxes: Vec<(String, Vec<u32>)>,
    fault: Option<String>,
    /// All [`BATCH`] were read: there may be more.
    full: bool,
}

fn read_batch(source: &mut dyn BoxSource) -> Batch {
    let mut batch = Batch {
        boxes: Vec::with_capacity(BATCH),
        ..Batch::default()
    };
    while batch.boxes.len() < BATCH {
        match source.next_box() {
            Ok(Some((key, beads))) => batch.boxes.push((key.to_string(), beads.to_vec())),
            Ok(None) => return batch,
            Err(why) => {
                batch.fault = Some(why);
                return batch;
            }
        }
    }
    batch.full = true;
    batch
}

/// The position a box's picture names, written exactly as `save` writes it: two
/// spellings of one box would otherwise be two entries for the same thing.
fn position_written<G: Declared>(game: &G, key: &str) -> Result<G, String> {
    let position = game
        .from_picture(key)
        .map_err(|why| format!("box \"{key}\" is not a position: {why}"))?;
    if position.picture() != key {
        return Err(format!(
            "box \"{key}\" is written \"{}\" in a save file",
            position.picture()
        ));
    }
    Ok(position)
}

/// Each picture of `batch` read as a position of `game`, written as `save` writes it
/// and in canonical form, or the sentence saying why not; in halves on every core.
fn checked_pictures<G: Declared>(game: &G, batch: &[(String, Vec<u32>)]) -> Vec<Result<G, String>> {
    if batch.len() <= 256 {
        return batch
            .iter()
            .map(|(key, _)| {
                let position = position_written(game, key)?;
                Menace::<G>::check_canonical(&position)
                    .map_err(|why| format!("box \"{key}\": {why}"))?;
                Ok(position)
            })
            .collect();
    }
    let (left, right) = batch.split_at(batch.len() / 2);
    let (one, other) = (game.clone(), game.clone());
    let (mut checked, rest) = rayon::join(
        move || checked_pictures(&one, left),
        move || checked_pictures(&other, right),
    );
    checked.extend(rest);
    checked
}

/// The console's record of drawn beads in the generic learner's own terms.
fn generic_drawn(drawn: &[DrawnBead]) -> Vec<Drawn> {
    drawn
        .iter()
        .map(|drawn| Drawn {
            box_index: drawn.box_index,
            bead: drawn.bead,
        })
        .collect()
}

impl<G: Declared> Menace<G> {
    fn typed(position: &dyn AnyGame) -> Option<&G> {
        position.position::<G>()
    }

    fn summary(&self, index: usize) -> Option<BoxSummary> {
        let matchbox = self.get(index)?;
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

impl<G: Declared> MenaceLearner for Menace<G> {
    fn preset(&self) -> Preset {
        Menace::preset(self)
    }

    fn box_count(&self) -> usize {
        self.len()
    }

    fn box_limit(&self) -> Option<usize> {
        (!self.boxes_made_up_front()).then(|| Menace::box_limit(self))
    }

    fn boxes(&self) -> Vec<BoxSummary> {
        (0..self.len())
            .filter_map(|index| self.summary(index))
            .collect()
    }

    fn visit_boxes(
        &self,
        visit: &mut dyn FnMut(&BoxView<'_>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        for (index, matchbox) in self.boxes() {
            let picture = matchbox.picture();
            let moves = matchbox.moves();
            let move_name = |bead: usize| {
                moves
                    .get(bead)
                    .map_or_else(String::new, |mv| picture.move_name(*mv))
            };
            visit(&BoxView {
                index,
                picture: &picture.picture(),
                beads: matchbox.beads(),
                move_name: &move_name,
            })?;
        }
        Ok(())
    }

    fn box_by_number(&self, number: usize) -> Option<BoxSummary> {
        self.summary(number.checked_sub(1)?)
    }

    fn box_for(&self, position: &dyn AnyGame) -> Option<BoxMatch> {
        let game = Self::typed(position)?;
        let (index, symmetry) = Menace::box_for(self, game)?;
        let matchbox = self.get(index)?;
        // The example is a bead the box holds (the first move, where it holds none).
        let bead = matchbox
            .beads()
            .iter()
            .position(|count| *count > 0)
            .unwrap_or(0);
        let example = matchbox
            .moves()
            .get(bead)
            .zip(matchbox.real_move(game, symmetry, bead))
            .map(|(bead, real)| (matchbox.picture().move_name(*bead), game.move_name(real)));
        Some(BoxMatch {
            summary: self.summary(index)?,
            relation: Self::relation(symmetry, game),
            example,
        })
    }

    fn first_box(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        let mut game = Self::typed(start)?.clone();
        if game.to_move() != Menace::side(self) {
            // MENACE moves second: its first box is met after the other side's opening,
            // and the opening in the middle of the game's move order stands for them all
            // (the centre, on the classic board).
            let moves = game.legal_moves();
            game.play(*moves.get(moves.len() / 2)?).ok()?;
        }
        Menace::box_for(self, &game).and_then(|(index, _)| self.summary(index))
    }

    fn refuses_to_play(&self, start: &dyn AnyGame) -> Option<BoxSummary> {
        // Only a MENACE that moves first can refuse to start a game.
        Menace::refuses_to_play(self, Self::typed(start)?)
            .then(|| self.first_box(start))
            .flatten()
    }

    fn all_beads(&self) -> u64 {
        self.boxes().map(|(_, matchbox)| matchbox.total()).sum()
    }

    fn take_turn(
        &mut self,
        position: &dyn AnyGame,
        rng: &mut dyn Rng,
    ) -> Result<MenaceMove, LearnerError> {
        let game = Self::typed(position).ok_or(LearnerError::NotItsTurn)?;
        let turn = Menace::take_turn(self, game, rng).map_err(|error| match error {
            TurnError::BoxLimit { limit } => LearnerError::BoxLimit { limit },
            _ => LearnerError::NotItsTurn,
        })?;
        Ok(match turn {
            Turn::Drew {
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
            Turn::Forced(mv) => MenaceMove::Forced {
                play: game.move_name(mv),
            },
            Turn::Resigned(box_index) => MenaceMove::Resigned {
                box_number: box_index + 1,
                picture: self
                    .get(box_index)
                    .map_or_else(String::new, |matchbox| matchbox.picture().picture()),
            },
        })
    }

    fn learn(&mut self, drawn: &[DrawnBead], result: GameResult) -> Vec<BeadChange> {
        let drawn = generic_drawn(drawn);
        Menace::learn(self, &drawn, result)
            .into_iter()
            .filter_map(|change| {
                let matchbox = self.get(change.drawn.box_index)?;
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
        Menace::return_beads(self, &drawn);
    }

    fn forget_boxes_from(&mut self, count: usize) {
        Menace::forget_boxes_from(self, count);
    }
}

impl<G: Declared> Learner for Menace<G> {
    fn side(&self) -> Player {
        Menace::side(self)
    }

    fn record(&self) -> Record {
        Menace::record(self)
    }

    fn kind(&self) -> &'static str {
        "menace"
    }

    fn entry_count(&self) -> usize {
        self.len()
    }

    fn as_menace(&self) -> Option<&dyn MenaceLearner> {
        Some(self)
    }

    fn as_menace_mut(&mut self) -> Option<&mut dyn MenaceLearner> {
        Some(self)
    }

    fn play_games(
        &mut self,
        opponent: &mut dyn Opponent,
        start: &dyn AnyGame,
        rng: &mut dyn Rng,
        after: &mut dyn FnMut(&dyn Learner, Played) -> bool,
    ) {
        let Some(first) = Self::typed(start).cloned() else {
            return;
        };
        let after = &mut |training: &Training<G>, played| after(&*training.menace, played);
        let mut training = Training::new(self);
        if let Some(second) = opponent
            .typed()
            .and_then(|typed| typed.downcast_mut::<Menace<G>>())
        {
            // The second MENACE plays in its own types too, and keeps what it learns.
            let mut sparring = Sparring {
                learner: Training::new(second),
            };
            return train::play_games(&mut training, &mut sparring, &first, rng, after);
        }
        train::play_against_ai(&mut training, opponent, start, &first, rng, after);
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn boxed_clone(&self) -> Box<dyn Learner> {
        Box::new(self.clone())
    }
}
