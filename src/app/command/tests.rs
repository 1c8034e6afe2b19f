use super::*;

#[test]
fn numbers_and_play_ask_for_games() {
    assert_eq!(parse("3"), Ok(Command::Play(3)));
    assert_eq!(parse("  play 12 "), Ok(Command::Play(12)));
    assert_eq!(parse("PLAY 1"), Ok(Command::Play(1)));
    for bad in [
        "play -1",
        "0",
        "-1",
        "play 1001",
        "play x",
        "1.5",
        "99999999999",
    ] {
        assert!(
            matches!(parse(bad), Err(CommandError::BadCount(_))),
            "{bad}"
        );
    }
    assert!(matches!(
        parse("play"),
        Err(CommandError::MissingArgument { .. })
    ));
}

#[test]
fn every_command_in_the_table_parses_its_example_and_nothing_else_is_a_command() {
    for command in COMMANDS {
        assert!(
            command.example.split(' ').next() == Some(command.name),
            "{}: its example starts with another word",
            command.name
        );
        assert!(parse(command.example).is_ok(), "{}", command.example);
        assert!(command.usage.starts_with(command.name), "{}", command.name);
    }
    for (index, command) in COMMANDS.iter().enumerate() {
        assert!(
            !COMMANDS[..index]
                .iter()
                .any(|other| other.name == command.name),
            "{} twice",
            command.name
        );
    }
    // Every word the parser takes as a command is in the table (aliases aside).
    for word in [
        "abc", "xyz", "MM", "rl", "d", "2MM", "b3x", "pass", "LL-LM", "table", "go",
    ] {
        let parsed = parse(word);
        let known = COMMANDS.iter().any(|command| command.name == word);
        assert!(
            parsed.is_err() || known || word.starts_with(char::is_numeric),
            "{word}"
        );
    }
    assert!(matches!(parse("xyz"), Err(CommandError::Unknown(_))));
}

#[test]
fn bad_lines_get_one_sentence() {
    assert_eq!(parse(""), Err(CommandError::Empty));
    assert_eq!(parse("   "), Err(CommandError::Empty));
    assert_eq!(
        parse(&"x".repeat(10_000)),
        Err(CommandError::TooLong(10_000))
    );
    assert_eq!(parse("héllo"), Err(CommandError::NotAscii('é')));
    assert_eq!(parse("a\u{1b}[2J"), Err(CommandError::NotAscii('\u{1b}')));
    for line in [
        "",
        "frobnicate",
        "boxes x",
        "box Q R S",
        "preset nope",
        "stats now",
    ] {
        let sentence = parse(line).unwrap_err().to_string();
        assert!(sentence.ends_with('.'), "{sentence}");
        assert!(!sentence.contains('\n'), "{sentence}");
    }
}

#[test]
fn box_and_boxes_take_their_arguments() {
    assert_eq!(parse("boxes"), Ok(Command::Boxes(None)));
    assert_eq!(parse("boxes 4"), Ok(Command::Boxes(Some(BoxesOf::Move(4)))));
    assert_eq!(
        parse("boxes ply 4"),
        Ok(Command::Boxes(Some(BoxesOf::Ply(4))))
    );
    assert_eq!(
        parse("boxes PLY 0"),
        Ok(Command::Boxes(Some(BoxesOf::Ply(0))))
    );
    // Moves count from 1: there is no 0th move.
    assert!(matches!(parse("boxes 0"), Err(CommandError::BadPly(_))));
    assert!(matches!(parse("boxes ply x"), Err(CommandError::BadPly(_))));
    assert!(matches!(parse("boxes -3"), Err(CommandError::BadPly(_))));
    assert_eq!(parse("box 1"), Ok(Command::Box(Some(BoxQuery::Number(1)))));
    assert!(matches!(
        parse("box X...O...."),
        Ok(Command::Box(Some(BoxQuery::Position(_))))
    ));
    assert_eq!(
        parse("box XO....... X"),
        Ok(Command::Box(Some(BoxQuery::Position("XO....... X".into()))))
    );
}

#[test]
fn opponents_training_and_hints() {
    assert_eq!(
        parse("play 3 vs teacher"),
        Ok(Command::PlayVs(3, Choice::parse(&["teacher"]).unwrap()))
    );
    assert_eq!(
        parse("vs rating 0"),
        Ok(Command::Vs(Choice::parse(&["rating", "0"]).unwrap()))
    );
    assert_eq!(parse("opponent you"), Ok(Command::Opponent(None)));
    assert_eq!(
        parse("opponent lookahead 3"),
        Ok(Command::Opponent(Some(
            Choice::parse(&["lookahead", "3"]).unwrap()
        )))
    );
    assert_eq!(
        parse("train 2000 vs perfect csv c.csv"),
        Ok(Command::Train {
            games: 2000,
            vs: Some(Choice::parse(&["perfect"]).unwrap()),
            csv: Some("c.csv".into()),
            plot: None
        })
    );
    for line in [
        "train 50 vs random plot c.svg csv c.csv",
        "train 50 vs random csv c.csv plot c.svg",
    ] {
        assert_eq!(
            parse(line),
            Ok(Command::Train {
                games: 50,
                vs: Some(Choice::parse(&["random"]).unwrap()),
                csv: Some("c.csv".into()),
                plot: Some("c.svg".into())
            }),
            "{line}"
        );
    }
    assert_eq!(parse("plot c"), Ok(Command::Plot("c".into())));
    assert_eq!(parse("export b.HTML"), Ok(Command::Export("b.HTML".into())));
    assert_eq!(
        parse("train 10"),
        Ok(Command::Train {
            games: 10,
            vs: None,
            csv: None,
            plot: None
        })
    );
    for bad in [
        "train 5 plot c.png",
        "train 5 plot a.svg plot b.svg",
        "train 5 plot a.svg vs random",
        "plot",
        "plot a.png",
        "plot a.svg b.svg",
        "export",
        "export a.pdf",
        "train",
        "train 0",
        "train x",
        "train 5 csv",
        "train 5 with perfect",
        "vs",
        "vs god",
        "hint nobody",
        "experiment 0",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    assert_eq!(parse("hint"), Ok(Command::Hint(None)));
    assert_eq!(
        parse("hint perfect"),
        Ok(Command::Hint(Some(Choice::parse(&["perfect"]).unwrap())))
    );
    assert!(matches!(
        parse("solve O.XX.X.OO"),
        Ok(Command::Solve(Some(_), None))
    ));
    assert!(matches!(
        parse("solve a b c"),
        Err(CommandError::ExtraWords { .. })
    ));
    // A budget of positions, with or without a position, commas allowed.
    assert_eq!(
        parse("solve within 10,000"),
        Ok(Command::Solve(None, Some(10_000)))
    );
    assert_eq!(
        parse("solve X...O.... WITHIN 500"),
        Ok(Command::Solve(Some("X...O....".into()), Some(500)))
    );
    for bad in [
        "solve within 0",
        "solve within many",
        "solve within 1000000001",
    ] {
        assert!(
            matches!(parse(bad), Err(CommandError::BadBudget(_))),
            "{bad}"
        );
    }
    assert!(matches!(
        parse("solve within"),
        Err(CommandError::MissingArgument { .. })
    ));
    assert_eq!(parse("experiment"), Ok(Command::Experiment(20)));
}

#[test]
fn ratings_and_counts() {
    assert_eq!(parse("rate"), Ok(Command::Rate(None)));
    assert!(matches!(
        parse("rate XO......."),
        Ok(Command::Rate(Some(_)))
    ));
    assert_eq!(parse("rate 6"), Ok(Command::RateAhead(6, None)));
    assert!(matches!(
        parse("rate 9 XO......."),
        Ok(Command::RateAhead(9, Some(_)))
    ));
    assert!(parse("rate 0").is_err());
    assert!(parse("rate 10").is_err());
    assert_eq!(parse("count"), Ok(Command::Count));
    assert_eq!(parse("count boxes"), Ok(Command::CountBoxes));
    assert_eq!(parse("count FULL"), Ok(Command::CountFull));
    assert!(matches!(
        parse("count full boxes"),
        Err(CommandError::ExtraWords { .. })
    ));
}

#[test]
fn presets_saves_and_loads() {
    assert_eq!(
        parse("preset michie"),
        Ok(Command::Preset(Preset::michie()))
    );
    assert!(matches!(
        parse("preset custom 8/4/2/1 3/1/-1 refill"),
        Ok(Command::Preset(_))
    ));
    assert!(matches!(parse("preset"), Err(CommandError::BadPreset(_))));
    assert_eq!(parse("save"), Ok(Command::Save(None)));
    assert_eq!(
        parse("save a.yaml"),
        Ok(Command::Save(Some("a.yaml".into())))
    );
    assert!(matches!(
        parse("load"),
        Err(CommandError::MissingArgument { .. })
    ));
    assert!(matches!(
        parse("save a b"),
        Err(CommandError::ExtraWords { .. })
    ));
}

/// An alias reads as the command it names, with that command's own refusals.
#[test]
fn every_alias_names_a_row_and_reads_as_it() {
    for (alias, name) in ALIASES {
        assert!(
            COMMANDS.iter().any(|command| command.name == *name),
            "{alias}: no row {name}"
        );
        assert!(!COMMANDS.iter().any(|command| command.name == *alias));
        assert_eq!(parse(alias), parse(name), "{alias}");
        assert_eq!(
            parse(&format!("{alias} more")),
            parse(&format!("{name} more")),
            "{alias}"
        );
    }
}

/// The course's words read as the course's commands, which the session passes up.
#[test]
fn the_course_commands_are_one_command_of_the_session() {
    assert_eq!(parse("next"), Ok(Command::Course(CourseCommand::Next)));
    assert_eq!(
        parse("answer 304 boxes"),
        Ok(Command::Course(CourseCommand::Answer("304 boxes".into())))
    );
    assert_eq!(
        parse("LESSON 3"),
        Ok(Command::Course(CourseCommand::Lesson("3".into())))
    );
    assert!(matches!(
        parse("quit-lesson now"),
        Err(CommandError::ExtraWords {
            command: "quit-lesson",
            ..
        })
    ));
}
