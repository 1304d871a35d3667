//! What a shard leaves beside its CSV for `mansuba merge`: a small manifest (what was
//! asked, which shard, the version, a digest of the inputs) and its rows in full, one
//! JSON line per problem with the problem's place in the whole batch (`verify`: a
//! [`PlacedGroup`]; `repair`: the problem's repairs found in the shard's slice;
//! `reconstruct`: its fillings).
//!
//! For a shard whose CSV is `DIR/NAME.csv`: `DIR/NAME.manifest.json` and
//! `DIR/NAME.rows.jsonl`. The manifest is written last, each file atomically: a shard
//! whose manifest exists finished, and a shard killed half-way leaves no manifest (it is
//! "missing" to the merge and is simply run again).

use super::{Asked, Inputs, ShardsError};
use crate::batch::Shard;
use crate::files::digest::Digest;
use crate::files::Reads;
use crate::report::grid::Group;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The manifest format's name (changes when its meaning does).
pub const FORMAT: &str = "mansuba-shard-5";

/// A shard's manifest. Every key must be there and none other may be.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// mansuba's version.
    pub version: String,
    /// Which shard.
    pub shard: Shard,
    /// What was asked (the command, the paths as given and every option that changes a
    /// result).
    pub asked: Asked,
    /// The input files and the rules files they name, with their digests.
    pub inputs: Inputs,
    /// Problems of the whole batch, over every shard.
    pub total: usize,
    /// Problems of this shard (the lines of its rows file; every problem for `repair`,
    /// whose shards cut each problem's candidates).
    pub groups: usize,
    /// The warnings met reading the inputs (printed again by the merge).
    pub warnings: Vec<String>,
    /// The shard's CSV (a file name beside the manifest).
    pub csv: String,
    /// The shard's rows (a file name beside the manifest).
    pub rows: String,
    /// The digest of the rows file.
    pub rows_digest: String,
}

impl Manifest {
    /// The command the shard ran.
    pub fn command(&self) -> &'static str {
        self.asked.command()
    }
}

/// One line of a `verify` shard's rows file.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedGroup {
    /// The group's place in the whole, unsharded batch.
    pub place: usize,
    /// The problem's rows.
    pub group: Group,
}

impl PlacedGroup {
    /// A shard's groups, in the order it ran them, each with its place in the whole batch
    /// (`places`, as [`crate::verify::Ran::places`] gives them).
    pub fn of(groups: Vec<Group>, places: &[usize]) -> Vec<PlacedGroup> {
        groups
            .into_iter()
            .zip(places)
            .map(|(group, place)| PlacedGroup {
                place: *place,
                group,
            })
            .collect()
    }
}

/// Checks before the work that a shard's manifest and rows can go beside its CSV: the
/// CSV is a file, and neither of them is one of the inputs (the same policy as every
/// output, [`crate::files::target`]).
pub fn check_beside(
    shard: Option<Shard>,
    csv: Option<&Path>,
    inputs: &Reads,
) -> Result<(), ShardsError> {
    let (Some(_), Some(csv)) = (shard, csv) else {
        return Ok(());
    };
    if csv.as_os_str() == "-" {
        return Err(ShardsError::CsvToStdout);
    }
    let (m, r) = paths_beside(csv);
    for p in [m, r] {
        crate::files::check_derived(&p, inputs).map_err(ShardsError::Beside)?;
    }
    Ok(())
}

/// Writes a file beside a shard's CSV, a name mansuba derives: a link there is replaced,
/// never written through; a read-only file is refused, a file of `reads` never replaced.
fn write_beside(p: &Path, bytes: &[u8], reads: &Reads) -> Result<(), ShardsError> {
    crate::files::check_derived(p, reads)?.write_all(bytes)?;
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
fn name_of(p: &Path) -> Result<String, ShardsError> {
    Ok(p.file_name()
        .ok_or_else(|| ShardsError::NotAFileName(p.to_path_buf()))?
        .to_string_lossy()
        .to_string())
}

/// What a shard ran, for [`write()`].
pub struct ShardRun<'a, T> {
    /// Which shard.
    pub shard: Shard,
    /// What it was asked.
    pub asked: Asked,
    /// What it read.
    pub inputs: Inputs,
    /// Problems of the whole batch.
    pub total: usize,
    /// The warnings met reading the inputs.
    pub warnings: Vec<String>,
    /// The lines of the rows file, one per problem of the shard.
    pub lines: &'a [T],
}

/// Writes the rows file and then the manifest beside the shard's CSV (replacing none of
/// `reads`); the manifest's path.
pub fn write<T: Serialize>(
    csv: &Path,
    run: ShardRun<T>,
    reads: &Reads,
) -> Result<PathBuf, ShardsError> {
    let (manifest_path, rows_path) = paths_beside(csv);
    let mut rows = Vec::new();
    for line in run.lines {
        serde_json::to_writer(&mut rows, line)?;
        rows.push(b'\n');
    }
    write_beside(&rows_path, &rows, reads)?;
    let m = Manifest {
        format: FORMAT.into(),
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
    write_beside(&manifest_path, text.as_bytes(), reads)?;
    Ok(manifest_path)
}

/// `reads` with every file of the shards added (manifests, rows, CSVs): none may be an
/// output of the merge.
pub fn shard_files(ms: &[(PathBuf, Manifest)], reads: &Reads) -> Reads {
    for (p, m) in ms {
        let dir = p.parent().unwrap_or(Path::new(""));
        reads.note(p);
        reads.note(&dir.join(&m.rows));
        reads.note(&dir.join(&m.csv));
    }
    reads.clone()
}

/// Reads a manifest (errors name the file). The format is checked first, so that a
/// manifest of another mansuba is named as such rather than by its first odd key.
pub fn read(path: &Path, reads: &Reads) -> Result<Manifest, ShardsError> {
    let text = crate::files::read_text(path, reads).map_err(|source| ShardsError::Unreadable {
        path: path.to_path_buf(),
        source: Box::new(source),
    })?;
    let not_one = |source: serde_json::Error| ShardsError::NotAManifest {
        path: path.to_path_buf(),
        line: source.line(),
        source,
    };
    #[derive(Deserialize)]
    struct Format {
        format: String,
    }
    let f: Format = serde_json::from_str(&text).map_err(not_one)?;
    if f.format != FORMAT {
        return Err(ShardsError::Format {
            path: path.to_path_buf(),
            found: f.format,
            expected: FORMAT,
        });
    }
    let m: Manifest = serde_json::from_str(&text).map_err(not_one)?;
    // The shard picks a slot of the merge's table of shards: an edited one is refused
    // here, before that table is made.
    m.shard.check().map_err(|source| ShardsError::BadShard {
        path: path.to_path_buf(),
        shard: m.shard,
        source,
    })?;
    Ok(m)
}

/// Reads the lines of the rows file a manifest names, checked against its digest and
/// its count.
pub fn read_lines<T: DeserializeOwned>(
    (manifest_path, m): (&Path, &Manifest),
    reads: &Reads,
) -> Result<Vec<T>, ShardsError> {
    let dir = manifest_path.parent().unwrap_or(Path::new(""));
    let path = dir.join(&m.rows);
    let bytes =
        crate::files::read_bounded(&path, reads).map_err(|source| ShardsError::RowsUnreadable {
            rows: path.clone(),
            manifest: manifest_path.to_path_buf(),
            shard: m.shard,
            source: Box::new(source),
        })?;
    if Digest::of(&bytes) != m.rows_digest {
        return Err(ShardsError::RowsChanged {
            rows: path,
            manifest: manifest_path.to_path_buf(),
            shard: m.shard,
        });
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut out = vec![];
    for (n, line) in text.lines().enumerate() {
        out.push(
            serde_json::from_str(line).map_err(|source| ShardsError::NotARow {
                rows: path.clone(),
                line: n + 1,
                command: m.command(),
                source,
            })?,
        );
    }
    if out.len() != m.groups {
        return Err(ShardsError::RowCount {
            rows: path,
            manifest: manifest_path.to_path_buf(),
            found: out.len(),
            recorded: m.groups,
        });
    }
    Ok(out)
}

/// Reads the rows of a `verify` shard: each problem's place must be one of its shard, and
/// the shard must hold every place that is its own among the manifest's `total` problems.
/// So `total` is checked against rows that exist before anything is made of its size (an
/// edited total once asked the merge for gigabytes).
pub fn read_rows(
    (manifest_path, m): (&Path, &Manifest),
    reads: &Reads,
) -> Result<Vec<PlacedGroup>, ShardsError> {
    let rows: Vec<PlacedGroup> = read_lines((manifest_path, m), reads)?;
    let own = m.shard.size(m.total);
    if rows.len() != own {
        return Err(ShardsError::ShardSize {
            manifest: manifest_path.to_path_buf(),
            shard: m.shard,
            total: m.total,
            own,
            found: rows.len(),
        });
    }
    for (n, pg) in rows.iter().enumerate() {
        if pg.place >= m.total || !m.shard.contains(pg.place) {
            return Err(ShardsError::NotItsPlace {
                rows: manifest_path.with_file_name(&m.rows),
                line: n + 1,
                place: pg.place,
                shard: m.shard,
                total: m.total,
            });
        }
    }
    Ok(rows)
}
