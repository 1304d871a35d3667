//! `verify`'s results written as they finish: each problem's rows go to the CSV (through a
//! temporary file renamed into place at the end), to the JSON lines and to the text list
//! in the files' order, and then only what the summary needs is kept (see
//! [`Tally`]). Only `--all-rules` text and `--html` keep
//! every row, as they lay the whole batch out at the end.

use crate::files::{Output, Writer};
use crate::report::grid::Group;
use crate::report::tally::Tally;
use crate::report::{self, CSV_COLUMNS};
use anyhow::Result;
use std::io::Write;

/// The outputs of one `verify` run, fed one group at a time in order.
pub(super) struct Sink {
    csv: Option<csv::Writer<Writer>>,
    json: bool,
    /// Print each row's one-line result on standard output.
    brief: bool,
    all_rules: bool,
    /// Keep every group (for the outputs that need the whole batch).
    keep: bool,
    kept: Vec<Group>,
    tally: Tally,
    /// The first write that failed.
    failed: Option<anyhow::Error>,
}

/// What a finished run hands back: the summary and the groups kept.
pub(super) struct Finished {
    pub(super) tally: Tally,
    pub(super) kept: Vec<Group>,
}

/// What [`Sink::open`] is asked for.
pub(super) struct SinkOptions<'a> {
    pub(super) csv: Option<&'a Output>,
    pub(super) bom: bool,
    pub(super) json: bool,
    pub(super) brief: bool,
    pub(super) all_rules: bool,
    pub(super) keep: bool,
    pub(super) slowest: usize,
}

impl Sink {
    /// Opens the outputs (the CSV's header is written at once).
    pub(super) fn open(o: &SinkOptions) -> Result<Sink> {
        let csv = match o.csv {
            None => None,
            Some(out) => {
                let mut f = out.create()?;
                if o.bom {
                    f.write_all("\u{feff}".as_bytes())?;
                }
                let mut w = csv::Writer::from_writer(f);
                w.write_record(CSV_COLUMNS)?;
                Some(w)
            }
        };
        Ok(Sink {
            csv,
            json: o.json,
            brief: o.brief,
            all_rules: o.all_rules,
            keep: o.keep,
            kept: vec![],
            tally: Tally::new(o.slowest),
            failed: None,
        })
    }

    /// Writes one finished group and counts its rows.
    pub(super) fn take(&mut self, g: Group) {
        if let Err(e) = self.write(&g) {
            self.failed.get_or_insert(e);
        }
        for r in &g.rows {
            self.tally.add(r);
        }
        if self.keep {
            self.kept.push(g);
        }
    }

    fn write(&mut self, g: &Group) -> Result<()> {
        if self.failed.is_some() {
            return Ok(());
        }
        let recs: Vec<Vec<String>> = match (&self.csv, self.all_rules) {
            (None, _) => vec![],
            (Some(_), true) => report::grid::csv_records(g),
            (Some(_), false) => g.rows.iter().map(report::csv_record).collect(),
        };
        if let Some(w) = &mut self.csv {
            recs.iter()
                .try_for_each(|r| report::cells::write_record(w, r, crate::cli::cells(false)))?;
            // A pipe or a FIFO reader sees each problem as it finishes.
            w.flush()?;
        }
        let mut out = std::io::stdout().lock();
        if self.json {
            if self.all_rules {
                writeln!(out, "{}", report::grid::json_group(g))?;
            } else {
                for r in &g.rows {
                    writeln!(out, "{}", report::json_row(r, false))?;
                }
            }
        }
        if self.brief && !self.all_rules {
            for r in &g.rows {
                writeln!(out, "{}", report::brief(r))?;
            }
        }
        out.flush()?;
        Ok(())
    }

    /// Puts the CSV in place; the summary and the groups kept.
    pub(super) fn finish(self) -> Result<Finished> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        if let Some(w) = self.csv {
            w.into_inner().map_err(|e| e.into_error())?.commit()?;
        }
        Ok(Finished {
            tally: self.tally,
            kept: self.kept,
        })
    }
}
