//! A reconstruction printed (text or JSON) and its CSV written, the same by `reconstruct`
//! and by `mansuba merge` of its shards; the merge joins the shards' rows
//! ([`crate::verify::shard::combine`]) into what one unsharded `reconstruct` prints (the
//! time is the shards' total).

use crate::repair::reconstruct::Reconstruction;
use crate::report::reconstruct as out;
pub use crate::verify::shard::ReconstructRow;
use crate::verify::shard::{self as manifest, Manifest};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// Prints a reconstruction (text or JSON) and writes its CSV (atomically).
pub fn show(
    (id, at): (&str, &str),
    r: &Reconstruction,
    json: bool,
    (csv, bom): (Option<&crate::files::Output>, bool),
) -> Result<()> {
    if json {
        println!("{}", out::json(id, r));
    } else {
        println!("{}", out::text(id, at, r));
    }
    if let Some(c) = csv {
        let records = out::csv_records(id, r);
        crate::report::write_csv(
            c,
            out::RECONSTRUCT_COLUMNS,
            &records,
            crate::cli::cells(bom),
        )?;
    }
    Ok(())
}

/// Merges the shards of one `reconstruct` run (already checked to belong together):
/// prints what one run prints, writes its CSV; the exit code.
pub fn merge(ms: &[(PathBuf, Manifest)], csv: Option<&Path>, json: bool, bom: bool) -> Result<i32> {
    let csv = super::output::csv_output(csv, json, &manifest::shard_files(ms))?;
    let (id, at, joined) = manifest::reconstruction(ms)?;
    for w in &ms[0].1.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    show((&id, &at), &joined, json, (csv.as_ref(), bom))?;
    Ok(0)
}
