//! `menace prove` and `menace verify`: the Qubic proof search and its independent
//! checker at the command line (a front end: it reads files and prints).

use std::path::Path;
use std::process::ExitCode;

fn qubic_only(game: &str) -> Result<(), ExitCode> {
    if game.eq_ignore_ascii_case("qubic") {
        Ok(())
    } else {
        eprintln!("menace: proofs are made for qubic only, not \"{game}\".");
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
    let (x, o) = match menace::ai::proof::read_position(position) {
        Ok(position) => position,
        Err(why) => {
            eprintln!("menace: {why}.");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    if by_proof_numbers {
        let mut search = menace::ai::pns::ProofNumberSearch::new(budget as usize);
        let verdict = search.solve(x, o);
        let seconds = start.elapsed().as_secs_f64();
        let positions = search.positions();
        let proof = match verdict {
            menace::ai::pns::Verdict::Proved(proof) => proof,
            menace::ai::pns::Verdict::Disproved => {
                println!(
                    "X does not win: O holds against every try ({positions} positions, {seconds:.1} s)."
                );
                return ExitCode::SUCCESS;
            }
            menace::ai::pns::Verdict::Unknown => {
                println!("Not settled within {budget} positions ({seconds:.1} s).");
                return ExitCode::SUCCESS;
            }
        };
        println!(
            "X wins: a proof of {} positions by proof-number search ({positions} positions held, {seconds:.1} s).",
            proof.len()
        );
        return write_proof(file, x, o, &proof);
    }
    let mut prover = menace::ai::proof::Prover::new(budget);
    let found = prover.prove(x, o, quiet);
    let seconds = start.elapsed().as_secs_f64();
    let quiet_moves = if quiet == 1 { "move" } else { "moves" };
    let Some(proof) = found else {
        println!(
            "No proof with at most {quiet} quiet {quiet_moves} of X's ({} positions, {seconds:.1} s).",
            prover.nodes
        );
        return ExitCode::SUCCESS;
    };
    println!(
        "X wins: a proof of {} positions with at most {quiet} quiet {quiet_moves} ({} positions searched, {seconds:.1} s).",
        proof.len(),
        prover.nodes
    );
    write_proof(file, x, o, &proof)
}

/// Writes the proof if a file was named.
fn write_proof(file: Option<&Path>, x: u64, o: u64, proof: &menace::ai::proof::Proof) -> ExitCode {
    if let Some(file) = file {
        let text = menace::ai::proof::to_json(x, o, proof);
        match menace::menace::save::write_output(file, text.as_bytes()) {
            Ok(()) => println!("Wrote the proof to {}.", file.display()),
            Err(error) => {
                eprintln!(
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

/// `menace verify qubic FILE`.
pub fn verify(game: &str, file: &Path) -> ExitCode {
    if let Err(code) = qubic_only(game) {
        return code;
    }
    let text = match menace::files::read_text(file, menace::verify::MAX_PROOF_BYTES) {
        Ok(text) => text,
        Err(problem) => {
            eprintln!("menace: {} could not be read: {problem}.", file.display());
            return ExitCode::from(2);
        }
    };
    let (x, o, moves) = match menace::verify::read(&text) {
        Ok(proof) => proof,
        Err(why) => {
            eprintln!("menace: {}: {why}.", file.display());
            return ExitCode::from(2);
        }
    };
    match menace::verify::check(x, o, &moves) {
        Ok(checked) => {
            println!(
                "The proof holds: X wins against every defence ({checked} positions of X's checked, {} in the file).",
                moves.len()
            );
            ExitCode::SUCCESS
        }
        Err(why) => {
            println!("The proof does not hold: {why}.");
            ExitCode::from(1)
        }
    }
}
