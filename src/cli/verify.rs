//! `mansuba verify`: every problem of files or directories; summary, CSV, JSON, edition.
use super::output::Outputs;
use super::run::*;
use crate::batch::Shard;
use crate::report::grid::Group;
use anyhow::Result;
use std::path::PathBuf;
use std::sync::Mutex;

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Problem files, or directories searched for *.toml.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write one CSV row per problem to FILE (atomically; `-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object per problem, one per line (the summary goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// Run each problem under its own rules and every preset it can be carried over to
    /// (its men kept by identity: a ferz stays a ferz), shown as a problem × preset grid;
    /// the presets skipped are listed with the reason.
    #[arg(long, conflicts_with = "rules")]
    pub all_rules: bool,
    /// Write a static edition of the collection to DIR (DIR/index.html: a table of the
    /// problems and a section for each, with its diagram); the directory is replaced whole.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Begin the CSV with a UTF-8 byte-order mark, so that spreadsheets read its accents
    /// and Cyrillic as UTF-8.
    #[arg(long, requires = "csv")]
    pub bom: bool,
    /// With --html: show under each unsound, cooked or wrongly claimed problem its
    /// one-edit repairs (as `mansuba repair` finds them), each with its diagram.
    #[arg(long, requires = "html")]
    pub repair: bool,
    /// Run only the K-th of N slices of the problems (K from 0 to N-1; the same problem
    /// always falls in the same shard) and write, beside the CSV, the manifest and rows
    /// that `mansuba merge` puts back together.
    #[arg(long, value_name = "K/N", requires = "csv")]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `mansuba verify`.
pub fn cmd_verify(a: VerifyArgs) -> Result<i32> {
    let out = Outputs {
        csv: a.csv.as_deref(),
        json: a.json,
        html: a.html.as_deref(),
        bom: a.bom,
        all_rules: a.all_rules,
        paths: &a.paths,
        repair: a.repair.then_some(a.run.timeout),
    };
    out.check()?;
    super::verify_shard::check(&a)?;
    // Every output goes out as the problems finish, in the files' order (with
    // --all-rules, one JSON line per problem holding every rule set); only the summary's
    // rows are kept, unless the whole batch is laid out at the end or a shard writes them.
    let sink = Mutex::new(out.open(a.shard.is_some())?);
    let take = |g: Group| sink.lock().unwrap_or_else(|e| e.into_inner()).take(g);
    let batch = run_shard(&a.paths, &a.run, a.all_rules, "verifying", &take, a.shard)?;
    let (code, groups) = out.finish(sink.into_inner().unwrap_or_else(|e| e.into_inner()))?;
    if let (Some(shard), Some(csv)) = (a.shard, &a.csv) {
        super::verify_shard::write_manifest(&a, shard, csv, &batch, &groups)?;
    }
    Ok(code)
}
