//! What the learner's commands did since a step began, counted from the session's
//! events: what each goal is checked against.

use super::*;

/// What the learner's commands did since a step began.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games you played yourself, and how they ended for you.
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    /// Pictures of the boxes looked at.
    pub boxes_seen: Vec<String>,
    /// The same, with the ply each box serves.
    pub boxes_seen_at: Vec<(usize, String)>,
    /// Positions whose values a learner of another kind showed (`box POS`).
    pub values_seen: Vec<String>,
    pub watched: Vec<(Choice, u32)>,
    pub trained: Vec<(Choice, u64)>,
    /// The share of draws in the last tenth of each run of at least ten times
    /// [`DRAW_SHARE_LAST_GAMES`] games, by opponent.
    pub draw_shares: Vec<(Choice, u32)>,
    pub rated_fork: bool,
    /// `weights` drew the board's weights; `weights CELL` explained these cells.
    pub weighed_board: bool,
    pub cells_weighed: Vec<String>,
    pub hinted: bool,
    /// The AIs asked for a hint (`hint mcts`).
    pub hints_from: Vec<Choice>,
    /// The last training run's last tenth (and greedy row), in words.
    pub last_run: Option<String>,
    pub experiment: bool,
    pub saw_symmetry: bool,
    pub saw_forced: bool,
    /// The first turned or mirrored box seen, and the first forced move, in words, so
    /// that the praise quotes what was on the screen.
    pub symmetry_seen: Option<String>,
    pub forced_seen: Option<String>,
    /// The first move the game's rules refused, as the console told it.
    pub refused_move: Option<String>,
    pub solved: Vec<String>,
    /// Titles of the games finished, solved, and asked about.
    pub variant_games: Vec<String>,
    pub variants_solved: Vec<String>,
    pub variants_tried: Vec<String>,
}

impl Tally {
    /// Different boxes of MENACE's `menace_move` looked at.
    pub fn boxes_found(&self, menace_move: usize) -> usize {
        let ply = (menace_move.max(1) - 1) * 2;
        let mut found: Vec<&String> = self
            .boxes_seen_at
            .iter()
            .filter(|(seen, _)| *seen == ply)
            .map(|(_, picture)| picture)
            .collect();
        found.sort();
        found.dedup();
        found.len()
    }

    /// Takes note of what one command did.
    pub fn observe(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::GameOver {
                    title,
                    outcome,
                    x,
                    o,
                    resigned,
                    plies,
                    ..
                } => {
                    // Resigned before two half-moves, the learner made no move of their
                    // own that the other side answered: no game played.
                    let you_resigned = resigned.is_some_and(|side| {
                        (side == crate::game::Player::X && *x == Who::You)
                            || (side == crate::game::Player::O && *o == Who::You)
                    });
                    if you_resigned && *plies < 2 {
                        continue;
                    }
                    self.variant_games.push(title.clone());
                    match (*x, *o) {
                        (Who::You, _) | (_, Who::You) => {
                            let you = if *x == Who::You {
                                crate::game::Player::X
                            } else {
                                crate::game::Player::O
                            };
                            self.played += 1;
                            match outcome {
                                Outcome::Win(winner) if *winner == you => self.won += 1,
                                Outcome::Draw => self.drawn += 1,
                                Outcome::Win(_) => {}
                            }
                        }
                        (Who::Ai(kind), _) | (_, Who::Ai(kind)) => self.watched.push((kind, 1)),
                        _ => {}
                    }
                }
                Event::LearnerView { picture, .. } => self.values_seen.push(picture.clone()),
                Event::BoxView { summary, .. } => {
                    self.boxes_seen.push(summary.picture.clone());
                    self.boxes_seen_at
                        .push((summary.ply, summary.picture.clone()));
                }
                Event::Trained(report) => {
                    self.trained.push((report.opponent, report.overall.games()));
                    self.last_run = Some(last_run_words(report));
                    let last = report.last_tenth;
                    // A short run's last tenth is a handful of games: no share yet.
                    if last.games() >= DRAW_SHARE_LAST_GAMES {
                        let share = (100 * last.drawn / last.games()) as u32;
                        self.draw_shares.push((report.opponent, share));
                    }
                }
                Event::Ratings { ratings, .. } => {
                    // The 10,000s digit counts forks; larger parts are wins and blocks.
                    self.rated_fork |= ratings
                        .iter()
                        .any(|rating| !(rating / MAKE_FORK).is_multiple_of(10));
                }
                Event::Solved {
                    title,
                    picture,
                    solved,
                    ..
                } => {
                    self.solved.push(picture.clone());
                    self.variants_tried.push(title.clone());
                    if matches!(
                        solved,
                        Solved::Value { .. } | Solved::Points { .. } | Solved::Wins { .. }
                    ) {
                        self.variants_solved.push(title.clone());
                    }
                }
                Event::Refusal(why) if why.starts_with(crate::app::CANNOT_PLAY_THERE) => {
                    self.refused_move
                        .get_or_insert_with(|| format!("\"{}\"", why.trim_end_matches('.')));
                }
                Event::Hint { by, .. } => {
                    self.hinted = true;
                    self.hints_from.push(*by);
                }
                Event::Weights { .. } => self.weighed_board = true,
                Event::CellWeight { name, .. } => self.cells_weighed.push(name.clone()),
                Event::Experiments { .. } => self.experiment = true,
                Event::MenaceMoved {
                    turn:
                        MenaceMove::Drew {
                            relation,
                            picture,
                            bead,
                            play,
                            ..
                        },
                    ..
                } if relation != "as drawn" => {
                    self.saw_symmetry = true;
                    self.symmetry_seen.get_or_insert_with(|| {
                        format!(
                            "\"MENACE uses box {picture} {relation}\": its bead {bead} was placed at {play}"
                        )
                    });
                }
                Event::MenaceMoved {
                    turn: MenaceMove::Forced { play },
                    nth,
                    placed,
                    ..
                } => {
                    self.saw_forced = true;
                    // The line as the console printed it, quoted whole: a long run may
                    // have scrolled it away, or the pager skipped it.
                    self.forced_seen.get_or_insert_with(|| {
                        let why = if *placed { "is empty" } else { "is legal" };
                        format!(
                            "the line was \"Only {play} {why}: MENACE's {} move is forced (no box).\"",
                            crate::text::nth_word(*nth)
                        )
                    });
                }
                _ => {}
            }
        }
    }
}

/// Takes note of `events` for a `find_boxes` exercise and says how the count stands
/// after each box looked at: new, seen already (a turned or mirrored copy of a position
/// found before), or a box of another move.
pub fn count_along(tally: &mut Tally, events: &[Event], menace_move: usize) -> Option<String> {
    let before = tally.boxes_found(menace_move);
    tally.observe(events);
    let after = tally.boxes_found(menace_move);
    let ply = (menace_move.max(1) - 1) * 2;
    let seen = events.iter().rev().find_map(|event| match event {
        Event::BoxView { summary, .. } => Some(summary),
        _ => None,
    })?;

    let sentence = if seen.ply != ply {
        format!(
            "Box {} serves MENACE's {} move; this exercise counts the boxes of its {} move.",
            seen.number,
            nth(seen.ply / 2 + 1),
            nth(menace_move)
        )
    } else if after > before {
        format!(
            "New: box {}. Boxes of MENACE's {} move found so far: {after}.",
            seen.number,
            nth(menace_move)
        )
    } else {
        format!(
            "Box {} again: you found it before, for this position or a turned or mirrored copy of it. Still {after}.",
            seen.number
        )
    };
    Some(sentence)
}

/// A run's last tenth, and its greedy row where it has one, as the praise quotes them:
/// `td's last tenth: 29 won, 1 drawn, 0 lost of 30; greedy: 0 won, 1,000 drawn, 0 lost`.
fn last_run_words(report: &crate::play::TrainingReport) -> String {
    let record = |record: crate::menace::Record| {
        format!(
            "{} won, {} drawn, {} lost",
            crate::text::grouped(record.won),
            crate::text::grouped(record.drawn),
            crate::text::grouped(record.lost)
        )
    };
    let who = if report.learner == crate::learners::MENACE.name {
        "MENACE"
    } else {
        report.learner
    };
    let mut words = format!(
        "{who}'s last tenth: {} of {}",
        record(report.last_tenth),
        crate::text::grouped(report.last_tenth.games())
    );
    if let Some(greedy) = report.greedy {
        words.push_str(&format!("; greedy: {}", record(greedy)));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::menace::Record;
    use crate::play::TrainingReport;

    fn run_against_perfect(games: u64, last_drawn: u64) -> Event {
        Event::Trained(Box::new(TrainingReport {
            learner: "menace",
            opponent: Choice::parse(&["perfect"]).unwrap(),
            asked: games,
            overall: Record {
                won: 0,
                drawn: last_drawn,
                lost: games - last_drawn,
            },
            last_tenth: Record {
                won: 0,
                drawn: last_drawn,
                lost: games / 10 - last_drawn,
            },
            curve: Vec::new(),
            refused_after: None,
            first_box_number: None,
            stopped: false,
            greedy: None,
        }))
    }

    /// A share of draws counts from a run of 1,000 games: ten lucky draws at the end
    /// of a run of 100 do not pass lesson 4's step on perfect play.
    #[test]
    fn a_draw_share_needs_a_run_of_a_thousand_games() {
        let mut tally = Tally::default();
        tally.observe(&[run_against_perfect(100, 10)]);
        assert!(tally.draw_shares.is_empty());
        tally.observe(&[run_against_perfect(1_000, 95)]);
        let perfect = Choice::parse(&["perfect"]).unwrap();
        assert_eq!(tally.draw_shares, vec![(perfect, 95)]);
    }
}
