//! Pictures worth more than a table: the learning curve as an SVG chart, and every
//! matchbox on one self-contained HTML page, and printable labels for real matchboxes. Both return text; the session writes it.

pub mod chart;
pub mod compare;
pub mod labels;
pub mod page;
