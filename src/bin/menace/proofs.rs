//! `menace prove` and `menace verify`: the Qubic proof search and its independent
//! checker at the command line (a front end: it reads files and prints).

use menace::repl::render::grouped;

/// "1 position", "1,638,066 positions".
pub fn counted(positions: u64) -> String {
    match positions {
        1 => "1 position".to_string(),
        n => format!("{} positions", grouped(n)),
    }
}
use std::path::Path;
use std::process::ExitCode;

fn qubic_only(game: &str) -> Result<(), ExitCode> {
    if game.eq_ignore_ascii_case("qubic") {
        Ok(())
    } else {
        complain!("menace: proofs are made for qubic only, not \"{game}\".");
        Err(ExitCode::from(2))
    }
}

/// `menace prove qubic POSITION [--quiet N] [--budget N] [--proof FILE]`.
pub fn prove(
    game: &str,
    position: &str,
    quiet: usize,
    budget: u64,
    file: Option<&Path>,
    by_proof_numbers: bool,
) -> ExitCode {
    if let Err(code) = qubic_only(game) {
        return code;
    }
    let (x, o) = match menace::ai::qubic::proof::read_position(position) {
        Ok(position) => position,
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    if by_proof_numbers {
        let Some(budget) =
            crate::output::fitted(budget, menace::ai::qubic::pns::BYTES_PER_POSITION)
        else {
            return ExitCode::FAILURE;
        };
        let mut search = menace::ai::qubic::pns::ProofNumberSearch::new(budget as usize);
        let verdict = search.solve(x, o);
        let seconds = start.elapsed().as_secs_f64();
        let positions = search.positions();
        let proof = match verdict {
            menace::ai::qubic::pns::Verdict::Proved(proof) => proof,
            menace::ai::qubic::pns::Verdict::Disproved => {
                say!(
                    "X does not win: O holds against every try ({}, {seconds:.1} s).",
                    counted(positions as u64)
                );
                return ExitCode::SUCCESS;
            }
            menace::ai::qubic::pns::Verdict::Unknown => {
                say!(
                    "Not settled within {} positions ({seconds:.1} s).",
                    grouped(budget)
                );
                return ExitCode::SUCCESS;
            }
        };
        say!(
            "X wins: a proof of {} by proof-number search ({} held, {seconds:.1} s).",
            counted(proof.len() as u64),
            counted(positions as u64)
        );
        return write_proof(file, x, o, &proof);
    }
    let Some(budget) = crate::output::fitted(budget, menace::ai::qubic::proof::BYTES_PER_POSITION)
    else {
        return ExitCode::FAILURE;
    };
    let mut prover = menace::ai::qubic::proof::Prover::new(budget);
    let found = prover.prove(x, o, quiet);
    let seconds = start.elapsed().as_secs_f64();
    let quiet_moves = if quiet == 1 { "move" } else { "moves" };
    let Some(proof) = found else {
        if prover.ran_out {
            say!(
                "Not settled: the budget of {} positions ran out before the search with at \
                 most {quiet} quiet {quiet_moves} of X's was done ({} positions, \
                 {seconds:.1} s); a larger --budget may find a proof.",
                grouped(budget),
                grouped(prover.nodes)
            );
        } else {
            say!(
                "No proof with at most {quiet} quiet {quiet_moves} of X's: every try was \
                 searched ({}, {seconds:.1} s).",
                counted(prover.nodes)
            );
        }
        return ExitCode::SUCCESS;
    };
    say!(
        "X wins: a proof of {} with at most {quiet} quiet {quiet_moves} ({} searched, {seconds:.1} s).",
        counted(proof.len() as u64),
        counted(prover.nodes)
    );
    write_proof(file, x, o, &proof)
}

/// Writes the proof if a file was named.
pub fn write_proof(
    file: Option<&Path>,
    x: u64,
    o: u64,
    proof: &menace::ai::qubic::proof::Proof,
) -> ExitCode {
    if let Some(file) = file {
        let text = menace::ai::qubic::proof::to_json(x, o, proof);
        match menace::menace::save::write_output(file, text.as_bytes()) {
            Ok(()) => say!("Wrote the proof to {}.", file.display()),
            Err(error) => {
                complain!(
                    "menace: could not write {}: {}.",
                    file.display(),
                    error.error
                );
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `menace verify qubic FILE [--book OUT]`.
pub fn verify(game: &str, file: &Path, book: Option<&Path>) -> ExitCode {
    if let Err(code) = qubic_only(game) {
        return code;
    }
    // Refused by its size before it is read, where reading it would not fit in memory.
    let size = std::fs::metadata(file).map_or(0, |metadata| metadata.len());
    let needed = size.saturating_mul(menace::verify::MEMORY_PER_BYTE);
    if let Some(available) = menace::memory::available()
        && size <= menace::verify::MAX_PROOF_BYTES
        && needed > available
    {
        complain!(
            "menace: {} is {}; checking it takes about {}, more than the {} of memory there is.",
            file.display(),
            menace::files::bytes(size),
            menace::files::bytes(needed),
            menace::files::bytes(available)
        );
        return ExitCode::from(2);
    }
    let text = match menace::files::read_text_or_zstd(file, menace::verify::MAX_PROOF_BYTES) {
        Ok(text) => text,
        Err(problem) => {
            complain!("menace: {} is not read: {problem}.", file.display());
            return ExitCode::from(2);
        }
    };
    // A compressed proof is measured again once unpacked: its size on disk said little.
    let needed = (text.len() as u64).saturating_mul(menace::verify::MEMORY_PER_BYTE);
    if let Some(available) = menace::memory::available()
        && text.len() as u64 > size
        && needed > available
    {
        complain!(
            "menace: {} unpacks to {}; checking it takes about {}, more than the {} of memory there is.",
            file.display(),
            menace::files::bytes(text.len() as u64),
            menace::files::bytes(needed),
            menace::files::bytes(available)
        );
        return ExitCode::from(2);
    }
    let (x, o, moves) = match menace::verify::read(&text) {
        Ok(proof) => proof,
        Err(why) => {
            complain!("menace: {}: {why}.", file.display());
            return ExitCode::from(2);
        }
    };
    if book.is_some() && (x, o) != (0, 0) {
        complain!("menace: --book takes a proof from the empty cube.");
        return ExitCode::from(2);
    }
    match menace::verify::check(x, o, &moves) {
        Ok(checked) => {
            say!(
                "The proof holds: X wins against every defence ({} of X's checked, {} in the file).",
                counted(checked as u64),
                grouped(moves.len() as u64)
            );
            write_book(book, &moves)
        }
        Err(why) => {
            say!("The proof does not hold: {why}.");
            ExitCode::from(1)
        }
    }
}

/// Writes a checked proof's positions that have no forcing chain as `perfect`'s book,
/// if a file was named.
fn write_book(file: Option<&Path>, moves: &std::collections::BTreeMap<(u64, u64), u8>) -> ExitCode {
    use menace::ai::qubic::strategy::{read_book, write_book};
    let Some(file) = file else {
        return ExitCode::SUCCESS;
    };
    let bytes = write_book(moves);
    let written = read_book(&bytes).and_then(|book| {
        menace::menace::save::write_output(file, &bytes)
            .map(|()| book.len())
            .map_err(|error| error.error.to_string())
    });
    match written {
        Ok(positions) => {
            say!(
                "Wrote the book: the {} positions of the proof where X has no forcing chain ({}) to {}.",
                grouped(positions as u64),
                menace::files::bytes(bytes.len() as u64),
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            complain!("menace: could not write {}: {why}.", file.display());
            ExitCode::from(2)
        }
    }
}

/// The cells X may move on first (from `--from`, its next move): `any`, `4-lines` (the
/// 48 cells on 4 lines: the Qubic article's open question), `7-lines` (the 16 corners
/// and centres) or cells such as `0,21`.
pub fn read_first_moves(text: &str) -> Result<u64, String> {
    let geometry = menace::game::cube::Geometry::of(4);
    let on_lines = |count: usize| {
        (0..64).fold(0u64, |cells, cell| {
            if geometry.lines_through[cell].len() == count {
                cells | 1 << cell
            } else {
                cells
            }
        })
    };
    match text {
        "any" => Ok(u64::MAX),
        "4-lines" => Ok(on_lines(4)),
        "7-lines" => Ok(on_lines(7)),
        _ => text
            .split(',')
            .try_fold(0u64, |cells, cell| match cell.trim().parse::<u8>() {
                Ok(cell) if cell < 64 => Ok(cells | 1 << cell),
                _ => Err(format!(
                    "--first takes any, 4-lines, 7-lines or cells 0-63 such as 0,21, not \"{}\"",
                    menace::files::shown(text, 20)
                )),
            }),
    }
}

/// The CPU seconds (user and system, every thread) this process has used so far, where
/// the system says (Linux counts them in hundredths of a second).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name in brackets: state is the first, user and
    // system time the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Starts the count of peak memory again (Linux), so that each of O's replies reports
/// its own; where the system does not allow it, the peak stays the process's.
pub fn restart_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak memory of this process so far, in MB, where the system says (Linux).
fn peak_megabytes() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024.0)
}

/// The memory a Qubic search needs beside its table: the cube's tables, a thread on each
/// core with its stack and its threat search's store, the proof and its check. Below
/// it, some allocation of theirs would fail and end the program (tried under `ulimit
/// -v`: 30 MB of address space failed in the threads, the cube's tables or a helper's
/// threat search, depending on what was left), so the search is refused instead.
const BESIDE_THE_TABLE: u64 = 32 << 20;

/// Checks that the memory there is holds a search beside its table, computes the cube's
/// tables and starts the threads that fill the table and check the proof on every
/// core; or says in one sentence why not (too little memory, or the system will not
/// start the threads), where a failed allocation later would end the program.
pub fn prepare_search() -> bool {
    if let Some(available) = menace::memory::available()
        && available < BESIDE_THE_TABLE
    {
        complain!(
            "menace: solving Qubic needs at least {} of memory beside its table and {} is left here, so nothing is solved.",
            menace::memory::about(BESIDE_THE_TABLE),
            menace::memory::about(available)
        );
        return false;
    }
    menace::game::cube::Geometry::of(4);
    menace::ai::qubic::symmetric_hash::SymmetricHash::get();
    match rayon::ThreadPoolBuilder::new().build_global() {
        Ok(()) => true,
        Err(why) => {
            complain!(
                "menace: the system will not start the threads to search on ({why}), so nothing is solved."
            );
            false
        }
    }
}

/// The memory of `menace solve qubic`'s table: `--memory SIZE`, or the default; lowered
/// to what the machine allows (and said so). `None`, after one sentence, for a bad size.
pub fn qubic_table_bytes(memory: Option<&str>) -> Option<u64> {
    use menace::ai::qubic::dfpn::{BYTES_PER_ENTRY, DEFAULT_TABLE_BYTES};
    let asked = match memory {
        None => return Some(menace::memory::for_one_table(DEFAULT_TABLE_BYTES)),
        Some(text) => match menace::memory::parse_bytes(text) {
            Some(bytes) if bytes >= 1 << 20 => bytes,
            _ => {
                complain!(
                    "menace: --memory takes a size of at least 1M, such as 2G or 500M, not \"{text}\"."
                );
                return None;
            }
        },
    };
    let allowed = menace::memory::for_one_table(u64::MAX);
    if asked > allowed {
        complain!(
            "menace: a table of {} is more than the {} a table may use here, so it takes {}.",
            menace::memory::about(asked),
            menace::memory::about(allowed),
            menace::memory::about(allowed)
        );
    }
    Some(asked.min(allowed).max(BYTES_PER_ENTRY * 4))
}

/// What `menace solve qubic` was asked.
pub struct QubicRequest<'a> {
    pub from: Option<&'a str>,
    pub first: &'a str,
    /// `--budget`: the most positions the search may visit.
    pub visit_limit: Option<u64>,
    /// `--memory`: the table's bytes.
    pub table_bytes: u64,
    pub file: Option<&'a Path>,
    pub x_moves: Option<usize>,
}

/// How one search ended, for the reports.
pub enum Solved {
    /// X wins, the proof checked; with the proof's size.
    Proved(menace::ai::qubic::proof::Proof),
    Disproved,
    Unsettled,
}

/// The position a request starts from: `--from`'s, or the empty cube; a bad picture
/// is told in one sentence.
pub fn start_position(request: &QubicRequest) -> Result<(u64, u64), ExitCode> {
    match request.from.map(menace::ai::qubic::proof::read_position) {
        None => Ok((0, 0)),
        Some(Ok(position)) => Ok(position),
        Some(Err(why)) => {
            complain!("menace: {why}.");
            Err(ExitCode::from(2))
        }
    }
}

/// `menace solve qubic [--from POSITION] [--first CELLS] [--budget N] [--proof FILE]`:
/// df-pn from the empty cube (or a position), the proof checked by the independent
/// checker before it is reported.
pub fn solve_qubic(request: &QubicRequest) -> ExitCode {
    let (x, o) = match start_position(request) {
        Ok(position) => position,
        Err(code) => return code,
    };
    let first_moves = match read_first_moves(request.first) {
        Ok(cells) => cells,
        Err(why) => {
            complain!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    if (x, o) != (0, 0) && first_moves & !(x | o) == 0 {
        complain!("menace: --first names no empty cell of the position, so X has no move to try.");
        return ExitCode::from(2);
    }
    match search(x, o, first_moves, request) {
        Ok(Solved::Proved(proof)) => write_proof(request.file, x, o, &proof),
        Ok(_) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// X's moves at an unsettled root, fewest to prove first (at most six): the moves
/// to search on their own next (`--from` the same position, `--first` the move).
fn most_promising(moves: &[(u8, menace::ai::qubic::table::Numbers)]) -> String {
    let shown: Vec<String> = moves
        .iter()
        .take(6)
        .map(|(cell, numbers)| {
            if numbers.disproof == 0 {
                format!("{cell} (lost)")
            } else {
                format!(
                    "{cell} ({} to prove, {} to disprove)",
                    grouped(u64::from(numbers.proof)),
                    grouped(u64::from(numbers.disproof))
                )
            }
        })
        .collect();
    format!(
        "X's most promising moves at the root, of {}: {}.",
        moves.len(),
        shown.join(", ")
    )
}

/// One search, reported; a proof is checked by the independent checker first.
pub fn search(
    x: u64,
    o: u64,
    first_moves: u64,
    request: &QubicRequest,
) -> Result<Solved, ExitCode> {
    let start = std::time::Instant::now();
    let cpu_before = cpu_seconds();
    let Some(mut solver) = menace::ai::qubic::dfpn::Solver::try_new(request.table_bytes) else {
        complain!(
            "menace: the system will not give a table of {} to search in, so nothing is solved (--memory asks for less).",
            menace::memory::about(request.table_bytes)
        );
        return Err(ExitCode::from(2));
    };
    solver.visit_limit = request.visit_limit;
    solver.first_moves = first_moves;
    solver.x_moves_limit = request.x_moves;
    // On a terminal a spinner says where the search is; otherwise a line every 10 s.
    let spinner = indicatif::ProgressBar::new_spinner();
    let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let shown = spinner.clone();
    let mut last_line = std::time::Instant::now();
    solver.progress = Some(Box::new(move |progress| {
        let message = format!(
            "{} positions, {} visits; at the root {} to prove, {} to disprove",
            progress.positions, progress.visits, progress.proof, progress.disproof
        );
        if on_terminal {
            shown.set_message(message);
            shown.tick();
        } else if last_line.elapsed().as_secs() >= 10 {
            last_line = std::time::Instant::now();
            eprintln!("{message}");
        }
    }));
    // On every core: O's replies to X's first move are proved side by side.
    let cores = menace::ai::qubic::parallel::cores();
    let verdict = menace::ai::qubic::parallel::solve(&mut solver, x, o, cores);
    spinner.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let memory = peak_megabytes().map_or(String::new(), |mb| format!(", peak memory {mb:.0} MB"));
    let cpu = match (cpu_before, cpu_seconds()) {
        (Some(before), Some(after)) => format!(" ({:.1} s of CPU)", after - before),
        _ => String::new(),
    };
    let replaced = match solver.replaced() {
        0 => String::new(),
        replaced => format!(" ({} replaced when full)", grouped(replaced)),
    };
    let searched = format!(
        "{} in a table of {}{replaced}, {} visits, {} threat-search positions, {seconds:.1} s{cpu}{memory}",
        counted(solver.positions() as u64),
        grouped(solver.capacity() as u64),
        grouped(solver.visits),
        grouped(solver.threat_nodes())
    );
    let root_moves = solver.root_moves();
    let read_failure = solver.read_failure.take();
    // The table is not needed to check the proof: its memory goes back first.
    drop(solver);
    use menace::ai::qubic::dfpn::Verdict;
    let proof = match verdict {
        Verdict::Proved(proof) => proof,
        Verdict::Disproved => {
            match request.x_moves {
                Some(limit) => say!(
                    "No proof with X trying its {limit} most promising moves ({searched}); that proves nothing about the position."
                ),
                None if first_moves != u64::MAX && (x, o) != (0, 0) => say!(
                    "X does not win with its move on those cells: O holds against it ({searched})."
                ),
                None => say!("X does not win: O holds against every try ({searched})."),
            }
            return Ok(Solved::Disproved);
        }
        Verdict::Unknown => {
            match request.visit_limit {
                // The budget counts the calling thread's visits; the helpers' are
                // in the total.
                Some(limit) => say!(
                    "Not settled within a budget of {} visits ({searched}).",
                    grouped(limit)
                ),
                None => say!("Not settled: the search was stopped ({searched})."),
            }
            if !root_moves.is_empty() {
                say!("{}", most_promising(&root_moves));
            }
            if let Some(why) = read_failure {
                say!(
                    "The table holds a proof of a move at the root, but reading it out failed: {why}."
                );
            }
            return Ok(Solved::Unsettled);
        }
    };
    say!("X wins ({searched}).");
    let checking = std::time::Instant::now();
    match menace::verify::check(x, o, proof.canonical_moves()) {
        Ok(checked) => say!(
            "The proof has {} up to symmetry; the independent checker replayed every defence against it ({} of X's, {:.1} s).",
            counted(proof.len() as u64),
            counted(checked as u64),
            checking.elapsed().as_secs_f64()
        ),
        Err(why) => {
            say!("The proof does not hold: {why}.");
            return Err(ExitCode::from(1));
        }
    }
    Ok(Solved::Proved(proof))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Linux counts CPU time in hundredths of a second: a tenth of a second of work
    /// must show.
    #[cfg(target_os = "linux")]
    #[test]
    fn cpu_seconds_count_the_work_done() {
        let before = cpu_seconds().expect("/proc/self/stat read");
        let start = std::time::Instant::now();
        let mut sum = 0u64;
        while cpu_seconds().expect("read again") < before + 0.1 && start.elapsed().as_secs() < 20 {
            for _ in 0..100_000 {
                sum = sum.wrapping_add(std::hint::black_box(1));
            }
        }
        let after = cpu_seconds().expect("read again");
        assert!(after >= before + 0.1 && sum > 0, "{before} then {after}");
    }
}
