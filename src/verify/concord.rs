//! A concordance run whole: the files' problems read into entries, grouped by position up
//! to symmetry or as near variants ([`crate::concordance`]), and the members' verdicts
//! found ([`super::members`]), with the time each part took.

use crate::batch::Progress;
use crate::concordance::read::entries;
use crate::concordance::{concord, Entry, Group, Shapes};
use crate::problem::Engines;
use crate::solve::Limits;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a concordance is asked.
pub struct Concordance<'a> {
    /// The problem files.
    pub files: &'a [PathBuf],
    /// Near variants: at most this many men differ.
    pub max_diff: usize,
    /// The limits of each member's verification.
    pub limits: &'a Limits,
    /// Solve the members (else take the verdicts their files expect).
    pub solve: bool,
    /// Told of the members solved (when they are).
    pub progress: Progress,
}

/// A concordance found.
pub struct Found {
    /// The entries, in file order.
    pub entries: Vec<Entry>,
    /// The groups.
    pub groups: Vec<Group>,
    /// The verdict of each entry that is a member of a group, by entry index.
    pub verdicts: Vec<Option<String>>,
    /// Problems that could not be read or placed.
    pub errors: usize,
    /// The time to read and group the entries.
    pub grouped: Duration,
    /// The time to find the members' verdicts.
    pub judged: Duration,
}

impl Concordance<'_> {
    /// Runs it with `engines`; the files' warnings and the problems that could not be
    /// read or placed are said through `say` as soon as the files are read, a line each
    /// (`warning: ...`, `error: ...`, escaped for the terminal).
    pub fn run(&self, engines: Engines, say: &dyn Fn(&str)) -> Found {
        let t0 = Instant::now();
        let reads = engines.dirs().reads().clone();
        let mut shapes = Shapes::with(engines);
        let read = entries(self.files, &mut shapes, &reads);
        for w in &read.warnings {
            say(&format!("warning: {}", crate::report::shown::said(w)));
        }
        for e in &read.errors {
            say(&format!(
                "error: {}",
                crate::report::shown::said(&e.to_string())
            ));
        }
        let groups = concord(&read.entries, self.max_diff);
        let grouped = t0.elapsed();
        let asked = super::members::members(&groups).len();
        // Only a solve is worth telling of: the verdicts the files expect take no time.
        let task = (self.solve)
            .then(|| (self.progress).begin("concordance: the members' verdicts", asked as u64))
            .flatten();
        let tick = || {
            if let Some(t) = &task {
                t.advance(1);
            }
        };
        let verdicts = super::members::member_verdicts(
            &groups,
            &read.problems,
            shapes.engines(),
            self.limits,
            self.solve,
            &tick,
        );
        drop(task);
        Found {
            entries: read.entries,
            groups,
            verdicts,
            errors: read.errors.len(),
            grouped,
            judged: t0.elapsed().saturating_sub(grouped),
        }
    }
}
