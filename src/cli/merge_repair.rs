//! `mansuba merge` of `repair --shard K/N` shards: every shard holds every problem of the
//! file with its own slice of each problem's ranked candidates, so a problem's repairs
//! are its shards' repairs laid end to end, shard 0 first. The shards must agree on each
//! original (its verdict, keys, refutation, claim) and on the number of candidates, and
//! each must hold only its own slice; then the text (or JSON), the CSV and the exit code
//! are those of one unsharded `repair` (the time is the shards' total).

use super::repair_rows::{RepairRow, Shown};
use crate::batch::Shard;
use crate::repair::{Counts, RepairReport};
use crate::verify::shard::{self as manifest, Manifest};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// One shard's rows, with where they came from.
struct Part<'a> {
    path: &'a Path,
    shard: Shard,
    rows: Vec<RepairRow>,
}

/// Reads a shard's rows: every problem of the run, in order.
fn read_part<'a>(path: &'a Path, m: &Manifest) -> Result<Part<'a>> {
    let rows: Vec<RepairRow> = manifest::read_lines(path, m)?;
    // Every problem is in every shard: the rows that exist are the total (checked before
    // the merge walks `total` places).
    if rows.len() != m.total {
        bail!(
            "{}: {} problems, but the manifest says the run had {}; a repair shard holds every problem of the file (rerun shard {})",
            path.display(),
            rows.len(),
            m.total,
            m.shard
        );
    }
    for (i, r) in rows.iter().enumerate() {
        if r.place != i {
            bail!(
                "{}: problem {} stands at place {i} of {}; a repair shard holds every problem of the file in order (rerun shard {})",
                path.display(),
                r.place,
                m.total,
                m.shard
            );
        }
    }
    Ok(Part {
        path,
        shard: m.shard,
        rows,
    })
}

/// One problem's row over every shard.
fn combine(parts: &[Part], place: usize) -> Result<RepairRow> {
    let first = &parts[0];
    let r0 = &first.rows[place];
    for p in &parts[1..] {
        let r = &p.rows[place];
        if r.id != r0.id || r.at != r0.at {
            bail!(
                "problem {place} is '{}' ({}) in {} but '{}' ({}) in {}",
                r0.id,
                r0.at,
                first.path.display(),
                r.id,
                r.at,
                p.path.display()
            );
        }
    }
    let errs = parts.iter().filter(|p| p.rows[place].result.is_err());
    if let Some(bad) = errs.clone().next() {
        if errs.count() == parts.len() {
            return Ok(bad.rows[place].clone());
        }
        let good = parts.iter().find(|p| p.rows[place].result.is_ok());
        bail!(
            "problem '{}': {} has an error where {} has repairs; the shards disagree on the original (a time limit?): run them again with a larger --timeout",
            r0.id,
            bad.path.display(),
            good.map_or(String::new(), |g| g.path.display().to_string())
        );
    }
    let reports: Vec<(&Part, &RepairReport)> = parts
        .iter()
        .filter_map(|p| Some((p, p.rows[place].result.as_ref().ok()?)))
        .collect();
    Ok(RepairRow {
        result: Ok(lay_end_to_end(&r0.id, &reports)?),
        ..r0.clone()
    })
}

/// The repairs and open candidates of the shards, shard 0 first; the counts summed.
fn lay_end_to_end(id: &str, reports: &[(&Part, &RepairReport)]) -> Result<RepairReport> {
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
            bail!(
                "problem '{id}': {} and {} solved the original differently or listed other candidates ({} against {}); the shards disagree (a time limit?): run them again with a larger --timeout",
                p0.path.display(),
                p.path.display(),
                candidates,
                r.counts.candidates
            );
        }
        let slice = p.shard.range(candidates);
        let outside = r.repairs.iter().map(|x| x.candidate);
        let outside = outside.chain(r.unknown.iter().map(|x| x.candidate));
        if r.counts.in_shard != slice.len() || outside.clone().any(|c| !slice.contains(&c)) {
            bail!(
                "{}: problem '{id}' holds candidates outside shard {}'s slice {}..{} of {candidates}",
                p.path.display(),
                p.shard,
                slice.start,
                slice.end
            );
        }
        out.repairs.extend(r.repairs.iter().cloned());
        out.unknown.extend(r.unknown.iter().cloned());
        out.counts.add_shard(&r.counts);
    }
    out.counts.unknown = out.unknown.len();
    out.counts.repairs = out.repairs.len();
    Ok(out)
}

/// Merges the shards of one `repair` run (already checked to belong together): prints
/// what one run prints, writes its CSV; the exit code.
pub fn merge(ms: &[(PathBuf, Manifest)], csv: Option<&Path>, json: bool, bom: bool) -> Result<i32> {
    if csv.is_some_and(|c| c.as_os_str() == "-") && json {
        bail!("--csv - and --json would both write to standard output; send the CSV to a file (--csv FILE) or drop one of them");
    }
    let csv = csv
        .map(|c| crate::files::check_output(c, &manifest::shard_files(ms)))
        .transpose()
        .map_err(|e| anyhow::anyhow!("--csv {e}"))?;
    let mut parts = ms
        .iter()
        .map(|(p, m)| read_part(p, m))
        .collect::<Result<Vec<Part>>>()?;
    parts.sort_by_key(|p| p.shard.k);
    let total = ms[0].1.total;
    // Every problem is put together before anything is printed: a refusal writes nothing.
    let rows = (0..total)
        .map(|place| combine(&parts, place))
        .collect::<Result<Vec<RepairRow>>>()?;
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
