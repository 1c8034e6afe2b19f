//! Pictures worth more than a table: the learning curve as an SVG chart, and every
//! matchbox on one self-contained HTML page. Both return text; the session writes it.

pub mod chart;
pub mod page;
