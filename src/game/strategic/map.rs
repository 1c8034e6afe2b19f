//! The maps of strategic tic-tac-toe's "Functional" and "Hyperfunctional" rule sets
//! (the survey of variants, third article), from a file the user writes (the registry
//! reads it; the rules read no file).
//!
//! Both rule sets keep the last digit's rule (a move in cell o sends the opponent to
//! operational board o) but take the tactical board from a map printed on the playing
//! field: Functional writes one number beside each 9-cell row of a tactical board,
//! Hyperfunctional one number for every cell. The article shows its maps (map34, map67,
//! hmap2...) only as pictures, so none ships here as if it were the seed's; a file says
//! which rule set it is for and gives its numbers:
//!
//! ```yaml
//! rules: functional
//! rows:            # 27 rows of the 27x27 field, top to bottom; for each, the board
//!   - "123"        # a move in that row sends to, in the left, middle, right tactical board
//! ```
//!
//! ```yaml
//! rules: hyperfunctional
//! cells:           # 27 rows of 27 digits, the field as drawn (spaces ignored)
//!   - "123 456 789 123 456 789 123 456 789"
//! ```

use super::CELLS;
use crate::game::{OptionFiles, Symmetry};
use serde::Deserialize;
use std::sync::Mutex;

/// Which of the seed's rule sets a map is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapRules {
    Functional,
    Hyperfunctional,
}

/// A map read from a file: for every cell, the strategic board (0..9) a move there
/// sends the opponent to.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct SendMap {
    pub rules: MapRules,
    pub next: [u8; CELLS],
    /// Whether every symmetry of the square commutes with the map, so the game keeps
    /// its eight symmetries.
    pub symmetric: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    rules: String,
    #[serde(default)]
    rows: Option<Vec<String>>,
    #[serde(default)]
    cells: Option<Vec<String>>,
}

/// Maps read so far, kept for the whole run: positions hold a `&'static` map, so they
/// stay small and `Copy`, and a file read twice (each game of a match, a save loaded
/// again) costs no more memory.
static READ: Mutex<Vec<&'static SendMap>> = Mutex::new(Vec::new());

/// The map at `path`, from the text the registry read for it (`files`), checked; one
/// sentence naming the file if it will not do.
pub fn load(path: &str, files: &OptionFiles) -> Result<&'static SendMap, String> {
    let shown = crate::files::shown(path, 100);
    let text = files
        .text(path)
        .map_err(|problem| format!("the map {shown} {problem}"))?;
    let map = parse(text).map_err(|why| {
        // `why` quotes at most a map's own fields; escaped all the same, like the path.
        crate::files::shown(&format!("the map {shown} is not valid: {why}"), 300)
    })?;
    let mut read = READ
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(same) = read.iter().find(|known| ***known == map) {
        return Ok(same);
    }
    let kept: &'static SendMap = Box::leak(Box::new(map));
    read.push(kept);
    Ok(kept)
}

/// What is said of a file that is not a map at all: nothing of its text is quoted, so a
/// map path naming some other file (`/etc/passwd`) shows none of it.
const NOT_A_MAP: &str = "it is not a map file (a map is YAML with rules: functional or \
                         hyperfunctional, then rows: or cells:)";

/// The fields a map file has.
const FIELDS: [&str; 3] = ["rules", "rows", "cells"];

/// Reads a map file's text. Only a YAML mapping with a `rules:` field is taken for a map
/// (and only then is anything of it quoted back); any other text is refused as a whole.
pub fn parse(text: &str) -> Result<SendMap, String> {
    crate::files::check_nesting(text, crate::files::MAX_NESTING)?;
    let value: serde_yaml::Value =
        serde_yaml::from_str(text).map_err(|error| match error.location() {
            Some(at) => format!(
                "it is not YAML (line {}, column {})",
                at.line(),
                at.column()
            ),
            None => "it is not YAML".to_string(),
        })?;
    let Some(fields) = value
        .as_mapping()
        .filter(|fields| fields.contains_key("rules"))
    else {
        return Err(NOT_A_MAP.into());
    };
    if let Some(other) = fields
        .keys()
        .find(|key| !key.as_str().is_some_and(|key| FIELDS.contains(&key)))
    {
        return Err(match other.as_str() {
            Some(name) => format!(
                "unknown field \"{}\": a map has only rules:, rows: and cells:",
                crate::files::shown(name, 30)
            ),
            None => "a field's name is not text: a map has only rules:, rows: and cells:".into(),
        });
    }
    let file: MapFile = serde_yaml::from_value(value).map_err(|_| {
        "rules: is a word, and rows: or cells: a list of 27 lines of digits in quotes".to_string()
    })?;
    let (rules, next) = match (file.rules.as_str(), file.rows, file.cells) {
        ("functional", Some(rows), None) => (MapRules::Functional, functional(&rows)?),
        ("hyperfunctional", None, Some(cells)) => {
            (MapRules::Hyperfunctional, hyperfunctional(&cells)?)
        }
        ("functional", _, _) => return Err("a functional map gives rows: and no cells:".into()),
        ("hyperfunctional", _, _) => {
            return Err("a hyperfunctional map gives cells: and no rows:".into());
        }
        (other, _, _) => {
            return Err(format!(
                "rules: is functional or hyperfunctional, not \"{}\"",
                crate::files::shown(other, 40)
            ));
        }
    };
    let symmetric = Symmetry::ALL.iter().all(|symmetry| {
        (0..CELLS).all(|cell| {
            let image = turned(cell, *symmetry);
            usize::from(next[image]) == symmetry.map(usize::from(next[cell]))
        })
    });
    Ok(SendMap {
        rules,
        next,
        symmetric,
    })
}

/// The digits of one line of the file, spaces dropped, each 1-9 read as 0..9.
fn digits(line: &str, what: &str, count: usize) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '1'..='9' => Ok(c as u8 - b'1'),
            _ => Err(()),
        })
        .collect::<Result<_, ()>>()
        .map_err(|()| {
            format!(
                "{what} is \"{}\"; write {count} digits from 1 to 9",
                crate::files::shown(line, 40)
            )
        })?;
    if digits.len() == count {
        Ok(digits)
    } else {
        Err(format!(
            "{what} has {} digits; write {count} digits from 1 to 9",
            digits.len()
        ))
    }
}

fn check_lines(lines: &[String], kind: &str) -> Result<(), String> {
    if lines.len() == 27 {
        Ok(())
    } else {
        Err(format!(
            "{kind}: has {} lines; the field has 27 rows, so write 27",
            lines.len()
        ))
    }
}

/// 27 rows of three digits: the board a row of a tactical board sends to.
fn functional(rows: &[String]) -> Result<[u8; CELLS], String> {
    check_lines(rows, "rows")?;
    let mut parts = Vec::with_capacity(27);
    for (index, row) in rows.iter().enumerate() {
        parts.push(digits(row, &format!("row {}", index + 1), 3)?);
    }
    Ok(std::array::from_fn(|cell| {
        let (row, column) = field_position(cell);
        parts[row][column / 9]
    }))
}

/// 27 rows of 27 digits: the board each cell sends to.
fn hyperfunctional(cells: &[String]) -> Result<[u8; CELLS], String> {
    check_lines(cells, "cells")?;
    let mut rows = Vec::with_capacity(27);
    for (index, row) in cells.iter().enumerate() {
        rows.push(digits(row, &format!("row {}", index + 1), 27)?);
    }
    Ok(std::array::from_fn(|cell| {
        let (row, column) = field_position(cell);
        rows[row][column]
    }))
}

/// Where `cell` (`81 * s + 9 * t + o`) stands on the 27x27 field: row, column.
fn field_position(cell: usize) -> (usize, usize) {
    let (s, t, o) = (cell / 81, cell / 9 % 9, cell % 9);
    (
        (s / 3) * 9 + (t / 3) * 3 + o / 3,
        (s % 3) * 9 + (t % 3) * 3 + o % 3,
    )
}

/// `cell` under `symmetry`, on all three levels.
fn turned(cell: usize, symmetry: Symmetry) -> usize {
    let (s, t, o) = (cell / 81, cell / 9 % 9, cell % 9);
    81 * symmetry.map(s) + 9 * symmetry.map(t) + symmetry.map(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(lines: &[&str]) -> String {
        let body: Vec<String> = lines.iter().map(|line| format!("  - \"{line}\"")).collect();
        body.join("\n")
    }

    #[test]
    fn a_functional_map_gives_each_row_of_a_tactical_board_its_board() {
        // Row r of the field, in the left tactical board, sends to board r % 9 + 1;
        // in the middle one to 5; in the right one to 9.
        let lines: Vec<String> = (0..27).map(|r| format!("{}59", r % 9 + 1)).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let map = parse(&format!("rules: functional\nrows:\n{}\n", rows(&lines))).unwrap();
        assert_eq!(map.rules, MapRules::Functional);
        // Cell 1 of board 1 of board 1: row 0, left: board 1 (index 0).
        assert_eq!(map.next[0], 0);
        // Cell 9 of board 9 of board 1: row 8, left: board 9.
        assert_eq!(map.next[80], 8);
        // Any cell of board 5 (the middle column): board 5.
        assert!((0..81).all(|cell| map.next[81 * 4 + cell] == 4));
        assert!((0..81).all(|cell| map.next[81 * 2 + cell] == 8));
        assert!(!map.symmetric);
    }

    #[test]
    fn a_hyperfunctional_map_gives_every_cell_its_board() {
        // Every cell sends to the centre board: symmetric under every symmetry.
        let line = "555 555 555 555 555 555 555 555 555";
        let lines = vec![line; 27];
        let map = parse(&format!(
            "rules: hyperfunctional\ncells:\n{}\n",
            rows(&lines)
        ))
        .unwrap();
        assert!(map.next.iter().all(|next| *next == 4));
        assert!(map.symmetric);
        // One cell different: the map no longer commutes with the symmetries.
        let mut lines = lines;
        lines[0] = "155 555 555 555 555 555 555 555 555";
        let map = parse(&format!(
            "rules: hyperfunctional\ncells:\n{}\n",
            rows(&lines)
        ))
        .unwrap();
        assert_eq!(map.next[0], 0);
        assert!(!map.symmetric);
    }

    #[test]
    fn a_broken_map_is_refused_in_one_sentence() {
        let good_rows = rows(&["123"; 27]);
        let good_cells = rows(&["123456789123456789123456789"; 27]);
        for (text, expected) in [
            ("rules: functional\n".to_string(), "rows: and no cells:"),
            (
                format!("rules: sideways\nrows:\n{good_rows}\n"),
                "not \"sideways\"",
            ),
            (
                format!("rules: functional\ncells:\n{good_cells}\n"),
                "rows: and no cells:",
            ),
            (
                format!("rules: hyperfunctional\nrows:\n{good_rows}\n"),
                "cells: and no rows:",
            ),
            (
                "rules: functional\nrows: [\"123\"]\n".to_string(),
                "has 1 lines",
            ),
            (
                format!(
                    "rules: functional\nrows:\n{}\n",
                    rows(&[&["103"][..], &["123"; 26]].concat())
                ),
                "row 1 is \"103\"",
            ),
            (
                format!(
                    "rules: functional\nrows:\n{}\n",
                    rows(&[&["1234"][..], &["123"; 26]].concat())
                ),
                "row 1 has 4 digits",
            ),
            (
                format!("rules: functional\nrows:\n{good_rows}\ncolour: red\n"),
                "unknown field",
            ),
            (
                "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
                    .into(),
                "nested",
            ),
        ] {
            let refused = parse(&text).unwrap_err();
            assert!(refused.contains(expected), "{refused}");
            assert!(!refused.contains('\n'), "{refused}");
        }
        assert!(parse(&format!("rules: functional\nrows:\n{good_rows}\n")).is_ok());
        assert!(parse(&format!("rules: hyperfunctional\ncells:\n{good_cells}\n")).is_ok());
    }

    #[test]
    fn a_map_file_quotes_nothing_raw_and_other_files_nothing_at_all() {
        let refused = parse("rules: functional\n\"\\e]0;PWNED\\a\\e[2J\": 1\n").unwrap_err();
        assert!(refused.contains("unknown field"), "{refused}");
        assert!(refused.contains("\\u{1b}]0;PWNED"), "{refused}");
        assert!(!refused.chars().any(char::is_control), "{refused:?}");
        for other in [
            "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/bin/sh\n",
            "password: hunter2\nuser: root\n",
            "- root\n- hunter2\n",
            "root: [unclosed hunter2\n",
        ] {
            let refused = parse(other).unwrap_err();
            assert!(
                !refused.contains("root") && !refused.contains("hunter2"),
                "{other:?} quoted: {refused}"
            );
        }
    }

    #[test]
    fn the_field_position_is_the_picture_order() {
        for cell in 0..CELLS {
            let (row, column) = field_position(cell);
            assert_eq!(super::super::Strategic::field_cell(row, column), cell);
        }
    }
}
