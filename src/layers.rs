//! The layers of the library, checked: a module may import only modules of a lower layer,
//! so no two folders import each other and rules never learn about the console. Read from
//! the source text (every `crate::NAME` outside comments and test code), because Rust
//! itself allows any module of a crate to use any other.
//!
//! [`KNOWN`] lists the imports that still break the order, each one named, while the
//! redesign moves them: the test fails on a new one, and on a listed one that is gone (so
//! the list shrinks with the code and never hides anything).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The library's top-level modules, lowest layer first. Modules in one row are of the same
/// layer and may not import each other either.
const LAYERS: &[&[&str]] = &[
    // Plain English: ordinals, counts with their thousands marked.
    &["text"],
    // Text and files from outside (escaping, capped reading), Ctrl-C's flag, the memory
    // a search may take.
    &["files", "stop", "memory", "inline_map"],
    // Rules only.
    &["game"],
    // Searches and the Qubic proof checker (which shares no code with the prover).
    &["ai", "verify"],
    // Solving, random play and search reach over any game, generic over its type.
    &["analysis"],
    // The matchbox learner and its save files.
    &["menace"],
    // The learners as a table: MENACE and its descendants, each made for a game's type.
    &["learners"],
    // The list of games: each entry wires a game to its searches, solver and learner.
    &["registry"],
    // The AIs as a table, one row per player, playing any game through `AnyGame`.
    &["players"],
    // Training runs and the experiment: MENACE's one loop against a rival, counted.
    &["play"],
    // Files made from a learner's data: the SVG chart, the HTML page.
    &["pictures"],
    // The session (state and commands, events as values), and measurement.
    &["app", "bench"],
    // Above the session: the course watches and drives it.
    &["lesson"],
    // Front ends: the console and the Gomocup protocol.
    &["repl", "gomocup"],
];

/// Imports that break the order today, as "from -> to" with the file that makes them.
const KNOWN: &[&str] = &[];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|row| row.contains(&module))
}

/// The library's source files, without the binary and without test-only files.
fn library_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "bin" && name != "tests" {
                library_files(&path, found);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" {
            found.push(path);
        }
    }
}

/// The top-level modules a file's code names as `crate::NAME`, skipping comments and
/// everything from the first `#[cfg(test)]` on (test modules sit at the end of a file).
fn imports(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// Every import that breaks the order, as the entries of [`KNOWN`] are written.
fn breaks() -> BTreeSet<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    library_files(&src, &mut files);
    let mut found = BTreeSet::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let from = relative
            .components()
            .next()
            .map(|c| {
                c.as_os_str()
                    .to_string_lossy()
                    .trim_end_matches(".rs")
                    .to_owned()
            })
            .expect("a file has a first component");
        if from == "lib" || from == "layers" || from == "lengths" {
            continue;
        }
        let from_layer = layer_of(&from)
            .unwrap_or_else(|| panic!("src/{from} is in no layer: add it to LAYERS"));
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        for to in imports(&text) {
            if to == from {
                continue;
            }
            let to_layer =
                layer_of(&to).unwrap_or_else(|| panic!("crate::{to} is in no layer: add it"));
            if to_layer >= from_layer {
                let shown = relative.to_string_lossy().replace('\\', "/");
                found.insert(format!("{from} -> {to} ({shown})"));
            }
        }
    }
    found
}

#[test]
fn no_module_imports_one_of_a_layer_above_it() {
    let found = breaks();
    let known: BTreeSet<String> = KNOWN.iter().map(|s| s.to_string()).collect();
    let new: Vec<_> = found.difference(&known).collect();
    let gone: Vec<_> = known.difference(&found).collect();
    assert!(
        new.is_empty(),
        "imports that break the layers (see ARCHITECTURE.md): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "these listed breaks are gone: take them out of KNOWN in src/layers.rs: {gone:?}"
    );
}

#[test]
fn the_reader_finds_imports_and_skips_comments_and_tests() {
    let text = "use crate::game::Game;\n// crate::repl in a comment\nlet x = crate::ai::f(); // crate::lesson\n#[cfg(test)]\nmod tests { use crate::repl; }\n";
    let names: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(names, ["ai", "game"]);
}

#[test]
fn every_library_module_has_a_layer() {
    let lib = include_str!("lib.rs");
    for line in lib.lines() {
        if let Some(name) = line.trim().strip_prefix("pub mod ") {
            let name = name.trim_end_matches(';');
            assert!(layer_of(name).is_some(), "{name} is in no layer");
        }
    }
}
