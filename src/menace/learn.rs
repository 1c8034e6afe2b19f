//! The beads in the boxes: how MENACE chooses a move, and how it learns after a game.
//!
//! A bead names a cell of the box's picture. A turn finds the box, draws one bead at
//! random (a cell's chance is its count over the total), takes it out, and places X on
//! the real-board cell the bead stands for. After the game every bead drawn is put back
//! with a reward according to the result. The numbers are set by a [`Preset`].

use super::boxes::{BoxId, Lookup, Matchboxes, matchboxes, matchboxes_for};
use crate::game::{Game, Outcome, Player, Square, TicTacToe};
use rand::{Rng, RngExt};
use std::fmt;

/// The most beads one cell of one box may hold: learning stops adding there, and a save
/// file claiming more is refused as absurd.
pub const MAX_BEADS: u32 = 1_000_000_000;

/// How many random beads the refill rule puts into an empty box.
pub const REFILL_BEADS: u32 = 3;

/// Limits on what `preset custom` accepts, so that no setting is absurd.
pub const MAX_START_BEADS: u32 = 10_000;
pub const MAX_REWARD: i32 = 1_000;

/// How the boxes are filled before MENACE has learned anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartBeads {
    /// As many beads as the box has legal moves, each of a uniformly random legal colour
    /// (duplicates allowed): the MENACE challenge.
    RandomColours,
    /// So many beads of every legal move, by MENACE's move: first, second, third, fourth.
    PerMove([u32; 4]),
}

/// What MENACE does when it must move from an empty box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyBox {
    /// Put three random legal beads in and draw one of them.
    Refill,
    /// Give up: the game counts as a loss. With an empty first box MENACE will not play.
    Resign,
}

impl EmptyBox {
    pub fn name(self) -> &'static str {
        match self {
            EmptyBox::Refill => "refill",
            EmptyBox::Resign => "resign",
        }
    }

    pub fn parse(text: &str) -> Option<EmptyBox> {
        match text.to_ascii_lowercase().as_str() {
            "refill" => Some(EmptyBox::Refill),
            "resign" => Some(EmptyBox::Resign),
            _ => None,
        }
    }
}

/// The net change in a drawn bead's colour after a game: the bead is put back and
/// `reward` more are added (a reward of -1 keeps the drawn bead out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rewards {
    pub win: i32,
    pub draw: i32,
    pub loss: i32,
}

impl Rewards {
    /// The reward for a result.
    pub fn for_result(self, result: GameResult) -> i32 {
        match result {
            GameResult::Won => self.win,
            GameResult::Drew => self.draw,
            GameResult::Lost => self.loss,
        }
    }
}

/// Which preset a set of numbers came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PresetName {
    Challenge,
    Michie,
    Custom,
}

impl PresetName {
    pub fn name(self) -> &'static str {
        match self {
            PresetName::Challenge => "challenge",
            PresetName::Michie => "michie",
            PresetName::Custom => "custom",
        }
    }
}

/// The numbers that define a MENACE: how boxes start, how it is rewarded, and what an
/// empty box means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preset {
    pub name: PresetName,
    pub start: StartBeads,
    pub rewards: Rewards,
    pub empty_box: EmptyBox,
}

impl Default for Preset {
    fn default() -> Self {
        Preset::challenge()
    }
}

/// Why a preset was not understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresetError {
    Missing,
    UnknownName(String),
    CustomUsage,
    BadStart(String),
    BadRewards(String),
    BadEmptyBox(String),
    ExtraWords(String),
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const USAGE: &str =
            "custom START REWARDS [refill|resign], e.g. custom 8/4/2/1 3/1/-1 resign";
        match self {
            PresetError::Missing => write!(f, "name a preset: challenge, michie or {USAGE}"),
            PresetError::UnknownName(name) => write!(
                f,
                "there is no preset \"{name}\": choose challenge, michie or {USAGE}"
            ),
            PresetError::CustomUsage => write!(f, "a custom preset is written {USAGE}"),
            PresetError::BadStart(text) => write!(
                f,
                "\"{text}\" is not four starting counts 0..={MAX_START_BEADS} separated by /, like 8/4/2/1"
            ),
            PresetError::BadRewards(text) => write!(
                f,
                "\"{text}\" is not three rewards (win/draw/loss) from -{MAX_REWARD} to {MAX_REWARD}, like 3/1/-1"
            ),
            PresetError::BadEmptyBox(text) => write!(
                f,
                "\"{text}\" is not an empty-box rule: say refill or resign"
            ),
            PresetError::ExtraWords(text) => {
                write!(f, "the preset has words left over: \"{text}\"")
            }
        }
    }
}

impl std::error::Error for PresetError {}

impl Preset {
    /// The MENACE challenge: random legal colours, +1 / 0 / -1, refill an empty box.
    pub fn challenge() -> Preset {
        Preset {
            name: PresetName::Challenge,
            start: StartBeads::RandomColours,
            rewards: Rewards {
                win: 1,
                draw: 0,
                loss: -1,
            },
            empty_box: EmptyBox::Refill,
        }
    }

    /// Michie's 1961 machine: 4/3/2/1 beads of every move, +3 / +1 / -1, resign when empty.
    pub fn michie() -> Preset {
        Preset {
            name: PresetName::Michie,
            start: StartBeads::PerMove([4, 3, 2, 1]),
            rewards: Rewards {
                win: 3,
                draw: 1,
                loss: -1,
            },
            empty_box: EmptyBox::Resign,
        }
    }

    /// Reads `challenge`, `michie` or `custom 8/4/2/1 3/1/-1 [refill|resign]`
    /// (the empty-box rule defaults to `resign`, as in Michie's machine).
    pub fn parse(text: &str) -> std::result::Result<Preset, PresetError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((name, rest)) = words.split_first() else {
            return Err(PresetError::Missing);
        };
        let preset = match name.to_ascii_lowercase().as_str() {
            "challenge" => Preset::challenge(),
            "michie" => Preset::michie(),
            "custom" => return Preset::parse_custom(rest),
            _ => return Err(PresetError::UnknownName(name.to_string())),
        };
        if rest.is_empty() {
            Ok(preset)
        } else {
            Err(PresetError::ExtraWords(rest.join(" ")))
        }
    }

    fn parse_custom(words: &[&str]) -> std::result::Result<Preset, PresetError> {
        let (start, rewards, empty) = match words {
            [start, rewards] => (start, rewards, None),
            [start, rewards, empty] => (start, rewards, Some(empty)),
            [_, _, _, extra @ ..] => return Err(PresetError::ExtraWords(extra.join(" "))),
            _ => return Err(PresetError::CustomUsage),
        };
        let counts: Vec<u32> = start
            .split('/')
            .map(|part| part.parse::<u32>().ok().filter(|n| *n <= MAX_START_BEADS))
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| PresetError::BadStart(start.to_string()))?;
        let counts: [u32; 4] = counts
            .try_into()
            .map_err(|_| PresetError::BadStart(start.to_string()))?;
        let reward_values: Vec<i32> = rewards
            .split('/')
            .map(|part| part.parse::<i32>().ok().filter(|n| n.abs() <= MAX_REWARD))
            .collect::<Option<Vec<i32>>>()
            .ok_or_else(|| PresetError::BadRewards(rewards.to_string()))?;
        let [win, draw, loss] = reward_values[..] else {
            return Err(PresetError::BadRewards(rewards.to_string()));
        };
        let empty_box = match empty {
            None => EmptyBox::Resign,
            Some(word) => {
                EmptyBox::parse(word).ok_or_else(|| PresetError::BadEmptyBox(word.to_string()))?
            }
        };
        Ok(Preset {
            name: PresetName::Custom,
            start: StartBeads::PerMove(counts),
            rewards: Rewards { win, draw, loss },
            empty_box,
        })
    }

    /// The preset written the way [`Preset::parse`] reads it.
    pub fn spec(&self) -> String {
        match (self.name, self.start) {
            (PresetName::Challenge, _) => "challenge".into(),
            (PresetName::Michie, _) => "michie".into(),
            (PresetName::Custom, StartBeads::PerMove([a, b, c, d])) => format!(
                "custom {a}/{b}/{c}/{d} {}/{}/{} {}",
                self.rewards.win,
                self.rewards.draw,
                self.rewards.loss,
                self.empty_box.name()
            ),
            (PresetName::Custom, StartBeads::RandomColours) => format!(
                "custom random {}/{}/{} {}",
                self.rewards.win,
                self.rewards.draw,
                self.rewards.loss,
                self.empty_box.name()
            ),
        }
    }

    /// Two short lines a learner can read: how boxes start, and how MENACE learns.
    pub fn describe(&self) -> String {
        let start = match self.start {
            StartBeads::RandomColours => {
                "one random legal bead per empty cell in every box".to_string()
            }
            StartBeads::PerMove([a, b, c, d]) => {
                format!("{a}/{b}/{c}/{d} beads of every legal move (MENACE's 1st/2nd/3rd/4th)")
            }
        };
        let signed = |n: i32| format!("{n:+}");
        let empty = match self.empty_box {
            EmptyBox::Refill => "an empty box gets 3 random beads",
            EmptyBox::Resign => "an empty box makes MENACE resign",
        };
        format!(
            "{} preset: {start}\nafter each game: win {}, draw {}, loss {}; {empty}",
            self.name.name(),
            signed(self.rewards.win),
            signed(self.rewards.draw),
            signed(self.rewards.loss),
        )
    }
}

/// A game's result from MENACE's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    Won,
    Drew,
    Lost,
}

impl GameResult {
    /// The result for MENACE playing X.
    pub fn from_outcome(outcome: Outcome) -> GameResult {
        GameResult::for_side(outcome, Player::X)
    }

    /// The result for a MENACE playing `side`.
    pub fn for_side(outcome: Outcome, side: Player) -> GameResult {
        match outcome {
            Outcome::Win(winner) if winner == side => GameResult::Won,
            Outcome::Win(_) => GameResult::Lost,
            Outcome::Draw => GameResult::Drew,
        }
    }
}

/// MENACE's games so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Record {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

impl Record {
    pub fn games(&self) -> u64 {
        self.won + self.drawn + self.lost
    }

    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Won => self.won += 1,
            GameResult::Drew => self.drawn += 1,
            GameResult::Lost => self.lost += 1,
        }
    }
}

/// One bead MENACE drew during a game: from which box, naming which picture cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    pub id: BoxId,
    pub bead: Square,
}

/// What MENACE did on its turn, with everything needed to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// It drew a bead from a box.
    Drew {
        lookup: Lookup,
        bead: Square,
        square: Square,
        /// Beads in the box just before the draw (after any refill).
        beads_before: u64,
        /// The box was empty and got three random beads first.
        refilled: bool,
    },
    /// One empty cell left: no box, no choice.
    Forced(Square),
    /// The box was empty and the preset says to resign.
    Resigned(Lookup),
}

impl Turn {
    /// Where X goes, unless MENACE resigned.
    pub fn square(&self) -> Option<Square> {
        match self {
            Turn::Drew { square, .. } | Turn::Forced(square) => Some(*square),
            Turn::Resigned(_) => None,
        }
    }

    /// The bead to remember for learning, if one was drawn.
    pub fn drawn(&self) -> Option<Drawn> {
        match self {
            Turn::Drew { lookup, bead, .. } => Some(Drawn {
                id: lookup.id,
                bead: *bead,
            }),
            _ => None,
        }
    }
}

/// Why MENACE did not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnError {
    /// It is not X's turn, or the game is over.
    NotMenacesTurn,
}

/// How one box changed after a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reinforcement {
    pub drawn: Drawn,
    /// Beads of that colour before the game's draw was undone, i.e. after the draw.
    pub before: u32,
    pub after: u32,
}

/// The learner: the beads of all its boxes (304 when it plays X, 289 as O), the preset
/// that governs them, and its record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menace {
    side: Player,
    preset: Preset,
    beads: Vec<[u32; 9]>,
    record: Record,
}

impl Menace {
    /// A fresh MENACE playing X under `preset`; the challenge's random colours come from
    /// `rng`.
    pub fn new<R: Rng + ?Sized>(preset: Preset, rng: &mut R) -> Menace {
        Menace::new_for(Player::X, preset, rng)
    }

    /// A fresh MENACE playing `side` (X moves first, O second).
    pub fn new_for<R: Rng + ?Sized>(side: Player, preset: Preset, rng: &mut R) -> Menace {
        let boxes = matchboxes_for(side);
        let beads = boxes
            .iter()
            .map(|(_, matchbox)| {
                let legal: Vec<Square> = matchbox.legal_squares().collect();
                let mut counts = [0u32; 9];
                match preset.start {
                    StartBeads::RandomColours => {
                        for _ in 0..legal.len() {
                            counts[legal[rng.random_range(0..legal.len())].index()] += 1;
                        }
                    }
                    StartBeads::PerMove(per_move) => {
                        let count = per_move[matchbox.ply / 2];
                        for square in &legal {
                            counts[square.index()] = count;
                        }
                    }
                }
                counts
            })
            .collect();
        Menace {
            side,
            preset,
            beads,
            record: Record::default(),
        }
    }

    /// The side it plays.
    pub fn side(&self) -> Player {
        self.side
    }

    /// Its boxes.
    pub fn boxes(&self) -> &'static Matchboxes {
        matchboxes_for(self.side)
    }

    /// A MENACE playing X with the given beads (one array per box in listing order) and record,
    /// refusing beads on occupied cells or past [`MAX_BEADS`]. Used by loading.
    pub fn from_parts(
        preset: Preset,
        beads: Vec<[u32; 9]>,
        record: Record,
    ) -> std::result::Result<Menace, String> {
        let boxes = matchboxes();
        if beads.len() != boxes.len() {
            return Err(format!("{} boxes instead of {}", beads.len(), boxes.len()));
        }
        for ((_, matchbox), counts) in boxes.iter().zip(&beads) {
            for square in crate::game::Square::ALL {
                let count = counts[square.index()];
                if count > 0 && matchbox.legal_mask() & (1 << square.index()) == 0 {
                    return Err(format!(
                        "box {} has beads on the occupied cell {square}",
                        matchbox.name()
                    ));
                }
                if count > MAX_BEADS {
                    return Err(format!(
                        "box {} has {count} beads on {square}, more than {MAX_BEADS}",
                        matchbox.name()
                    ));
                }
            }
        }
        Ok(Menace {
            side: Player::X,
            preset,
            beads,
            record,
        })
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    pub fn record(&self) -> Record {
        self.record
    }

    /// The bead count of every cell of a box's picture.
    pub fn beads(&self, id: BoxId) -> &[u32; 9] {
        &self.beads[id.index()]
    }

    /// All beads of a box.
    pub fn total(&self, id: BoxId) -> u64 {
        self.beads[id.index()].iter().map(|n| u64::from(*n)).sum()
    }

    /// Every box's beads, in listing order.
    pub fn all_beads(&self) -> &[[u32; 9]] {
        &self.beads
    }

    /// Why MENACE will not start a game, if it will not: under the resign rule an empty
    /// first box leaves it nothing to play.
    pub fn refuses_to_play(&self) -> Option<BoxId> {
        let first = self.boxes().find(&TicTacToe::default())?;
        (self.preset.empty_box == EmptyBox::Resign && self.total(first.id) == 0).then_some(first.id)
    }

    /// MENACE's move on `board` (its side to move): find the box, draw a bead, take it out.
    pub fn take_turn<R: Rng + ?Sized>(
        &mut self,
        board: &TicTacToe,
        rng: &mut R,
    ) -> std::result::Result<Turn, TurnError> {
        if board.is_over() || board.to_move() != self.side {
            return Err(TurnError::NotMenacesTurn);
        }
        let Some(lookup) = self.boxes().find(board) else {
            // No box: the forced fifth move into the last empty cell.
            let empty = board.empty_mask();
            return Square::ALL
                .into_iter()
                .find(|square| empty & (1 << square.index()) != 0)
                .map(Turn::Forced)
                .ok_or(TurnError::NotMenacesTurn);
        };
        let mut refilled = false;
        if self.total(lookup.id) == 0 {
            match self.preset.empty_box {
                EmptyBox::Resign => return Ok(Turn::Resigned(lookup)),
                EmptyBox::Refill => {
                    let legal: Vec<Square> = self.boxes().get(lookup.id).legal_squares().collect();
                    let counts = &mut self.beads[lookup.id.index()];
                    for _ in 0..REFILL_BEADS {
                        counts[legal[rng.random_range(0..legal.len())].index()] += 1;
                    }
                    refilled = true;
                }
            }
        }
        let beads_before = self.total(lookup.id);
        let counts = &mut self.beads[lookup.id.index()];
        let mut pick = rng.random_range(0..beads_before);
        let mut bead = Square::ALL[0];
        for square in Square::ALL {
            let count = u64::from(counts[square.index()]);
            if pick < count {
                bead = square;
                break;
            }
            pick -= count;
        }
        counts[bead.index()] -= 1;
        Ok(Turn::Drew {
            lookup,
            bead,
            square: lookup.bead_to_board(bead),
            beads_before,
            refilled,
        })
    }

    /// After a game: every drawn bead goes back with the preset's reward for `result`,
    /// and the record counts the game. Says how each box changed.
    pub fn learn(&mut self, drawn: &[Drawn], result: GameResult) -> Vec<Reinforcement> {
        let before: Vec<u32> = drawn
            .iter()
            .map(|drawn| self.beads[drawn.id.index()][drawn.bead.index()])
            .collect();
        self.reinforce(drawn, result);
        drawn
            .iter()
            .zip(before)
            .map(|(drawn, before)| Reinforcement {
                drawn: *drawn,
                before,
                after: self.beads[drawn.id.index()][drawn.bead.index()],
            })
            .collect()
    }

    /// The same as [`Menace::learn`] without the report: the training loop's fast path.
    pub fn reinforce(&mut self, drawn: &[Drawn], result: GameResult) {
        self.record.add(result);
        let reward = i64::from(self.preset.rewards.for_result(result));
        for drawn in drawn {
            let count = &mut self.beads[drawn.id.index()][drawn.bead.index()];
            // The drawn bead is out of the box: putting it back is +1, the reward more.
            let changed = i64::from(*count) + 1 + reward;
            *count = u32::try_from(changed.clamp(0, i64::from(MAX_BEADS))).unwrap_or(0);
        }
    }

    /// Puts back a bead drawn in a game that was abandoned, so it teaches nothing.
    pub fn return_beads(&mut self, drawn: &[Drawn]) {
        for drawn in drawn {
            let count = &mut self.beads[drawn.id.index()][drawn.bead.index()];
            *count = count.saturating_add(1).min(MAX_BEADS);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn rng() -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(7)
    }

    fn first_box() -> BoxId {
        matchboxes().find(&TicTacToe::default()).unwrap().id
    }

    #[test]
    fn challenge_boxes_hold_one_random_legal_bead_per_empty_cell() {
        let menace = Menace::new(Preset::challenge(), &mut rng());
        for (id, matchbox) in matchboxes().iter() {
            let legal = matchbox.legal_squares().count() as u64;
            assert_eq!(menace.total(id), legal, "box {}", matchbox.name());
            for square in Square::ALL {
                if matchbox.legal_mask() & (1 << square.index()) == 0 {
                    assert_eq!(menace.beads(id)[square.index()], 0);
                }
            }
        }
    }

    #[test]
    fn michie_boxes_hold_4_3_2_1_of_every_legal_move() {
        let menace = Menace::new(Preset::michie(), &mut rng());
        for (id, matchbox) in matchboxes().iter() {
            let expected = [4, 3, 2, 1][matchbox.ply / 2];
            for square in Square::ALL {
                let legal = matchbox.legal_mask() & (1 << square.index()) != 0;
                let want = if legal { expected } else { 0 };
                assert_eq!(menace.beads(id)[square.index()], want);
            }
        }
    }

    #[test]
    fn a_turn_takes_the_drawn_bead_out_and_places_x_where_it_points() {
        let mut menace = Menace::new(Preset::michie(), &mut rng());
        let board = TicTacToe::from_picture("....X...O", Rules::default()).unwrap();
        assert_eq!(board.to_move(), Player::X);
        let before: u64 = menace
            .all_beads()
            .iter()
            .flatten()
            .map(|n| u64::from(*n))
            .sum();
        let turn = menace.take_turn(&board, &mut rng()).unwrap();
        let Turn::Drew {
            lookup,
            bead,
            square,
            ..
        } = turn
        else {
            panic!("a full box draws a bead");
        };
        assert_eq!(square, lookup.bead_to_board(bead));
        assert_eq!(board.at(square), None, "X goes on an empty cell");
        let after: u64 = menace
            .all_beads()
            .iter()
            .flatten()
            .map(|n| u64::from(*n))
            .sum();
        assert_eq!(after, before - 1);
    }

    #[test]
    fn draws_follow_the_bead_counts() {
        // A box with 3 beads on one cell and 1 on another: about 3 draws in 4 go to the first.
        let mut menace = Menace::new(Preset::michie(), &mut rng());
        let first = first_box();
        menace.beads[first.index()] = [3, 1, 0, 0, 0, 0, 0, 0, 0];
        let mut generator = rng();
        let mut corner = 0;
        for _ in 0..4000 {
            let mut trial = menace.clone();
            if let Ok(Turn::Drew { bead, .. }) =
                trial.take_turn(&TicTacToe::default(), &mut generator)
                && bead.index() == 0
            {
                corner += 1;
            }
        }
        assert!(
            (2850..3150).contains(&corner),
            "corner drawn {corner} of 4000"
        );
    }

    fn play_and_learn(preset: Preset, result: GameResult) -> (Menace, Vec<Reinforcement>, Drawn) {
        let mut menace = Menace::new(preset, &mut rng());
        let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
        let drawn = turn.drawn().unwrap();
        let changes = menace.learn(&[drawn], result);
        (menace, changes, drawn)
    }

    #[test]
    fn michie_rewards_are_plus_three_plus_one_minus_one() {
        for (result, net) in [
            (GameResult::Won, 3),
            (GameResult::Drew, 1),
            (GameResult::Lost, -1),
        ] {
            let (menace, changes, drawn) = play_and_learn(Preset::michie(), result);
            assert_eq!(changes.len(), 1);
            let after = menace.beads(drawn.id)[drawn.bead.index()];
            assert_eq!(i64::from(after), 4 + net, "{result:?}");
            assert_eq!(changes[0].before, 3, "the drawn bead was out");
        }
    }

    #[test]
    fn challenge_rewards_are_plus_one_zero_minus_one() {
        for (result, net) in [
            (GameResult::Won, 1),
            (GameResult::Drew, 0),
            (GameResult::Lost, -1),
        ] {
            let fresh = Menace::new(Preset::challenge(), &mut rng());
            let (menace, _, drawn) = play_and_learn(Preset::challenge(), result);
            let before = i64::from(fresh.beads(drawn.id)[drawn.bead.index()]);
            let after = i64::from(menace.beads(drawn.id)[drawn.bead.index()]);
            assert_eq!(after - before, net, "{result:?}");
            assert_eq!(menace.record().games(), 1);
        }
    }

    #[test]
    fn a_reward_below_minus_one_takes_more_beads_but_never_below_zero() {
        let preset = Preset::parse("custom 1/1/1/1 1/0/-5 resign").unwrap();
        let (menace, _, drawn) = play_and_learn(preset, GameResult::Lost);
        assert_eq!(menace.beads(drawn.id)[drawn.bead.index()], 0);
    }

    #[test]
    fn resign_rule_gives_up_on_an_empty_box_and_refuses_an_empty_first_box() {
        let mut menace = Menace::new(Preset::michie(), &mut rng());
        let first = first_box();
        menace.beads[first.index()] = [0; 9];
        assert_eq!(menace.refuses_to_play(), Some(first));
        let turn = menace.take_turn(&TicTacToe::default(), &mut rng()).unwrap();
        assert!(matches!(turn, Turn::Resigned(_)));
    }

    #[test]
    fn refill_rule_puts_three_random_legal_beads_into_an_empty_box() {
        let mut menace = Menace::new(Preset::challenge(), &mut rng());
        let board = TicTacToe::from_picture("XO.......", Rules::default()).unwrap();
        let mut board = board;
        board.play(Square::ALL[8]).unwrap();
        board.play(Square::ALL[4]).unwrap();
        let lookup = matchboxes().find(&board).unwrap();
        menace.beads[lookup.id.index()] = [0; 9];
        assert_eq!(menace.refuses_to_play(), None);
        let turn = menace.take_turn(&board, &mut rng()).unwrap();
        let Turn::Drew {
            refilled,
            beads_before,
            square,
            ..
        } = turn
        else {
            panic!("refill draws");
        };
        assert!(refilled);
        assert_eq!(beads_before, 3);
        assert_eq!(menace.total(lookup.id), 2, "one of the three was drawn");
        assert_eq!(board.at(square), None);
        let legal = matchboxes().get(lookup.id).legal_mask();
        for square in Square::ALL {
            if legal & (1 << square.index()) == 0 {
                assert_eq!(menace.beads(lookup.id)[square.index()], 0);
            }
        }
    }

    #[test]
    fn a_menace_playing_o_draws_from_its_own_boxes_and_learns_from_its_side() {
        let mut menace = Menace::new_for(Player::O, Preset::michie(), &mut rng());
        let mut board = TicTacToe::default();
        board.play(Square::ALL[4]).unwrap();
        let turn = menace.take_turn(&board, &mut rng()).unwrap();
        let drawn = turn.drawn().unwrap();
        assert_eq!(menace.boxes().get(drawn.id).ply, 1);
        assert_eq!(
            menace.take_turn(&TicTacToe::default(), &mut rng()),
            Err(TurnError::NotMenacesTurn)
        );
        assert_eq!(
            GameResult::for_side(Outcome::Win(Player::O), Player::O),
            GameResult::Won
        );
        let changes = menace.learn(&[drawn], GameResult::Won);
        assert_eq!(
            changes[0].after,
            4 + 3,
            "4 beads per move in the boxes of its first move, +3"
        );
    }

    #[test]
    fn the_fifth_move_is_forced_and_uses_no_box() {
        let mut menace = Menace::new(Preset::michie(), &mut rng());
        let board = TicTacToe::from_picture("XOXXOOOX.", Rules::default()).unwrap();
        let before = menace.clone();
        assert_eq!(
            menace.take_turn(&board, &mut rng()),
            Ok(Turn::Forced(Square::ALL[8]))
        );
        assert_eq!(menace, before);
    }

    #[test]
    fn presets_parse_and_print_the_same_way() {
        for text in ["challenge", "michie", "custom 8/4/2/1 3/1/-1 refill"] {
            let preset = Preset::parse(text).unwrap();
            assert_eq!(Preset::parse(&preset.spec()), Ok(preset));
        }
        assert_eq!(
            Preset::parse("custom 8/4/2/1 3/1/-1").unwrap().empty_box,
            EmptyBox::Resign
        );
        assert!(matches!(
            Preset::parse("fancy"),
            Err(PresetError::UnknownName(_))
        ));
        assert!(matches!(
            Preset::parse("custom 8/4/2 3/1/-1"),
            Err(PresetError::BadStart(_))
        ));
        assert!(matches!(
            Preset::parse("custom 8/4/2/1 3/1"),
            Err(PresetError::BadRewards(_))
        ));
        assert!(matches!(
            Preset::parse("custom 8/4/2/1 3/1/-1 maybe"),
            Err(PresetError::BadEmptyBox(_))
        ));
        assert!(matches!(
            Preset::parse("michie now"),
            Err(PresetError::ExtraWords(_))
        ));
        assert!(matches!(Preset::parse(""), Err(PresetError::Missing)));
    }

    #[test]
    fn loading_parts_refuses_beads_on_occupied_cells() {
        let menace = Menace::new(Preset::michie(), &mut rng());
        let mut beads = menace.all_beads().to_vec();
        beads[1][4] = 0;
        // Box 1 (ply 2) has X somewhere: find an occupied cell and put a bead there.
        let occupied = (0..9)
            .find(|cell| matchboxes().iter().nth(1).unwrap().1.legal_mask() & (1 << cell) == 0)
            .unwrap();
        beads[1][occupied] = 1;
        assert!(Menace::from_parts(Preset::michie(), beads, Record::default()).is_err());
    }
}
