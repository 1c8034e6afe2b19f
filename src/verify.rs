//! The independent checker of a Qubic proof. It shares no code with the search that
//! wrote the proof, nor with the game's own geometry: it works out the 76 lines from
//! scratch, and then only replays. From each position the proof gives X's move; every
//! reply of O is tried, and each must lead either to a position the proof covers or to
//! one where X completes a line at once. So a bug in the prover cannot hide in here.

use std::collections::{BTreeMap, HashSet};

/// The 76 lines of the 4x4x4 cube as masks over cells numbered 16·layer + 4·row +
/// column: every line of four cells in a straight line, in any of the 13 directions.
fn lines() -> Vec<u64> {
    let mut lines = HashSet::new();
    let cell = |layer: i32, row: i32, column: i32| (16 * layer + 4 * row + column) as u32;
    for step_layer in -1i32..=1 {
        for step_row in -1i32..=1 {
            for step_column in -1i32..=1 {
                if (step_layer, step_row, step_column) == (0, 0, 0) {
                    continue;
                }
                for layer in 0..4 {
                    for row in 0..4 {
                        for column in 0..4 {
                            let cells: Option<Vec<u32>> = (0..4)
                                .map(|k| {
                                    let (l, r, c) = (
                                        layer + k * step_layer,
                                        row + k * step_row,
                                        column + k * step_column,
                                    );
                                    ((0..4).contains(&l)
                                        && (0..4).contains(&r)
                                        && (0..4).contains(&c))
                                    .then(|| cell(l, r, c))
                                })
                                .collect();
                            if let Some(cells) = cells {
                                lines.insert(cells.iter().fold(0u64, |mask, c| mask | 1 << c));
                            }
                        }
                    }
                }
            }
        }
    }
    let mut lines: Vec<u64> = lines.into_iter().collect();
    lines.sort_unstable();
    lines
}

struct Checker<'p> {
    lines: Vec<u64>,
    proof: &'p BTreeMap<(u64, u64), u8>,
    checked: HashSet<(u64, u64)>,
}

impl Checker<'_> {
    fn has_line(&self, marks: u64) -> bool {
        self.lines.iter().any(|line| marks & line == *line)
    }

    /// X can complete a line at once.
    fn wins_at_once(&self, x: u64, o: u64) -> bool {
        self.lines
            .iter()
            .any(|line| (x & line).count_ones() == 3 && o & line == 0)
    }

    fn check(&mut self, x: u64, o: u64) -> Result<(), String> {
        if self.checked.contains(&(x, o)) || self.wins_at_once(x, o) {
            return Ok(());
        }
        let Some(&cell) = self.proof.get(&(x, o)) else {
            return Err(format!(
                "the proof has no move for X in the position X {x:#018x}, O {o:#018x}"
            ));
        };
        let bit = 1u64 << cell;
        if cell >= 64 || (x | o) & bit != 0 {
            return Err(format!("the proof plays X on {cell}, which is not empty"));
        }
        let x = x | bit;
        if self.has_line(x) {
            self.checked.insert((x & !bit, o));
            return Ok(());
        }
        let empty = !(x | o);
        if empty == 0 {
            return Err("the proof's line ends in a full board with no line: a draw".into());
        }
        let mut replies = empty;
        while replies != 0 {
            let reply = 1u64 << replies.trailing_zeros();
            replies &= replies - 1;
            if self.has_line(o | reply) {
                return Err(format!(
                    "O wins by replying {} after X's {cell}",
                    reply.trailing_zeros()
                ));
            }
            self.check(x, o | reply)?;
        }
        self.checked.insert((x & !bit, o));
        Ok(())
    }
}

/// Checks that `proof` wins for X, to move with marks `x` against `o`, against every
/// defence. `Ok` with the number of positions the proof covered that were checked.
pub fn check(x: u64, o: u64, proof: &BTreeMap<(u64, u64), u8>) -> Result<usize, String> {
    if x & o != 0 || x.count_ones() != o.count_ones() {
        return Err("the position is not one with X to move".into());
    }
    let mut checker = Checker {
        lines: lines(),
        proof,
        checked: HashSet::new(),
    };
    if checker.lines.len() != 76 {
        return Err(format!(
            "the checker found {} lines, not 76",
            checker.lines.len()
        ));
    }
    if checker.has_line(x) || checker.has_line(o) {
        return Err("the game is already over".into());
    }
    checker.check(x, o)?;
    Ok(checker.checked.len())
}

/// X's move by position (X's marks, O's marks), as a proof file holds them.
pub type Moves = BTreeMap<(u64, u64), u8>;

/// The largest proof file read.
pub const MAX_PROOF_BYTES: u64 = 512 * 1024 * 1024;

/// Reads a proof file (see `ai::proof::to_json`, read here with no code of its own):
/// the position, and X's move by position.
pub fn read(text: &str) -> Result<(u64, u64, Moves), String> {
    let file: serde_json::Value =
        serde_json::from_str(text).map_err(|error| format!("not a proof file: {error}"))?;
    if file.get("game").and_then(|game| game.as_str()) != Some("qubic")
        || file.get("format").and_then(|format| format.as_u64()) != Some(1)
    {
        return Err("not a format-1 Qubic proof file".into());
    }
    let board = |value: Option<&serde_json::Value>, what: &str| {
        value
            .and_then(|value| value.as_str())
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or_else(|| format!("the proof's {what} is not 16 hex digits"))
    };
    let x = board(file.get("x"), "x")?;
    let o = board(file.get("o"), "o")?;
    let mut moves = BTreeMap::new();
    let list = file
        .get("moves")
        .and_then(|moves| moves.as_array())
        .ok_or("the proof has no list of moves")?;
    for (index, entry) in list.iter().enumerate() {
        let fields = entry.as_array().filter(|fields| fields.len() == 3);
        let parsed = fields.and_then(|fields| {
            let mx = fields[0]
                .as_str()
                .and_then(|h| u64::from_str_radix(h, 16).ok())?;
            let mo = fields[1]
                .as_str()
                .and_then(|h| u64::from_str_radix(h, 16).ok())?;
            let cell = fields[2].as_u64().filter(|cell| *cell < 64)? as u8;
            Some(((mx, mo), cell))
        });
        let Some((position, cell)) = parsed else {
            return Err(format!(
                "move {} of the proof is not [x, o, cell]",
                index + 1
            ));
        };
        if moves.insert(position, cell).is_some() {
            return Err(format!("move {} gives a position twice", index + 1));
        }
    }
    Ok((x, o, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_finds_76_lines_on_its_own() {
        assert_eq!(lines().len(), 76);
    }

    #[test]
    fn a_wrong_proof_is_refused() {
        // X on 5, 6, 8, 12: 4 threatens twice. A proof that plays 40 instead loses the
        // win; one with no move at all is incomplete.
        let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
        let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
        let mut proof = BTreeMap::new();
        assert!(check(x, o, &proof).is_err());
        proof.insert((x, o), 4);
        assert!(check(x, o, &proof).is_ok());
        proof.insert((x, o), 40);
        assert!(check(x, o, &proof).is_err());
        proof.insert((x, o), 5);
        assert!(check(x, o, &proof).unwrap_err().contains("not empty"));
    }

    #[test]
    fn a_proof_file_round_trips_and_bad_ones_are_named() {
        let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
        let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
        let proof: BTreeMap<(u64, u64), u8> = [((x, o), 4)].into_iter().collect();
        let text = crate::ai::proof::to_json(x, o, &proof);
        assert_eq!(read(&text), Ok((x, o, proof)));
        for bad in [
            "",
            "[]",
            "{\"game\":\"qubic\",\"format\":1}",
            "{\"game\":\"chess\"}",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let broken = text.replace(",4]", ",64]");
        assert!(read(&broken).unwrap_err().contains("move 1"));
    }
}
