//! The moves of quantum Morris, its notation, its pictures and its board.

use super::{
    IllegalQuantumMorrisMove, PIECES, QuantumMorris, QuantumMorrisMove, QuantumMorrisRules, name,
    slides,
};
use crate::game::quantum::view::{pack, square_panel};
use crate::game::quantum::{Mark, graph};
use crate::game::tictactoe::LINES;
use crate::game::view::{BoardView, Layout};
use crate::game::{BadMove, Game, PictureError, Player, Square};

type Refusal = IllegalQuantumMorrisMove;

fn refuse<T>(why: String) -> Result<T, Refusal> {
    Err(IllegalQuantumMorrisMove::Refused(why))
}

fn point(text: &str) -> Result<u8, BadMove> {
    Square::parse(text.trim())
        .map(|square| square.index() as u8)
        .map_err(|why| BadMove(format!("{why}")))
}

impl QuantumMorris {
    fn classical_mask(&self) -> u16 {
        graph::classical_mask(self.marks())
    }

    /// The legal moves, whether or not the game is over.
    pub(super) fn moves_ignoring_outcome(&self, out: &mut Vec<QuantumMorrisMove>) {
        out.clear();
        if let Some((_, a, b)) = self.pending_collapse() {
            out.extend([
                QuantumMorrisMove::Collapse(a),
                QuantumMorrisMove::Collapse(b),
            ]);
            return;
        }
        let open = 0x1FF & !self.classical_mask();
        let is_open = |point: u8| open >> point & 1 != 0;
        if usize::from(self.placed) < PIECES {
            for a in (0..9).filter(|a| is_open(*a)) {
                if self.rules.merges {
                    out.push(QuantumMorrisMove::Place(a, a));
                }
                for b in (a + 1..9).filter(|b| is_open(*b)) {
                    out.push(QuantumMorrisMove::Place(a, b));
                }
            }
            return;
        }
        for (piece, mark) in self.marks().iter().enumerate() {
            if QuantumMorris::owner(piece) != self.next {
                continue;
            }
            let piece = piece as u8;
            let ends: Vec<(u8, Option<u8>)> = match *mark {
                Mark::Spooky(a, b) => vec![(a, Some(b)), (b, Some(a))],
                Mark::Classical(p) => vec![(p, None)],
            };
            for (from, other) in ends {
                for to in (0..9).filter(|to| is_open(*to) && slides(from, *to, self.rules)) {
                    if Some(to) == other && !self.rules.merges {
                        continue;
                    }
                    out.push(QuantumMorrisMove::Slide { piece, from, to });
                }
            }
        }
    }

    /// Whether `mv` is one of [`QuantumMorris::moves_ignoring_outcome`], decided from
    /// the move itself: every move a search plays is checked, so no list is made.
    fn is_legal(&self, mv: QuantumMorrisMove) -> bool {
        let open = |point: u8| point < 9 && self.classical_mask() >> point & 1 == 0;
        let placing = usize::from(self.placed) < PIECES;
        match (mv, self.pending_collapse()) {
            (QuantumMorrisMove::Collapse(point), Some((_, a, b))) => point == a || point == b,
            (_, Some(_)) | (QuantumMorrisMove::Collapse(_), None) => false,
            (QuantumMorrisMove::Place(a, b), None) => {
                placing && open(a) && open(b) && (a != b || self.rules.merges)
            }
            (QuantumMorrisMove::Slide { piece, from, to }, None) => {
                let piece = usize::from(piece);
                if placing
                    || piece >= usize::from(self.placed)
                    || QuantumMorris::owner(piece) != self.next
                    || !open(to)
                    || !slides(from, to, self.rules)
                {
                    return false;
                }
                match self.marks[piece] {
                    Mark::Spooky(a, b) if a == from || b == from => {
                        let other = if a == from { b } else { a };
                        to != other || self.rules.merges
                    }
                    Mark::Classical(p) => p == from,
                    Mark::Spooky(..) => false,
                }
            }
        }
    }

    /// Says why a move cannot be played here, or nothing if it can.
    pub(super) fn check(&self, mv: QuantumMorrisMove) -> Result<(), Refusal> {
        if self.is_legal(mv) {
            return Ok(());
        }
        let classical = self.classical_mask();
        let held = |point: u8| point < 9 && classical >> point & 1 != 0;
        if let Some((piece, a, b)) = self.pending_collapse() {
            return match mv {
                QuantumMorrisMove::Collapse(point) => refuse(format!(
                    "{} is on {} and {}, so it cannot take {}",
                    QuantumMorris::label(piece, false),
                    name(a),
                    name(b),
                    name(point)
                )),
                _ => refuse(format!(
                    "a cycle must collapse first: {} chooses {} or {}",
                    self.to_move(),
                    name(a),
                    name(b)
                )),
            };
        }
        match mv {
            QuantumMorrisMove::Collapse(_) => {
                refuse("no cycle is waiting to collapse, so a move names two points (LL-MM)".into())
            }
            QuantumMorrisMove::Place(..) if usize::from(self.placed) == PIECES => refuse(
                "all six pieces are placed: slide a half, naming its piece, as x1:LL-LM".into(),
            ),
            QuantumMorrisMove::Place(a, b) if held(a) || held(b) => refuse(format!(
                "{} holds a classical piece",
                name(if held(a) { a } else { b })
            )),
            QuantumMorrisMove::Place(a, _) => refuse(format!(
                "both halves on {} would merge them, which no-merge forbids",
                name(a)
            )),
            QuantumMorrisMove::Slide { .. } if usize::from(self.placed) < PIECES => {
                refuse("pieces are still being placed: name two points for the next (LL-MM)".into())
            }
            QuantumMorrisMove::Slide { piece, from, to } => {
                let piece = usize::from(piece);
                let label = QuantumMorris::label(piece % PIECES, false);
                if QuantumMorris::owner(piece) != self.next {
                    return refuse(format!("{label} is not yours"));
                }
                let other = match self.marks.get(piece) {
                    Some(Mark::Spooky(a, b)) if *a == from => Some(*b),
                    Some(Mark::Spooky(a, b)) if *b == from => Some(*a),
                    Some(Mark::Classical(p)) if *p == from => None,
                    _ => return refuse(format!("{label} has no half on {}", name(from))),
                };
                if held(to) {
                    refuse(format!("{} holds a classical piece", name(to)))
                } else if !slides(from, to, self.rules) {
                    refuse(format!("{} is not next to {}", name(to), name(from)))
                } else if Some(to) == other {
                    refuse(format!(
                        "{} holds {label}'s other half: merging is forbidden by no-merge",
                        name(to)
                    ))
                } else {
                    refuse("that move is not allowed now".into())
                }
            }
        }
    }

    /// Plays a move already checked.
    pub(super) fn apply(&mut self, mv: QuantumMorrisMove) {
        let placed = usize::from(self.placed);
        match mv {
            QuantumMorrisMove::Collapse(point) => {
                if let Some((piece, _, _)) = self.pending_collapse() {
                    graph::settle(&mut self.marks[..placed], piece, point);
                }
                self.pending = None;
            }
            QuantumMorrisMove::Place(a, b) => {
                self.placed += 1;
                if a == b {
                    graph::settle(&mut self.marks[..=placed], placed, a);
                } else {
                    let closes = graph::joined(&self.marks[..placed], None, a, b);
                    self.marks[placed] = Mark::Spooky(a.min(b), a.max(b));
                    if closes {
                        self.pending = Some((placed as u8, self.next));
                    }
                }
                self.next = self.next.opponent();
            }
            QuantumMorrisMove::Slide { piece, from, to } => {
                let index = usize::from(piece);
                match self.marks[index] {
                    Mark::Classical(_) => {
                        self.marks[index] = Mark::Spooky(from.min(to), from.max(to));
                    }
                    Mark::Spooky(a, b) => {
                        let other = if a == from { b } else { a };
                        if to == other {
                            graph::settle(&mut self.marks[..placed], index, to);
                        } else {
                            let closes =
                                graph::joined(&self.marks[..placed], Some(index), to, other);
                            self.marks[index] = Mark::Spooky(to.min(other), to.max(other));
                            if closes {
                                self.pending = Some((piece, self.next));
                            }
                        }
                    }
                }
                self.next = self.next.opponent();
            }
        }
        self.plies += 1;
        if usize::from(self.placed) == PIECES && self.pending.is_none() {
            self.history.push(self.unlabelled_state());
        }
    }

    /// Reads `LL-MM` (a placement), `x1:LL-LM` (a slide, naming the piece) or `LL` (a
    /// collapse).
    pub(super) fn read_move(&self, text: &str) -> Result<QuantumMorrisMove, BadMove> {
        let text = text.trim();
        let shown: String = text.chars().take(12).collect();
        if let Some((label, step)) = text.split_once(':') {
            let piece = piece_of(label).ok_or_else(|| {
                BadMove(format!(
                    "a piece is named x1 to x3 or o1 to o3, not \"{}\"",
                    label.chars().take(6).collect::<String>()
                ))
            })?;
            let (from, to) = step
                .split_once('-')
                .ok_or_else(|| BadMove(format!("a slide is written x1:LL-LM, not \"{shown}\"")))?;
            return Ok(QuantumMorrisMove::Slide {
                piece,
                from: point(from)?,
                to: point(to)?,
            });
        }
        match text.split_once('-') {
            // Two points are a placement; once all are placed, `check` says a slide
            // names its piece (one name for every move: `x1:LL-LM`).
            Some((a, b)) => {
                let (a, b) = (point(a)?, point(b)?);
                Ok(QuantumMorrisMove::Place(a.min(b), a.max(b)))
            }
            None if text.chars().count() == 2 => Ok(QuantumMorrisMove::Collapse(point(text)?)),
            None => Err(BadMove(format!(
                "a quantum Morris move is two points (LL-MM), a slide naming its piece \
                 (x1:LL-LM), or a point to collapse a cycle (LL), not \"{shown}\""
            ))),
        }
    }

    /// The pieces in placing order, commas between (`LL-MM` spooky, `LL` classical, `?`
    /// after the piece whose cycle waits), then who moves now, as `to_move` says (while a
    /// cycle waits, the one who chooses its collapse): `LL-MM,MM-RR,LL O`.
    pub(super) fn write_picture(&self) -> String {
        let pieces: Vec<String> = self
            .marks()
            .iter()
            .enumerate()
            .map(|(piece, mark)| {
                let waiting = if self.pending.map(|(p, _)| usize::from(p)) == Some(piece) {
                    "?"
                } else {
                    ""
                };
                match *mark {
                    Mark::Spooky(a, b) => format!("{}-{}{waiting}", name(a), name(b)),
                    Mark::Classical(p) => name(p),
                }
            })
            .collect();
        let pieces = if pieces.is_empty() {
            "start".to_string()
        } else {
            pieces.join(",")
        };
        format!("{pieces} {}", self.to_move())
    }

    /// Reads a picture, refusing what play cannot reach in so far as it shows it.
    pub(super) fn read_picture(
        text: &str,
        rules: QuantumMorrisRules,
    ) -> Result<QuantumMorris, PictureError> {
        let impossible = |why: String| PictureError::Impossible(why);
        let (pieces, mover) = text.trim().rsplit_once(' ').ok_or_else(|| {
            impossible(
                "a quantum Morris position is its pieces in placing order, commas between \
                 (LL-MM spooky, LL classical, ? after a cycle waiting), a space, and who \
                 moves: LL-MM,MM-RR X"
                    .into(),
            )
        })?;
        let next = match mover.trim() {
            "X" | "x" => Player::X,
            "O" | "o" => Player::O,
            other => {
                return Err(impossible(format!(
                    "who moves is X or O, not \"{}\"",
                    other.chars().take(6).collect::<String>()
                )));
            }
        };
        let mut game = QuantumMorris::new(rules);
        game.next = next;
        let words: Vec<&str> = if pieces.trim().eq_ignore_ascii_case("start") {
            Vec::new()
        } else {
            pieces.split(',').collect()
        };
        if words.len() > PIECES {
            return Err(impossible(format!(
                "there are six pieces, not {}",
                words.len()
            )));
        }
        let mut waiting = None;
        for (piece, word) in words.iter().enumerate() {
            let word = word.trim();
            let (word, waits) = match word.strip_suffix('?') {
                Some(rest) => (rest, true),
                None => (word, false),
            };
            let bad = |why: String| impossible(format!("piece {} (\"{word}\") {why}", piece + 1));
            let mark = match word.split_once('-') {
                Some((a, b)) => {
                    let (a, b) = (
                        point(a).map_err(|why| bad(why.to_string()))?,
                        point(b).map_err(|why| bad(why.to_string()))?,
                    );
                    if a == b {
                        return Err(bad(
                            "has both halves on one point: write it classical".into()
                        ));
                    }
                    Mark::Spooky(a.min(b), a.max(b))
                }
                None => Mark::Classical(point(word).map_err(|why| bad(why.to_string()))?),
            };
            if waits {
                if waiting.is_some() || !matches!(mark, Mark::Spooky(..)) {
                    return Err(bad("cannot be the one whose cycle waits".into()));
                }
                waiting = Some(piece);
            }
            game.marks[piece] = mark;
        }
        game.placed = words.len() as u8;
        game.plies = u32::from(game.placed);
        let marks = game.marks();
        let classical = graph::classical_mask(marks);
        let classical_count = marks
            .iter()
            .filter(|m| matches!(m, Mark::Classical(_)))
            .count();
        if classical_count as u32 != classical.count_ones() {
            return Err(impossible("two classical pieces share a point".into()));
        }
        for (piece, mark) in marks.iter().enumerate() {
            if let Mark::Spooky(a, b) = *mark
                && (classical >> a & 1 != 0 || classical >> b & 1 != 0)
            {
                return Err(impossible(format!(
                    "piece {} has a half on a point a classical piece holds",
                    piece + 1
                )));
            }
        }
        // Without the waiting piece the graph has no cycle; the waiting piece closes one.
        let rest: Vec<Mark> = marks
            .iter()
            .enumerate()
            .filter(|(piece, _)| Some(*piece) != waiting)
            .map(|(_, mark)| *mark)
            .collect();
        for (index, mark) in rest.iter().enumerate() {
            if let Mark::Spooky(a, b) = *mark
                && graph::joined(&rest, Some(index), a, b)
            {
                return Err(impossible(
                    "a cycle that nobody collapsed: mark its last piece with ?".into(),
                ));
            }
        }
        if let Some(piece) = waiting {
            if let Mark::Spooky(a, b) = marks[piece]
                && !graph::joined(marks, Some(piece), a, b)
            {
                return Err(impossible(format!(
                    "piece {} closes no cycle, so no collapse waits",
                    piece + 1
                )));
            }
            // The picture names who chooses: the closer under closer-chooses, else the
            // closer's opponent; after the collapse the closer's opponent moves.
            let closer = if rules.closer_chooses {
                next
            } else {
                next.opponent()
            };
            game.pending = Some((piece as u8, closer));
            game.next = closer.opponent();
        }
        if usize::from(game.placed) < PIECES
            && waiting.is_none()
            && next != QuantumMorris::owner(usize::from(game.placed))
        {
            return Err(impossible(
                "while pieces are being placed, the count says who moves".into(),
            ));
        }
        if usize::from(game.placed) == PIECES && game.pending.is_none() {
            game.history.push(game.unlabelled_state());
        }
        Ok(game)
    }

    /// What each point shows: its classical piece, or the halves on it.
    fn point_texts(&self) -> [Option<String>; 9] {
        pack(std::array::from_fn(|point| {
            self.marks()
                .iter()
                .enumerate()
                .filter_map(|(piece, mark)| match *mark {
                    Mark::Classical(p) if usize::from(p) == point => {
                        Some(QuantumMorris::label(piece, true))
                    }
                    Mark::Spooky(a, b) if usize::from(a) == point || usize::from(b) == point => {
                        Some(QuantumMorris::label(piece, false))
                    }
                    _ => None,
                })
                .collect()
        }))
    }

    fn panel(&self, title: String, first_id: usize, highlight: u16) -> crate::game::view::Panel {
        let owners: [Option<Player>; 9] = std::array::from_fn(|point| {
            self.marks().iter().enumerate().find_map(|(piece, mark)| {
                (*mark == Mark::Classical(point as u8)).then(|| QuantumMorris::owner(piece))
            })
        });
        square_panel(title, first_id, self.point_texts(), owners, highlight)
    }

    fn line_cells(&self) -> u16 {
        let count = if self.rules.board.diagonal_lines {
            8
        } else {
            6
        };
        let (x, o) = (self.classical_of(Player::X), self.classical_of(Player::O));
        LINES[..count]
            .iter()
            .filter(|line| x & **line == **line || o & **line == **line)
            .fold(0, |cells, line| cells | line)
    }

    /// The board; while a cycle waits, the two worlds to choose between beside it.
    pub(super) fn draw(&self) -> BoardView {
        let Some((piece, first, second)) = self.pending_collapse() else {
            return BoardView {
                layout: Layout::Ruled,
                panels: vec![self.panel(String::new(), 0, self.line_cells())],
            };
        };
        let cycle = graph::cycle(self.marks(), piece);
        let names: Vec<String> = cycle.iter().map(|point| name(*point)).collect();
        let label = QuantumMorris::label(piece, false);
        let mut panels = vec![self.panel(
            format!(
                "{label} closed the cycle {}: {} chooses",
                names.join("-"),
                self.to_move()
            ),
            0,
            cycle.iter().fold(0, |mask, point| mask | 1 << point),
        )];
        for (index, point) in [first, second].into_iter().enumerate() {
            let mut world = self.clone();
            if world.play(QuantumMorrisMove::Collapse(point)).is_ok() {
                panels.push(world.panel(
                    format!("if {label} takes {}", name(point)),
                    9 * (index + 1),
                    world.line_cells(),
                ));
            }
        }
        BoardView {
            layout: Layout::Ruled,
            panels,
        }
    }
}

/// The piece a label names: `x1` is piece 0, `o1` piece 1, … `o3` piece 5.
fn piece_of(label: &str) -> Option<u8> {
    let mut chars = label.trim().chars();
    let side = match chars.next()?.to_ascii_lowercase() {
        'x' => 0,
        'o' => 1,
        _ => return None,
    };
    let number = chars
        .as_str()
        .parse::<u8>()
        .ok()
        .filter(|n| (1..=3).contains(n))?;
    Some(2 * (number - 1) + side)
}
