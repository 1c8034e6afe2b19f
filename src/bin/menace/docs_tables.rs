//! The manual's command, flag and variant tables, generated from the code's own tables
//! (`COMMANDS`, the clap flags, the games' declarations), and the lists of
//! [`super::docs_lists`] (AIs, the games' pictures and rules, lesson goals, the README's
//! counts), so that the docs cannot drift
//! from the program: the test rewrites nothing unless asked, and fails naming the page
//! whose generated block differs. It also checks that every relative link in the
//! README, ARCHITECTURE.md and docs/ leads to a file that exists.

use super::Flags;
use super::docs_lists;
use clap::CommandFactory;
use menace::app::command::{COMMANDS, Group};
use menace::registry::GAMES;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Where a generated block ends; it starts at `<!-- generated: NAME -->`.
const END: &str = "<!-- end generated -->";

/// How to bring the pages up to date, said in every failure.
const UPDATE: &str = "UPDATE_DOCS=1 cargo test --bin menace docs_tables";

/// A table cell: pipes escaped (GitHub's tables split on them even inside code), one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// Help text as one sentence: on one line, with the full stop clap takes off.
fn sentence(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() || text.ends_with(['.', '!', '?']) {
        text
    } else {
        format!("{text}.")
    }
}

/// A table cell holding code.
fn code(text: &str) -> String {
    format!("`{}`", cell(text))
}

/// Every console command, grouped as `help` groups them.
fn commands() -> String {
    let mut out = String::new();
    for group in Group::ALL {
        let _ = writeln!(out, "\n### {}\n", group.heading());
        out.push_str("| command | what it does | example |\n|---|---|---|\n");
        for command in COMMANDS.iter().filter(|command| command.group == group) {
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                code(command.usage),
                cell(command.help),
                code(command.example)
            );
        }
    }
    out
}

/// One clap argument as the command line writes it: `--budget N`, or `GAME...`.
fn argument_usage(arg: &clap::Arg) -> String {
    let value = arg
        .get_value_names()
        .map(|names| names.join(" "))
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let takes_value = arg.get_action().takes_values();
    let many = arg
        .get_num_args()
        .is_some_and(|range| range.max_values() > 1);
    match arg.get_long() {
        Some(long) if takes_value => format!("--{long} {value}"),
        Some(long) => format!("--{long}"),
        None if many => format!("{value}..."),
        None => value,
    }
}

/// The help of one argument, with its default and its choices where clap knows them.
fn argument_help(arg: &clap::Arg) -> String {
    let mut help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|help| sentence(&help.to_string()))
        .unwrap_or_default();
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect();
    if !choices.is_empty() && arg.get_action().takes_values() {
        let _ = write!(help, " One of: {}.", choices.join(", "));
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|value| value.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() {
        let _ = write!(help, " Default: `{}`.", defaults.join(" "));
    }
    help.trim().to_string()
}

/// A table of a command's arguments, leaving out clap's own `--help` and `--version`.
fn arguments_table(command: &clap::Command, out: &mut String) {
    let arguments: Vec<&clap::Arg> = command
        .get_arguments()
        .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"))
        .collect();
    if arguments.is_empty() {
        out.push_str("No arguments.\n");
        return;
    }
    out.push_str("| argument | meaning |\n|---|---|\n");
    for arg in arguments {
        let _ = writeln!(
            out,
            "| {} | {} |",
            code(&argument_usage(arg)),
            cell(&argument_help(arg))
        );
    }
}

/// The command line: the console's flags, then each subcommand with its own. The flags
/// marked global (`--seed` ...) are listed once, under the console.
fn flags() -> String {
    let menace = Flags::command();
    let mut out = String::from("\n### `menace [FLAGS]`: the console\n\n");
    arguments_table(&menace, &mut out);
    let globals: Vec<String> = menace
        .get_arguments()
        .filter(|arg| arg.is_global_set())
        .map(|arg| code(&argument_usage(arg)))
        .collect();
    for task in menace.get_subcommands() {
        let _ = writeln!(out, "\n### `menace {}`\n", task.get_name());
        if let Some(about) = task.get_long_about().or(task.get_about()) {
            let _ = writeln!(out, "{}\n", sentence(&about.to_string()));
        }
        arguments_table(task, &mut out);
    }
    let _ = write!(
        out,
        "\nThe flags {} may come before or after a subcommand.\n",
        globals.join(", ")
    );
    out
}

/// Every game: what it is, its options and how a move is written.
fn variants() -> String {
    let mut out =
        String::from("\n| game | what it is | moves | example | MENACE |\n|---|---|---|---|---|\n");
    for entry in GAMES {
        let game = entry.declaration;
        let menace = match game.too_big_for_menace {
            None => "learns it".to_string(),
            Some(why) => format!("no: {why}"),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            code(game.name),
            cell(game.about),
            cell(game.notation),
            code(game.example),
            cell(&menace)
        );
    }
    out.push_str("\n| game | option | what it does |\n|---|---|---|\n");
    for entry in GAMES {
        let game = entry.declaration;
        for option in game.options {
            let usage = match option.value {
                Some(value) => format!("{} {}", option.name, value.placeholder),
                None => option.name.to_string(),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                code(game.name),
                code(&usage),
                cell(option.help)
            );
        }
    }
    out
}

/// The manual's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` with the block `<!-- generated: name -->` ... [`END`] holding `body`, or why
/// the page has no such block.
fn replace_block(text: &str, name: &str, body: &str) -> Result<String, String> {
    let start = format!("<!-- generated: {name} -->");
    let begin = text
        .find(&start)
        .ok_or_else(|| format!("no {start} marker"))?
        + start.len();
    let end = begin
        + text[begin..]
            .find(END)
            .ok_or_else(|| format!("no {END} after {start}"))?;
    Ok(format!(
        "{}\n{}\n{}",
        &text[..begin],
        body.trim_matches('\n'),
        &text[end..]
    ))
}

#[test]
fn docs_tables() {
    let blocks = [
        ("docs/commands.md", "commands", commands()),
        ("docs/flags.md", "flags", flags()),
        ("docs/variants.md", "variants", variants()),
        ("docs/variants.md", "pictures", docs_lists::pictures()),
        ("docs/variants.md", "rules", docs_lists::rules()),
        ("docs/opponents.md", "opponents", docs_lists::opponents()),
        ("docs/writing-lessons.md", "goals", docs_lists::goals()),
        ("README.md", "counts", docs_lists::counts(&root())),
    ];
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (page, name, body) in blocks {
        let path = root().join(page);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
        let fresh = replace_block(&text, name, &body).unwrap_or_else(|e| panic!("{page}: {e}"));
        if fresh != text {
            if update {
                std::fs::write(&path, fresh).unwrap_or_else(|e| panic!("{page}: {e}"));
            } else {
                stale.push(format!("{page} (block {name})"));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "the generated tables in {} differ from the code's own tables; run `{UPDATE}` \
         and commit the pages",
        stale.join(", ")
    );
}

/// Every `](target)` in a Markdown text that is a relative link: not a web address,
/// not a mail address, not only an anchor. The anchor is cut off.
fn relative_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(close) = rest.find(')') else { break };
            let target = rest[..close].split_whitespace().next().unwrap_or("");
            let target = target.split('#').next().unwrap_or("");
            let external = target.contains("://") || target.starts_with("mailto:");
            if !target.is_empty() && !external {
                links.push(target.to_string());
            }
            rest = &rest[close..];
        }
    }
    links
}

/// The Markdown pages whose links are checked.
fn pages(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pages(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "md") {
            out.push(path);
        }
    }
}

#[test]
fn docs_links_lead_to_files() {
    let mut all = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    pages(&root().join("docs"), &mut all);
    let mut broken = Vec::new();
    for page in &all {
        let text = std::fs::read_to_string(page).unwrap_or_else(|e| panic!("{page:?}: {e}"));
        for link in relative_links(&text) {
            let target = page.parent().unwrap_or(Path::new(".")).join(&link);
            if !target.exists() {
                broken.push(format!("{} -> {link}", page.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to no file:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_link_finder_sees_what_a_reader_clicks() {
    let text = "[a](docs/a.md) [web](https://x.org) [b](b.md#part) [top](#top)\n\
                ```\n[not](in-code.md)\n```\n![pic](curve.svg \"title\")";
    assert_eq!(relative_links(text), ["docs/a.md", "b.md", "curve.svg"]);
}

#[test]
fn a_block_is_replaced_between_its_markers_only() {
    let text = "before\n<!-- generated: x -->\nold\n<!-- end generated -->\nafter\n";
    let fresh = replace_block(text, "x", "\nnew\n").expect("the block is there");
    assert_eq!(
        fresh,
        "before\n<!-- generated: x -->\nnew\n<!-- end generated -->\nafter\n"
    );
    assert!(replace_block(text, "y", "new").is_err());
}
