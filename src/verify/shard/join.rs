//! Shards put back together: the manifests a list of inputs names (folders of shards,
//! manifests, or the shards' CSVs), the check that they belong together (one command,
//! this version, the same question and inputs, every shard exactly once), and a `verify`
//! run's groups gathered in the whole batch's order.

use super::manifest::{paths_beside, read, read_rows, Manifest};
use super::ShardsError;
use crate::report::grid::Group;
use std::path::{Path, PathBuf};

/// The manifests the inputs name, each with its path, in the order of their paths.
pub fn manifests(
    inputs: &[PathBuf],
    reads: &crate::files::Reads,
) -> Result<Vec<(PathBuf, Manifest)>, ShardsError> {
    let mut paths = vec![];
    for p in inputs {
        if p.is_dir() {
            let entries = std::fs::read_dir(p).map_err(|source| ShardsError::Folder {
                path: p.clone(),
                source,
            })?;
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.to_string_lossy().ends_with(".manifest.json"))
                .collect();
            if found.is_empty() {
                return Err(ShardsError::NoManifestIn(p.clone()));
            }
            found.sort();
            paths.extend(found);
        } else if p.to_string_lossy().ends_with(".manifest.json") {
            paths.push(p.clone());
        } else if p.extension().is_some_and(|x| x == "csv") {
            paths.push(paths_beside(p).0);
        } else if !p.exists() {
            return Err(ShardsError::Missing(p.clone()));
        } else {
            return Err(ShardsError::NotAShard(p.clone()));
        }
    }
    paths.sort();
    paths.dedup();
    let ms = paths
        .into_iter()
        .map(|p| Ok((p.clone(), read(&p, reads)?)))
        .collect::<Result<Vec<_>, ShardsError>>()?;
    if ms.is_empty() {
        return Err(ShardsError::NoManifests);
    }
    Ok(ms)
}

/// Checks that the shards belong together: one run's command, version, question, inputs
/// and number of shards, this mansuba's version, and every shard present exactly once.
pub fn check_together(ms: &[(PathBuf, Manifest)]) -> Result<(), ShardsError> {
    let Some((p0, m0)) = ms.first() else {
        return Err(ShardsError::NoManifests);
    };
    if let Some((p, m)) = ms.iter().find(|(_, m)| m.command() != m0.command()) {
        return Err(ShardsError::OtherCommand {
            first: p0.clone(),
            first_command: m0.command(),
            other: p.clone(),
            command: m.command(),
        });
    }
    if m0.version != env!("CARGO_PKG_VERSION") {
        return Err(ShardsError::OtherVersion {
            path: p0.clone(),
            theirs: m0.version.clone(),
            ours: env!("CARGO_PKG_VERSION"),
        });
    }
    for (p, m) in &ms[1..] {
        let differ = |what: &'static str, left: String, right: String| ShardsError::NotOneRun {
            first: p0.clone(),
            other: p.clone(),
            what,
            left,
            right,
        };
        if m.version != m0.version {
            return Err(differ("the version", m0.version.clone(), m.version.clone()));
        }
        if m.asked != m0.asked {
            let json = |a| serde_json::to_string(a).unwrap_or_default();
            return Err(differ("what was asked", json(&m0.asked), json(&m.asked)));
        }
        if m.inputs != m0.inputs {
            let (l, r) = (m0.inputs.digest.clone(), m.inputs.digest.clone());
            return Err(differ("the inputs' digest", l, r));
        }
        if m.shard.n != m0.shard.n {
            let (l, r) = (m0.shard.n.to_string(), m.shard.n.to_string());
            return Err(differ("the number of shards", l, r));
        }
        if m.total != m0.total {
            let (l, r) = (m0.total.to_string(), m.total.to_string());
            return Err(differ("the number of problems", l, r));
        }
    }
    every_shard_once(ms)
}

/// Every shard of `--shard K/N` is among the manifests, and none twice.
fn every_shard_once(ms: &[(PathBuf, Manifest)]) -> Result<(), ShardsError> {
    let n = ms[0].1.shard.n;
    let mut seen: Vec<Option<&Path>> = vec![None; n];
    for (p, m) in ms {
        if let Some(first) = seen[m.shard.k].replace(p) {
            return Err(ShardsError::ShardTwice {
                shard: m.shard,
                first: first.to_path_buf(),
                second: p.clone(),
            });
        }
    }
    let missing: Vec<usize> = (0..n).filter(|k| seen[*k].is_none()).collect();
    if !missing.is_empty() {
        return Err(ShardsError::ShardsMissing {
            count: missing.len(),
            n,
            ks: crate::report::shown::ranges(&missing),
        });
    }
    Ok(())
}

/// The groups of every `verify` shard in the whole batch's order.
pub fn gather(
    ms: &[(PathBuf, Manifest)],
    reads: &crate::files::Reads,
) -> Result<Vec<Group>, ShardsError> {
    let total = ms.first().map_or(0, |m| m.1.total);
    // Every shard's rows are read first, each checked to hold exactly its own places
    // among `total`: with every shard present once, the rows add up to `total`, so the
    // table below is no larger than what was read.
    let parts = ms
        .iter()
        .map(|(p, m)| Ok((p, read_rows((p, m), reads)?)))
        .collect::<Result<Vec<_>, ShardsError>>()?;
    let mut slots: Vec<Option<Group>> = (0..total).map(|_| None).collect();
    for (p, rows) in parts {
        for pg in rows {
            if slots[pg.place].replace(pg.group).is_some() {
                return Err(ShardsError::Twice {
                    rows: p.clone(),
                    place: pg.place,
                });
            }
        }
    }
    // Every shard held as many groups as its manifest says and only its own places, so
    // every place is filled; say so if not rather than leave a silent gap.
    let gaps: Vec<String> = (0..total)
        .filter(|i| slots[*i].is_none())
        .map(|i| i.to_string())
        .collect();
    if !gaps.is_empty() {
        return Err(ShardsError::Gaps(gaps.join(", ")));
    }
    Ok(slots.into_iter().flatten().collect())
}
