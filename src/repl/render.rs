//! Turns events into text: boards, matchboxes, explanations. Colour is applied in one
//! place, [`Palette::paint`], through owo-colors' `if_supports_color`, so it switches
//! off under NO_COLOR or when output is not a terminal; tests switch it off outright.

use super::session::{Event, Question, Settings};
use crate::game::{Game, Player, Square, Symmetry, TicTacToe};
use crate::lesson::course::LessonEvent;
use crate::menace::boxes::BOX_PLIES;
use crate::menace::learn::EmptyBox;
use crate::menace::{BoxId, GameResult, Preset, Turn, matchboxes};
use crate::play::{Experiment, RunOutcome, TrainingReport};
use owo_colors::{OwoColorize, Stream, Style};
use std::fmt::Write;

/// What a piece of text is, which decides its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    X,
    O,
    /// MENACE's last move on the board.
    LastMove,
    Result,
    Refusal,
    Heading,
}

/// Whether to colour at all; when true, colour still needs a terminal without NO_COLOR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub colour: bool,
}

impl Palette {
    pub const PLAIN: Palette = Palette { colour: false };

    /// The one place colour is applied.
    pub fn paint(self, text: &str, role: Role) -> String {
        if !self.colour {
            return text.to_string();
        }
        let style = match role {
            Role::X => Style::new().red().bold(),
            Role::O => Style::new().blue().bold(),
            Role::LastMove => Style::new().yellow().bold().underline(),
            Role::Result => Style::new().green().bold(),
            Role::Refusal => Style::new().red(),
            Role::Heading => Style::new().bold(),
        };
        text.if_supports_color(Stream::Stdout, |text| text.style(style))
            .to_string()
    }
}

/// The ordinal of MENACE's move at a ply: 0 -> "1st".
fn ordinal(ply: usize) -> &'static str {
    ["1st", "2nd", "3rd", "4th", "5th"][(ply / 2).min(4)]
}

fn plural(count: u64, one: &str, many: &str) -> String {
    if count == 1 {
        format!("{count} {one}")
    } else {
        format!("{count} {many}")
    }
}

/// The text for a list of events, each line ending in a newline.
pub fn events(events: &[Event], palette: Palette) -> String {
    events
        .iter()
        .map(|event| self::event(event, palette))
        .collect()
}

/// The text for one event.
pub fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::NewGame { number, of } => {
            let count = if *of > 1 {
                format!(" ({number} of {of})")
            } else {
                String::new()
            };
            format!("{}{count}\n", palette.paint("new game", Role::Heading))
        }
        Event::Board { board, menace_move } => self::board(board, *menace_move, palette),
        Event::MenaceTurn(turn) => menace_turn(turn),
        Event::YourMove => "Your move as O (a cell like MM, or help):\n".into(),
        Event::GameOver {
            result, resigned, ..
        } => {
            let mut text = String::new();
            if *resigned == Some(Player::O) {
                text.push_str("You resign.\n");
            }
            let words = match result {
                GameResult::Won => "MENACE wins",
                GameResult::Lost => "You win",
                GameResult::Drew => "Draw",
            };
            let _ = writeln!(text, "{}", palette.paint(words, Role::Result));
            text
        }
        Event::Learned {
            result,
            changes,
            preset,
        } => learned(*result, changes, *preset),
        Event::Listing { beads, ply } => listing(beads, *ply),
        Event::BoxView { id, beads, asked } => box_view(*id, beads, *asked, palette),
        Event::MatchOver { played } => {
            let which = if *played == 1 {
                "the game".to_string()
            } else {
                format!("the last of the {played} games")
            };
            format!("That was {which} you asked for. Type a number to play again, or stats.\n")
        }
        Event::Refused(id) => format!(
            "MENACE refuses to play: its first box ({}) is empty, and under the resign rule\nan empty box means it gives up. Type reset (or preset NAME) for fresh boxes.\n",
            matchboxes().get(*id).name()
        ),
        Event::Stats {
            record,
            preset,
            first_box,
            all_beads,
            unsaved,
        } => {
            let games = record.games();
            let percent = |n: u64| {
                if games == 0 {
                    String::new()
                } else {
                    format!(" ({:.0}%)", 100.0 * n as f64 / games as f64)
                }
            };
            let mut text = String::new();
            let _ = writeln!(text, "{}", plural(games, "game", "games"));
            let _ = writeln!(text, "  MENACE wins: {}{}", record.won, percent(record.won));
            let _ = writeln!(
                text,
                "  draws:       {}{}",
                record.drawn,
                percent(record.drawn)
            );
            let _ = writeln!(
                text,
                "  MENACE lost: {}{}",
                record.lost,
                percent(record.lost)
            );
            let _ = writeln!(text, "{}", preset.describe());
            let _ = writeln!(
                text,
                "beads: {first_box} in the first box, {all_beads} in all 304 boxes"
            );
            if *unsaved > 0 {
                let _ = writeln!(
                    text,
                    "{} since the last save (type save to keep them)",
                    plural(*unsaved, "game", "games")
                );
            }
            text
        }
        Event::Help => help(palette),
        Event::Saved(path) => format!("Saved MENACE's boxes to {}.\n", path.display()),
        Event::Loaded {
            path,
            preset,
            record,
        } => format!(
            "Loaded {}: preset {}, learned from {} ({} won, {} drawn, {} lost).\n",
            path.display(),
            preset.spec(),
            plural(record.games(), "game", "games"),
            record.won,
            record.drawn,
            record.lost
        ),
        Event::PresetChanged(preset) => {
            format!("Fresh boxes.\n{}\n", preset.describe())
        }
        Event::Question(question) => self::question(question),
        Event::Kept => "Nothing changed.\n".into(),
        Event::Refusal(sentence) => format!("{}\n", palette.paint(sentence, Role::Refusal)),
        Event::OpponentMoved { by, square, reason } => {
            let mut text = format!("{by} plays O at {square}.\n");
            if let Some(reason) = reason {
                let _ = writeln!(text, "  ({reason})");
            }
            text
        }
        Event::OpponentSet(None) => "You play O again.\n".into(),
        Event::OpponentSet(Some(kind)) => format!(
            "From now on {kind} plays O in the games you ask for, and you watch.\n(opponent you: play yourself again)\n"
        ),
        Event::TrainerSet(kind) => format!("MENACE trains against {kind} from now on.\n"),
        Event::Trained(report) => training(report),
        Event::CurveWritten(path) => {
            format!("Wrote the learning curve to {} (CSV).\n", path.display())
        }
        Event::Hint { by, square, reason } => {
            let mut text = format!("{by} suggests {square}.\n");
            if let Some(reason) = reason {
                let _ = writeln!(text, "  ({reason})");
            }
            text
        }
        Event::Ratings { board, ratings } => {
            let mut text = format!(
                "Seed 001's ratings for {} (level 1 plays the highest):\n",
                board.to_move()
            );
            text.push_str(&numbers_grid(board, ratings, palette));
            text
        }
        Event::Experiments { runs, seeds } => experiments(runs, *seeds),
        Event::RulesSet(rules) if rules.misere => {
            "Misère rules from the next game on: whoever completes three in a row loses.\n".into()
        }
        Event::RulesSet(_) => "Classic rules from the next game on.\n".into(),
        Event::Lesson(event) => lesson(event, palette),
        Event::Variants => {
            let mut text = String::from("Games (variant NAME [OPTION...] switches):\n");
            for (name, options, what) in crate::variant::CATALOGUE {
                let _ = writeln!(text, "  {:<10} {what}", name);
                if !options.is_empty() {
                    let _ = writeln!(text, "  {:<10} options: {options}", "");
                }
            }
            text
        }
        Event::VariantChosen {
            kind,
            you,
            opponent,
        } => format!(
            "Playing {kind}: you are {you}, {opponent} is {}.\nType a number of games to play. side X or O; vs NAME (random, alphabeta, mcts,\nlookahead D); solve; hint; variant classic goes back to MENACE.\n",
            you.opponent()
        ),
        Event::VariantNewGame { kind, number, of } => {
            let count = if *of > 1 {
                format!(" ({number} of {of})")
            } else {
                String::new()
            };
            format!(
                "{}{count}\n",
                palette.paint(&format!("new game of {kind}"), Role::Heading)
            )
        }
        Event::VariantBoard(game) => variant_board(game, palette),
        Event::VariantMoved { by: None, name } => format!("You play {name}.\n"),
        Event::VariantMoved { by: Some(by), name } => format!("{by} plays {name}.\n"),
        Event::VariantYourMove { you, examples } => format!(
            "Your move as {you} (for example {}):\n",
            examples.join(", ")
        ),
        Event::VariantOver { outcome, you, .. } => {
            let words = match outcome.winner() {
                Some(winner) if winner == *you => "You win".to_string(),
                Some(winner) => format!("{winner} wins: you lose"),
                None => "Draw".to_string(),
            };
            format!("{}\n", palette.paint(&words, Role::Result))
        }
        Event::VariantSolved {
            kind,
            solved,
            millis,
        } => match solved {
            crate::variant::Solved::Value {
                value,
                best,
                positions,
                method,
            } => {
                let best = best
                    .as_ref()
                    .map_or(String::new(), |best| format!(" A best move: {best}."));
                format!(
                    "{kind}: with perfect play the player to move has {value}.{best}\n({method}, {positions} positions, {millis} ms)\n"
                )
            }
            crate::variant::Solved::TooBig { budget } => format!(
                "{kind}: not solved within {budget} positions ({millis} ms); the game is too big to solve here from this position.\n"
            ),
        },
        Event::VariantHint { by, name } => format!("{by} suggests {name}.\n"),
        Event::Solved { board, scores } => {
            let mover = board.to_move();
            let mut labels: [String; 9] = Default::default();
            for (square, score) in scores {
                labels[square.index()] = format!("{score:+}");
            }
            let mut text = format!(
                "Minimax (seed 003) for {mover} on {}: +10 a win, 0 a draw, -10 a loss.\n",
                board.picture()
            );
            text.push_str(&labels_grid(board, &labels, palette));
            if let Some(best) = scores.iter().map(|(_, score)| *score).max() {
                let first = scores.iter().find(|(_, score)| *score == best);
                let verdict = match best {
                    b if b > 0 => format!("{mover} wins"),
                    0 => "a draw".to_string(),
                    _ => format!("{mover} loses"),
                };
                let _ = writeln!(
                    text,
                    "With perfect play on both sides: {verdict}. Minimax plays {} (the first best move).",
                    first.map_or(String::new(), |(square, _)| square.name())
                );
            }
            text
        }
        Event::Goodbye { unsaved } => {
            if *unsaved > 0 {
                format!(
                    "Goodbye. (MENACE's learning from {} since the last save was not saved.)\n",
                    plural(*unsaved, "game", "games")
                )
            } else {
                "Goodbye.\n".into()
            }
        }
    }
}

fn question(question: &Question) -> String {
    match question {
        Question::Reset { preset, games } => format!(
            "MENACE has learned from {}. Throw that away for fresh boxes ({})?\nType yes to confirm.\n",
            plural(*games, "game", "games"),
            preset.spec()
        ),
        Question::Load { path, unsaved } => format!(
            "MENACE has learned from {} since the last save. Replace its boxes with\n{}? Type yes to confirm.\n",
            plural(*unsaved, "game", "games"),
            path.display()
        ),
        Question::Quit { unsaved } => format!(
            "MENACE has learned from {} since the last save (save keeps them).\nQuit anyway? Type yes to confirm.\n",
            plural(*unsaved, "game", "games")
        ),
    }
}

/// The board, with row and column letters; MENACE's last move is bracketed (and coloured).
pub fn board(board: &TicTacToe, menace_move: Option<Square>, palette: Palette) -> String {
    let mut text = String::from("      L   M   R\n");
    for row in 0..3 {
        let cells: Vec<String> = (0..3)
            .map(|column| {
                let square = Square::ALL[row * 3 + column];
                let (mark, role) = match board.at(square) {
                    Some(Player::X) => ("X", Role::X),
                    Some(Player::O) => ("O", Role::O),
                    None => (".", Role::Heading),
                };
                let painted = if role == Role::Heading {
                    mark.to_string()
                } else {
                    palette.paint(mark, role)
                };
                if Some(square) == menace_move {
                    format!("[{}]", palette.paint(mark, Role::LastMove))
                } else {
                    format!(" {painted} ")
                }
            })
            .collect();
        let line = format!("  {}  {}", ["L", "M", "R"][row], cells.join("|"));
        let _ = writeln!(text, "{}", line.trim_end());
        if row < 2 {
            text.push_str("     ---+---+---\n");
        }
    }
    text
}

fn menace_turn(turn: &Turn) -> String {
    match turn {
        Turn::Drew {
            lookup,
            bead,
            square,
            beads_before,
            refilled,
        } => {
            let name = matchboxes().get(lookup.id).name();
            let mut text = String::new();
            if *refilled {
                let _ = writeln!(
                    text,
                    "Box {name} is empty, so MENACE first puts 3 random legal beads into it."
                );
            }
            let _ = writeln!(
                text,
                "MENACE uses box {name} {}; bead {bead} of {beads_before} puts X at {square}.",
                lookup.board_from_picture().describe()
            );
            text
        }
        Turn::Forced(square) => {
            format!("Only {square} is empty: MENACE's fifth move is forced (no box).\n")
        }
        Turn::Resigned(lookup) => format!(
            "Box {} is empty: with the resign rule, MENACE gives up.\n",
            matchboxes().get(lookup.id).name()
        ),
    }
}

fn learned(result: GameResult, changes: &[crate::menace::Reinforcement], preset: Preset) -> String {
    let reward = preset.rewards.for_result(result);
    let fate = match reward {
        r if r > 0 => format!(
            "goes back with {} of its colour ({r:+})",
            plural(r as u64, "more", "more")
        ),
        0 => "goes back (+0)".to_string(),
        -1 => "stays out (-1)".to_string(),
        r => format!(
            "stays out and {} of its colour come out too ({r})",
            plural((-r - 1) as u64, "more", "more")
        ),
    };
    let why = match result {
        GameResult::Won => "MENACE won",
        GameResult::Drew => "A draw",
        GameResult::Lost => "MENACE lost",
    };
    if changes.is_empty() {
        return format!("{why}; it drew no beads this game, so no box changes.\n");
    }
    let mut text = format!("{why}, so each bead it drew {fate}:\n");
    for change in changes {
        let _ = writeln!(
            text,
            "  box {}  {}: {} -> {}",
            matchboxes().get(change.drawn.id).name(),
            change.drawn.bead,
            u64::from(change.before) + 1,
            change.after
        );
    }
    text
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        format!("{:>6}", "-")
    } else {
        format!("{:5.1}%", 100.0 * part as f64 / whole as f64)
    }
}

/// The summary table and the learning curve of a training run.
pub fn training(report: &TrainingReport) -> String {
    let mut text = format!(
        "Trained {} against {}.\n",
        plural(report.overall.games(), "game", "games"),
        report.opponent
    );
    if let Some(games) = report.refused_after {
        let _ = writeln!(
            text,
            "MENACE stopped after {}: its first box ran empty, so it refuses to play.",
            plural(games, "game", "games")
        );
    }
    let _ = writeln!(
        text,
        "              games    MENACE won          drawn           lost"
    );
    for (label, record) in [("all", report.overall), ("last 10%", report.last_tenth)] {
        let games = record.games();
        let _ = writeln!(
            text,
            "  {label:<9} {games:>8} {:>8} {} {:>8} {} {:>8} {}",
            record.won,
            percent(record.won, games),
            record.drawn,
            percent(record.drawn, games),
            record.lost,
            percent(record.lost, games)
        );
    }
    let window = report.curve.first().map_or(0, |point| point.window_games());
    if report.curve.len() > 1 {
        let _ = writeln!(
            text,
            "Learning curve, {} a row: W won, D drawn, L lost; first box: its beads.",
            plural(window, "game", "games")
        );
        let _ = writeln!(text, "     games  {:<40}  first box", "results");
        for point in &report.curve {
            let total = point.window_games().max(1);
            let won = ((40 * point.won + total / 2) / total).min(40) as usize;
            let won_or_drawn = ((40 * (point.won + point.drawn) + total / 2) / total)
                .clamp(won as u64, 40) as usize;
            let bar = format!(
                "{}{}{}",
                "W".repeat(won),
                "D".repeat(won_or_drawn - won),
                "L".repeat(40 - won_or_drawn)
            );
            let _ = writeln!(text, "  {:>8}  {bar}  {:>9}", point.games, point.first_box);
        }
    }
    text
}

/// The learning experiment's table.
fn experiments(runs: &[Experiment], seeds: u64) -> String {
    let mut text = format!(
        "Games MENACE needs against perfect until it loses none of the next {}\n({} per preset; median over the runs that got there):\n",
        crate::play::SAFE_STREAK,
        plural(seeds, "seed", "seeds")
    );
    let _ = writeln!(
        text,
        "  {:<30} {:>7} {:>8} {:>10} {:>10}",
        "preset", "median", "reached", "refused", "unfinished"
    );
    for experiment in runs {
        let reached = experiment.count(|run| matches!(run, RunOutcome::Safe(_)));
        let refused = experiment.count(|run| matches!(run, RunOutcome::Refused(_)));
        let unfinished = experiment.count(|run| matches!(run, RunOutcome::Unfinished));
        let median = experiment
            .median_safe()
            .map_or_else(|| "-".to_string(), |games| games.to_string());
        let _ = writeln!(
            text,
            "  {:<30} {median:>7} {:>8} {refused:>10} {unfinished:>10}",
            experiment.preset.spec(),
            format!("{reached}/{}", experiment.runs.len())
        );
    }
    let _ = writeln!(
        text,
        "refused: the first box ran empty and MENACE would not play on (resign rule);\nunfinished: still losing after {} games.",
        crate::play::EXPERIMENT_LIMIT
    );
    text
}

fn mark(player: Option<Player>, palette: Palette) -> String {
    match player {
        Some(Player::X) => palette.paint("X", Role::X),
        Some(Player::O) => palette.paint("O", Role::O),
        None => ".".into(),
    }
}

/// Any variant's board, in its own notation.
fn variant_board(game: &crate::variant::AnyGame, palette: Palette) -> String {
    use crate::variant::AnyGame;
    let mut text = String::new();
    match game {
        AnyGame::Cube(cube) => {
            let blocks =
                |make: &dyn Fn(usize) -> String| (0..3).map(make).collect::<Vec<_>>().join("     ");
            let _ = writeln!(
                text,
                "{}",
                blocks(&|layer| format!("  layer {}", layer + 1))
            );
            let _ = writeln!(text, "{}", blocks(&|_| "    L M R".to_string()));
            for row in 0..3 {
                let line = blocks(&|layer| {
                    let cells: Vec<String> = (0..3)
                        .map(|column| mark(cube.at(layer * 9 + row * 3 + column), palette))
                        .collect();
                    format!(" {}  {}", ["L", "M", "R"][row], cells.join(" "))
                });
                let _ = writeln!(text, "{}", line.trim_end());
            }
        }
        AnyGame::Four(four) => {
            let _ = writeln!(text, "    a b c d");
            for row in 0..4 {
                let cells: Vec<String> = (0..4)
                    .map(|c| mark(four.at(row * 4 + c), palette))
                    .collect();
                let _ = writeln!(text, " {}  {}", 4 - row, cells.join(" "));
            }
        }
        AnyGame::Gravity(gravity) => {
            for row in (0..8).rev() {
                let cells: Vec<String> =
                    (0..8).map(|c| mark(gravity.at(row, c), palette)).collect();
                let _ = writeln!(text, " {}  {}", row + 1, cells.join(" "));
            }
            let _ = writeln!(text, "    a b c d e f g h");
        }
        AnyGame::Morris(morris) => {
            let point = |cell: usize| mark(morris.at(cell), palette);
            let diagonal = morris.rules().diagonal_moves;
            let (down, up) = if diagonal { ("\\", "/") } else { (" ", " ") };
            let _ = writeln!(text, "      L   M   R");
            let _ = writeln!(text, "  L   {}---{}---{}", point(0), point(1), point(2));
            let _ = writeln!(text, "      | {down} | {up} |");
            let _ = writeln!(text, "  M   {}---{}---{}", point(3), point(4), point(5));
            let _ = writeln!(text, "      | {up} | {down} |");
            let _ = writeln!(text, "  R   {}---{}---{}", point(6), point(7), point(8));
        }
    }
    text
}

/// Lesson text filled to 78 columns, paragraph by paragraph; lines that start with two
/// spaces (pictures, lists) are kept as they are.
fn reflow(text: &str) -> String {
    let mut paragraphs = Vec::new();
    for paragraph in text.trim_end().split("\n\n") {
        if paragraph.lines().any(|line| line.starts_with("  ")) {
            paragraphs.push(paragraph.to_string());
        } else {
            let joined = paragraph.split_whitespace().collect::<Vec<_>>().join(" ");
            paragraphs.push(textwrap::fill(&joined, 78));
        }
    }
    paragraphs.join("\n\n")
}

/// What the lesson runner says.
fn lesson(event: &LessonEvent, palette: Palette) -> String {
    match event {
        LessonEvent::List(entries) => {
            let mut text = String::from("Lessons (lesson N starts or resumes one):\n");
            for entry in entries {
                let state = if entry.progress.done {
                    "done".to_string()
                } else if entry.progress.step > 0 {
                    format!("at step {} of {}", entry.progress.step + 1, entry.steps)
                } else {
                    format!("{} steps", entry.steps)
                };
                let _ = writeln!(text, "  {:>2}. {:<44} {state}", entry.number, entry.title);
                let _ = writeln!(text, "      {}", entry.summary);
            }
            text
        }
        LessonEvent::Step(view) => {
            let heading = format!(
                "== Lesson {}: {} -- step {} of {} ({}) ==",
                view.lesson_number, view.title, view.step, view.steps, view.kind
            );
            let mut text = format!(
                "{}\n{}\n",
                palette.paint(&heading, Role::Heading),
                reflow(&view.text)
            );
            for output in &view.outputs {
                text.push_str(output);
            }
            let prompt = match (view.kind, &view.already_done) {
                (_, Some(done)) => format!("Already done: {done}. Type next to go on."),
                ("exercise", None) => "[your turn: type commands | hint | skip]".to_string(),
                ("question", None) => "[type answer and your answer | hint | skip]".into(),
                _ => "[next: go on | back | quit-lesson]".into(),
            };
            let _ = writeln!(text, "{prompt}");
            text
        }
        LessonEvent::GoalMet(done) => format!(
            "{} {done}; type next to go on.\n",
            palette.paint("Well done:", Role::Result)
        ),
        LessonEvent::Hint { text, number, of } => format!("Hint {number} of {of}: {text}\n"),
        LessonEvent::NoHints => "This step has no hints: type next to go on.\n".into(),
        LessonEvent::Correct { explain } => format!(
            "{}\n[next: go on]\n",
            reflow(&format!(
                "{} {explain}",
                palette.paint("Right.", Role::Result)
            ))
        ),
        LessonEvent::Wrong { hint: Some(hint) } => format!("Not quite. Hint: {hint}\n"),
        LessonEvent::Wrong { hint: None } => "Not quite. Try again, or skip.\n".into(),
        LessonEvent::NotYet(sentence) | LessonEvent::Problem(sentence) => {
            format!("{}\n", palette.paint(sentence, Role::Refusal))
        }
        LessonEvent::Skipped => "Skipped.\n".into(),
        LessonEvent::Finished { title, next } => {
            let mut text = format!(
                "{} You finished the lesson \"{title}\".\n",
                palette.paint("Done!", Role::Result)
            );
            if let Some(next) = next {
                let _ = writeln!(text, "Next: {next} (type lesson and its number).");
            }
            text
        }
        LessonEvent::Left { title } => {
            format!("You left \"{title}\"; opening it again resumes where you were.\n")
        }
        LessonEvent::AtStart => "This is the first step.\n".into(),
    }
}

/// The bead counts of one box, one `CELL:COUNT` per legal cell.
fn box_line(id: BoxId, beads: &[u32; 9]) -> String {
    let matchbox = matchboxes().get(id);
    let counts: Vec<String> = matchbox
        .legal_squares()
        .map(|square| format!("{square}:{}", beads[square.index()]))
        .collect();
    format!("{} {}", matchbox.name(), counts.join(" "))
}

/// All boxes (or one ply's), one line each, grouped by MENACE's move.
pub fn listing(beads: &[[u32; 9]], ply: Option<usize>) -> String {
    let boxes = matchboxes();
    let mut text = String::new();
    for box_ply in BOX_PLIES {
        if ply.is_some_and(|wanted| wanted != box_ply) {
            continue;
        }
        let ids: Vec<BoxId> = boxes
            .iter()
            .filter(|(_, matchbox)| matchbox.ply == box_ply)
            .map(|(id, _)| id)
            .collect();
        let _ = writeln!(
            text,
            "-- MENACE's {} move (ply {box_ply}): {} --",
            ordinal(box_ply),
            plural(ids.len() as u64, "box", "boxes")
        );
        for id in ids {
            if let Some(counts) = beads.get(id.index()) {
                let _ = writeln!(text, "{}", box_line(id, counts));
            }
        }
    }
    text
}

/// A 3x3 grid: the marks of `board` where it has them, `numbers` in the empty cells.
fn numbers_grid(board: &TicTacToe, numbers: &[u32; 9], palette: Palette) -> String {
    labels_grid(board, &numbers.map(|n| n.to_string()), palette)
}

/// A 3x3 grid: the marks of `board` where it has them, `labels` in the empty cells.
fn labels_grid(board: &TicTacToe, labels: &[String; 9], palette: Palette) -> String {
    let cells: Vec<String> = Square::ALL
        .iter()
        .map(|square| match board.at(*square) {
            Some(player) => player.symbol().to_string(),
            None => labels[square.index()].clone(),
        })
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1).max(1) + 2;
    let header: String = ["L", "M", "R"]
        .iter()
        .map(|letter| format!("{letter:^width$}"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = String::new();
    let _ = writeln!(text, "     {}", header.trim_end());
    for row in 0..3 {
        let line: Vec<String> = (0..3)
            .map(|column| {
                let cell = &cells[row * 3 + column];
                let padded = format!("{cell:^width$}");
                match board.at(Square::ALL[row * 3 + column]) {
                    Some(Player::X) => padded.replace('X', &palette.paint("X", Role::X)),
                    Some(Player::O) => padded.replace('O', &palette.paint("O", Role::O)),
                    None => padded,
                }
            })
            .collect();
        let line = format!("  {}  {}", ["L", "M", "R"][row], line.join("|"));
        let _ = writeln!(text, "{}", line.trim_end());
        if row < 2 {
            let rule = vec!["-".repeat(width); 3].join("+");
            let _ = writeln!(text, "     {rule}");
        }
    }
    text
}

/// One box drawn as a grid: marks where the picture has them, bead counts elsewhere.
fn box_view(
    id: BoxId,
    beads: &[u32; 9],
    asked: Option<(TicTacToe, crate::menace::Lookup)>,
    palette: Palette,
) -> String {
    let boxes = matchboxes();
    let matchbox = boxes.get(id);
    let total: u64 = beads.iter().map(|n| u64::from(*n)).sum();
    let mut text = format!(
        "Box {} of {}: {} (MENACE's {} move, {})\n",
        id.index() + 1,
        boxes.len(),
        palette.paint(&matchbox.name(), Role::Heading),
        ordinal(matchbox.ply),
        plural(total, "bead", "beads")
    );
    text.push_str(&numbers_grid(&matchbox.picture, beads, palette));
    if let Some((position, lookup)) = asked {
        let relation = lookup.board_from_picture();
        if relation == Symmetry::Identity {
            let _ = writeln!(
                text,
                "{} is this box's picture as drawn.",
                position.picture()
            );
        } else {
            let example = matchbox.legal_squares().next();
            let _ = write!(
                text,
                "{} is this box {}",
                position.picture(),
                relation.describe()
            );
            match example {
                Some(bead) => {
                    let _ = writeln!(
                        text,
                        ": bead {bead} puts X at {} there.",
                        lookup.bead_to_board(bead)
                    );
                }
                None => text.push_str(".\n"),
            }
        }
    }
    text
}

/// `help`: every command in one line, and the move notation as a picture.
pub fn help(palette: Palette) -> String {
    let mut text = format!("{}\n", palette.paint("Commands", Role::Heading));
    for (command, what) in [
        (
            "N (a number)",
            "play N games against MENACE (same as play N)",
        ),
        ("LL .. RR", "your move as O: row letter, then column letter"),
        ("play N", "play N games against MENACE, 1 to 1000"),
        ("board", "show the board of the game in progress"),
        (
            "boxes [PLY]",
            "list all 304 boxes, or those of ply 0, 2, 4 or 6",
        ),
        (
            "box POS|N",
            "draw one box: by position (X...O....) or number 1-304",
        ),
        (
            "resign",
            "give up the game in progress (MENACE wins and learns)",
        ),
        (
            "hint [NAME]",
            "ask an opponent (default teacher) for your best move",
        ),
        (
            "rate [POS]",
            "seed 001's ratings of every empty cell (board or POS)",
        ),
        (
            "solve [POS]",
            "minimax's score of every move (board or POS)",
        ),
        ("rules NAME", "classic, or misere: three in a row loses"),
        (
            "lessons",
            "the guided course; lesson N starts or resumes one",
        ),
        (
            "next, back",
            "in a lesson: go on, go back (skip, answer TEXT, hint)",
        ),
        ("quit-lesson", "leave the lesson; it resumes where you were"),
        (
            "play N vs NAME",
            "watch N games of MENACE against an opponent",
        ),
        (
            "opponent NAME",
            "it plays O from now on (opponent you: you again)",
        ),
        (
            "train N",
            "N games at full speed [vs NAME] [csv FILE]: summary, curve",
        ),
        ("vs NAME", "who train uses from now on (default perfect)"),
        (
            "experiment [N]",
            "games until MENACE stops losing to perfect, N seeds",
        ),
        ("save [FILE]", "save the boxes (default saves/menace.yaml)"),
        (
            "load FILE",
            "load boxes saved before (a bare name looks in saves/)",
        ),
        (
            "preset NAME",
            "fresh boxes: challenge, michie, custom 8/4/2/1 3/1/-1 refill",
        ),
        ("reset", "fresh boxes under the current preset"),
        (
            "stats",
            "games played, won, drawn and lost, and bead counts",
        ),
        ("help", "this list"),
        ("quit", "leave (Ctrl-D does too)"),
    ] {
        let _ = writeln!(text, "  {command:<15} {what}");
    }
    text.push('\n');
    let _ = writeln!(text, "{}", palette.paint("Opponents (NAME)", Role::Heading));
    text.push_str(
        "  random      a random legal move        teacher     rules, explained\n  minimax     seed 003, first best move  perfect     a random best move\n  rating [L]  seed 001 heuristic, L=0/1  lookahead D seed 001 search, depth D\n  menace      a second MENACE, learning as O\n",
    );
    text.push('\n');
    let _ = writeln!(text, "{}", palette.paint("Moves", Role::Heading));
    text.push_str(
        "  LL | LM | LR     first letter: the row    (L top, M middle, R bottom)\n  ---+----+---     second letter: the column (L left, M middle, R right)\n  ML | MM | MR\n  ---+----+---     MM is the centre, LL the top-left corner,\n  RL | RM | RR     RR the bottom-right corner. Lower case works too.\n",
    );
    text
}

/// The greeting printed when the console starts.
pub fn welcome(settings: &Settings, seed_given: bool, palette: Palette) -> String {
    let mut text = format!(
        "{}\n",
        palette.paint(
            "MENACE, the Machine Educable Noughts And Crosses Engine (Donald Michie, 1961)",
            Role::Heading
        )
    );
    let _ = writeln!(
        text,
        "304 matchboxes full of beads. MENACE plays X and moves first; you play O."
    );
    let _ = writeln!(text, "{}", settings.preset.describe());
    let _ = writeln!(
        text,
        "Each MENACE move names its box, how the board is that box's picture turned or\nmirrored, the bead it drew (from how many) and where that puts X."
    );
    if settings.rules.misere {
        let _ = writeln!(
            text,
            "Misère rules: whoever completes three in a row loses."
        );
    }
    if settings.preset.empty_box == EmptyBox::Resign {
        let _ = writeln!(
            text,
            "(Under these rules MENACE resigns when a box runs empty.)"
        );
    }
    if !seed_given {
        let _ = writeln!(
            text,
            "Random seed {} (menace --seed {} replays this session).",
            settings.seed, settings.seed
        );
    }
    let _ = writeln!(
        text,
        "Type a number to play that many games, or help for every command."
    );
    text
}

/// The figures of `menace bench`.
/// One position of `menace replay`, wrapped to 80 columns.
pub fn replay_step(step: &crate::registry::replay::ReplayStep) -> String {
    let heading = match &step.mv {
        None => "start".to_string(),
        Some(mv) => format!("{}. {mv}", step.ply),
    };
    let state = match (&step.outcome, &step.to_move) {
        (Some(draw), _) if draw == "draw" => "game over: a draw".to_string(),
        (Some(winner), _) => format!("game over: {winner} wins"),
        (None, Some(player)) => format!(
            "{player} to move; legal ({}): {}",
            step.legal.len(),
            step.legal.join(" ")
        ),
        (None, None) => String::new(),
    };
    let options = textwrap::Options::new(78)
        .initial_indent("  ")
        .subsequent_indent("    ");
    format!(
        "{heading}  {}\n{}\n",
        step.picture,
        textwrap::fill(&state, options)
    )
}

pub fn bench(report: &crate::bench::BenchReport) -> String {
    format!(
        "menace bench: medians of {} runs, {} training games each, one thread\n  training vs random:   {:>12.0} games/s\n  training vs perfect:  {:>12.0} games/s\n  full minimax solve of the empty board: {:.2} ms\n  (perfect-play table, filled once before: {:.2} ms)",
        report.repeats,
        report.games,
        report.random_games_per_second,
        report.perfect_games_per_second,
        report.solve.as_secs_f64() * 1000.0,
        report.perfect_table.as_secs_f64() * 1000.0,
    )
}

/// The variant figures of `menace bench`.
pub fn bench_variants(report: &crate::bench::VariantBench) -> String {
    format!(
        "variants (medians):\n  alpha-beta, 3x3x3 cube:   {:>12.0} positions/s\n  alpha-beta, gravity 8x8:  {:>12.0} positions/s\n  MCTS, 3x3x3 cube:         {:>12.0} playouts/s\n  MCTS, gravity 8x8:        {:>12.0} playouts/s\n  Silverman 4x4 solved from the empty board in {:.0} ms ({} positions)",
        report.cube_nodes_per_second,
        report.gravity_nodes_per_second,
        report.cube_playouts_per_second,
        report.gravity_playouts_per_second,
        report.silverman_solve.as_secs_f64() * 1000.0,
        report.silverman_nodes,
    )
}
