//! `mansuba merge`: the shards of a `verify --shard K/N`, `repair --shard K/N` or
//! `reconstruct --shard K/N` run put back together. It checks that they belong together (one command, the same version,
//! the same question, the same inputs, every shard exactly once) and writes what one
//! unsharded run would have written: verify's CSV, JSON and edition, or repair's text or
//! JSON and CSV, reconstruct's likewise (the library puts their shards together,
//! [`crate::verify::shard::combine`]); the times and node counts are the shards' own.

use crate::report::outputs::{csv_output, Outputs};
use crate::verify::one_run;
use crate::verify::shard::{self, Asked, Manifest, VerifyAsked};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// The merged output's shape: `--csv`, `--json`, `--bom`.
type Shape<'a> = (Option<&'a Path>, bool, bool);

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

/// `mansuba merge`.
pub fn cmd_merge(a: MergeArgs) -> Result<i32> {
    let ms = shard::manifests(&a.inputs)?;
    shard::check_together(&ms)?;
    match shard::check_now(&ms[0], super::workers::walk, &super::rules_dirs()) {
        Err(shard::NowError::Walk(crate::files::WalkError::Cancelled)) => {
            super::workers::walk_interrupted()
        }
        checked => checked?,
    }
    ms[0].1.asked.check_edition(a.html.is_some(), &ms[0].0)?;
    let (csv, json, bom) = (a.csv.as_deref(), a.json, a.bom);
    match &ms[0].1.asked {
        Asked::Verify(v) => merge_verify(&a, v, &ms),
        Asked::Repair(_) => merge_repair(&ms, (csv, json, bom)),
        Asked::Reconstruct(_) => merge_reconstruct(&ms, (csv, json, bom)),
    }
}

/// Merges the shards of one `repair` run: prints what one run prints, writes its CSV.
fn merge_repair(ms: &[(PathBuf, Manifest)], (csv, json, bom): Shape) -> Result<i32> {
    let csv = csv_output(csv, json, &shard::shard_files(ms))?;
    // Every problem is put together before anything is printed: a refusal writes nothing.
    let rows = shard::repair_rows(ms)?;
    say_warnings(ms);
    for r in &rows {
        super::repair::show(r, json);
    }
    one_run::write_repairs(csv.as_ref(), &rows, crate::cli::cells(bom))?;
    Ok(one_run::repairs_code(&rows))
}

/// Merges the shards of one `reconstruct` run: prints what one run prints, writes its CSV.
fn merge_reconstruct(ms: &[(PathBuf, Manifest)], (csv, json, bom): Shape) -> Result<i32> {
    let csv = csv_output(csv, json, &shard::shard_files(ms))?;
    let (id, at, joined) = shard::reconstruction(ms)?;
    say_warnings(ms);
    super::reconstruct::show((&id, &at), &joined, json);
    let cells = crate::cli::cells(bom);
    one_run::write_reconstruction(csv.as_ref(), &id, &joined, cells)?;
    Ok(0)
}

/// The warnings the shards met reading their inputs, said once.
fn say_warnings(ms: &[(PathBuf, Manifest)]) {
    for w in &ms[0].1.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
}

/// Merges the shards of one `verify` run.
fn merge_verify(a: &MergeArgs, v: &VerifyAsked, ms: &[(PathBuf, Manifest)]) -> Result<i32> {
    let paths = v.paths();
    let style = v.style(a.letters)?;
    let mut out = Outputs {
        csv: a.csv.as_deref(),
        json: a.json,
        html: a.html.as_deref(),
        cells: crate::cli::cells(a.bom),
        all_rules: v.all_rules,
        paths: &paths,
        style,
        ..Outputs::default()
    };
    out.check(&shard::shard_files(ms))?;
    // Gathered (and checked) before the sink opens: a refusal prints not even a header.
    let groups = shard::gather(ms)?;
    let lent = (Some(super::interrupt::cancel_flag()), super::rules_dirs());
    let ended = out.write_all(groups, Box::new(std::io::stdout()), lent)?;
    Ok(super::parallel::print_ended(&ended, None))
}
