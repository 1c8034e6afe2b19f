//! The gomoku bots: the gomoku bot article's attack weights ([`attack`]), and a stronger
//! player that searches forcing moves ([`threats`]) and uses the weights to order its
//! moves.

pub mod attack;
#[cfg(test)]
mod tests;
pub mod threats;
