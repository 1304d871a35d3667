//! How a batch ended, as a value a script can trust (the rule is documented once, in
//! docs/verify.md "Exit codes"): cut short by its cancel flag; failed when some row is an
//! `error`, misses its `expect`, or (without an `expect`) has a manuscript solution that
//! fails; else clean. The command line exits with [`Status::code`].

use crate::report::tally::{fails_run, Tally};
use crate::report::{Row, Verdict};

/// The exit code of a run cut short by its cancel flag (Ctrl-C: 128 + SIGINT, as shells
/// report it).
pub const INTERRUPTED: i32 = 130;

/// How a batch ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every row was analysed and none fails the run.
    Clean,
    /// Some row fails the run.
    Failed,
    /// The cancel flag cut the batch short.
    Interrupted,
}

impl Status {
    /// The status of `verify` and `solve` from their rows.
    pub fn of_rows(rows: &[Row], cancelled: bool) -> Status {
        Status::judging(rows, cancelled, fails_run)
    }

    /// The status of `export`, whose job is the lines, not the verdicts: failed only for
    /// a row that could not be analysed.
    pub fn of_export(rows: &[Row], cancelled: bool) -> Status {
        Status::judging(rows, cancelled, |r| r.verdict == Verdict::Error)
    }

    /// [`Status::of_rows`] from a batch's tally (the rows themselves are not kept).
    pub fn of_tally(t: &Tally, cancelled: bool) -> Status {
        Status::of(cancelled, t.any_failed())
    }

    fn judging(rows: &[Row], cancelled: bool, failed: impl Fn(&Row) -> bool) -> Status {
        Status::of(cancelled, rows.iter().any(failed))
    }

    fn of(cancelled: bool, failed: bool) -> Status {
        if cancelled {
            Status::Interrupted
        } else if failed {
            Status::Failed
        } else {
            Status::Clean
        }
    }

    /// The exit code: 0 clean, 1 failed, [`INTERRUPTED`] cut short.
    pub fn code(self) -> i32 {
        match self {
            Status::Clean => 0,
            Status::Failed => 1,
            Status::Interrupted => INTERRUPTED,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_row_fails_and_a_cancel_outranks_it() {
        let fault = crate::problem::ProblemError {
            file: "p.toml".into(),
            line: Some(3),
            id: Some("p".into()),
            key: None,
            message: "no fen".into(),
            meta: Default::default(),
        };
        let error = Row::from_error(&fault, None, "");
        assert_eq!(error.verdict, Verdict::Error);
        assert_eq!(Status::of_rows(&[], false), Status::Clean);
        assert_eq!(
            Status::of_rows(std::slice::from_ref(&error), false).code(),
            1
        );
        assert_eq!(
            Status::of_export(std::slice::from_ref(&error), false),
            Status::Failed
        );
        assert_eq!(Status::of_rows(&[error], true).code(), INTERRUPTED);
    }
}
