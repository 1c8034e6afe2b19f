//! One match type for every game: two seats (you, MENACE or an AI), a number of games,
//! the game in progress, and the beads MENACE drew in it. The session drives it; it
//! returns events.

use super::event::{Event, MatchTally, Who};
use super::session::{Progress, Session, refuse};
use crate::game::AnyGame;
use crate::game::{Outcome, Player};
use crate::menace::learner::{DrawnBead, MenaceMove};
use crate::players::Choice;
use crate::players::Rival;

/// Who plays one side of a match.
#[derive(Debug, Clone)]
pub enum Seat {
    You,
    /// The session's learner for this game and side (MENACE unless `learner` chose
    /// another kind), by its kind's name.
    Menace(&'static str),
    Rival(Rival),
}

impl Seat {
    fn who(&self) -> Who {
        match self {
            Seat::You => Who::You,
            Seat::Menace(kind) if *kind == crate::learners::MENACE.name => Who::Menace,
            Seat::Menace(kind) => Who::Learner(kind),
            Seat::Rival(rival) => Who::Ai(rival.kind()),
        }
    }
}

/// The games asked for by one `play`, and the one in progress.
#[derive(Debug, Clone)]
pub struct Match {
    pub(super) game: Box<dyn AnyGame>,
    x: Seat,
    o: Seat,
    games: u32,
    finished: u32,
    /// The games this match has finished, by outcome: its own tally at its end.
    tally: MatchTally,
    /// Beads MENACE drew in this game.
    pub(super) drawn: Vec<DrawnBead>,
    /// The decisions MENACE made in this game: a bead at most for each. Not half the
    /// plies, since a game such as quantum Morris under `closer-chooses` gives one side
    /// two decisions in a row (a move that closes a cycle, then its collapse).
    menace_turns: usize,
    /// The number of the box MENACE used last in this game.
    pub(super) last_box: Option<usize>,
    /// The cells the last move changed, which `board` brackets as the move did.
    pub(super) last_marked: Vec<usize>,
    /// MENACE's side and how many boxes it had when this game began: a save mid-game
    /// keeps the boxes as they were then, without those this game made.
    pub(super) boxes_before: Option<(Player, usize)>,
    /// Your seat was the session's watched opponent: it goes back after the match.
    watched: bool,
    /// No one sits at the keys: the games run on their own, timed and stoppable like
    /// a training run.
    unattended: bool,
}

impl Match {
    /// The seat of `side`, and the game beside it (two borrows of one match).
    fn seat_and_game(&mut self, side: Player) -> (&mut Seat, &mut Box<dyn AnyGame>) {
        match side {
            Player::X => (&mut self.x, &mut self.game),
            Player::O => (&mut self.o, &mut self.game),
        }
    }

    /// True when the game waits for your move.
    pub fn is_your_turn(&self, you: Player) -> bool {
        let seat = if you == Player::X { &self.x } else { &self.o };
        matches!(seat, Seat::You) && self.game.outcome().is_none() && self.game.to_move() == you
    }

    /// The side MENACE plays in this match, if it plays.
    fn menace_side(&self) -> Option<Player> {
        if matches!(self.x, Seat::Menace(_)) {
            Some(Player::X)
        } else if matches!(self.o, Seat::Menace(_)) {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The rules a match in progress keeps.
    pub(super) fn check(&self, you: Player) -> Result<(), String> {
        if self.game.outcome().is_some() {
            return Err("a finished game is still in progress".into());
        }
        if !self.is_your_turn(you) {
            return Err("the game waits for a player who is not you".into());
        }
        if self.finished >= self.games {
            return Err("more games played than asked for".into());
        }
        if self.drawn.len() > self.menace_turns {
            return Err("more beads drawn than MENACE made moves".into());
        }
        if self.menace_turns > self.game.ply() {
            return Err("more MENACE turns than moves in the game".into());
        }
        Ok(())
    }
}

impl Session {
    /// `play N` (you, or the watched opponent, against MENACE or the chosen AI), or
    /// `play N vs NAME` (MENACE against NAME, watched).
    pub(super) fn play(&mut self, games: u32, vs: Option<Choice>) -> Vec<Event> {
        if let Some(busy) = self.busy("start more games") {
            return busy;
        }
        let (your_seat, watched) = match vs {
            Some(kind) => match self.rival(kind, self.you) {
                Ok(rival) => (Seat::Rival(rival), false),
                Err(why) => return refuse(&format!("{}.", super::session::capitalised(&why))),
            },
            None => match self.watch.take() {
                Some(rival) => (Seat::Rival(rival), true),
                None => (Seat::You, false),
            },
        };
        let their_seat = match self.against {
            Some(kind) if vs.is_none() => match self.rival(kind, self.you.opponent()) {
                Ok(rival) => Seat::Rival(rival),
                Err(why) => return self.unwatch(your_seat, watched, &why),
            },
            _ => match self.slot_index() {
                Ok(index) => {
                    let start = self.game.restart();
                    if let Some(first) = self.slots[index].learner.refuses_to_play(start.as_ref()) {
                        let mut events = vec![Event::Refused(first)];
                        if watched && let Seat::Rival(rival) = your_seat {
                            self.watch = Some(rival);
                        }
                        events.truncate(1);
                        return events;
                    }
                    Seat::Menace(self.slots[index].learner.kind())
                }
                Err(why) => return self.unwatch(your_seat, watched, &why),
            },
        };
        let (x, o) = if self.you == Player::X {
            (your_seat, their_seat)
        } else {
            (their_seat, your_seat)
        };
        let unattended = !matches!(x, Seat::You) && !matches!(o, Seat::You);
        if unattended && let Some(hook) = &self.progress {
            (hook.0)(Progress::Start {
                total: u64::from(games),
                at_most: false,
            });
        }
        let tally = MatchTally {
            x: x.who(),
            o: o.who(),
            x_won: 0,
            o_won: 0,
            drawn: 0,
        };
        self.current = Some(Match {
            game: self.game.restart(),
            x,
            o,
            games,
            finished: 0,
            tally,
            drawn: Vec::new(),
            menace_turns: 0,
            last_box: None,
            last_marked: Vec::new(),
            boxes_before: None,
            watched,
            unattended,
        });
        let mut events = Vec::new();
        self.begin_game(&mut events);
        self.advance(&mut events);
        events
    }

    /// Gives the watched opponent back and refuses.
    fn unwatch(&mut self, seat: Seat, watched: bool, why: &str) -> Vec<Event> {
        if watched && let Seat::Rival(rival) = seat {
            self.watch = Some(rival);
        }
        refuse(&format!("{}.", super::session::capitalised(why)))
    }

    /// Clears the board for the next game of the match.
    fn begin_game(&mut self, events: &mut Vec<Event>) {
        let title = self.game.title();
        let boxes_before = self
            .current
            .as_ref()
            .and_then(Match::menace_side)
            .and_then(|side| {
                let slot = self
                    .slots
                    .iter()
                    .find(|slot| slot.side == side && slot.title == title)?;
                Some((side, slot.learner.box_count()))
            });
        if let Some(current) = self.current.as_mut() {
            current.game = current.game.restart();
            current.drawn.clear();
            current.menace_turns = 0;
            current.last_box = None;
            current.last_marked.clear();
            current.boxes_before = boxes_before;
            events.push(Event::NewGame {
                title,
                number: current.finished + 1,
                of: current.games,
            });
            // Your board to move on; MENACE's first move draws it anyway.
            let first = current.game.to_move();
            let (seat, _) = current.seat_and_game(first);
            if matches!(seat, Seat::You) {
                events.push(Event::Board {
                    view: current.game.view(),
                    marked: Vec::new(),
                });
            }
        }
    }

    /// Plays on until it is your move or the match is over.
    pub(super) fn advance(&mut self, events: &mut Vec<Event>) {
        let you = self.you;
        loop {
            let Some(current) = self.current.as_mut() else {
                return;
            };
            if let Some(outcome) = current.game.outcome() {
                if self.finish_game(outcome, None, events) {
                    self.begin_game(events);
                    continue;
                }
                return;
            }
            let side = current.game.to_move();
            let before = current.game.view();
            let before_game = current.game.boxed_clone();
            let (seat, _) = current.seat_and_game(side);
            let moved = match seat {
                Seat::You => {
                    events.push(Event::YourMove {
                        side: you,
                        example: legal_example(current.game.as_ref()),
                        prompt: current.game.move_prompt(),
                    });
                    return;
                }
                Seat::Menace(_) => {
                    let slot = self
                        .slots
                        .iter_mut()
                        .find(|slot| slot.side == side && slot.title == current.game.title());
                    let Some(slot) = slot else {
                        return;
                    };
                    if slot.learner.as_menace().is_none() {
                        // A learner of another kind: no bead to show, its move by name.
                        let Some(play) = slot
                            .learner
                            .choose_move(current.game.as_ref(), &mut self.rng)
                        else {
                            if self.finish_game(Outcome::Win(side.opponent()), Some(side), events) {
                                self.begin_game(events);
                                continue;
                            }
                            return;
                        };
                        if current.game.play_move(&play).is_err() {
                            return;
                        }
                        let placed = placed_own_mark(
                            before_game.as_ref(),
                            current.game.as_ref(),
                            side,
                            &play,
                        );
                        events.push(Event::Moved {
                            by: Who::Learner(slot.learner.kind()),
                            side,
                            name: play,
                            reason: None,
                            placed,
                        });
                        current.last_marked = board_after_move(
                            events,
                            current.game.as_ref(),
                            before_game.as_ref(),
                            &before,
                            true,
                        );
                        continue;
                    }
                    match slot.learner.take_turn(current.game.as_ref(), &mut self.rng) {
                        Ok(turn) => {
                            current.menace_turns += 1;
                            if let MenaceMove::Drew {
                                drawn, box_number, ..
                            } = &turn
                            {
                                current.drawn.push(*drawn);
                                current.last_box = Some(*box_number);
                            }
                            let play = turn.play().map(str::to_string);
                            let Some(play) = play else {
                                events.push(Event::MenaceMoved {
                                    side,
                                    turn,
                                    placed: false,
                                    nth: current.menace_turns,
                                    picture: None,
                                });
                                if self.finish_game(
                                    Outcome::Win(side.opponent()),
                                    Some(side),
                                    events,
                                ) {
                                    self.begin_game(events);
                                    continue;
                                }
                                return;
                            };
                            if current.game.play_move(&play).is_err() {
                                return;
                            }
                            let placed = placed_own_mark(
                                before_game.as_ref(),
                                current.game.as_ref(),
                                side,
                                &play,
                            );
                            let picture = self
                                .settings
                                .show_pictures
                                .then(|| {
                                    super::advice::move_picture(
                                        current.game.as_ref(),
                                        slot.learner.as_ref(),
                                        &turn,
                                    )
                                })
                                .flatten()
                                .map(Box::new);
                            events.push(Event::MenaceMoved {
                                side,
                                turn,
                                placed,
                                nth: current.menace_turns,
                                picture,
                            });
                            true
                        }
                        Err(error) => {
                            // Only the box limit stops MENACE: the match ends, unlearned.
                            let drawn = std::mem::take(&mut current.drawn);
                            slot.learner.return_beads(&drawn);
                            self.end_match_unfinished();
                            events.push(Event::Refusal(format!(
                                "{}: the match stops here. Boxes are {} of {}.",
                                super::session::capitalised(&error.to_string()),
                                slot_boxes(self, side),
                                self.learner()
                                    .and_then(|learner| learner.box_limit())
                                    .unwrap_or(0)
                            )));
                            return;
                        }
                    }
                }
                Seat::Rival(_) => {
                    let (Seat::Rival(rival), game) = current.seat_and_game(side) else {
                        return;
                    };
                    let by = rival.kind();
                    let Some(chosen) = rival.choose(game.as_ref(), &mut self.rng) else {
                        return;
                    };
                    if game.play_move(&chosen.name).is_err() {
                        return;
                    }
                    let placed =
                        placed_own_mark(before_game.as_ref(), game.as_ref(), side, &chosen.name);
                    events.push(Event::Moved {
                        by: Who::Ai(by),
                        side,
                        name: chosen.name,
                        reason: chosen.reason,
                        placed,
                    });
                    true
                }
            };
            if moved {
                current.last_marked = board_after_move(
                    events,
                    current.game.as_ref(),
                    before_game.as_ref(),
                    &before,
                    true,
                );
            }
        }
    }

    /// Your move, already read by the game.
    /// The board of the open game and, when it waits for your move, the prompt for
    /// it: a game picked up again (a lesson resumed) is shown as it was left.
    pub fn board_and_prompt(&self) -> Vec<Event> {
        let Some(current) = self.current.as_ref() else {
            return Vec::new();
        };
        let mut events = self.show_board(None);
        if current.is_your_turn(self.you) {
            events.push(Event::YourMove {
                side: self.you,
                example: legal_example(current.game.as_ref()),
                prompt: current.game.move_prompt(),
            });
        }
        events
    }

    pub(super) fn your_move(&mut self, name: &str) -> Vec<Event> {
        let you = self.you;
        let Some(current) = self.current.as_mut() else {
            return refuse("No game is in progress: type a number to play that many games.");
        };
        if !current.is_your_turn(you) {
            return refuse("You are watching: an opponent plays your side in this match.");
        }
        let before = current.game.view();
        let before_game = current.game.boxed_clone();
        if let Err(why) = current.game.play_move(name) {
            return refuse(&format!("{}: {why}.", super::CANNOT_PLAY_THERE));
        }
        let mut events = Vec::new();
        current.last_marked = board_after_move(
            &mut events,
            current.game.as_ref(),
            before_game.as_ref(),
            &before,
            false,
        );
        self.advance(&mut events);
        events
    }

    pub(super) fn resign(&mut self) -> Vec<Event> {
        let you = self.you;
        let Some(current) = &self.current else {
            return refuse("No game is in progress, so there is nothing to resign.");
        };
        if !current.is_your_turn(you) {
            return refuse("You are watching: there is nothing of yours to resign.");
        }
        let mut events = Vec::new();
        if self.finish_game(Outcome::Win(you.opponent()), Some(you), &mut events) {
            self.begin_game(&mut events);
            self.advance(&mut events);
        }
        events
    }

    /// `stop`: the match ends now. The game in progress is dropped: no one learns from
    /// it and it is not counted, and every bead MENACE (or a second MENACE opposite it)
    /// drew in it goes back into its box, so nothing is lost.
    pub(super) fn stop(&mut self) -> Vec<Event> {
        let Some(current) = self.current.as_mut() else {
            return refuse("No match is in progress, so there is nothing to stop.");
        };
        let (played, asked) = (current.finished, current.games);
        let title = current.game.title();
        let drawn = std::mem::take(&mut current.drawn);
        if let Some(side) = current.menace_side()
            && let Some(slot) = self
                .slots
                .iter_mut()
                .find(|slot| slot.side == side && slot.title == title)
        {
            slot.learner.return_beads(&drawn);
            slot.learner.drop_game();
        }
        for side in [Player::X, Player::O] {
            if let (Seat::Rival(rival), game) = current.seat_and_game(side)
                && game.outcome().is_none()
            {
                // A game without an outcome: the rival puts its beads back.
                rival.game_over(game.as_ref());
            }
        }
        self.end_match_unfinished();
        vec![Event::Stopped { played, asked }]
    }

    /// Ends the match, giving a watched opponent back to the session.
    fn end_match_unfinished(&mut self) {
        if let Some(done) = &self.current
            && done.unattended
            && let Some(hook) = &self.progress
        {
            (hook.0)(Progress::Finish);
        }
        if let Some(done) = self.current.take()
            && done.watched
        {
            let you = self.you;
            let seat = if you == Player::X { done.x } else { done.o };
            if let Seat::Rival(rival) = seat {
                self.watch = Some(rival);
            }
        }
    }
}

fn slot_boxes(session: &Session, side: Player) -> usize {
    let title = session.game.title();
    session
        .slots
        .iter()
        .find(|slot| slot.side == side && slot.title == title)
        .map_or(0, |slot| slot.learner.box_count())
}

mod finish;
mod shown;
pub(super) use shown::legal_example;
use shown::{board_after_move, placed_own_mark};
