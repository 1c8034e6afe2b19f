//! Plain English shared by every layer: the words a rule, a learner or a lesson needs to
//! name a number (an ordinal, a count with its thousands marked), kept here so that no
//! layer borrows them from one above it.

/// `1st`, `2nd`, `3rd`, `4th` ... `11th`, `12th`, `13th`, `21st`.
pub fn nth(number: usize) -> String {
    let suffix = match (number % 10, number % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{number}{suffix}")
}

/// The same in words for the first ten (`first` ... `tenth`), in figures after that.
pub fn nth_word(number: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    number
        .checked_sub(1)
        .and_then(|index| WORDS.get(index))
        .map_or_else(|| nth(number), |word| word.to_string())
}

/// A count with its thousands marked: `10,000,000`.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{grouped, nth};

    #[test]
    fn thousands_are_marked() {
        let said: Vec<String> = [0, 999, 1_000, 1_638_066, 10_000_000]
            .into_iter()
            .map(grouped)
            .collect();
        assert_eq!(said, ["0", "999", "1,000", "1,638,066", "10,000,000"]);
    }

    #[test]
    fn ordinals_read_as_english() {
        let said: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
            .into_iter()
            .map(nth)
            .collect();
        assert_eq!(
            said,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
    }
}
