//! `verify --shard K/N`: what the shard leaves beside its CSV for `mansuba merge` (see
//! [`super::manifest`]): what was asked, the digest of the inputs, the rows.

use super::common::collect_files;
use super::manifest::{self, ShardRun};
use super::run::Batch;
use super::verify::VerifyArgs;
use crate::batch::Shard;
use crate::report::grid::Group;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::Path;

/// The options of `verify` that change a result: the paths as given (the CSV names the
/// files by them), `--all-rules` and the search's settings; not `--threads` nor where
/// the output goes.
fn asked(a: &VerifyArgs) -> serde_json::Value {
    let r = &a.run;
    json!({
        "paths": a.paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "all_rules": a.all_rules,
        "rules": r.rules,
        "timeout": r.timeout,
        "max_nodes": r.max_nodes,
        "tables": r.tables.as_ref().map(|t| t.display().to_string()),
        "no_auto_tables": r.no_auto_tables,
        "method": format!("{:?}", r.method),
        "notation": r.notation,
    })
}

/// Checks before the work that a shard's manifest can go beside its CSV.
pub(super) fn check(a: &VerifyArgs) -> Result<()> {
    if a.shard.is_some() && a.csv.as_deref().is_some_and(|c| c.as_os_str() == "-") {
        bail!("--shard needs --csv FILE, not -: the shard's manifest and rows go beside it");
    }
    Ok(())
}

/// Writes the shard's rows and manifest beside `csv`.
pub(super) fn write_manifest(
    a: &VerifyArgs,
    shard: Shard,
    csv: &Path,
    b: &Batch,
    groups: &[Group],
) -> Result<()> {
    let inputs = manifest::inputs_of(&collect_files(&a.paths)?)?;
    let path = manifest::write(
        csv,
        ShardRun {
            command: "verify",
            shard,
            asked: asked(a),
            inputs,
            total: b.total,
            groups,
            places: &b.places,
        },
    )?;
    eprintln!(
        "shard {shard}: {} of {} problems; manifest {}",
        groups.len(),
        b.total,
        path.display()
    );
    Ok(())
}
