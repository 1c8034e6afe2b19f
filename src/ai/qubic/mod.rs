//! Qubic's own searches (seed 000): forcing chains of threats, the proofs built on
//! them, and the searches that find proofs, each checked by [`crate::verify`].

pub mod delta_swaps;
pub mod dfpn;
pub mod pns;
pub mod proof;
pub mod symmetric_hash;
pub mod threats;
