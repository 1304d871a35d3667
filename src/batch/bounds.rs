//! Numbers a request reads from text, each within a stated range: a value outside it is
//! refused with a message that gives the range, never a number that later overflows a
//! deadline, a stack or an allocation. Every bounded number reads through [`within`], so
//! the wording and the checks are written once (the command line's flags read here).

use std::fmt::Display;
use std::str::FromStr;
use thiserror::Error;

/// The longest time limit, in seconds: 10,000,000 s (about 116 days). Far beyond any run
/// on one machine, and far below what a deadline (`now + limit`) can hold.
pub const MAX_SECONDS: f64 = 1e7;

/// The deepest `perft --depth`. Each ply of the count is one frame of a recursion on a
/// worker thread's stack (2 MiB); 290 plies overflowed it. No count of 64 plies can end
/// (two moves a ply already give 2^64 leaves, more than the count holds), so nothing is
/// lost, and 64 frames fit a quarter of the stack on the largest board (12x12: they
/// overflow a 256 KiB stack, not one of 512 KiB; the hostile tests run that dive).
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A number outside its range, or no number: the range in words and the text given.
#[derive(Debug, Error)]
#[error("expected {range}, got '{text}'")]
pub struct OutOfRange {
    /// The range, in words ("0 (no limit) to 10000000 seconds").
    pub range: String,
    /// The text as given.
    pub text: String,
}

/// Reads `text` as a `T` from `lo` to `hi` (both included); `range` says the range in
/// words for the message ("0 (no limit) to 10000000 seconds").
pub fn within<T>(text: &str, lo: T, hi: T, range: &str) -> Result<T, OutOfRange>
where
    T: FromStr + PartialOrd + Display,
{
    let refuse = || OutOfRange {
        range: range.to_string(),
        text: text.to_string(),
    };
    let v: T = text.trim().parse().map_err(|_| refuse())?;
    // `!(a <= b)` rather than `a > b`: a NaN compares false both ways and is refused.
    if !(lo <= v && v <= hi) {
        return Err(refuse());
    }
    Ok(v)
}

/// A time limit in seconds: 0 (no limit) or up to [`MAX_SECONDS`]; infinities, NaN and
/// negative numbers refused (`--timeout`, `--timeout-each`).
pub fn seconds(text: &str) -> Result<f64, OutOfRange> {
    within(
        text,
        0.0,
        MAX_SECONDS,
        &format!("a number of seconds from 0 (no limit) to {MAX_SECONDS:.0}"),
    )
}

/// `perft --depth`: 0 to [`MAX_PERFT_DEPTH`] plies.
pub fn perft_depth(text: &str) -> Result<u32, OutOfRange> {
    within(
        text,
        0,
        MAX_PERFT_DEPTH,
        &format!("a depth from 0 to {MAX_PERFT_DEPTH} plies"),
    )
}

/// `--max-memory-gib`: more than 0 and at most the machine's memory.
pub fn memory_gib(text: &str) -> Result<f64, OutOfRange> {
    let (most, whose) = crate::memory::most_gib();
    let range = format!("a number of GiB above 0 and at most {most:.1} ({whose})");
    let gib = within(text, 0.0, most, &range)?;
    if gib == 0.0 {
        return Err(OutOfRange {
            range,
            text: text.to_string(),
        });
    }
    Ok(gib)
}

/// A time limit as a duration: `None` for 0 (no limit).
pub fn duration(seconds: f64) -> Option<std::time::Duration> {
    (seconds > 0.0).then(|| std::time::Duration::from_secs_f64(seconds.min(MAX_SECONDS)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_their_range_are_refused_with_it() {
        assert_eq!(seconds("15").unwrap(), 15.0);
        assert_eq!(seconds("0").unwrap(), 0.0);
        for bad in ["1e19", "1e20", "inf", "NaN", "-1", "-0.5", "x", ""] {
            let e = seconds(bad).unwrap_err().to_string();
            assert!(e.contains("0 (no limit) to 10000000"), "{bad}: {e}");
        }
        assert_eq!(perft_depth("64").unwrap(), 64);
        assert!(perft_depth("65")
            .unwrap_err()
            .to_string()
            .contains("0 to 64"));
        assert!(perft_depth("290").is_err());
        assert!(memory_gib("0").is_err());
        assert!(memory_gib("1e30")
            .unwrap_err()
            .to_string()
            .contains("at most"));
        assert!(memory_gib("0.5").is_ok());
        assert_eq!(duration(0.0), None);
    }
}
