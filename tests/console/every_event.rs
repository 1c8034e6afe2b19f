//! Every kind of event the console can show, rendered, fits 80 columns. The events
//! come from real sessions driven by command lines (a few that need minutes or a special
//! state are built by hand), and `kind` matches every variant with no wildcard: a new
//! event cannot be added without this test producing it.

use menace::app::{Event, Settings};
use menace::lesson::course::LessonEvent;
use menace::lesson::{Said, Tutor};
use menace::repl::render::{self, Palette};
use std::collections::BTreeSet;

fn kind(said: &Said) -> String {
    let event = match said {
        Said::Session(event) => event,
        Said::Lesson(lesson) => {
            return format!(
                "Lesson::{}",
                match lesson {
                    LessonEvent::List(_) => "List",
                    LessonEvent::Step(_) => "Step",
                    LessonEvent::GoalMet(_) => "GoalMet",
                    LessonEvent::Hint { .. } => "Hint",
                    LessonEvent::NoHints => "NoHints",
                    LessonEvent::Correct { .. } => "Correct",
                    LessonEvent::Wrong { .. } => "Wrong",
                    LessonEvent::NotYet(_) => "NotYet",
                    LessonEvent::Skipped(_) => "Skipped",
                    LessonEvent::Finished { .. } => "Finished",
                    LessonEvent::Left { .. } => "Left",
                    LessonEvent::Aside(_) => "Aside",
                    LessonEvent::CourseComplete(_) => "CourseComplete",
                    LessonEvent::AtStart => "AtStart",
                    LessonEvent::Problem(_) => "Problem",
                }
            );
        }
    };
    let name = match event {
        Event::Glossary => "Glossary",
        Event::Explained(_) => "Explained",
        Event::Stopped { .. } => "Stopped",
        Event::BoxesAfterGame(_) => "BoxesAfterGame",
        Event::NewGame { .. } => "NewGame",
        Event::Board { .. } => "Board",
        Event::MenaceMoved { .. } => "MenaceMoved",
        Event::Moved { .. } => "Moved",
        Event::YourMove { .. } => "YourMove",
        Event::GameOver { .. } => "GameOver",
        Event::Learned { .. } => "Learned",
        Event::LearnedSummary { .. } => "LearnedSummary",
        Event::Listing { .. } => "Listing",
        Event::BoxView { .. } => "BoxView",
        Event::MatchOver { .. } => "MatchOver",
        Event::MatchStopped { .. } => "MatchStopped",
        Event::Interrupted => "Interrupted",
        Event::Refused(_) => "Refused",
        Event::Stats(_) => "Stats",
        Event::Learners(_) => "Learners",
        Event::LearnerChosen { .. } => "LearnerChosen",
        Event::LearnerLearned { .. } => "LearnerLearned",
        Event::LearnerView { .. } => "LearnerView",
        Event::Help => "Help",
        Event::Saved { .. } => "Saved",
        Event::Loaded { .. } => "Loaded",
        Event::PresetChanged(_) => "PresetChanged",
        Event::Question(_) => "Question",
        Event::Kept { .. } => "Kept",
        Event::Refusal(_) => "Refusal",
        Event::DepthCapped { .. } => "DepthCapped",
        Event::Goodbye { .. } => "Goodbye",
        Event::OpponentSet { .. } => "OpponentSet",
        Event::AgainstSet { .. } => "AgainstSet",
        Event::MoveNote(_) => "MoveNote",
        Event::TrainerSet(_) => "TrainerSet",
        Event::Trained(_) => "Trained",
        Event::CurveWritten(_) => "CurveWritten",
        Event::ChartWritten { .. } => "ChartWritten",
        Event::LabelsWritten { .. } => "LabelsWritten",
        Event::PageWritten { .. } => "PageWritten",
        Event::Hint { .. } => "Hint",
        Event::Ratings { .. } => "Ratings",
        Event::Weights { .. } => "Weights",
        Event::CellWeight { .. } => "CellWeight",
        Event::Experiments { .. } => "Experiments",
        Event::GameExperiment(_) => "GameExperiment",
        Event::PicturesSet(_) => "PicturesSet",
        Event::LessonSetUp(_) => "LessonSetUp",
        Event::OwnStateBack { .. } => "OwnStateBack",
        Event::Variants => "Variants",
        Event::Lines { .. } => "Lines",
        Event::Census { .. } => "Census",
        Event::AnalysisCensus { .. } => "AnalysisCensus",
        Event::BoxCount { .. } => "BoxCount",
        Event::Fillings { .. } => "Fillings",
        Event::AheadRatings { .. } => "AheadRatings",
        Event::Kinds { .. } => "Kinds",
        Event::GameChosen { .. } => "GameChosen",
        Event::Solved { .. } => "Solved",
    };
    name.to_string()
}

/// Every kind `kind` names: kept beside it, so a new variant is listed here too.
const ALL: &[&str] = &[
    "Glossary",
    "Explained",
    "Stopped",
    "BoxesAfterGame",
    "NewGame",
    "Board",
    "MenaceMoved",
    "Moved",
    "YourMove",
    "GameOver",
    "Learned",
    "Listing",
    "BoxView",
    "MatchOver",
    "MatchStopped",
    "Interrupted",
    "Refused",
    "Stats",
    "Learners",
    "LearnerChosen",
    "LearnerLearned",
    "LearnerView",
    "Help",
    "Saved",
    "Loaded",
    "PresetChanged",
    "Question",
    "Kept",
    "Refusal",
    "DepthCapped",
    "Goodbye",
    "OpponentSet",
    "AgainstSet",
    "MoveNote",
    "TrainerSet",
    "Trained",
    "CurveWritten",
    "ChartWritten",
    "PageWritten",
    "Hint",
    "Ratings",
    "AheadRatings",
    "Weights",
    "CellWeight",
    "Experiments",
    "GameExperiment",
    "PicturesSet",
    "LessonSetUp",
    "OwnStateBack",
    "Variants",
    "Lines",
    "Census",
    "AnalysisCensus",
    "BoxCount",
    "Fillings",
    "Kinds",
    "GameChosen",
    "Solved",
    "Lesson::List",
    "Lesson::Step",
    "Lesson::GoalMet",
    "Lesson::Hint",
    "Lesson::NoHints",
    "Lesson::Correct",
    "Lesson::Wrong",
    "Lesson::NotYet",
    "Lesson::Skipped",
    "Lesson::Finished",
    "Lesson::Left",
    "Lesson::Aside",
    "Lesson::CourseComplete",
    "Lesson::AtStart",
    "Lesson::Problem",
];

fn session(seed: u64, folder: &std::path::Path) -> Tutor {
    Tutor::new(Settings {
        seed,
        saves_dir: folder.to_path_buf(),
        lessons_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons"),
        effort: menace::analysis::Effort {
            positions: 2_000,
            playouts: 50,
            lookahead: 2_000,
            solve: 50_000,
        },
        ..Settings::default()
    })
}

/// Lines that, in order, make the console show (nearly) every kind of event.
const SCRIPT: &[&str] = &[
    "help",
    "explain",
    "explain bead",
    "boxes changed",
    "pictures off",
    "pictures on",
    "1",
    "hint",
    "MM",
    "stop",
    "3",
    "stop",
    "play 1 vs random",
    "boxes 2",
    "box 1",
    "stats",
    "save t",
    "load t",
    "yes",
    "preset michie",
    "no",
    "preset michie",
    "train 123456789 vs random",
    "preset michie",
    "yes",
    "preset custom 1/0/0/0 3/1/-5 resign",
    "yes",
    "train 30",
    "1",
    "resign",
    "preset challenge",
    "yes",
    "nonsense",
    "opponent teacher",
    "opponent you",
    "against random",
    "against menace",
    "vs random",
    "train 20 csv curve.csv plot curve.svg",
    "export boxes.html",
    "rate XO.O.X...",
    "rate 4 XO.O.X...",
    "solve O.XX.X.OO",
    "lines MM",
    "count",
    "count boxes",
    "count full",
    "kinds",
    "experiment 2",
    "variants",
    "variant cube",
    "lines 2MM",
    "against lookahead 9",
    "solve",
    "experiment 2",
    "variant gomoku 26",
    "1",
    "a1",
    "weights",
    "weights z26",
    "resign",
    "variant classic",
    "lessons",
    "lesson 1",
    "back",
    "next",
    "next",
    "hint",
    "skip",
    "lesson 99",
    "quit-lesson",
    "lesson 2",
    "next",
    "box X...O....",
    "next",
    "next",
    "9",
    "1",
    "next",
    "3",
    "next",
    "2",
    "next",
    "box XO.......",
    "box XO.......",
    "box .........",
    "quit-lesson",
    "learner",
    "learner td alpha 0.2",
    "play 1 vs random",
    "box",
    "box X...O....",
    "stats",
    "learner menace",
    "quit",
    "yes",
];

#[test]
fn every_event_kind_fits_80_columns() {
    let folder = tempfile::tempdir().unwrap();
    let mut seen = BTreeSet::new();
    let mut check = |events: &[Said], after: &str| {
        for event in events {
            seen.insert(kind(event));
        }
        for palette in [Palette::PLAIN, Palette { colour: true }] {
            let text = render::said(events, palette);
            for line in text.lines() {
                let width = menace::repl::board::visible_width(line);
                assert!(width <= 80, "{width} columns after {after:?}:\n{line}");
            }
        }
    };
    let mut console = session(3, folder.path());
    for line in SCRIPT {
        let events = console.handle_line(line);
        check(&events, line);
    }
    // A lesson finished to its end.
    let mut learner = session(4, folder.path());
    for line in [
        "lesson 1", "next", "skip", "next", "next", "skip", "skip", "next", "next",
    ] {
        let events = learner.handle_line(line);
        check(&events, line);
    }
    // Made by hand: Ctrl-C in a watched match, a step without hints (no lesson has
    // one), the course-complete screen with every real lesson's title, and a game's
    // note on a move.
    let titles = menace::lesson::load_all(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/lessons"
    )))
    .unwrap()
    .lessons
    .into_iter()
    .map(|lesson| lesson.title)
    .collect();
    let by_hand = [
        Said::Session(Event::MatchStopped {
            played: 123_456,
            asked: 1_000_000,
        }),
        Said::Session(Event::Interrupted),
        // `count` in quantum Morris takes seconds of a release build.
        Said::Session(Event::AnalysisCensus {
            title: "quantum-morris".into(),
            census: menace::ai::quantum_morris::census::Census {
                positions: 11_960_935,
                collapses: 36_071_665,
            },
        }),
        Said::Lesson(LessonEvent::NoHints),
        Said::Lesson(LessonEvent::CourseComplete(titles)),
        // The longest note a game makes on a move (circular linetris).
        Said::Session(Event::MoveNote(
            "A full edge vanished: the field shifted toward its wall, and the marks keep \
             their neighbours."
                .into(),
        )),
    ];
    check(&by_hand, "events made by hand");
    let missing: Vec<&&str> = ALL.iter().filter(|name| !seen.contains(**name)).collect();
    assert!(
        missing.is_empty(),
        "no event of these kinds was shown: {missing:?}"
    );
}
