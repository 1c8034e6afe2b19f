//! Three Men's Morris (the quantum article): 3x3 points, three pieces each. The players
//! place their pieces in turn; once all six are down, a move slides one of your pieces to
//! an adjacent empty point. Three of your pieces in a row win, in either phase.
//!
//! Published rule sets differ, and the value of the game changes with them, so they are
//! options: whether pieces may step along the two diagonals through the centre, and
//! whether the diagonals count as winning lines. A position that occurs for the third
//! time with the same player to move is a draw; a player who cannot move loses (option:
//! passes instead).
//!
//! Points are named like the noughts and crosses cells (`MM` the centre). `MM` places a
//! piece; `LL-LM` moves the piece on LL to LM.

use super::picture::{PictureError, read_marks, split_suffix, write_marks};
use super::tictactoe::LINES;
use super::view::{BoardView, LMR, Layout, grid_panel};
use super::{
    BadMove, Declaration, Declared, Game, GameOption, OptionFiles, Outcome, Player, Square,
    Symmetry,
};
use std::fmt;

/// Three Men's Morris.
pub const MORRIS: Declaration = Declaration {
    name: "morris",
    about: "Three Men's Morris: place 3, then slide",
    options: &[
        GameOption {
            name: "diagonal-moves",
            help: "pieces may also slide between a corner and the centre",
            value: None,
        },
        GameOption {
            name: "diagonal-lines",
            help: "the two diagonals count as lines",
            value: None,
        },
        GameOption {
            name: "pass",
            help: "a player who cannot move passes instead of losing",
            value: None,
        },
    ],
    notation: "a point to place (MM), then from-to to slide (LL-LM); pass if stuck",
    example: "MM",
    picture: "the 9 points, then who moves: `XO..X.... O`",
    rules: "Three Men's Morris: place three each, then slide to a neighbouring point; three \
        in a row; third repetition draws; a player who cannot move loses (or passes).",
    too_big_for_menace: None,
};

impl Declared for Morris {
    fn start(
        _declaration: &Declaration,
        options: &[&str],
        _files: &OptionFiles,
    ) -> Result<Morris, String> {
        Ok(Morris::new(MorrisRules {
            diagonal_moves: options.contains(&"diagonal-moves"),
            diagonal_lines: options.contains(&"diagonal-lines"),
            pass_when_stuck: options.contains(&"pass"),
        }))
    }
}

/// The rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MorrisRules {
    /// Pieces may also step between a corner and the centre.
    pub diagonal_moves: bool,
    /// The two diagonals count as winning lines.
    pub diagonal_lines: bool,
    /// A player who cannot move passes instead of losing.
    pub pass_when_stuck: bool,
}

/// A move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MorrisMove {
    Place(u8),
    Step { from: u8, to: u8 },
    Pass,
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMorrisMove {
    /// A pass while a piece can still move.
    NotNow,
    /// A point named to place on once all six pieces are down.
    PiecesAllDown,
    /// A slide while pieces are still being placed.
    StillPlacing,
    Occupied(u8),
    NotYourPiece(u8),
    NotAdjacent {
        from: u8,
        to: u8,
    },
    GameOver,
}

impl fmt::Display for IllegalMorrisMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: &u8| Square::ALL[usize::from(*cell) % 9].name();
        match self {
            IllegalMorrisMove::NotNow => write!(f, "that kind of move is not allowed now"),
            IllegalMorrisMove::PiecesAllDown => write!(
                f,
                "all six pieces are down, so a move now slides one of yours to a free point \
                 next to it, like LL-ML"
            ),
            IllegalMorrisMove::StillPlacing => write!(
                f,
                "pieces slide only once all six are down: name a free point to place on, \
                 like MM"
            ),
            IllegalMorrisMove::Occupied(cell) => write!(f, "{} is occupied", name(cell)),
            IllegalMorrisMove::NotYourPiece(cell) => {
                write!(f, "there is none of your pieces on {}", name(cell))
            }
            IllegalMorrisMove::NotAdjacent { from, to } => {
                write!(f, "{} is not next to {}", name(to), name(from))
            }
            IllegalMorrisMove::GameOver => write!(f, "the game is already over"),
        }
    }
}

impl std::error::Error for IllegalMorrisMove {}

const CENTRE: u8 = 4;

/// Whether two points are joined by a line a piece may slide along.
pub fn adjacent(from: u8, to: u8, rules: MorrisRules) -> bool {
    let (r1, c1, r2, c2) = (from / 3, from % 3, to / 3, to % 3);
    let orthogonal = r1.abs_diff(r2) + c1.abs_diff(c2) == 1;
    let diagonal = rules.diagonal_moves
        && (from == CENTRE || to == CENTRE)
        && r1.abs_diff(r2) == 1
        && c1.abs_diff(c2) == 1;
    orthogonal || diagonal
}

/// A position, with the positions of the moving phase seen so far (for repetition).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Morris {
    x: u16,
    o: u16,
    to_move: Player,
    rules: MorrisRules,
    history: Vec<u32>,
}

impl Morris {
    pub fn new(rules: MorrisRules) -> Morris {
        Morris {
            x: 0,
            o: 0,
            to_move: Player::X,
            rules,
            history: Vec::new(),
        }
    }

    pub fn rules(&self) -> MorrisRules {
        self.rules
    }

    /// The same position without its history: what a solver works on.
    pub fn without_history(&self) -> Morris {
        Morris {
            history: Vec::new(),
            ..self.clone()
        }
    }

    /// Who stands on a point.
    pub fn at(&self, cell: usize) -> Option<Player> {
        super::owner(u64::from(self.x), u64::from(self.o), cell)
    }

    fn marks(&self, player: Player) -> u16 {
        match player {
            Player::X => self.x,
            Player::O => self.o,
        }
    }

    fn placing(&self) -> bool {
        self.marks(self.to_move).count_ones() < 3
    }

    fn has_line(&self, player: Player) -> bool {
        let marks = self.marks(player);
        let count = if self.rules.diagonal_lines { 8 } else { 6 };
        LINES[..count].iter().any(|line| marks & line == *line)
    }

    fn state(&self) -> u32 {
        u32::from(self.x) | u32::from(self.o) << 9 | u32::from(self.to_move == Player::O) << 18
    }

    fn moves_ignoring_outcome(&self) -> Vec<MorrisMove> {
        let empty = 0x1FF & !(self.x | self.o);
        if self.placing() {
            return (0..9u8)
                .filter(|cell| empty & (1 << cell) != 0)
                .map(MorrisMove::Place)
                .collect();
        }
        let mine = self.marks(self.to_move);
        let steps: Vec<MorrisMove> = (0..9u8)
            .filter(|from| mine & (1 << from) != 0)
            .flat_map(|from| {
                (0..9u8)
                    .filter(move |to| empty & (1 << to) != 0)
                    .filter(move |to| adjacent(from, *to, self.rules))
                    .map(move |to| MorrisMove::Step { from, to })
            })
            .collect();
        if steps.is_empty() && self.rules.pass_when_stuck {
            vec![MorrisMove::Pass]
        } else {
            steps
        }
    }
}

impl Game for Morris {
    type Move = MorrisMove;
    type IllegalMove = IllegalMorrisMove;
    type BadNotation = BadMove;
    type Key = u32;
    type BadPicture = PictureError;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> usize {
        // The history holds the position after the sixth placement and after every
        // move since, so the moves made are the pieces plus all but its first entry.
        (self.x | self.o).count_ones() as usize + self.history.len().saturating_sub(1)
    }

    fn legal_moves_into(&self, out: &mut Vec<MorrisMove>) {
        out.clear();
        if !self.is_over() {
            out.extend(self.moves_ignoring_outcome());
        }
    }

    fn play(&mut self, mv: MorrisMove) -> Result<(), IllegalMorrisMove> {
        if self.is_over() {
            return Err(IllegalMorrisMove::GameOver);
        }
        let empty = 0x1FF & !(self.x | self.o);
        let me = self.to_move;
        let bit = |cell: u8| 1u16 << (cell % 9);
        match mv {
            MorrisMove::Place(cell) => {
                if !self.placing() {
                    return Err(IllegalMorrisMove::PiecesAllDown);
                }
                if empty & bit(cell) == 0 || cell >= 9 {
                    return Err(IllegalMorrisMove::Occupied(cell));
                }
                match me {
                    Player::X => self.x |= bit(cell),
                    Player::O => self.o |= bit(cell),
                }
            }
            MorrisMove::Step { from, to } => {
                if self.placing() {
                    return Err(IllegalMorrisMove::StillPlacing);
                }
                if from >= 9 || self.marks(me) & bit(from) == 0 {
                    return Err(IllegalMorrisMove::NotYourPiece(from));
                }
                if to >= 9 || empty & bit(to) == 0 {
                    return Err(IllegalMorrisMove::Occupied(to));
                }
                if !adjacent(from, to, self.rules) {
                    return Err(IllegalMorrisMove::NotAdjacent { from, to });
                }
                match me {
                    Player::X => self.x = (self.x & !bit(from)) | bit(to),
                    Player::O => self.o = (self.o & !bit(from)) | bit(to),
                }
            }
            MorrisMove::Pass => {
                if self.moves_ignoring_outcome() != [MorrisMove::Pass] {
                    return Err(IllegalMorrisMove::NotNow);
                }
            }
        }
        self.to_move = me.opponent();
        if (self.x | self.o).count_ones() == 6 {
            self.history.push(self.state());
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        for player in [Player::X, Player::O] {
            if self.has_line(player) {
                return Some(Outcome::Win(player));
            }
        }
        let state = self.state();
        if self.history.iter().filter(|seen| **seen == state).count() >= 3 {
            return Some(Outcome::Draw);
        }
        if self.moves_ignoring_outcome().is_empty() {
            return Some(Outcome::Win(self.to_move.opponent()));
        }
        None
    }

    /// Once all six pieces are down a move is a slide, written differently from the
    /// placements before it: the prompt says so, with one of the slides there are.
    fn move_prompt(&self) -> Option<String> {
        if self.placing() || self.is_over() {
            return None;
        }
        let moves = self.moves_ignoring_outcome();
        Some(match moves.first() {
            Some(MorrisMove::Step { .. }) => format!(
                "slide a piece to a free point next to it, like {}",
                self.move_name(moves[0])
            ),
            _ => "none of your pieces can move: pass".to_string(),
        })
    }

    fn parse_move(&self, text: &str) -> Result<MorrisMove, BadMove> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(MorrisMove::Pass);
        }
        let cell = |name: &str| {
            Square::parse(name)
                .map(|square| square.index() as u8)
                .map_err(|why| BadMove(format!("{why}")))
        };
        match text.split_once('-') {
            Some((from, to)) => Ok(MorrisMove::Step {
                from: cell(from.trim())?,
                to: cell(to.trim())?,
            }),
            None if text.len() == 2 => Ok(MorrisMove::Place(cell(text)?)),
            None => Err(BadMove(format!(
                "a Morris move is a point like MM (to place) or LL-LM (to move), not \"{text}\""
            ))),
        }
    }

    fn move_name(&self, mv: MorrisMove) -> String {
        let name = |cell: u8| Square::ALL[usize::from(cell) % 9].name();
        match mv {
            MorrisMove::Place(cell) => name(cell),
            MorrisMove::Step { from, to } => format!("{}-{}", name(from), name(to)),
            MorrisMove::Pass => "pass".into(),
        }
    }

    fn key(&self) -> u32 {
        self.state()
    }

    /// The nine points and who moves (`XO.......  O`): with all six pieces down the
    /// board alone cannot tell. The repetitions seen so far are not part of it.
    fn picture(&self) -> String {
        format!(
            "{} {}",
            write_marks(9, None, |cell| self.at(cell)),
            self.to_move
        )
    }

    fn from_picture(&self, text: &str) -> Result<Morris, PictureError> {
        let (marks, mover) = split_suffix(text)?;
        let (x, o) = read_marks(marks, 9)?;
        let (xs, os) = (x.count_ones(), o.count_ones());
        if xs > 3 || os > 3 || (os < 3 && xs != os && xs != os + 1) {
            return Err(PictureError::Impossible(format!(
                "{xs} X and {os} O cannot happen: each side places three, X first"
            )));
        }
        let by_counts = (xs < 3 || os < 3).then(|| super::turn(xs, os));
        let to_move = match (mover.map(str::to_ascii_uppercase).as_deref(), by_counts) {
            (Some("X"), Some(Player::O)) | (Some("O"), Some(Player::X)) => {
                return Err(PictureError::Impossible(
                    "while pieces are being placed, the counts say who moves".into(),
                ));
            }
            (Some("X"), _) => Player::X,
            (Some("O"), _) => Player::O,
            (Some(other), _) => {
                return Err(PictureError::Impossible(format!(
                    "who moves is X or O, not \"{other}\""
                )));
            }
            (None, Some(player)) => player,
            (None, None) => {
                return Err(PictureError::Impossible(
                    "with all six pieces down, add who moves: X or O after the points".into(),
                ));
            }
        };
        let position = Morris {
            x: x as u16,
            o: o as u16,
            to_move,
            rules: self.rules,
            history: Vec::new(),
        };
        if position.has_line(Player::X) && position.has_line(Player::O) {
            return Err(PictureError::Impossible(
                "both players cannot have three in a row".into(),
            ));
        }
        Ok(position)
    }

    fn view(&self) -> BoardView {
        let count = if self.rules.diagonal_lines { 8 } else { 6 };
        let line = LINES[..count]
            .iter()
            .filter(|line| self.x & **line == **line || self.o & **line == **line)
            .fold(0u16, |cells, line| cells | line);
        BoardView {
            layout: Layout::Points {
                diagonals: self.rules.diagonal_moves,
            },
            panels: vec![grid_panel(
                "",
                &LMR,
                &LMR,
                |row, column| row * 3 + column,
                |cell| self.at(cell),
                |cell| line & (1 << cell) != 0,
            )],
        }
    }

    fn symmetry_count(&self) -> usize {
        8
    }

    fn symmetry_words(&self, index: usize) -> String {
        Symmetry::words(index)
    }

    fn positions_repeat(&self) -> bool {
        true
    }

    fn without_history(&self) -> Morris {
        Morris::without_history(self)
    }

    fn transformed(&self, index: usize) -> Morris {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return self.clone();
        };
        let image = |mask: u16| {
            (0..9)
                .filter(|cell| mask & (1 << cell) != 0)
                .fold(0u16, |image, cell| image | 1 << symmetry.map(cell))
        };
        Morris {
            x: image(self.x),
            o: image(self.o),
            to_move: self.to_move,
            rules: self.rules,
            history: Vec::new(),
        }
    }

    fn transform_move(&self, mv: MorrisMove, index: usize) -> MorrisMove {
        let Some(symmetry) = Symmetry::from_index(index) else {
            return mv;
        };
        let map = |cell: u8| symmetry.map(usize::from(cell)) as u8;
        match mv {
            MorrisMove::Place(cell) => MorrisMove::Place(map(cell)),
            MorrisMove::Step { from, to } => MorrisMove::Step {
                from: map(from),
                to: map(to),
            },
            MorrisMove::Pass => MorrisMove::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &mut Morris, moves: &[&str]) {
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap_or_else(|why| panic!("{text}: {why}"));
        }
    }

    #[test]
    fn placing_then_moving() {
        let mut game = Morris::new(MorrisRules::default());
        assert_eq!(game.move_prompt(), None);
        let slide = game.parse_move("LL-ML").unwrap();
        assert_eq!(game.play(slide), Err(IllegalMorrisMove::StillPlacing));
        play(&mut game, &["LL", "MM", "MR", "LM", "RL", "RR"]);
        assert_eq!(game.outcome(), None);
        assert!(
            game.legal_moves()
                .iter()
                .all(|mv| matches!(mv, MorrisMove::Step { .. }))
        );
        assert_eq!(
            game.play(MorrisMove::Place(5)),
            Err(IllegalMorrisMove::PiecesAllDown)
        );
        assert!(
            IllegalMorrisMove::PiecesAllDown
                .to_string()
                .contains("LL-ML")
        );
        // The prompt says a move is a slide now, and its example is one of them.
        let prompt = game
            .move_prompt()
            .expect("a prompt once the pieces are down");
        let example = prompt.rsplit(' ').next().unwrap();
        assert!(prompt.contains("slide"), "{prompt}");
        assert!(
            game.legal_moves()
                .contains(&game.parse_move(example).unwrap())
        );
        // LL may step to ML; not to MM (taken) nor diagonally; MR cannot jump to ML.
        assert!(
            game.legal_moves()
                .contains(&game.parse_move("LL-ML").unwrap())
        );
        assert_eq!(
            game.play(game.parse_move("MR-ML").unwrap()),
            Err(IllegalMorrisMove::NotAdjacent { from: 5, to: 3 })
        );
    }

    #[test]
    fn diagonal_options_change_moves_and_lines() {
        assert!(!adjacent(0, 4, MorrisRules::default()));
        let diagonal = MorrisRules {
            diagonal_moves: true,
            ..MorrisRules::default()
        };
        assert!(adjacent(0, 4, diagonal));
        assert!(!adjacent(0, 8, diagonal));
        let mut game = Morris::new(MorrisRules::default());
        play(&mut game, &["LL", "LM", "MM", "LR", "RR"]);
        assert_eq!(
            game.outcome(),
            None,
            "the diagonal does not count by default"
        );
        let mut game = Morris::new(MorrisRules {
            diagonal_lines: true,
            ..MorrisRules::default()
        });
        play(&mut game, &["LL", "LM", "MM", "LR", "RR"]);
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::X)));
    }

    #[test]
    fn the_third_repetition_is_a_draw() {
        let mut game = Morris::new(MorrisRules::default());
        play(&mut game, &["LL", "MM", "RR", "LR", "ML", "RL"]);
        assert_eq!(game.outcome(), None);
        let cycle = ["RR-RM", "LR-MR", "RM-RR", "MR-LR"];
        play(&mut game, &cycle);
        play(&mut game, &cycle);
        assert_eq!(game.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn moves_are_named_and_parsed_alike() {
        let mut game = Morris::new(MorrisRules::default());
        for mv in game.legal_moves() {
            assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
        }
        play(&mut game, &["LL", "MM", "MR", "LM", "RL", "RR"]);
        for mv in game.legal_moves() {
            assert_eq!(game.parse_move(&game.move_name(mv)), Ok(mv));
        }
        assert!(game.parse_move("LL-").is_err());
        assert!(game.parse_move("LLL").is_err());
    }
}
