//! The memory budget: a limit, made by the caller (the command line's from
//! `--max-memory-gib`) and handed down, that every allocation growing with the input is
//! checked against before it is made (retrograde and chance
//! tables, the dice search's table, the solver's transposition table). A growth that
//! does not fit is refused with the estimate, never attempted: the caller turns it into
//! a clean error or an `unknown`, never an abort or a kernel kill.
//!
//! The bottom of the house: it uses no other layer.

/// One gibibyte.
pub const GIB: u64 = 1 << 30;

/// The default budget: three quarters of the machine's memory, at most 8 GiB (4 GiB
/// when the machine's memory cannot be read).
pub fn default_bytes() -> u64 {
    match physical_bytes() {
        Some(total) => (total / 4 * 3).min(8 * GIB),
        None => 4 * GIB,
    }
}

/// The largest budget `--max-memory-gib` accepts, in GiB, and whose memory that is: the
/// machine's own (a budget above it would let a build start that the system must kill
/// half-way), or 1024 GiB where the machine's memory cannot be read.
pub fn most_gib() -> (f64, &'static str) {
    match physical_bytes() {
        Some(total) => (total as f64 / GIB as f64, "this machine's memory"),
        None => (1024.0, "the machine's memory cannot be read"),
    }
}

/// The machine's memory (Linux: `MemTotal` of /proc/meminfo), read once.
fn physical_bytes() -> Option<u64> {
    static TOTAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *TOTAL.get_or_init(read_physical_bytes)
}

fn read_physical_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// A memory budget: the most bytes the work it is handed to may allocate for what grows
/// with its input. The caller owns it (the command line makes one from
/// `--max-memory-gib`) and hands it down; nothing in the library keeps one of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    bytes: u64,
}

impl Default for Budget {
    /// [`default_bytes`].
    fn default() -> Self {
        Budget::of_bytes(default_bytes())
    }
}

impl Budget {
    /// A budget of `bytes` (at least 1 MiB).
    pub fn of_bytes(bytes: u64) -> Budget {
        Budget {
            bytes: bytes.max(1 << 20),
        }
    }

    /// A budget of `gib` GiB, already checked to lie within `0 <` GiB `<=` [`most_gib`]
    /// (the command line reads it so); anything else is clamped into that range.
    pub fn of_gib(gib: f64) -> Budget {
        let most = most_gib().0;
        let gib = if gib.is_nan() { 0.0 } else { gib.min(most) };
        Budget::of_bytes((gib * GIB as f64) as u64)
    }

    /// The budget in bytes.
    pub fn bytes(self) -> u64 {
        self.bytes
    }

    /// Refuses `bytes` for `what` when they exceed the budget (the message gives the
    /// estimate, the budget and the flag that raises it).
    pub fn check(self, what: &str, bytes: u64) -> Result<(), MemoryError> {
        if bytes > self.bytes {
            return Err(MemoryError::OverBudget {
                what: what.to_string(),
                needs: bytes,
                budget: self.bytes,
            });
        }
        Ok(())
    }

    /// A vector of `len` copies of `value`, checked against the budget and allocated
    /// fallibly (a refusal of the system is an error, not an abort).
    pub fn filled<T: Clone>(self, what: &str, len: usize, value: T) -> Result<Vec<T>, MemoryError> {
        let mut v = self.reserved(what, len)?;
        v.resize(len, value);
        Ok(v)
    }

    /// An empty vector with room for `len` elements, checked and allocated fallibly.
    pub fn reserved<T>(self, what: &str, len: usize) -> Result<Vec<T>, MemoryError> {
        let bytes = (len as u64).saturating_mul(std::mem::size_of::<T>() as u64);
        self.check(what, bytes)?;
        let mut v = Vec::new();
        v.try_reserve_exact(len).map_err(|_| refused(what, bytes))?;
        Ok(v)
    }
}

/// A size for messages: `812.0 MiB`, `8.80 GiB`.
pub fn human(bytes: u64) -> String {
    if bytes >= GIB {
        format!("{:.2} GiB", bytes as f64 / GIB as f64)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    }
}

/// Memory that is not to be had: over the budget, or refused by the system.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MemoryError {
    /// The estimate exceeds the budget (the message names the flag that raises it).
    #[error("{what} needs about {}, more than the memory budget of {} (--max-memory-gib)", human(*.needs), human(*.budget))]
    OverBudget {
        /// What the memory was for, in a few words.
        what: String,
        /// The estimate, in bytes.
        needs: u64,
        /// The budget it exceeds, in bytes.
        budget: u64,
    },
    /// Within the budget, but the system would not give it.
    #[error("{what}: the system refused {}", human(*.bytes))]
    Refused {
        /// What the memory was for, in a few words.
        what: String,
        /// The bytes asked for.
        bytes: u64,
    },
}

/// For callers whose errors are still words: the message.
impl From<MemoryError> for String {
    fn from(e: MemoryError) -> String {
        e.to_string()
    }
}

fn refused(what: &str, bytes: u64) -> MemoryError {
    MemoryError::Refused {
        what: what.to_string(),
        bytes,
    }
}

/// Hands the heap freed so far back to the system. glibc keeps freed small blocks in its
/// arenas: after the many small lists of a chance table built with stored successors,
/// some 170 MiB that the next, larger table could not use and the budget did not count.
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of glibc's own heap.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_above_the_budget_and_allocates_below() {
        let b = Budget::of_bytes(GIB);
        assert!(b
            .check("x", GIB + 1)
            .unwrap_err()
            .to_string()
            .contains("--max-memory-gib"));
        assert!(b.check("x", GIB).is_ok());
        let v: Vec<u8> = b.filled("x", 1000, 7).unwrap();
        assert_eq!(v.len(), 1000);
        assert!(b.reserved::<u64>("huge", usize::MAX / 8).is_err());
        assert_eq!(Budget::of_bytes(5).bytes(), 1 << 20);
        assert_eq!(human(GIB * 3 / 2), "1.50 GiB");
    }
}
