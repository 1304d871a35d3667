//! `mansuba merge` of `repair --shard K/N` shards: the shards' repairs put together by the
//! library ([`crate::verify::shard::combine`]); then the text (or JSON), the CSV and the
//! exit code are those of one unsharded `repair` (the time is the shards' total).

use super::repair_rows::Shown;
use crate::verify::shard::{self as manifest, Manifest};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// Merges the shards of one `repair` run (already checked to belong together): prints
/// what one run prints, writes its CSV; the exit code.
pub fn merge(ms: &[(PathBuf, Manifest)], csv: Option<&Path>, json: bool, bom: bool) -> Result<i32> {
    let csv = super::output::csv_output(csv, json, &manifest::shard_files(ms))?;
    // Every problem is put together before anything is printed: a refusal writes nothing.
    let rows = manifest::repair_rows(ms)?;
    for w in &ms[0].1.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    let mut shown = Shown::default();
    for r in &rows {
        shown.show(r, json);
    }
    shown.write_csv(csv.as_ref(), bom)?;
    Ok(shown.code)
}
