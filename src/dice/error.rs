//! What can go wrong with chance tables: a table too large for the budget, a stop
//! (deadline, Ctrl-C), a table file that does not fit.

use thiserror::Error;

/// An error of the dice layer.
#[derive(Debug, Error)]
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
    #[error("chance table {}: {fault}", path.display())]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        #[source]
        fault: TableFileFault,
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

/// What is wrong with a chance table's file ([`DiceError::File`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TableFileFault {
    /// Its folder could not be made, or its header not written out.
    #[error("cannot write: {0}")]
    Write(#[source] std::io::Error),
    /// It could not be written, or put in place.
    #[error("cannot write: {0}")]
    Output(#[source] crate::files::OutputError),
    /// It could not be read (`build`: the command that makes it).
    #[error("{err} (build it with `{build}`)")]
    Unreadable {
        /// Why.
        #[source]
        err: crate::files::InputError,
        /// The command that builds the table.
        build: String,
    },
    /// No line ends its header.
    #[error("no header line")]
    NoHeader,
    /// The header is not what a table's is.
    #[error("bad header: {0}")]
    BadHeader(#[source] serde_json::Error),
    /// Written by an older mansuba, in a format no longer read.
    #[error(
        "written by an older mansuba (format '{format}', without a certified error or with \
         entries in another order); rebuild it with `{build}`"
    )]
    OldFormat {
        /// The format the file names.
        format: String,
        /// The command that builds the table anew.
        build: String,
    },
    /// Some other file's format.
    #[error("not a chance table (format '{0}')")]
    NotATable(String),
    /// Built under other rules (their name, as the file gives it).
    #[error("built under other rules ('{0}')")]
    OtherRules(String),
    /// Fewer or more entries than the material has.
    #[error("wrong size")]
    WrongSize,
    /// The checksum does not match the entries.
    #[error("checksum differs: the file is damaged")]
    Damaged,
}
