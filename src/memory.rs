//! How much memory a search's table may take. Every budget of positions becomes a table
//! that grows as the search goes; a budget beyond what the machine can hold would end the
//! program on a failed allocation (losing a session's unsaved learning), so each budget
//! is lowered to what fits before the search starts, and the one who asked is told.
//!
//! What is available is read once: `MENACE_MEMORY` (bytes, or with K, M or G) when it
//! is set to a size, so tests and people sharing a machine can say; otherwise the least
//! of the memory the system has available (`MemAvailable` in /proc/meminfo), what the
//! cgroup still allows, and what the address-space limit (`ulimit -v`) leaves. A table
//! may take half of it: the program, the other tables and the output need the rest.

use crate::text::grouped;
use std::fmt;
use std::sync::OnceLock;

/// The variable that sets the memory available, for tests and shared machines.
pub const VARIABLE: &str = "MENACE_MEMORY";

/// The memory this process may still use, in bytes; `None` when nothing says (then
/// each table keeps to its own fixed cap).
pub fn available() -> Option<u64> {
    static AVAILABLE: OnceLock<Option<u64>> = OnceLock::new();
    // A value that is not a size is passed over: the machine is asked instead.
    *AVAILABLE.get_or_init(|| {
        std::env::var(VARIABLE)
            .ok()
            .and_then(|value| parse_bytes(&value))
            .or_else(measured)
    })
}

/// The sentence to say when `MENACE_MEMORY` is set to something that is not a size (it
/// is then passed over and the machine asked); `None` when it is unset or a size. The
/// value is quoted as set, cut to 40 characters: whoever prints it escapes it.
pub fn variable_problem() -> Option<String> {
    let value = std::env::var_os(VARIABLE)?;
    let text = value.to_string_lossy();
    if parse_bytes(&text).is_some() {
        return None;
    }
    Some(format!(
        "{VARIABLE} is set to \"{}\", which is not a size (bytes, or with K, M or G, as 512M or 2G), so it is passed over and the memory is measured instead.",
        text.chars().take(40).collect::<String>()
    ))
}

/// The bytes one table may take: half of what is available, never more than `cap`.
pub fn for_one_table(cap: u64) -> u64 {
    available().map_or(cap, |available| cap.min(available / 2))
}

/// How many entries of `bytes_each` one table may hold within [`for_one_table`].
pub fn entries_fitting(bytes_each: u64, cap: u64) -> u64 {
    for_one_table(cap) / bytes_each.max(1)
}

/// A budget that was lowered to fit in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lowered {
    pub asked: u64,
    pub budget: u64,
    /// The memory the budget asked for would take, and what a table may take.
    pub needed: u64,
    pub allowed: u64,
}

impl fmt::Display for Lowered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a budget of {} positions would take about {} of memory, more than the {} a table may use here, so it is lowered to {}",
            grouped(self.asked),
            about(self.needed),
            about(self.allowed),
            grouped(self.budget)
        )
    }
}

/// `asked` positions of `bytes_each`, checked against the memory a table may take (at
/// most `cap`): the budget that fits, with what was lowered if it was.
pub fn fit(asked: u64, bytes_each: u64, cap: u64) -> (u64, Option<Lowered>) {
    let fitting = entries_fitting(bytes_each, cap);
    if asked <= fitting {
        return (asked, None);
    }
    let lowered = Lowered {
        asked,
        budget: fitting,
        needed: asked.saturating_mul(bytes_each),
        allowed: for_one_table(cap),
    };
    (fitting, Some(lowered))
}

/// A size as a person says it, rounded: `15 GB`, `1.5 GB`, `19 MB`, `512 KB`.
pub fn about(bytes: u64) -> String {
    let units = [(1u64 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")];
    for (size, unit) in units {
        if bytes >= size {
            let amount = bytes as f64 / size as f64;
            return if amount < 10.0 {
                format!("{:.1} {unit}", amount)
            } else {
                format!("{:.0} {unit}", amount)
            };
        }
    }
    format!("{bytes} bytes")
}

/// `2000000`, `64K`, `512M`, `2G` (powers of 1,024), `2GB`; `None` if not such a size.
pub fn parse_bytes(text: &str) -> Option<u64> {
    let text = text.trim().to_ascii_uppercase();
    let text = text.strip_suffix('B').unwrap_or(&text);
    let (digits, unit) = match text.char_indices().last()? {
        (at, 'K') => (&text[..at], 1u64 << 10),
        (at, 'M') => (&text[..at], 1 << 20),
        (at, 'G') => (&text[..at], 1 << 30),
        _ => (text, 1),
    };
    digits.trim().parse::<u64>().ok()?.checked_mul(unit)
}

/// The least of what the system, the cgroup and the address-space limit leave.
fn measured() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    [
        read("/proc/meminfo").and_then(|text| kilobytes_of(&text, "MemAvailable:")),
        cgroup_left(
            read("/sys/fs/cgroup/memory.max"),
            read("/sys/fs/cgroup/memory.current"),
        ),
        address_space_left(read("/proc/self/limits"), read("/proc/self/status")),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// A `Key:   123 kB` line of /proc/meminfo or /proc/self/status, in bytes.
fn kilobytes_of(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(key))?;
    let kilobytes = line[key.len()..]
        .split_whitespace()
        .next()?
        .parse::<u64>()
        .ok()?;
    kilobytes.checked_mul(1024)
}

/// What a cgroup v2 limit leaves (`max` is no limit).
fn cgroup_left(max: Option<String>, current: Option<String>) -> Option<u64> {
    let max = max?.trim().parse::<u64>().ok()?;
    let current = current.and_then(|text| text.trim().parse::<u64>().ok());
    Some(max.saturating_sub(current.unwrap_or(0)))
}

/// What `ulimit -v` leaves: the soft limit on the address space less what is mapped.
fn address_space_left(limits: Option<String>, status: Option<String>) -> Option<u64> {
    let limits = limits?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max address space"))?;
    let soft = line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse::<u64>()
        .ok()?;
    let mapped = status.and_then(|status| kilobytes_of(&status, "VmSize:"));
    Some(soft.saturating_sub(mapped.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_or_without_a_unit() {
        assert_eq!(parse_bytes("2000000"), Some(2_000_000));
        assert_eq!(parse_bytes("64K"), Some(64 << 10));
        assert_eq!(parse_bytes("512m"), Some(512 << 20));
        assert_eq!(parse_bytes("2GB"), Some(2 << 30));
        assert_eq!(parse_bytes("lots"), None);
        assert_eq!(parse_bytes("99999999999999999999G"), None);
    }

    #[test]
    fn sizes_are_said_rounded() {
        assert_eq!(about(16_320_000_000), "15 GB");
        assert_eq!(about(3 << 29), "1.5 GB");
        assert_eq!(about(19_960_000), "19 MB");
        assert_eq!(about(512 << 10), "512 KB");
        assert_eq!(about(300), "300 bytes");
    }

    #[test]
    fn the_limits_of_the_system_are_read() {
        let meminfo = "MemTotal:  16000000 kB\nMemAvailable:    2000 kB\n";
        assert_eq!(kilobytes_of(meminfo, "MemAvailable:"), Some(2_048_000));
        assert_eq!(
            cgroup_left(Some("1000\n".into()), Some("300\n".into())),
            Some(700)
        );
        assert_eq!(cgroup_left(Some("max\n".into()), None), None);
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         400000000            unlimited            bytes\n";
        let status = "Name:\tmenace\nVmSize:\t   10000 kB\n";
        assert_eq!(
            address_space_left(Some(limits.into()), Some(status.into())),
            Some(400_000_000 - 10_240_000)
        );
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_left(Some(unlimited.into()), None), None);
    }
}
