//! What can go wrong with chance tables: a table too large for the budget, a stop
//! (deadline, Ctrl-C), a table file that does not fit.

use thiserror::Error;

/// An error of the dice layer.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// The deadline passed.
    #[error("time limit reached")]
    TimeLimit,
    /// Ctrl-C.
    #[error("interrupted")]
    Interrupted,
    /// A table (or a set of tables) larger than a chance table may be or than the
    /// memory budget allows; the message gives the numbers.
    #[error("{0}")]
    TooBig(String),
    /// A position no table of the set holds.
    #[error("no chance table for {0}")]
    NoTable(String),
    /// A position whose material is not a table's (too many men, no king, ...).
    #[error("not a chance table's position: {0}")]
    Material(String),
    /// A table file that cannot be read, written or trusted.
    #[error("chance table {path}: {what}")]
    File {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// A broken invariant of the tables (a bug, reported rather than panicking).
    #[error("chance tables: {0}")]
    Internal(&'static str),
}

impl DiceError {
    /// A memory refusal (the budget, or the system) as a dice error.
    pub(super) fn memory(e: crate::memory::MemoryError) -> DiceError {
        DiceError::TooBig(e.to_string())
    }

    /// Whether this is a stop (deadline or Ctrl-C) rather than a failure.
    pub fn is_stop(&self) -> bool {
        matches!(self, DiceError::TimeLimit | DiceError::Interrupted)
    }
}
