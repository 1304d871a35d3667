//! `mansuba reconstruct`: the illegible squares of a problem filled in every way the rules
//! allow, the fillings under which it is sound listed and ranked (see
//! [`crate::repair::reconstruct`]); text, `--json`, `--csv`.

use super::merge_reconstruct::{show, ReconstructRow};
use crate::batch::threads::set_threads;
use crate::batch::Shard;
use crate::repair::problem::{reconstruct_problem, ReconstructProblemError as Failed};
use crate::repair::reconstruct::Asked;
use anyhow::{bail, Result};
use std::path::PathBuf;

/// Arguments of `reconstruct`.
#[derive(clap::Args, Debug)]
pub struct ReconstructArgs {
    /// The problem file.
    pub file: PathBuf,
    /// The problem.
    #[arg(long)]
    pub id: String,
    /// The illegible squares, separated by commas or spaces ("f6,g7").
    #[arg(long, value_name = "SQUARES")]
    pub unknown: String,
    /// The kinds they may hold, as piece letters ("rnf"; default: every kind of the rules).
    #[arg(long, value_name = "KINDS")]
    pub kinds: Option<String>,
    /// At most this many of the illegible squares hold a man (default: all may).
    #[arg(long, value_name = "N")]
    pub max_men: Option<usize>,
    /// Wall-clock limit of the whole run, in seconds (0: none): no filling starts after
    /// it; those left are counted as not run.
    #[arg(long, default_value_t = 0.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout: f64,
    /// Wall-clock limit per solve, in seconds (0: none). A filling that hits it is
    /// listed as unknown, never as an answer.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout_each: f64,
    /// Run only the K-th of N equal slices of the legal fillings (K counts from 0); the
    /// shards' answers together are the whole run's.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per answer to FILE (atomically).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// The options of `reconstruct` that change a result: the file as given, the problem,
/// the squares, kinds and men, the time limits; not `--threads` nor the output's shape.
fn asked_of(a: &ReconstructArgs) -> crate::verify::shard::Asked {
    crate::verify::shard::Asked::Reconstruct(crate::verify::shard::ReconstructAsked {
        file: a.file.display().to_string(),
        id: a.id.clone(),
        unknown: a.unknown.clone(),
        kinds: a.kinds.clone(),
        max_men: a.max_men,
        timeout: a.timeout,
        timeout_each: a.timeout_each,
    })
}

/// `mansuba reconstruct`.
pub fn cmd_reconstruct(a: ReconstructArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let (lf, csv, planned) = super::parallel::one_file(&a.file, a.shard, a.csv.as_deref())?;
    let p = lf.problem_of(&a.id)?;
    let opt = crate::repair::Options::timed(
        (a.timeout, a.timeout_each),
        1,
        a.shard.unwrap_or(Shard::ALL),
        Some(crate::cli::interrupt::cancel_flag()),
        super::progress::observer(!a.json),
        crate::notation::Style::default(),
    );
    let asked = Asked::read(&a.unknown, a.kinds.as_deref(), a.max_men);
    let r = match reconstruct_problem(p, &super::engines(), &asked, &opt) {
        Ok(r) => r,
        // Ctrl-C during the listing: said as an error, with the exit code of an
        // interrupt.
        Err(Failed::Reconstruct(e)) if crate::cli::interrupt::interrupted() => {
            eprintln!("error: {}", crate::report::shown::said(&e.to_string()));
            return Ok(crate::cli::interrupt::INTERRUPTED);
        }
        Err(Failed::Reconstruct(e)) => bail!("{}", p.error("id", e)),
        Err(e) => return Err(e.into()),
    };
    let at = format!("{}:{}", p.file.display(), p.line);
    show((&p.id, &at), &r, a.json, (csv.as_ref(), false))?;
    if crate::cli::interrupt::interrupted() {
        // A shard cut short writes no manifest: the merge counts it missing.
        return Ok(crate::cli::interrupt::INTERRUPTED);
    }
    if let Some(planned) = planned {
        let row = ReconstructRow {
            id: p.id.clone(),
            at,
            kept: r.kept.clone(),
            result: r,
        };
        eprintln!(
            "{}",
            planned.write(asked_of(&a), 1, lf.warnings.clone(), &[row])?
        );
    }
    Ok(0)
}
