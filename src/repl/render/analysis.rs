//! What the searches and heuristics say about a position: ratings, gomoku's weights
//! and a solved value.

use super::Palette;
use crate::app::Event;
use crate::repl::board;

/// The text for one event of this group; the dispatcher, [`super::event`], sends only these.
pub(super) fn event(event: &Event, palette: Palette) -> String {
    match event {
        Event::Weights {
            view,
            weights,
            mover,
        } => crate::repl::weights::heat_map(view, weights, mover, palette),
        Event::CellWeight {
            name,
            mover,
            explained,
        } => crate::repl::weights::cell_weight(name, mover, explained),
        Event::Ratings { board, ratings } => {
            let mut text = format!(
                "The rating heuristic's scores for {} (rating 1 plays the highest):\n",
                crate::game::Game::to_move(board)
            );
            let labels: Vec<(usize, String)> = (0..9)
                .map(|cell| (cell, ratings[cell].to_string()))
                .collect();
            text.push_str(&board::draw(
                &crate::game::Game::view(board),
                &[],
                &labels,
                palette,
            ));
            let total: u32 = ratings.iter().sum();
            if total > 0 {
                text.push_str(&format!(
                    "Rating 0 picks a cell in proportion to its score: {} points in all.\n",
                    crate::text::grouped(u64::from(total))
                ));
            }
            text
        }
        Event::AheadRatings {
            board,
            depth,
            ratings,
        } => {
            let mut text = format!(
                "Lookahead's ratings for {}, looking {depth} half-moves ahead:\n",
                crate::game::Game::to_move(board)
            );
            let labels: Vec<(usize, String)> = ratings
                .iter()
                .map(|(cell, rating)| (*cell, rating.to_string()))
                .collect();
            text.push_str(&board::draw(
                &crate::game::Game::view(board),
                &[],
                &labels,
                palette,
            ));
            // What each rating on the board means, best first.
            let mut seen: Vec<u8> = ratings.iter().map(|(_, rating)| *rating).collect();
            seen.sort_unstable_by(|a, b| b.cmp(a));
            seen.dedup();
            for rating in seen {
                text.push_str(&format!(
                    "  {rating} ({})\n",
                    crate::players::lookahead::scale_words(rating)
                ));
            }
            text
        }
        Event::Solved {
            scores: Some(scores),
            ..
        } => crate::repl::text::minimax_scores(&scores.board, &scores.scores, palette),
        Event::Solved {
            title,
            solved,
            millis,
            ..
        } => crate::repl::solved::game_solved(title, solved, *millis),
        other => unreachable!("{other:?} is drawn by another group"),
    }
}
