//! The boxes a save writes: the learner's own, lent one at a time, as they stood before
//! the game in progress (its drawn beads put back, the boxes it made left out), so that
//! a save never needs a second copy of the learner.

use crate::menace::learn::MAX_BEADS;
use crate::menace::learner::{BoxView, DrawnBead, Learner};

/// What a game in progress has changed, which a save leaves out: the beads it drew
/// (they go back, as `return_beads` would put them) and the boxes it made (from box
/// `boxes_before` on). The default is no game in progress.
#[derive(Debug, Clone, Copy, Default)]
pub struct InProgress<'a> {
    pub drawn: &'a [DrawnBead],
    pub boxes_before: Option<usize>,
}

impl InProgress<'_> {
    /// How many boxes the save holds.
    pub fn box_count(&self, learner: &dyn Learner) -> usize {
        let all = learner.box_count();
        self.boxes_before.map_or(all, |before| before.min(all))
    }

    /// Lends the boxes the save holds to `visit`, in listing order, one at a time.
    pub fn visit(
        &self,
        learner: &dyn Learner,
        visit: &mut dyn FnMut(&BoxView<'_>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let kept = self.box_count(learner);
        let mut beads: Vec<u32> = Vec::new();
        learner.visit_boxes(&mut |view| {
            if view.index >= kept {
                return Ok(());
            }
            let mut drawn = self
                .drawn
                .iter()
                .filter(|drawn| drawn.box_index == view.index)
                .peekable();
            if drawn.peek().is_none() {
                return visit(view);
            }
            beads.clear();
            beads.extend_from_slice(view.beads);
            for bead in drawn {
                if let Some(count) = beads.get_mut(bead.bead) {
                    *count = count.saturating_add(1).min(MAX_BEADS);
                }
            }
            visit(&BoxView {
                index: view.index,
                picture: view.picture,
                beads: &beads,
                move_name: view.move_name,
            })
        })
    }
}
