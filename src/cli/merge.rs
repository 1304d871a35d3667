//! `mansuba merge`: the shards of a `verify --shard K/N`, `repair --shard K/N` or
//! `reconstruct --shard K/N` run put back together. It checks that they belong together (one command, the same version,
//! the same question, the same inputs, every shard exactly once) and writes what one
//! unsharded run would have written: verify's CSV, JSON and edition, or repair's text or
//! JSON and CSV, reconstruct's likewise (the library puts their shards together and
//! writes the CSV, [`crate::verify::merged`]); the times and node counts are the
//! shards' own.

use crate::report::outputs::Outputs;
use crate::verify::merged::{merge_reconstructions, merge_repairs};
use crate::verify::shard::{self, Asked, Manifest, VerifyAsked};
use anyhow::Result;
use std::path::PathBuf;

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
    let reads = super::rules_dirs().reads().clone();
    let ms = shard::manifests(&a.inputs, &reads)?;
    shard::check_together(&ms)?;
    match shard::check_now(&ms[0], super::workers::walk, &super::rules_dirs()) {
        Err(shard::NowError::Walk(crate::files::WalkError::Cancelled)) => {
            super::workers::walk_interrupted()
        }
        checked => checked?,
    }
    ms[0].1.asked.check_edition(a.html.is_some(), &ms[0].0)?;
    let to = (a.csv.as_deref(), a.json, super::cells(a.bom), &reads);
    let json = a.json;
    let say = &super::say;
    Ok(match &ms[0].1.asked {
        Asked::Verify(v) => merge_verify(&a, v, (&ms, &reads))?,
        Asked::Repair(_) => merge_repairs(&ms, to, say, &mut |r| super::repair::show(r, json))?,
        Asked::Reconstruct(_) => merge_reconstructions(&ms, to, say, &mut |id, at, r| {
            super::reconstruct::show((id, at), r, json)
        })?,
    })
}

/// Merges the shards of one `verify` run.
fn merge_verify(
    a: &MergeArgs,
    v: &VerifyAsked,
    (ms, reads): (&[(PathBuf, Manifest)], &crate::files::Reads),
) -> Result<i32> {
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
    out.check(&shard::shard_files(ms, reads))?;
    // Gathered (and checked) before the sink opens: a refusal prints not even a header.
    let groups = shard::gather(ms, reads)?;
    let lent = (Some(super::interrupt::cancel_flag()), super::rules_dirs());
    let ended = out.write_all(groups, Box::new(std::io::stdout()), lent)?;
    Ok(super::parallel::print_ended(&ended, None))
}
