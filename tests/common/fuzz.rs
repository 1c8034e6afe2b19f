//! What the fuzz tests share: the number of cases, and the mutations of a text file read
//! as lines. Each fuzz test includes this file with `#[path]`, beside its own corpus.

use proptest::prelude::*;

/// `PROPTEST_CASES` when set, else `default`: a short pass by default, a long one on demand.
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(default)
}

/// One change to a text, line by line. Indices are taken modulo the number of lines.
#[derive(Debug, Clone)]
pub enum Mutation {
    DropLine(usize),
    DoubleLine(usize),
    SwapLines(usize, usize),
    Upper(usize),
    Lower(usize),
    /// Two spaces more (`true`) or fewer at the start of a line.
    Indent(usize, bool),
    /// Every whole number in a line (a word of digits, or a `key: N` value) becomes this.
    Number(usize, i128),
    /// Text inserted at a character position of a line.
    Insert(usize, usize, &'static str),
    /// One byte of the whole text flipped (the result read back as lossy UTF-8).
    FlipByte(usize, u8),
    /// The text cut after a number of characters.
    Cut(usize),
}

/// Any mutation, inserting one of `inserts`.
pub fn a_mutation(inserts: Vec<&'static str>) -> impl Strategy<Value = Mutation> {
    let numbers = prop_oneof![
        Just(-1i128),
        Just(0),
        Just(i128::from(u64::MAX)),
        Just(i128::from(u32::MAX) + 1),
        Just(1_000_000_001),
        -5i128..2_000
    ];
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<usize>().prop_map(Mutation::Upper),
        any::<usize>().prop_map(Mutation::Lower),
        (any::<usize>(), any::<bool>()).prop_map(|(a, deeper)| Mutation::Indent(a, deeper)),
        (any::<usize>(), numbers).prop_map(|(a, n)| Mutation::Number(a, n)),
        (
            any::<usize>(),
            any::<usize>(),
            prop::sample::select(inserts)
        )
            .prop_map(|(a, b, s)| Mutation::Insert(a, b, s)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::FlipByte(a, b)),
        any::<usize>().prop_map(Mutation::Cut),
    ]
}

/// `text` with `mutation` applied.
pub fn mutate(text: &str, mutation: &Mutation) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    let count = lines.len();
    let at = |index: usize| index % count;
    match *mutation {
        Mutation::DropLine(a) => {
            lines.remove(at(a));
        }
        Mutation::DoubleLine(a) => {
            let line = lines[at(a)].clone();
            lines.insert(at(a), line);
        }
        Mutation::SwapLines(a, b) => lines.swap(at(a), at(b)),
        Mutation::Upper(a) => lines[at(a)] = lines[at(a)].to_uppercase(),
        Mutation::Lower(a) => lines[at(a)] = lines[at(a)].to_lowercase(),
        Mutation::Indent(a, deeper) => {
            let line = &mut lines[at(a)];
            if deeper {
                line.insert_str(0, "  ");
            } else if let Some(rest) = line.strip_prefix("  ") {
                *line = rest.to_string();
            }
        }
        Mutation::Number(a, n) => {
            let line = &mut lines[at(a)];
            *line = line
                .split(' ')
                .map(|word| {
                    if !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
                        n.to_string()
                    } else {
                        word.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
        Mutation::Insert(a, b, inserted) => {
            let line = &mut lines[at(a)];
            let mut chars: Vec<char> = line.chars().collect();
            let position = b % (chars.len() + 1);
            chars.splice(position..position, inserted.chars());
            *line = chars.into_iter().collect();
        }
        Mutation::FlipByte(a, b) => {
            let mut bytes = lines.join("\n").into_bytes();
            let index = a % bytes.len().max(1);
            if let Some(byte) = bytes.get_mut(index) {
                *byte ^= b.max(1);
            }
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::Cut(a) => {
            let joined = lines.join("\n");
            return joined
                .chars()
                .take(a % (joined.chars().count() + 1))
                .collect();
        }
    }
    lines.join("\n") + "\n"
}
