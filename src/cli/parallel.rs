//! Running problems, shared by `solve`, `verify` and `export` (the run itself is the
//! library's [`crate::verify::run`], made from the flags in [`super::jobs`]): the exit
//! code of its [`Status`], and a command on one problem file checked before its work.
//!
//! Exit codes: 0 when every problem was analysed (whatever the verdicts); 1 when any
//! problem could not be analysed (an `error` row); 2 for usage errors (bad flags, an
//! unknown `--rules`, a path that does not exist, an unwritable `--csv`).

pub(super) use super::jobs::RunArgs;
use crate::batch::Shard;
use crate::report::outputs::Ended;
use crate::report::Row;
use crate::verify::one_run::OneRun;
use crate::verify::Status;
use std::path::Path;

/// The exit code of a batch ([`Status::of_rows`]).
pub(super) fn exit_code(rows: &[Row]) -> i32 {
    Status::of_rows(rows, crate::cli::interrupt::interrupted()).code()
}

/// Prints the end of `verify`'s or `merge`'s outputs ([`Ended`]) and a shard's last
/// line; the exit code of the batch's tally (the rows themselves are not kept).
pub(super) fn print_ended(ended: &Ended, last: Option<String>) -> i32 {
    print!("{}", ended.out);
    eprint!("{}", ended.err);
    if let Some(line) = last {
        eprintln!("{line}");
    }
    Status::of_tally(&ended.tally, crate::cli::interrupt::interrupted()).code()
}

/// A command on one problem file (`repair`, `reconstruct`) as its flags ask for it: the
/// shard, the `--csv` output and the threads, `--rules-dir`, `--raw-csv`, Ctrl-C, the
/// progress shown when `progress`, its warnings on stderr.
pub(super) fn one_run<'a>(
    file: &'a Path,
    (shard, csv): (Option<Shard>, Option<&'a Path>),
    threads: Option<usize>,
    progress: bool,
) -> OneRun<'a> {
    OneRun {
        file,
        shard,
        csv,
        cells: super::cells(false),
        threads,
        rules_dirs: super::rules_dirs(),
        cancel: Some(super::interrupt::cancel_flag()),
        progress: super::progress::observer(progress),
        say: &super::say,
    }
}
