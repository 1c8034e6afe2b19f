//! The end of a game in a game too big to list its boxes after every game: a summary of
//! what MENACE learned comes before the result, so the result is the last thing on
//! screen; small games keep their full listing.

use crate::common::settings;
use menace::app::Event;
use menace::lesson::{Said, Tutor};
use menace::repl::respond_with_events;

/// Plays one game of `variant` against MENACE, answering each of its moves with the
/// first legal move; returns the events and the text of the line that ended it.
fn one_game(variant: &str, seed: u64) -> (Vec<Event>, String) {
    let folder = tempfile::tempdir().unwrap();
    let mut session = Tutor::new(settings(seed, folder.path()));
    respond_with_events(&mut session, &format!("variant {variant}"));
    respond_with_events(&mut session, "play 1");
    for _ in 0..400 {
        let Some(position) = session.position() else {
            panic!("the game is over before its end was seen");
        };
        let first = position.legal_move_names()[0].clone();
        let (text, said) = respond_with_events(&mut session, &first);
        let events: Vec<Event> = said
            .into_iter()
            .filter_map(|said| match said {
                Said::Session(event) => Some(event),
                Said::Lesson(_) => None,
            })
            .collect();
        if events
            .iter()
            .any(|event| matches!(event, Event::GameOver { .. }))
        {
            return (events, text);
        }
    }
    panic!("{variant}: no end within 400 moves");
}

#[test]
fn a_big_game_ends_with_a_summary_then_its_result() {
    for variant in ["qubic", "ultimate", "strategic"] {
        let (events, text) = one_game(variant, 5);
        let summary = events
            .iter()
            .position(|event| matches!(event, Event::LearnedSummary { .. }))
            .unwrap_or_else(|| panic!("{variant}: no summary in {events:?}"));
        let over = events
            .iter()
            .position(|event| matches!(event, Event::GameOver { .. }))
            .unwrap();
        assert!(
            summary < over,
            "{variant}: the summary comes before the result"
        );
        assert!(
            !events
                .iter()
                .any(|event| matches!(event, Event::Learned { .. })),
            "{variant}: no box-by-box listing"
        );
        let Event::LearnedSummary {
            boxes_drawn,
            biggest,
            ..
        } = &events[summary]
        else {
            unreachable!()
        };
        assert!(*boxes_drawn >= 1, "{variant}: MENACE drew from a box");
        assert!(
            (1..=menace::registry::BIGGEST_CHANGES).contains(&biggest.len()),
            "{variant}: {biggest:?}"
        );
        // What follows the last board is a few lines, ending with the result.
        let after_board = text.rsplit(" . ").next().unwrap_or(&text);
        let tail: Vec<&str> = after_board.lines().collect();
        assert!(tail.len() <= 12, "{variant}: {text}");
        assert!(
            text.lines().all(|line| line.chars().count() <= 80),
            "{text}"
        );
    }
}

#[test]
fn a_small_game_still_lists_each_bead_after_the_result() {
    let (events, _) = one_game("classic", 5);
    let over = events
        .iter()
        .position(|event| matches!(event, Event::GameOver { .. }))
        .unwrap();
    let learned = events
        .iter()
        .position(|event| matches!(event, Event::Learned { .. }))
        .expect("classic lists each bead");
    assert!(over < learned);
    assert!(
        !events
            .iter()
            .any(|event| matches!(event, Event::LearnedSummary { .. }))
    );
}

/// The prompt's example move is one the position allows: ultimate's declared `MM.LL` is
/// not when the last move sends you to another board, nor classic's `MM` once taken.
#[test]
fn the_prompt_names_a_legal_move() {
    for variant in ["ultimate", "classic", "qubic"] {
        let folder = tempfile::tempdir().unwrap();
        let mut session = Tutor::new(settings(9, folder.path()));
        respond_with_events(&mut session, &format!("variant {variant}"));
        let (_, mut said) = respond_with_events(&mut session, "play 1");
        let mut prompts = 0;
        while let Some(position) = session.position() {
            for event in &said {
                if let Said::Session(Event::YourMove { example, .. }) = event {
                    prompts += 1;
                    assert!(
                        position.check_move(example).is_ok(),
                        "{variant}: {example} in {}",
                        position.picture()
                    );
                }
            }
            let first = position.legal_move_names()[0].clone();
            said = respond_with_events(&mut session, &first).1;
        }
        assert!(prompts > 2, "{variant}");
    }
}
