//! Running problems, shared by `solve`, `verify` and `export` (the run itself is the
//! library's [`crate::verify::run`], made from the flags in [`super::jobs`]): the exit
//! code of its [`Status`], and a command on one problem file checked before its work.
//!
//! Exit codes: 0 when every problem was analysed (whatever the verdicts); 1 when any
//! problem could not be analysed (an `error` row); 2 for usage errors (bad flags, an
//! unknown `--rules`, a path that does not exist, an unwritable `--csv`).

pub(super) use super::jobs::RunArgs;
use crate::batch::Shard;
use crate::report::Row;
use crate::verify::{shard, Status};
use anyhow::Result;
use std::path::Path;

/// The exit code of a batch ([`Status::of_rows`]).
pub(super) fn exit_code(rows: &[Row]) -> i32 {
    Status::of_rows(rows, crate::cli::interrupt::interrupted()).code()
}

/// [`exit_code`] from a batch's tally (the rows themselves are not kept).
pub(super) fn tally_exit_code(t: &crate::report::tally::Tally) -> i32 {
    Status::of_tally(t, crate::cli::interrupt::interrupted()).code()
}

/// The exit code of `export` ([`Status::of_export`]).
pub(super) fn export_exit_code(rows: &[Row]) -> i32 {
    Status::of_export(rows, crate::cli::interrupt::interrupted()).code()
}

/// For a command on one problem file (`repair`, `reconstruct`): the path, the `--csv`
/// output and the shard checked before the work ([`shard::one_file`]), then the file
/// loaded, its warnings said.
pub(super) fn one_file(
    path: &Path,
    shard: Option<Shard>,
    csv: Option<&Path>,
) -> Result<(
    crate::problem::LoadedFile,
    Option<crate::files::Output>,
    Option<shard::Planned>,
)> {
    let one = shard::one_file(path, shard, csv, &super::rules_dirs())?;
    for w in &one.file.warnings {
        eprintln!("warning: {}", crate::report::shown::said(w));
    }
    Ok((one.file, one.csv, one.planned))
}
