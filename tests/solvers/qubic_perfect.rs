//! `perfect` plays Qubic from the proof that the first player wins: as X it wins every
//! game, whoever plays O. Each game is played through the game's own rules (an illegal
//! move is refused there) and its last position is checked here, against lines worked
//! out in this file, to hold four of X's in a row. Release only (`cargo test --release
//! --test solvers -- --ignored qubic_perfect`): alpha-beta and MCTS as O take a few
//! seconds a game.

use menace::analysis::Effort;
use menace::game::cube::Cube;
use menace::game::{AnyGame, Player};
use menace::menace::Preset;
use menace::players::{Choice, Rival};
use menace::registry;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The 76 lines of the 4x4x4 cube, from its coordinates: every start and direction
/// whose four steps stay inside, each line once.
fn lines() -> Vec<[usize; 4]> {
    let mut found = Vec::new();
    for start in 0..64i32 {
        let (x, y, z) = (start % 4, start / 4 % 4, start / 16);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    if (dx, dy, dz) == (0, 0, 0) {
                        continue;
                    }
                    let end = (x + 3 * dx, y + 3 * dy, z + 3 * dz);
                    if [end.0, end.1, end.2].iter().any(|c| !(0..4).contains(c)) {
                        continue;
                    }
                    let mut line = [0usize; 4];
                    for (k, cell) in line.iter_mut().enumerate() {
                        let k = k as i32;
                        *cell = ((x + k * dx) + 4 * (y + k * dy) + 16 * (z + k * dz)) as usize;
                    }
                    line.sort_unstable();
                    if !found.contains(&line) {
                        found.push(line);
                    }
                }
            }
        }
    }
    assert_eq!(found.len(), 76);
    found
}

/// An O that blocks: where X has three in a line and the fourth cell is free, O takes
/// that cell; otherwise a random free cell.
fn blocking_move(game: &dyn AnyGame, rng: &mut dyn Rng) -> String {
    let cube = game.position::<Cube>().unwrap();
    let x = cube.marks(Player::X);
    let o = cube.marks(Player::O);
    for line in lines() {
        let held = line.iter().filter(|&&cell| x >> cell & 1 == 1).count();
        let free: Vec<usize> = line
            .iter()
            .copied()
            .filter(|&cell| (x | o) >> cell & 1 == 0)
            .collect();
        if held == 3 && free.len() == 1 {
            return free[0].to_string();
        }
    }
    let moves = game.legal_move_names();
    moves[rng.random_range(0..moves.len())].clone()
}

fn rival(words: &[&str], game: &dyn AnyGame, side: Player, rng: &mut ChaCha8Rng) -> Rival {
    let no_second = |_: &menace::learners::LearnerChoice, _: Player, _: &mut dyn Rng| None;
    Rival::new(
        Choice::parse(words).unwrap(),
        game,
        side,
        Preset::default(),
        Effort::default(),
        &no_second,
        rng,
    )
    .unwrap()
}

/// `games` games of perfect as X against `opponent` as O (`None`: the blocker above);
/// every one is X's win with four of X's in a row.
fn x_wins_against(opponent: Option<&[&str]>, games: u64) {
    let start = registry::start(&["qubic"]).unwrap();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut perfect = rival(&["perfect"], start.as_ref(), Player::X, &mut rng);
        let mut other = opponent.map(|words| rival(words, start.as_ref(), Player::O, &mut rng));
        let mut game = start.boxed_clone();
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            let mv = if game.to_move() == Player::X {
                perfect.choose(game.as_ref(), &mut rng).unwrap().name
            } else if let Some(other) = other.as_mut() {
                other.choose(game.as_ref(), &mut rng).unwrap().name
            } else {
                blocking_move(game.as_ref(), &mut rng)
            };
            game.play_move(&mv)
                .unwrap_or_else(|why| panic!("{mv} after {moves:?} is refused: {why}"));
            moves.push(mv);
        }
        let winner = game.outcome().and_then(|outcome| outcome.winner());
        assert_eq!(
            winner,
            Some(Player::X),
            "{opponent:?}, seed {seed}: {moves:?}"
        );
        let x = game.position::<Cube>().unwrap().marks(Player::X);
        assert!(
            lines()
                .iter()
                .any(|line| line.iter().all(|&cell| x >> cell & 1 == 1)),
            "no four of X's in a row: {moves:?}"
        );
    }
}

#[test]
#[ignore = "release: games of Qubic against searching opponents"]
fn perfect_as_x_beats_random() {
    x_wins_against(Some(&["random"]), 4);
}

#[test]
#[ignore = "release: games of Qubic against searching opponents"]
fn perfect_as_x_beats_a_blocker() {
    x_wins_against(None, 4);
}

#[test]
#[ignore = "release: games of Qubic against searching opponents"]
fn perfect_as_x_beats_alphabeta() {
    x_wins_against(Some(&["alphabeta"]), 2);
}

#[test]
#[ignore = "release: games of Qubic against searching opponents"]
fn perfect_as_x_beats_mcts() {
    x_wins_against(Some(&["mcts"]), 2);
}

#[test]
#[ignore = "release: games of Qubic against searching opponents"]
fn perfect_as_x_beats_itself_as_o() {
    x_wins_against(Some(&["perfect"]), 2);
}
