//! `mansuba concordance`: which problems of the given files and folders are one position
//! up to symmetry, or near variants (see [`crate::concordance`]); the members of each
//! group verified (in parallel) to say whether their verdicts agree; text, `--json`,
//! `--csv`, `--html DIR`.

use super::workers::collect_files;
use crate::batch::threads::set_threads;
use crate::report::concordance as out;
use crate::verify::concord::Concordance;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `concordance`.
#[derive(clap::Args, Debug)]
pub struct ConcordanceArgs {
    /// Problem files or folders (searched for *.toml).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Near variants: at most this many men differ (added, removed, moved, changed).
    #[arg(long, default_value_t = 2, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=8))]
    pub max_diff: u8,
    /// Write one CSV row per group to FILE (atomically).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Print one JSON object per group.
    #[arg(long)]
    pub json: bool,
    /// Write the concordance as a page, DIR/index.html.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// Time limit per problem for the members' verdicts, in seconds (0: none).
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout: f64,
    /// Do not solve the members: compare the verdicts the files expect (`expect`).
    #[arg(long)]
    pub no_solve: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// `mansuba concordance`.
pub fn cmd_concordance(a: ConcordanceArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let files = collect_files(&a.paths)?;
    let reads = super::rules_dirs().reads().clone();
    let csv = out::check_outputs(a.csv.as_deref(), a.html.as_deref(), (&files, &reads))?;
    let limits = crate::solve::Limits {
        timeout: crate::batch::bounds::duration(a.timeout),
        cancel: Some(crate::cli::interrupt::cancel_flag()),
        reads: reads.clone(),
        ..Default::default()
    };
    // On a terminal, the members solved so far (a concordance of thousands of
    // positions solves for minutes).
    let run = Concordance {
        files: &files,
        max_diff: a.max_diff as usize,
        limits: &limits,
        solve: !a.no_solve,
        progress: super::progress::bars(),
    };
    let f = run.run(super::engines(), &super::say);
    let found = (&f.groups[..], &f.entries[..], &f.verdicts[..]);
    print!("{}", out::listing(found, a.json));
    if !a.json {
        eprintln!("{}", out::timing(f.grouped, f.judged));
    }
    let to = (csv.as_ref(), a.html.as_deref());
    if let Some(page) = out::write_outputs(found, to, (&a.paths, &reads), crate::cli::cells(false))?
    {
        eprintln!("concordance page: {}", page.display());
    }
    Ok(i32::from(f.errors > 0))
}
