//! What a shard leaves beside its CSV for `mansuba merge`: a small manifest (what was
//! asked, which shard, the version, a digest of the inputs) and its rows in full, one
//! JSON line per problem with the problem's place in the whole batch (`verify`: a
//! [`PlacedGroup`]; `repair`: the problem's repairs found in the shard's slice).
//!
//! For a shard whose CSV is `DIR/NAME.csv`: `DIR/NAME.manifest.json` and
//! `DIR/NAME.rows.jsonl`. The manifest is written last, each file atomically: a shard
//! whose manifest exists finished, and a shard killed half-way leaves no manifest (it is
//! "missing" to the merge and is simply run again).

pub use super::shard_inputs::{inputs_of, Inputs};
use crate::batch::Shard;
use crate::files::digest::Digest;
use crate::files::FileSet;
use crate::report::grid::Group;
use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The manifest format's name (changes when its meaning does).
pub const FORMAT: &str = "mansuba-shard-2";

/// A shard's manifest.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// The subcommand (`verify` or `repair`).
    pub command: String,
    /// mansuba's version.
    pub version: String,
    /// Which shard.
    pub shard: Shard,
    /// What was asked: the paths as given and every option that changes a result (not
    /// the threads nor where the output goes).
    pub asked: serde_json::Value,
    /// The input files and the rules files they name, with their digests.
    pub inputs: Inputs,
    /// Problems of the whole batch, over every shard.
    pub total: usize,
    /// Problems of this shard (the lines of its rows file; every problem for `repair`,
    /// whose shards cut each problem's candidates).
    pub groups: usize,
    /// The warnings met reading the inputs (printed again by the merge).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The shard's CSV (a file name beside the manifest).
    pub csv: String,
    /// The shard's rows (a file name beside the manifest), and their digest.
    pub rows: String,
    pub rows_digest: String,
}

/// One line of a rows file.
#[derive(Serialize, Deserialize)]
pub struct PlacedGroup {
    /// The group's place in the whole, unsharded batch.
    pub place: usize,
    pub group: Group,
}

/// Checks before the work that a shard's manifest and rows can go beside its CSV: the
/// CSV is a file, and neither of them is one of the inputs (the same policy as every
/// output, [`crate::files::target`]).
pub fn check_beside(shard: Option<Shard>, csv: Option<&Path>, inputs: &FileSet) -> Result<()> {
    let (Some(_), Some(csv)) = (shard, csv) else {
        return Ok(());
    };
    if csv.as_os_str() == "-" {
        bail!("--shard needs --csv FILE, not -: the shard's manifest and rows go beside it");
    }
    let (m, r) = paths_beside(csv);
    for p in [m, r] {
        crate::files::check_derived(&p, inputs).map_err(|e| anyhow::anyhow!("--shard: {e}"))?;
    }
    Ok(())
}

/// Writes a file beside a shard's CSV, a name mansuba derives: a link there is replaced,
/// never written through; a read-only file is refused, an input never replaced.
fn write_beside(p: &Path, bytes: &[u8]) -> Result<()> {
    crate::files::check_derived(p, &FileSet::default())?.write_all(bytes)?;
    Ok(())
}

/// The manifest's and the rows' paths for a shard's CSV.
pub fn paths_beside(csv: &Path) -> (PathBuf, PathBuf) {
    (
        csv.with_extension("manifest.json"),
        csv.with_extension("rows.jsonl"),
    )
}

/// The file name of a path, as a manifest names its neighbours.
fn name_of(p: &Path) -> Result<String> {
    Ok(p.file_name()
        .with_context(|| format!("{}: not a file name", p.display()))?
        .to_string_lossy()
        .to_string())
}

/// What a shard ran, for [`write()`].
pub struct ShardRun<'a, T> {
    pub command: &'a str,
    pub shard: Shard,
    pub asked: serde_json::Value,
    pub inputs: Inputs,
    pub total: usize,
    pub warnings: Vec<String>,
    /// The lines of the rows file, one per problem of the shard.
    pub lines: &'a [T],
}

/// Writes the rows file and then the manifest beside the shard's CSV; the manifest's path.
pub fn write<T: Serialize>(csv: &Path, run: ShardRun<T>) -> Result<PathBuf> {
    let (manifest_path, rows_path) = paths_beside(csv);
    let mut rows = Vec::new();
    for line in run.lines {
        serde_json::to_writer(&mut rows, line)?;
        rows.push(b'\n');
    }
    write_beside(&rows_path, &rows)?;
    let m = Manifest {
        format: FORMAT.into(),
        command: run.command.into(),
        version: env!("CARGO_PKG_VERSION").into(),
        shard: run.shard,
        asked: run.asked,
        inputs: run.inputs,
        total: run.total,
        groups: run.lines.len(),
        warnings: run.warnings,
        csv: name_of(csv)?,
        rows: name_of(&rows_path)?,
        rows_digest: Digest::of(&rows),
    };
    let mut text = serde_json::to_string_pretty(&m)?;
    text.push('\n');
    write_beside(&manifest_path, text.as_bytes())?;
    Ok(manifest_path)
}

/// Every file of the shards (manifests, rows, CSVs): none may be an output of the merge.
pub fn shard_files(ms: &[(PathBuf, Manifest)]) -> crate::files::FileSet {
    let mut set = crate::files::FileSet::default();
    for (p, m) in ms {
        set.add(p);
        let dir = p.parent().unwrap_or(Path::new(""));
        set.add(&dir.join(&m.rows));
        set.add(&dir.join(&m.csv));
    }
    set
}

/// Reads a manifest (errors name the file).
pub fn read(path: &Path) -> Result<Manifest> {
    let text = crate::files::read_text(path)
        .with_context(|| format!("cannot read shard manifest {}", path.display()))?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "{}:{}: not a mansuba shard manifest: {e}",
            path.display(),
            e.line()
        )
    })?;
    if m.format != FORMAT {
        bail!(
            "{}: manifest format '{}', expected '{FORMAT}' (written by another mansuba?)",
            path.display(),
            m.format
        );
    }
    // The shard picks a slot of the merge's table of shards: an edited one is refused
    // here, before that table is made.
    m.shard
        .check()
        .map_err(|e| anyhow::anyhow!("{}: shard {}: {e}", path.display(), m.shard))?;
    Ok(m)
}

/// Reads the lines of the rows file a manifest names, checked against its digest and
/// its count.
pub fn read_lines<T: DeserializeOwned>(manifest_path: &Path, m: &Manifest) -> Result<Vec<T>> {
    let dir = manifest_path.parent().unwrap_or(Path::new(""));
    let path = dir.join(&m.rows);
    let bytes = crate::files::read_bounded(&path).with_context(|| {
        format!(
            "cannot read {} (named by {}); rerun shard {}",
            path.display(),
            manifest_path.display(),
            m.shard
        )
    })?;
    if Digest::of(&bytes) != m.rows_digest {
        bail!(
            "{}: its digest is not the one {} records (the file was changed or belongs to another run); rerun shard {}",
            path.display(),
            manifest_path.display(),
            m.shard
        );
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut out = vec![];
    for (n, line) in text.lines().enumerate() {
        out.push(serde_json::from_str(line).map_err(|e| {
            anyhow::anyhow!(
                "{}:{}: not a row of a {} shard: {e}",
                path.display(),
                n + 1,
                m.command
            )
        })?);
    }
    if out.len() != m.groups {
        bail!(
            "{}: {} problems, but {} records {}",
            path.display(),
            out.len(),
            manifest_path.display(),
            m.groups
        );
    }
    Ok(out)
}

/// Reads the rows of a `verify` shard: each problem's place must be one of its shard, and
/// the shard must hold every place that is its own among the manifest's `total` problems.
/// So `total` is checked against rows that exist before anything is made of its size (an
/// edited total once asked the merge for gigabytes).
pub fn read_rows(manifest_path: &Path, m: &Manifest) -> Result<Vec<PlacedGroup>> {
    let rows: Vec<PlacedGroup> = read_lines(manifest_path, m)?;
    let own = m.shard.size(m.total);
    if rows.len() != own {
        bail!(
            "{}: shard {} of {} problems holds {own} of them, but its rows hold {}; the manifest was changed or belongs to another run (rerun shard {})",
            manifest_path.display(),
            m.shard,
            m.total,
            rows.len(),
            m.shard
        );
    }
    for (n, pg) in rows.iter().enumerate() {
        if pg.place >= m.total || !m.shard.contains(pg.place) {
            bail!(
                "{}:{}: place {} does not belong to shard {} of {} problems",
                manifest_path.with_file_name(&m.rows).display(),
                n + 1,
                pg.place,
                m.shard,
                m.total
            );
        }
    }
    Ok(rows)
}

/// For a command on one problem file (`repair`, `reconstruct`): the `--csv` output checked
/// against what is read (the file and the rules files it names: no output may replace
/// them), the manifest's place beside it checked, and, for a shard, the inputs digested
/// before its run.
pub(super) fn one_file_outputs(
    file: &Path,
    shard: Option<Shard>,
    csv: Option<&Path>,
) -> Result<(Option<crate::files::Output>, Option<Inputs>)> {
    let file = [file.to_path_buf()];
    let read = super::shard_inputs::read_by(&file, None);
    let out = super::parallel::check_output("--csv", csv, &read)?;
    check_beside(shard, csv, &FileSet::of(&read))?;
    let inputs = match shard {
        Some(_) => Some(inputs_of(&file, None)?),
        None => None,
    };
    Ok((out, inputs))
}
