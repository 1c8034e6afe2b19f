//! The console's state and what each command does to it. No printing here: every command
//! returns [`Event`] values, which `render` turns into text. That keeps the session
//! testable without a terminal, and lets the lessons drive it the same way.

use super::command::{self, BoxQuery, Command};
use crate::game::{Game, Outcome, Player, Rules, Square, TicTacToe};
use crate::lesson::course::{Course, LessonEvent};
use crate::menace::learn::Record;
use crate::menace::save::{self, LoadError, SaveError};
use crate::menace::{
    BoxId, Drawn, GameResult, Lookup, Menace, Preset, Reinforcement, Turn, matchboxes,
};
use crate::play::{self, Experiment, Opponent, OpponentKind, TrainingReport};
use crate::repl::command::VariantChoice;
use crate::variant::{self, AnyGame, Solved, VariantKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::PathBuf;
use std::rc::Rc;

/// How a session starts.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Seeds the one random generator behind every random choice of the session.
    pub seed: u64,
    pub preset: Preset,
    /// Print all 304 boxes after every game.
    pub show_boxes: bool,
    /// Where `save` and `load` look for bare file names.
    pub saves_dir: PathBuf,
    pub rules: Rules,
    /// Where the lesson files are.
    pub lessons_dir: PathBuf,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 0,
            preset: Preset::challenge(),
            show_boxes: true,
            saves_dir: PathBuf::from("saves"),
            rules: Rules::default(),
            lessons_dir: PathBuf::from("lessons"),
        }
    }
}

/// Something that happened, for the console to show.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    NewGame {
        number: u32,
        of: u32,
    },
    Board {
        board: TicTacToe,
        menace_move: Option<Square>,
    },
    MenaceTurn(Turn),
    /// The opponent MENACE plays against (when you watch) made a move.
    OpponentMoved {
        by: OpponentKind,
        square: Square,
        reason: Option<String>,
    },
    YourMove,
    /// A game ended; `resigned` says who gave up, if anyone did.
    GameOver {
        result: GameResult,
        resigned: Option<Player>,
        /// Who played O: `None` when it was you.
        opponent: Option<OpponentKind>,
    },
    Learned {
        result: GameResult,
        changes: Vec<Reinforcement>,
        preset: Preset,
    },
    Listing {
        beads: Vec<[u32; 9]>,
        ply: Option<usize>,
    },
    BoxView {
        id: BoxId,
        beads: [u32; 9],
        asked: Option<(TicTacToe, Lookup)>,
    },
    MatchOver {
        played: u32,
    },
    /// MENACE will not start: its first box is empty under the resign rule.
    Refused(BoxId),
    Stats {
        record: Record,
        preset: Preset,
        first_box: u64,
        all_beads: u64,
        unsaved: u64,
    },
    Help,
    Saved(PathBuf),
    Loaded {
        path: PathBuf,
        preset: Preset,
        record: Record,
    },
    PresetChanged(Preset),
    Question(Question),
    Kept,
    /// A line that could not be used; nothing changed.
    Refusal(String),
    Goodbye {
        unsaved: u64,
    },
    /// Who plays O in `play` from now on (`None`: you).
    OpponentSet(Option<OpponentKind>),
    /// Who MENACE trains against from now on.
    TrainerSet(OpponentKind),
    Trained(Box<TrainingReport>),
    CurveWritten(PathBuf),
    Hint {
        by: OpponentKind,
        square: Square,
        reason: Option<String>,
    },
    Ratings {
        board: TicTacToe,
        ratings: [u32; 9],
    },
    Experiments {
        runs: Vec<Experiment>,
        seeds: u64,
    },
    RulesSet(Rules),
    Lesson(LessonEvent),
    /// The list of games.
    Variants,
    VariantChosen {
        kind: VariantKind,
        you: Player,
        opponent: OpponentKind,
    },
    VariantNewGame {
        kind: VariantKind,
        number: u32,
        of: u32,
    },
    VariantBoard(Box<AnyGame>),
    /// A move in a variant: by you (`None`) or an opponent.
    VariantMoved {
        by: Option<OpponentKind>,
        name: String,
    },
    VariantYourMove {
        you: Player,
        examples: Vec<String>,
    },
    VariantOver {
        kind: VariantKind,
        outcome: Outcome,
        you: Player,
    },
    VariantSolved {
        kind: VariantKind,
        solved: Solved,
        millis: u128,
    },
    VariantHint {
        by: OpponentKind,
        name: String,
    },
    /// Minimax's score of every legal move for the player to move.
    Solved {
        board: TicTacToe,
        scores: Vec<(Square, i32)>,
    },
}

/// What the console asks before doing something that would lose learning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    Reset { preset: Preset, games: u64 },
    Load { path: PathBuf, unsaved: u64 },
    Quit { unsaved: u64 },
}

#[derive(Debug, Clone)]
enum Pending {
    Reset(Preset),
    Load(PathBuf, Box<Menace>),
    Quit,
}

/// The games asked for by one `play`, and the one in progress.
#[derive(Debug, Clone)]
struct Match {
    games: u32,
    finished: u32,
    board: TicTacToe,
    drawn: Vec<Drawn>,
    last_box: Option<Lookup>,
    /// Who plays O: an opponent to watch, or `None` for you.
    opponent: Option<Opponent>,
    /// The opponent is the session's own and goes back to it after the match.
    session_opponent: bool,
}

/// Told how far a training run has got, so the console can draw a progress bar.
#[derive(Clone)]
pub struct ProgressHook(pub Rc<dyn Fn(Progress)>);

/// A step of a long run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Start { total: u64 },
    Done(u64),
    Finish,
}

impl fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressHook")
    }
}

/// Everything the console knows.
#[derive(Debug, Clone)]
pub struct Session {
    menace: Menace,
    rng: ChaCha8Rng,
    settings: Settings,
    current: Option<Match>,
    pending: Option<Pending>,
    /// Games learned since the boxes were last saved, loaded or reset.
    unsaved: u64,
    finished: bool,
    /// Who plays O in `play`: an opponent to watch, or `None` for you.
    watch: Option<Opponent>,
    /// Who MENACE trains against.
    trainer: Opponent,
    progress: Option<ProgressHook>,
    course: Course,
    /// A game other than classic noughts and crosses, when one is chosen.
    variant: Option<VariantPlay>,
}

impl VariantPlay {
    /// The event that says which game, side and opponent are chosen.
    fn chosen(&self) -> Event {
        Event::VariantChosen {
            kind: self.kind,
            you: self.you,
            opponent: self.opponent,
        }
    }

    /// Ends the game in progress; starts the next one if the match goes on (and says
    /// so by returning true).
    fn end_game(&mut self, outcome: Outcome, events: &mut Vec<Event>) -> bool {
        events.push(Event::VariantOver {
            kind: self.kind,
            outcome,
            you: self.you,
        });
        self.game = None;
        self.played += 1;
        if self.games_left == 0 {
            events.push(Event::MatchOver {
                played: self.played,
            });
            return false;
        }
        self.games_left -= 1;
        let fresh = AnyGame::new(self.kind);
        events.push(Event::VariantNewGame {
            kind: self.kind,
            number: self.played + 1,
            of: self.played + 1 + self.games_left,
        });
        events.push(Event::VariantBoard(Box::new(fresh.clone())));
        self.game = Some(fresh);
        true
    }
}

/// The game chosen with `variant`, and the one in progress.
#[derive(Debug, Clone)]
struct VariantPlay {
    kind: VariantKind,
    you: Player,
    opponent: OpponentKind,
    game: Option<AnyGame>,
    games_left: u32,
    played: u32,
}

impl Session {
    pub fn new(settings: Settings) -> Session {
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let menace = Menace::new(settings.preset, &mut rng);
        Session {
            menace,
            rng,
            settings,
            current: None,
            pending: None,
            unsaved: 0,
            finished: false,
            watch: None,
            trainer: Opponent::Perfect,
            progress: None,
            course: Course::default(),
            variant: None,
        }
    }

    /// Lets the console follow long training runs.
    pub fn set_progress(&mut self, hook: Option<ProgressHook>) {
        self.progress = hook;
    }

    /// Starts from boxes loaded elsewhere (the `--load` flag).
    pub fn with_menace(settings: Settings, menace: Menace) -> Session {
        let mut session = Session::new(settings);
        session.menace = menace;
        session
    }

    pub fn menace(&self) -> &Menace {
        &self.menace
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The board of the game in progress, if one is.
    pub fn board(&self) -> Option<TicTacToe> {
        self.current.as_ref().map(|current| current.board)
    }

    /// True once `quit` was confirmed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// True while a yes/no question waits for its answer.
    pub fn is_asking(&self) -> bool {
        self.pending.is_some()
    }

    /// Reads one line and does what it says.
    pub fn handle_line(&mut self, line: &str) -> Vec<Event> {
        let parsed = command::parse(line);
        if let Some(pending) = self.pending.take() {
            return match parsed {
                Ok(Command::Yes) => self.confirm(pending),
                _ => vec![Event::Kept],
            };
        }
        if let Some(events) = self.variant_move(line, parsed.is_ok()) {
            return self.observed(events);
        }
        let command = match parsed {
            Ok(command) => command,
            Err(error) => return vec![Event::Refusal(error.to_string())],
        };
        if let Some(events) = self.lesson_command(&command) {
            return events;
        }
        let events = self.execute(command);
        self.observed(events)
    }

    /// Lets an open lesson see what a command did.
    fn observed(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        if self.course.is_active() {
            let mut course = std::mem::take(&mut self.course);
            let said = course.observe(&events, self);
            self.course = course;
            events.extend(said.into_iter().map(Event::Lesson));
        }
        events
    }

    /// In a variant game, on your turn, a line that is a move in the game's notation is
    /// played; a line that is neither a move nor a command is answered with the game's
    /// own reason.
    fn variant_move(&mut self, line: &str, is_command: bool) -> Option<Vec<Event>> {
        let play = self.variant.as_mut()?;
        let game = play.game.as_mut()?;
        if game.to_move() != play.you || line.trim().is_empty() {
            return None;
        }
        let mut trial = game.clone();
        match trial.play(line.trim()) {
            Ok(name) => {
                *game = trial;
                let mut events = vec![
                    Event::VariantMoved { by: None, name },
                    Event::VariantBoard(Box::new(game.clone())),
                ];
                self.variant_advance(&mut events);
                Some(events)
            }
            Err(_) if is_command => None,
            Err(why) => Some(refuse(&format!("Not a move: {why}."))),
        }
    }

    /// Plays the opponent's moves and starts the next game until it is your move again.
    fn variant_advance(&mut self, events: &mut Vec<Event>) {
        loop {
            let Some(play) = self.variant.as_mut() else {
                return;
            };
            let Some(game) = play.game.as_mut() else {
                return;
            };
            if let Some(outcome) = game.outcome() {
                if play.end_game(outcome, events) {
                    continue;
                }
                return;
            }
            if game.to_move() == play.you {
                events.push(Event::VariantYourMove {
                    you: play.you,
                    examples: game.move_names().into_iter().take(4).collect(),
                });
                return;
            }
            let by = play.opponent;
            match game.agent_move(by, &mut self.rng) {
                Some(name) => {
                    events.push(Event::VariantMoved { by: Some(by), name });
                    events.push(Event::VariantBoard(Box::new(game.clone())));
                }
                None => return,
            }
        }
    }

    /// The commands that mean something else while a variant is chosen.
    fn variant_command(&mut self, command: &Command) -> Option<Vec<Event>> {
        let play = self.variant.as_mut()?;
        let busy = play.game.is_some();
        let events = match command {
            Command::Play(games) | Command::PlayVs(games, _) => {
                if let Command::PlayVs(_, kind) = command {
                    if let Some(refusal) = classic_only(*kind) {
                        return Some(refusal);
                    }
                    play.opponent = *kind;
                }
                if busy {
                    return Some(refuse(
                        "A game is in progress: finish it or type resign first.",
                    ));
                }
                play.games_left = games - 1;
                play.played = 0;
                let fresh = AnyGame::new(play.kind);
                let mut events = vec![
                    Event::VariantNewGame {
                        kind: play.kind,
                        number: 1,
                        of: *games,
                    },
                    Event::VariantBoard(Box::new(fresh.clone())),
                ];
                play.game = Some(fresh);
                self.variant_advance(&mut events);
                events
            }
            Command::Board => match &play.game {
                Some(game) => vec![Event::VariantBoard(Box::new(game.clone()))],
                None => vec![Event::VariantBoard(Box::new(AnyGame::new(play.kind)))],
            },
            Command::Resign => {
                let Some(game) = play.game.take() else {
                    return Some(refuse(
                        "No game is in progress, so there is nothing to resign.",
                    ));
                };
                let _ = game;
                let mut events = Vec::new();
                if play.end_game(Outcome::Win(play.you.opponent()), &mut events) {
                    self.variant_advance(&mut events);
                }
                events
            }
            Command::Vs(kind) | Command::Opponent(Some(kind)) => {
                if let Some(refusal) = classic_only(*kind) {
                    return Some(refusal);
                }
                play.opponent = *kind;
                vec![play.chosen()]
            }
            Command::Side(side) => {
                if busy {
                    return Some(refuse(
                        "A game is in progress: finish it or type resign first.",
                    ));
                }
                play.you = *side;
                vec![play.chosen()]
            }
            Command::Hint(kind) => {
                let Some(game) = &play.game else {
                    return Some(refuse("No game is in progress: a hint needs a board."));
                };
                if game.to_move() != play.you {
                    return Some(refuse("A hint is for your own move, when it is your turn."));
                }
                let by = kind.unwrap_or(OpponentKind::AlphaBeta);
                if !variant::applies(by) {
                    return Some(refuse(&format!("{by} plays only noughts and crosses.")));
                }
                match game.suggest(by, &mut self.rng) {
                    Some(name) => vec![Event::VariantHint { by, name }],
                    None => refuse("There is no move to hint at."),
                }
            }
            Command::Solve(None) => {
                let game = play.game.clone().unwrap_or_else(|| AnyGame::new(play.kind));
                let start = std::time::Instant::now();
                let solved = game.solve(SOLVE_BUDGET);
                vec![Event::VariantSolved {
                    kind: play.kind,
                    solved,
                    millis: start.elapsed().as_millis(),
                }]
            }
            Command::Move(_) | Command::Rate(_) | Command::Solve(Some(_)) => refuse(
                "That is a noughts-and-crosses command; type variant classic to go back to it.",
            ),
            _ => return None,
        };
        Some(events)
    }

    fn choose_variant(&mut self, choice: VariantChoice) -> Vec<Event> {
        if let Some(busy) = self.busy("change games") {
            return busy;
        }
        if self
            .variant
            .as_ref()
            .is_some_and(|play| play.game.is_some())
        {
            return refuse(
                "A game is in progress: finish it or type resign before you change games.",
            );
        }
        match choice {
            VariantChoice::Classic | VariantChoice::Misere => {
                self.variant = None;
                self.settings.rules = Rules {
                    misere: choice == VariantChoice::Misere,
                };
                vec![Event::RulesSet(self.settings.rules)]
            }
            VariantChoice::Other(kind) => {
                let (you, opponent) = self
                    .variant
                    .as_ref()
                    .map_or((Player::X, OpponentKind::AlphaBeta), |play| {
                        (play.you, play.opponent)
                    });
                self.variant = Some(VariantPlay {
                    kind,
                    you,
                    opponent,
                    game: None,
                    games_left: 0,
                    played: 0,
                });
                vec![
                    Event::VariantChosen {
                        kind,
                        you,
                        opponent,
                    },
                    Event::VariantBoard(Box::new(AnyGame::new(kind))),
                ]
            }
        }
    }

    /// The lesson commands, and a bare `hint` while a lesson step has hints.
    fn lesson_command(&mut self, command: &Command) -> Option<Vec<Event>> {
        let mut course = std::mem::take(&mut self.course);
        let said = match command {
            Command::Lessons => Some(course.list(&self.settings)),
            Command::Lesson(which) => Some(course.open(which, self)),
            Command::Next => Some(course.next(self)),
            Command::Back => Some(course.back(self)),
            Command::Skip => Some(course.skip(self)),
            Command::QuitLesson => Some(course.quit()),
            Command::Answer(text) => Some(course.answer(text)),
            Command::Hint(None) if course.wants_hint() => Some(course.hint()),
            _ => None,
        };
        self.course = course;
        said.map(|said| said.into_iter().map(Event::Lesson).collect())
    }

    /// Input has ended: say goodbye.
    pub fn end_of_input(&mut self) -> Vec<Event> {
        self.finished = true;
        vec![Event::Goodbye {
            unsaved: self.unsaved,
        }]
    }

    /// Does one command.
    pub fn execute(&mut self, command: Command) -> Vec<Event> {
        if let Some(events) = self.variant_command(&command) {
            return events;
        }
        match command {
            Command::Variants => vec![Event::Variants],
            Command::Variant(choice) => self.choose_variant(choice),
            Command::Side(_) => {
                refuse("In noughts and crosses MENACE is always X; side is for the variants.")
            }
            Command::Play(games) => {
                let opponent = self.watch.take();
                let from_session = opponent.is_some();
                self.start_match(games, opponent, from_session)
            }
            Command::PlayVs(games, kind) => {
                if let Some(busy) = self.busy("start more games") {
                    return busy;
                }
                let opponent = Opponent::new(kind, self.menace.preset(), &mut self.rng);
                self.start_match(games, Some(opponent), false)
            }
            Command::Opponent(kind) => {
                if let Some(busy) = self.busy("change opponents") {
                    return busy;
                }
                self.watch =
                    kind.map(|kind| Opponent::new(kind, self.menace.preset(), &mut self.rng));
                vec![Event::OpponentSet(kind)]
            }
            Command::Vs(kind) => {
                self.set_trainer(kind);
                vec![Event::TrainerSet(kind)]
            }
            Command::Train { games, vs, csv } => self.train(games, vs, csv.as_deref()),
            Command::Hint(kind) => self.hint(kind.unwrap_or(OpponentKind::Teacher)),
            Command::Rate(position) => match self.position_or_board(position, "rate") {
                Ok(board) => vec![Event::Ratings {
                    board,
                    ratings: crate::ai::rating::ratings(&board),
                }],
                Err(refusal) => refusal,
            },
            Command::Solve(position) => match self.position_or_board(position, "solve") {
                Ok(board) => {
                    let mut solver = crate::ai::Solver::new();
                    let scores = solver.move_scores(&board);
                    vec![Event::Solved { board, scores }]
                }
                Err(refusal) => refusal,
            },
            Command::Experiment(seeds) => self.experiment(seeds),
            Command::Rules(rules) => {
                if let Some(busy) = self.busy("change the rules") {
                    return busy;
                }
                self.settings.rules = rules;
                vec![Event::RulesSet(rules)]
            }
            // Lesson commands are handled before `execute`; reaching here means a script
            // called `execute` directly.
            Command::Lessons
            | Command::Lesson(_)
            | Command::Next
            | Command::Back
            | Command::Skip
            | Command::QuitLesson
            | Command::Answer(_) => self.lesson_command(&command).unwrap_or_default(),
            Command::Move(square) => self.your_move(square),
            Command::Boxes(ply) => vec![Event::Listing {
                beads: self.menace.all_beads().to_vec(),
                ply,
            }],
            Command::Box(query) => self.show_box(query),
            Command::Board => match &self.current {
                Some(current) => vec![Event::Board {
                    board: current.board,
                    menace_move: None,
                }],
                None => refuse("No game is in progress: type a number to play that many games."),
            },
            Command::Save(name) => self.save(name.as_deref()),
            Command::Load(name) => self.load(&name),
            Command::Preset(preset) => self.reset(preset),
            Command::Reset => self.reset(self.menace.preset()),
            Command::Resign => self.resign(),
            Command::Stats => vec![self.stats()],
            Command::Help => vec![Event::Help],
            Command::Quit => {
                if self.unsaved > 0 {
                    self.pending = Some(Pending::Quit);
                    vec![Event::Question(Question::Quit {
                        unsaved: self.unsaved,
                    })]
                } else {
                    self.end_of_input()
                }
            }
            Command::Yes | Command::No => refuse("There is no question to answer just now."),
        }
    }

    fn confirm(&mut self, pending: Pending) -> Vec<Event> {
        match pending {
            Pending::Reset(preset) => self.apply_preset(preset),
            Pending::Load(path, menace) => self.apply_load(path, *menace),
            Pending::Quit => self.end_of_input(),
        }
    }

    fn busy(&self, what: &str) -> Option<Vec<Event>> {
        self.current.as_ref().map(|_| {
            refuse(&format!(
                "A game is in progress: finish it or type resign before you {what}."
            ))
        })
    }

    fn start_match(
        &mut self,
        games: u32,
        opponent: Option<Opponent>,
        session_opponent: bool,
    ) -> Vec<Event> {
        if let Some(busy) = self.busy("start more games") {
            if session_opponent {
                self.watch = opponent;
            }
            return busy;
        }
        if let Some(first) = self.menace.refuses_to_play() {
            if session_opponent {
                self.watch = opponent;
            }
            return vec![Event::Refused(first)];
        }
        self.current = Some(Match {
            games,
            finished: 0,
            board: TicTacToe::new(self.settings.rules),
            drawn: Vec::new(),
            last_box: None,
            opponent,
            session_opponent,
        });
        let mut events = Vec::new();
        self.begin_game(&mut events);
        self.advance(&mut events);
        events
    }

    /// Clears the board for the next game of the match.
    fn begin_game(&mut self, events: &mut Vec<Event>) {
        if let Some(current) = self.current.as_mut() {
            current.board = TicTacToe::new(self.settings.rules);
            current.drawn.clear();
            current.last_box = None;
            events.push(Event::NewGame {
                number: current.finished + 1,
                of: current.games,
            });
        }
    }

    /// Plays on until it is your move or the match is over.
    fn advance(&mut self, events: &mut Vec<Event>) {
        loop {
            let Some(current) = self.current.as_mut() else {
                return;
            };
            if let Some(outcome) = current.board.outcome() {
                self.finish_game(result_of(outcome), None, events);
                if self.current.is_none() {
                    return;
                }
                self.begin_game(events);
                continue;
            }
            if current.board.to_move() == Player::X {
                let Ok(turn) = self.menace.take_turn(&current.board, &mut self.rng) else {
                    return;
                };
                events.push(Event::MenaceTurn(turn));
                if let Turn::Resigned(_) = turn {
                    self.finish_game(GameResult::Lost, Some(Player::X), events);
                    if self.current.is_none() {
                        return;
                    }
                    self.begin_game(events);
                    continue;
                }
                if let Turn::Drew { lookup, .. } = turn {
                    current.last_box = Some(lookup);
                }
                current.drawn.extend(turn.drawn());
                if let Some(square) = turn.square() {
                    current.board.place(square);
                }
                events.push(Event::Board {
                    board: current.board,
                    menace_move: turn.square(),
                });
            } else if let Some(opponent) = current.opponent.as_mut() {
                let by = opponent.kind();
                let Some(chosen) = opponent.choose_explained(&current.board, &mut self.rng) else {
                    return;
                };
                current.board.place(chosen.square);
                events.push(Event::OpponentMoved {
                    by,
                    square: chosen.square,
                    reason: chosen.reason,
                });
                events.push(Event::Board {
                    board: current.board,
                    menace_move: None,
                });
            } else {
                events.push(Event::YourMove);
                return;
            }
        }
    }

    fn your_move(&mut self, square: Square) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return refuse("No game is in progress: type a number to play that many games.");
        };
        if current.opponent.is_some() {
            return refuse("You are watching: the opponent plays O in this match.");
        }
        if let Err(illegal) = current.board.play(square) {
            return refuse(&format!("You cannot play there: {illegal}."));
        }
        let mut events = vec![Event::Board {
            board: current.board,
            menace_move: None,
        }];
        self.advance(&mut events);
        events
    }

    fn resign(&mut self) -> Vec<Event> {
        if self.current.is_none() {
            return refuse("No game is in progress, so there is nothing to resign.");
        }
        let mut events = Vec::new();
        self.finish_game(GameResult::Won, Some(Player::O), &mut events);
        if self.current.is_some() {
            self.begin_game(&mut events);
            self.advance(&mut events);
        }
        events
    }

    /// MENACE (and a learning opponent) learn; the match ends after its last game.
    fn finish_game(
        &mut self,
        result: GameResult,
        resigned: Option<Player>,
        events: &mut Vec<Event>,
    ) {
        let Some(current) = self.current.as_mut() else {
            return;
        };
        let changes = self.menace.learn(&current.drawn, result);
        if let Some(opponent) = current.opponent.as_mut() {
            opponent.game_over(&current.board);
        }
        current.drawn.clear();
        current.finished += 1;
        self.unsaved += 1;
        events.push(Event::GameOver {
            result,
            resigned,
            opponent: current.opponent.as_ref().map(Opponent::kind),
        });
        events.push(Event::Learned {
            result,
            changes,
            preset: self.menace.preset(),
        });
        if self.settings.show_boxes {
            events.push(Event::Listing {
                beads: self.menace.all_beads().to_vec(),
                ply: None,
            });
        }
        let refused = self.menace.refuses_to_play();
        if (current.finished >= current.games || refused.is_some())
            && let Some(done) = self.current.take()
        {
            if done.session_opponent {
                self.watch = done.opponent;
            }
            events.push(match refused {
                Some(first) if done.finished < done.games => Event::Refused(first),
                _ => Event::MatchOver {
                    played: done.finished,
                },
            });
        }
    }

    /// The position a command names, under the session's rules, or the current board.
    fn position_or_board(
        &self,
        position: Option<TicTacToe>,
        command: &str,
    ) -> Result<TicTacToe, Vec<Event>> {
        let board = match position {
            Some(position) => {
                TicTacToe::from_code(position.code(), self.settings.rules).unwrap_or(position)
            }
            None => match &self.current {
                Some(current) => current.board,
                None => {
                    return Err(refuse(&format!(
                        "No game is in progress: {command} needs a board, or a position like {command} X...O...."
                    )));
                }
            },
        };
        if board.is_over() {
            return Err(refuse(&format!(
                "{} is a finished game: there is no move to {command}.",
                board.picture()
            )));
        }
        Ok(board)
    }

    fn set_trainer(&mut self, kind: OpponentKind) {
        if self.trainer.kind() != kind {
            self.trainer = Opponent::new(kind, self.menace.preset(), &mut self.rng);
        }
    }

    fn train(&mut self, games: u64, vs: Option<OpponentKind>, csv: Option<&str>) -> Vec<Event> {
        if let Some(busy) = self.busy("train") {
            return busy;
        }
        if let Some(kind) = vs {
            self.set_trainer(kind);
        }
        if let Some(first) = self.menace.refuses_to_play() {
            return vec![Event::Refused(first)];
        }
        let hook = self.progress.clone();
        if let Some(hook) = &hook {
            (hook.0)(Progress::Start { total: games });
        }
        let report = play::train(
            &mut self.menace,
            &mut self.trainer,
            games,
            self.settings.rules,
            &mut self.rng,
            &mut |done| {
                if let Some(hook) = &hook {
                    (hook.0)(Progress::Done(done));
                }
            },
        );
        if let Some(hook) = &hook {
            (hook.0)(Progress::Finish);
        }
        self.unsaved += report.overall.games();
        let csv_text = report.curve_csv();
        let mut events = vec![Event::Trained(Box::new(report))];
        if let Some(name) = csv {
            let path = save::resolve_with(&self.settings.saves_dir, Some(name), "csv");
            match save::write_atomically(&path, csv_text.as_bytes()) {
                Ok(()) => events.push(Event::CurveWritten(path)),
                Err(SaveError { path, error }) => events.push(Event::Refusal(format!(
                    "Could not write the curve to {}: {error}.",
                    path.display()
                ))),
            }
        }
        events
    }

    fn hint(&mut self, kind: OpponentKind) -> Vec<Event> {
        let Some(current) = &self.current else {
            return refuse("No game is in progress: a hint needs a board.");
        };
        if current.board.to_move() != Player::O || current.opponent.is_some() {
            return refuse("A hint is for your own move, when it is your turn.");
        }
        let board = current.board;
        let mut adviser = if kind == self.trainer.kind() {
            self.trainer.clone()
        } else {
            Opponent::new(kind, self.menace.preset(), &mut self.rng)
        };
        match adviser.choose_explained(&board, &mut self.rng) {
            Some(chosen) => vec![Event::Hint {
                by: kind,
                square: chosen.square,
                reason: chosen.reason,
            }],
            None => refuse("There is no move to hint at."),
        }
    }

    fn experiment(&mut self, seeds: u64) -> Vec<Event> {
        let presets = [
            Preset::challenge(),
            Preset::michie(),
            Preset::parse("custom 8/4/2/1 3/1/-1 resign").unwrap_or_default(),
        ];
        let runs = presets
            .into_iter()
            .map(|preset| Experiment::run(preset, seeds, play::EXPERIMENT_LIMIT))
            .collect();
        vec![Event::Experiments { runs, seeds }]
    }

    fn show_box(&self, query: Option<BoxQuery>) -> Vec<Event> {
        let boxes = matchboxes();
        let (id, asked) = match query {
            None => match self.current.as_ref().and_then(|current| current.last_box) {
                Some(lookup) => (lookup.id, None),
                None => {
                    return refuse("Name a box: box X...O.... (any position) or box 1 to box 304.");
                }
            },
            Some(BoxQuery::Number(number)) => match number.checked_sub(1).and_then(|n| boxes.id(n))
            {
                Some(id) => (id, None),
                None => {
                    return refuse(&format!(
                        "Boxes are numbered 1 to {}, not {number}.",
                        boxes.len()
                    ));
                }
            },
            Some(BoxQuery::Position(position)) => match boxes.find(&position) {
                Some(lookup) => (lookup.id, Some((position, lookup))),
                None => {
                    return refuse(&format!(
                        "No box serves {}: MENACE moves from a box only with X to move after 0, 2, 4 or 6 moves of an unfinished game.",
                        position.picture()
                    ));
                }
            },
        };
        // During a game the box shows what is in it now, with this game's bead out.
        let beads = *self.menace.beads(id);
        vec![Event::BoxView { id, beads, asked }]
    }

    /// The boxes as they would stand with this game's drawn beads put back.
    fn menace_at_rest(&self) -> Menace {
        let mut menace = self.menace.clone();
        if let Some(current) = &self.current {
            menace.return_beads(&current.drawn);
        }
        menace
    }

    fn save(&mut self, name: Option<&str>) -> Vec<Event> {
        let path = save::resolve(&self.settings.saves_dir, name);
        match save::save(&self.menace_at_rest(), &path) {
            Ok(()) => {
                self.unsaved = 0;
                vec![Event::Saved(path)]
            }
            Err(SaveError { path, error }) => refuse(&format!(
                "Could not save to {}: {error}. Nothing was written.",
                path.display()
            )),
        }
    }

    fn load(&mut self, name: &str) -> Vec<Event> {
        if let Some(busy) = self.busy("load boxes") {
            return busy;
        }
        let path = save::resolve(&self.settings.saves_dir, Some(name));
        match save::load(&path) {
            Ok(menace) if self.unsaved > 0 => {
                self.pending = Some(Pending::Load(path.clone(), Box::new(menace)));
                vec![Event::Question(Question::Load {
                    path,
                    unsaved: self.unsaved,
                })]
            }
            Ok(menace) => self.apply_load(path, menace),
            Err(error) => refuse(&load_refusal(&error)),
        }
    }

    fn apply_load(&mut self, path: PathBuf, menace: Menace) -> Vec<Event> {
        self.menace = menace;
        self.unsaved = 0;
        vec![Event::Loaded {
            path,
            preset: self.menace.preset(),
            record: self.menace.record(),
        }]
    }

    fn reset(&mut self, preset: Preset) -> Vec<Event> {
        if let Some(busy) = self.busy("change the boxes") {
            return busy;
        }
        let games = self.menace.record().games();
        if games > 0 {
            self.pending = Some(Pending::Reset(preset));
            return vec![Event::Question(Question::Reset { preset, games })];
        }
        self.apply_preset(preset)
    }

    fn apply_preset(&mut self, preset: Preset) -> Vec<Event> {
        self.menace = Menace::new(preset, &mut self.rng);
        self.unsaved = 0;
        vec![Event::PresetChanged(preset)]
    }

    fn stats(&self) -> Event {
        let first = matchboxes()
            .find(&TicTacToe::default())
            .map_or(0, |lookup| self.menace.total(lookup.id));
        let all_beads = matchboxes()
            .iter()
            .map(|(id, _)| self.menace.total(id))
            .sum();
        Event::Stats {
            record: self.menace.record(),
            preset: self.menace.preset(),
            first_box: first,
            all_beads,
            unsaved: self.unsaved,
        }
    }

    /// Checks that the session is in a state the rules allow; `Err` says what is not.
    /// Tests call it after every line.
    pub fn check(&self) -> Result<(), String> {
        if let Some(play) = &self.variant
            && let Some(game) = &play.game
        {
            if game.outcome().is_some() {
                return Err("a finished variant game is still in progress".into());
            }
            if game.to_move() != play.you {
                return Err("the variant game waits for the opponent".into());
            }
        }
        for ((_, matchbox), beads) in matchboxes().iter().zip(self.menace.all_beads()) {
            for square in Square::ALL {
                if beads[square.index()] > 0 && matchbox.picture.at(square).is_some() {
                    return Err(format!("box {} has a bead on {square}", matchbox.name()));
                }
            }
        }
        if let Some(current) = &self.current {
            let board = current.board;
            if board.is_over() {
                return Err("a finished game is still in progress".into());
            }
            if board.to_move() != Player::O {
                return Err("the game waits for MENACE".into());
            }
            if current.finished >= current.games {
                return Err("more games played than asked for".into());
            }
            if current.drawn.len() > board.ply().div_ceil(2) {
                return Err("more beads drawn than MENACE made moves".into());
            }
        }
        Ok(())
    }
}

/// How many positions `solve` may search in a variant (a few seconds at most).
pub const SOLVE_BUDGET: u64 = 3_000_000;

/// The refusal for an opponent that plays only noughts and crosses, if `kind` is one.
fn classic_only(kind: OpponentKind) -> Option<Vec<Event>> {
    (!variant::applies(kind)).then(|| {
        refuse(&format!(
            "{kind} plays only noughts and crosses; here choose random, alphabeta, mcts or lookahead D."
        ))
    })
}

/// A one-sentence answer that changes nothing.
fn refuse(sentence: &str) -> Vec<Event> {
    vec![Event::Refusal(sentence.to_string())]
}

fn result_of(outcome: Outcome) -> GameResult {
    GameResult::from_outcome(outcome)
}

/// A load error as a sentence for the console.
fn load_refusal(error: &LoadError) -> String {
    format!("Not loaded: {error}. The boxes are unchanged.")
}
