//! Random lines never make the console panic, and every line leaves a consistent session.

use menace::app::Settings;
use menace::lesson::Tutor;
use menace::registry;
use menace::repl::respond;
use proptest::prelude::*;

/// Every game's move names from random positions, and its pictures: lines in every
/// notation, right and wrong.
fn moves_of_every_game() -> Vec<String> {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut lines = Vec::new();
    for start in registry::every_rule_set() {
        let mut game = start.boxed_clone();
        for _ in 0..12 {
            let legal = game.legal_move_names();
            if legal.is_empty() {
                break;
            }
            lines.extend(legal.iter().take(3).cloned());
            let name = legal[rng.random_range(0..legal.len())].clone();
            let _ = game.play_move(&name);
            lines.push(format!("box {}", game.picture()));
            lines.push(format!("solve {}", game.picture()));
        }
        // Not into quantum Morris: its `solve`, `hint` and `perfect` build the analysis
        // of every position whatever the budget (a minute in this build, where a case
        // should take milliseconds). Its moves and pictures are still fed to the other
        // games; tests/solvers/quantum_morris.rs and the console's Ctrl-C test run the
        // analysis itself.
        if start.declaration().name != "quantum-morris" {
            lines.push(format!("variant {}", start.title()));
        }
    }
    lines.sort();
    lines.dedup();
    lines
}

fn a_line() -> impl Strategy<Value = String> {
    prop_oneof![
        // Moves, right and wrong.
        "[LMRlmrXx ]{1,3}",
        // Commands with plausible arguments.
        prop::sample::select(vec![
            "1",
            "2",
            "play 2",
            "play 0",
            "play -1",
            "board",
            "boxes",
            "boxes 4",
            "boxes 5",
            "box",
            "box 1",
            "box 304",
            "box 305",
            "box XO.......",
            "box ....X....",
            "stats",
            "help",
            "resign",
            "save",
            "save t",
            "load t",
            "load menace",
            "reset",
            "preset michie",
            "preset challenge",
            "preset custom 8/4/2/1 3/1/-1 refill",
            "preset custom 0/1/1/1 3/1/-1 resign",
            "preset custom 1/0/0/0 3/1/-5",
            "yes",
            "no",
            "quit",
            "train 30",
            "train 20 vs menace",
            "vs teacher",
            "vs lookahead 2",
            "opponent teacher",
            "opponent you",
            "opponent menace",
            "play 2 vs random",
            "hint",
            "hint perfect",
            "hint rating 0",
            "rate",
            "train 5 csv c",
            "solve",
            "solve O.XX.X.OO",
            "rate XO.O.X...",
            "rules misere",
            "rules classic",
            "lessons",
            "lesson 1",
            "next",
            "back",
            "skip",
            "answer 304",
            "quit-lesson",
            "variants",
            "variant cube",
            "variant morris diagonal-lines",
            "variant classic",
            "variant misere",
            "side O",
            "side X",
            "vs random",
            "vs lookahead 1",
            "vs mcts 30",
            "against mcts 20",
            "2MM",
            "1LL",
            "MM-ML",
            "LL",
            "board",
        ])
        .prop_map(String::from),
        // Every game's notation and pictures, and switching games.
        prop::sample::select(moves_of_every_game()),
        prop::sample::select(vec![
            "variant silverman no-anti-diagonal",
            "variant crazy",
            "variant gravity not-on-last",
            "variant morris pass",
            "against alphabeta",
            "against menace",
            "against teacher",
            "train 5 vs random",
            "pass",
            "d",
            "b3",
            "b3x",
            // The second notations: ultimate without the dot, strategic by letters.
            "variant ultimate",
            "variant strategic",
            "MMLL",
            "mm.ll",
            "MM.ML.LL",
            "mmmlll",
            "5.4.1",
            "541",
            "board 5",
            "board 10",
            "against alphabeta 500",
            // Pictures and output controls.
            "pictures off",
            "pictures on",
            "plot c.svg",
            "train 5 vs random plot p.svg",
            "export e.html",
            "boxes changed",
        ])
        .prop_map(String::from),
        // Anything at all.
        any::<String>(),
        "[ -~]{0,300}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_lines_never_break_the_session(lines in prop::collection::vec(a_line(), 1..60), seed in any::<u64>()) {
        let folder = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(Settings {
            seed,
            show_boxes: menace::app::BoxListing::Off,
            saves_dir: folder.path().to_path_buf(),
            lessons_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
            // The AIs and the solver look at little, so that a case takes milliseconds.
            effort: menace::analysis::Effort { positions: 500, playouts: 20, lookahead: 2_000, solve: 20_000 },
            ..Settings::default()
        });
        for line in &lines {
            let before = session.games_learned();
            let answer = respond(&mut session, line);
            prop_assert!(!answer.is_empty());
            prop_assert!(session.check().is_ok(), "after {line:?}: {:?}", session.check());
            prop_assert!(session.games_learned() >= before || answer.contains("Fresh boxes") || answer.contains("Loaded")
                // A lesson's own MENACE is kept (or discarded) when you leave it, as the
                // console says, and your own comes back.
                || answer.split_whitespace().collect::<Vec<_>>().join(" ").contains("The lesson's MENACE ("), "{answer}");
            if session.is_finished() {
                break;
            }
        }
    }
}
