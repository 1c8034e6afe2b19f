//! The `menace` program: reads the command-line flags and hands over to the console.

use clap::Parser;
use menace::menace::{Preset, save};
use menace::repl::render::{self, Palette};
use menace::repl::session::{Session, Settings};
use menace::repl::{self, PipedInput, TerminalInput};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Play noughts and crosses against MENACE, Donald Michie's 1961 matchbox learner, and
/// watch its 304 matchboxes learn.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Flags {
    /// Makes the whole session reproducible: every random choice comes from this seed.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,

    /// How the boxes start and learn: challenge, michie, or "custom 8/4/2/1 3/1/-1 refill".
    #[arg(long, value_name = "NAME", value_parser = parse_preset, default_value = "challenge")]
    preset: Preset,

    /// Starts from boxes saved before (a bare name looks in the saves folder).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,

    /// Does not print all 304 boxes after every game.
    #[arg(long)]
    no_boxes: bool,

    /// Plays misère: whoever completes three in a row loses.
    #[arg(long)]
    misere: bool,

    /// Where save and load put bare file names, and where the line history is kept.
    #[arg(long, value_name = "DIR", default_value = "saves")]
    saves: PathBuf,
}

fn parse_preset(text: &str) -> Result<Preset, String> {
    Preset::parse(text).map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    let flags = Flags::parse();
    let seed = flags.seed.unwrap_or_else(rand::random);
    let settings = Settings {
        seed,
        preset: flags.preset,
        show_boxes: !flags.no_boxes,
        saves_dir: flags.saves.clone(),
        rules: menace::game::Rules {
            misere: flags.misere,
        },
    };
    let mut session = match &flags.load {
        None => Session::new(settings.clone()),
        Some(name) => match save::load(&save::resolve(&flags.saves, Some(name))) {
            Ok(loaded) => Session::with_menace(
                Settings {
                    preset: loaded.preset(),
                    ..settings.clone()
                },
                loaded,
            ),
            Err(error) => {
                eprintln!("menace: not loaded: {error}.");
                return ExitCode::from(2);
            }
        },
    };
    let stdout = std::io::stdout();
    let palette = Palette {
        colour: stdout.is_terminal(),
    };
    let mut out = stdout.lock();
    let greeting = render::welcome(session.settings(), flags.seed.is_some(), palette);
    if out.write_all(greeting.as_bytes()).is_err() {
        return ExitCode::SUCCESS;
    }
    let result = if std::io::stdin().is_terminal() {
        match TerminalInput::new(Some(flags.saves.join("history.txt"))) {
            Ok(mut input) => {
                let result = repl::run(&mut session, &mut input, &mut out, palette);
                input.save_history();
                result
            }
            Err(error) => {
                eprintln!("menace: the terminal could not be set up: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut input = PipedInput::new(std::io::stdin().lock());
        repl::run(&mut session, &mut input, &mut out, palette)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (e.g. `menace | head`): nothing more to say to anyone.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("menace: {error}");
            ExitCode::FAILURE
        }
    }
}
