//! Reading a proof file for the checker: the position, and X's move by position, with
//! no code shared with the prover that wrote it (see `ai::qubic::proof::to_json`).

use std::collections::BTreeMap;

/// X's move by canonical position (X's marks, O's marks), as a proof file holds them.
pub type Moves = BTreeMap<(u64, u64), u8>;

/// The largest proof file read.
pub const MAX_PROOF_BYTES: u64 = 512 * 1024 * 1024;

/// Reading a proof takes about this many bytes of memory for each byte of the file (the
/// text, its JSON values and the moves; 6.5 measured on a 197 MB proof), so a file is
/// refused before it is read where that is more than the memory there is.
pub const MEMORY_PER_BYTE: u64 = 7;

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
