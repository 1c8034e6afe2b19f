//! The `menace` program: reads the command-line flags and hands over to the console.

#[macro_use]
mod output;
mod answers;
mod games;
mod lessons;
mod proofs;
mod random_play;
mod replies;
mod solve;

#[cfg(test)]
mod docs_lists;
#[cfg(test)]
mod docs_tables;

use clap::{Parser, Subcommand};
use games::{count_boxes, duel, game_experiment, replay};
use menace::app::{Session, Settings};
use menace::menace::{Preset, save};
use menace::repl::render::{self, Palette};
use menace::repl::{self, Ended, PipedInput, TerminalInput};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// `menace solve`'s budget of positions when none is given (qubic has none).
const SOLVE_BUDGET: u64 = 10_000_000;

/// Play noughts and crosses against MENACE, Donald Michie's 1961 matchbox learner, and
/// watch its 304 matchboxes learn.
#[derive(Debug, Parser)]
#[command(version, about, term_width = 80)]
struct Flags {
    /// Makes the whole session reproducible: every random choice comes from this seed.
    #[arg(long, value_name = "N", global = true)]
    seed: Option<u64>,

    /// How the boxes start and learn: challenge, michie, or "custom 8/4/2/1 3/1/-1 refill".
    #[arg(long, value_name = "NAME", value_parser = parse_preset, default_value = "challenge", global = true)]
    preset: Preset,

    /// Starts from boxes saved before (a bare name looks in the saves folder).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,

    /// Does not print all 304 boxes after every game.
    #[arg(long)]
    no_boxes: bool,

    /// Tells MENACE's moves in words only, without its box drawn beside the board.
    #[arg(long)]
    no_pictures: bool,

    /// Plays misère: whoever completes three in a row loses.
    #[arg(long)]
    misere: bool,

    /// Where save and load put bare file names, and where the line history is kept.
    #[arg(long, value_name = "DIR", default_value = "saves")]
    saves: PathBuf,

    /// Where the lesson files are.
    #[arg(long, value_name = "DIR", default_value = "lessons", global = true)]
    lessons: PathBuf,

    #[command(subcommand)]
    task: Option<Task>,
}

/// Work done without the console.
#[derive(Debug, Subcommand)]
enum Task {
    /// Measures training games per second (MENACE against random and perfect, td and
    /// qlearn against random) and the time of a full minimax solve; prints the medians of
    /// several runs.
    Bench {
        /// Training games per measurement.
        #[arg(long, default_value_t = 1_000_000)]
        games: u64,
        /// How many times each measurement is repeated (the median is printed).
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        /// Only this: MENACE trained against random in GAME until it has --save-boxes
        /// boxes (or has played --save-games games), saved and loaded back, timed.
        #[arg(long, value_name = "GAME")]
        save: Option<String>,
        /// With --save: the boxes to train to.
        #[arg(long, default_value_t = 1_000_000)]
        save_boxes: usize,
        /// With --save: the most games to train (by default, until --save-boxes).
        #[arg(long)]
        save_games: Option<u64>,
        /// Only ultimate's random playouts: the game's own against a plain bit-board
        /// playout of the same games, taking turns in one run (--repeats runs).
        #[arg(long)]
        ultimate: bool,
    },
    /// How many games MENACE needs against perfect play before it stops losing, for
    /// each preset, over many seeds; and how often Michie's first box runs empty. With
    /// --game: how many games until MENACE gets its best possible result in 950 of
    /// 1,000 games in a row.
    Experiment {
        /// Seeds per preset.
        #[arg(long, default_value_t = 20)]
        seeds: u64,
        /// Another game and its options (`--game cube`, `--game "morris pass"`): one
        /// preset, one opponent, MENACE on one side.
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// With --game: the side MENACE plays.
        #[arg(long, value_parser = ["X", "O", "x", "o"], default_value = "X")]
        side: String,
        /// With --game: the opponent (perfect, alphabeta, mcts, random ...).
        #[arg(long, value_name = "NAME", default_value = "alphabeta")]
        vs: String,
        /// With --game: the most games a run may take (the learning table in
        /// docs/research/learning.md uses 10000000).
        #[arg(long, default_value_t = 20_000)]
        limit: u64,
        /// With --game: alpha-beta's positions per move.
        #[arg(long, default_value_t = 20_000)]
        positions: u64,
        /// With --game: the learner and its parameters (`--learner "td draw 0.5"`); a
        /// learner that explores is also measured with exploration off.
        #[arg(long, value_name = "LEARNER", default_value = "menace")]
        learner: String,
    },
    /// Solves a variant from its starting position within a budget of positions; if the
    /// budget runs out, says how deep an iterative search got.
    Solve {
        /// The variant and its options, e.g. `crazy` or `silverman no-anti-diagonal`.
        #[arg(required = true, num_args = 1..)]
        variant: Vec<String>,
        /// Positions the search may visit: 10,000,000 unless given (for qubic, no limit
        /// unless given: the memory of its table bounds it instead).
        #[arg(long)]
        budget: Option<u64>,
        /// qubic: the memory of the search's table, such as 2G or 500M (1.5G unless
        /// given, less on a machine with less); a full table replaces entries.
        #[arg(long, value_name = "SIZE")]
        memory: Option<String>,
        /// qubic: solve from this position (four layers of 16 cells, `/` between).
        #[arg(long)]
        from: Option<String>,
        /// qubic: the cells X may move on first (from --from, X's next move): any,
        /// 4-lines, 7-lines, or cells like 0,21.
        #[arg(long, default_value = "any")]
        first: String,
        /// qubic: where to write the proof, for `menace verify`.
        #[arg(long)]
        proof: Option<std::path::PathBuf>,
        /// qubic: X tries only its N most promising quiet moves in each position (as
        /// Allis did with 10); a proof is still a proof, a failure proves nothing.
        #[arg(long)]
        x_moves: Option<usize>,
        /// qubic: X plays --first (one cell; from --from, or the empty cube), then each
        /// of O's replies is solved separately, up to symmetry, each with the whole
        /// budget; replies already proved in their files are kept, and the proofs of
        /// all the replies are joined into one proof of the position
        #[arg(long)]
        replies: bool,
        /// qubic: X's moves (those --first allows, up to symmetry, strong cells first)
        /// are each searched on their own, with the whole budget, until one is proved:
        /// its proof proves the position
        #[arg(long, conflicts_with = "replies")]
        answers: bool,
    },
    /// Plays the given moves from the start of a game and prints every position: its
    /// picture, who is to move, the legal moves, the outcome. Exit code 2 names the first
    /// move that cannot be played.
    Replay {
        /// The game, its options, then the moves: `classic MM LL RR`.
        #[arg(required = true, num_args = 1..)]
        words: Vec<String>,
        /// One JSON object per position (ply, move, picture, to_move, legal, outcome).
        #[arg(long)]
        json: bool,
    },
    /// Proves that X, to move, wins a Qubic position: a search of forcing chains with
    /// at most N quiet moves of X's, and the proof written to a file if asked.
    Prove {
        /// The game: qubic.
        game: String,
        /// The position: four layers of 16 cells, top first, `/` between.
        position: String,
        /// The most moves of X's that do not threaten.
        #[arg(long, default_value_t = 2)]
        quiet: usize,
        /// Positions the search may visit.
        #[arg(long, default_value_t = 10_000_000)]
        budget: u64,
        /// Where to write the proof (JSON), for `menace verify`.
        #[arg(long)]
        proof: Option<std::path::PathBuf>,
        /// Search by proof numbers (no bound on quiet moves; `--budget` counts the
        /// positions held) instead of deepening quiet moves one at a time.
        #[arg(long)]
        pns: bool,
    },
    /// Checks a proof file against every defence, with a checker that shares no code
    /// with the search that wrote it. Exit code 1 if the proof does not hold.
    Verify {
        /// The game: qubic.
        game: String,
        /// The proof file (JSON, or JSON compressed by zstd, as the proofs kept in
        /// proofs/qubic/ are).
        file: std::path::PathBuf,
        /// qubic, a proof from the empty cube: once it holds, write the positions where
        /// X has no forcing chain as `perfect`'s book (src/ai/qubic/book.zst).
        #[arg(long)]
        book: Option<std::path::PathBuf>,
    },
    /// Counts the boxes a MENACE needs for a game: every position it can meet with a
    /// choice to make, up to the game's symmetries, per ply.
    Boxes {
        /// The game and its options, e.g. `classic` or `morris diagonal-lines`.
        #[arg(required = true, num_args = 1..)]
        game: Vec<String>,
        /// The side MENACE plays.
        #[arg(long, value_parser = ["X", "O", "x", "o"], default_value = "X")]
        side: String,
        /// Stop counting past this many boxes. A limit whose count would not fit in the
        /// memory there is is refused before counting.
        #[arg(long, default_value_t = 1_000_000)]
        limit: usize,
    },
    /// Two AIs play a game against each other, each on both sides, and the results are
    /// counted: `menace duel ultimate --first mcts --second alphabeta`.
    Duel {
        /// The game and its options, e.g. `ultimate` or `ultimate closed`.
        #[arg(required = true, num_args = 1..)]
        game: Vec<String>,
        /// The AI measured (random, alphabeta, mcts, lookahead D, ...).
        #[arg(long, value_name = "NAME")]
        first: String,
        /// Its opponent.
        #[arg(long, value_name = "NAME")]
        second: String,
        /// Games on each side.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Alpha-beta's positions per move.
        #[arg(long, default_value_t = 200_000)]
        positions: u64,
        /// Monte-Carlo tree search's playouts per move.
        #[arg(long, default_value_t = 2_000)]
        playouts: u32,
    },
    /// `duel` in one line: `menace match gomoku threats attack 200` plays 200 games,
    /// half with each AI moving first, and counts them
    Match {
        /// The game and its options, then the two AIs, then the number of games in all:
        /// GAME [OPTION...] FIRST SECOND GAMES
        #[arg(required = true, num_args = 4.., value_name = "WORDS")]
        words: Vec<String>,
        /// Alpha-beta's positions per move.
        #[arg(long, default_value_t = 200_000)]
        positions: u64,
        /// Monte-Carlo tree search's playouts per move.
        #[arg(long, default_value_t = 2_000)]
        playouts: u32,
    },
    /// Plays many games of uniformly random play (every legal move equally likely, for
    /// both sides) and counts how they ended, with X's mean margin in points.
    RandomPlay {
        /// The game and its options, e.g. `quantum` or `quantum per-player`.
        #[arg(required = true, num_args = 1..)]
        game: Vec<String>,
        /// How many games.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
    },
    /// Plays gomoku as a brain of the Gomocup (Piskvork) protocol on standard input and
    /// output, for match managers such as piskvork or c-gomoku-cli.
    Gomocup {
        /// The bot: threats (threat-space search within the manager's time a move) or
        /// attack (the gomoku bot article's weights, instant).
        #[arg(long, value_parser = ["attack", "threats"], default_value = "threats")]
        bot: String,
    },
    /// Lists the lessons; with --check, runs every lesson headlessly (its demonstrations
    /// and the scripted solutions of its exercises) and fails naming any broken step.
    Lessons {
        #[arg(long)]
        check: bool,
    },
}

fn parse_preset(text: &str) -> Result<Preset, String> {
    Preset::parse(text).map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    let flags = match Flags::try_parse() {
        Ok(flags) => flags,
        Err(error) => return output::refused(&error),
    };
    if let Some(problem) = menace::memory::variable_problem() {
        complain!("menace: {problem}");
    }
    match flags.task {
        Some(Task::Bench {
            save: Some(game),
            save_boxes,
            save_games,
            ..
        }) => {
            return match menace::bench::run_save(
                &game,
                save_boxes,
                save_games.unwrap_or(u64::MAX),
                1,
            ) {
                Ok(report) => {
                    outln!("{}", render::bench_save(&report));
                    ExitCode::SUCCESS
                }
                Err(why) => {
                    complain!("menace: {}", menace::files::shown(&why, 200));
                    ExitCode::FAILURE
                }
            };
        }
        Some(Task::Bench {
            ultimate: true,
            repeats,
            ..
        }) => {
            let (runs, medians) = menace::bench::run_ultimate(repeats, 400);
            outln!("{}", render::bench_ultimate(&runs, &medians));
            return ExitCode::SUCCESS;
        }
        Some(Task::Bench { games, repeats, .. }) => {
            let report = menace::bench::run(games.max(1), repeats);
            outln!("{}", render::bench(&report));
            let variants = menace::bench::run_variants(repeats);
            outln!("{}", render::bench_variants(&variants));
            return ExitCode::SUCCESS;
        }
        Some(Task::Experiment {
            seeds,
            game: Some(game),
            side,
            vs,
            limit,
            positions,
            learner,
        }) => {
            let plan = (
                &side[..],
                &vs[..],
                &learner[..],
                flags.preset,
                limit,
                positions,
            );
            return game_experiment(&game, plan, seeds);
        }
        Some(Task::Experiment { seeds, .. }) => {
            let mut session = Session::new(Settings::default());
            let events = session.execute(menace::app::Command::Experiment(seeds.clamp(1, 1_000)));
            out!("{}", render::events(&events, Palette::PLAIN));
            return ExitCode::SUCCESS;
        }
        Some(Task::Lessons { check }) => return lessons::run(&flags.lessons, check),
        Some(Task::RandomPlay { game, games }) => {
            return random_play::run(&game, games, flags.seed.unwrap_or(1));
        }
        Some(Task::Duel {
            game,
            first,
            second,
            games,
            positions,
            playouts,
        }) => {
            let effort = menace::analysis::Effort {
                positions,
                playouts,
                ..menace::analysis::Effort::default()
            };
            return duel(
                &game,
                &first,
                &second,
                games,
                effort,
                flags.seed.unwrap_or(1),
            );
        }
        Some(Task::Match {
            words,
            positions,
            playouts,
        }) => {
            let effort = menace::analysis::Effort {
                positions,
                playouts,
                ..menace::analysis::Effort::default()
            };
            let (game, rest) = words.split_at(words.len().saturating_sub(3));
            let games = match rest[2].parse::<u32>() {
                Ok(games) if games >= 2 && games % 2 == 0 => games / 2,
                _ => {
                    complain!(
                        "menace: the last word is the number of games in all, an even number (half with each AI first), not \"{}\".",
                        rest[2]
                    );
                    return ExitCode::from(2);
                }
            };
            return duel(
                game,
                &rest[0],
                &rest[1],
                games,
                effort,
                flags.seed.unwrap_or(1),
            );
        }
        Some(Task::Solve {
            variant,
            budget,
            memory,
            from,
            first,
            proof,
            x_moves,
            replies,
            answers,
        }) => {
            if variant.len() == 1 && variant[0].eq_ignore_ascii_case("qubic") {
                if !proofs::prepare_search() {
                    return ExitCode::from(2);
                }
                // Checked once here, not once for each of O's replies.
                let Some(table_bytes) = proofs::qubic_table_bytes(memory.as_deref()) else {
                    return ExitCode::from(2);
                };
                let request = proofs::QubicRequest {
                    from: from.as_deref(),
                    first: &first,
                    visit_limit: budget,
                    table_bytes,
                    file: proof.as_deref(),
                    x_moves,
                };
                return if replies {
                    replies::solve_qubic_replies(&request)
                } else if answers {
                    answers::solve_qubic_answers(&request)
                } else {
                    proofs::solve_qubic(&request)
                };
            }
            if variant
                .first()
                .is_some_and(|name| name.eq_ignore_ascii_case("quantum"))
                && proof.is_none()
                && first == "any"
                && x_moves.is_none()
                && !replies
                && !answers
            {
                let words: Vec<&str> = variant.iter().map(String::as_str).collect();
                return solve::quantum(&words, from.as_deref(), budget.unwrap_or(SOLVE_BUDGET));
            }
            if from.is_some()
                || proof.is_some()
                || first != "any"
                || x_moves.is_some()
                || replies
                || answers
                || memory.is_some()
            {
                complain!(
                    "menace: --from, --first, --proof, --x-moves, --replies, --answers and --memory are for `menace solve qubic` (and --from for `menace solve quantum`)."
                );
                return ExitCode::from(2);
            }
            return solve::any(&variant, budget.unwrap_or(SOLVE_BUDGET));
        }
        Some(Task::Replay { words, json }) => return replay(&words, json),
        Some(Task::Boxes { game, side, limit }) => return count_boxes(&game, &side, limit),
        Some(Task::Prove {
            game,
            position,
            quiet,
            budget,
            proof,
            pns,
        }) => {
            return proofs::prove(&game, &position, quiet, budget, proof.as_deref(), pns);
        }
        Some(Task::Verify { game, file, book }) => {
            return proofs::verify(&game, &file, book.as_deref());
        }
        Some(Task::Gomocup { bot }) => {
            let bot = menace::gomocup::Bot::parse(&bot).unwrap_or(menace::gomocup::Bot::Threats);
            menace::gomocup::serve_stdio(bot, flags.seed.unwrap_or_else(rand::random));
            return ExitCode::SUCCESS;
        }
        None => {}
    }
    // Temporary files a crash left behind (a save is written beside its file first).
    save::remove_stale_temporaries(&flags.saves);
    let seed = flags.seed.unwrap_or_else(rand::random);
    let settings = Settings {
        seed,
        preset: flags.preset,
        show_boxes: if flags.no_boxes {
            menace::app::BoxListing::Off
        } else {
            menace::app::BoxListing::All
        },
        show_pictures: !flags.no_pictures,
        saves_dir: flags.saves.clone(),
        rules: menace::game::Rules {
            misere: flags.misere,
        },
        lessons_dir: flags.lessons.clone(),
        effort: menace::analysis::Effort::default(),
        box_limit: menace::menace::DEFAULT_BOX_LIMIT,
        confined: false,
    };
    let session = match &flags.load {
        None => Session::new(settings.clone()),
        Some(name) => match save::resolve(&flags.saves, Some(name))
            .map_err(|bad| format!("{bad}"))
            .and_then(|path| {
                menace::registry::saves::load(&path)
                    .map(|loaded| (path, loaded))
                    .map_err(|error| error.to_string())
            }) {
            Ok((path, loaded)) => Session::with_loaded(settings.clone(), path, loaded),
            Err(error) => {
                complain!("menace: not loaded: {error}.");
                return ExitCode::from(2);
            }
        },
    };
    // The console talks to the session through the course beside it.
    let mut session = menace::lesson::Tutor::with_session(session);
    let stdout = std::io::stdout();
    let palette = Palette {
        colour: stdout.is_terminal(),
    };
    // Ctrl-C stops a long run and keeps its games; the estimate and the bar go to
    // standard error, so a piped transcript stays the same from run to run.
    if let Some(interrupts) = repl::long_run::Interrupts::install() {
        let terminal = palette.colour && std::io::stderr().is_terminal();
        let watcher = repl::long_run::Watcher::new(interrupts, terminal);
        session.set_progress(Some(watcher.hook()));
        menace::stop::report_searches_to(Some(watcher.search_watcher()));
    }
    let mut out = stdout.lock();
    let greeting = render::welcome(&session, flags.seed.is_some(), palette);
    if out.write_all(greeting.as_bytes()).is_err() {
        return output_closed(&session);
    }
    let result = if std::io::stdin().is_terminal() {
        match TerminalInput::new(Some(flags.saves.join("history.txt"))) {
            Ok((mut input, warning)) => {
                if let Some(warning) = warning {
                    let _ = writeln!(out, "{warning}");
                }
                let result = repl::run(&mut session, &mut input, &mut out, palette);
                input.save_history();
                result
            }
            Err(error) => {
                complain!("menace: the terminal could not be set up: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut input = PipedInput::new(std::io::stdin().lock());
        repl::run(&mut session, &mut input, &mut out, palette)
    };
    match result {
        Ok(Ended::Normally) => ExitCode::SUCCESS,
        Ok(Ended::InputFailed(why)) => {
            complain!("menace: {why}; stopping.");
            ExitCode::FAILURE
        }
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => output_closed(&session),
        Err(error) => {
            complain!("menace: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The reader went away (`menace < script | head -1`): the lines after the one whose
/// answer could not be written are not run, so the run did not do what it was asked and
/// exits as a program killed by SIGPIPE does (128 + 13), saying on standard error what
/// was left undone, unsaved learning above all.
fn output_closed(session: &Session) -> ExitCode {
    let unsaved = session.unsaved();
    let lost = match unsaved {
        0 => String::new(),
        1 => "; what MENACE learned from 1 game is not saved".to_string(),
        games => format!("; what MENACE learned from {games} games is not saved"),
    };
    complain!("menace: standard output was closed, so the rest of the input was not run{lost}.");
    ExitCode::from(output::CLOSED)
}
