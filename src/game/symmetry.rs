//! The 8 symmetries of the square: 4 rotations and 4 reflections (the dihedral group D4).
//!
//! They act on the 9 cells of a 3x3 board numbered 0..9 in reading order. A symmetry
//! moves a cell to another cell ([`Symmetry::map`]); a board's image puts the mark of
//! cell `i` on cell `map(i)`. MENACE uses them to let one matchbox serve every
//! position that is a rotation or reflection of the picture on its lid.

/// One of the 8 ways to turn or flip a square board onto itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    Identity,
    QuarterTurnClockwise,
    HalfTurn,
    QuarterTurnAnticlockwise,
    MirrorLeftRight,
    MirrorTopBottom,
    MirrorMainDiagonal,
    MirrorAntiDiagonal,
}

impl Symmetry {
    /// All eight, the identity first (ties between equal images go to the earliest).
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::QuarterTurnClockwise,
        Symmetry::HalfTurn,
        Symmetry::QuarterTurnAnticlockwise,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorMainDiagonal,
        Symmetry::MirrorAntiDiagonal,
    ];

    /// The position of this symmetry in [`Symmetry::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The symmetry at `index` of [`Symmetry::ALL`]; `None` past the eighth.
    pub fn from_index(index: usize) -> Option<Symmetry> {
        Symmetry::ALL.get(index).copied()
    }

    /// Where cell `cell` (0..9, reading order) goes. Cells past 8 are returned unchanged.
    pub fn map(self, cell: usize) -> usize {
        if cell >= 9 {
            return cell;
        }
        let (row, col) = (cell / 3, cell % 3);
        let (row, col) = match self {
            Symmetry::Identity => (row, col),
            Symmetry::QuarterTurnClockwise => (col, 2 - row),
            Symmetry::HalfTurn => (2 - row, 2 - col),
            Symmetry::QuarterTurnAnticlockwise => (2 - col, row),
            Symmetry::MirrorLeftRight => (row, 2 - col),
            Symmetry::MirrorTopBottom => (2 - row, col),
            Symmetry::MirrorMainDiagonal => (col, row),
            Symmetry::MirrorAntiDiagonal => (2 - col, 2 - row),
        };
        row * 3 + col
    }

    /// The image of a set of cells (a 9-bit mask) under this symmetry, by table: the
    /// games of many small boards (ultimate, strategic) turn hundreds of masks per
    /// canonical key.
    pub fn map_mask(self, mask: u16) -> u16 {
        static TABLE: std::sync::OnceLock<[[u16; 512]; 8]> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            std::array::from_fn(|symmetry| {
                std::array::from_fn(|mask| {
                    (0..9)
                        .filter(|cell| mask & (1 << cell) != 0)
                        .fold(0u16, |image, cell| {
                            image | 1 << Symmetry::ALL[symmetry].map(cell)
                        })
                })
            })
        });
        table[self.index()][usize::from(mask & 0x1ff)]
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::QuarterTurnClockwise => Symmetry::QuarterTurnAnticlockwise,
            Symmetry::QuarterTurnAnticlockwise => Symmetry::QuarterTurnClockwise,
            other => other,
        }
    }

    /// `self` first, then `then`.
    pub fn then(self, then: Symmetry) -> Symmetry {
        let moved: [usize; 9] = std::array::from_fn(|cell| then.map(self.map(cell)));
        Symmetry::ALL
            .into_iter()
            .find(|candidate| (0..9).all(|cell| candidate.map(cell) == moved[cell]))
            .expect("the symmetries of the square are closed under composition")
    }

    /// The words a square game gives its symmetry `index` ([`crate::game::Game::symmetry_words`]):
    /// how the board relates to its image under it.
    pub fn words(index: usize) -> String {
        Symmetry::from_index(index)
            .map_or("as drawn", |symmetry| symmetry.inverse().describe())
            .to_string()
    }

    /// Says, in a few words, how an image relates to the original, for sentences such as
    /// "MENACE uses box X...O.... turned 1/4 clockwise".
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Identity => "as drawn",
            Symmetry::QuarterTurnClockwise => "turned 1/4 clockwise",
            Symmetry::HalfTurn => "turned half round",
            Symmetry::QuarterTurnAnticlockwise => "turned 1/4 anticlockwise",
            Symmetry::MirrorLeftRight => "mirrored left-right",
            Symmetry::MirrorTopBottom => "mirrored top-bottom",
            Symmetry::MirrorMainDiagonal => "flipped on LL-RR",
            Symmetry::MirrorAntiDiagonal => "flipped on LR-RL",
        }
    }
}

/// Test helper for every game's symmetries: from `game`, each legal move played and then
/// the position mapped by a declared symmetry equals the mapped position with the
/// mapped move played.
#[cfg(test)]
pub(crate) fn assert_play_commutes<G>(game: &G, context: &str)
where
    G: super::Game + PartialEq + std::fmt::Debug,
{
    for index in 0..game.symmetry_count() {
        for mv in game.legal_moves() {
            let mut played = game.clone();
            played.play(mv).unwrap();
            let mut image = game.transformed(index);
            image.play(game.transform_move(mv, index)).unwrap();
            assert_eq!(
                played.transformed(index),
                image,
                "{context}: symmetry {index}, {}",
                game.move_name(mv)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn a_mask_turns_as_its_cells_do() {
        for symmetry in Symmetry::ALL {
            for mask in 0u16..512 {
                let image = (0..9)
                    .filter(|cell| mask & (1 << cell) != 0)
                    .fold(0u16, |image, cell| image | 1 << symmetry.map(cell));
                assert_eq!(symmetry.map_mask(mask), image, "{symmetry:?} {mask:09b}");
            }
        }
    }

    fn permutation(symmetry: Symmetry) -> [usize; 9] {
        std::array::from_fn(|cell| symmetry.map(cell))
    }

    #[test]
    fn each_symmetry_is_a_permutation_of_the_cells() {
        for symmetry in Symmetry::ALL {
            let images: HashSet<usize> = (0..9).map(|cell| symmetry.map(cell)).collect();
            assert_eq!(images.len(), 9, "{symmetry:?} is not one-to-one");
        }
    }

    #[test]
    fn the_eight_symmetries_are_distinct() {
        let distinct: HashSet<[usize; 9]> = Symmetry::ALL.into_iter().map(permutation).collect();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn every_symmetry_has_an_inverse() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.then(symmetry.inverse()), Symmetry::Identity);
            assert_eq!(symmetry.inverse().then(symmetry), Symmetry::Identity);
            for cell in 0..9 {
                assert_eq!(symmetry.inverse().map(symmetry.map(cell)), cell);
            }
        }
    }

    #[test]
    fn the_group_is_closed_and_has_an_identity() {
        for a in Symmetry::ALL {
            assert_eq!(a.then(Symmetry::Identity), a);
            assert_eq!(Symmetry::Identity.then(a), a);
            for b in Symmetry::ALL {
                let composed = a.then(b);
                for cell in 0..9 {
                    assert_eq!(composed.map(cell), b.map(a.map(cell)));
                }
            }
        }
    }

    #[test]
    fn composition_is_associative() {
        for a in Symmetry::ALL {
            for b in Symmetry::ALL {
                for c in Symmetry::ALL {
                    assert_eq!(a.then(b).then(c), a.then(b.then(c)));
                }
            }
        }
    }

    #[test]
    fn a_quarter_turn_clockwise_takes_the_top_left_corner_to_the_top_right() {
        assert_eq!(Symmetry::QuarterTurnClockwise.map(0), 2);
        assert_eq!(Symmetry::QuarterTurnClockwise.map(2), 8);
        assert_eq!(Symmetry::MirrorLeftRight.map(0), 2);
        assert_eq!(Symmetry::MirrorTopBottom.map(0), 6);
        assert_eq!(Symmetry::MirrorMainDiagonal.map(1), 3);
        assert_eq!(Symmetry::MirrorAntiDiagonal.map(0), 8);
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.map(4), 4, "the centre stays put");
        }
    }

    #[test]
    fn indices_round_trip() {
        for symmetry in Symmetry::ALL {
            assert_eq!(Symmetry::from_index(symmetry.index()), Some(symmetry));
        }
        assert_eq!(Symmetry::from_index(8), None);
    }
}
