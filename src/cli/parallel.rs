//! Running problems, shared by `solve`, `verify` and `export`: the library's parallel
//! batch ([`crate::verify::batch`]) as the command line's flags ask for it, and the exit
//! code of its [`Status`] (the options it reads are in [`super::jobs`]).
//!
//! Exit codes: 0 when every problem was analysed (whatever the verdicts); 1 when any
//! problem could not be analysed (an `error` row); 2 for usage errors (bad flags, an
//! unknown `--rules`, a path that does not exist, an unwritable `--csv`).

pub(super) use super::jobs::RunArgs;
use super::workers::collect_files;
use crate::batch::threads::set_threads;
use crate::batch::Shard;
use crate::report::grid::Group;
use crate::report::Row;
pub(super) use crate::verify::Ran;
use crate::verify::{shard, Batch, Status};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// Runs every problem of the files (in parallel), or one shard's (`shard`): the library's
/// [`Batch`] with the command line's threads, rules, limits, warnings (on stderr) and bar
/// (on a terminal). `on_ready` sees each group (a problem's rows and the rule sets
/// skipped) as soon as it and every group before it are done, in file order, so that a
/// consumer can stream them (a pipe is not kept waiting for the whole batch). After the
/// first Ctrl-C a line on standard error says what was left out.
pub(super) fn run_shard(
    paths: &[PathBuf],
    run: &RunArgs,
    all_rules: bool,
    what: &str,
    on_ready: &(dyn Fn(Group) + Sync),
    shard: Option<Shard>,
) -> Result<Ran> {
    set_threads(run.threads)?;
    run.check_rules()?;
    let limits = run.limits(false)?;
    let files = collect_files(paths)?;
    if files.is_empty() {
        bail!(
            "no problem files (*.toml) found in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let batch = Batch {
        files: &files,
        rules: run.rules.as_deref(),
        rules_dirs: &super::rules_dirs(),
        all_rules,
        shard,
        limits: &limits,
        style: run.style(),
        warn: &|w| eprintln!("warning: {}", crate::report::shown::said(w)),
        progress: super::progress::bars(),
        what,
    };
    let ran = batch.run(on_ready);
    if batch.cancelled() {
        eprintln!(
            "interrupted: {} read and not run (their rows say `{}`); the problems after \
             the first {} were not read",
            ran.not_run,
            crate::verify::NOT_RUN,
            ran.total
        );
    }
    Ok(ran)
}

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
