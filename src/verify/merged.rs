//! The merge of `repair` and `reconstruct` shards as library calls (the shards already
//! checked to belong together): the CSV checked, the shards put together
//! ([`super::shard::combine`]) before anything is shown (a refusal writes nothing), the
//! warnings the shards met said once, each result handed to the caller to show as one
//! unsharded run would, then the CSV written; the exit code.

use super::one_run::{repairs_code, write_reconstruction, write_repairs};
use super::shard::{self, Manifest, RepairRow, ShardsError};
use crate::repair::reconstruct::Reconstruction;
use crate::report::cells::Cells;
use crate::report::outputs::{csv_output, OutputsError};
use crate::report::CsvWriteError;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a merge wrote nothing, or not all.
#[derive(Debug, Error)]
pub enum MergedError {
    /// The CSV was refused before the work.
    #[error(transparent)]
    Outputs(#[from] OutputsError),
    /// The shards do not put together.
    #[error(transparent)]
    Shards(#[from] ShardsError),
    /// The CSV could not be written.
    #[error(transparent)]
    Csv(#[from] CsvWriteError),
}

/// Where a merge writes: `--csv` (`-`: standard output), `--json` (which standard output
/// then carries), how the CSV's cells are written, and the record of the files read
/// (the shards' files are added to it), none of which an output may replace.
pub type To<'a> = (Option<&'a Path>, bool, Cells, &'a crate::files::Reads);

/// The warnings the shards met reading their inputs, said once.
fn say_warnings(ms: &[(PathBuf, Manifest)], say: &dyn Fn(&str)) {
    for w in &ms[0].1.warnings {
        say(&format!("warning: {}", crate::report::shown::said(w)));
    }
}

/// Merges the shards of one `repair` run; `show` sees each row in order.
pub fn merge_repairs(
    ms: &[(PathBuf, Manifest)],
    (csv, json, cells, reads): To,
    say: &dyn Fn(&str),
    show: &mut dyn FnMut(&RepairRow),
) -> Result<i32, MergedError> {
    let csv = csv_output(csv, json, &shard::shard_files(ms, reads))?;
    let rows = shard::repair_rows(ms, reads)?;
    say_warnings(ms, say);
    for r in &rows {
        show(r);
    }
    write_repairs(csv.as_ref(), &rows, cells)?;
    Ok(repairs_code(&rows))
}

/// Merges the shards of one `reconstruct` run; `show` sees the problem's id, place and
/// the joined reconstruction.
pub fn merge_reconstructions(
    ms: &[(PathBuf, Manifest)],
    (csv, json, cells, reads): To,
    say: &dyn Fn(&str),
    show: &mut dyn FnMut(&str, &str, &Reconstruction),
) -> Result<i32, MergedError> {
    let csv = csv_output(csv, json, &shard::shard_files(ms, reads))?;
    let (id, at, joined) = shard::reconstruction(ms, reads)?;
    say_warnings(ms, say);
    show(&id, &at, &joined);
    write_reconstruction(csv.as_ref(), &id, &joined, cells)?;
    Ok(0)
}
