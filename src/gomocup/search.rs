//! The time a move, and the bots' choice within it: the threat search runs on a worker
//! thread that the brain stops waiting for when the time is nearly up.

use super::command;
use crate::ai::gomoku::attack;
use crate::ai::gomoku::threats::Threats;
use crate::game::Game;
use crate::game::gomoku::{Gomoku, SWAP};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The manager's clock, as `INFO` last told it (milliseconds).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Clock {
    pub(super) turn: Option<u64>,
    pub(super) whole_match: Option<u64>,
    pub(super) left: Option<u64>,
}

impl Clock {
    /// The time a move from the manager's clock: the time a move, or a twentieth of what
    /// is left of the match if that is less. One second if nothing was said, 0 (as fast
    /// as possible) taken as 100 ms.
    fn turn(&self) -> Duration {
        let turn = match self.turn {
            None => 1000,
            Some(0) => 100,
            Some(ms) => ms,
        };
        let share = match (self.whole_match, self.left) {
            // A match without a limit: the time left means nothing.
            (Some(0), _) | (_, None) => u64::MAX,
            (_, Some(left)) => left / 20,
        };
        // An hour at most: a search needs no more, and a clock far in the future would
        // overflow.
        Duration::from_millis(turn.min(share).min(3_600_000))
    }

    /// The time the threat search is given: the time a move less a safety margin of
    /// 15% and at least 50 ms (the answer still has to reach the manager).
    fn budget(&self) -> Duration {
        let whole = self.turn();
        whole
            .saturating_sub((whole * 15 / 100).max(Duration::from_millis(50)))
            .max(Duration::from_millis(10))
    }

    /// When the brain stops waiting for a search that overruns its budget: 7% and at
    /// least 30 ms before the time a move is up.
    fn limit(&self) -> Duration {
        let whole = self.turn();
        whole
            .saturating_sub((whole * 7 / 100).max(Duration::from_millis(30)))
            .max(self.budget())
    }
}

/// The threat search, run on a worker thread so that a search that overruns its time
/// cannot make the brain lose on time: past the limit the attack weights choose
/// instead, and while an abandoned search is still running no other is started.
#[derive(Debug, Default)]
pub(super) struct Search {
    running: Option<JoinHandle<()>>,
}

impl Search {
    pub(super) fn choose(
        &mut self,
        game: &Gomoku,
        rng: &mut ChaCha8Rng,
        clock: &Clock,
        received: Instant,
        stop: &Arc<AtomicBool>,
    ) -> (Option<usize>, Option<String>) {
        let stand_in = |rng: &mut ChaCha8Rng, why: &str| {
            let (cell, trouble) = choose(game, |game| attack::choose(game, rng));
            (
                cell,
                trouble.or_else(|| Some(format!("MESSAGE {why}; the attack weights chose"))),
            )
        };
        if self
            .running
            .as_ref()
            .is_some_and(|worker| !worker.is_finished())
        {
            return stand_in(rng, "an earlier threat search is still running");
        }
        let time = clock.budget().saturating_sub(received.elapsed());
        let (sender, receiver) = mpsc::channel();
        let (position, mut worker_rng) = (game.clone(), rng.clone());
        let watched = Arc::clone(stop);
        let worker = std::thread::Builder::new().spawn(move || {
            // The threat search stops, as if out of time, when `END` is read.
            crate::stop::watch(watched);
            let chosen = catch_unwind(AssertUnwindSafe(|| {
                Threats { time }
                    .choose_counted(&position, &mut worker_rng)
                    .0
            }));
            let _ = sender.send((chosen, worker_rng));
        });
        match worker {
            Ok(worker) => self.running = Some(worker),
            Err(_) => return stand_in(rng, "no thread for the threat search"),
        }
        match wait_for(&receiver, received + clock.limit(), stop) {
            Some((chosen, used)) => {
                // The worker has sent its last word: wait the moment it takes to end.
                if let Some(worker) = self.running.take() {
                    let _ = worker.join();
                }
                *rng = used;
                choose(game, |_| {
                    chosen.unwrap_or_else(|panic| resume_unwind(panic))
                })
            }
            None => stand_in(rng, "the threat search overran its time"),
        }
    }
}

/// How long a think stopped by `END` may take to give its best move so far before the
/// attack weights stand in: well inside the second a manager waits after `END`.
const AFTER_STOP: Duration = Duration::from_millis(200);

/// How often the wait for the threat search looks at the stop flag.
const LOOK: Duration = Duration::from_millis(20);

/// The worker's answer, waited for until `limit`, or for [`AFTER_STOP`] once `stop` is
/// raised; `None` if it does not come by then.
fn wait_for<T>(receiver: &mpsc::Receiver<T>, limit: Instant, stop: &AtomicBool) -> Option<T> {
    let mut limit = limit;
    let mut stopped = false;
    loop {
        let now = Instant::now();
        if !stopped && stop.load(Ordering::Relaxed) {
            stopped = true;
            limit = limit.min(now + AFTER_STOP);
        }
        let left = limit.saturating_duration_since(now);
        match receiver.recv_timeout(left.min(LOOK)) {
            Ok(answer) => return Some(answer),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) if left <= LOOK => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

/// The cell `bot` chooses for the side to move, and a `MESSAGE` if it failed (panicked,
/// or chose nothing or a cell that cannot be played) and the first free cell stood in.
pub(super) fn choose(
    game: &Gomoku,
    bot: impl FnOnce(&Gomoku) -> Option<u16>,
) -> (Option<usize>, Option<String>) {
    let chosen = catch_unwind(AssertUnwindSafe(|| bot(game)));
    let legal = |cell: &u16| *cell != SWAP && game.legal_moves().contains(cell);
    match chosen {
        Ok(Some(cell)) if legal(&cell) => (Some(usize::from(cell)), None),
        outcome => {
            let why = match outcome {
                Err(panic) => panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into()),
                Ok(Some(cell)) => format!("cell {cell}, which cannot be played"),
                Ok(None) => "no move".into(),
            };
            let fallback = game.legal_moves().into_iter().find(|cell| *cell != SWAP);
            let note = format!(
                "MESSAGE the bot failed ({}); a free cell stands in",
                command::shown(&why)
            );
            (fallback.map(usize::from), Some(note))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(turn: Option<u64>, whole_match: Option<u64>, left: Option<u64>) -> Clock {
        Clock {
            turn,
            whole_match,
            left,
        }
    }

    #[test]
    fn the_search_gets_the_time_a_move_less_a_margin() {
        let ms = Duration::from_millis;
        // Nothing said: a second, less 15%.
        assert_eq!(clock(None, None, None).budget(), ms(850));
        assert_eq!(clock(None, None, None).limit(), ms(930));
        // At least 50 ms of margin, and never nothing.
        assert_eq!(clock(Some(200), None, None).budget(), ms(150));
        assert_eq!(clock(Some(30), None, None).budget(), ms(10));
        assert_eq!(clock(Some(0), None, None).budget(), ms(50));
        // A match without a limit ignores the time left; with one, a twentieth of it.
        assert_eq!(
            clock(Some(1000), Some(0), Some(2_147_483_647)).budget(),
            ms(850)
        );
        assert_eq!(
            clock(Some(5000), Some(180_000), Some(20_000)).budget(),
            ms(850)
        );
        assert_eq!(clock(Some(5000), None, Some(20_000)).budget(), ms(850));
        assert_eq!(clock(Some(1000), Some(180_000), Some(100)).budget(), ms(10));
        // A clock far in the future is an hour.
        assert_eq!(clock(Some(u64::MAX), None, None).limit(), ms(3_348_000));
    }
}
