//! Files a user keeps and files from outside: saves (format 2, and format 1 of earlier
//! versions), the save loader fuzzed from a corpus, and the safety of every file the
//! program reads or writes (two instances saving at once, escapes, map paths, folders).
//!
//! One test crate per subject, so the library is linked once for all of them (each crate
//! under `tests/` links the whole library). A new file here is one `mod` line below.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/fuzz.rs"]
mod fuzz;

mod big_saves;
mod file_safety;
mod fuzz_saves;
mod learners;
mod saves;
