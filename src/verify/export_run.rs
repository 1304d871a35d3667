//! `export` as one library call ([`Run::export`]): the outputs checked against every file
//! the run reads before the work; with Popeye input the only output the problems are only
//! read, else every problem is run, its lines kept in SAN and coordinates (the export
//! replays them on the board and writes them in the run's notation itself), and every
//! output written.

use super::run::{Asked, Run, RunError};
use super::Status;
use crate::batch::Progress;
use crate::notation::{Letters, Notation, Style};
use crate::problem::Engines;
use crate::report::cells::Cells;
use crate::report::export_asked::{self as asked, ExportAskError, ExportOutputs};
use crate::report::grid::Group;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why `export` failed.
#[derive(Debug, Error)]
pub enum ExportError {
    /// An output was refused, or could not be written.
    #[error(transparent)]
    Outputs(#[from] ExportAskError),
    /// The run was refused.
    #[error(transparent)]
    Run(#[from] RunError),
}

/// Where an export writes: `--csv`, `--pgn`, `--popeye`, and the CSV's cells.
#[derive(Clone, Copy, Default)]
pub struct ExportTo<'a> {
    /// One row per line of play.
    pub csv: Option<&'a Path>,
    /// Each problem's proven solution as a PGN game.
    pub pgn: Option<&'a Path>,
    /// The problems as Popeye input.
    pub popeye: Option<&'a Path>,
    /// How the CSV's cells are written.
    pub cells: Cells,
}

/// What an export ended with: the end to say (the summary, the lines written) and how
/// the run went.
pub struct Exported {
    /// The summary and how many lines of play were written (empty without a search).
    pub end: String,
    /// The run's status: failed when a problem could not be run or read, or a row's
    /// lines did not replay.
    pub status: Status,
}

impl Run<'_> {
    /// Exports `files` (found from `paths`, as given) to `to`, each note said as it
    /// comes; `progress` hears of the jobs.
    pub fn export(
        &self,
        (files, paths): (&[PathBuf], &[PathBuf]),
        to: ExportTo,
        progress: Progress,
    ) -> Result<Exported, ExportError> {
        let read = self.settings.files_read(files, &self.rules_dirs);
        let outs = ExportOutputs::check(
            (to.csv, to.pgn, to.popeye),
            (&read, self.rules_dirs.reads()),
        )?;
        let failed = |yes: bool| match yes {
            true => Status::Failed,
            false => Status::Clean,
        };
        if !outs.searches() {
            let (problems, unread) = asked::read_only(files, self.rules_dirs.reads(), self.say);
            let problems: Vec<_> = problems.iter().collect();
            asked::write_popeye(outs.popeye.as_ref(), &problems, self.say)?;
            let end = String::new();
            return Ok(Exported {
                end,
                status: failed(unread),
            });
        }
        let style = self.settings.style;
        let searched = Run {
            settings: super::settings::Settings {
                style: Style {
                    notation: Notation::San,
                    letters: Letters::Modern,
                },
                ..self.settings.clone()
            },
            rules_dirs: self.rules_dirs.clone(),
            cancel: self.cancel.clone(),
            ..*self
        };
        let rows = std::sync::Mutex::new(vec![]);
        let keep = |g: Group| {
            rows.lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend(g.rows)
        };
        let asked = Asked {
            all_rules: false,
            shard: None,
            what: "exporting",
        };
        searched.batch((files, paths), asked, progress, &keep)?;
        let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
        let engines = Engines::allowing(self.rules_dirs.clone());
        let (unwritten, end) = outs.write_searched(&rows, (&engines, style, to.cells), self.say)?;
        let status = match Status::of_export(&rows, self.cancelled()) {
            Status::Clean => failed(unwritten),
            s => s,
        };
        Ok(Exported { end, status })
    }
}
