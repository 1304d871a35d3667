//! `mansuba repair`: the smallest edits that make an unsound, cooked or wrongly claimed
//! problem sound (see [`crate::repair`]); text, `--json`, `--csv`; with `--shard K/N`,
//! the manifest and rows for `mansuba merge`. The library runs it
//! ([`crate::verify::one_run::OneRun::repair`]); each row is printed here, as it comes
//! and at the merge of the shards alike.

use crate::batch::Shard;
use crate::report;
use crate::verify::shard::{RepairAsked, RepairOutcome, RepairRow};
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `repair`.
#[derive(clap::Args, Debug)]
pub struct RepairArgs {
    /// The problem file.
    pub file: PathBuf,
    /// Repair only the problem with this id (default: every problem of the file).
    #[arg(long)]
    pub id: Option<String>,
    /// At most this many edits: 1 or 2.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=2))]
    pub max_edits: u8,
    /// Wall-clock limit of the whole run, in seconds (0: none; at most 10000000): the
    /// listing of the candidates must end within it (else nothing is solved), and no
    /// candidate starts after it; those left are counted as not run.
    #[arg(long, default_value_t = 0.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout: f64,
    /// Wall-clock limit per solve (the original's and each candidate's), in seconds (0:
    /// none; at most 10000000). A candidate that hits it is listed as unknown, never as
    /// a repair.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = crate::batch::bounds::seconds)]
    pub timeout_each: f64,
    /// Print one JSON object per problem (`repairs`: `edits`, `fen`, `keys`, `kind`).
    #[arg(long)]
    pub json: bool,
    /// Write one CSV row per repair to FILE (atomically).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Run only the K-th of N equal slices of the ranked candidate list; the shards'
    /// repairs, shard 0 first, are one whole run's (K counts from 0, as Slurm's array ids).
    /// Writes, beside the CSV, the manifest and rows that `mansuba merge` puts together.
    #[arg(long, value_name = "K/N", requires = "csv")]
    pub shard: Option<Shard>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// The notation of the original's refutation and the repairs' keys: san, lan, coord,
    /// murray or descriptive (as `verify --notation`).
    #[arg(long, default_value = "san", value_name = "NAME", value_parser = crate::notation::Notation::for_writing)]
    pub notation: crate::notation::Notation,
    /// The men's letters: historical (F ferz, A alfil; the default) or modern (as
    /// `verify --letters`).
    #[arg(long, default_value = "historical", value_name = "CHOICE")]
    pub letters: crate::notation::Letters,
}

/// `mansuba repair`.
pub fn cmd_repair(a: RepairArgs) -> Result<i32> {
    let style = crate::notation::Style {
        notation: a.notation,
        letters: a.letters,
    };
    let run = super::parallel::one_run(&a.file, (a.shard, a.csv.as_deref()), a.threads, !a.json);
    let ended = run.repair(&asked(&a), style, &mut |row| show(row, a.json))?;
    if let Some(w) = ended.written {
        eprintln!("{w}");
    }
    Ok(ended.code)
}

/// Prints one problem's result (text, or a JSON line); an error goes to stderr.
pub fn show(row: &RepairRow, json: bool) {
    match &row.result {
        RepairOutcome::Repaired(r) if json => println!("{}", report::repair::json(&row.id, r)),
        RepairOutcome::Repaired(r) => println!("{}", report::repair::text(&row.id, &row.at, r)),
        RepairOutcome::Failed(e) => eprintln!("error: {}", crate::report::shown::said(e)),
    }
}

/// The options of `repair` that change a result: the file as given, the problem, the
/// edits and the time limit; not `--threads` nor the output's shape.
fn asked(a: &RepairArgs) -> RepairAsked {
    RepairAsked {
        file: a.file.display().to_string(),
        id: a.id.clone(),
        max_edits: a.max_edits,
        timeout: a.timeout,
        timeout_each: a.timeout_each,
    }
}
