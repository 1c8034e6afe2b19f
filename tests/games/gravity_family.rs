//! The gravity family of the algorithm page's survey: giveaway, the wide five-in-a-row
//! board, linetris and circular gravity, played through the registry as the console plays
//! them.

// The speed of search on gravity 8x8 (alpha-beta positions a second, MCTS playouts a
// second) is a measurement, not a test: `menace bench` reports both.

use menace::game::gravity::Gravity;
use menace::registry::{self, replay::replay};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn every_version_starts_and_the_combinations_that_make_no_sense_say_why() {
    let titles: Vec<String> = registry::every_rule_set()
        .iter()
        .map(|game| game.title())
        .filter(|title| title.starts_with("gravity"))
        .collect();
    for title in [
        "gravity",
        "gravity giveaway",
        "gravity five",
        "gravity giveaway five",
        "gravity circular",
        "gravity linetris",
        "gravity circular linetris",
        "gravity giveaway circular linetris",
        "gravity not-on-last circular",
    ] {
        assert!(titles.iter().any(|t| t == title), "{title} in {titles:?}");
    }
    assert_eq!(titles.len(), 15, "{titles:?}");
    for words in [
        &["gravity", "giveaway", "not-on-last"][..],
        &["gravity", "five", "linetris"],
        &["gravity", "five", "circular"],
    ] {
        let Err(why) = registry::start(words) else {
            panic!("{words:?} is refused")
        };
        assert!(!why.contains('\n') && why.len() <= 100, "{why}");
    }
}

#[test]
fn replay_plays_linetris_and_circular_records() {
    // Row 1 filled a..h alternately (no four): it vanishes, the board is empty again
    // after eight moves, and the picture counts them.
    let words = [
        "gravity", "linetris", "a", "b", "c", "d", "e", "f", "g", "h", "d",
    ];
    let steps = replay(&words).unwrap_or_else(|why| panic!("{}", why.why));
    assert_eq!(steps.len(), 10);
    assert_eq!(steps[8].picture, format!("{} 8", ["........"; 8].join("/")));
    assert_eq!(steps[9].to_move.as_deref(), Some("O"));
    let words = ["gravity", "circular", "d", "3<", "e^", "5>", "dv"];
    let steps = replay(&words).unwrap_or_else(|why| panic!("{}", why.why));
    assert_eq!(steps.last().unwrap().picture, {
        let rows = [
            "....X...", "........", "........", ".......O", "........", "O.......", "...X....",
            "...X....",
        ];
        rows.join("/")
    });
    let refused = replay(&["gravity", "circular", "d", "e^", "e"]).unwrap_err();
    assert_eq!(refused.number, 3);
    assert_eq!(
        refused.why,
        "e8 is taken, so nothing enters column e from the top"
    );
    let refused = replay(&["gravity", "circular", "d>"]).unwrap_err();
    assert!(
        refused
            .why
            .starts_with("a move is a column letter a to h with v")
    );
}

#[test]
fn pictures_read_back_and_refuse_what_play_cannot_reach() {
    let linetris = registry::start(&["gravity", "linetris"]).unwrap();
    let full_row = format!("{}/XOXOXOXO", ["........"; 7].join("/"));
    let why = linetris.from_picture(&format!("{full_row} 8")).unwrap_err();
    assert!(why.contains("would have vanished"), "{why}");
    let giveaway = registry::start(&["gravity", "giveaway"]).unwrap();
    let picture = format!("{}/...X.... d", ["........"; 7].join("/"));
    let position = giveaway.from_picture(&picture).unwrap();
    assert_eq!(position.legal_move_names().len(), 7, "d is banned");
    let five = registry::start(&["gravity", "five"]).unwrap();
    assert_eq!(five.picture(), ["..............."; 8].join("/"));
}

/// The seed's linetris: "if a four is formed thereby, the player wins". Clearing moves
/// every mark alike, so it cannot make a line; this plays random games of both linetris
/// versions and checks that a game still going never shows a line.
#[test]
fn clearing_never_makes_a_line() {
    use menace::game::Game;
    use rand::RngExt;
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut cleared = 0;
    for options in [&["linetris"][..], &["circular", "linetris"]] {
        let start = <Gravity as menace::game::Declared>::start(
            &menace::game::gravity::GRAVITY,
            options,
            &Default::default(),
        )
        .unwrap();
        for _ in 0..100 {
            let mut game = start;
            while game.outcome().is_none() {
                let moves = game.legal_moves();
                let before = game.picture().matches(['X', 'O']).count();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
                let after = game.picture().matches(['X', 'O']).count();
                cleared += usize::from(after <= before);
                if game.outcome().is_none() {
                    assert!(
                        game.view().cells().all(|cell| !cell.in_line),
                        "{options:?} {}",
                        game.picture()
                    );
                }
            }
        }
    }
    assert!(cleared > 100, "only {cleared} clearings");
}
