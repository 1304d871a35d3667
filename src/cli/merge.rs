//! `mansuba merge`: the shards of a `verify --shard K/N`, `repair --shard K/N` or
//! `reconstruct --shard K/N` run put back together. It checks that they belong together (one command, the same version,
//! the same question, the same inputs, every shard exactly once) and writes what one
//! unsharded run would have written: verify's CSV, JSON and edition, or repair's text or
//! JSON and CSV ([`super::merge_repair`]), reconstruct's likewise
//! ([`super::merge_reconstruct`]); the times and node counts are the shards' own.

use super::manifest::{self, Manifest};
use super::output::Outputs;
use crate::report::grid::Group;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// Arguments of `merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The shards: directories (every *.manifest.json in them), manifest files, or the
    /// shards' CSV files (their manifest sits beside them).
    #[arg(required = true, value_name = "OUT_DIR_OR_FILES")]
    pub inputs: Vec<PathBuf>,
    /// Write the merged CSV to FILE (atomically; `-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object per problem, one per line (the summary goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// Write the static edition of the whole collection to DIR (shards of verify).
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Begin the CSV with a UTF-8 byte-order mark.
    #[arg(long, requires = "csv")]
    pub bom: bool,
    /// The men's letters of the edition's diagrams: `historical` (F and A, verify's
    /// default) or `modern`. The shards wrote their lines in the letters they were run
    /// with (`verify --letters`), and the merge keeps them: without this flag it uses the
    /// shards' letters, and a choice other than theirs is refused.
    #[arg(long, value_name = "CHOICE")]
    pub letters: Option<crate::notation::Letters>,
}

/// The manifests the inputs name, each with its path.
fn manifests(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, Manifest)>> {
    let mut paths = vec![];
    for p in inputs {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot read directory {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.to_string_lossy().ends_with(".manifest.json"))
                .collect();
            if found.is_empty() {
                bail!("{}: no shard manifest (*.manifest.json) in it", p.display());
            }
            found.sort();
            paths.extend(found);
        } else if p.to_string_lossy().ends_with(".manifest.json") {
            paths.push(p.clone());
        } else if p.extension().is_some_and(|x| x == "csv") {
            paths.push(manifest::paths_beside(p).0);
        } else if !p.exists() {
            bail!("no such file or directory: {}", p.display());
        } else {
            bail!(
                "{}: expected a directory of shards, a NAME.manifest.json or a shard's NAME.csv",
                p.display()
            );
        }
    }
    paths.sort();
    paths.dedup();
    paths
        .into_iter()
        .map(|p| Ok((p.clone(), manifest::read(&p)?)))
        .collect()
}

/// Checks that the shards belong together: one run's version, question, inputs and
/// number of shards, this mansuba's version, and every shard present exactly once.
fn check_together(ms: &[(PathBuf, Manifest)]) -> Result<()> {
    let (p0, m0) = &ms[0];
    if let Some((p, m)) = ms.iter().find(|(_, m)| m.command != m0.command) {
        bail!(
            "{} is a shard of {} but {} a shard of {}: merge the shards of one run at a time (give each run its own OUT directory)",
            p0.display(),
            m0.command,
            p.display(),
            m.command
        );
    }
    if m0.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "{}: written by mansuba {}, this is {}; merge with the mansuba that ran the shards",
            p0.display(),
            m0.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    for (p, m) in &ms[1..] {
        let differ = |what: &str, a: &dyn std::fmt::Display, b: &dyn std::fmt::Display| {
            anyhow::anyhow!(
                "{} and {} are not shards of one run: {what} differs ({a} against {b})",
                p0.display(),
                p.display()
            )
        };
        if m.version != m0.version {
            return Err(differ("the version", &m0.version, &m.version));
        }
        if m.asked != m0.asked {
            return Err(differ("what was asked", &m0.asked, &m.asked));
        }
        if m.inputs != m0.inputs {
            return Err(differ(
                "the inputs' digest",
                &m0.inputs.digest,
                &m.inputs.digest,
            ));
        }
        if m.shard.n != m0.shard.n {
            return Err(differ("the number of shards", &m0.shard.n, &m.shard.n));
        }
        if m.total != m0.total {
            return Err(differ("the number of problems", &m0.total, &m.total));
        }
    }
    let n = m0.shard.n;
    let mut seen: Vec<Option<&Path>> = vec![None; n];
    for (p, m) in ms {
        if let Some(first) = seen[m.shard.k].replace(p) {
            bail!(
                "shard {} is given twice: {} and {}; keep one of them",
                m.shard,
                first.display(),
                p.display()
            );
        }
    }
    let missing: Vec<usize> = (0..n).filter(|k| seen[*k].is_none()).collect();
    if !missing.is_empty() {
        // Written as ranges (`3-99999`): the message stays one short line however many
        // are missing, and `sbatch --array` reads the same ranges.
        let ks = crate::report::shown::ranges(&missing);
        bail!(
            "{} of {n} shards missing: K = {ks} of --shard K/{n} (no manifest for them among the inputs; a shard that was killed leaves none); run them again, e.g. sbatch --array={ks}",
            missing.len(),
        );
    }
    Ok(())
}

/// The groups of every shard in the whole batch's order.
fn gather(ms: &[(PathBuf, Manifest)]) -> Result<Vec<Group>> {
    let total = ms[0].1.total;
    // Every shard's rows are read first, each checked to hold exactly its own places
    // among `total`: with every shard present once, the rows add up to `total`, so the
    // table below is no larger than what was read.
    let parts = ms
        .iter()
        .map(|(p, m)| Ok((p, manifest::read_rows(p, m)?)))
        .collect::<Result<Vec<_>>>()?;
    let mut slots: Vec<Option<Group>> = (0..total).map(|_| None).collect();
    for (p, rows) in parts {
        for pg in rows {
            if slots[pg.place].replace(pg.group).is_some() {
                bail!("{}: problem {} appears twice", p.display(), pg.place);
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
        bail!("the shards leave problems {} out", gaps.join(", "));
    }
    Ok(slots.into_iter().flatten().collect())
}

/// Checks that the files the shards read are still the ones they read (see
/// [`super::shard_inputs`]).
fn check_inputs_now((path, m): &(PathBuf, Manifest)) -> Result<()> {
    let files = match m.command.as_str() {
        "repair" | "reconstruct" => vec![PathBuf::from(
            m.asked["file"]
                .as_str()
                .context("the manifest names no problem file")?,
        )],
        _ => super::workers::collect_files(&asked_outputs(m)?.0)?,
    };
    let cli_rules = m.asked["rules"].as_str();
    super::shard_inputs::check_current(path, &m.inputs, &files, cli_rules)
}

/// The paths and `--all-rules` of what was asked.
fn asked_outputs(m: &Manifest) -> Result<(Vec<PathBuf>, bool)> {
    let paths = m.asked["paths"]
        .as_array()
        .context("the manifest names no paths")?
        .iter()
        .filter_map(|p| p.as_str().map(PathBuf::from))
        .collect();
    Ok((paths, m.asked["all_rules"].as_bool().unwrap_or(false)))
}

/// How the shards wrote their lines (`--notation`, `--letters`; verify's defaults where
/// the manifest is silent), with the merge's `--letters`, which must be the shards'.
fn asked_style(
    m: &Manifest,
    letters: Option<crate::notation::Letters>,
) -> Result<crate::notation::Style> {
    let read = |key: &str| m.asked[key].as_str().unwrap_or_default().to_string();
    let notation = read("notation").parse().unwrap_or_default();
    let theirs: crate::notation::Letters = read("letters").parse().unwrap_or_default();
    if let Some(l) = letters.filter(|l| *l != theirs) {
        bail!(
            "--letters {}: the shards were verified with --letters {} and their lines are written in those letters; merge without --letters, or run the shards again with --letters {}",
            l.name(),
            theirs.name(),
            l.name()
        );
    }
    Ok(crate::notation::Style {
        notation,
        letters: theirs,
    })
}

/// `mansuba merge`.
pub fn cmd_merge(a: MergeArgs) -> Result<i32> {
    let ms = manifests(&a.inputs)?;
    if ms.is_empty() {
        bail!("no shard manifests among the inputs");
    }
    check_together(&ms)?;
    check_inputs_now(&ms[0])?;
    match ms[0].1.command.as_str() {
        "verify" => merge_verify(&a, &ms),
        "repair" if a.html.is_some() => bail!(
            "--html: {} holds shards of repair, which writes no edition (--html is for the shards of verify)",
            ms[0].0.display()
        ),
        "repair" => super::merge_repair::merge(&ms, a.csv.as_deref(), a.json, a.bom),
        "reconstruct" if a.html.is_some() => bail!(
            "--html: {} holds shards of reconstruct, which writes no edition (--html is for the shards of verify)",
            ms[0].0.display()
        ),
        "reconstruct" => {
            super::merge_reconstruct::merge(&ms, a.csv.as_deref(), a.json, a.bom)
        }
        other => bail!(
            "{}: shards of '{other}'; merge takes the shards of verify, repair and reconstruct",
            ms[0].0.display()
        ),
    }
}

/// Merges the shards of one `verify` run.
fn merge_verify(a: &MergeArgs, ms: &[(PathBuf, Manifest)]) -> Result<i32> {
    let (paths, all_rules) = asked_outputs(&ms[0].1)?;
    let style = asked_style(&ms[0].1, a.letters)?;
    let mut out = Outputs {
        csv: a.csv.as_deref(),
        json: a.json,
        html: a.html.as_deref(),
        pdf: None,
        bom: a.bom,
        all_rules,
        paths: &paths,
        repair: None,
        style,
        csv_out: None,
        pdf_out: None,
    };
    out.check(&manifest::shard_files(ms))?;
    // Gathered (and checked) before the sink opens: a refusal prints not even a header.
    let groups = gather(ms)?;
    let mut sink = out.open(false)?;
    for g in groups {
        sink.take(g);
    }
    Ok(out.finish(sink)?.0)
}
