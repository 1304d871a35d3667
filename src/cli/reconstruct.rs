//! `mansuba reconstruct`: the illegible squares of a problem filled in every way the rules
//! allow, the fillings under which it is sound listed and ranked (see
//! [`crate::repair::reconstruct`]); text, `--json`, `--csv`. The library runs it
//! ([`crate::verify::one_run::OneRun::reconstruct`]); the result is printed here.

use crate::batch::Shard;
use crate::repair::reconstruct::Reconstruction;
use crate::report::reconstruct as out;
use crate::verify::shard::ReconstructAsked;
use anyhow::Result;
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

/// `mansuba reconstruct`.
pub fn cmd_reconstruct(a: ReconstructArgs) -> Result<i32> {
    let run = super::parallel::one_run(&a.file, (a.shard, a.csv.as_deref()), a.threads, !a.json);
    let ended = run.reconstruct(&asked(&a), &mut |id, at, r| show((id, at), r, a.json))?;
    if let Some(w) = ended.written {
        eprintln!("{w}");
    }
    Ok(ended.code)
}

/// Prints a reconstruction, text or JSON (at the run and at the merge of its shards).
pub fn show((id, at): (&str, &str), r: &Reconstruction, json: bool) {
    if json {
        println!("{}", out::json(id, r));
    } else {
        println!("{}", out::text(id, at, r));
    }
}

/// The options of `reconstruct` that change a result: the file as given, the problem,
/// the squares, kinds and men, the time limits; not `--threads` nor the output's shape.
fn asked(a: &ReconstructArgs) -> ReconstructAsked {
    ReconstructAsked {
        file: a.file.display().to_string(),
        id: a.id.clone(),
        unknown: a.unknown.clone(),
        kinds: a.kinds.clone(),
        max_men: a.max_men,
        timeout: a.timeout,
        timeout_each: a.timeout_each,
    }
}
