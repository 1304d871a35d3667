//! A `repair` run's results, one row per problem of the file: printed as text or JSON and
//! gathered as CSV records as they come (by `repair` and by the merge of its shards, so
//! that both write the same), and what a `repair --shard K/N` was asked, as its manifest
//! records it (see [`crate::verify::shard`]).

use super::repair_args::RepairArgs;
use crate::report;
pub use crate::verify::shard::RepairRow;
use crate::verify::shard::{Asked, RepairAsked, RepairOutcome};
use anyhow::Result;

/// What has been printed: the CSV records so far and the exit code.
#[derive(Default)]
pub struct Shown {
    pub records: Vec<Vec<String>>,
    pub code: i32,
}

impl Shown {
    /// Prints one problem's result (text, or a JSON line) and gathers its CSV records;
    /// an error goes to stderr and makes the exit code 1.
    pub fn show(&mut self, row: &RepairRow, json: bool) {
        match &row.result {
            RepairOutcome::Repaired(r) => {
                if json {
                    println!("{}", report::repair::json(&row.id, r));
                } else {
                    println!("{}", report::repair::text(&row.id, &row.at, r));
                }
                self.records.extend(report::repair::csv_records(&row.id, r));
            }
            RepairOutcome::Failed(e) => {
                eprintln!("error: {}", crate::report::shown::said(e));
                self.code = 1;
            }
        }
    }

    /// Writes the CSV (atomically; `-`: standard output).
    pub fn write_csv(&self, csv: Option<&crate::files::Output>, bom: bool) -> Result<()> {
        if let Some(c) = csv {
            report::write_csv(
                c,
                report::repair::REPAIR_COLUMNS,
                &self.records,
                crate::cli::cells(bom),
            )?;
        }
        Ok(())
    }
}

/// The options of `repair` that change a result: the file as given, the problem, the
/// edits and the time limit; not `--threads` nor the output's shape.
pub fn asked(a: &RepairArgs) -> Asked {
    Asked::Repair(RepairAsked {
        file: a.file.display().to_string(),
        id: a.id.clone(),
        max_edits: a.max_edits,
        timeout: a.timeout,
        timeout_each: a.timeout_each,
    })
}
