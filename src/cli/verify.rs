//! `mansuba verify`: every problem of files or directories; summary, CSV, JSON, edition;
//! with `--shard K/N`, what the shard leaves beside its CSV for `mansuba merge` (see
//! [`crate::verify::shard`]): what was asked, the digest of the inputs, the rows. The
//! library runs it ([`crate::verify::verify_run`]); its end is printed here.

use super::parallel::*;
use super::progress::bars;
use super::workers::collect_files;
use crate::batch::Shard;
use crate::report::outputs::Outputs;
use crate::verify::run::Asked;
use anyhow::Result;
use std::path::PathBuf;

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
    let files = collect_files(&a.paths)?;
    let asked = Asked {
        all_rules: a.all_rules,
        shard: a.shard,
        what: "verifying",
    };
    let io = (bars(), Box::new(std::io::stdout()) as Box<_>);
    let v = (a.run.run()).verify((&files, &a.paths), &mut out, asked, io)?;
    Ok(print_ended(&v.ended, v.shard_note))
}
