//! What a lesson may run by itself. The commands a step shows and a demonstration's
//! commands run when the learner opens the step (and in `lessons --check`), before the
//! learner can do anything: a demonstration of fifty million games would hold the console
//! for hours. So each step's commands are checked against a budget when the lesson is
//! loaded, and a step over it is refused, naming the lesson and the step.
//!
//! Counts alone do not bound the time: 10,000 games against Monte-Carlo search take
//! seconds in noughts and crosses and about forty minutes in ultimate, and what a game
//! costs depends on the game, the opponent and the machine. So a step's commands also
//! run within [`TIME`] of the clock: past it they stop as Ctrl-C stops them, and the
//! step is reported as over its budget, to the learner (who then waits no longer) and
//! to `lessons --check` (which so checks every step in at most that time).

use crate::ai::Thinking;
use crate::app::command::{self, Command};
use crate::players::Choice;
use std::time::Duration;

/// The longest a step's commands may run by themselves, on the clock.
pub const TIME: Duration = Duration::from_secs(60);

/// The most games (`play`, `train`) one step may run.
pub const GAMES: u64 = 10_000;
/// The most seeds one step's `experiment` may run (each is up to thousands of games).
pub const SEEDS: u64 = 20;
/// The longest an AI may think a move in a step (`mcts 200ms`).
pub const MILLIS: u32 = 1_000;
/// The most games a step may play with an AI that thinks by the clock.
pub const TIMED_GAMES: u64 = 10;
/// The most positions or playouts an AI may be given a move (`alphabeta 100000`).
pub const COUNT: u64 = 1_000_000;

/// Checks the commands one step runs by itself: `Err` says which is over the budget.
pub fn check(lines: &[String]) -> Result<(), String> {
    let mut games = 0u64;
    let mut timed = false;
    for line in lines {
        let Ok(parsed) = command::parse(line) else {
            continue;
        };
        let (asked, opponent) = match &parsed {
            Command::Play(count) => (u64::from(*count), None),
            Command::PlayVs(count, kind) => (u64::from(*count), Some(*kind)),
            Command::Train { games, vs, .. } => (*games, *vs),
            // A step's `solve ... within N` may ask no more than `solve` takes by default.
            Command::Solve(_, Some(within))
                if *within > crate::analysis::Effort::default().solve =>
            {
                return Err(format!(
                    "the command \"{line}\" lets solve visit {within} positions; a lesson may give it at most {} by itself",
                    crate::analysis::Effort::default().solve
                ));
            }
            Command::Experiment(seeds) if *seeds > SEEDS => {
                return Err(format!(
                    "the command \"{line}\" asks for {seeds} seeds; a lesson may run at most {SEEDS} by itself"
                ));
            }
            Command::Against(kind) | Command::Opponent(kind) | Command::Hint(kind) => (0, *kind),
            Command::Vs(kind) => (0, Some(*kind)),
            _ => (0, None),
        };
        match opponent.and_then(thinking) {
            Some(Thinking::Millis(millis)) if millis > MILLIS => {
                return Err(format!(
                    "the command \"{line}\" lets an AI think {millis}ms a move; a lesson may give at most {MILLIS}ms by itself"
                ));
            }
            Some(Thinking::Count(count)) if count > COUNT => {
                return Err(format!(
                    "the command \"{line}\" gives an AI {count} positions or playouts a move; a lesson may give at most {COUNT} by itself"
                ));
            }
            Some(Thinking::Millis(_)) => timed = true,
            _ => {}
        }
        games = games.saturating_add(asked);
        let most = if timed { TIMED_GAMES } else { GAMES };
        if games > most {
            return Err(format!(
                "its commands ask for {games} games; a lesson may run at most {most} in a step by itself{}",
                if timed {
                    " when an AI thinks by the clock"
                } else {
                    ""
                }
            ));
        }
    }
    Ok(())
}

/// How much an AI is told to think a move, if the command says.
fn thinking(choice: Choice) -> Option<Thinking> {
    choice.options().thinking
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(commands: &[&str]) -> Vec<String> {
        commands.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn a_step_within_its_budget_passes_and_one_over_it_is_named() {
        assert!(check(&lines(&["train 2000 vs perfect", "play 1 vs random"])).is_ok());
        let games = check(&lines(&["train 50000000 vs mcts"])).unwrap_err();
        assert!(games.contains("50000000 games"), "{games}");
        let summed = check(&lines(&["train 6000", "train 6000"])).unwrap_err();
        assert!(summed.contains("12000 games"), "{summed}");
        let clock = check(&lines(&["train 11 vs mcts 20ms"])).unwrap_err();
        assert!(clock.contains("by the clock"), "{clock}");
        let long = check(&lines(&["against alphabeta 10000ms"])).unwrap_err();
        assert!(long.contains("10000ms"), "{long}");
        let seeds = check(&lines(&["experiment 1000"])).unwrap_err();
        assert!(seeds.contains("1000 seeds"), "{seeds}");
        assert!(check(&lines(&["solve within 10000"])).is_ok());
        let solve = check(&lines(&["solve within 50000000"])).unwrap_err();
        assert!(solve.contains("50000000 positions"), "{solve}");
    }
}
