//! Verifying problems, as a library: a problem file's entries ([`crate::problem`]) become
//! jobs (a problem under one rule set, `plan`), each analysed into a row with its
//! verdict (`job`); compiled rules are shared between them (`engines`). A whole batch of
//! files runs in parallel with its groups handed on in file order ([`batch`], the
//! problems read as the workers ask for them by `feed`), and ends with a [`Status`]
//! (the exit code's rule); a shard leaves its manifest and rows for the merge, which
//! checks and joins them ([`shard`]). The search settings of such a run are plain values
//! ([`settings`]), and so is the run itself ([`run`]: the pool, the limits, the batch). The command line's `verify`, `solve` and `export` run exactly
//! this, and so can another program (see the crate's front page).
//!
//! It sits above [`crate::report`] (its result is a report row, [`crate::report::Row`])
//! and below the command line.

pub mod batch;
pub mod concord;
pub mod export_run;
pub(crate) mod feed;
pub(crate) mod job;
pub mod least;
pub mod members;
pub mod merged;
pub mod one_run;
pub(crate) mod plan;
pub mod repairs;
pub mod run;
pub mod settings;
pub mod shard;
pub mod solves;
pub mod status;
pub mod verify_run;

pub use crate::problem::Engines;
pub use batch::{Batch, Ran};
pub use job::{key_of, not_run, run_job, Job, NOT_RUN};
pub use plan::jobs_for;
pub use status::Status;

use crate::notation::Notation;
use crate::problem::Problem;
use crate::report::Row;
use crate::solve::Limits;
use std::sync::Arc;

/// Verifies one problem under its own rules, its lines in SAN: the row with its verdict. A
/// rules file the problem names is read only beside its file or below that folder; to
/// allow others, or to share compiled rules between calls, give [`verify_with`] an
/// [`Engines::allowing`] them. It is read within the budget of `limits.reads` and noted
/// in its record, as the tables the search reads are.
pub fn verify_problem(p: &Problem, limits: &Limits) -> Row {
    let own = crate::board::rules::RulesDirs::none(&limits.reads);
    verify_with(p, &Engines::allowing(own), limits)
}

/// [`verify_problem`] with compiled rules shared between calls (a batch compiles each
/// rule set once).
pub fn verify_with(p: &Problem, engines: &Engines, limits: &Limits) -> Row {
    let job = Job {
        problem: Arc::new(p.clone()),
        rules: p.rules.clone(),
        from_cli: false,
        carried: None,
    };
    run_job(&job, engines, limits, Notation::San.into())
}
