//! The one table of commands: the parser, `help`, Tab completion and the tests walk it,
//! in the manner of ripgrep's single `FLAGS` list. Each row names its own parsing
//! function (in `rows.rs`), as each of ripgrep's flags has its own parse: a new command
//! is one row here and one function there.

use super::rows::{self, Parsed};

/// Where `help` lists a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Play,
    Menace,
    Opponents,
    Games,
    Lessons,
    Files,
}

impl Group {
    pub const ALL: [Group; 6] = [
        Group::Play,
        Group::Menace,
        Group::Opponents,
        Group::Games,
        Group::Lessons,
        Group::Files,
    ];

    pub fn heading(self) -> &'static str {
        match self {
            Group::Play => "Playing",
            Group::Menace => "MENACE's boxes",
            Group::Opponents => "Opponents and training",
            Group::Games => "Games",
            Group::Lessons => "Lessons",
            Group::Files => "Files and leaving",
        }
    }
}

/// One command as the parser reads it, `help` shows it and Tab completes it.
#[derive(Debug, Clone, Copy)]
pub struct CommandInfo {
    /// The word that starts it.
    pub name: &'static str,
    /// Its words as `help` shows them.
    pub usage: &'static str,
    pub help: &'static str,
    pub group: Group,
    /// A whole line that uses it, which the tests parse.
    pub example: &'static str,
    /// Reads the words after the name.
    pub parse: fn(&[&str]) -> Parsed,
}

const fn info(
    name: &'static str,
    usage: &'static str,
    help: &'static str,
    group: Group,
    example: &'static str,
    parse: fn(&[&str]) -> Parsed,
) -> CommandInfo {
    CommandInfo {
        name,
        usage,
        help,
        group,
        example,
        parse,
    }
}

/// Other words for a command, each read as the command it names.
pub const ALIASES: &[(&str, &str)] = &[("?", "help"), ("exit", "quit"), ("y", "yes"), ("n", "no")];

/// Every command: the one table that the parser, `help`, Tab completion and the tests
/// walk. A row: name, usage, help, group, example, parsing function.
pub const COMMANDS: &[CommandInfo] = &[
    info(
        "play",
        "play N",
        "play N games (a bare number does too)",
        Group::Play,
        "play 3",
        rows::play,
    ),
    info(
        "board",
        "board [N]",
        "show the board (strategic: zoom into board N)",
        Group::Play,
        "board",
        rows::board,
    ),
    info(
        "resign",
        "resign",
        "give up the game in progress",
        Group::Play,
        "resign",
        rows::resign,
    ),
    info(
        "stop",
        "stop",
        "end a match of N games now (this game is not counted)",
        Group::Play,
        "stop",
        rows::stop,
    ),
    info(
        "hint",
        "hint [NAME]",
        "ask an AI for your best move",
        Group::Play,
        "hint perfect",
        rows::hint,
    ),
    info(
        "rate",
        "rate [D] [POS]",
        "the rating heuristic, or lookahead D, on every cell",
        Group::Play,
        "rate XO.......",
        rows::rate,
    ),
    info(
        "weights",
        "weights [CELL]",
        "gomoku: the attack bot's weight of every cell, or why",
        Group::Play,
        "weights h8",
        rows::weights,
    ),
    info(
        "solve",
        "solve [POS] [within N]",
        "the value with perfect play (board or POS), in N positions",
        Group::Play,
        "solve X...O....",
        rows::solve,
    ),
    info(
        "boxes",
        "boxes [MOVE|ply N|on|off]",
        "list the boxes (of MENACE's MOVE); on|off|changed: after each game",
        Group::Menace,
        "boxes 2",
        rows::boxes,
    ),
    info(
        "pictures",
        "pictures on|off",
        "draw each MENACE move as its box beside the board",
        Group::Menace,
        "pictures off",
        rows::pictures,
    ),
    info(
        "box",
        "box POS|N",
        "draw one box: by position or by number",
        Group::Menace,
        "box 1",
        rows::a_box,
    ),
    info(
        "stats",
        "stats",
        "games, results and beads",
        Group::Menace,
        "stats",
        rows::stats,
    ),
    info(
        "preset",
        "preset NAME",
        "fresh boxes: challenge, michie, custom ...",
        Group::Menace,
        "preset michie",
        rows::preset,
    ),
    info(
        "learner",
        "learner [NAME [PARAM VALUE]...]",
        "who learns to play you: menace, td ...",
        Group::Menace,
        "learner td alpha 0.2",
        rows::learner,
    ),
    info(
        "reset",
        "reset",
        "fresh boxes under the same preset",
        Group::Menace,
        "reset",
        rows::reset,
    ),
    info(
        "experiment",
        "experiment [N]",
        "games the learner needs to learn, over N seeds",
        Group::Menace,
        "experiment 2",
        rows::experiment,
    ),
    info(
        "against",
        "against NAME",
        "who plays you: an AI, or menace",
        Group::Opponents,
        "against alphabeta",
        rows::against,
    ),
    info(
        "opponent",
        "opponent NAME",
        "an AI plays your side; you watch (you: back)",
        Group::Opponents,
        "opponent you",
        rows::opponent,
    ),
    info(
        "vs",
        "vs NAME",
        "who MENACE trains against (default perfect)",
        Group::Opponents,
        "vs random",
        rows::vs,
    ),
    info(
        "train",
        "train N [vs NAME]",
        "N games at full speed; csv FILE, plot FILE.svg: the curve",
        Group::Opponents,
        "train 10 vs random",
        rows::train,
    ),
    info(
        "variants",
        "variants",
        "list the games",
        Group::Games,
        "variants",
        rows::variants,
    ),
    info(
        "variant",
        "variant NAME [OPT...]",
        "switch games (variant classic: back)",
        Group::Games,
        "variant cube",
        rows::variant,
    ),
    info(
        "lines",
        "lines [CELL [POS]]",
        "the game's lines, those through a cell; in POS, its threats",
        Group::Games,
        "lines MM",
        rows::lines,
    ),
    info(
        "kinds",
        "kinds [CELL]",
        "the openings up to symmetry, or the replies to CELL",
        Group::Games,
        "kinds 1",
        rows::kinds,
    ),
    info(
        "count",
        "count [boxes|full]",
        "ways a game goes; MENACE's boxes; full boards",
        Group::Games,
        "count",
        rows::count,
    ),
    info(
        "side",
        "side X|O",
        "the side you play; MENACE plays the other",
        Group::Games,
        "side x",
        rows::side,
    ),
    info(
        "rules",
        "rules classic|misere",
        "the same as variant classic or misere",
        Group::Games,
        "rules misere",
        rows::rules,
    ),
    info(
        "lessons",
        "lessons",
        "the guided course and your progress",
        Group::Lessons,
        "lessons",
        rows::lessons,
    ),
    info(
        "explain",
        "explain [WORD]",
        "what a word means: ply, bead, symmetry ...",
        Group::Lessons,
        "explain ply",
        rows::explain,
    ),
    info(
        "lesson",
        "lesson N",
        "start or resume a lesson",
        Group::Lessons,
        "lesson 1",
        rows::lesson,
    ),
    info(
        "next",
        "next",
        "go on in a lesson",
        Group::Lessons,
        "next",
        rows::next,
    ),
    info(
        "back",
        "back",
        "go back a step",
        Group::Lessons,
        "back",
        rows::back,
    ),
    info(
        "skip",
        "skip",
        "skip an exercise or question",
        Group::Lessons,
        "skip",
        rows::skip,
    ),
    info(
        "answer",
        "answer TEXT",
        "answer a lesson's question",
        Group::Lessons,
        "answer 304",
        rows::answer,
    ),
    info(
        "quit-lesson",
        "quit-lesson",
        "leave the lesson; it resumes later",
        Group::Lessons,
        "quit-lesson",
        rows::quit_lesson,
    ),
    info(
        "plot",
        "plot FILE.svg",
        "the last training run's learning curve as a chart",
        Group::Files,
        "plot curve.svg",
        rows::plot,
    ),
    info(
        "export",
        "export [labels] FILE.html",
        "every box on one page; labels: matchbox labels to print",
        Group::Files,
        "export boxes.html",
        rows::export,
    ),
    info(
        "save",
        "save [FILE]",
        "save the boxes (default saves/menace.yaml)",
        Group::Files,
        "save trained",
        rows::save,
    ),
    info(
        "load",
        "load FILE",
        "load boxes saved before",
        Group::Files,
        "load trained",
        rows::load,
    ),
    info(
        "help",
        "help",
        "this list",
        Group::Files,
        "help",
        rows::help,
    ),
    info(
        "quit",
        "quit",
        "leave (Ctrl-D does too; exit also works)",
        Group::Files,
        "quit",
        rows::quit,
    ),
    info(
        "yes",
        "yes",
        "confirm a question (y)",
        Group::Files,
        "yes",
        rows::yes,
    ),
    info(
        "no",
        "no",
        "keep things as they are (n)",
        Group::Files,
        "no",
        rows::no,
    ),
];
