//! The parallel batch: every problem of a list of files verified, each problem's rows
//! handed on as one group in file order as soon as it and every group before it are done
//! (a consumer can stream them: a pipe is not kept waiting for the whole batch). The
//! problems are read as the workers ask for them (`feed`), the compiled rules
//! are shared by every job, and with a shard only the groups whose place in the whole
//! batch it contains are read into jobs and run.
//!
//! When the caller's cancel flag ([`Limits::cancel`]) rises, no job is started: a search
//! already running stops at its next check of the flag (`cancelled`), the jobs already
//! read get a row `not run`, and the problems not yet read are left out (reading them
//! all would take as long as the batch itself on a file of quick problems).

use super::feed::{Fed, Feed};
use super::{run_job, Engines, Job};
use crate::batch::{Progress, Shard};
use crate::notation::Style;
use crate::report::grid::{Group, Skip};
use crate::report::Row;
use crate::solve::Limits;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A batch to run: the files, the rule sets, the limits of every search and how its
/// lines are written. It runs on the current rayon pool.
pub struct Batch<'a> {
    /// The problem files, in order (as [`crate::files::Walk::files`] gives them).
    pub files: &'a [PathBuf],
    /// The rule set asked for besides each problem's own (the command line's `--rules`).
    pub rules: Option<&'a str>,
    /// The folders besides its own a problem file may name rules files in.
    pub rules_dirs: &'a crate::board::rules::RulesDirs,
    /// Every rule set the problem names, not only its first.
    pub all_rules: bool,
    /// Only this shard's problems (`None`: all of them).
    pub shard: Option<Shard>,
    /// The limits of each problem's search; its cancel flag stops the batch.
    pub limits: &'a Limits,
    /// How the rows' moves are written.
    pub style: Style,
    /// Hears each warning of the files as they are read.
    pub warn: &'a (dyn Fn(&str) + Sync),
    /// Hears of the jobs as they finish (one task named `what`, a step per job).
    pub progress: Progress,
    /// The name of the progress task ("verifying", "exporting").
    pub what: &'a str,
}

/// What a batch (or one shard of it) tells besides its groups.
#[derive(Clone, Debug, Default)]
pub struct Ran {
    /// The place of each group handed on in the whole unsharded batch.
    pub places: Vec<usize>,
    /// The number of groups of the whole batch read (all of them unless cancelled).
    pub total: usize,
    /// Jobs read and not run because the cancel flag rose.
    pub not_run: usize,
}

/// A problem's rows while its jobs run.
struct Pending {
    rows: Vec<Option<Row>>,
    skipped: Vec<Skip>,
}

/// What the workers share: the problems still to read, the jobs read and not taken,
/// and the groups not yet handed on (the first of them is group `first`).
struct Queue<'a> {
    feed: Feed<'a>,
    jobs: VecDeque<(usize, usize, Job)>,
    pending: VecDeque<Pending>,
    first: usize,
}

impl Batch<'_> {
    /// True once the caller's cancel flag rose.
    pub fn cancelled(&self) -> bool {
        self.limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// Runs the batch; `on_group` sees each group (its rows and the rule sets skipped) in
    /// file order, and none is kept. The jobs are taken in order, one at a time, by as
    /// many workers as the pool has: the rows that finish before an earlier one stay few,
    /// and so do the problems read and not yet done.
    pub fn run(&self, on_group: &(dyn Fn(Group) + Sync)) -> Ran {
        let engines = Engines::allowing(self.rules_dirs.clone());
        let queue = Mutex::new(Queue {
            feed: Feed::new(self, &engines),
            jobs: VecDeque::new(),
            pending: VecDeque::new(),
            first: 0,
        });
        let lock = || queue.lock().unwrap_or_else(|e| e.into_inner());
        let task = self.progress.begin(self.what, 0);
        let not_run = AtomicUsize::new(0);
        (0..rayon::current_num_threads())
            .into_par_iter()
            .for_each(|_| loop {
                let Some((g, k, j)) = lock().take(self, on_group) else {
                    break;
                };
                // Checked at the last moment, so that no job starts after the cancel.
                let r = if self.cancelled() {
                    not_run.fetch_add(1, Ordering::Relaxed);
                    super::not_run(&j)
                } else {
                    run_job(&j, &engines, self.limits, self.style)
                };
                {
                    let mut q = lock();
                    let at = g - q.first;
                    q.pending[at].rows[k] = Some(r);
                    q.advance(on_group);
                }
                if let Some(t) = &task {
                    t.say(&format!("{} ({})", self.what, j.problem.id));
                    t.advance(1);
                }
            });
        drop(task);
        let mut q = queue.into_inner().unwrap_or_else(|e| e.into_inner());
        q.advance(on_group);
        Ran {
            total: q.feed.place(),
            places: q.feed.places,
            not_run: not_run.into_inner(),
        }
    }
}

impl Queue<'_> {
    /// Hands on every group whose rows, and every row before them, are known.
    fn advance(&mut self, on_group: &(dyn Fn(Group) + Sync)) {
        while self
            .pending
            .front()
            .is_some_and(|p| p.rows.iter().all(Option::is_some))
        {
            let next = self.pending.pop_front().expect("a front");
            on_group(Group {
                rows: next.rows.into_iter().flatten().collect(),
                skipped: next.skipped,
            });
            self.first += 1;
        }
    }

    /// The next job in order, reading the next problem when none is waiting (a problem
    /// that could not be read is its own group, handed on in its turn). Once the batch is
    /// cancelled no problem is read any more: the jobs already read are handed out (to be
    /// marked not run), then none.
    fn take(
        &mut self,
        batch: &Batch,
        on_group: &(dyn Fn(Group) + Sync),
    ) -> Option<(usize, usize, Job)> {
        while self.jobs.is_empty() {
            if batch.cancelled() {
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
            self.advance(on_group);
        }
        self.jobs.pop_front()
    }
}
