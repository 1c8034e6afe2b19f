//! Boxes made other than on a turn: from a save file, all at the start (classic
//! MENACE's 304), and the accelerator's table filled up front.

use super::reach::Reach;
use super::{BeadBox, Beads, Menace, TurnError, canonical};
use crate::game::Game;
use rand::Rng;

impl<G: Game> Menace<G> {
    /// Puts back a box read from a save file: `position` must be a box's picture (MENACE
    /// to move with a choice, in canonical form) and `beads` one count per legal move.
    pub fn restore_box(&mut self, position: &G, beads: &[u32]) -> Result<(), String> {
        Self::check_canonical(position)?;
        self.restore_canonical_box(position, beads)
    }

    /// Whether `position` is in canonical form, or the sentence naming its box. Needs
    /// no learner, so a load checks many boxes at once on every core.
    pub fn check_canonical(position: &G) -> Result<(), String> {
        // The game's canonical key, which may be faster than finding the symmetry too
        // (Qubic's is); the symmetry only for the sentence.
        if position.key() != position.canonical_key() {
            let (_, symmetry) = canonical(position);
            return Err(format!(
                "it is not in canonical form: its box is {}",
                position.transformed(symmetry).picture()
            ));
        }
        Ok(())
    }

    /// [`Menace::restore_box`] for a position [`Menace::check_canonical`] has passed.
    pub fn restore_canonical_box(&mut self, position: &G, beads: &[u32]) -> Result<(), String> {
        let moves = position.legal_moves();
        if position.is_over() || position.to_move() != self.side || moves.len() < 2 {
            return Err("MENACE has no box there: it moves from a box only on its own turn with a choice to make".into());
        }
        let key = position.key();
        if self.index.contains_key(&key) {
            return Err("it is written twice".into());
        }
        if self.boxes.len() >= self.box_limit {
            return Err(format!("it passes the limit of {} boxes", self.box_limit));
        }
        if beads.len() != moves.len() {
            return Err(format!(
                "{} bead counts for {} moves",
                beads.len(),
                moves.len()
            ));
        }
        self.index.insert(key, self.boxes.len());
        self.boxes.push(BeadBox {
            picture: position.clone(),
            moves,
            beads: Beads::from_slice(beads),
            ply: position.ply(),
        });
        Ok(())
    }

    /// Makes room for `count` more boxes at once (a save file's), so that a load does
    /// not pass through the doubling of its lists.
    pub fn reserve(&mut self, count: usize) {
        self.boxes.reserve(count);
        self.index.reserve(count);
    }

    /// Replaces the beads of box `box_index` (a save file's counts), if there is that box
    /// and one count per move; otherwise nothing changes.
    pub fn set_beads(&mut self, box_index: usize, beads: Vec<u32>) {
        if let Some(matchbox) = self.boxes.get_mut(box_index)
            && matchbox.beads.len() == beads.len()
        {
            matchbox.beads = Beads::from_slice(&beads);
        }
    }

    /// Fills the accelerator up front for every position of `positions` where MENACE
    /// moves from a box it already has, as a turn there would (a learner with all its
    /// boxes made at the start then never takes the plain lookup). Positions without a
    /// dense code or a box are passed over.
    pub fn fill_table(&mut self, positions: impl IntoIterator<Item = G>) {
        let mut moves = Vec::new();
        for position in positions {
            let Some(code) = position.dense_code() else {
                continue;
            };
            if position.is_over() || position.to_move() != self.side {
                continue;
            }
            position.legal_moves_into(&mut moves);
            if moves.len() < 2 {
                continue;
            }
            let (key, symmetry) = canonical(&position);
            if let Some(&index) = self.index.get(&key) {
                let picture_moves = &self.boxes[index].moves;
                self.dense.remember(
                    super::Found::Code(code),
                    &position,
                    &moves,
                    index,
                    symmetry,
                    picture_moves,
                );
            }
        }
    }

    /// Makes every box up front, as Michie did for noughts and crosses: a box for every
    /// position reachable from `start` where MENACE has a choice (see
    /// [`Menace::fill_reachable`]), and the accelerator's entries for
    /// `positions` (see [`Menace::fill_table`]), so that no turn takes the plain
    /// lookup. `Err` with nothing made if the boxes would pass the limit.
    pub fn make_all_boxes<R: Rng + ?Sized>(
        &mut self,
        start: &G,
        positions: impl IntoIterator<Item = G>,
        rng: &mut R,
    ) -> Result<(), TurnError> {
        self.fill_reachable(start, rng)?;
        self.fill_table(positions);
        self.up_front = true;
        Ok(())
    }

    /// Whether every box was made at the start ([`Menace::make_all_boxes`]).
    pub fn boxes_made_up_front(&self) -> bool {
        self.up_front
    }

    /// Makes a box for every position reachable from `start` where MENACE has a choice
    /// and has no box yet; returns how many were made.
    ///
    /// The search is breadth-first over MENACE's positions, deduplicated by canonical key
    /// (so it ends on every finite game, Morris's cycles included), rather than
    /// depth-first: that way each box records the smallest ply at which its position
    /// occurs, which matters where positions recur. The opponent's positions are passed
    /// through, remembered only until MENACE's next positions are reached. The new boxes are made in order of ply, then
    /// canonical key (for noughts and crosses, the classic listing order), drawing any
    /// random starting beads in that order.
    ///
    /// All or nothing: if the boxes would pass the limit, the search stops as soon as it
    /// knows, nothing is made, and the error is [`TurnError::BoxLimit`]. While it
    /// runs the search holds every position of MENACE's it has met (boxes and forced
    /// moves), so it needs about as much memory again as the boxes it makes.
    pub fn fill_reachable<R: Rng + ?Sized>(
        &mut self,
        start: &G,
        rng: &mut R,
    ) -> Result<usize, TurnError> {
        let capacity = self.box_limit.saturating_sub(self.boxes.len());
        let mut search = Reach::new(self.side, capacity, self.box_limit);
        search.arrive(start.clone(), &self.index)?;
        let mut moves = Vec::new();
        while let Some(position) = search.queue.pop_front() {
            position.legal_moves_into(&mut moves);
            for mv in &moves {
                let mut next = position.clone();
                if next.play(*mv).is_ok() {
                    search.arrive(next, &self.index)?;
                }
            }
        }
        let mut found = search.found;
        found.sort_by_key(|found| (found.0, found.1));
        let made = found.len();
        for (ply, key, position, symmetry) in found {
            self.make_box(&position, key, symmetry, ply, rng)?;
        }
        Ok(made)
    }
}
