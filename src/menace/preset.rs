//! The numbers that define a MENACE: how its boxes are filled at the start, how it is
//! rewarded after a game, and what an empty box means; the named presets and the
//! `custom` syntax.

use super::learn::GameResult;
use std::fmt;

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
            .map(|part| {
                part.parse::<i32>()
                    .ok()
                    // unsigned_abs: `i32::MIN.abs()` overflows.
                    .filter(|n| n.unsigned_abs() <= MAX_REWARD.unsigned_abs())
            })
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
