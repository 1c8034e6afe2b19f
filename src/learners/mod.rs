//! The learners as a table, the way `src/players/` holds the AIs: one row per kind
//! (its name, one line of help, its parameters with their defaults and ranges), and
//! [`make`], the one match that says how a kind is made for a game's own type. A table
//! of plain rows cannot hold a function generic over the game, so the row says what the
//! learner is and the match says how; a kind without its arm does not compile.

use crate::game::{Declared, Player};
use crate::menace::Preset;
use crate::menace::learner::Learner;
use rand::Rng;

pub mod qlearn;
pub mod td;

/// Which learner a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Donald Michie's matchboxes (`src/menace/` is its home).
    Menace,
    /// The value learner of Sutton and Barto's first chapter.
    Td,
    /// Watkins's Q-learning: a value for every move of every position.
    Qlearn,
}

/// One parameter of a learner: its name, default, the range it may take, and its help.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub default: f64,
    pub min: f64,
    pub max: f64,
    pub help: &'static str,
}

/// One learner: what the `learner` command, help and a save file know of it.
#[derive(Debug)]
pub struct LearnerRow {
    pub kind: Kind,
    pub name: &'static str,
    /// One line of help, within 80 columns.
    pub about: &'static str,
    pub params: &'static [Param],
    /// What it holds an entry for, one and many: "box"/"boxes", "position"/"positions".
    pub entries: (&'static str, &'static str),
    /// What the number `box POS` draws for a move is ("the value of the position it
    /// leads to"); empty for MENACE, whose box shows beads.
    pub value_of: &'static str,
}

/// The row of the learner named `name`, MENACE's if there is none.
pub fn row_or_menace(name: &str) -> &'static LearnerRow {
    row(name).unwrap_or(&MENACE)
}

/// MENACE, whose rules are its preset (the `preset` command), not parameters.
pub static MENACE: LearnerRow = LearnerRow {
    kind: Kind::Menace,
    name: "menace",
    about: "Donald Michie's matchboxes: beads drawn for moves, added after a win",
    params: &[],
    entries: ("box", "boxes"),
    value_of: "",
};

/// Every learner, in the order help and completion list them.
pub static LEARNERS: &[&LearnerRow] = &[&MENACE, &td::ROW, &qlearn::ROW];

/// The row named `name`, if there is one.
pub fn row(name: &str) -> Option<&'static LearnerRow> {
    LEARNERS
        .iter()
        .copied()
        .find(|row| row.name.eq_ignore_ascii_case(name))
}

impl LearnerRow {
    /// The parameters from `PARAM VALUE` pairs, every one not given at its default,
    /// in the row's order; the sentence saying what is wrong otherwise.
    pub fn read_params(&self, words: &[&str]) -> Result<Vec<(&'static str, f64)>, String> {
        let mut values: Vec<(&'static str, f64)> = self
            .params
            .iter()
            .map(|param| (param.name, param.default))
            .collect();
        for (name, value) in self.given_params(words)? {
            if let Some(at) = values.iter().position(|(known, _)| *known == name) {
                values[at].1 = value;
            }
        }
        Ok(values)
    }

    /// The parameters named in `PARAM VALUE` pairs, and only those, in the order given
    /// (a later pair for the same parameter wins): what `learner td alpha 0.2` changes
    /// in a learner that is already learning.
    pub fn given_params(&self, words: &[&str]) -> Result<Vec<(&'static str, f64)>, String> {
        let mut values: Vec<(&'static str, f64)> = Vec::new();
        if !words.len().is_multiple_of(2) {
            return Err(format!(
                "Give each parameter of {} a value: {}",
                self.name,
                self.usage()
            ));
        }
        for pair in words.chunks(2) {
            let [name, value] = pair else { continue };
            let Some(at) = self
                .params
                .iter()
                .position(|param| param.name.eq_ignore_ascii_case(name))
            else {
                return Err(format!(
                    "{} has no parameter {name}: {}",
                    self.name,
                    self.usage()
                ));
            };
            let param = &self.params[at];
            match value.parse::<f64>() {
                Ok(number) if (param.min..=param.max).contains(&number) => {
                    values.retain(|(known, _)| *known != param.name);
                    values.push((param.name, number));
                }
                _ => {
                    return Err(format!(
                        "{} takes a number from {} to {}, not {value}",
                        param.name, param.min, param.max
                    ));
                }
            }
        }
        Ok(values)
    }

    /// The parameters as the command takes them, or "no parameters".
    pub fn usage(&self) -> String {
        if self.params.is_empty() {
            return "it takes no parameters".to_string();
        }
        let names: Vec<String> = self
            .params
            .iter()
            .map(|param| format!("{} {}", param.name, param.default))
            .collect();
        format!("for example learner {} {}", self.name, names.join(" "))
    }
}

/// The learner a session makes for a game it meets: a row, and the parameters a fresh
/// one gets (the row's defaults where `learner` named none).
#[derive(Debug, Clone)]
pub struct LearnerChoice {
    pub row: &'static LearnerRow,
    pub params: Vec<(&'static str, f64)>,
}

impl PartialEq for LearnerChoice {
    fn eq(&self, other: &Self) -> bool {
        self.row.kind == other.row.kind && self.params == other.params
    }
}

impl Default for LearnerChoice {
    /// MENACE, the console's learner until `learner` names another.
    fn default() -> Self {
        LearnerChoice {
            row: &MENACE,
            params: Vec::new(),
        }
    }
}

impl LearnerChoice {
    /// The row's kind with every parameter at its default.
    pub fn of(row: &'static LearnerRow) -> LearnerChoice {
        LearnerChoice {
            row,
            params: row
                .params
                .iter()
                .map(|param| (param.name, param.default))
                .collect(),
        }
    }
}

/// Parameters as `stats` and a save header write them: `alpha 0.1, epsilon 0.1`.
pub fn params_text(params: &[(&'static str, f64)]) -> String {
    params
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A learner of another kind than MENACE rebuilt from a save file for `start`'s game
/// `G`: the kind by name, its parameters checked by its row, and what it learned; the
/// sentence saying what is wrong otherwise. MENACE is rebuilt from its boxes instead.
pub fn restore<G: Declared>(
    start: &G,
    side: Player,
    record: crate::menace::Record,
    saved: &crate::menace::save::OtherLearner,
) -> Result<Box<dyn Learner>, String> {
    let Some(row) = row(&saved.kind).filter(|row| row.kind != Kind::Menace) else {
        return Err(format!(
            "it names a learner \"{}\" this menace does not know",
            crate::files::shown(&saved.kind, 30)
        ));
    };
    let words: Vec<String> = saved
        .params
        .iter()
        .flat_map(|(name, value)| [name.clone(), value.to_string()])
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let params = row.read_params(&words)?;
    match row.kind {
        Kind::Td => td::restore(start, side, &params, record, &saved.values),
        Kind::Qlearn => qlearn::restore(start, side, &params, record, &saved.values),
        Kind::Menace => Err("MENACE's file has boxes, not values".into()),
    }
}

/// The one training loop for a learner of the table other than MENACE, in game `G`'s
/// own types: a second learner of the same kind plays the other side as `Sparring`
/// (and keeps what it learned), an AI in the game's types or by name otherwise.
pub(crate) fn play_typed_games<G, L>(
    learner: &mut L,
    opponent: &mut dyn crate::menace::opponent::Opponent,
    start: &dyn crate::game::AnyGame,
    rng: &mut dyn rand::Rng,
    after: &mut dyn FnMut(&dyn Learner, crate::menace::train::Played) -> bool,
) where
    G: Declared,
    L: crate::menace::train::TypedLearner<G> + Learner + Clone + 'static,
{
    use crate::menace::train::{self, Sparring};
    let Some(first) = start.position::<G>().cloned() else {
        return;
    };
    let after = &mut |learner: &L, played| after(learner, played);
    if let Some(second) = opponent.typed().and_then(|typed| typed.downcast_mut::<L>()) {
        let mut sparring = Sparring {
            learner: second.clone(),
        };
        train::play_games(learner, &mut sparring, &first, rng, after);
        *second = sparring.learner;
        return;
    }
    train::play_against_ai(learner, opponent, start, &first, rng, after);
}

/// A fresh learner of `kind` for `side` of `G`. MENACE fills new boxes under `preset`
/// and holds at most `box_limit`; `params` are the row's, as [`LearnerRow::read_params`]
/// gives them.
pub fn make<G: Declared>(
    kind: Kind,
    side: Player,
    preset: Preset,
    box_limit: usize,
    params: &[(&'static str, f64)],
    rng: &mut dyn Rng,
) -> Box<dyn Learner> {
    match kind {
        Kind::Menace => crate::menace::generic_learner::new::<G>(side, preset, box_limit, rng),
        Kind::Td => td::new::<G>(side, params),
        Kind::Qlearn => qlearn::new::<G>(side, params),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_found_by_its_name_and_reads_its_defaults() {
        for learner in LEARNERS {
            assert_eq!(
                row(learner.name).map(|found| found.name),
                Some(learner.name)
            );
            let defaults = learner.read_params(&[]).unwrap();
            assert_eq!(defaults.len(), learner.params.len());
            for ((name, value), param) in defaults.iter().zip(learner.params) {
                assert_eq!((*name, *value), (param.name, param.default));
            }
            assert!(learner.about.len() + 2 + learner.name.len() <= 80);
        }
        assert!(row("nobody").is_none());
    }

    #[test]
    fn menace_takes_no_parameters() {
        let error = MENACE.read_params(&["alpha", "0.5"]).unwrap_err();
        assert_eq!(
            error,
            "menace has no parameter alpha: it takes no parameters"
        );
        assert!(MENACE.read_params(&["alpha"]).is_err());
    }

    #[test]
    fn td_reads_its_parameters_and_refuses_one_out_of_range() {
        let td = row("td").unwrap();
        assert_eq!(
            td.read_params(&["epsilon", "0.2", "draw", "0.5"]).unwrap(),
            vec![("alpha", 0.1), ("epsilon", 0.2), ("draw", 0.5)]
        );
        assert_eq!(
            td.read_params(&["alpha", "2"]).unwrap_err(),
            "alpha takes a number from 0 to 1, not 2"
        );
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        let params = td.read_params(&["draw", "0.5"]).unwrap();
        let made = make::<crate::game::TicTacToe>(
            Kind::Td,
            Player::O,
            Preset::challenge(),
            100,
            &params,
            &mut rng,
        );
        assert_eq!(made.params(), params);
        assert!(made.as_menace().is_none());
    }

    #[test]
    fn made_learners_are_of_their_kind() {
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        for learner in LEARNERS {
            let made = make::<crate::game::TicTacToe>(
                learner.kind,
                Player::X,
                Preset::challenge(),
                100,
                &[],
                &mut rng,
            );
            assert_eq!(made.kind(), learner.name);
            assert_eq!(made.side(), Player::X);
        }
    }
}
