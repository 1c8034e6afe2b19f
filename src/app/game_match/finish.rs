//! The end of one game of a match: the seats hear the result, MENACE learns from its
//! beads (with the listing or summary of what changed), the tally counts it, and the
//! match goes on or ends. Kept apart from the moves of a game because it is the one
//! place a match's learning happens.

use super::Seat;
use super::shown::summary;
use crate::app::event::Event;
use crate::app::session::{BoxListing, Progress, Session};
use crate::game::{Outcome, Player};
use crate::menace::GameResult;
use crate::registry::Learning;

impl Session {
    /// The game is over: MENACE and any learning rival learn; the match ends after its
    /// last game. True if another game follows.
    pub(super) fn finish_game(
        &mut self,
        outcome: Outcome,
        resigned: Option<Player>,
        events: &mut Vec<Event>,
    ) -> bool {
        let listing = self.settings.show_boxes;
        let Some(current) = self.current.as_mut() else {
            return false;
        };
        let title = current.game.title();
        for side in [Player::X, Player::O] {
            if let (Seat::Rival(rival), game) = current.seat_and_game(side) {
                rival.game_over(game.as_ref());
            }
        }
        let game_over = Event::GameOver {
            title: title.clone(),
            outcome,
            resigned,
            x: current.x.who(),
            o: current.o.who(),
            note: current.game.result_note(),
            plies: current.game.ply(),
        };
        // The listing comes first, so that a game's output ends with its result and the
        // boxes it changed: what a learner at a 40-line screen sees. A resignation is
        // the game's last move, though: it is said first, as a last move's board is.
        let mut game_over = Some(game_over);
        if resigned.is_some() {
            events.extend(game_over.take());
        }
        let mut learned = None;
        let mut refused = None;
        if let Some(side) = current.menace_side()
            && let Some(slot) = self
                .slots
                .iter_mut()
                .find(|slot| slot.side == side && slot.title == title)
        {
            let result = GameResult::for_side(outcome, side);
            if slot.learner.as_menace().is_none() {
                // A learner of another kind learns from the end of the game by itself.
                slot.learner.game_result(result);
                slot.unsaved += 1;
                learned = Some(Event::LearnerLearned {
                    name: slot.learner.kind(),
                    result,
                    entries: slot.learner.entry_count(),
                });
            } else {
                let drawn = std::mem::take(&mut current.drawn);
                let changes = slot.learner.learn(&drawn, result);
                slot.unsaved += 1;
                // A MENACE with every box made at the start (classic MENACE's 304) lists its
                // boxes after a game, as the console always has; one that makes its boxes as
                // it meets them shows what changed.
                let fixed_boxes = slot.learner.box_limit().is_none();
                let listed: Option<Vec<_>> = match listing {
                    BoxListing::All if fixed_boxes => Some(slot.learner.boxes()),
                    BoxListing::Changed if fixed_boxes => Some(
                        slot.learner
                            .boxes()
                            .into_iter()
                            .filter(|summary| {
                                changes
                                    .iter()
                                    .any(|change| change.box_number == summary.number)
                            })
                            .collect(),
                    ),
                    _ => None,
                };
                if let Some(boxes) = listed {
                    events.push(Event::Listing {
                        title: title.clone(),
                        side,
                        boxes,
                        ply: None,
                        total: slot.learner.box_count(),
                        limit: slot.learner.box_limit(),
                    });
                }
                learned = Some(
                    match crate::registry::presentation(current.game.as_ref()).learning {
                        Learning::EveryBox => Event::Learned {
                            result,
                            changes,
                            preset: slot.learner.preset(),
                        },
                        Learning::Summary { biggest } => {
                            let made_from = current
                                .boxes_before
                                .filter(|(before_side, _)| *before_side == side)
                                .map_or(0, |(_, count)| count);
                            summary(
                                result,
                                slot.learner.preset(),
                                changes,
                                slot.learner.box_count().saturating_sub(made_from),
                                biggest,
                            )
                        }
                    },
                );
                refused = slot
                    .learner
                    .refuses_to_play(current.game.restart().as_ref());
            }
        }
        // A summary goes before the result, so that the result is the last thing on
        // screen; the full listing of a small game comes after it, as it always has.
        if let Some(summary @ Event::LearnedSummary { .. }) = learned {
            events.push(summary);
            events.extend(game_over);
        } else {
            events.extend(game_over);
            events.extend(learned);
        }
        current.finished += 1;
        current.tally.count(outcome);
        let played = current.finished;
        let tally = current.tally;
        let asked = current.games;
        let menace_played = current.menace_side().is_some();
        let hook = self.progress.clone().filter(|_| current.unattended);
        // Ctrl-C ends a match no one plays in, with or without a console's hook (a
        // lesson's demonstration has none); the hook first, as it clears its bar.
        let hooked = hook
            .as_ref()
            .is_none_or(|hook| (hook.0)(Progress::Done(u64::from(played))));
        let go_on = hooked & !(current.unattended && crate::stop::requested());
        if played < asked && refused.is_none() && go_on {
            return true;
        }
        self.end_match_unfinished();
        events.push(match refused {
            Some(first) if played < asked => Event::Refused(first),
            _ if played < asked => Event::MatchStopped { played, asked },
            _ => Event::MatchOver {
                played,
                // One game's result was just said; a run of games ends with its own
                // tally, apart from the games before it that `stats` counts too.
                tally: (played > 1).then_some(tally),
                numbers_are_moves: crate::registry::numbers_are_moves(self.game.as_ref()),
                menace_played,
            },
        });
        false
    }
}
