//! The 304 matchboxes: which positions get a box, and which box (and which turn or flip
//! of its picture) serves a position on the real board.
//!
//! The boxes are computed, never typed in: every position reachable in play with X to
//! move after 0, 2, 4 or 6 plies that is not already over, one box per position up to the
//! 8 symmetries of the square. The picture on a box is its canonical form, the smallest of
//! the 8 images as a 9-character string (`.` < `O` < `X`). Ply 8 has no box: X's fifth
//! move has one empty cell and is forced.

use crate::game::{Game, Player, Rules, Square, Symmetry, TicTacToe};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The plies at which MENACE moves from a box when it plays X (first).
pub const BOX_PLIES: [usize; 4] = [0, 2, 4, 6];

/// The plies at which a MENACE playing O (second) moves from a box.
pub const O_BOX_PLIES: [usize; 4] = [1, 3, 5, 7];

/// The number of distinct board codes (3^9): the size of the lookup table.
const CODES: usize = 19_683;

/// Which box; its number in the listing order (by ply, then by picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoxId(u16);

impl BoxId {
    /// The box's position in the listing, from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What is printed on a matchbox's lid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Matchbox {
    /// The canonical position, under classic rules.
    pub picture: TicTacToe,
    /// Moves made before this position: 0, 2, 4 or 6.
    pub ply: usize,
}

impl Matchbox {
    /// The 9-character picture, e.g. `X...O....`.
    pub fn name(&self) -> String {
        self.picture.picture()
    }

    /// The cells a bead may name: the empty cells of the picture, as a bit mask.
    pub fn legal_mask(&self) -> u16 {
        self.picture.empty_mask()
    }

    /// The cells a bead may name, in reading order.
    pub fn legal_squares(&self) -> impl Iterator<Item = Square> + '_ {
        let mask = self.legal_mask();
        Square::ALL
            .into_iter()
            .filter(move |square| mask & (1 << square.index()) != 0)
    }
}

/// Where a position on the real board is found: its box, and the symmetry that turns the
/// real board into the box's picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lookup {
    pub id: BoxId,
    /// `board.transform(to_picture)` is the picture on the box.
    pub to_picture: Symmetry,
}

impl Lookup {
    /// The real-board square a bead (a square of the box's picture) stands for.
    pub fn bead_to_board(self, bead: Square) -> Square {
        bead.transformed(self.to_picture.inverse())
    }

    /// How the real board relates to the box's picture: the board is the picture ...
    pub fn board_from_picture(self) -> Symmetry {
        self.to_picture.inverse()
    }
}

/// All boxes of one side (304 for X, 289 for O) and the table from every board code to
/// its box.
#[derive(Debug)]
pub struct Matchboxes {
    side: Player,
    boxes: Vec<Matchbox>,
    table: Vec<Option<Lookup>>,
}

/// MENACE's 304 boxes (it plays X), computed on first use.
pub fn matchboxes() -> &'static Matchboxes {
    matchboxes_for(Player::X)
}

/// The boxes of a MENACE playing `side`: 304 for X, 289 for O.
pub fn matchboxes_for(side: Player) -> &'static Matchboxes {
    static X_BOXES: OnceLock<Matchboxes> = OnceLock::new();
    static O_BOXES: OnceLock<Matchboxes> = OnceLock::new();
    match side {
        Player::X => X_BOXES.get_or_init(|| Matchboxes::compute(Player::X)),
        Player::O => O_BOXES.get_or_init(|| Matchboxes::compute(Player::O)),
    }
}

impl Matchboxes {
    fn compute(side: Player) -> Matchboxes {
        let plies = match side {
            Player::X => BOX_PLIES,
            Player::O => O_BOX_PLIES,
        };
        let pictures = reachable_positions()
            .into_iter()
            .filter(|position| {
                plies.contains(&position.ply()) && position.to_move() == side && !position.is_over()
            })
            .map(|position| (position.ply(), canonical(&position)))
            .collect::<BTreeSet<(usize, TicTacToeOrd)>>();
        let boxes: Vec<Matchbox> = pictures
            .into_iter()
            .map(|(ply, TicTacToeOrd(picture))| Matchbox { picture, ply })
            .collect();
        let mut table = vec![None; CODES];
        for (number, matchbox) in boxes.iter().enumerate() {
            let id = BoxId(u16::try_from(number).expect("fewer than 65,536 boxes"));
            for symmetry in Symmetry::ALL {
                let image = matchbox.picture.transform(symmetry);
                let entry = &mut table[image.code()];
                if entry.is_none() {
                    *entry = Some(Lookup {
                        id,
                        to_picture: symmetry.inverse(),
                    });
                }
            }
        }
        Matchboxes { side, boxes, table }
    }

    /// The side whose moves these boxes hold.
    pub fn side(&self) -> Player {
        self.side
    }

    /// The plies at which this side moves from a box.
    pub fn plies(&self) -> [usize; 4] {
        match self.side {
            Player::X => BOX_PLIES,
            Player::O => O_BOX_PLIES,
        }
    }

    /// How many boxes there are (304).
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// Never true; here because `len` is.
    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// Every box in listing order, with its id.
    pub fn iter(&self) -> impl Iterator<Item = (BoxId, &Matchbox)> + '_ {
        self.boxes
            .iter()
            .enumerate()
            .map(|(number, matchbox)| (BoxId(u16::try_from(number).unwrap_or(u16::MAX)), matchbox))
    }

    /// The box with this id.
    pub fn get(&self, id: BoxId) -> &Matchbox {
        &self.boxes[id.index()]
    }

    /// The id of the box at a position in the listing, if there is one.
    pub fn id(&self, index: usize) -> Option<BoxId> {
        u16::try_from(index)
            .ok()
            .filter(|_| index < self.boxes.len())
            .map(BoxId)
    }

    /// The box that serves a position on the real board, by table: `None` where this
    /// side does not move from a box (the other side to move, X's forced ply 8, a
    /// finished game).
    pub fn find(&self, board: &TicTacToe) -> Option<Lookup> {
        if board.is_over() || board.to_move() != self.side {
            return None;
        }
        self.table.get(board.code()).copied().flatten()
    }

    /// The box whose picture is exactly `picture` (a canonical form), if any.
    pub fn by_picture(&self, picture: &str) -> Option<BoxId> {
        let position = TicTacToe::from_picture(picture, Rules::default()).ok()?;
        let lookup = self.find(&position)?;
        (self.get(lookup.id).picture == position).then_some(lookup.id)
    }
}

/// Orders positions by their picture (`.` < `O` < `X`), which is the order of their codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TicTacToeOrd(TicTacToe);

impl PartialOrd for TicTacToeOrd {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TicTacToeOrd {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.code().cmp(&other.0.code())
    }
}

/// The canonical form: the image with the smallest picture.
fn canonical(position: &TicTacToe) -> TicTacToeOrd {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| TicTacToeOrd(position.transform(symmetry)))
        .min()
        .unwrap_or(TicTacToeOrd(*position))
}

/// Every position reachable from the empty board by legal play (classic rules).
pub fn reachable_positions() -> Vec<TicTacToe> {
    let mut seen = vec![false; CODES];
    let mut frontier = vec![TicTacToe::default()];
    let mut all = Vec::new();
    seen[0] = true;
    while let Some(position) = frontier.pop() {
        all.push(position);
        for square in position.legal_moves() {
            let mut next = position;
            next.place(square);
            if !std::mem::replace(&mut seen[next.code()], true) {
                frontier.push(next);
            }
        }
    }
    all.sort_by_key(TicTacToe::code);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_304_boxes_1_12_108_183_by_ply() {
        let boxes = matchboxes();
        assert_eq!(boxes.len(), 304);
        let per_ply: Vec<usize> = BOX_PLIES
            .iter()
            .map(|ply| boxes.iter().filter(|(_, b)| b.ply == *ply).count())
            .collect();
        assert_eq!(per_ply, [1, 12, 108, 183]);
    }

    #[test]
    fn a_menace_playing_o_has_289_boxes_3_38_153_95_by_ply() {
        let boxes = matchboxes_for(Player::O);
        assert_eq!(boxes.len(), 289);
        let per_ply: Vec<usize> = O_BOX_PLIES
            .iter()
            .map(|ply| boxes.iter().filter(|(_, b)| b.ply == *ply).count())
            .collect();
        assert_eq!(per_ply, [3, 38, 153, 95]);
        for position in reachable_positions() {
            let found = boxes.find(&position);
            if position.to_move() == Player::O && !position.is_over() {
                let lookup = found.expect("every O-to-move position has a box");
                assert_eq!(
                    position.transform(lookup.to_picture),
                    boxes.get(lookup.id).picture
                );
            } else {
                assert_eq!(found, None);
            }
        }
    }

    #[test]
    fn there_is_no_box_for_the_forced_fifth_move() {
        let position = TicTacToe::from_picture("XOXXOOOX.", Rules::default()).unwrap();
        assert_eq!(position.ply(), 8);
        assert_eq!(matchboxes().find(&position), None);
    }

    #[test]
    fn boxes_are_listed_by_ply_then_picture() {
        let boxes: Vec<(usize, String)> = matchboxes()
            .iter()
            .map(|(_, b)| (b.ply, b.name()))
            .collect();
        let mut sorted = boxes.clone();
        sorted.sort();
        assert_eq!(boxes, sorted);
        assert_eq!(boxes[0], (0, ".........".to_string()));
    }

    #[test]
    fn every_picture_is_the_smallest_of_its_eight_images() {
        for (_, matchbox) in matchboxes().iter() {
            let name = matchbox.name();
            for symmetry in Symmetry::ALL {
                assert!(name <= matchbox.picture.transform(symmetry).picture());
            }
        }
    }

    #[test]
    fn the_table_agrees_with_brute_force_for_every_reachable_position() {
        let boxes = matchboxes();
        let mut served = 0;
        for position in reachable_positions() {
            let wants_box = position.to_move() == Player::X
                && !position.is_over()
                && BOX_PLIES.contains(&position.ply());
            let found = boxes.find(&position);
            if !wants_box {
                assert_eq!(found, None, "{} should have no box", position.picture());
                continue;
            }
            served += 1;
            // Brute force: the smallest of the 8 images, as strings.
            let smallest = Symmetry::ALL
                .iter()
                .map(|symmetry| position.transform(*symmetry).picture())
                .min()
                .unwrap();
            let lookup = found.expect("a position with X to move has a box");
            let matchbox = boxes.get(lookup.id);
            assert_eq!(matchbox.name(), smallest);
            assert_eq!(position.transform(lookup.to_picture), matchbox.picture);
            // Every bead, mapped back, lands on an empty cell of the real board.
            for bead in matchbox.legal_squares() {
                assert_eq!(position.at(lookup.bead_to_board(bead)), None);
            }
        }
        assert!(served > 304, "many raw positions share a box");
    }

    #[test]
    fn boxes_are_found_by_picture() {
        let boxes = matchboxes();
        for (id, matchbox) in boxes.iter() {
            assert_eq!(boxes.by_picture(&matchbox.name()), Some(id));
        }
        assert_eq!(boxes.by_picture("X........"), None, "not canonical");
        assert_eq!(boxes.by_picture("XO......."), None, "O to move");
    }
}
