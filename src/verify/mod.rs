//! Verifying problems, as a library: a problem file's entries ([`crate::problem`]) become
//! jobs (a problem under one rule set, `plan`), each analysed into a row with its
//! verdict (`job`); compiled rules are shared between them (`engines`). The command
//! line's `verify`, `solve` and `export` run exactly this, and so can another program
//! (see the crate's front page).
//!
//! It sits above [`crate::report`] (its result is a report row, [`crate::report::Row`])
//! and below [`crate::cli`].

pub(crate) mod engines;
pub(crate) mod job;
pub mod least;
pub(crate) mod plan;

pub use engines::Engines;
pub use job::{key_of, run_job, Job};
pub use plan::jobs_for;

use crate::notation::Notation;
use crate::problem::Problem;
use crate::report::Row;
use crate::solve::Limits;
use std::sync::Arc;

/// Verifies one problem under its own rules, its lines in SAN: the row with its verdict.
pub fn verify_problem(p: &Problem, limits: &Limits) -> Row {
    let job = Job {
        problem: Arc::new(p.clone()),
        rules: p.rules.clone(),
        from_cli: false,
        carried: None,
    };
    run_job(&job, &Engines::default(), limits, Notation::San.into())
}
