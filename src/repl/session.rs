//! The console's state and what each command does to it. No printing here: every command
//! returns [`Event`] values, which `render` turns into text. That keeps the session
//! testable without a terminal, and lets the lessons drive it the same way.

use super::command::{self, BoxQuery, Command};
use crate::game::{Game, Outcome, Player, Rules, Square, TicTacToe};
use crate::menace::learn::Record;
use crate::menace::save::{self, LoadError, SaveError};
use crate::menace::{
    BoxId, Drawn, GameResult, Lookup, Menace, Preset, Reinforcement, Turn, matchboxes,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;

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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 0,
            preset: Preset::challenge(),
            show_boxes: true,
            saves_dir: PathBuf::from("saves"),
            rules: Rules::default(),
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
    YourMove,
    /// A game ended; `resigned` says who gave up, if anyone did.
    GameOver {
        result: GameResult,
        resigned: Option<Player>,
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
        }
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
        match parsed {
            Ok(command) => self.execute(command),
            Err(error) => vec![Event::Refusal(error.to_string())],
        }
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
        match command {
            Command::Play(games) => self.start_match(games),
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

    fn start_match(&mut self, games: u32) -> Vec<Event> {
        if let Some(busy) = self.busy("start more games") {
            return busy;
        }
        if let Some(first) = self.menace.refuses_to_play() {
            return vec![Event::Refused(first)];
        }
        self.current = Some(Match {
            games,
            finished: 0,
            board: TicTacToe::new(self.settings.rules),
            drawn: Vec::new(),
            last_box: None,
        });
        self.start_game()
    }

    fn start_game(&mut self) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return Vec::new();
        };
        current.board = TicTacToe::new(self.settings.rules);
        current.drawn.clear();
        current.last_box = None;
        let mut events = vec![Event::NewGame {
            number: current.finished + 1,
            of: current.games,
        }];
        events.extend(self.menace_moves());
        events
    }

    fn menace_moves(&mut self) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return Vec::new();
        };
        let Ok(turn) = self.menace.take_turn(&current.board, &mut self.rng) else {
            return refuse("It is not MENACE's turn.");
        };
        let mut events = vec![Event::MenaceTurn(turn)];
        match turn {
            Turn::Resigned(_) => {
                events.extend(self.finish_game(GameResult::Lost, Some(Player::X)));
                return events;
            }
            Turn::Drew { lookup, .. } => current.last_box = Some(lookup),
            Turn::Forced(_) => {}
        }
        if let Some(drawn) = turn.drawn() {
            current.drawn.push(drawn);
        }
        if let Some(square) = turn.square() {
            current.board.place(square);
        }
        events.push(Event::Board {
            board: current.board,
            menace_move: turn.square(),
        });
        match current.board.outcome() {
            Some(outcome) => events.extend(self.finish_game(result_of(outcome), None)),
            None => events.push(Event::YourMove),
        }
        events
    }

    fn your_move(&mut self, square: Square) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return refuse("No game is in progress: type a number to play that many games.");
        };
        if let Err(illegal) = current.board.play(square) {
            return refuse(&format!("You cannot play there: {illegal}."));
        }
        let mut events = vec![Event::Board {
            board: current.board,
            menace_move: None,
        }];
        match current.board.outcome() {
            Some(outcome) => events.extend(self.finish_game(result_of(outcome), None)),
            None => events.extend(self.menace_moves()),
        }
        events
    }

    fn resign(&mut self) -> Vec<Event> {
        if self.current.is_none() {
            return refuse("No game is in progress, so there is nothing to resign.");
        }
        self.finish_game(GameResult::Won, Some(Player::O))
    }

    fn finish_game(&mut self, result: GameResult, resigned: Option<Player>) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return Vec::new();
        };
        let changes = self.menace.learn(&current.drawn, result);
        current.drawn.clear();
        current.finished += 1;
        self.unsaved += 1;
        let mut events = vec![
            Event::GameOver { result, resigned },
            Event::Learned {
                result,
                changes,
                preset: self.menace.preset(),
            },
        ];
        if self.settings.show_boxes {
            events.push(Event::Listing {
                beads: self.menace.all_beads().to_vec(),
                ply: None,
            });
        }
        let (finished, games) = (current.finished, current.games);
        if finished >= games {
            self.current = None;
            events.push(Event::MatchOver { played: finished });
        } else if let Some(first) = self.menace.refuses_to_play() {
            self.current = None;
            events.push(Event::Refused(first));
        } else {
            events.extend(self.start_game());
        }
        events
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
