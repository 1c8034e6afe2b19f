//! The line history as the editor offers it back on Up-arrow: a line from the history
//! file (which anyone may have edited) or one typed with control characters in it is
//! kept escaped, as [`crate::files::shown`] writes it, so recalling it cannot drive the
//! terminal.

use rustyline::Editor;
use rustyline::history::FileHistory;

/// A history line as it may be kept and recalled.
pub fn entry(line: &str) -> String {
    crate::files::shown(line, crate::app::command::MAX_LINE)
}

/// Rewrites every entry the editor loaded that is not as [`entry`] keeps it.
pub fn clean<H: rustyline::Helper>(editor: &mut Editor<H, FileHistory>) {
    let lines: Vec<String> = editor.history().iter().cloned().collect();
    if lines.iter().all(|line| entry(line) == *line) {
        return;
    }
    let _ = editor.clear_history();
    for line in lines {
        let _ = editor.add_history_entry(entry(&line));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_from_the_history_file_come_back_escaped() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.txt");
        std::fs::write(
            &path,
            "#V2\ntrain 10\n\u{1b}]0;PWNED\u{7}\u{1b}[2J\nstats\n",
        )
        .unwrap();
        let mut editor: Editor<(), FileHistory> = Editor::new().unwrap();
        editor.load_history(&path).unwrap();
        clean(&mut editor);
        let lines: Vec<&String> = editor.history().iter().collect();
        assert_eq!(
            lines,
            ["train 10", "\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J", "stats"]
        );
        assert_eq!(entry("ok\u{1b}[31m"), "ok\\u{1b}[31m");
    }
}
