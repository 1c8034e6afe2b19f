//! The manual's list of lesson goals, one line per goal: docs/writing-lessons.md is
//! generated from it, and [`Goal::doc`] names each goal's line in an exhaustive match.

use super::Goal;

/// One goal as the manual lists it (docs/writing-lessons.md is generated from
/// [`GOALS`]): how a lesson writes it, an example that must read and validate, and what
/// it asks of the learner.
#[derive(Debug)]
pub struct GoalDoc {
    pub written: &'static str,
    pub example: &'static str,
    pub asks: &'static str,
}

/// Every goal, in the order the manual lists them; [`Goal::doc`] finds a goal's line.
pub static GOALS: &[GoalDoc] = &[
    GoalDoc {
        written: "{play_games: N}",
        example: "{play_games: 2}",
        asks: "finish N games against MENACE, playing O yourself",
    },
    GoalDoc {
        written: "{win_games: N}",
        example: "{win_games: 1}",
        asks: "win N games against MENACE",
    },
    GoalDoc {
        written: "{draw_games: N}",
        example: "{draw_games: 1}",
        asks: "draw N games against MENACE",
    },
    GoalDoc {
        written: "{show_box: POS}",
        example: "{show_box: X...O....}",
        asks: "look at the box that serves the classic position POS (`box POS`)",
    },
    GoalDoc {
        written: "{watch_games: {vs: NAME, games: N}}",
        example: "{watch_games: {vs: random, games: 3}}",
        asks: "watch N games of MENACE against the AI NAME",
    },
    GoalDoc {
        written: "{train: {games: N, vs: NAME}}",
        example: "{train: {games: 500, vs: random}}",
        asks: "train MENACE for at least N games in all (against NAME; `vs` is optional)",
    },
    GoalDoc {
        written: "{draw_share: {vs: NAME, percent: P}}",
        example: "{draw_share: {vs: perfect, percent: 90}}",
        asks: "a training run of 1,000 games or more against NAME in whose last tenth MENACE drew at least P%",
    },
    GoalDoc {
        written: "{preset: NAME}",
        example: "{preset: michie}",
        asks: "MENACE's boxes follow the preset NAME (`preset NAME`)",
    },
    GoalDoc {
        written: "{solve: POS}",
        example: "{solve: X...O....}",
        asks: "`solve` the position POS (of noughts and crosses, or any game's picture)",
    },
    GoalDoc {
        written: "rate_fork",
        example: "rate_fork",
        asks: "`rate` shows a cell rated as a fork (10,000 or more)",
    },
    GoalDoc {
        written: "ask_hint",
        example: "ask_hint",
        asks: "ask for a hint for your move",
    },
    GoalDoc {
        written: "{hint_from: NAME}",
        example: "{hint_from: mcts}",
        asks: "ask the AI NAME for a hint for your move (`hint NAME`)",
    },
    GoalDoc {
        written: "experiment",
        example: "experiment",
        asks: "run the learning experiment",
    },
    GoalDoc {
        written: "see_symmetry",
        example: "see_symmetry",
        asks: "see MENACE use a box whose picture is turned or mirrored from the board",
    },
    GoalDoc {
        written: "see_forced_move",
        example: "see_forced_move",
        asks: "see MENACE play its forced fifth move, without a box",
    },
    GoalDoc {
        written: "misere",
        example: "misere",
        asks: "play under misère rules (`rules misere`)",
    },
    GoalDoc {
        written: "{find_boxes: {move: N}}",
        example: "{find_boxes: {move: 2}}",
        asks: "look at every box of MENACE's Nth move (1 to 4) with `box POS`: the lesson \
               counts the different boxes found as the learner goes, and how many there \
               are is counted from MENACE's own boxes, never written in the lesson",
    },
    GoalDoc {
        written: "{play_variant: {variant: V, games: N}}",
        example: "{play_variant: {variant: cube, games: 1}}",
        asks: "finish N games of the variant V (`variant V`, then play)",
    },
    GoalDoc {
        written: "{solve_variant: V}",
        example: "{solve_variant: morris}",
        asks: "`solve` a position of the variant V and get its value",
    },
    GoalDoc {
        written: "{try_solve: V}",
        example: "{try_solve: qubic}",
        asks: "ask `solve` about the variant V, whether or not it answers within its budget",
    },
    GoalDoc {
        written: "show_weights",
        example: "show_weights",
        asks: "look at the gomoku bot article's weights of the whole board (`weights`)",
    },
    GoalDoc {
        written: "{weigh_cell: CELL}",
        example: "{weigh_cell: any}",
        asks: "look at the attacks behind one cell's weight (`weights CELL`; `any` for any cell)",
    },
    GoalDoc {
        written: "refused_move",
        example: "refused_move",
        asks: "try a move the game's rules refuse (renju's forbidden cells), and read why",
    },
    GoalDoc {
        written: "{learner: NAME [PARAM VALUE]...}",
        example: "{learner: td draw 0.5}",
        asks: "the learner NAME plays you, with the parameters named (`learner NAME ...`)",
    },
    GoalDoc {
        written: "{show_values: POS}",
        example: "{show_values: .........}",
        asks: "read what a learner other than MENACE holds for the classic position POS (`box POS`)",
    },
];

impl Goal {
    /// The goal's line in the manual's list ([`GOALS`]). An exhaustive match, so a new
    /// goal does not compile without its line; the table's test checks that each line's
    /// example reads back as a goal of that line.
    pub fn doc(&self) -> &'static GoalDoc {
        let at = match self {
            Goal::PlayGames(_) => 0,
            Goal::WinGames(_) => 1,
            Goal::DrawGames(_) => 2,
            Goal::ShowBox(_) => 3,
            Goal::WatchGames { .. } => 4,
            Goal::Train { .. } => 5,
            Goal::DrawShare { .. } => 6,
            Goal::Preset(_) => 7,
            Goal::Solve(_) => 8,
            Goal::RateFork => 9,
            Goal::AskHint => 10,
            Goal::HintFrom(_) => 11,
            Goal::Experiment => 12,
            Goal::SeeSymmetry => 13,
            Goal::SeeForcedMove => 14,
            Goal::Misere => 15,
            Goal::FindBoxes { .. } => 16,
            Goal::PlayVariant { .. } => 17,
            Goal::SolveVariant(_) => 18,
            Goal::TrySolve(_) => 19,
            Goal::ShowWeights => 20,
            Goal::WeighCell(_) => 21,
            Goal::RefusedMove => 22,
            Goal::Learner(_) => 23,
            Goal::ShowValues(_) => 24,
        };
        &GOALS[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// A goal as a lesson's step holds it: the step's enum is tagged by `kind`, and
    /// serde reads a goal's map form only through such a buffer.
    #[derive(Deserialize)]
    #[serde(tag = "kind")]
    enum Step {
        #[serde(rename = "exercise")]
        Exercise { goal: Goal },
    }

    /// Each line of the manual's list reads back as a goal that names that line, and
    /// validates: with [`Goal::doc`]'s exhaustive match, goals and lines are one to one.
    #[test]
    fn every_goal_has_its_line_and_every_line_its_goal() {
        for line in GOALS {
            let yaml = format!("kind: exercise\ngoal: {}", line.example);
            let Step::Exercise { goal } =
                serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", line.example));
            assert!(
                std::ptr::eq(goal.doc(), line),
                "{} reads as {goal:?}, whose line is {}",
                line.example,
                goal.doc().written
            );
            assert_eq!(goal.validate(), Ok(()), "{}", line.example);
        }
    }
}
