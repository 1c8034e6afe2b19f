//! The seeds' claims computed by our own solvers: boards, 3-D giveaway, Silverman's 4x4,
//! the variants, Qubic, and the strategies of the algorithm page (`lookahead`, `teacher
//! centre`). Most of the heavy release runs (`--ignored`) are here, so they run side by
//! side.
//!
//! One test crate per subject, so the library is linked once for all of them (each crate
//! under `tests/` links the whole library). A new file here is one `mod` line below.

mod boards;
mod cube_misere;
mod lookahead_fidelity;
mod perfect_everywhere;
mod quantum_morris;
mod qubic;
mod qubic_open;
mod qubic_perfect;
mod silverman_claims;
mod teacher_centre;
mod variants;
