//! A stronger gomoku player than the gomoku bot article's: alpha-beta search whose moves
//! are restricted by threats, in the manner of threat-space search (Allis 1993), with the
//! seed's attack weights to order the moves.
//!
//! At every node, in turn: a five wins; the opponent's five must be blocked (the only
//! moves); a move making an open four (two ways to five) wins; against the opponent's
//! open three (a move that would give them an open four) only the blocks and our own
//! fours are tried; otherwise the heaviest cells by the seed's weights. So forced lines
//! (fours and threes answered by their few defences) are searched deep and quiet play
//! shallow. Before searching, a search of continuous fours (VCF: every move a four,
//! every reply forced) looks for a win. Leaves are scored by the five-cell windows each
//! side still owns. Deepening stops at the time a move.

use super::attack;
use crate::game::Game;
use crate::game::gomoku::renju::{self, BLACK, EMPTY, WHITE};
use crate::game::gomoku::{DIRECTIONS, Gomoku, SWAP};
use rand::{Rng, RngExt};
use std::time::{Duration, Instant};

/// The threat searcher, with its time a move.
#[derive(Debug, Clone, Copy)]
pub struct Threats {
    pub time: Duration,
}

impl Default for Threats {
    fn default() -> Threats {
        Threats {
            time: Duration::from_secs(1),
        }
    }
}

/// What a search did, for `menace bench`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Searched {
    pub nodes: u64,
    /// The deepest full search, in plies.
    pub depth: u32,
}

const WIN: i64 = 1_000_000_000;
/// The deepest search tried; forced moves do not count against it.
const MAX_DEPTH: u32 = 8;

/// A board to search on: stones put down and taken back in place.
struct Board {
    size: usize,
    cells: Vec<u8>,
    /// Only exactly five wins, for black and for white.
    exact: [bool; 2],
    renju: bool,
    deadline: Instant,
    nodes: u64,
    stopped: bool,
}

fn other(stone: u8) -> u8 {
    if stone == BLACK { WHITE } else { BLACK }
}

impl Board {
    fn new(game: &Gomoku, deadline: Instant) -> Board {
        let rules = game.rules();
        Board {
            size: game.size(),
            cells: game.cells().to_vec(),
            exact: [rules.exactly_five || rules.renju, rules.exactly_five],
            renju: rules.renju,
            deadline,
            nodes: 0,
            stopped: false,
        }
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped && (Instant::now() >= self.deadline || crate::stop::requested()) {
            self.stopped = true;
        }
        self.stopped
    }

    fn xy(&self, cell: usize) -> (i32, i32) {
        ((cell % self.size) as i32, (cell / self.size) as i32)
    }

    fn at(&self, x: i32, y: i32) -> Option<usize> {
        let size = self.size as i32;
        ((0..size).contains(&x) && (0..size).contains(&y)).then(|| (y * size + x) as usize)
    }

    fn run(&self, cell: usize, stone: u8, (dx, dy): (i32, i32)) -> usize {
        let (x, y) = self.xy(cell);
        let mut length = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
            while let Some(c) = self.at(cx, cy) {
                if self.cells[c] != stone {
                    break;
                }
                length += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        length
    }

    fn five_along(&self, cell: usize, stone: u8, direction: (i32, i32)) -> bool {
        let run = self.run(cell, stone, direction);
        if self.exact[usize::from(stone == WHITE)] {
            run == 5
        } else {
            run >= 5
        }
    }

    /// True if `stone` on the empty `cell` makes a winning line.
    fn wins_at(&self, cell: usize, stone: u8) -> bool {
        DIRECTIONS.iter().any(|d| self.five_along(cell, stone, *d))
    }

    /// Keeps only the cells of `cells` that `stone` may play (renju's fouls).
    fn retain_allowed(&mut self, cells: &mut Vec<usize>, stone: u8) {
        let mut index = 0;
        while index < cells.len() {
            if self.allowed(cells[index], stone) {
                index += 1;
            } else {
                cells.remove(index);
            }
        }
    }

    /// True if `stone` may be put on the empty `cell` (renju's fouls for black).
    fn allowed(&mut self, cell: usize, stone: u8) -> bool {
        !(self.renju && stone == BLACK && renju::foul(self.size, &mut self.cells, cell).is_some())
    }

    /// With `stone` on `cell`, the empty cells along `direction` (up to four away)
    /// where `stone` would then make five on that line.
    fn fives_along(&self, cell: usize, stone: u8, (dx, dy): (i32, i32), out: &mut Vec<usize>) {
        let (x, y) = self.xy(cell);
        for step in (-4..=4).filter(|s| *s != 0) {
            if let Some(c) = self.at(x + step * dx, y + step * dy)
                && self.cells[c] == EMPTY
                && self.five_along(c, stone, (dx, dy))
                && !out.contains(&c)
            {
                out.push(c);
            }
        }
    }

    /// The cells where `stone` would make five, after `stone` went on `cell`.
    fn fives_after(&self, cell: usize, stone: u8) -> Vec<usize> {
        let mut out = Vec::new();
        for direction in DIRECTIONS {
            self.fives_along(cell, stone, direction, &mut out);
        }
        out
    }

    /// The empty cells within two of a stone: where play happens.
    fn candidates(&self) -> Vec<usize> {
        let mut near = vec![false; self.cells.len()];
        for cell in 0..self.cells.len() {
            if self.cells[cell] == EMPTY {
                continue;
            }
            let (x, y) = self.xy(cell);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    if let Some(c) = self.at(x + dx, y + dy) {
                        near[c] = true;
                    }
                }
            }
        }
        (0..self.cells.len())
            .filter(|c| near[*c] && self.cells[*c] == EMPTY)
            .collect()
    }

    /// What `stone` on `cell` threatens: 2 for an open four (two cells to five, or
    /// more), 1 for a four, 0 for neither.
    fn four_kind(&mut self, cell: usize, stone: u8) -> usize {
        self.cells[cell] = stone;
        let fives = self.fives_after(cell, stone).len();
        self.cells[cell] = EMPTY;
        fives.min(2)
    }

    /// The cells of `among` where `stone` makes five, makes an open four, or makes a
    /// four: three lists.
    fn threats(&mut self, stone: u8, among: &[usize]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        let (mut fives, mut open_fours, mut fours) = (Vec::new(), Vec::new(), Vec::new());
        for &cell in among {
            if self.wins_at(cell, stone) {
                fives.push(cell);
                continue;
            }
            match self.four_kind(cell, stone) {
                2 => open_fours.push(cell),
                1 => fours.push(cell),
                _ => {}
            }
        }
        for list in [&mut fives, &mut open_fours, &mut fours] {
            self.retain_allowed(list, stone);
        }
        (fives, open_fours, fours)
    }

    /// Victory by continuous fours for `stone` to move, at most `depth` fours: the
    /// first move of one.
    fn vcf(&mut self, stone: u8, depth: u32) -> Option<usize> {
        self.nodes += 1;
        if depth == 0 || self.out_of_time() {
            return None;
        }
        let candidates = self.candidates();
        let (fives, open_fours, fours) = self.threats(stone, &candidates);
        if let Some(win) = fives.first().or(open_fours.first()) {
            return Some(*win);
        }
        for cell in fours {
            self.cells[cell] = stone;
            let replies = self.fives_after(cell, stone);
            let mut won = false;
            if let [reply] = replies.as_slice() {
                let reply = *reply;
                if !self.allowed(reply, other(stone)) {
                    won = true;
                } else if !self.wins_at(reply, other(stone)) {
                    self.cells[reply] = other(stone);
                    // A reply that makes the defender a four must be met by a five.
                    let counter = self.fives_after(reply, other(stone));
                    won = counter.is_empty() && self.vcf(stone, depth - 1).is_some();
                    self.cells[reply] = EMPTY;
                }
            }
            self.cells[cell] = EMPTY;
            if won {
                return Some(cell);
            }
        }
        None
    }

    /// The five-cell windows each side still owns, weighed by their stones, from the
    /// side to move's view (`stone`).
    fn evaluate(&self, stone: u8) -> i64 {
        const WORTH: [i64; 6] = [0, 1, 10, 80, 600, 0];
        let size = self.size as i32;
        let mut score = 0;
        for (dx, dy) in DIRECTIONS {
            for y in 0..size {
                for x in 0..size {
                    if self.at(x + 4 * dx, y + 4 * dy).is_none() {
                        continue;
                    }
                    let (mut mine, mut theirs) = (0, 0);
                    for k in 0..5 {
                        match self.cells[((y + k * dy) * size + x + k * dx) as usize] {
                            EMPTY => {}
                            s if s == stone => mine += 1,
                            _ => theirs += 1,
                        }
                    }
                    if theirs == 0 {
                        score += WORTH[mine];
                    } else if mine == 0 {
                        score -= WORTH[theirs];
                    }
                }
            }
        }
        score
    }

    /// The moves worth searching for `stone` to move, best first, or the result if
    /// the position is already decided: `Err(score)`.
    fn moves(&mut self, stone: u8, width: usize) -> Result<Vec<usize>, i64> {
        let candidates = self.candidates();
        if candidates.is_empty() {
            return Err(0);
        }
        let (fives, open_fours, fours) = self.threats(stone, &candidates);
        if !fives.is_empty() {
            return Err(WIN);
        }
        let (their_fives, their_open_fours, _) = self.threats(other(stone), &candidates);
        match their_fives.len() {
            0 => {}
            1 if self.allowed(their_fives[0], stone) => return Ok(their_fives),
            _ => return Err(-WIN),
        }
        if !open_fours.is_empty() {
            return Err(WIN - 2);
        }
        let mut moves: Vec<usize> = if their_open_fours.is_empty() {
            candidates
        } else {
            // Their open three: block it (any cell after which they have no open
            // four), or make a four of our own and keep the move.
            let mut answers = fours;
            for cell in candidates {
                if answers.contains(&cell) {
                    continue;
                }
                self.cells[cell] = stone;
                let still = their_open_fours
                    .iter()
                    .any(|c| self.cells[*c] == EMPTY && self.four_kind(*c, other(stone)) == 2);
                self.cells[cell] = EMPTY;
                if !still {
                    answers.push(cell);
                }
            }
            if answers.is_empty() {
                return Err(-(WIN - 4));
            }
            answers
        };
        self.retain_allowed(&mut moves, stone);
        let mut weighed: Vec<(usize, f64)> = moves
            .into_iter()
            .map(|c| (c, cell_weight(self.size, &self.cells, c, stone)))
            .collect();
        weighed.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        weighed.truncate(width);
        Ok(weighed.into_iter().map(|(c, _)| c).collect())
    }

    /// Negamax with alpha-beta from `stone`'s side.
    fn negamax(&mut self, stone: u8, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let moves = match self.moves(stone, if depth > 2 { 8 } else { 6 }) {
            Ok(moves) => moves,
            Err(score) => return score,
        };
        if depth == 0 {
            return self.evaluate(stone);
        }
        let mut best = -WIN - 1;
        for cell in moves {
            self.cells[cell] = stone;
            let score = -self.negamax(other(stone), depth - 1, -beta, -alpha);
            self.cells[cell] = EMPTY;
            if self.stopped {
                return 0;
            }
            // A win found sooner is worth more.
            let score = score - score.signum();
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The seed's weight of an empty cell on a raw board, `mover` to move.
fn cell_weight(size: usize, cells: &[u8], cell: usize, mover: u8) -> f64 {
    let mut total = 0.0;
    for figure in [BLACK, WHITE] {
        let mut breakpoints = 0;
        for direction in DIRECTIONS {
            let line = attack::scan(size, cells, cell, figure, direction).filtered();
            if line.is_breakpoint() {
                breakpoints += 1;
                if breakpoints == 2 {
                    total += 100.0;
                    continue;
                }
            }
            for a in line.attacks() {
                if a.power >= 5 && figure == mover {
                    total += 100.0;
                }
                total += a.weight();
            }
        }
    }
    total
}

impl Threats {
    /// The move for the side to move, and what the search did; `None` once the game
    /// is over.
    pub fn choose_counted(&self, game: &Gomoku, rng: &mut dyn Rng) -> (Option<u16>, Searched) {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return (None, Searched::default());
        }
        if game.stones() == 0 && legal.contains(&(game.centre() as u16)) {
            return (Some(game.centre() as u16), Searched::default());
        }
        let started = Instant::now();
        let mut board = Board::new(game, started + self.time);
        let me = if game.colour_to_move() == crate::game::gomoku::Colour::Black {
            BLACK
        } else {
            WHITE
        };
        if legal.contains(&SWAP) {
            // Take black's stones if white, even with the move, stands worse.
            let white = board.negamax(WHITE, 2, -WIN - 1, WIN + 1);
            if white < 0 {
                return (Some(SWAP), Searched::default());
            }
        }
        let (chosen, depth) = self.search(&mut board, me, started, rng);
        let searched = Searched {
            nodes: board.nodes,
            depth,
        };
        let chosen = chosen
            .map(|c| c as u16)
            .filter(|mv| legal.contains(mv))
            .or_else(|| attack::choose(game, rng));
        (chosen, searched)
    }

    fn search(
        &self,
        board: &mut Board,
        me: u8,
        started: Instant,
        rng: &mut dyn Rng,
    ) -> (Option<usize>, u32) {
        let roots = match board.moves(me, 12) {
            Ok(moves) => moves,
            // Decided already: a five to make, or nothing saves us; the weights know.
            Err(score) if score > 0 => {
                let candidates = board.candidates();
                let (fives, open_fours, _) = board.threats(me, &candidates);
                return (fives.first().or(open_fours.first()).copied(), 0);
            }
            Err(_) => return (None, 0),
        };
        if roots.len() == 1 {
            return (roots.first().copied(), 0);
        }
        if let Some(win) = board.vcf(me, 14) {
            return (Some(win), 0);
        }
        let mut best = vec![roots[0]];
        let mut reached = 0;
        let mut depth = 2;
        while depth <= MAX_DEPTH {
            let iteration = Instant::now();
            let mut scored = Vec::new();
            let mut alpha = -WIN - 1;
            for &cell in &roots {
                board.cells[cell] = me;
                // A null window around the best so far, then the whole window for a
                // move that beats it.
                let score = -board.negamax(other(me), depth - 1, -WIN - 1, -alpha + 1);
                board.cells[cell] = EMPTY;
                if board.stopped {
                    break;
                }
                alpha = alpha.max(score);
                scored.push((cell, score));
            }
            if board.stopped {
                break;
            }
            let top = scored.iter().map(|(_, s)| *s).max().unwrap_or(0);
            best = scored
                .iter()
                .filter(|(_, s)| *s == top)
                .map(|(c, _)| *c)
                .collect();
            reached = depth;
            if top.abs() > WIN / 2 {
                break;
            }
            // The next depth costs many times this one: stop if it cannot finish.
            let spent = iteration.elapsed();
            let left = board.deadline.saturating_duration_since(Instant::now());
            if spent * 6 > left {
                break;
            }
            depth += 2;
        }
        let _ = started;
        (Some(best[rng.random_range(0..best.len())]), reached)
    }
}
