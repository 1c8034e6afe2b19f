//! A record of a game, for people and for tools: `menace replay GAME [OPTION…] MOVE…`
//! plays the moves from the start and describes every position on the way.

use crate::game::AnyGame;
use crate::game::Outcome;
use serde::Serialize;

/// One position of a replayed game, as `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayStep {
    /// Moves made so far.
    pub ply: usize,
    /// The move that led here (`None` at the start), as the game writes it.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub picture: String,
    /// `"X"` or `"O"`; `None` once the game is over.
    pub to_move: Option<String>,
    pub legal: Vec<String>,
    /// `None` while the game goes on; `"X"`, `"O"` or `"draw"` once it is over: the
    /// side with more points.
    pub outcome: Option<String>,
    /// Once the game is over, X's and O's points in halves (`[2, 1]` is 1 to ½, which
    /// quantum tic-tac-toe can give; a draw is `[1, 1]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<[u8; 2]>,
    /// How the game ended, when the outcome alone does not tell it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The first move that could not be played, with the positions before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub steps: Vec<ReplayStep>,
    /// Which move, from 1.
    pub number: usize,
    pub text: String,
    pub why: String,
}

impl std::fmt::Display for ReplayError {
    /// One sentence with everything from the command line or a file in it escaped (a
    /// refused move is quoted as typed), so it cannot drive the terminal.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sentence = if self.number == 0 {
            self.why.clone()
        } else {
            format!(
                "move {} (\"{}\") cannot be played: {}",
                self.number, self.text, self.why
            )
        };
        f.write_str(&crate::files::shown(&sentence, 400))
    }
}

fn step(game: &dyn AnyGame, mv: Option<String>) -> ReplayStep {
    let outcome = game.outcome();
    ReplayStep {
        ply: game.ply(),
        mv,
        picture: game.picture(),
        to_move: outcome.is_none().then(|| game.to_move().to_string()),
        legal: game.legal_move_names(),
        outcome: outcome.map(|outcome| match outcome {
            Outcome::Win(player) => player.to_string(),
            Outcome::Draw => "draw".to_string(),
        }),
        points: game.points(),
        note: game.result_note(),
    }
}

/// Splits `GAME [OPTION…] MOVE…` and plays the moves: every position from the start, or
/// the first move that cannot be played (with the positions before it). Options come
/// right after the name; the first word that is not an option of the game is the first
/// move.
pub fn replay(words: &[&str]) -> Result<Vec<ReplayStep>, ReplayError> {
    let bad_start = |why: String| ReplayError {
        steps: Vec::new(),
        number: 0,
        text: words.join(" "),
        why,
    };
    let Some((name, rest)) = words.split_first() else {
        return Err(bad_start(
            "name a game, then its options, then the moves".into(),
        ));
    };
    let Some(entry) = super::find(name) else {
        return Err(bad_start(format!(
            "there is no game \"{name}\"; choose {}",
            super::names().join(", ")
        )));
    };
    // The options, each with its value if it takes one, up to the first move.
    // A bare number or width by height is a size, as `variant gomoku 19` and
    // `variant mnk 3x4` read it.
    let mut options = 0;
    let sized = entry.declaration.options.iter().any(|o| o.name == "size");
    while let Some(word) = rest.get(options) {
        if sized && super::bare_size(word) {
            options += 1;
            continue;
        }
        let Some(option) = entry
            .declaration
            .options
            .iter()
            .find(|option| option.name.eq_ignore_ascii_case(word))
        else {
            break;
        };
        options += if option.value.is_some() { 2 } else { 1 };
    }
    let options = options.min(rest.len());
    let mut title = vec![*name];
    title.extend(&rest[..options]);
    let mut game = super::start(&title).map_err(bad_start)?;
    play_all(game.as_mut(), &rest[options..])
}

/// Plays `moves` on `game`, recording every position.
pub fn play_all(game: &mut dyn AnyGame, moves: &[&str]) -> Result<Vec<ReplayStep>, ReplayError> {
    let mut steps = vec![step(game, None)];
    for (index, text) in moves.iter().enumerate() {
        match game.play_move(text) {
            Ok(name) => steps.push(step(game, Some(name))),
            Err(why) => {
                return Err(ReplayError {
                    steps,
                    number: index + 1,
                    text: text.to_string(),
                    why: why.to_string(),
                });
            }
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_classic_game_is_recorded_position_by_position() {
        let steps = replay(&[
            "classic", "MM", "LL", "LR", "RL", "ML", "MR", "LM", "RM", "RR",
        ])
        .expect("a legal game");
        assert_eq!(steps.len(), 10);
        assert_eq!(steps[0].picture, ".........");
        assert_eq!(steps[0].legal.len(), 9);
        assert_eq!(steps[1].mv.as_deref(), Some("MM"));
        assert_eq!(steps[1].to_move.as_deref(), Some("O"));
        let last = steps.last().unwrap();
        assert_eq!(last.outcome.as_deref(), Some("draw"));
        assert_eq!(last.to_move, None);
        assert!(last.legal.is_empty());
    }

    #[test]
    fn options_come_before_the_moves_and_the_first_illegal_move_is_named() {
        let steps = replay(&["silverman", "no-anti-diagonal", "a4", "b4"]).unwrap();
        assert_eq!(steps.len(), 3);
        let error = replay(&["classic", "MM", "MM"]).expect_err("taken");
        assert_eq!(error.steps.len(), 2);
        let error = error.to_string();
        assert!(
            error.starts_with("move 2 (\"MM\") cannot be played"),
            "{error}"
        );
        assert!(replay(&["classic", "ZZ"]).is_err());
        assert!(replay(&["chess"]).is_err());
    }

    #[test]
    fn json_names_the_fields_as_documented() {
        let steps = replay(&["misere", "MM"]).unwrap();
        let json = serde_json::to_string(&steps[1]).unwrap();
        assert!(
            json.starts_with(
                "{\"ply\":1,\"move\":\"MM\",\"picture\":\"....X....\",\"to_move\":\"O\",\"legal\":["
            ),
            "{json}"
        );
        assert!(json.ends_with(",\"outcome\":null}"), "{json}");
    }
}
