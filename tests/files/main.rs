//! Files a user keeps: saves (format 2, and format 1 of earlier versions) and the save
//! loader fuzzed from a corpus.
//!
//! One test crate per subject, so the library is linked once for all of them (each crate
//! under `tests/` links the whole library). A new file here is one `mod` line below.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/fuzz.rs"]
mod fuzz;

mod fuzz_saves;
mod saves;
