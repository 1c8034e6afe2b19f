//! `threats`: the gomoku threat-space searcher, with its time a move (`threats 500ms`;
//! one second by default). Five in a row only; it answers `hint` there.

use super::attack::{only_gomoku, plays_five_in_a_row};
use super::{MAX_MILLIS, Options, Plays, RivalMove, Row, Setup, Thinking};
use crate::ai::gomoku::threats::Threats;
use crate::game::AnyGame;
use crate::game::Game;
use rand::Rng;
use std::time::Duration;

pub static ROW: Row = Row {
    name: "threats",
    usage: "threats [Tms]",
    about: "gomoku: threat-space search, T ms a move (default 1s)",
    listed: "threats",
    examples: &["500ms"],
    opponent_rank: 0,
    hint_rank: 2,
    learns: false,
    read,
    plays: plays_five_in_a_row,
    refusal: only_gomoku,
    make,
};

/// An optional time a move: `threats 500ms`.
fn read(_: &str, rest: &[&str]) -> Result<Options, String> {
    let thinking = match rest {
        [] => None,
        [time] => Some(
            time.to_ascii_lowercase()
                .strip_suffix("ms")
                .and_then(|millis| millis.parse::<u32>().ok())
                .filter(|millis| (1..=MAX_MILLIS).contains(millis))
                .map(Thinking::Millis)
                .ok_or_else(|| {
                    format!(
                        "threats takes its time a move, 1ms to {MAX_MILLIS}ms, not \"{}\"",
                        crate::files::shown(time, 20)
                    )
                })?,
        ),
        [_, extra @ ..] => return Err(format!("threats does not take \"{}\"", extra.join(" "))),
    };
    Ok(Options {
        thinking,
        ..Options::default()
    })
}

fn make(options: Options, _: &mut Setup) -> Result<Box<dyn Plays>, String> {
    let time = match options.thinking {
        Some(Thinking::Millis(millis)) => Duration::from_millis(u64::from(millis)),
        _ => Threats::default().time,
    };
    Ok(Box::new(Search(Threats { time })))
}

#[derive(Debug, Clone)]
struct Search(Threats);

impl Plays for Search {
    fn choose(&mut self, game: &dyn AnyGame, rng: &mut dyn Rng) -> Option<RivalMove> {
        let gomoku = super::five_in_a_row(game)?;
        self.0.choose_counted(gomoku, rng).0.map(|mv| RivalMove {
            name: gomoku.move_name(mv),
            reason: None,
        })
    }

    fn boxed_clone(&self) -> Box<dyn Plays> {
        Box::new(self.clone())
    }
}
