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

/// The 192 maps of the cube onto itself that keep lines lines, worked out here from
/// their description in seed 000: the 48 rotations and reflections (the three
/// coordinates permuted, each perhaps reversed) times the 4 maps that apply one
/// permutation of the values 0..3 to every coordinate at once (none; 1 and 2 swapped;
/// 0 with 1 and 2 with 3; both). Each is checked to send the 76 lines onto the 76 lines.
fn symmetries(lines: &[u64]) -> Result<Vec<[u8; 64]>, String> {
    let swap_middle = [0usize, 2, 1, 3];
    let swap_pairs = [1usize, 0, 3, 2];
    let both: Vec<usize> = (0..4).map(|value| swap_middle[swap_pairs[value]]).collect();
    let inner: [&[usize]; 4] = [&[0, 1, 2, 3], &swap_middle, &swap_pairs, &both];
    let mut maps = Vec::new();
    for permutation in inner {
        for first in 0..3 {
            for second in 0..3 {
                if first == second {
                    continue;
                }
                // The axis left over: 0 + 1 + 2 = 3.
                let third = 3 - first - second;
                for reversed in 0..8 {
                    let mut map = [0u8; 64];
                    for (cell, image) in map.iter_mut().enumerate() {
                        let coordinates =
                            [cell / 16, (cell / 4) % 4, cell % 4].map(|value| permutation[value]);
                        let moved = [first, second, third].map(|axis| coordinates[axis]);
                        let mut at = [0; 3];
                        for axis in 0..3 {
                            at[axis] = if reversed & (1 << axis) != 0 {
                                3 - moved[axis]
                            } else {
                                moved[axis]
                            };
                        }
                        *image = (16 * at[0] + 4 * at[1] + at[2]) as u8;
                    }
                    maps.push(map);
                }
            }
        }
    }
    let image = |map: &[u8; 64], mask: u64| {
        (0..64).fold(0u64, |image, cell| {
            image | ((mask >> cell) & 1) << map[cell]
        })
    };
    for map in &maps {
        for line in lines {
            if !lines.contains(&image(map, *line)) {
                return Err("a symmetry of the checker does not keep lines lines".into());
            }
        }
    }
    Ok(maps)
}

struct Checker {
    lines: Vec<u64>,
    maps: Vec<[u8; 64]>,
    /// For each map, the image of every value of each of the 8 bytes of a board.
    tables: Vec<[[u64; 256]; 8]>,
    /// X's move by canonical position, as this checker canonicalises the proof's own
    /// entries (which may be written in any frame).
    proof: BTreeMap<(u64, u64), u8>,
    checked: HashSet<(u64, u64)>,
}

impl Checker {
    fn has_line(&self, marks: u64) -> bool {
        self.lines.iter().any(|line| marks & line == *line)
    }

    /// X can complete a line at once.
    fn wins_at_once(&self, x: u64, o: u64) -> bool {
        self.lines
            .iter()
            .any(|line| (x & line).count_ones() == 3 && o & line == 0)
    }

    fn image(&self, map: usize, mask: u64) -> u64 {
        let tables = &self.tables[map];
        (0..8).fold(0, |image, byte| {
            image | tables[byte][((mask >> (8 * byte)) & 0xff) as usize]
        })
    }

    /// The smallest image of the position, and a map giving it.
    fn canonical(&self, x: u64, o: u64) -> ((u64, u64), usize) {
        (0..self.maps.len())
            .map(|map| ((self.image(map, x), self.image(map, o)), map))
            .min()
            .unwrap_or(((x, o), 0))
    }

    /// The proof's entries in this checker's own canonical frame: each stored position
    /// (in whatever frame the file wrote it) is turned into its smallest image, and its
    /// move with it. Where two entries turn out to be one position, the first is kept:
    /// a correct proof's moves all win, and the check replays the one kept.
    fn canonicalise(
        &self,
        given: &BTreeMap<(u64, u64), u8>,
    ) -> Result<BTreeMap<(u64, u64), u8>, String> {
        let mut proof = BTreeMap::new();
        for (&(x, o), &cell) in given {
            if x & o != 0 {
                return Err(format!(
                    "the proof's position {} has a cell marked twice",
                    picture(x, o)
                ));
            }
            if (x | o) & (1u64 << cell) != 0 {
                return Err(format!(
                    "the proof plays X on {cell} in {}, which is not empty",
                    picture(x, o)
                ));
            }
            let (key, map) = self.canonical(x, o);
            proof
                .entry(key)
                .or_insert(self.maps[map][usize::from(cell)]);
        }
        Ok(proof)
    }

    fn check(&mut self, x: u64, o: u64) -> Result<(), String> {
        if self.wins_at_once(x, o) {
            return Ok(());
        }
        let (key, map) = self.canonical(x, o);
        if self.checked.contains(&key) {
            return Ok(());
        }
        let Some(&moved) = self.proof.get(&key) else {
            return Err(format!(
                "the proof has no move for X in the position {}",
                picture(x, o)
            ));
        };
        // The proof's move is on the canonical board: bring it back to this one.
        let Some(cell) = (0..64u8).find(|cell| self.maps[map][usize::from(*cell)] == moved) else {
            return Err(format!("the proof plays X on {moved}, which is no cell"));
        };
        let bit = 1u64 << cell;
        if (x | o) & bit != 0 {
            return Err(format!("the proof plays X on {cell}, which is not empty"));
        }
        let x = x | bit;
        if self.has_line(x) {
            self.checked.insert(key);
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
        self.checked.insert(key);
        Ok(())
    }
}

/// Checks that `proof` (X's move by position, each position in any of its 192 frames)
/// wins for X, to move with marks `x` against `o`, against every defence. `Ok` with the number of positions of the
/// proof, up to symmetry, that were checked.
pub fn check(x: u64, o: u64, proof: &BTreeMap<(u64, u64), u8>) -> Result<usize, String> {
    if x & o != 0 || x.count_ones() != o.count_ones() {
        return Err("the position is not one with X to move".into());
    }
    let lines = lines();
    if lines.len() != 76 {
        return Err(format!("the checker found {} lines, not 76", lines.len()));
    }
    let maps = symmetries(&lines)?;
    let distinct: HashSet<[u8; 64]> = maps.iter().copied().collect();
    if distinct.len() != 192 {
        return Err(format!(
            "the checker found {} symmetries, not 192",
            distinct.len()
        ));
    }
    let tables = maps
        .iter()
        .map(|map| {
            let mut tables = [[0u64; 256]; 8];
            for (byte, table) in tables.iter_mut().enumerate() {
                for (value, image) in table.iter_mut().enumerate() {
                    for bit in 0..8 {
                        if value & (1 << bit) != 0 {
                            *image |= 1 << map[8 * byte + bit];
                        }
                    }
                }
            }
            tables
        })
        .collect();
    let mut checker = Checker {
        lines,
        maps,
        tables,
        proof: BTreeMap::new(),
        checked: HashSet::new(),
    };
    checker.proof = checker.canonicalise(proof)?;
    if checker.has_line(x) || checker.has_line(o) {
        return Err("the game is already over".into());
    }
    checker.check(x, o)?;
    Ok(checker.checked.len())
}

/// X's move by canonical position (X's marks, O's marks), as a proof file holds them.
pub type Moves = BTreeMap<(u64, u64), u8>;

/// The largest proof file read.
pub const MAX_PROOF_BYTES: u64 = 512 * 1024 * 1024;

/// The fields of a proof file, each at most once: a key given twice is refused rather
/// than the last one silently read, and so is a key the format does not have.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ProofFile {
    game: Option<serde_json::Value>,
    format: Option<serde_json::Value>,
    positions: Option<serde_json::Value>,
    x: Option<serde_json::Value>,
    o: Option<serde_json::Value>,
    moves: Option<serde_json::Value>,
}

/// Reads a proof file (see `ai::qubic::proof::to_json`, read here with no code of its own):
/// the position, and X's move by position.
pub fn read(text: &str) -> Result<(u64, u64, Moves), String> {
    let file: ProofFile = serde_json::from_str(text).map_err(|error| {
        // The parser may quote the file (an unknown key): escaped, and cut short.
        crate::files::shown(&format!("not a proof file: {error}"), 300)
    })?;
    if file.game.as_ref().and_then(|game| game.as_str()) != Some("qubic")
        || file.format.as_ref().and_then(|format| format.as_u64()) != Some(2)
        || file
            .positions
            .as_ref()
            .and_then(|positions| positions.as_str())
            .is_none_or(|positions| positions != "canonical" && positions != "any")
    {
        return Err(
            "not a Qubic proof file of format 2 (positions \"canonical\" or \"any\")".into(),
        );
    }
    let board = |value: Option<&serde_json::Value>, what: &str| {
        value
            .and_then(|value| value.as_str())
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or_else(|| format!("the proof's {what} is not 16 hex digits"))
    };
    let x = board(file.x.as_ref(), "x")?;
    let o = board(file.o.as_ref(), "o")?;
    let mut moves = BTreeMap::new();
    let list = file
        .moves
        .as_ref()
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
                "move {} of the proof is not [x, o, cell]: two boards in hexadecimal and a \
                 cell 0-63",
                index + 1
            ));
        };
        if moves.insert(position, cell).is_some() {
            return Err(format!("move {} gives a position twice", index + 1));
        }
    }
    Ok((x, o, moves))
}

/// A position as the console writes Qubic: four layers of 16 cells, `/` between (its
/// own few lines here, like everything else the checker needs).
fn picture(x: u64, o: u64) -> String {
    let mut text = String::new();
    for cell in 0..64 {
        if cell > 0 && cell % 16 == 0 {
            text.push('/');
        }
        text.push(match (x >> cell & 1, o >> cell & 1) {
            (1, _) => 'X',
            (_, 1) => 'O',
            _ => '.',
        });
    }
    text
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
        use crate::ai::qubic::proof::Proof;
        // X on 5, 6, 8, 12: 4 threatens twice. A proof that plays 40 instead loses the
        // win; one with no move at all is incomplete.
        let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
        let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
        let mut proof = Proof::new();
        assert!(check(x, o, proof.canonical_moves()).is_err());
        proof.insert(x, o, 4);
        assert!(check(x, o, proof.canonical_moves()).is_ok());
        proof.insert(x, o, 40);
        assert!(check(x, o, proof.canonical_moves()).is_err());
        proof.insert(x, o, 5);
        assert!(
            check(x, o, proof.canonical_moves())
                .unwrap_err()
                .contains("not empty")
        );
    }

    /// A proof written in other frames is the same proof: every entry turned by a
    /// random symmetry of its own is still accepted, and a spoiled entry still refused.
    #[test]
    fn a_proof_in_any_frame_is_checked_and_a_spoiled_one_refused() {
        use rand::{RngExt, SeedableRng};
        let (x, o) = (1 | 1 << 15 | 1 << 60, 1 << 3 | 1 << 25 | 1 << 63);
        let mut search = crate::ai::qubic::dfpn::Solver::new(64 << 20);
        let crate::ai::qubic::dfpn::Verdict::Proved(proof) = search.solve(x, o) else {
            panic!("X wins from here (the bench's position)");
        };
        let canonical: &Moves = proof.canonical_moves();
        assert!(check(x, o, canonical).is_ok());
        let maps = symmetries(&lines()).unwrap();
        let image = |map: &[u8; 64], mask: u64| {
            (0..64).fold(0u64, |image, cell| {
                image | ((mask >> cell) & 1) << map[cell]
            })
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let turned: Moves = canonical
            .iter()
            .map(|(&(px, po), &cell)| {
                let map = &maps[rng.random_range(0..maps.len())];
                ((image(map, px), image(map, po)), map[usize::from(cell)])
            })
            .collect();
        assert_ne!(&turned, canonical, "the frames changed");
        assert_eq!(check(x, o, &turned), check(x, o, canonical));
        // Spoil it: the proved position's own entry, in whatever frame, goes.
        let geometry = crate::game::cube::Geometry::of(4);
        let (key, _) = geometry.canonical(x, o);
        let mut spoiled = turned.clone();
        spoiled.retain(|&(px, po), _| geometry.canonical(px, po).0 != key);
        assert_eq!(spoiled.len() + 1, turned.len());
        assert!(check(x, o, &spoiled).is_err());
    }

    /// The checker's own symmetries give the same canonical form as the game's, so it
    /// finds the positions the prover stored (and a move turned back is the right one).
    #[test]
    fn the_checkers_canonical_form_is_the_games() {
        use rand::SeedableRng;
        let lines = lines();
        let maps = symmetries(&lines).unwrap();
        let geometry = crate::game::cube::Geometry::of(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..50 {
            let (x, o) = crate::ai::qubic::random_position(&mut rng, 0..20);
            let image = |map: &[u8; 64], mask: u64| {
                (0..64).fold(0u64, |image, cell| {
                    image | ((mask >> cell) & 1) << map[cell]
                })
            };
            let own = maps.iter().map(|map| (image(map, x), image(map, o))).min();
            assert_eq!(own, Some(geometry.canonical(x, o).0));
        }
    }

    #[test]
    fn a_proof_file_round_trips_and_bad_ones_are_named() {
        use crate::ai::qubic::proof::Proof;
        let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
        let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
        let mut proof = Proof::new();
        proof.insert(x, o, 4);
        let text = crate::ai::qubic::proof::to_json(x, o, &proof);
        assert_eq!(read(&text), Ok((x, o, proof.canonical_moves().clone())));
        for bad in [
            "",
            "[]",
            "{\"game\":\"qubic\",\"format\":1}",
            "{\"game\":\"qubic\",\"format\":2,\"positions\":\"canonical\"}",
            "{\"game\":\"chess\"}",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        let cell = proof.canonical_moves().values().next().copied().unwrap();
        let broken = text.replace(&format!(",{cell}]"), ",64]");
        assert!(read(&broken).unwrap_err().contains("move 1"));
        // A key given twice is refused, not read as its last value; so is a stray one.
        let twice = text.replacen('{', "{\"x\":\"0000000000000000\",", 1);
        assert_ne!(twice, text);
        let refused = read(&twice).unwrap_err();
        assert!(refused.contains("duplicate field"), "{refused}");
        let stray = text.replacen('{', "{\"\\u001b[2J\":1,", 1);
        let refused = read(&stray).unwrap_err();
        assert!(refused.contains("unknown field"), "{refused}");
        assert!(!refused.contains('\u{1b}'), "{refused:?}");
    }
}
