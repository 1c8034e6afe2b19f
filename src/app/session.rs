//! The console's state and what each command does to it. No printing here: every command
//! returns [`Event`] values, which `render` turns into text. That keeps the session
//! testable without a terminal, and lets the lessons drive it the same way.
//!
//! One path serves every game: the chosen game is an [`AnyGame`] from the registry, one
//! [`super::game_match::Match`] plays it, and MENACE is a [`Learner`] for that game and
//! side, kept per game so that switching games loses nothing.

use super::command::Command;
use super::event::{Event, Question};
use crate::game::AnyGame;
use crate::game::{Player, Rules};
use crate::menace::Preset;
use crate::menace::learner::{self, Learner};
use crate::players::Choice;
use crate::players::Rival;
use crate::registry;
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
    /// The preset new boxes are filled under.
    pub preset: Preset,
    /// Which boxes to list after each game of noughts and crosses (the seed asks for
    /// all of them); `boxes on|off|changed` switches it.
    pub show_boxes: BoxListing,
    /// Each MENACE move drawn as its box beside the board (`pictures on|off`).
    pub show_pictures: bool,
    /// Where `save` and `load` look for bare file names.
    pub saves_dir: PathBuf,
    /// Classic or misère: the game the session starts in.
    pub rules: Rules,
    /// Where the lesson files are.
    pub lessons_dir: PathBuf,
    /// How hard the generic AIs and `solve` work.
    pub effort: crate::analysis::Effort,
    /// The most boxes a MENACE may make in a game whose boxes are made as met.
    pub box_limit: usize,
    /// A scratch session (a lesson's demonstration, the lesson check): files are read
    /// and written only inside `saves_dir`, by bare names, never elsewhere.
    pub confined: bool,
}

/// The boxes listed after each game of noughts and crosses (a lesson step names one as
/// `listing: changed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoxListing {
    /// All of them, as the seed asks.
    All,
    /// Only those the game changed.
    Changed,
    Off,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 0,
            preset: Preset::challenge(),
            show_boxes: BoxListing::All,
            show_pictures: true,
            saves_dir: PathBuf::from("saves"),
            rules: Rules::default(),
            lessons_dir: PathBuf::from("lessons"),
            effort: crate::analysis::Effort::default(),
            box_limit: crate::menace::DEFAULT_BOX_LIMIT,
            confined: false,
        }
    }
}

/// What the session waits to have confirmed.
#[derive(Debug)]
pub(super) enum Pending {
    Reset(Preset),
    Load(PathBuf, Box<crate::menace::save::Loaded>),
    Save(PathBuf),
    Quit,
}

/// Told how far a training run has got, so the console can draw a progress bar.
/// Its answer to [`Progress::Done`] says whether to go on: the console answers `false`
/// after Ctrl-C, and the run stops there keeping the games played. Its answers to the
/// other steps are ignored.
#[derive(Clone)]
pub struct ProgressHook(pub Rc<dyn Fn(Progress) -> bool>);

/// A step of a long run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A run of `total` games begins; `at_most`: it may end sooner (an experiment's runs
    /// stop once MENACE is safe).
    Start {
        total: u64,
        at_most: bool,
    },
    /// `export` begins writing a page of `total` boxes (Ctrl-C: no page is written).
    Writing {
        total: u64,
    },
    Done(u64),
    Finish,
}

impl fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressHook")
    }
}

/// MENACE for one game and side, and the games it learned since the last save.
#[derive(Debug)]
pub(super) struct Slot {
    pub title: String,
    pub side: Player,
    pub learner: Box<dyn Learner>,
    pub unsaved: u64,
    /// Learners of other kinds for the same game and side, each with its games not yet
    /// saved: put aside by `learner`, brought back when it names their kind again.
    pub others: Vec<(Box<dyn Learner>, u64)>,
}

impl Slot {
    /// A slot holding `learner` alone, nothing unsaved.
    pub fn new(title: String, side: Player, learner: Box<dyn Learner>) -> Slot {
        Slot {
            title,
            side,
            learner,
            unsaved: 0,
            others: Vec::new(),
        }
    }

    /// Games not yet saved, by the learner in play and those put aside.
    pub fn unsaved_all(&self) -> u64 {
        self.unsaved + self.others.iter().map(|(_, unsaved)| unsaved).sum::<u64>()
    }
}

/// Everything the console knows.
#[derive(Debug)]
pub struct Session {
    pub(super) settings: Settings,
    pub(super) rng: ChaCha8Rng,
    /// The chosen game, at its start.
    pub(super) game: Box<dyn AnyGame>,
    /// The side you play; MENACE plays the other.
    pub(super) you: Player,
    /// MENACE for every game and side met so far.
    pub(super) slots: Vec<Slot>,
    /// The kind of learner (and a fresh one's parameters) that plays you: MENACE
    /// until `learner` names another.
    pub(super) learner_choice: crate::learners::LearnerChoice,
    /// Who plays against you: `None` for MENACE.
    pub(super) against: Option<Choice>,
    /// Who plays your side instead of you, kept between matches (it may learn).
    pub(super) watch: Option<Rival>,
    /// Who MENACE trains against, kept between runs (a second MENACE learns).
    pub(super) trainer: Choice,
    pub(super) sparring: Option<Rival>,
    pub(super) current: Option<super::game_match::Match>,
    pub(super) pending: Option<Pending>,
    /// Each file this session loaded or saved, as it was just after: a save over a file
    /// that changed since (another menace saved there) or that it never saw asks first.
    pub(super) seen_files: std::collections::HashMap<PathBuf, crate::menace::save::Stamp>,
    pub(super) finished: bool,
    pub(super) progress: Option<ProgressHook>,
    /// The learner's own game, MENACE and choices while a lesson runs in its own.
    pub(super) own_state: Option<super::lesson_state::OwnState>,
    /// The last training run, with its chart's title, for `plot` and `export`.
    pub(super) last_run: Option<(Box<crate::play::TrainingReport>, String)>,
    /// The last run of each kind of learner, with the game and side it played: `plot`
    /// draws those that match the last run (opponent, game, side, games) on one chart.
    pub(super) runs_by_learner: Vec<(Box<crate::play::TrainingReport>, String, Player)>,
}

impl Session {
    pub fn new(settings: Settings) -> Session {
        let rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let name = if settings.rules.misere {
            "misere"
        } else {
            "classic"
        };
        let game = registry::start(&[name]).unwrap_or_else(|_| classic_start());
        let mut session = Session {
            settings,
            rng,
            game,
            you: Player::O,
            slots: Vec::new(),
            learner_choice: crate::learners::LearnerChoice::default(),
            against: None,
            watch: None,
            trainer: Choice::bare(&crate::players::perfect::ROW),
            sparring: None,
            current: None,
            pending: None,
            seen_files: std::collections::HashMap::new(),
            finished: false,
            progress: None,
            own_state: None,
            last_run: None,
            runs_by_learner: Vec::new(),
        };
        // The first MENACE is made at once, so that a seed gives the same boxes whether
        // or not a game is played first.
        let _ = session.slot_index();
        session
    }

    /// Starts from a save file's MENACE, in its game and on its side (the `--load` flag).
    /// A session starting from boxes loaded from `path` (`menace --load`).
    pub fn with_loaded(
        settings: Settings,
        path: PathBuf,
        loaded: crate::menace::save::Loaded,
    ) -> Session {
        let mut session = Session::new(Settings {
            preset: loaded.learner.preset(),
            ..settings
        });
        let _ = session.apply_load(path, loaded);
        session
    }

    /// Lets the console follow long training runs.
    pub fn set_progress(&mut self, hook: Option<ProgressHook>) {
        self.progress = hook;
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The chosen game's title (`classic`, `silverman no-anti-diagonal` ...).
    pub fn game_title(&self) -> String {
        self.game.title()
    }

    /// The side you play.
    /// The AI that plays against you, or `None` for MENACE.
    pub fn opponent(&self) -> Option<Choice> {
        self.against
    }

    pub fn your_side(&self) -> Player {
        self.you
    }

    /// MENACE for the chosen game and side, if it plays this game.
    pub fn learner(&self) -> Option<&dyn Learner> {
        let side = self.you.opponent();
        let title = self.game.title();
        self.slots
            .iter()
            .find(|slot| slot.side == side && slot.title == title)
            .map(|slot| slot.learner.as_ref())
    }

    /// MENACE for the chosen game if it has one, otherwise the first the session made
    /// (every session starts with one, for the game it starts in).
    pub fn menace(&self) -> Option<&dyn Learner> {
        self.learner()
            .or_else(|| self.slots.first().map(|slot| slot.learner.as_ref()))
    }

    /// The classic board of the game in progress, if one is and it is noughts and
    /// crosses.
    pub fn board(&self) -> Option<crate::game::TicTacToe> {
        self.position().and_then(learner::classic_board)
    }

    /// The session's MENACE for game `title` playing `side`, if it has made one.
    pub fn learner_for(&self, title: &str, side: Player) -> Option<&dyn Learner> {
        self.slots
            .iter()
            .find(|slot| slot.title == title && slot.side == side)
            .map(|slot| slot.learner.as_ref())
    }

    /// The position of the game in progress, if one is.
    pub fn position(&self) -> Option<&dyn AnyGame> {
        self.current.as_ref().map(|current| current.game.as_ref())
    }

    /// The legal moves of the game in progress when it is your turn (for completion).
    pub fn your_moves(&self) -> Vec<String> {
        match &self.current {
            Some(current) if current.is_your_turn(self.you) => current.game.legal_move_names(),
            _ => Vec::new(),
        }
    }

    /// True once `quit` was confirmed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// True while a yes/no question waits for its answer.
    pub fn is_asking(&self) -> bool {
        self.pending.is_some()
    }

    /// Games every MENACE of the session has learned from, all told, the learner's own
    /// put aside by a lesson among them.
    pub fn games_learned(&self) -> u64 {
        self.games_learned_here() + self.games_learned_put_aside()
    }

    /// Games learned and not saved, over every game's MENACE.
    pub fn unsaved(&self) -> u64 {
        self.slots.iter().map(Slot::unsaved_all).sum::<u64>() + self.unsaved_put_aside()
    }

    /// Ctrl-D at the keys: leaves like `quit`, asking first when learning is unsaved; a
    /// second Ctrl-D at that question leaves.
    pub fn leave(&mut self) -> Vec<Event> {
        if matches!(self.pending, Some(Pending::Quit)) {
            return self.end_of_input();
        }
        self.pending = None;
        self.execute(Command::Quit)
    }

    /// Input has ended: say goodbye.
    pub fn end_of_input(&mut self) -> Vec<Event> {
        self.finished = true;
        vec![Event::Goodbye {
            unsaved: self.unsaved(),
        }]
    }

    /// Does one command.
    pub fn execute(&mut self, command: Command) -> Vec<Event> {
        let _confined = self.confinement();
        match command {
            Command::Variants => vec![Event::Variants],
            Command::Lines(cell, picture) => self.lines(cell.as_deref(), picture.as_deref()),
            Command::Count => self.count(),
            Command::CountBoxes => self.count_boxes(),
            Command::CountFull => self.count_full(),
            Command::Kinds(cell) => self.kinds(cell.as_deref()),
            Command::Variant(words) => self.choose_game(&words),
            Command::Side(side) => self.choose_side(side),
            Command::Play(games) => self.play(games, None),
            Command::PlayVs(games, kind) => self.play(games, Some(kind)),
            Command::Opponent(kind) => self.set_watch(kind),
            Command::Against(kind) => self.set_against(kind),
            Command::Vs(kind) => match self.rival(kind, self.you) {
                Ok(rival) => {
                    self.trainer = kind;
                    self.sparring = Some(rival);
                    let mut events = vec![Event::TrainerSet(kind)];
                    events.extend(self.depth_note(kind, self.game.as_ref()));
                    events
                }
                Err(why) => refuse(&format!("{}.", capitalised(&why))),
            },
            Command::Train {
                games,
                vs,
                csv,
                plot,
            } => {
                let mut events = self.train(games, vs, csv.as_deref());
                if let Some(name) = plot
                    && events
                        .iter()
                        .any(|event| matches!(event, Event::Trained(_)))
                {
                    events.extend(self.plot(&name));
                }
                events
            }
            Command::Plot(name) => self.plot(&name),
            Command::Export(_) | Command::ExportLabels { .. }
                if let Some(refusal) = self.refuse_for_other_learner(&command) =>
            {
                refusal
            }
            Command::Boxes(_) | Command::Preset(_) | Command::Pictures(_)
                if let Some(refusal) = self.refuse_for_other_learner(&command) =>
            {
                refusal
            }
            Command::Box(query) if self.other_learner_in_play() => self.show_values(query),
            Command::Export(name) => self.export(&name),
            Command::ExportLabels { file, counts } => self.export_labels(&file, counts),
            Command::Hint(kind) => self.hint(kind),
            Command::Rate(position) => self.rate(position.as_deref()),
            Command::RateAhead(depth, position) => self.rate_ahead(depth, position.as_deref()),
            Command::Solve(position, within) => self.solve(position.as_deref(), within),
            Command::Weights(cell) => self.weights(cell.as_deref()),
            Command::Experiment(seeds) => self.experiment(seeds),
            // The course sits above the session (`lesson::Tutor`) and takes its commands
            // before they get here: a session without one has no lessons.
            Command::Course(_) => refuse("This session has no course: lessons run in the console."),
            Command::Move(name) => self.your_move(&name),
            Command::Boxes(which) => self.listing(which),
            Command::Pictures(on) => {
                self.settings.show_pictures = on;
                vec![Event::PicturesSet(on)]
            }
            Command::BoxesAfterGame(listing) => {
                self.settings.show_boxes = listing;
                vec![Event::BoxesAfterGame(listing)]
            }
            Command::Box(query) => self.show_box(query),
            Command::Board(part) => self.show_board(part),
            Command::Save(name) => self.save(name.as_deref()),
            Command::Load(name) => self.load(&name),
            Command::Preset(preset) => self.reset(preset),
            Command::Reset => match self.learner() {
                Some(learner) => self.reset(learner.preset()),
                None => self.reset(self.settings.preset),
            },
            Command::Learner(None) => self.learners(),
            Command::Learner(Some(ask)) => self.choose_learner(&ask),
            Command::Resign => self.resign(),
            Command::Stop => self.stop(),
            Command::Stats => self.stats(),
            Command::Help => vec![Event::Help],
            Command::Explain(None) => vec![Event::Glossary],
            Command::Explain(Some(word)) => match super::glossary::find(&word) {
                Some(entry) => vec![Event::Explained(entry)],
                None => refuse(&format!(
                    "There is no entry for \"{}\"; explain alone lists the words explained.",
                    crate::files::shown(&word, 30)
                )),
            },
            Command::Quit => {
                let unsaved = self.unsaved();
                if unsaved > 0 {
                    self.pending = Some(Pending::Quit);
                    vec![Event::Question(Question::Quit { unsaved })]
                } else {
                    self.end_of_input()
                }
            }
            Command::Yes | Command::No => refuse("There is no question to answer just now."),
        }
    }

    pub(super) fn confirm(&mut self, pending: Pending) -> Vec<Event> {
        match pending {
            Pending::Reset(preset) => self.apply_preset(preset),
            Pending::Load(path, loaded) => self.apply_load(path, *loaded),
            Pending::Save(path) => self.save_to(path, true),
            Pending::Quit => self.end_of_input(),
        }
    }

    /// The refusal while a game is in progress.
    pub(super) fn busy(&self, what: &str) -> Option<Vec<Event>> {
        self.current.as_ref().map(|_| {
            refuse(&format!(
                "A game is in progress: finish it, resign it, or type stop to end the match, before you {what}."
            ))
        })
    }

    /// The index of MENACE's slot for the chosen game and side, made if need be; the
    /// sentence saying why there is none when the game is too big for matchboxes.
    pub(super) fn slot_index(&mut self) -> Result<usize, String> {
        let side = self.you.opponent();
        let title = self.game.title();
        if let Some(index) = self
            .slots
            .iter()
            .position(|slot| slot.side == side && slot.title == title)
        {
            self.bring_in_chosen_kind(index)?;
            return Ok(index);
        }
        let learner = self.new_learner(side, self.settings.preset)?;
        self.slots.push(Slot::new(title, side, learner));
        Ok(self.slots.len() - 1)
    }

    /// Puts the chosen kind of learner in play in slot `index`: the one put aside
    /// there before if there is one, a fresh one otherwise; the one in play until now
    /// is put aside, with all it learned.
    fn bring_in_chosen_kind(&mut self, index: usize) -> Result<(), String> {
        let wanted = self.learner_choice.row.name;
        if self.slots[index].learner.kind() == wanted {
            return Ok(());
        }
        let kept = self.slots[index]
            .others
            .iter()
            .position(|(learner, _)| learner.kind() == wanted);
        let (learner, unsaved) = match kept {
            Some(at) => self.slots[index].others.remove(at),
            None => (
                self.new_learner(self.slots[index].side, self.settings.preset)?,
                0,
            ),
        };
        let slot = &mut self.slots[index];
        let old = std::mem::replace(&mut slot.learner, learner);
        let old_unsaved = std::mem::replace(&mut slot.unsaved, unsaved);
        slot.others.push((old, old_unsaved));
        Ok(())
    }

    /// A fresh learner of the chosen kind for the chosen game, playing `side`; a
    /// MENACE's boxes are filled under `preset`.
    pub(super) fn new_learner(
        &mut self,
        side: Player,
        preset: Preset,
    ) -> Result<Box<dyn Learner>, String> {
        crate::registry::new_learner_of(
            self.game.as_ref(),
            &self.learner_choice,
            side,
            preset,
            self.settings.box_limit,
            &mut self.rng,
        )
    }

    /// Checks that the session is in a state the rules allow; `Err` says what is not.
    /// Tests call it after every line.
    pub fn check(&self) -> Result<(), String> {
        for slot in &self.slots {
            for summary in slot.learner.boxes() {
                let position = self
                    .game
                    .restart()
                    .from_picture(&summary.picture)
                    .ok()
                    .filter(|_| slot.title == self.game.title());
                if let Some(position) = position {
                    let legal = position.legal_move_names();
                    for (bead, _) in &summary.beads {
                        if !legal.contains(bead) {
                            return Err(format!(
                                "box {} has a bead for {bead}, not a legal move there",
                                summary.picture
                            ));
                        }
                    }
                }
            }
        }
        if let Some(current) = &self.current {
            current.check(self.you)?;
        }
        Ok(())
    }
}

/// Classic noughts and crosses at its start.
fn classic_start() -> Box<dyn AnyGame> {
    let classic = &crate::game::tictactoe::CLASSIC;
    Box::new(crate::game::Playing::new(
        crate::game::TicTacToe::default(),
        classic,
        Vec::new(),
    ))
}

/// A sentence with its first letter made a capital, unless it starts with the name of
/// an opponent (names are written as they are typed).
pub(super) fn capitalised(text: &str) -> String {
    let first = text.split([' ', ';', ',']).next().unwrap_or("");
    if crate::players::names().any(|name| name == first) {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A one-sentence answer that changes nothing.
pub(super) fn refuse(sentence: &str) -> Vec<Event> {
    vec![Event::Refusal(sentence.to_string())]
}
