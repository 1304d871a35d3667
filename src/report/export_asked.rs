//! An export as the command line asks it: its outputs checked before the work (none may
//! replace a file the run reads, nor one another), the problems only read when Popeye
//! input is the only output, and a batch's rows written as CSV records, PGN games and
//! Popeye input. Each remark, warning or fault is said through the caller's `say`, a
//! line at a time, as it comes; the summary is handed back for the caller to print.

use super::cells::Cells;
use super::exported::{csv_records, pgn_games, Exported};
use super::rows::CsvWriteError;
use super::written::counted;
use super::Row;
use crate::files::{check_flagged, FlaggedError, Output, OutputError};
use crate::notation::Style;
use crate::problem::{Engines, Problem};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why an export stopped.
#[derive(Debug, Error)]
pub enum ExportAskError {
    /// An output, named by its flag, cannot be written there.
    #[error(transparent)]
    Output(#[from] FlaggedError),
    /// Two outputs are one file, or an output could not be written.
    #[error(transparent)]
    Io(#[from] OutputError),
    /// No problem Popeye can express: nothing written to the file.
    #[error("no problem Popeye can express; nothing written to {}", .0.display())]
    NoPopeye(PathBuf),
    /// The CSV could not be written.
    #[error(transparent)]
    Csv(#[from] CsvWriteError),
}

/// The outputs of an export, checked.
pub struct ExportOutputs {
    /// `--csv`: one row per line of play.
    pub csv: Option<Output>,
    /// `--pgn`: the games.
    pub pgn: Option<Output>,
    /// `--popeye`: the problems as Popeye input.
    pub popeye: Option<Output>,
}

impl ExportOutputs {
    /// Checks the outputs before any work: none may be one of `read` (the files the run
    /// reads), nor two of them one file.
    pub fn check(
        (csv, pgn, popeye): (Option<&Path>, Option<&Path>, Option<&Path>),
        (read, reads): (&[PathBuf], &crate::files::Reads),
    ) -> Result<ExportOutputs, ExportAskError> {
        let set = reads.with_inputs(read);
        let outs = ExportOutputs {
            csv: check_flagged("--csv", csv, &set)?,
            pgn: check_flagged("--pgn", pgn, &set)?,
            popeye: check_flagged("--popeye", popeye, &set)?,
        };
        crate::files::target::check_distinct(&[&outs.csv, &outs.pgn, &outs.popeye])?;
        Ok(outs)
    }

    /// True when an output needs the problems solved (the CSV's or the PGN's lines).
    pub fn searches(&self) -> bool {
        self.csv.is_some() || self.pgn.is_some()
    }

    /// Writes a search's rows to every output asked (Popeye input, PGN games, the CSV's
    /// lines in `style`), each note said as it comes; true when a row's lines did not
    /// replay, and the end to say: the summary, and how many lines of play were written.
    pub fn write_searched(
        &self,
        rows: &[Row],
        (engines, style, cells): (&Engines, Style, Cells),
        say: &dyn Fn(&str),
    ) -> Result<(bool, String), ExportAskError> {
        let problems: Vec<_> = rows.iter().filter_map(|r| r.problem.as_ref()).collect();
        write_popeye(self.popeye.as_ref(), &problems, say)?;
        let mut failed = false;
        if let Some(pgn) = &self.pgn {
            failed |= write_pgn(pgn, rows, engines, say)?;
        }
        let mut end = super::summary(rows, 3);
        if let Some(csv) = &self.csv {
            let (n, fault) = write_records(csv, rows, (engines, style, cells), say)?;
            failed |= fault;
            end += &format!("{} of play written\n", counted(n, "line"));
        }
        Ok((failed, end))
    }
}

/// The problems of the files only read (no search), each warning and each entry that
/// does not read said; the problems, and whether an entry did not read.
pub fn read_only(
    files: &[PathBuf],
    reads: &crate::files::Reads,
    say: &dyn Fn(&str),
) -> (Vec<Problem>, bool) {
    let (mut problems, mut unread) = (vec![], false);
    for f in files {
        let lf = crate::problem::load_file(f, reads);
        for w in &lf.warnings {
            say(&format!("warning: {}", super::shown::said(w)));
        }
        for p in lf.problems {
            match p {
                Ok(p) => problems.push(p),
                Err(e) => {
                    say(&format!("error: {}", super::shown::said(&e.to_string())));
                    unread = true;
                }
            }
        }
    }
    (problems, unread)
}

/// Says what the export of each noted row left out ([`Exported::said`]); true when a
/// row had a fault.
fn say_notes<T>(
    rows: &[Row],
    done: &Exported<T>,
    (none, fault): (&str, &str),
    say: &dyn Fn(&str),
) -> bool {
    for line in done.said(rows, none, fault) {
        say(&line);
    }
    done.failed()
}

/// Writes the Popeye input of the problems it can express, if asked; says which were
/// left out and how many were written.
pub fn write_popeye(
    out: Option<&Output>,
    problems: &[&Problem],
    say: &dyn Fn(&str),
) -> Result<(), ExportAskError> {
    let Some(out) = out else { return Ok(()) };
    let (text, left_out) = super::popeye::popeye_file(problems);
    for note in super::popeye::left_out_notes(&left_out) {
        say(&note);
    }
    let n = problems.len() - left_out.len();
    if n == 0 {
        return Err(ExportAskError::NoPopeye(out.given.clone()));
    }
    out.write_all(text.as_bytes())?;
    let given = out.given.display();
    say(&format!(
        "{} written to {given} for Popeye",
        counted(n, "problem")
    ));
    Ok(())
}

/// Writes the PGN games of the rows; true when a row's lines did not replay (said).
pub fn write_pgn(
    out: &Output,
    rows: &[Row],
    engines: &Engines,
    say: &dyn Fn(&str),
) -> Result<bool, ExportAskError> {
    let games = pgn_games(rows, engines);
    let words = ("no line of play, no PGN game", "cannot write its PGN");
    let failed = say_notes(rows, &games, words, say);
    let games = games.items;
    out.write_all(games.join("\n").as_bytes())?;
    let (n, given) = (counted(games.len(), "PGN game"), out.given.display());
    say(&format!("{n} written to {given}"));
    Ok(failed)
}

/// Writes the CSV of the rows' lines of play, in `style`; the number of lines written,
/// and true when a row's lines did not replay (said).
pub fn write_records(
    out: &Output,
    rows: &[Row],
    (engines, style, cells): (&Engines, Style, Cells),
    say: &dyn Fn(&str),
) -> Result<(usize, bool), ExportAskError> {
    let recs = csv_records(rows, engines, style);
    let words = ("no line of play to export", "cannot export");
    let failed = say_notes(rows, &recs, words, say);
    super::write_csv(out, super::EXPORT_COLUMNS, &recs.items, cells)?;
    Ok((recs.items.len(), failed))
}
