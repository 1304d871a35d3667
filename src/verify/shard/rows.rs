//! The rows a `repair` or `reconstruct` shard keeps in its rows file (a `verify` shard's
//! are [`super::PlacedGroup`]s): what the merge reads back to put the shards together.

use crate::repair::reconstruct::{Miss, Reconstruction};
use crate::repair::RepairReport;
use serde::{Deserialize, Serialize};

/// What became of one problem of a `repair` run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum RepairOutcome {
    /// The repairs of the shard's slice.
    #[serde(rename = "Ok")]
    Repaired(Box<RepairReport>),
    /// The problem could not be repaired: the error as printed after `error: `.
    #[serde(rename = "Err")]
    Failed(String),
}

/// One problem of a `repair` run's file and what became of it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepairRow {
    /// Its place among the problems run (file order; the same in every shard).
    pub place: usize,
    /// Its id (empty for an entry that could not be read).
    pub id: String,
    /// `FILE:LINE` as the text report names it.
    pub at: String,
    /// Its repairs, or why there are none.
    pub result: RepairOutcome,
}

impl RepairRow {
    /// The repairs, when the problem could be repaired.
    pub fn report(&self) -> Option<&RepairReport> {
        match &self.result {
            RepairOutcome::Repaired(r) => Some(r.as_ref()),
            RepairOutcome::Failed(_) => None,
        }
    }

    /// When the run stopped before every candidate was started: what stopped it and how
    /// many candidates of the shard were not run, in a line.
    pub fn stopped_note(&self) -> Option<String> {
        let c = &self.report()?.counts;
        (c.not_run > 0).then(|| {
            format!(
                "{}: stopped ({}): {} of {} candidates not run",
                self.id, c.stopped, c.not_run, c.in_shard
            )
        })
    }
}

/// The one line of a `reconstruct` shard's rows file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReconstructRow {
    /// The problem's id.
    pub id: String,
    /// `FILE:LINE` as the text report names it.
    pub at: String,
    /// The shard's reconstruction.
    pub result: Reconstruction,
    /// Its kept misses ([`Reconstruction::kept`], which the report leaves out).
    pub kept: Vec<(u8, Miss)>,
}
