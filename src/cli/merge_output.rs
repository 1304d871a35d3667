//! The output a merge's CSV goes to, checked before any work, for the merges of every
//! command's shards.

use crate::verify::shard::{self, Manifest};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// The merged CSV's output, checked before any work (`--csv -` with `--json` would both
/// write to standard output; no shard's file may be replaced).
pub fn merged_csv(
    ms: &[(PathBuf, Manifest)],
    csv: Option<&Path>,
    json: bool,
) -> Result<Option<crate::files::Output>> {
    if csv.is_some_and(|c| c.as_os_str() == "-") && json {
        bail!("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them");
    }
    csv.map(|c| crate::files::check_output(c, &shard::shard_files(ms)))
        .transpose()
        .map_err(|e| anyhow::anyhow!("--csv {e}"))
}
