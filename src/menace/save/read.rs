//! One pass of the YAML parser over a save file, whatever its format.
//!
//! The parser is the slow part of a load (a 16 MB file holds about two million YAML
//! events), so it runs once: straight into the boxes as plain lists, not into a tree of
//! YAML values first, and not once more to find the version. A file in a format this
//! menace does not know is named as such from its `format:` line before parsing.

use super::Games;
use crate::menace::learner::SavedBox;
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;

/// Every field either format may have; which must be there is the format's to say.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileIn {
    pub format: Option<serde_yaml::Value>,
    pub game: Option<String>,
    pub side: Option<String>,
    pub preset: Option<String>,
    pub games: Option<Games>,
    pub boxes: Option<BoxesIn>,
    /// A learner of another kind than MENACE (format 2): its name, parameters and the
    /// value of each position it learned.
    pub learner: Option<String>,
    pub params: Option<NumbersIn>,
    pub values: Option<NumbersIn>,
}

/// `NAME: NUMBER` lines in the file's order, each name as spelled: a learner's
/// parameters, or its values by position picture. A name written twice is kept twice,
/// for the reader to refuse by name.
pub(super) struct NumbersIn(pub Vec<(String, f64)>);

impl<'de> Deserialize<'de> for NumbersIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Numbers;
        impl<'de> Visitor<'de> for Numbers {
            type Value = NumbersIn;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`NAME: NUMBER` lines")
            }
            fn visit_unit<E: de::Error>(self) -> Result<NumbersIn, E> {
                Ok(NumbersIn(Vec::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NumbersIn, A::Error> {
                let mut numbers = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1 << 16));
                while let Some(Name(name)) = map.next_key()? {
                    let number: f64 = map.next_value()?;
                    numbers.push((name, number));
                }
                Ok(NumbersIn(numbers))
            }
        }
        deserializer.deserialize_any(Numbers)
    }
}

/// The boxes in the file's order (the order they were made), each picture with its bead
/// counts by move name, exactly as spelled: a key written twice is kept twice, for the
/// format's reader to refuse by name.
pub(super) struct BoxesIn(pub Vec<SavedBox>);

/// The version a top-level `format:` line gives, found without parsing the file: `None`
/// when there is no such line or its value is not a whole number.
pub(super) fn version_line(text: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let value = line.strip_prefix("format:")?;
        let value = value.split('#').next().unwrap_or_default().trim();
        value.trim_matches(|c| c == '\'' || c == '"').parse().ok()
    })
}

/// Parses `text` once into its fields.
pub(super) fn parse(text: &str) -> Result<FileIn, serde_yaml::Error> {
    serde_yaml::from_str(text)
}

impl<'de> Deserialize<'de> for BoxesIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Boxes;
        impl<'de> Visitor<'de> for Boxes {
            type Value = BoxesIn;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("the boxes, each `PICTURE:` with its beads below it")
            }
            fn visit_unit<E: de::Error>(self) -> Result<BoxesIn, E> {
                Ok(BoxesIn(Vec::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BoxesIn, A::Error> {
                let mut boxes = Vec::with_capacity(map.size_hint().unwrap_or(0).min(1 << 16));
                while let Some(Name(picture)) = map.next_key()? {
                    let BeadsIn(beads) = map.next_value()?;
                    boxes.push((picture, beads));
                }
                Ok(BoxesIn(boxes))
            }
        }
        deserializer.deserialize_any(Boxes)
    }
}

/// A box's beads: `MOVE: COUNT` lines, or nothing for an empty box.
struct BeadsIn(Vec<(String, i64)>);

impl<'de> Deserialize<'de> for BeadsIn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Beads;
        impl<'de> Visitor<'de> for Beads {
            type Value = BeadsIn;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a box's beads as MOVE: COUNT lines")
            }
            fn visit_unit<E: de::Error>(self) -> Result<BeadsIn, E> {
                Ok(BeadsIn(Vec::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BeadsIn, A::Error> {
                let mut beads = Vec::new();
                while let Some(Name(bead)) = map.next_key()? {
                    let Count(count) = map.next_value()?;
                    beads.push((bead, count));
                }
                Ok(BeadsIn(beads))
            }
        }
        deserializer.deserialize_any(Beads)
    }
}

/// A picture or a move name: text, or a number the YAML reader took for one (`123`).
struct Name(String);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a picture or a move name, in quotes")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Name, E> {
                Ok(Name(text.to_string()))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Name, E> {
                Ok(Name(text))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Name, E> {
                Ok(Name(n.to_string()))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Name, E> {
                Ok(Name(n.to_string()))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<Name, E> {
                Ok(Name(n.to_string()))
            }
        }
        deserializer.deserialize_any(Text)
    }
}

/// A bead count as written; a count beyond `i64` reads as `i64::MAX`, so that it is
/// refused as absurd like any count over the limit.
struct Count(i64);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Whole;
        impl Visitor<'_> for Whole {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number of beads")
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Count, E> {
                Ok(Count(n))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Count, E> {
                Ok(Count(i64::try_from(n).unwrap_or(i64::MAX)))
            }
        }
        deserializer.deserialize_any(Whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_line_is_found_without_parsing() {
        assert_eq!(version_line("# c\nformat: 2\nboxes:\n"), Some(2));
        assert_eq!(version_line("format: '7' # newer\n"), Some(7));
        assert_eq!(version_line("  format: 2\n"), None, "not top level");
        assert_eq!(version_line("format: two\n"), None);
        assert_eq!(version_line("boxes: {}\n"), None);
    }

    #[test]
    fn boxes_keep_their_order_their_spelling_and_their_repeats() {
        let text = "boxes:\n  'b':\n    MM: 2\n  'a': {}\n  'b':\n    mm: 1\n    7: 3\n";
        let file = parse(text).unwrap();
        let boxes = file.boxes.unwrap().0;
        let keys: Vec<&str> = boxes.iter().map(|(key, _)| key.as_str()).collect();
        assert_eq!(keys, ["b", "a", "b"]);
        assert_eq!(boxes[2].1, [("mm".to_string(), 1), ("7".to_string(), 3)]);
    }

    #[test]
    fn counts_that_are_not_whole_numbers_are_refused_and_huge_ones_kept_huge() {
        assert!(parse("boxes:\n  a:\n    MM: 1.5\n").is_err());
        assert!(parse("boxes:\n  a:\n    MM: [1]\n").is_err());
        assert!(parse("boxes:\n  [a]: {}\n").is_err());
        let huge = parse("boxes:\n  a:\n    MM: 18446744073709551615\n").unwrap();
        assert_eq!(huge.boxes.unwrap().0[0].1[0].1, i64::MAX);
    }
}
