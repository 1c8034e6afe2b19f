//! The words of the course, explained: `explain WORD`. Each entry is a term, the other
//! spellings it is found by, and a short explanation in the course's plain words.

/// One glossary entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub term: &'static str,
    pub also: &'static [&'static str],
    pub text: &'static str,
}

/// Every entry, in alphabetical order.
pub const GLOSSARY: &[Entry] = &[
    Entry {
        term: "alpha-beta",
        also: &["alphabeta", "alpha beta"],
        text: "Minimax that skips the moves it can prove cannot change the answer: once one reply refutes a move, the other replies need not be looked at. Same result, far fewer positions. Here it also remembers positions already valued (a transposition table) and works within a budget of positions or time.",
    },
    Entry {
        term: "attack",
        also: &["attacks", "attack weight", "weights"],
        text: "In the gomoku bot article's bot (attack): a run of like stones on a line through the cell weighed, with its power (stones), potential (open ends) and divider (1, or more for a run beyond a gap). Each weighs by a table, divided by its divider; a cell's weight is the sum for a black stone there and a white one (weights CELL shows them).",
    },
    Entry {
        term: "bead",
        also: &["beads"],
        text: "One coloured bead in a matchbox stands for one move from that box's position. MENACE draws a bead at random, so a move with more beads is more likely. Learning is adding beads after a good game and taking them away after a bad one.",
    },
    Entry {
        term: "box",
        also: &["matchbox", "boxes", "matchboxes"],
        text: "One matchbox per position MENACE can face with X to move (304 for noughts and crosses, counting positions that are the same up to symmetry once). Its picture shows the position; its beads are the moves.",
    },
    Entry {
        term: "breakpoint",
        also: &["breakpoints"],
        text: "The gomoku bot article's word for an attack that must be answered at once: four stones, or three with both ends open, or a run and a run one gap away that together make four. Two breakpoints from one cell (a double threat) add 100 to its weight.",
    },
    Entry {
        term: "canonical form",
        also: &["canonical"],
        text: "Of all the ways to turn and mirror a board, the one chosen to stand for them all (here the smallest picture in a fixed order). Each box is drawn in canonical form, so one box serves up to eight boards.",
    },
    Entry {
        term: "check",
        also: &["checks", "threat", "threats"],
        text: "A move that makes a line one move from complete (in Qubic, three of four with the fourth cell empty): the opponent must block it at once, so the reply is forced.",
    },
    Entry {
        term: "collapse",
        also: &["collapses", "cycle", "cycles"],
        text: "In quantum tic-tac-toe: when a move closes a cycle of entangled squares, its marks must be decided. One player chooses which of its two squares the closing mark takes, and every mark of the cycle, and every mark hanging off it, is forced into one square and becomes classical.",
    },
    Entry {
        term: "entanglement",
        also: &["entangled", "entanglement graph"],
        text: "In quantum tic-tac-toe: a spooky move ties its two squares together. Drawn as a graph, squares are points and moves are lines between them; a move that closes a loop in it forces a collapse.",
    },
    Entry {
        term: "forcing chain",
        also: &["forced win", "threat sequence"],
        text: "Checks one after another, each forcing the reply, ending in a move that makes two threats at once (a fork), which no single reply blocks. Searching them is fast because the defender never has a choice.",
    },
    Entry {
        term: "fork",
        also: &["forks"],
        text: "A move that makes two threats at once: two lines each one move from complete. The opponent can block only one, so a fork usually wins.",
    },
    Entry {
        term: "heuristic",
        also: &["heuristics", "rating"],
        text: "A rule of thumb that scores moves without searching to the end of the game, like the rating heuristic that counts the lines through each empty cell.",
    },
    Entry {
        term: "minimax",
        also: &["perfect play"],
        text: "Valuing a position by assuming both players play their best from it: you take the move that is best for you, knowing the opponent will answer with the move that is worst for you. Searched to the end, it is perfect play.",
    },
    Entry {
        term: "misere",
        also: &["misère"],
        text: "The same game with the goal reversed: whoever completes three in a row loses.",
    },
    Entry {
        term: "monte-carlo tree search",
        also: &["mcts", "monte carlo", "monte-carlo"],
        text: "Play many quick games from the position, keep a tree of the moves tried, try most often the moves whose games went best (while still trying the others now and then), and play the move tried most. It needs no knowledge of the game beyond its rules.",
    },
    Entry {
        term: "picture",
        also: &["pictures", "position"],
        text: "A whole position written as one line of text, the cells in reading order: X...O.... is X in the top-left corner and O in the centre. solve, box and the save files take pictures.",
    },
    Entry {
        term: "playout",
        also: &["playouts", "rollout"],
        text: "One quick game played to the end from a position, by random moves or a simple policy, to see who tends to win from there. Monte-Carlo tree search plays thousands.",
    },
    Entry {
        term: "ply",
        also: &["half-move", "half move", "plies"],
        text: "One move by one player. A full move is two plies, one each; MENACE's first move is at ply 0, its second at ply 2.",
    },
    Entry {
        term: "preset",
        also: &["presets"],
        text: "How MENACE's boxes start and learn: how many beads of each move a box starts with, the reward for a win, a draw and a loss, and what happens when a box runs empty. challenge and michie are built in; custom makes your own.",
    },
    Entry {
        term: "renju",
        also: &["foul", "forbidden move"],
        text: "Gomoku with black's strongest weapons forbidden, to balance the first move: black may not make two open threes at once, two fours at once, or six in a row; a three counts only if it can become an open four by a move black is allowed. White may do anything, and six wins for white.",
    },
    Entry {
        term: "retrograde analysis",
        also: &["retrograde", "backward induction"],
        text: "Solving a game backwards: list every position that can be reached, value the finished ones (won, lost, drawn), then value each other position from the positions its moves lead to, over and over until nothing changes. It needs room for every position, but no depth limit, so it also settles games that can go round in circles, like the sliding phase of Three Men's Morris.",
    },
    Entry {
        term: "reward",
        also: &["rewards", "reinforcement"],
        text: "What a game's result does to the beads MENACE drew: under challenge a win puts each back with one more, a draw puts it back, a loss keeps it out. Learning from rewards like this is reinforcement learning.",
    },
    Entry {
        term: "seed",
        also: &["--seed", "random seed"],
        text: "The number every random choice of a session is drawn from: menace --seed N replays a whole session exactly. (The project's sources also call the articles it started from its seeds.)",
    },
    Entry {
        term: "solve",
        also: &["solved", "value"],
        text: "Find a position's value under perfect play: a win, a draw or a loss for the player to move, and in how many moves. Small games solve at once; big ones only within a budget, and the program says when the budget ran out.",
    },
    Entry {
        term: "spooky mark",
        also: &["spooky", "spooky marks", "superposition", "classical"],
        text: "In quantum tic-tac-toe a move puts two spooky marks, numbered with the move (x1, o2), in two squares: the mark is in one of them, not yet known which. A collapse makes marks classical, drawn in capitals (X1); only classical marks make lines.",
    },
    Entry {
        term: "strong cell",
        also: &["strong cells", "weak cell", "weak cells"],
        text: "In Qubic: the 8 corners and the 8 cells at the heart of the cube lie on 7 lines each, the other 48 cells on 4. Up to the 192 symmetries every first move is one or the other.",
    },
    Entry {
        term: "symmetry",
        also: &["symmetries", "turned", "mirrored"],
        text: "A way to turn or mirror the board that keeps every line a line: the square has eight (four turns, each with or without a mirror). Positions that are the same up to symmetry play the same, so they share a box. The 3x3x3 cube has 48 and Qubic 192 (the cube's 48 times four maps that shuffle the cells of every line the same way).",
    },
    Entry {
        term: "threat-space search",
        also: &["vcf", "vct", "threat space search"],
        text: "Searching only the moves that threaten (fours, which must be blocked, and open threes, which must be blocked soon) and the few replies that stop them. Allis used it in 1993 to prove that the first player wins free-style gomoku on 15x15; the threats bot here searches so.",
    },
];

/// The entry a word names (any case; the term or another spelling).
pub fn find(word: &str) -> Option<&'static Entry> {
    let word = word.trim().to_lowercase();
    GLOSSARY
        .iter()
        .find(|entry| entry.term == word || entry.also.iter().any(|also| *also == word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_term_and_spelling_finds_its_entry_and_no_two_collide() {
        let mut seen = std::collections::HashSet::new();
        for entry in GLOSSARY {
            for word in std::iter::once(&entry.term).chain(entry.also) {
                assert_eq!(find(word), Some(entry), "{word}");
                assert!(seen.insert(*word), "{word} twice");
                assert_eq!(word.to_lowercase(), *word);
            }
        }
        assert_eq!(find("PLY").map(|entry| entry.term), Some("ply"));
        assert_eq!(find("Half-Move").map(|entry| entry.term), Some("ply"));
        assert!(find("banana").is_none());
        assert_eq!(
            find("Retrograde").map(|entry| entry.term),
            Some("retrograde analysis")
        );
        let terms: Vec<&str> = GLOSSARY.iter().map(|entry| entry.term).collect();
        let mut sorted = terms.clone();
        sorted.sort_unstable();
        assert_eq!(terms, sorted, "alphabetical");
    }

    /// The counts of symmetries the entry gives (and lesson 17 quotes) are the ones the
    /// cubes' geometry computes.
    #[test]
    fn the_symmetry_entry_counts_what_the_geometry_computes() {
        use crate::game::cube::Geometry;
        let cube = Geometry::of(3).symmetries.len();
        let qubic = Geometry::of(4).symmetries.len();
        let text = find("symmetry").expect("the entry").text;
        assert!(
            text.contains(&format!(
                "The 3x3x3 cube has {cube} and Qubic {qubic} (the cube's {cube} times four"
            )),
            "{text}"
        );
        assert_eq!(qubic, cube * 4);
    }

    /// The strong cells of Qubic as the entry counts them (and lesson 17 quotes), from
    /// the lines the geometry computes through each cell.
    #[test]
    fn the_strong_cell_entry_counts_what_the_geometry_computes() {
        let geometry = crate::game::cube::Geometry::of(4);
        let lines = |cell: usize| geometry.lines_through[cell].len();
        let coordinates = |cell: usize| [cell % 4, cell / 4 % 4, cell / 16];
        let corners: Vec<usize> = (0..64)
            .filter(|cell| coordinates(*cell).iter().all(|at| *at == 0 || *at == 3))
            .collect();
        let heart: Vec<usize> = (0..64)
            .filter(|cell| coordinates(*cell).iter().all(|at| *at == 1 || *at == 2))
            .collect();
        let strong = lines(corners[0]);
        assert!(
            corners
                .iter()
                .chain(&heart)
                .all(|cell| lines(*cell) == strong)
        );
        let others: Vec<usize> = (0..64)
            .filter(|cell| !corners.contains(cell) && !heart.contains(cell))
            .collect();
        let weak = lines(others[0]);
        assert!(others.iter().all(|cell| lines(*cell) == weak));
        let text = find("strong cell").expect("the entry").text;
        let counted = format!(
            "the {} corners and the {} cells at the heart of the cube lie on {strong} lines each, the other {} cells on {weak}.",
            corners.len(),
            heart.len(),
            others.len()
        );
        assert!(text.contains(&counted), "{text}");
    }
}
