use super::*;
use crate::registry;

fn rules(width: u8, height: u8, k: u8, cylinder: bool) -> MnkRules {
    MnkRules {
        width,
        height,
        k,
        cylinder,
    }
}

fn play(game: &mut Mnk, moves: &[&str]) {
    for name in moves {
        let mv = game.parse_move(name).unwrap();
        game.play(mv).unwrap();
    }
}

#[test]
fn cells_are_named_chess_style_with_a1_bottom_left() {
    let game = Mnk::new(rules(3, 4, 3, false));
    assert_eq!(game.move_name(0), "a4");
    assert_eq!(game.move_name(11), "c1");
    for mv in game.legal_moves() {
        assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
    }
    for bad in ["d1", "a5", "a0", "", "a", "1a"] {
        assert!(game.parse_move(bad).is_err(), "{bad}");
    }
    let long = Mnk::new(rules(3, 12, 3, false));
    assert_eq!(long.parse_move("b12"), Ok(1));
}

#[test]
fn lines_are_counted_on_the_board_and_round_the_cylinder() {
    // 4x4, four in a row: 4 rows, 4 columns, 2 diagonals.
    assert_eq!(Mnk::new(rules(4, 4, 4, false)).lines().len(), 10);
    // 3x4, three in a row: rows 4, columns 3 x 2, diagonals 2 starts x 2 directions.
    assert_eq!(Mnk::new(rules(3, 4, 3, false)).lines().len(), 4 + 6 + 4);
    // A 4x4 cylinder, four: a row is one line wherever it starts (4), columns 4,
    // diagonals 4 starts x 2 directions, all wrapping.
    assert_eq!(Mnk::new(rules(4, 4, 4, true)).lines().len(), 4 + 4 + 8);
    // A 4x3 cylinder, three: rows 3 x 4 starts, columns 4, diagonals 4 x 2.
    assert_eq!(Mnk::new(rules(4, 3, 3, true)).lines().len(), 12 + 4 + 8);
    // Every line has k different cells.
    for game in [
        Mnk::new(rules(3, 3, 3, true)),
        Mnk::new(rules(5, 2, 2, true)),
    ] {
        let k = u32::from(game.rules().k);
        assert!(game.lines().iter().all(|line| line.count_ones() == k));
    }
}

#[test]
fn a_row_round_the_back_of_the_cylinder_wins() {
    let mut game = Mnk::new(rules(4, 3, 3, true));
    play(&mut game, &["d2", "a1", "a2", "b1", "b2"]);
    // d2 a2 b2: across the glued edge.
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    let mut flat = Mnk::new(rules(4, 3, 3, false));
    play(&mut flat, &["d2", "a1", "a2", "b1", "b2"]);
    assert_eq!(flat.outcome(), None);
}

#[test]
fn a_game_no_one_can_win_is_drawn_before_the_board_fills() {
    // 3x3: after these moves every line holds both marks.
    let mut game = Mnk::new(rules(3, 3, 3, false));
    play(&mut game, &["b2", "a3", "c3", "a1", "a2", "c2", "b3", "b1"]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert!(game.legal_moves().is_empty());
    assert!(game.result_note().is_some());
}

#[test]
fn the_symmetry_groups_have_the_declared_sizes_and_keep_the_lines() {
    for (rules, count) in [
        (rules(4, 4, 4, false), 8),
        (rules(3, 4, 3, false), 4),
        (rules(7, 3, 3, false), 4),
        (rules(4, 4, 3, true), 16),
        (rules(3, 5, 3, true), 12),
    ] {
        let game = Mnk::new(rules);
        assert_eq!(game.symmetry_count(), count, "{rules:?}");
        let lines = game.lines();
        for index in 0..count {
            let map = &game.shape.maps[index];
            let mut seen = map.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(
                seen.len(),
                map.len(),
                "{rules:?} {index}: not a permutation"
            );
            for line in lines {
                assert!(lines.contains(&game.shape.map_mask(index, *line)));
            }
        }
    }
}

#[test]
fn playing_commutes_with_every_declared_symmetry() {
    for rules in [
        rules(4, 4, 4, false),
        rules(3, 4, 3, false),
        rules(4, 3, 3, true),
    ] {
        let mut game = Mnk::new(rules);
        play(&mut game, &["a1", "b3"]);
        crate::game::symmetry::assert_play_commutes(&game, &format!("{rules:?}"));
    }
}

#[test]
fn byte_tables_map_cells_as_the_maps_do_and_the_canonical_key_is_the_least_image() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    // A square, a rectangle, a cylinder, and the largest board (64 cells: every byte).
    for rules in [
        rules(4, 4, 4, false),
        rules(3, 4, 3, false),
        rules(7, 3, 3, true),
        rules(8, 8, 5, false),
    ] {
        let game = Mnk::new(rules);
        let cells = game.cells();
        for _ in 0..200 {
            let (mut x, mut o) = (0u64, 0u64);
            for cell in 0..cells {
                match rng.random_range(0..3) {
                    0 => x |= 1 << cell,
                    1 => o |= 1 << cell,
                    _ => {}
                }
            }
            for (index, map) in game.shape.maps.iter().enumerate() {
                let by_cells = (0..cells)
                    .filter(|cell| x & (1 << cell) != 0)
                    .fold(0u64, |image, cell| image | 1 << map[cell]);
                assert_eq!(game.shape.map_mask(index, x), by_cells, "{rules:?}");
            }
            let position = Mnk { x, o, ..game };
            let least = (0..position.symmetry_count())
                .map(|index| position.transformed(index).key())
                .min();
            assert_eq!(Some(position.canonical_key()), least, "{rules:?}");
        }
    }
}

#[test]
fn the_symmetry_words_say_how_the_board_relates_to_its_image() {
    let square = Mnk::new(rules(4, 4, 4, false));
    assert_eq!(square.symmetry_words(0), "as drawn");
    assert_eq!(square.symmetry_words(6), "flipped on a4-d1");
    let cylinder = Mnk::new(rules(4, 3, 3, true));
    assert_eq!(
        cylinder.symmetry_words(1),
        "turned 3 columns right round the cylinder"
    );
}

#[test]
fn options_start_the_board_or_are_refused_in_one_sentence() {
    for (words, title) in [
        (&["mnk"][..], "mnk"),
        (&["mnk", "3x4"], "mnk size 3x4"),
        (&["mnk", "5"], "mnk size 5"),
        (&["mnk", "cylinder", "7X3"], "mnk size 7X3 cylinder"),
        (
            &["mnk", "4x4", "k", "3", "cylinder"],
            "mnk size 4x4 k 3 cylinder",
        ),
        (&["mnk", "size", "6"], "mnk size 6"),
        // A size after its option word is its value, not a second bare size.
        (&["gomoku", "size", "7"], "gomoku size 7"),
    ] {
        assert_eq!(registry::start(words).unwrap().title(), title);
    }
    for words in [
        &["mnk", "9x9"][..],
        &["mnk", "0x3"],
        &["mnk", "size", "3by4"],
        &["mnk", "k", "1"],
        &["mnk", "k", "5"],
        &["mnk", "3x5", "k", "4", "cylinder"],
        // No line can be made: X gets 2 of the 3 cells, or only 1 of 2.
        &["mnk", "1x3", "k", "3"],
        &["mnk", "3x1", "k", "3", "cylinder"],
        &["mnk", "1x2"],
        &["mnk", "5x1", "k", "4"],
    ] {
        let why = registry::start(words).expect_err("refused");
        assert!(!why.is_empty() && !why.contains('\n'), "{why}");
    }
}

/// The empty board is judged as its picture is: where no line can be made it is drawn
/// at once (a save's empty box would otherwise name moves a reloaded board refuses).
#[test]
fn the_empty_board_reads_back_as_it_started() {
    for (w, h, k) in [(1, 3, 3), (3, 1, 3), (1, 3, 2), (5, 1, 3), (4, 4, 4)] {
        let game = Mnk::new(rules(w, h, k, false));
        let again = game.from_picture(&game.picture()).unwrap();
        assert_eq!(again.outcome(), game.outcome(), "{w}x{h} k {k}");
        assert_eq!(again.legal_moves(), game.legal_moves(), "{w}x{h} k {k}");
    }
}

#[test]
fn pictures_read_back_and_unreachable_ones_are_refused() {
    let mut game = Mnk::new(rules(3, 4, 3, false));
    play(&mut game, &["a1", "b2", "c4"]);
    assert_eq!(game.picture(), "..X/.../.O./X..");
    assert_eq!(game.from_picture(&game.picture()), Ok(game));
    for bad in [
        "XXX/OOO/.../...",
        "XXX/OO./O../...",
        "OOO/XX./XX./...",
        "XX./.../.../...",
        "XX/",
    ] {
        assert!(game.from_picture(bad).is_err(), "{bad}");
    }
}
