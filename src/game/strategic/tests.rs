use super::*;

fn cell(name: &str) -> usize {
    parse_cell(name).unwrap()
}

/// A picture with X and O on the cells named (in digits), then `suffix`.
fn picture(x: &[&str], o: &[&str], suffix: &str) -> String {
    let mut field = vec!['.'; CELLS];
    for (marks, symbol) in [(x, 'X'), (o, 'O')] {
        for name in marks {
            let wanted = cell(name);
            let index = (0..CELLS)
                .find(|index| Strategic::field_cell(index / 27, index % 27) == wanted)
                .unwrap();
            field[index] = symbol;
        }
    }
    let rows: Vec<String> = field
        .chunks(27)
        .map(|row| row.iter().collect::<String>())
        .collect();
    format!("{} {suffix}", rows.join("/"))
}

fn position(x: &[&str], o: &[&str], suffix: &str) -> Strategic {
    let text = picture(x, o, suffix);
    Strategic::new()
        .from_picture(&text)
        .unwrap_or_else(|why| panic!("{why}"))
}

fn play(game: &mut Strategic, name: &str) {
    let mv = game.parse_move(name).unwrap();
    game.play(mv).unwrap_or_else(|why| panic!("{name}: {why}"));
}

fn legal(game: &Strategic) -> Vec<String> {
    game.legal_moves()
        .into_iter()
        .map(|mv| game.move_name(mv))
        .collect()
}

#[test]
fn moves_are_three_digits_or_two_letters_per_level() {
    let game = Strategic::new();
    let mv = game.parse_move("541").unwrap();
    assert_eq!(mv, 81 * 4 + 9 * 3);
    assert_eq!(game.move_name(mv), "541");
    for same in ["5.4.1", "MM.ML.LL", "mmmlll", " 541 ", "MM.4.LL"] {
        assert_eq!(game.parse_move(same).unwrap(), mv, "{same}");
    }
    for bad in [
        "",
        "54",
        "5410",
        "041",
        "5.4",
        "MM.ML",
        "ZZ.ML.LL",
        "54a",
        "５４１",
    ] {
        assert!(game.parse_move(bad).is_err(), "{bad}");
    }
    assert_eq!(game.move_name(728), "999");
}

#[test]
fn a_move_sends_the_opponent_one_level_down() {
    // Cell 1 of board 4 of board 5 sends O to board 4, its board 1: cells 41x.
    let mut game = Strategic::new();
    assert_eq!(legal(&game).len(), CELLS);
    play(&mut game, "541");
    assert_eq!(game.target(), Target::Board(9 * 3));
    let moves = legal(&game);
    assert_eq!(moves.len(), 9);
    assert!(moves.iter().all(|name| name.starts_with("41")), "{moves:?}");
    let before = game;
    let refused = game.play(game.parse_move("551").unwrap()).unwrap_err();
    assert!(refused.to_string().contains("board 41"), "{refused}");
    assert_eq!(game, before, "a refused move changes nothing");
}

#[test]
fn a_won_board_with_empty_cells_must_still_be_played_in() {
    // X has won board 11 (its top row); O is sent there and must play there.
    let game = position(&["111", "112", "113"], &["211", "311"], "11");
    assert_eq!(game.board_winner(0), Some(Player::X));
    let moves = legal(&game);
    assert_eq!(moves, ["114", "115", "116", "117", "118", "119"]);
    // O making a line there later does not take the board from X.
    let mut game = position(&["111", "112", "113"], &["114", "115"], "11");
    assert_eq!(game.to_move(), Player::O);
    play(&mut game, "116");
    assert_eq!(game.board_winner(0), Some(Player::X));
    assert!(game.picture().contains(",11=X"), "{}", game.picture());
}

#[test]
fn sent_to_a_full_board_you_play_anywhere_in_its_tactical_board() {
    // Board 23 is full and won by nobody; a move in cell 3 of board 2x sends O there.
    let full_x = ["231", "232", "235", "236", "237"];
    let full_o = ["233", "234", "238", "239"];
    let game = position(&full_x, &full_o, "any");
    assert_eq!(
        game.board_winner(9 + 2),
        None,
        "a drawn board counts for nobody"
    );
    let mut game = game;
    assert_eq!(game.to_move(), Player::O);
    play(&mut game, "123"); // O plays cell 3 of board 12: sends X to board 23, full.
    assert_eq!(game.target(), Target::Tactical(1));
    let moves = legal(&game);
    assert_eq!(
        moves.len(),
        81 - 9,
        "every empty cell of board 2: {moves:?}"
    );
    assert!(moves.iter().all(|name| name.starts_with('2')));
    let refused = game.play(game.parse_move("311").unwrap()).unwrap_err();
    assert!(
        refused.to_string().contains("anywhere in board 2"),
        "{refused}"
    );
}

#[test]
fn sent_to_a_full_tactical_board_you_play_anywhere() {
    // Every cell of tactical board 9 taken: a move sending a player into it frees them.
    let mut x = Vec::new();
    let mut o = Vec::new();
    // Fill each operational board of board 9 with a drawn pattern: X X O / O O X / X X O.
    let pattern = ['X', 'X', 'O', 'O', 'O', 'X', 'X', 'X', 'O'];
    let names: Vec<String> = (1..=9)
        .flat_map(|t| (1..=9).map(move |c| format!("9{t}{c}")))
        .collect();
    for (index, name) in names.iter().enumerate() {
        if pattern[index % 9] == 'X' {
            x.push(name.as_str());
        } else {
            o.push(name.as_str());
        }
    }
    // 45 X, 36 O: give O nine more elsewhere, X to move.
    let extra = [
        "111", "113", "131", "133", "151", "153", "171", "173", "191",
    ];
    o.extend(extra);
    let mut game = position(&x, &o, "any");
    assert_eq!(game.to_move(), Player::X);
    assert!((0..9).all(|t| game.board_winner(72 + t).is_none()));
    play(&mut game, "195"); // cell 5 of board 19 sends O to board 95: full, and board 9
    assert_eq!(game.target(), Target::Any);
    assert_eq!(legal(&game).len(), CELLS - game.ply());
}

#[test]
fn three_boards_in_a_row_win_a_tactical_board_and_three_of_those_the_game() {
    // X holds the top row of boards 11, 12 (won) and two cells of board 13.
    let x = ["111", "112", "113", "121", "122", "123", "131", "132"];
    let o = ["911", "912", "914", "915", "917", "918", "999", "997"];
    let mut game = position(&x, &o, "any");
    assert_eq!(game.to_move(), Player::X);
    play(&mut game, "133");
    assert_eq!(game.tactical_winner(0), Some(Player::X));
    assert_eq!(game.outcome(), None);
    // Tactical boards 1 and 2 won by X, board 3 one cell away: the game.
    let mut x: Vec<String> = Vec::new();
    for s in 1..=2 {
        for t in 1..=3 {
            for c in 1..=3 {
                x.push(format!("{s}{t}{c}"));
            }
        }
    }
    x.extend(["311", "312", "313", "321", "322", "323", "331", "332"].map(String::from));
    let o: Vec<String> = (0..x.len())
        .map(|n| format!("{}{}{}", 7 + n / 81, n / 9 % 9 + 1, n % 9 + 1))
        .collect();
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    let o: Vec<&str> = o.iter().map(String::as_str).collect();
    let mut game = position(&x, &o, "any");
    assert_eq!(game.outcome(), None);
    play(&mut game, "333");
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn pictures_read_back_and_say_who_won_first() {
    let mut game = Strategic::new();
    for name in ["541", "411", "115", "151", "519", "199"] {
        play(&mut game, name);
    }
    let text = game.picture();
    assert_eq!(Strategic::new().from_picture(&text).unwrap(), game);
    assert!(text.ends_with(" 99"), "{text}");
    // Both players have a line in board 11: the picture must say who was first.
    let x = ["111", "112", "113", "121"];
    let o = ["117", "118", "119"];
    let both = picture(&x, &o, "any");
    assert!(Strategic::new().from_picture(&both).is_err());
    let stated = Strategic::new()
        .from_picture(&picture(&x, &o, "any,11=O"))
        .unwrap();
    assert_eq!(stated.board_winner(0), Some(Player::O));
    assert_eq!(
        Strategic::new().from_picture(&stated.picture()).unwrap(),
        stated
    );
    for bad in ["any,11=Z", "0", "1234", "any,0=X"] {
        assert!(
            Strategic::new()
                .from_picture(&picture(&x, &o, bad))
                .is_err(),
            "{bad}"
        );
    }
}

#[test]
fn the_view_zooms_into_the_board_in_play_and_any_other() {
    let mut game = Strategic::new();
    play(&mut game, "541");
    let view = game.view();
    assert_eq!(view.panels.len(), 3);
    assert_eq!(view.panels[0].title, "41 42 43");
    assert!(view.cells().all(|cell| cell.id != cell_id("541")));
    let zoomed = game.zoomed_view(4).unwrap();
    assert_eq!(zoomed.panels[0].title, "51 52 53");
    assert!(
        zoomed
            .cells()
            .any(|c| c.id == cell_id("541") && c.owner == Some(Player::X))
    );
    assert!(game.zoomed_view(9).is_none());
}

fn cell_id(name: &str) -> usize {
    cell(name)
}

#[test]
fn a_map_chooses_the_strategic_board_and_the_cell_still_chooses_the_board_in_it() {
    let start = |words: &[&str]| {
        let mut options = vec![];
        if let Some(path) = words.first() {
            options.push(format!("map {path}"));
        }
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        // The registry reads an option's file; here the test does.
        let files = crate::game::OptionFiles::new(
            words
                .iter()
                .map(|path| {
                    let text = std::fs::read_to_string(path)
                        .map_err(|e| format!("could not be read: {e}"));
                    (path.to_string(), text)
                })
                .collect(),
        );
        <Strategic as crate::game::Declared>::start(&STRATEGIC, &options, &files)
    };
    // The example functional map: row 13 of the field sends, in the middle column of
    // tactical boards, to board 6. 541 is in that row and column.
    let mut game = start(&["maps/functional-example.yaml"]).unwrap();
    assert_eq!(game.map().map(|map| map.rules), Some(MapRules::Functional));
    assert_eq!(
        game.symmetry_count(),
        1,
        "this map does not commute with the square"
    );
    play(&mut game, "541");
    assert_eq!(game.target(), Target::Board(9 * 5));
    // The example hyperfunctional map sends cell (row r, column c) to (r + c) % 9 + 1:
    // 541 stands at row 13, column 10.
    let mut game = start(&["maps/hyperfunctional-example.yaml"]).unwrap();
    play(&mut game, "541");
    assert_eq!(game.target(), Target::Board(9 * 3));
    // A picture read under a map keeps it.
    let again = game.from_picture(&game.picture()).unwrap();
    assert_eq!(again, game);
    // The Tactical rule set is unchanged without a map.
    let mut game = start(&[]).unwrap();
    play(&mut game, "541");
    assert_eq!(game.target(), Target::Board(9 * 3));
    let refused = start(&["maps/none.yaml"]).unwrap_err();
    assert!(refused.contains("maps/none.yaml"), "{refused}");
}
