//! The console and the built program: whole sessions, the line handler under hostile and
//! random input, every event's rendering, the lessons, training, the Gomocup brain and
//! the exported page in a browser.
//!
//! One test crate per subject, so the library is linked once for all of them (each crate
//! under `tests/` links the whole library). A new file here is one `mod` line below.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/fuzz.rs"]
mod fuzz;

mod big_games;
mod binary;
mod browser;
mod console_reliability;
mod every_event;
mod fuzz_console;
mod fuzz_lessons;
mod gomocup;
mod interrupts_and_memory;
mod lesson_walks;
mod lessons;
mod limits;
mod listings_fit;
mod moves_prompts_and_boards;
mod random_lines;
mod session;
mod shape;
mod training;
