//! The state a lesson runs in: its game, MENACE's preset, your side and who plays
//! against you. A lesson used to inherit whatever the learner had left behind (michie
//! still on after lesson 3, `against random` from lesson 13 in lesson 14); now each
//! declares what it needs, the console puts the learner's own MENACE and choices aside
//! while it runs on a fresh MENACE set up that way, and brings them back when the lesson
//! ends or is left. Nothing the learner built is discarded, so nothing has to be asked.

use crate::app::command::{self, Command};
use crate::app::lesson_state::Setup;
use serde::Deserialize;

/// What a lesson declares under `needs:`; every field may be left out.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Needs {
    /// The game with its options, as `variant` takes them (`classic`, `cube`,
    /// `morris diagonal-lines`).
    #[serde(default = "classic")]
    pub variant: String,
    /// MENACE's preset, as `preset` takes it (`challenge`, `michie`, `custom ...`).
    #[serde(default = "challenge")]
    pub preset: String,
    /// The side the learner plays.
    #[serde(default = "side_o")]
    pub side: String,
    /// Who plays against the learner, as `against` takes it (`menace`, `perfect`...).
    #[serde(default = "menace")]
    pub against: String,
}

fn classic() -> String {
    "classic".into()
}

fn challenge() -> String {
    "challenge".into()
}

fn side_o() -> String {
    "O".into()
}

fn menace() -> String {
    "menace".into()
}

impl Default for Needs {
    fn default() -> Self {
        Needs {
            variant: classic(),
            preset: challenge(),
            side: side_o(),
            against: menace(),
        }
    }
}

impl Needs {
    /// Reads each field as the console command that sets it would; the error names the
    /// field and says why in the command's own words.
    pub fn setup(&self) -> Result<Setup, String> {
        let read = |field: &str, line: String| {
            command::parse(&line).map_err(|error| {
                format!(
                    "needs: {field} \"{}\" is not one the console knows ({})",
                    crate::files::shown(line.split_once(' ').map_or("", |(_, v)| v), 60),
                    error.to_string().trim_end_matches('.')
                )
            })
        };
        let variant = match read("variant", format!("variant {}", self.variant))? {
            Command::Variant(words) => words,
            _ => return Err(format!("needs: variant \"{}\" is not a game", self.variant)),
        };
        let preset = match read("preset", format!("preset {}", self.preset))? {
            Command::Preset(preset) => preset,
            _ => return Err(format!("needs: preset \"{}\" is not a preset", self.preset)),
        };
        let side = match read("side", format!("side {}", self.side))? {
            Command::Side(side) => side,
            _ => return Err(format!("needs: side \"{}\" is not X or O", self.side)),
        };
        let against = match read("against", format!("against {}", self.against))? {
            Command::Against(kind) => kind,
            _ => {
                return Err(format!(
                    "needs: against \"{}\" is not an opponent",
                    self.against
                ));
            }
        };
        Ok(Setup {
            variant,
            preset,
            side,
            against,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::menace::Preset;

    #[test]
    fn left_out_fields_mean_the_console_as_it_starts() {
        let setup = Needs::default().setup().unwrap();
        assert_eq!(setup.variant, vec!["classic".to_string()]);
        assert_eq!(setup.preset, Preset::challenge());
        assert_eq!(setup.side, Player::O);
        assert_eq!(setup.against, None);
    }

    #[test]
    fn each_field_is_read_as_its_command() {
        let needs: Needs = serde_yaml::from_str(
            "{variant: morris diagonal-lines, preset: michie, side: x, against: random}",
        )
        .unwrap();
        let setup = needs.setup().unwrap();
        assert_eq!(setup.variant, vec!["morris", "diagonal-lines"]);
        assert_eq!(setup.preset, Preset::michie());
        assert_eq!(setup.side, Player::X);
        assert_eq!(
            setup.against,
            Some(crate::players::Choice::bare(&crate::players::random::ROW))
        );
    }

    #[test]
    fn a_wrong_field_is_named() {
        for (yaml, field) in [
            ("{variant: chess}", "variant"),
            ("{preset: gentle}", "preset"),
            ("{side: Z}", "side"),
            ("{against: techer}", "against"),
        ] {
            let needs: Needs = serde_yaml::from_str(yaml).unwrap();
            let error = needs.setup().unwrap_err();
            assert!(error.starts_with(&format!("needs: {field}")), "{error}");
        }
        assert!(serde_yaml::from_str::<Needs>("{rules: misere}").is_err());
    }
}
