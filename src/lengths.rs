//! The command and event code kept in pieces of one job each, checked: no function of
//! the command parser (`src/app/command*`) over 80 lines, none of the event text
//! (`src/repl/render*`) over 120, no test function of either over 120 (a test walks a
//! whole list of lines), and no file of either over 600. Measured on the
//! source as rustfmt lays it out: a function runs from its `fn` line to the first line
//! after it that closes a brace at the same indentation.

use std::path::{Path, PathBuf};

/// The files checked, each with the longest function it may hold.
const LIMITS: &[(&str, usize)] = &[("src/app/command", 80), ("src/repl/render", 120)];

/// The longest test function, in a `tests.rs` file.
const MAX_TEST: usize = 120;

/// The longest file, in lines.
const MAX_FILE: usize = 600;

/// `path` and, if it is a folder, every `.rs` file under it.
fn rust_files(path: &Path, found: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            rust_files(&entry.path(), found);
        }
    } else if path.extension().is_some_and(|extension| extension == "rs") {
        found.push(path.to_path_buf());
    }
}

/// Every function of `text` with its name and length in lines, nested ones included.
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let Some(at) = code.find("fn ") else { continue };
        let before = &code[..at];
        let is_start = before.split_whitespace().all(|word| {
            matches!(word, "pub" | "const" | "async" | "unsafe") || word.starts_with("pub(")
        });
        if !is_start || code.starts_with("//") {
            continue;
        }
        let name: String = code[at + 3..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        // A one-line function, or a declaration without a body (in a trait), ends on
        // its own line.
        if code.ends_with('}') || code.ends_with(';') {
            found.push((name, 1));
            continue;
        }
        let end = lines[start + 1..].iter().position(|line| {
            let code = line.trim_start();
            line.len() - code.len() == indent && code.starts_with('}')
        });
        if let Some(end) = end {
            found.push((name, end + 2));
        }
    }
    found
}

#[test]
fn the_command_and_event_code_is_in_functions_and_files_of_bounded_length() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut too_long = Vec::new();
    for (prefix, limit) in LIMITS {
        let (folder, stem) = prefix.rsplit_once('/').expect("a path with a folder");
        let mut files = Vec::new();
        for entry in std::fs::read_dir(root.join(folder))
            .expect("the source folder")
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == stem || name == format!("{stem}.rs") {
                rust_files(&entry.path(), &mut files);
            }
        }
        assert!(!files.is_empty(), "no file matches {prefix}");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a readable source file");
            let shown = file
                .strip_prefix(root)
                .unwrap_or(&file)
                .display()
                .to_string();
            let length = text.lines().count();
            if length > MAX_FILE {
                too_long.push(format!("{shown}: {length} lines"));
            }
            let limit = if file.ends_with("tests.rs") {
                MAX_TEST
            } else {
                *limit
            };
            for (name, length) in functions(&text) {
                if length > limit {
                    too_long.push(format!("{shown}: fn {name}, {length} lines"));
                }
            }
        }
    }
    assert!(
        too_long.is_empty(),
        "over the limit:\n{}",
        too_long.join("\n")
    );
}

#[test]
fn a_function_is_measured_from_its_fn_line_to_its_closing_brace() {
    let text = "/// A doc.\npub fn one() {\n    let x = 1;\n}\n\nimpl A {\n    pub(super) fn two(&self) -> u8 {\n        fn inner() {}\n        3\n    }\n    fn three();\n}\n";
    assert_eq!(
        functions(text),
        vec![
            ("one".to_string(), 3),
            ("two".to_string(), 4),
            ("inner".to_string(), 1),
            ("three".to_string(), 1),
        ]
    );
}
