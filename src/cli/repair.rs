//! `mansuba repair`: the smallest edits that make an unsound, cooked or wrongly claimed
//! problem sound (see [`crate::repair`]); text, `--json`, `--csv`; with `--shard K/N`,
//! the manifest and rows for `mansuba merge` (see [`super::repair_rows`]).
pub use super::repair_args::RepairArgs;
use super::repair_rows::{asked, Shown};
use crate::batch::threads::set_threads;
use crate::repair::{Options, Shard};
use crate::verify::repairs::repair_file;
use anyhow::{bail, Result};

/// `mansuba repair`.
pub fn cmd_repair(a: RepairArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let opt = Options::timed(
        (a.timeout, a.timeout_each),
        a.max_edits,
        a.shard.unwrap_or(Shard::ALL),
        Some(crate::cli::interrupt::cancel_flag()),
        super::progress::observer(!a.json),
        crate::notation::Style {
            notation: a.notation,
            letters: a.letters,
        },
    );
    let (lf, csv, planned) = super::parallel::one_file(&a.file, a.shard, a.csv.as_deref())?;
    let mut shown = Shown::default();
    let engines = super::engines();
    let rows = repair_file(&lf, a.id.as_deref(), &engines, &opt, &mut |row| {
        shown.show(row, a.json);
        if let Some(note) = row.stopped_note() {
            eprintln!("{note}");
        }
    });
    if rows.is_empty() && !crate::cli::interrupt::interrupted() {
        bail!(crate::problem::pick::no_such_id(
            a.id.as_deref().unwrap_or_default(),
            &a.file,
            lf.ids()
        ));
    }
    shown.write_csv(csv.as_ref(), false)?;
    if crate::cli::interrupt::interrupted() {
        // A shard cut short writes no manifest: the merge counts it missing.
        return Ok(crate::cli::interrupt::INTERRUPTED);
    }
    if let Some(p) = planned {
        eprintln!("{}", p.write(asked(&a), rows.len(), lf.warnings, &rows)?);
    }
    Ok(shown.code)
}
