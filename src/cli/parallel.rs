//! Running problems, shared by `solve`, `verify` and `export`: the parallel batch that
//! streams its groups in file order, and the exit code (the jobs it runs are in
//! [`super::jobs`]).
//!
//! Exit codes: 0 when every problem was analysed (whatever the verdicts); 1 when any
//! problem could not be analysed (an `error` row); 2 for usage errors (bad flags, an
//! unknown `--rules`, a path that does not exist, an unwritable `--csv`).

use super::feed::{Fed, Feed};
pub(super) use super::jobs::{load_all, RunArgs};
use super::workers::{collect_files, set_threads};
use crate::batch::Shard;
use crate::notation::Style;
use crate::report::grid::{Group, Skip};
use crate::report::{Row, Verdict};
use crate::solve::Limits;
pub(super) use crate::verify::{run_job, Engines, Job};
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A problem's rows while its jobs run.
pub(super) struct Pending {
    pub(super) rows: Vec<Option<Row>>,
    pub(super) skipped: Vec<Skip>,
}

/// What a batch (or one shard of it) tells besides its groups: the place of each group
/// in the whole unsharded batch, and the number of groups of the whole batch.
pub(super) struct Batch {
    pub(super) places: Vec<usize>,
    pub(super) total: usize,
}

/// Runs every problem of the files (in parallel); one group per problem (its rows and
/// the rule sets skipped), in file order. `on_ready` sees each group as soon as it and
/// every group before it are done, so that a consumer can stream them in a stable order
/// (a pipe is not kept waiting for the whole batch).
pub(super) fn run_batch(
    paths: &[PathBuf],
    run: &RunArgs,
    all_rules: bool,
    what: &str,
    on_ready: &(dyn Fn(&Group) + Sync),
) -> Result<Vec<Group>> {
    let done = Mutex::new(vec![]);
    run_shard(
        paths,
        run,
        all_rules,
        what,
        &|g| {
            on_ready(&g);
            done.lock().unwrap_or_else(|e| e.into_inner()).push(g);
        },
        None,
    )?;
    Ok(done.into_inner().unwrap_or_else(|e| e.into_inner()))
}

/// [`run_batch`] for one shard (None: the whole batch): only the groups whose place in
/// the whole order the shard contains are read into jobs and run.
pub(super) fn run_shard(
    paths: &[PathBuf],
    run: &RunArgs,
    all_rules: bool,
    what: &str,
    on_ready: &(dyn Fn(Group) + Sync),
    shard: Option<Shard>,
) -> Result<Batch> {
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
    let engines = Engines::default();
    let feed = Feed::new(&files, shard, run, all_rules, &engines);
    let feed = run_jobs(feed, &engines, &limits, run.style(), what, on_ready);
    Ok(Batch {
        total: feed.place(),
        places: feed.places,
    })
}

/// What the workers share: the problems still to read, the jobs read and not taken,
/// and the groups not yet handed on (the first of them is group `first`).
struct Queue<'a> {
    feed: Feed<'a>,
    jobs: VecDeque<(usize, usize, Job)>,
    pending: VecDeque<Pending>,
    first: usize,
}

impl Queue<'_> {
    /// Hands on every group whose rows, and every row before them, are known.
    fn advance(&mut self, on_ready: &(dyn Fn(Group) + Sync)) {
        while self
            .pending
            .front()
            .is_some_and(|p| p.rows.iter().all(Option::is_some))
        {
            let next = self.pending.pop_front().expect("a front");
            on_ready(Group {
                rows: next.rows.into_iter().flatten().collect(),
                skipped: next.skipped,
            });
            self.first += 1;
        }
    }

    /// The next job in order, reading the next problem when none is waiting (a problem
    /// that could not be read is its own group, handed on in its turn).
    /// After Ctrl-C no problem is read any more: the jobs already read are handed out
    /// (to be marked not run), then none.
    fn take(&mut self, on_ready: &(dyn Fn(Group) + Sync)) -> Option<(usize, usize, Job)> {
        while self.jobs.is_empty() {
            if crate::cli::interrupt::interrupted() {
                return None;
            }
            let g = self.first + self.pending.len();
            match self.feed.next()? {
                Fed::Unread(row) => self.pending.push_back(Pending {
                    rows: vec![Some(*row)],
                    skipped: vec![],
                }),
                Fed::Problem(js, skipped) => {
                    self.pending.push_back(Pending {
                        rows: js.iter().map(|_| None).collect(),
                        skipped,
                    });
                    self.jobs
                        .extend(js.into_iter().enumerate().map(|(k, j)| (g, k, j)));
                }
            }
            self.advance(on_ready);
        }
        self.jobs.pop_front()
    }
}

/// Runs the jobs in parallel as the feed reads them; hands each group to `on_ready` once
/// it and every group before it are done, and keeps none. The jobs are taken in order,
/// one at a time, by as many workers as the pool has: the rows that finish before an
/// earlier one stay few, and so do the problems read and not yet done.
///
/// After the first Ctrl-C no job is started: a search already running stops at its next
/// check of the flag (`cancelled`), the jobs already read get a row `not run`, and the
/// problems not yet read are left out (reading them all would take as long as the batch
/// itself on a file of quick problems); a line on standard error says so.
fn run_jobs<'a>(
    feed: Feed<'a>,
    engines: &Engines,
    limits: &Limits,
    style: Style,
    what: &str,
    on_ready: &(dyn Fn(Group) + Sync),
) -> Feed<'a> {
    let queue = Mutex::new(Queue {
        feed,
        jobs: VecDeque::new(),
        pending: VecDeque::new(),
        first: 0,
    });
    let lock = || queue.lock().unwrap_or_else(|e| e.into_inner());
    let bar = super::progress::bar(0, what);
    let not_run = std::sync::atomic::AtomicUsize::new(0);
    (0..rayon::current_num_threads())
        .into_par_iter()
        .for_each(|_| loop {
            let Some((g, k, j)) = lock().take(on_ready) else {
                break;
            };
            // Checked at the last moment, so that no job starts after the interrupt.
            let r = if crate::cli::interrupt::interrupted() {
                not_run.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                crate::verify::not_run(&j)
            } else {
                run_job(&j, engines, limits, style)
            };
            {
                let mut q = lock();
                let at = g - q.first;
                q.pending[at].rows[k] = Some(r);
                q.advance(on_ready);
            }
            if let Some(b) = &bar {
                b.set_message(format!("{what} ({})", j.problem.id));
                b.inc(1);
            }
        });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut q = queue.into_inner().unwrap_or_else(|e| e.into_inner());
    q.advance(on_ready);
    if crate::cli::interrupt::interrupted() {
        eprintln!(
            "interrupted: {} read and not run (their rows say `{}`); the problems after \
             the first {} were not read",
            not_run.into_inner(),
            crate::verify::NOT_RUN,
            q.feed.place()
        );
    }
    q.feed
}

/// Every row of the groups, in order.
pub(super) fn all_rows(groups: &[Group]) -> Vec<Row> {
    groups.iter().flat_map(|g| g.rows.iter().cloned()).collect()
}

/// The exit code of a batch (the rule is documented once, in docs/verify.md "Exit
/// codes"): 130 when Ctrl-C cut it short; 1 when some row is an `error`, misses its
/// `expect`, or (without an `expect`) has a manuscript solution that fails; else 0.
pub(super) fn exit_code(rows: &[Row]) -> i32 {
    exit_code_judging(rows, crate::report::tally::fails_run)
}

/// [`exit_code`] from a batch's tally (the rows themselves are not kept).
pub(super) fn tally_exit_code(t: &crate::report::tally::Tally) -> i32 {
    if crate::cli::interrupt::interrupted() {
        crate::cli::interrupt::INTERRUPTED
    } else {
        i32::from(t.any_failed())
    }
}

/// The exit code of `export`, whose job is the lines, not the verdicts: 1 only for a row
/// that could not be analysed.
pub(super) fn export_exit_code(rows: &[Row]) -> i32 {
    exit_code_judging(rows, |r| r.verdict == Verdict::Error)
}

fn exit_code_judging(rows: &[Row], failed: impl Fn(&Row) -> bool) -> i32 {
    if crate::cli::interrupt::interrupted() {
        crate::cli::interrupt::INTERRUPTED
    } else if rows.iter().any(failed) {
        1
    } else {
        0
    }
}

/// Checks before the work an output named by `flag` (see [`crate::files::target`]):
/// none of `inputs` (nor a file this run has read) may be replaced by it.
pub(super) fn check_output(
    flag: &str,
    path: Option<&Path>,
    inputs: &[PathBuf],
) -> Result<Option<crate::files::Output>> {
    let Some(p) = path else { return Ok(None) };
    let set = crate::files::FileSet::of(inputs);
    crate::files::check_output(p, &set)
        .map(Some)
        .map_err(|e| anyhow::anyhow!("{flag} {e}"))
}
