use super::*;

#[test]
fn the_checker_finds_76_lines_on_its_own() {
    assert_eq!(lines().len(), 76);
}

#[test]
fn a_wrong_proof_is_refused() {
    use crate::ai::qubic::proof::Proof;
    // X on 5, 6, 8, 12: 4 threatens twice. A proof that plays 40 instead loses the
    // win; one with no move at all is incomplete.
    let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
    let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
    let mut proof = Proof::new();
    assert!(check(x, o, proof.canonical_moves()).is_err());
    proof.insert(x, o, 4);
    assert!(check(x, o, proof.canonical_moves()).is_ok());
    proof.insert(x, o, 40);
    assert!(check(x, o, proof.canonical_moves()).is_err());
    proof.insert(x, o, 5);
    assert!(
        check(x, o, proof.canonical_moves())
            .unwrap_err()
            .contains("not empty")
    );
}

/// A proof written in other frames is the same proof: every entry turned by a
/// random symmetry of its own is still accepted, and a spoiled entry still refused.
#[test]
fn a_proof_in_any_frame_is_checked_and_a_spoiled_one_refused() {
    use rand::{RngExt, SeedableRng};
    let (x, o) = (1 | 1 << 15 | 1 << 60, 1 << 3 | 1 << 25 | 1 << 63);
    let mut search = crate::ai::qubic::dfpn::Solver::new(64 << 20);
    let crate::ai::qubic::dfpn::Verdict::Proved(proof) = search.solve(x, o) else {
        panic!("X wins from here (the bench's position)");
    };
    let canonical: &Moves = proof.canonical_moves();
    assert!(check(x, o, canonical).is_ok());
    let maps = symmetries(&lines()).unwrap();
    let image = |map: &[u8; 64], mask: u64| {
        (0..64).fold(0u64, |image, cell| {
            image | ((mask >> cell) & 1) << map[cell]
        })
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let turned: Moves = canonical
        .iter()
        .map(|(&(px, po), &cell)| {
            let map = &maps[rng.random_range(0..maps.len())];
            ((image(map, px), image(map, po)), map[usize::from(cell)])
        })
        .collect();
    assert_ne!(&turned, canonical, "the frames changed");
    assert_eq!(check(x, o, &turned), check(x, o, canonical));
    // Spoil it: the proved position's own entry, in whatever frame, goes.
    let geometry = crate::game::cube::Geometry::of(4);
    let (key, _) = geometry.canonical(x, o);
    let mut spoiled = turned.clone();
    spoiled.retain(|&(px, po), _| geometry.canonical(px, po).0 != key);
    assert_eq!(spoiled.len() + 1, turned.len());
    assert!(check(x, o, &spoiled).is_err());
}

/// The checker's own symmetries give the same canonical form as the game's, so it
/// finds the positions the prover stored (and a move turned back is the right one).
#[test]
fn the_checkers_canonical_form_is_the_games() {
    use rand::SeedableRng;
    let lines = lines();
    let maps = symmetries(&lines).unwrap();
    let geometry = crate::game::cube::Geometry::of(4);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..50 {
        let (x, o) = crate::ai::qubic::random_position(&mut rng, 0..20);
        let image = |map: &[u8; 64], mask: u64| {
            (0..64).fold(0u64, |image, cell| {
                image | ((mask >> cell) & 1) << map[cell]
            })
        };
        let own = maps.iter().map(|map| (image(map, x), image(map, o))).min();
        assert_eq!(own, Some(geometry.canonical(x, o).0));
    }
}

#[test]
fn a_proof_file_round_trips_and_bad_ones_are_named() {
    use crate::ai::qubic::proof::Proof;
    let x = [5u64, 6, 8, 12].iter().fold(0, |m, c| m | 1 << c);
    let o = [48u64, 49, 35, 62].iter().fold(0, |m, c| m | 1 << c);
    let mut proof = Proof::new();
    proof.insert(x, o, 4);
    let text = crate::ai::qubic::proof::to_json(x, o, &proof);
    assert_eq!(read(&text), Ok((x, o, proof.canonical_moves().clone())));
    for bad in [
        "",
        "[]",
        "{\"game\":\"qubic\",\"format\":1}",
        "{\"game\":\"qubic\",\"format\":2,\"positions\":\"canonical\"}",
        "{\"game\":\"chess\"}",
    ] {
        assert!(read(bad).is_err(), "{bad}");
    }
    let cell = proof.canonical_moves().values().next().copied().unwrap();
    let broken = text.replace(&format!(",{cell}]"), ",64]");
    assert!(read(&broken).unwrap_err().contains("move 1"));
    // A key given twice is refused, not read as its last value; so is a stray one.
    let twice = text.replacen('{', "{\"x\":\"0000000000000000\",", 1);
    assert_ne!(twice, text);
    let refused = read(&twice).unwrap_err();
    assert!(refused.contains("duplicate field"), "{refused}");
    let stray = text.replacen('{', "{\"\\u001b[2J\":1,", 1);
    let refused = read(&stray).unwrap_err();
    assert!(refused.contains("unknown field"), "{refused}");
    assert!(!refused.contains('\u{1b}'), "{refused:?}");
}

/// The image of a board under one of the 192 maps, cell by cell: slow and plain.
fn plain_image(map: &[u8; 64], mask: u64) -> u64 {
    (0..64).fold(0u64, |image, cell| {
        image | ((mask >> cell) & 1) << map[cell]
    })
}

/// The checker as it was before the level-by-level replay: depth first, on one thread,
/// each position's images by the 192 maps cell by cell. Kept here to show the new one
/// accepts the same proofs and counts the same positions.
fn depth_first(x: u64, o: u64, proof: &Moves) -> Result<usize, String> {
    struct Replay {
        lines: Vec<u64>,
        maps: Vec<[u8; 64]>,
        proof: std::collections::BTreeMap<(u64, u64), u8>,
        checked: HashSet<(u64, u64)>,
    }
    impl Replay {
        fn has_line(&self, marks: u64) -> bool {
            self.lines.iter().any(|line| marks & line == *line)
        }
        fn canonical(&self, x: u64, o: u64) -> ((u64, u64), usize) {
            (0..self.maps.len())
                .map(|map| {
                    let map_ = &self.maps[map];
                    ((plain_image(map_, x), plain_image(map_, o)), map)
                })
                .min()
                .unwrap()
        }
        fn check(&mut self, x: u64, o: u64) -> Result<(), String> {
            let wins_at_once = self
                .lines
                .iter()
                .any(|line| (x & line).count_ones() == 3 && o & line == 0);
            if wins_at_once {
                return Ok(());
            }
            let (key, map) = self.canonical(x, o);
            if self.checked.contains(&key) {
                return Ok(());
            }
            let moved = *self.proof.get(&key).ok_or("no move")?;
            let cell = (0..64u8)
                .find(|cell| self.maps[map][usize::from(*cell)] == moved)
                .unwrap();
            let bit = 1u64 << cell;
            if (x | o) & bit != 0 {
                return Err("not empty".into());
            }
            let x = x | bit;
            if self.has_line(x) {
                self.checked.insert(key);
                return Ok(());
            }
            let mut replies = !(x | o);
            if replies == 0 {
                return Err("a draw".into());
            }
            while replies != 0 {
                let reply = 1u64 << replies.trailing_zeros();
                replies &= replies - 1;
                if self.has_line(o | reply) {
                    return Err("O wins".into());
                }
                self.check(x, o | reply)?;
            }
            self.checked.insert(key);
            Ok(())
        }
    }
    let lines = lines();
    let maps = symmetries(&lines).unwrap();
    let mut replay = Replay {
        lines,
        maps,
        proof: Default::default(),
        checked: HashSet::new(),
    };
    for (&(px, po), &cell) in proof {
        let (key, map) = replay.canonical(px, po);
        replay
            .proof
            .entry(key)
            .or_insert(replay.maps[map][usize::from(cell)]);
    }
    replay.check(x, o)?;
    Ok(replay.checked.len())
}

/// The bench's position, X to move and win, with a proof from the df-pn search.
fn bench_proof() -> (u64, u64, Moves) {
    let (x, o) = (1 | 1 << 15 | 1 << 60, 1 << 3 | 1 << 25 | 1 << 63);
    let mut search = crate::ai::qubic::dfpn::Solver::new(64 << 20);
    let crate::ai::qubic::dfpn::Verdict::Proved(proof) = search.solve(x, o) else {
        panic!("X wins from here (the bench's position)");
    };
    (x, o, proof.canonical_moves().clone())
}

/// Copies of a proof spoiled at random: some entries dropped, some moves changed to
/// another empty cell.
fn spoiled_copies(proof: &Moves, copies: u64) -> Vec<Moves> {
    use rand::{RngExt, SeedableRng};
    (0..copies)
        .map(|seed| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut spoiled = proof.clone();
            for (&(x, o), cell) in spoiled.iter_mut() {
                if rng.random_range(0..proof.len()) < 2 {
                    let empty: Vec<u8> = (0..64).filter(|c| (x | o) >> c & 1 == 0).collect();
                    *cell = empty[rng.random_range(0..empty.len())];
                }
            }
            let dropped = rng.random_range(0..3);
            spoiled.retain(|_, _| dropped == 0 || rng.random_range(0..proof.len()) >= dropped);
            spoiled
        })
        .collect()
}

/// The level-by-level check on every core accepts what the depth-first one accepted,
/// refuses what it refused, and counts the same positions.
#[test]
fn the_level_by_level_check_agrees_with_the_depth_first_one() {
    let (x, o, proof) = bench_proof();
    let checked = check(x, o, &proof);
    assert!(
        checked.as_ref().is_ok_and(|count| *count > 100),
        "{checked:?}"
    );
    assert_eq!(checked, depth_first(x, o, &proof));
    let mut refused = 0;
    for spoiled in spoiled_copies(&proof, 12) {
        let (new, old) = (check(x, o, &spoiled), depth_first(x, o, &spoiled));
        assert_eq!(new.is_ok(), old.is_ok(), "{new:?} against {old:?}");
        if let (Ok(new), Ok(old)) = (&new, &old) {
            assert_eq!(new, old);
        }
        refused += usize::from(new.is_err());
    }
    assert!(refused >= 6, "only {refused} of 12 spoiled copies refused");
}

/// The answer, and the error named, are the same on one thread as on several: each
/// level is checked in a fixed order and its first error is the one reported.
#[test]
fn the_check_is_the_same_on_one_thread_and_on_several() {
    let (x, o, proof) = bench_proof();
    let on = |threads: usize, proof: &Moves| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| check(x, o, proof))
    };
    assert_eq!(on(1, &proof), on(4, &proof));
    for spoiled in spoiled_copies(&proof, 8) {
        let alone = on(1, &spoiled);
        assert_eq!(alone, on(4, &spoiled));
        assert_eq!(alone, on(3, &spoiled));
    }
}

/// The 192 images made from 24 bases and reflections give the least image of the 192
/// maps, and carry X's move by one of the maps that give it.
#[test]
fn the_quick_images_are_the_maps_images() {
    use rand::{RngExt, SeedableRng};
    let checker = Checker::new().unwrap();
    let maps = symmetries(&lines()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    for _ in 0..200 {
        let (x, o) = crate::ai::qubic::random_position(&mut rng, 0..30);
        let empty: Vec<u8> = (0..64).filter(|c| (x | o) >> c & 1 == 0).collect();
        let cell = empty[rng.random_range(0..empty.len())];
        let plain = maps
            .iter()
            .map(|map| (plain_image(map, x), plain_image(map, o)))
            .min()
            .unwrap();
        assert_eq!(checker.canonical(x, o), plain);
        let (key, moved) = checker.canonical_move(x, o, cell);
        assert_eq!(key, plain);
        assert!(maps.iter().any(|map| {
            (plain_image(map, x), plain_image(map, o)) == key && map[usize::from(cell)] == moved
        }));
    }
}
