//! The one table of commands: `help`, Tab completion and the tests walk it, in the
//! manner of ripgrep's single `FLAGS` list.

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

/// One command as `help` shows it and Tab completes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandInfo {
    /// The word that starts it.
    pub name: &'static str,
    /// Its words as `help` shows them.
    pub usage: &'static str,
    pub help: &'static str,
    pub group: Group,
    /// A whole line that uses it, which the tests parse.
    pub example: &'static str,
}

const fn info(
    name: &'static str,
    usage: &'static str,
    help: &'static str,
    group: Group,
    example: &'static str,
) -> CommandInfo {
    CommandInfo {
        name,
        usage,
        help,
        group,
        example,
    }
}

/// Every command: the one table that `help`, Tab completion and the tests walk.
pub const COMMANDS: &[CommandInfo] = &[
    info(
        "play",
        "play N",
        "play N games (a bare number does too)",
        Group::Play,
        "play 3",
    ),
    info(
        "board",
        "board [N]",
        "show the board (strategic: zoom into board N)",
        Group::Play,
        "board",
    ),
    info(
        "resign",
        "resign",
        "give up the game in progress",
        Group::Play,
        "resign",
    ),
    info(
        "stop",
        "stop",
        "end a match of N games now (this game is not counted)",
        Group::Play,
        "stop",
    ),
    info(
        "hint",
        "hint [NAME]",
        "ask an AI for your best move",
        Group::Play,
        "hint perfect",
    ),
    info(
        "rate",
        "rate [POS]",
        "the rating heuristic on every empty cell",
        Group::Play,
        "rate XO.......",
    ),
    info(
        "weights",
        "weights [CELL]",
        "gomoku: the attack bot's weight of every cell, or why",
        Group::Play,
        "weights h8",
    ),
    info(
        "solve",
        "solve [POS] [within N]",
        "the value with perfect play (board or POS), in N positions",
        Group::Play,
        "solve X...O....",
    ),
    info(
        "boxes",
        "boxes [MOVE|ply N|on|off]",
        "list the boxes (of MENACE's MOVE); on|off|changed: after each game",
        Group::Menace,
        "boxes 2",
    ),
    info(
        "pictures",
        "pictures on|off",
        "draw each MENACE move as its box beside the board",
        Group::Menace,
        "pictures off",
    ),
    info(
        "box",
        "box POS|N",
        "draw one box: by position or by number",
        Group::Menace,
        "box 1",
    ),
    info(
        "stats",
        "stats",
        "games, results and beads",
        Group::Menace,
        "stats",
    ),
    info(
        "preset",
        "preset NAME",
        "fresh boxes: challenge, michie, custom ...",
        Group::Menace,
        "preset michie",
    ),
    info(
        "reset",
        "reset",
        "fresh boxes under the same preset",
        Group::Menace,
        "reset",
    ),
    info(
        "experiment",
        "experiment [N]",
        "games MENACE needs to learn, over N seeds",
        Group::Menace,
        "experiment 2",
    ),
    info(
        "against",
        "against NAME",
        "who plays you: an AI, or menace",
        Group::Opponents,
        "against alphabeta",
    ),
    info(
        "opponent",
        "opponent NAME",
        "an AI plays your side; you watch (you: back)",
        Group::Opponents,
        "opponent you",
    ),
    info(
        "vs",
        "vs NAME",
        "who MENACE trains against (default perfect)",
        Group::Opponents,
        "vs random",
    ),
    info(
        "train",
        "train N [vs NAME]",
        "N games at full speed; csv FILE, plot FILE.svg: the curve",
        Group::Opponents,
        "train 10 vs random",
    ),
    info(
        "variants",
        "variants",
        "list the games",
        Group::Games,
        "variants",
    ),
    info(
        "variant",
        "variant NAME [OPT...]",
        "switch games (variant classic: back)",
        Group::Games,
        "variant cube",
    ),
    info(
        "lines",
        "lines [CELL [POS]]",
        "the game's lines, those through a cell; in POS, its threats",
        Group::Games,
        "lines MM",
    ),
    info(
        "count",
        "count",
        "every way the game can go, every position",
        Group::Games,
        "count",
    ),
    info(
        "side",
        "side X|O",
        "the side you play; MENACE plays the other",
        Group::Games,
        "side x",
    ),
    info(
        "rules",
        "rules classic|misere",
        "the same as variant classic or misere",
        Group::Games,
        "rules misere",
    ),
    info(
        "lessons",
        "lessons",
        "the guided course and your progress",
        Group::Lessons,
        "lessons",
    ),
    info(
        "explain",
        "explain [WORD]",
        "what a word means: ply, bead, symmetry ...",
        Group::Lessons,
        "explain ply",
    ),
    info(
        "lesson",
        "lesson N",
        "start or resume a lesson",
        Group::Lessons,
        "lesson 1",
    ),
    info("next", "next", "go on in a lesson", Group::Lessons, "next"),
    info("back", "back", "go back a step", Group::Lessons, "back"),
    info(
        "skip",
        "skip",
        "skip an exercise or question",
        Group::Lessons,
        "skip",
    ),
    info(
        "answer",
        "answer TEXT",
        "answer a lesson's question",
        Group::Lessons,
        "answer 304",
    ),
    info(
        "quit-lesson",
        "quit-lesson",
        "leave the lesson; it resumes later",
        Group::Lessons,
        "quit-lesson",
    ),
    info(
        "plot",
        "plot FILE.svg",
        "the last training run's learning curve as a chart",
        Group::Files,
        "plot curve.svg",
    ),
    info(
        "export",
        "export [labels] FILE.html",
        "every box on one page; labels: matchbox labels to print",
        Group::Files,
        "export boxes.html",
    ),
    info(
        "save",
        "save [FILE]",
        "save the boxes (default saves/menace.yaml)",
        Group::Files,
        "save trained",
    ),
    info(
        "load",
        "load FILE",
        "load boxes saved before",
        Group::Files,
        "load trained",
    ),
    info("help", "help", "this list", Group::Files, "help"),
    info(
        "quit",
        "quit",
        "leave (Ctrl-D does too; exit also works)",
        Group::Files,
        "quit",
    ),
    info("yes", "yes", "confirm a question (y)", Group::Files, "yes"),
    info(
        "no",
        "no",
        "keep things as they are (n)",
        Group::Files,
        "no",
    ),
];
