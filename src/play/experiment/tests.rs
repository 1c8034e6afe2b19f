use super::*;

/// The seeds run side by side give the runs they give one at a time, in order.
#[test]
fn seeds_side_by_side_run_as_they_do_one_at_a_time() {
    for (words, vs) in [
        (&["classic"][..], "perfect"),
        (&["mnk", "3x4"][..], "random"),
    ] {
        let start = registry::start(words).unwrap();
        let plan = Plan {
            learner: LearnerChoice::default(),
            side: Player::X,
            vs: Choice::parse(&[vs]).unwrap(),
            preset: Preset::default(),
            goal: Some(Goal::best_result(start.as_ref(), Player::X)),
            limit: 3_000,
            effort: Effort::default(),
        };
        let together = run(start.as_ref(), &plan, 6, &mut |_| true).unwrap();
        let (played, stop) = (AtomicU64::new(0), AtomicBool::new(false));
        let one_at_a_time: Vec<GameRun> = (0..6)
            .map(|seed| {
                plan.one_seed(start.as_ref(), seed, &played, &stop)
                    .unwrap()
                    .unwrap()
            })
            .collect();
        assert_eq!(together.runs, one_at_a_time, "{}", start.title());
        let games: u64 = one_at_a_time.iter().map(|run| run.games).sum();
        assert_eq!(played.load(Ordering::Relaxed), games);
    }
}

/// The aim follows the game's value from MENACE's side, as the solver finds it.
#[test]
fn the_goal_is_the_best_result_the_side_can_force() {
    let classic = registry::start(&["classic"]).unwrap();
    let goal = Goal::best_result(classic.as_ref(), Player::O);
    assert_eq!(
        (goal.aim, goal.value),
        (Aim::NotLose, Some(GameResult::Drew))
    );
    assert_eq!((goal.window, goal.needed), (GOAL_WINDOW, 950));
    // Three in a row on 3x4 is the first player's.
    let long = registry::start(&["mnk", "3x4"]).unwrap();
    let as_x = Goal::best_result(long.as_ref(), Player::X);
    assert_eq!((as_x.aim, as_x.value), (Aim::Win, Some(GameResult::Won)));
    let as_o = Goal::best_result(long.as_ref(), Player::O);
    assert_eq!(
        (as_o.aim, as_o.value),
        (Aim::NotLose, Some(GameResult::Lost))
    );
}

/// The classic goal is the seed article's: the games before a hundred without a
/// loss; the window goal allows the share of misses it says.
#[test]
fn a_window_counts_the_games_that_meet_the_aim() {
    use GameResult::{Drew, Lost, Won};
    let mut classic = Tally::new(Goal::classic());
    let games = [Lost, Drew, Lost].into_iter().chain([Drew, Won].repeat(50));
    let going: Vec<bool> = games.map(|result| classic.add(result, 9)).collect();
    assert_eq!(going.iter().filter(|&&going| !going).count(), 1);
    assert_eq!(classic.run().outcome, RunOutcome::Reached(103));

    let goal = Goal {
        window: 20,
        needed: 19,
        aim: Aim::Win,
        value: Some(Won),
    };
    let mut tally = Tally::new(goal);
    // Two draws in the first twenty, then wins: the window reaches 19 wins of 20
    // once the first draw has left it.
    for result in [Drew].into_iter().chain([Won; 5]).chain([Drew]) {
        assert!(tally.add(result, 9));
    }
    let mut games = 7;
    while tally.add(Won, 9) {
        games += 1;
    }
    assert_eq!(games + 1, 21, "the first draw leaves the window at game 21");
    let experiment = Experiment {
        preset: Preset::default(),
        runs: vec![RunOutcome::Reached(103), RunOutcome::Unfinished],
        limit: 1_000,
    };
    assert_eq!(
        experiment.median_safe(),
        Some(3),
        "games before the hundred"
    );
    let run = tally.run();
    assert_eq!(run.outcome, RunOutcome::Reached(21));
    assert_eq!(
        (run.first.games, run.first.at_aim, run.first.lost),
        (20, 18, 0)
    );
    assert_eq!((run.last.games, run.last.at_aim), (20, 19));
}

/// A learner that explores is checked greedy along the way, from a generator of its
/// own: its runs side by side are still the runs one at a time, and the checks come at
/// the games the schedule names.
#[test]
fn td_runs_side_by_side_as_one_at_a_time_with_its_greedy_checks() {
    let start = registry::start(&["classic"]).unwrap();
    let td = crate::learners::row("td").unwrap();
    let plan = Plan {
        learner: LearnerChoice {
            row: td,
            params: td.read_params(&["draw", "0.5"]).unwrap(),
        },
        side: Player::X,
        vs: Choice::parse(&["perfect"]).unwrap(),
        preset: Preset::default(),
        goal: Some(Goal::best_result(start.as_ref(), Player::X)),
        limit: 1_500,
        effort: Effort::default(),
    };
    let together = run(start.as_ref(), &plan, 3, &mut |_| true).unwrap();
    let (played, stop) = (AtomicU64::new(0), AtomicBool::new(false));
    for (seed, run) in together.runs.iter().enumerate() {
        let alone = plan
            .one_seed(start.as_ref(), seed as u64, &played, &stop)
            .unwrap()
            .unwrap();
        assert_eq!(*run, alone);
        let greedy = run.greedy.expect("td explores");
        let reached = greedy.reached.expect("greedy td stops losing to perfect");
        assert!(reached.is_multiple_of(100) && reached <= 1_500, "{reached}");
        // The end's check is of the whole window.
        assert_eq!(greedy.last.games, GOAL_WINDOW);
    }
    assert_eq!(together.learner.row.name, "td");
    // MENACE's runs have no greedy check: its play is its policy.
    let menace = Plan {
        learner: LearnerChoice::default(),
        ..plan
    };
    let runs = run(start.as_ref(), &menace, 2, &mut |_| true).unwrap().runs;
    assert!(runs.iter().all(|run| run.greedy.is_none()));
}

#[test]
fn greedy_play_is_checked_within_a_tenth_of_the_games_played() {
    let due: Vec<u64> = (1..=12_000)
        .filter(|&games| greedy_check_due(games))
        .collect();
    assert_eq!(due[..3], [100, 200, 300]);
    assert!(due.contains(&9_900) && due.contains(&10_000) && due.contains(&11_000));
    assert!(!due.contains(&10_100) && !due.contains(&50));
    assert!(greedy_check_due(120_000) && !greedy_check_due(121_000));
}
