//! `repair` and `reconstruct` as library calls: a command on one problem file, its
//! surroundings as plain values ([`OneRun`]: the file, the shard, the CSV, the pool, the
//! rules folders, the cancel flag, the observer and where its warnings go). The file,
//! the CSV and the shard are checked before the work and the file loaded
//! ([`super::shard::one_file()`]); then the problems are repaired, or one reconstructed,
//! each result handed to the caller as it comes (what is printed of it is the caller's),
//! the CSV written and a shard's manifest left for the merge.

use super::repairs::repair_file;
use super::shard::{self, Asked, OneFile, OneFileError, ReconstructAsked, RepairAsked};
use super::shard::{ReconstructRow, RepairOutcome, RepairRow, ShardsError, Written};
use super::status::INTERRUPTED;
use crate::batch::threads::{set_threads, ThreadsError};
use crate::batch::{Progress, Shard};
use crate::board::rules::RulesDirs;
use crate::files::Output;
use crate::notation::Style;
use crate::problem::pick::PickError;
use crate::problem::{Engines, ProblemError};
use crate::repair::problem::{reconstruct_problem, ReconstructProblemError};
use crate::repair::reconstruct::Reconstruction;
use crate::repair::Options;
use crate::report::cells::Cells;
use crate::report::CsvWriteError;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// A command on one problem file, and its surroundings.
pub struct OneRun<'a> {
    /// The problem file (`-`: standard input).
    pub file: &'a Path,
    /// Only this shard's slice of the work (`None`: all of it).
    pub shard: Option<Shard>,
    /// The CSV to write (`-`: standard output).
    pub csv: Option<&'a Path>,
    /// How the CSV's cells are written.
    pub cells: Cells,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// The folders besides its own the file may name rules files in.
    pub rules_dirs: RulesDirs,
    /// Raised by the caller to stop the work (the command line's Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Hears of the work's progress.
    pub progress: Progress,
    /// Hears each warning and note as a whole line, as it comes.
    pub say: &'a dyn Fn(&str),
}

/// Why the command failed.
#[derive(Debug, Error)]
pub enum OneRunError {
    /// The worker pool could not be set to the size asked.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The file, the CSV or the shard was refused before the work.
    #[error(transparent)]
    Checks(#[from] OneFileError),
    /// No problem of the file has the id asked for: the message lists the file's ids.
    #[error("{0}")]
    NoSuchId(String),
    /// The problem asked for is not in the file, or does not read.
    #[error(transparent)]
    Pick(#[from] PickError),
    /// The reconstruction refused, said at the problem's file and line.
    #[error("{0}")]
    Reconstruct(Box<ProblemError>),
    /// The problem's rules do not resolve or compile.
    #[error(transparent)]
    Rules(ReconstructProblemError),
    /// The CSV could not be written.
    #[error(transparent)]
    Csv(#[from] CsvWriteError),
    /// The shard's rows or manifest could not be written.
    #[error(transparent)]
    Shard(#[from] ShardsError),
}

/// How the command ended: its exit code (0; 1 when a problem could not be repaired;
/// [`INTERRUPTED`] when the cancel flag rose) and what a shard wrote.
pub struct Ended {
    /// The exit code.
    pub code: i32,
    /// The shard's manifest, when one was written.
    pub written: Option<Written>,
}

impl OneRun<'_> {
    fn cancelled(&self) -> bool {
        super::run::raised(&self.cancel)
    }

    /// The file, the CSV and the shard checked, the file loaded, its warnings said.
    fn start(&self) -> Result<OneFile, OneRunError> {
        let one = shard::one_file(self.file, self.shard, self.csv, &self.rules_dirs)?;
        for w in &one.file.warnings {
            (self.say)(&format!("warning: {}", crate::report::shown::said(w)));
        }
        Ok(one)
    }

    /// The search options of `asked`'s time limits and edits, the run's deadline from now.
    fn options(&self, (timeout, each): (f64, f64), max_edits: u8, style: Style) -> Options {
        let shard = self.shard.unwrap_or(Shard::ALL);
        let (cancel, progress) = (self.cancel.clone(), self.progress.clone());
        let mut opt = Options::timed((timeout, each), max_edits, shard, cancel, progress, style);
        opt.limits.reads = self.rules_dirs.reads().clone();
        opt
    }

    /// `repair`: the problems of the file (or the one of `asked.id`) repaired in turn, its
    /// lines written in `style`; `each` sees every row as it is done, and a row whose run
    /// stopped short has its note said. Then the CSV, and a shard's manifest.
    pub fn repair(
        &self,
        asked: &RepairAsked,
        style: Style,
        each: &mut dyn FnMut(&RepairRow),
    ) -> Result<Ended, OneRunError> {
        set_threads(self.threads)?;
        let opt = self.options((asked.timeout, asked.timeout_each), asked.max_edits, style);
        let one = self.start()?;
        let engines = Engines::allowing(self.rules_dirs.clone());
        let id = asked.id.as_deref();
        let heard = std::sync::Mutex::new(Default::default());
        let rows = repair_file(&one.file, id, &engines, &opt, &mut |row| {
            each(row);
            let met = row.report().map(|r| &r.original.tables_refused);
            super::run::say_refused(&heard, met.into_iter(), self.say);
            if let Some(note) = row.stopped_note() {
                (self.say)(&note);
            }
        });
        if rows.is_empty() && !self.cancelled() {
            let ids = one.file.ids();
            let why = crate::problem::pick::no_such_id(id.unwrap_or_default(), self.file, ids);
            return Err(OneRunError::NoSuchId(why));
        }
        write_repairs(one.csv.as_ref(), &rows, self.cells)?;
        if self.cancelled() {
            // A shard cut short writes no manifest: the merge counts it missing.
            return Ok(Ended::interrupted());
        }
        let written = match one.planned {
            Some(p) => {
                let asked = Asked::Repair(asked.clone());
                Some(p.write(asked, rows.len(), one.file.warnings, &rows)?)
            }
            None => None,
        };
        Ok(Ended {
            code: repairs_code(&rows),
            written,
        })
    }

    /// `reconstruct`: the illegible squares of the problem `asked.id` filled every way
    /// the rules allow; `show` sees the problem's id, place and reconstruction before
    /// the CSV is written, and a shard's manifest after it.
    pub fn reconstruct(
        &self,
        asked: &ReconstructAsked,
        show: &mut dyn FnMut(&str, &str, &Reconstruction),
    ) -> Result<Ended, OneRunError> {
        set_threads(self.threads)?;
        let one = self.start()?;
        let p = one.file.problem_of(&asked.id)?;
        let opt = self.options((asked.timeout, asked.timeout_each), 1, Style::default());
        let squares = crate::repair::reconstruct::Asked::read(
            &asked.unknown,
            asked.kinds.as_deref(),
            asked.max_men,
        );
        let engines = Engines::allowing(self.rules_dirs.clone());
        let r = match reconstruct_problem(p, &engines, &squares, &opt) {
            Ok(r) => r,
            // The cancel flag during the listing: said as an error, the run interrupted.
            Err(ReconstructProblemError::Reconstruct(e)) if self.cancelled() => {
                (self.say)(&format!(
                    "error: {}",
                    crate::report::shown::said(&e.to_string())
                ));
                return Ok(Ended::interrupted());
            }
            Err(ReconstructProblemError::Reconstruct(e)) => {
                return Err(OneRunError::Reconstruct(Box::new(p.error("id", e))))
            }
            Err(e) => return Err(OneRunError::Rules(e)),
        };
        let at = format!("{}:{}", p.file.display(), p.line);
        show(&p.id, &at, &r);
        write_reconstruction(one.csv.as_ref(), &p.id, &r, self.cells)?;
        if self.cancelled() {
            // A shard cut short writes no manifest: the merge counts it missing.
            return Ok(Ended::interrupted());
        }
        let written = match one.planned {
            Some(planned) => {
                let row = ReconstructRow {
                    id: p.id.clone(),
                    at,
                    kept: r.kept.clone(),
                    result: r,
                };
                let asked = Asked::Reconstruct(asked.clone());
                Some(planned.write(asked, 1, one.file.warnings.clone(), &[row])?)
            }
            None => None,
        };
        Ok(Ended { code: 0, written })
    }
}

impl Ended {
    fn interrupted() -> Ended {
        Ended {
            code: INTERRUPTED,
            written: None,
        }
    }
}

/// The exit code of a repair's rows: 1 when a problem could not be repaired, else 0.
pub fn repairs_code(rows: &[RepairRow]) -> i32 {
    i32::from(
        rows.iter()
            .any(|r| matches!(r.result, RepairOutcome::Failed(_))),
    )
}

/// Writes a repair's CSV, one record per repair (atomically; `-`: standard output).
pub fn write_repairs(
    csv: Option<&Output>,
    rows: &[RepairRow],
    cells: Cells,
) -> Result<(), CsvWriteError> {
    let Some(c) = csv else { return Ok(()) };
    let records: Vec<_> = rows
        .iter()
        .filter_map(|r| Some(crate::report::repair::csv_records(&r.id, r.report()?)))
        .flatten()
        .collect();
    crate::report::write_csv(c, crate::report::repair::REPAIR_COLUMNS, &records, cells)
}

/// Writes a reconstruction's CSV, one record per answer (atomically).
pub fn write_reconstruction(
    csv: Option<&Output>,
    id: &str,
    r: &Reconstruction,
    cells: Cells,
) -> Result<(), CsvWriteError> {
    let Some(c) = csv else { return Ok(()) };
    let out = crate::report::reconstruct::csv_records(id, r);
    crate::report::write_csv(
        c,
        crate::report::reconstruct::RECONSTRUCT_COLUMNS,
        &out,
        cells,
    )
}
