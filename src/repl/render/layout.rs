//! How the text of events is laid out on a terminal: events and a lesson's words cut into
//! the blocks the pager keeps whole (a board with the move that made it, one box of a
//! listing, one lesson paragraph), and every line fitted to 80 columns. Kept apart from
//! [`super::event`], which says what each event's text is, because this part only
//! arranges text it is given.

use super::Palette;
use crate::app::Event;
use crate::lesson::Said;

/// The text for a list of events, each line ending in a newline.
pub fn events(events: &[Event], palette: Palette) -> String {
    let events: Vec<&Event> = events.iter().collect();
    fit(&session_text(&events, palette))
}

/// What a line made happen, the session's events and the lesson's words in their order.
pub fn said(said: &[Said], palette: Palette) -> String {
    said_blocks(said, palette).concat()
}

/// [`said`] in blocks the pager keeps whole: each event (a board with the move that
/// made it), each box of a listing, each lesson's words.
pub fn said_blocks(said: &[Said], palette: Palette) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut run: Vec<&Event> = Vec::new();
    for item in said {
        match item {
            Said::Session(event) => run.push(event),
            Said::Lesson(lesson) => {
                blocks.extend(session_blocks(&run, palette));
                run.clear();
                blocks.push(crate::repl::lesson_text::lesson(lesson, palette));
            }
        }
    }
    blocks.extend(session_blocks(&run, palette));
    blocks
        .iter()
        .filter(|block| !block.is_empty())
        .map(|block| fit(block))
        .collect()
}

/// The session's events as text, MENACE's move beside the board it made.
fn session_text(events: &[&Event], palette: Palette) -> String {
    session_blocks(events, palette).concat()
}

/// [`session_text`] in blocks: one per event (MENACE's move and the board beside it are
/// one), and one per box in the listings of boxes.
fn session_blocks(events: &[&Event], palette: Palette) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut index = 0;
    while index < events.len() {
        // MENACE's move with its box, and the board after it: drawn side by side.
        if let Event::MenaceMoved {
            picture: Some(picture),
            ..
        } = events[index]
            && let Some(Event::Board { view, marked }) = events.get(index + 1).copied()
        {
            let mut text = super::event(events[index], palette);
            text.push_str(&crate::repl::move_picture::beside(
                picture, view, marked, palette,
            ));
            blocks.push(text);
            index += 2;
            continue;
        }
        blocks.extend(event_blocks(events[index], palette));
        index += 1;
    }
    blocks
}

/// One event's text in the blocks the pager keeps whole: a listing of boxes breaks
/// between boxes (each box's line and its wrapped continuation stay together, and a
/// heading such as "-- MENACE's 3rd move (ply 4): 108 boxes --" with the box after it,
/// so that no page ends on a heading); any other event is one block.
fn event_blocks(event: &Event, palette: Palette) -> Vec<String> {
    match event {
        Event::Learned { .. } | Event::Listing { .. } => {
            let mut blocks: Vec<String> = Vec::new();
            for line in super::event(event, palette).split_inclusive('\n') {
                // A wrapped box line goes on indented by more than its first line.
                let continued = line.starts_with("        ");
                let after_heading = blocks.last().is_some_and(|block| is_heading(block));
                match blocks.last_mut() {
                    Some(block) if after_heading => block.push_str(line),
                    Some(block) if continued => block.push_str(line),
                    _ => blocks.push(line.to_string()),
                }
            }
            blocks
        }
        _ => vec![super::event(event, palette)],
    }
}

/// A block that is a heading alone ("-- ... --"): it goes with the block after it.
fn is_heading(block: &str) -> bool {
    let line = block.trim_end();
    !line.contains('\n') && line.starts_with("-- ") && line.ends_with(" --")
}

/// The widest line printed: everything fits an 80-column terminal.
pub const WIDTH: usize = 80;

/// `text` with any line wider than [`WIDTH`] wrapped, keeping its indentation. Each kind
/// of output wraps its own sentences; this is the net under text that comes from lessons
/// and games, which no one measured (colour codes do not count).
pub fn fit(text: &str) -> String {
    if text
        .lines()
        .all(|line| textwrap::core::display_width(line) <= WIDTH)
    {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        if textwrap::core::display_width(body) <= WIDTH {
            out.push_str(line);
            continue;
        }
        let indent: String = body.chars().take_while(|c| *c == ' ').collect();
        let options = crate::repl::text::words(WIDTH)
            .initial_indent(&indent)
            .subsequent_indent(&indent);
        out.push_str(&textwrap::fill(body.trim_start(), options));
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_wrapped_and_short_ones_left_alone() {
        let short = "a board\n . X .\n";
        assert_eq!(fit(short), short);
        let long = format!("  {}\nend\n", "word ".repeat(30));
        let fitted = fit(&long);
        assert!(fitted.lines().all(|line| line.len() <= WIDTH), "{fitted}");
        assert!(
            fitted
                .lines()
                .all(|line| line.starts_with("  ") || line == "end")
        );
        assert!(fitted.ends_with("end\n"));
    }
}
