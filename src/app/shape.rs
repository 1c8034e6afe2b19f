//! The shape of the game: `lines [CELL]`, its lines (how many, on how many cells) and
//! those through one cell, from the game's own geometry
//! ([`crate::game::Game::winning_lines`]); `count`, every way a small game can go and
//! every position it reaches ([`crate::game::census`]); `kinds [CELL]`, the openings or
//! the replies up to symmetry, by how many lines their cell is on. So a lesson's "the
//! centre lies on 13 lines" or "255,168 different ways" is something the program shows.

use super::event::{Event, KindsOnLines, LinesThrough};
use super::session::{Session, refuse};
use crate::game::census::{CENSUS_LIMIT, NoCensus, census};
use crate::game::{MoveError, Player};
use crate::text::grouped;

impl Session {
    pub(super) fn lines(&self, cell: Option<&str>, picture: Option<&str>) -> Vec<Event> {
        let title = self.game.title();
        let position = match picture {
            None => self.game.restart(),
            Some(picture) => match self.game.from_picture(picture) {
                Ok(position) => position,
                Err(why) => {
                    return refuse(&format!(
                        "\"{picture}\" is not a position of {title}: {why}."
                    ));
                }
            },
        };
        let lines = position.line_names();
        if lines.is_empty() {
            return refuse(&format!(
                "There are no fixed lines of cells in {title} to list: lines knows those of noughts and crosses, the cubes and mnk."
            ));
        }
        let mut cells: Vec<&String> = lines.iter().flatten().map(|(name, _)| name).collect();
        cells.sort();
        cells.dedup();
        let through = match cell {
            None => None,
            Some(text) => {
                let name = match position.check_move(text) {
                    Ok(name) => name,
                    Err(MoveError::Illegal { name, why }) => {
                        if picture.is_some() {
                            let why = why.trim_end_matches('.');
                            return refuse(&format!("{name} cannot be played there: {why}."));
                        }
                        name
                    }
                    Err(MoveError::Notation(why)) => {
                        return refuse(&format!("\"{text}\" is not a cell of {title}: {why}."));
                    }
                };
                let on: Vec<&Vec<(String, Option<Player>)>> = lines
                    .iter()
                    .filter(|line| line.iter().any(|(cell, _)| *cell == name))
                    .collect();
                let mover = position.to_move();
                let threats = picture.map(|_| {
                    let threats = on
                        .iter()
                        .filter_map(|line| threat(line, &name, mover))
                        .collect();
                    (mover, threats)
                });
                Some(LinesThrough {
                    lines: on
                        .iter()
                        .map(|line| written(line, picture.is_some()))
                        .collect(),
                    cell: name,
                    threats,
                })
            }
        };
        vec![Event::Lines {
            title,
            lines: lines.len(),
            cells: cells.len(),
            through,
        }]
    }

    /// `kinds [CELL]`: the moves from the start up to symmetry (or, after X's opening on
    /// CELL, O's replies), a move of each kind, grouped by how many lines its cell is on:
    /// two moves are of one kind when a symmetry of the board takes the position after
    /// one to the position after the other.
    pub(super) fn kinds(&self, cell: Option<&str>) -> Vec<Event> {
        let title = self.game.title();
        let mut position = self.game.restart();
        let opening = match cell {
            None => None,
            Some(text) => match position.play_move(text) {
                Ok(name) => Some(name),
                Err(MoveError::Notation(why)) => {
                    return refuse(&format!("\"{text}\" is not a cell of {title}: {why}."));
                }
                Err(MoveError::Illegal { name, why }) => {
                    let why = why.trim_end_matches('.');
                    return refuse(&format!("{name} cannot open {title}: {why}."));
                }
            },
        };
        if position.outcome().is_some() {
            return refuse("The game is over after that move: it has no replies.");
        }
        let lines = position.line_names();
        let mut seen = std::collections::HashSet::new();
        let mut groups: Vec<KindsOnLines> = Vec::new();
        for name in position.legal_move_names() {
            let mut next = position.boxed_clone();
            if next.play_move(&name).is_err() || !seen.insert(next.canonical_key_text()) {
                continue;
            }
            let on_lines = (!lines.is_empty()).then(|| {
                lines
                    .iter()
                    .filter(|line| line.iter().any(|(cell, _)| *cell == name))
                    .count()
            });
            match groups.iter_mut().find(|group| group.on_lines == on_lines) {
                Some(group) => group.cells.push(name),
                None => groups.push(KindsOnLines {
                    on_lines,
                    cells: vec![name],
                }),
            }
        }
        // The cells on most lines first: the strong ones.
        groups.sort_by_key(|group| std::cmp::Reverse(group.on_lines));
        vec![Event::Kinds {
            title,
            opening,
            mover: position.to_move(),
            groups,
        }]
    }

    /// The boxes MENACE needs on its side of the game, counted as `menace boxes` counts
    /// them (up to the session's box limit); a long count shows how far it has got as a
    /// search does, and Ctrl-C stops it.
    pub(super) fn count_boxes(&self) -> Vec<Event> {
        let title = self.game.title();
        let side = self.you.opponent();
        if let Some(why) = self.game.declaration().too_big_for_menace {
            return refuse(&format!("MENACE has no boxes for {title}: {why}."));
        }
        let start = self.game.restart();
        let counted = crate::registry::count_boxes(
            start.as_ref(),
            side,
            self.settings.box_limit,
            &mut |at| {
                !crate::stop::checkpoint(crate::stop::Searched {
                    positions: at.positions as u64,
                    depth: None,
                })
            },
        );
        crate::stop::searches_ended();
        vec![Event::BoxCount {
            title,
            side,
            counted,
        }]
    }

    /// Every way to fill the cells on the game's lines with X and O (X the larger
    /// half), and how many of those hold no line of either: whether the game can end
    /// in a draw at all. A long count shows how far it has got; Ctrl-C stops it.
    pub(super) fn count_full(&self) -> Vec<Event> {
        let title = self.game.title();
        let lines = self.game.restart().line_names();
        if lines.is_empty() {
            return refuse(&format!(
                "There are no fixed lines of cells in {title}, so a full board decides nothing: count full knows those of noughts and crosses, the cubes and mnk."
            ));
        }
        let mut cells: Vec<&String> = lines.iter().flatten().map(|(name, _)| name).collect();
        cells.sort();
        cells.dedup();
        let masks: Vec<u64> = lines
            .iter()
            .map(|line| {
                line.iter()
                    .filter_map(|(name, _)| cells.binary_search(&name).ok())
                    .filter(|at| *at < 64)
                    .map(|at| 1u64 << at)
                    .sum()
            })
            .collect();
        let counted = crate::game::fillings::fillings(cells.len() as u32, &masks, &mut |boards| {
            !crate::stop::checkpoint(crate::stop::Searched {
                positions: boards,
                depth: None,
            })
        });
        crate::stop::searches_ended();
        vec![Event::Fillings { title, counted }]
    }

    pub(super) fn count(&self) -> Vec<Event> {
        let title = self.game.title();
        match census(self.game.restart().as_ref()) {
            Ok(census) => vec![Event::Census { title, census }],
            Err(NoCensus::Repeats) => match crate::registry::analysis_census(self.game.as_ref()) {
                Some(counted) => {
                    crate::stop::searches_ended();
                    match counted {
                        Some(census) => vec![Event::AnalysisCensus { title, census }],
                        None => vec![Event::Interrupted],
                    }
                }
                None => refuse(&format!(
                    "Positions repeat in {title}, so the ways a game can go have no end to count."
                )),
            },
            Err(NoCensus::TooBig) => refuse(&format!(
                "{title} has more than {} positions, too many for count.",
                grouped(CENSUS_LIMIT as u64)
            )),
        }
    }
}

/// A line as its cells joined by `-`; with `marks`, a held cell after its owner's letter.
fn written(line: &[(String, Option<Player>)], marks: bool) -> String {
    let cells: Vec<String> = line
        .iter()
        .map(|(cell, mark)| match mark {
            Some(owner) if marks => format!("{}{cell}", owner.symbol()),
            _ => cell.clone(),
        })
        .collect();
    cells.join("-")
}

/// The threat `mover` makes on `line` by playing `cell`: the line (as it stands before
/// the move) and its one empty cell left, when every other cell is the mover's.
fn threat(
    line: &[(String, Option<Player>)],
    cell: &str,
    mover: Player,
) -> Option<(String, String)> {
    let mut empty = line
        .iter()
        .filter(|(name, mark)| name != cell && mark.is_none());
    let (open, _) = empty.next()?;
    let others_held = line
        .iter()
        .filter(|(name, _)| name != cell && name != open)
        .all(|(_, mark)| *mark == Some(mover));
    (empty.next().is_none() && others_held).then(|| (written(line, false), open.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(marks: &str) -> Vec<(String, Option<Player>)> {
        marks
            .chars()
            .enumerate()
            .map(|(at, mark)| {
                let owner = match mark {
                    'X' => Some(Player::X),
                    'O' => Some(Player::O),
                    _ => None,
                };
                (at.to_string(), owner)
            })
            .collect()
    }

    #[test]
    fn a_move_threatens_where_it_leaves_its_line_one_empty_cell_short() {
        assert_eq!(
            threat(&line("X..X"), "1", Player::X),
            Some(("0-1-2-3".into(), "2".into()))
        );
        assert_eq!(threat(&line("X..X"), "1", Player::O), None);
        assert_eq!(threat(&line("XO.X"), "2", Player::X), None);
        assert_eq!(threat(&line("X..."), "1", Player::X), None);
        assert_eq!(written(&line("X..O"), true), "X0-1-2-O3");
        assert_eq!(written(&line("X..O"), false), "0-1-2-3");
    }
}
