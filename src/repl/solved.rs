//! How the console and `menace solve` tell a solved value: the sentence, a best move,
//! and how it was found.

use super::render::grouped;
use crate::analysis::Solved;

/// `solve`'s answer for a game.
pub fn game_solved(title: &str, solved: &Solved, millis: u128) -> String {
    match solved {
        Solved::Value {
            value,
            best,
            positions,
            method,
        } => solved_text(
            &format!("{title}: with perfect play the player to move has {value}."),
            best.as_deref(),
            method,
            *positions,
            millis,
        ),
        Solved::Points {
            margin,
            best,
            positions,
            method,
        } => {
            let result = match margin {
                2.. => "wins 1 to 0",
                1 => "wins 1 to ½",
                0 => "draws",
                -1 => "loses ½ to 1",
                _ => "loses 0 to 1",
            };
            solved_text(
                &format!("{title}: with perfect play the player to move {result}."),
                best.as_deref(),
                method,
                *positions,
                millis,
            )
        }
        Solved::Wins {
            best,
            positions,
            method,
        } => solved_text(
            &format!("{title}: with perfect play the player to move wins."),
            best.as_deref(),
            method,
            *positions,
            millis,
        ),
        Solved::TooBig { budget, asked } => {
            let lowered = if asked > budget {
                format!(
                    ", all that a table in {} of memory holds ({} were asked for)",
                    crate::files::bytes(crate::ai::alphabeta::table_bytes()),
                    grouped(*asked)
                )
            } else {
                String::new()
            };
            let sentence = format!(
                "{title}: not solved within {} positions{lowered} ({} ms); the game is too big to solve here from this position.",
                grouped(*budget),
                grouped(u64::try_from(millis).unwrap_or(u64::MAX))
            );
            format!("{}\n", crate::repl::text::fill(&sentence, 79))
        }
    }
}

/// A solved value's sentence, its best move, and how it was found.
fn solved_text(
    sentence: &str,
    best: Option<&str>,
    method: &str,
    positions: u64,
    millis: u128,
) -> String {
    let best = best.map_or(String::new(), |best| format!(" A best move: {best}."));
    let positions = match positions {
        1 => "1 position".to_string(),
        many => format!("{} positions", grouped(many)),
    };
    format!(
        "{}\n({method}, {positions}, {} ms)\n",
        crate::repl::text::fill(&format!("{sentence}{best}"), 79),
        grouped(u64::try_from(millis).unwrap_or(u64::MAX))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_position_is_counted_in_the_singular() {
        let text = solved_text("Won.", None, "alpha-beta", 1, 0);
        assert!(text.contains("(alpha-beta, 1 position, 0 ms)"), "{text}");
        let text = solved_text("Won.", Some("MM"), "alpha-beta", 1_234, 5);
        assert!(
            text.contains("(alpha-beta, 1,234 positions, 5 ms)"),
            "{text}"
        );
    }
}
