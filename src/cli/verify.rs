//! `mansuba verify`: every problem of files or directories; summary, CSV, JSON, edition;
//! with `--shard K/N`, what the shard leaves beside its CSV for `mansuba merge` (see
//! [`crate::verify::shard`]): what was asked, the digest of the inputs, the rows.

use super::output::{self, Outputs};
use super::parallel::*;
use super::progress::bars;
use super::workers::collect_files;
use crate::batch::Shard;
use crate::files::FileSet;
use crate::report::grid::Group;
use crate::verify::run::Asked;
use crate::verify::shard::{PlacedGroup, Planned};
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
    /// With --html: print the edition as a book to BOOK.pdf with Chromium (one problem to
    /// a page); refused before any work when Chromium is not installed.
    #[arg(long, requires = "html", value_name = "BOOK.pdf")]
    pub pdf: Option<PathBuf>,
    /// With --html: show under each unsound, cooked or wrongly claimed problem its
    /// one-edit repairs (as `mansuba repair` finds them), grouped, with small diagrams.
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
    let mut out = Outputs {
        csv: a.csv.as_deref(),
        json: a.json,
        html: a.html.as_deref(),
        pdf: a.pdf.as_deref(),
        cells: crate::cli::cells(a.bom),
        all_rules: a.all_rules,
        paths: &a.paths,
        repair: a.repair.then_some(a.run.timeout),
        style: a.run.style(),
        ..Outputs::default()
    };
    // Every file the run reads (problem files, the rules files they name, --rules's) is
    // known before the work, so that no output replaces one, and a shard digests them
    // before its run (an edit during the run then shows at the merge).
    let files = collect_files(&a.paths)?;
    let read = FileSet::of(&a.run.settings().files_read(&files, &super::rules_dirs()));
    out.check(&read)?;
    let dirs = super::rules_dirs();
    let planned = Planned::before(
        a.shard,
        a.csv.as_deref(),
        &read,
        (&files, a.run.rules.as_deref(), &dirs),
    )?;
    // Every output goes out as the problems finish, in the files' order (with
    // --all-rules, one JSON line per problem holding every rule set); only the summary's
    // rows are kept, unless the whole batch is laid out at the end or a shard writes them.
    let sink = Mutex::new(output::open(&out, a.shard.is_some())?);
    let take = |g: Group| sink.lock().unwrap_or_else(|e| e.into_inner()).take(g);
    let asked = Asked {
        all_rules: a.all_rules,
        shard: a.shard,
        what: "verifying",
    };
    let batch = (a.run.run()).batch((&files, &a.paths), asked, bars(), &take)?;
    let (code, groups) =
        output::finish(&out, sink.into_inner().unwrap_or_else(|e| e.into_inner()))?;
    if let Some(p) = planned {
        if crate::cli::interrupt::interrupted() {
            // Its rows are cut short: no manifest, so the merge counts the shard missing.
            eprintln!(
                "shard {}: interrupted, no manifest written (run it again)",
                p.shard
            );
        } else {
            let lines = PlacedGroup::of(groups, &batch.places);
            eprintln!(
                "{}",
                p.write(
                    a.run.settings().asked(&a.paths, a.all_rules),
                    batch.total,
                    vec![],
                    &lines
                )?
            );
        }
    }
    Ok(code)
}
