//! A batch's results written as they finish (`verify`, and `merge` of its shards): each
//! problem's rows go to the CSV (through a temporary file renamed into place at the end),
//! to the JSON lines and to the text list in the files' order, and then only what the
//! summary needs is kept (see [`Tally`]). Only `--all-rules` text and `--html` keep
//! every row, as they lay the whole batch out at the end.

use crate::files::{Output, OutputError, Writer};
use crate::report::cells::Cells;
use crate::report::grid::Group;
use crate::report::tally::Tally;
use crate::report::{self, CSV_COLUMNS};
use std::io::Write;

/// Why a batch's results could not be written.
#[derive(Debug, thiserror::Error)]
pub enum SinkError {
    /// Writing the lines or the CSV's bytes failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The CSV writer refused a record.
    #[error(transparent)]
    Csv(#[from] csv::Error),
    /// The CSV's output could not be opened or put in place.
    #[error(transparent)]
    Output(#[from] OutputError),
}

type Result<T> = std::result::Result<T, SinkError>;

/// The outputs of one `verify` run, fed one group at a time in order.
pub struct Sink {
    csv: Option<csv::Writer<Writer>>,
    cells: Cells,
    /// Where the JSON lines and the listing go (standard output for the command line).
    out: Box<dyn Write + Send>,
    json: bool,
    /// Print each row's one-line result on standard output.
    brief: bool,
    all_rules: bool,
    /// Keep every group (for the outputs that need the whole batch).
    keep: bool,
    kept: Vec<Group>,
    tally: Tally,
    /// The first write that failed.
    failed: Option<SinkError>,
}

/// What a finished run hands back: the summary and the groups kept.
pub struct Finished {
    /// The summary's counts.
    pub tally: Tally,
    /// The groups kept (every group when [`SinkOptions::keep`] asked for them).
    pub kept: Vec<Group>,
}

/// What [`Sink::open`] is asked for.
pub struct SinkOptions<'a> {
    /// The CSV's output, checked before the work.
    pub csv: Option<&'a Output>,
    /// How the CSV's cells are written; its `bom` starts the file with a byte-order mark.
    pub cells: Cells,
    /// One JSON line per row (per group under `all_rules`).
    pub json: bool,
    /// Each row's one-line result in the listing.
    pub brief: bool,
    /// Every rule set of a problem side by side (`--all-rules`).
    pub all_rules: bool,
    /// Keep every group, for the outputs that lay out the whole batch.
    pub keep: bool,
    /// How many of the slowest problems the summary names.
    pub slowest: usize,
}

impl Sink {
    /// Opens the outputs (the CSV's header is written at once); the JSON lines and the
    /// listing go to `out`.
    pub fn open(o: &SinkOptions, out: Box<dyn Write + Send>) -> Result<Sink> {
        let csv = match o.csv {
            None => None,
            Some(out) => {
                let mut f = out.create()?;
                if o.cells.bom {
                    f.write_all("\u{feff}".as_bytes())?;
                }
                let mut w = csv::Writer::from_writer(f);
                w.write_record(CSV_COLUMNS)?;
                Some(w)
            }
        };
        Ok(Sink {
            csv,
            cells: o.cells,
            out,
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
    pub fn take(&mut self, g: Group) {
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
                .try_for_each(|r| report::cells::write_record(w, r, self.cells))?;
            // A pipe or a FIFO reader sees each problem as it finishes.
            w.flush()?;
        }
        let out = &mut self.out;
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
    pub fn finish(self) -> Result<Finished> {
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
