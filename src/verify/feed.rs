//! The problems of a batch, read as the workers ask for them: one file at a time, in
//! the files' order, and within a file one `[[problem]]` table at a time (see
//! [`crate::problem::chunks`]), each problem turned into its jobs when it is reached. A
//! batch of 100,000 problems holds the problems in flight, not all of them.

use super::{jobs_for, Engines, Job};
use crate::batch::Shard;
use crate::problem::chunks::FileReader;
use crate::problem::{Problem, ProblemError};
use crate::report::grid::Skip;
use crate::report::Row;
use std::path::PathBuf;
use std::sync::Arc;

/// The next item of the batch, in order.
pub(crate) enum Fed {
    /// A problem's jobs (one per rule set) and the rule sets skipped.
    Problem(Vec<Job>, Vec<Skip>),
    /// A problem (or file) that could not be read.
    Unread(Box<Row>),
}

/// Reads the problems of `files` one file at a time.
pub(crate) struct Feed<'a> {
    files: std::slice::Iter<'a, PathBuf>,
    /// The file being read.
    read: Option<FileReader>,
    /// The place in the whole batch of the next entry.
    place: usize,
    shard: Option<Shard>,
    /// The rule sets asked for besides each problem's own.
    rules: Option<&'a str>,
    all_rules: bool,
    engines: &'a Engines,
    /// The caller's record the files read are noted in.
    reads: &'a crate::files::Reads,
    /// Hears each warning of the files read (a key the loader does not know, …).
    warn: &'a (dyn Fn(&str) + Sync),
    /// The places in the whole batch of the entries handed out (all, or a shard's).
    pub(crate) places: Vec<usize>,
}

impl<'a> Feed<'a> {
    /// A feed over `files`; with `shard`, only the entries whose place it contains.
    pub(crate) fn new(batch: &'a super::Batch<'a>, engines: &'a Engines) -> Self {
        Feed {
            files: batch.files.iter(),
            read: None,
            place: 0,
            shard: batch.shard,
            rules: batch.rules,
            all_rules: batch.all_rules,
            engines,
            reads: batch.rules_dirs.reads(),
            warn: batch.warn,
            places: vec![],
        }
    }

    /// Entries read so far (at the end: the whole batch, whatever the shard).
    pub(crate) fn place(&self) -> usize {
        self.place
    }

    /// The next entry of the shard, opening the next file when this one is done (the
    /// warnings are told as the entries that give them are read).
    fn next_entry(&mut self) -> Option<Result<Problem, ProblemError>> {
        let mut warnings = vec![];
        loop {
            while let Some(e) = self.read.as_mut().and_then(|r| r.next_entry(&mut warnings)) {
                for w in warnings.drain(..) {
                    (self.warn)(&w);
                }
                let place = self.place;
                self.place += 1;
                if self.shard.is_none_or(|s| s.contains(place)) {
                    self.places.push(place);
                    return Some(e);
                }
            }
            let (reader, ws) = FileReader::open(self.files.next()?, self.reads);
            for w in ws {
                (self.warn)(&w);
            }
            self.read = Some(reader);
        }
    }

    /// The next item of the shard, its problem turned into jobs.
    pub(crate) fn next(&mut self) -> Option<Fed> {
        Some(match self.next_entry()? {
            Err(e) => Fed::Unread(Box::new(Row::from_error(&e, None, ""))),
            Ok(p) => {
                let (jobs, skipped) =
                    jobs_for(&Arc::new(p), self.rules, self.all_rules, self.engines);
                Fed::Problem(jobs, skipped)
            }
        })
    }
}
