//! The shards of a `repair` or `reconstruct` run put back together, once
//! [`super::check_together`] has found that they belong together. A repair shard holds
//! every problem of the file with its own slice of each problem's ranked candidates, so a
//! problem's repairs are its shards' repairs laid end to end, shard 0 first; the shards
//! must agree on each original and on the number of candidates, and each must hold only
//! its own slice. A reconstruct shard holds its slice of one problem's fillings, and the
//! slices are joined by [`crate::repair::reconstruct_join::join`].

use super::rows::{ReconstructRow, RepairOutcome, RepairRow};
use super::{read_lines, Manifest, ShardsError};
use crate::batch::Shard;
use crate::repair::reconstruct::Reconstruction;
use crate::repair::{Counts, RepairReport};
use std::path::{Path, PathBuf};

/// One repair shard's rows, with where they came from.
struct Part<'a> {
    path: &'a Path,
    shard: Shard,
    rows: Vec<RepairRow>,
}

/// Reads a repair shard's rows: every problem of the run, in order.
fn read_part<'a>(
    (path, m): (&'a Path, &Manifest),
    reads: &crate::files::Reads,
) -> Result<Part<'a>, ShardsError> {
    let rows: Vec<RepairRow> = read_lines((path, m), reads)?;
    // Every problem is in every shard: the rows that exist are the total (checked before
    // the merge walks `total` places).
    if rows.len() != m.total {
        return Err(ShardsError::RepairCount {
            rows: path.to_path_buf(),
            found: rows.len(),
            total: m.total,
            shard: m.shard,
        });
    }
    if let Some((i, r)) = rows.iter().enumerate().find(|(i, r)| r.place != *i) {
        return Err(ShardsError::RepairPlace {
            rows: path.to_path_buf(),
            place: r.place,
            at: i,
            total: m.total,
            shard: m.shard,
        });
    }
    Ok(Part {
        path,
        shard: m.shard,
        rows,
    })
}

/// Every problem of a `repair` run, its repairs over every shard, in file order.
pub fn repair_rows(
    ms: &[(PathBuf, Manifest)],
    reads: &crate::files::Reads,
) -> Result<Vec<RepairRow>, ShardsError> {
    let mut parts = ms
        .iter()
        .map(|(p, m)| read_part((p, m), reads))
        .collect::<Result<Vec<Part>, ShardsError>>()?;
    parts.sort_by_key(|p| p.shard.k);
    let total = ms.first().map_or(0, |m| m.1.total);
    (0..total).map(|place| combine(&parts, place)).collect()
}

/// One problem's row over every shard.
fn combine(parts: &[Part], place: usize) -> Result<RepairRow, ShardsError> {
    let first = &parts[0];
    let r0 = &first.rows[place];
    if let Some(p) = parts[1..]
        .iter()
        .find(|p| p.rows[place].id != r0.id || p.rows[place].at != r0.at)
    {
        let r = &p.rows[place];
        return Err(ShardsError::OtherProblem {
            place,
            first: Box::new((r0.id.clone(), r0.at.clone(), first.path.to_path_buf())),
            other: Box::new((r.id.clone(), r.at.clone(), p.path.to_path_buf())),
        });
    }
    let failed = parts.iter().filter(|p| p.rows[place].report().is_none());
    if let Some(bad) = failed.clone().next() {
        if failed.count() == parts.len() {
            return Ok(bad.rows[place].clone());
        }
        let good = parts.iter().find(|p| p.rows[place].report().is_some());
        return Err(ShardsError::ErrorAgainstRepairs {
            id: r0.id.clone(),
            failed: bad.path.to_path_buf(),
            repaired: good.map(|g| g.path.to_path_buf()).unwrap_or_default(),
        });
    }
    let reports: Vec<(&Part, &RepairReport)> = parts
        .iter()
        .filter_map(|p| Some((p, p.rows[place].report()?)))
        .collect();
    Ok(RepairRow {
        result: RepairOutcome::Repaired(Box::new(lay_end_to_end(&r0.id, &reports)?)),
        ..r0.clone()
    })
}

/// The repairs and open candidates of the shards, shard 0 first; the counts summed.
fn lay_end_to_end(
    id: &str,
    reports: &[(&Part, &RepairReport)],
) -> Result<RepairReport, ShardsError> {
    let (p0, r0) = reports[0];
    let candidates = r0.counts.candidates;
    let mut out = RepairReport {
        original: r0.original.clone(),
        shard: Shard::ALL.to_string(),
        repairs: vec![],
        unknown: vec![],
        counts: Counts {
            candidates,
            ..Counts::default()
        },
    };
    for (p, r) in reports {
        if r.original != r0.original || r.counts.candidates != candidates {
            return Err(ShardsError::OtherOriginal {
                id: id.to_string(),
                first: p0.path.to_path_buf(),
                other: p.path.to_path_buf(),
                left: candidates,
                right: r.counts.candidates,
            });
        }
        let slice = p.shard.range(candidates);
        let outside = r.repairs.iter().map(|x| x.candidate);
        let mut outside = outside.chain(r.unknown.iter().map(|x| x.candidate));
        if r.counts.in_shard != slice.len() || outside.any(|c| !slice.contains(&c)) {
            return Err(ShardsError::OutsideSlice {
                rows: p.path.to_path_buf(),
                id: id.to_string(),
                shard: p.shard,
                slice,
                candidates,
            });
        }
        out.repairs.extend(r.repairs.iter().cloned());
        out.unknown.extend(r.unknown.iter().cloned());
        out.counts.add_shard(&r.counts);
    }
    out.counts.unknown = out.unknown.len();
    out.counts.repairs = out.repairs.len();
    Ok(out)
}

/// The problem of a `reconstruct` run and its fillings over every shard: its id, its
/// `FILE:LINE` and the joined reconstruction.
pub fn reconstruction(
    ms: &[(PathBuf, Manifest)],
    reads: &crate::files::Reads,
) -> Result<(String, String, Reconstruction), ShardsError> {
    let mut parts: Vec<(Shard, ReconstructRow, &Path)> = vec![];
    for (p, m) in ms {
        let mut rows: Vec<ReconstructRow> = read_lines((p, m), reads)?;
        if rows.len() != 1 || m.total != 1 {
            return Err(ShardsError::NotOneProblem {
                rows: p.clone(),
                found: rows.len(),
                shard: m.shard,
            });
        }
        let mut row = rows.remove(0);
        row.result.kept = std::mem::take(&mut row.kept);
        parts.push((m.shard, row, p));
    }
    parts.sort_by_key(|p| p.0.k);
    let Some((_, first, first_path)) = parts.first() else {
        return Err(ShardsError::NoManifests);
    };
    if let Some((_, r, p)) = parts.iter().find(|(_, r, _)| r.id != first.id) {
        return Err(ShardsError::OtherReconstruction {
            first: (first_path.to_path_buf(), first.id.clone()),
            other: (p.to_path_buf(), r.id.clone()),
        });
    }
    let shards: Vec<(Shard, Reconstruction)> = parts
        .iter()
        .map(|(s, r, _)| (*s, r.result.clone()))
        .collect();
    let joined =
        crate::repair::reconstruct_join::join(&shards).map_err(|source| ShardsError::Join {
            manifest: ms[0].0.clone(),
            source,
        })?;
    Ok((first.id.clone(), first.at.clone(), joined))
}
