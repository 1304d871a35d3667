//! `mansuba export`: the solutions' lines of play as CSV.
use super::run::*;
use crate::notation::Notation;
use crate::report::{self, Verdict};
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Problem files, or directories searched for *.toml.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The CSV file to write (one row per line of play; `-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub csv: PathBuf,
    /// Begin the CSV with a UTF-8 byte-order mark (for spreadsheets).
    #[arg(long)]
    pub bom: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `mansuba export`.
pub fn cmd_export(a: ExportArgs) -> Result<i32> {
    check_csv_target(&a.csv)?;
    // The search's lines stay in SAN and coordinates: the export replays them on the
    // board and writes them in --notation itself.
    let run = RunArgs {
        notation: Notation::San,
        ..a.run.clone()
    };
    let rows = all_rows(&run_batch(&a.paths, &run, false, "exporting", &|_| {})?);
    let engines = Engines::default();
    let mut recs = vec![];
    // A line that does not replay is the solver's fault, not the input's: said, and the
    // exit code is 1 as for a problem not analysed.
    let mut failed = false;
    for r in &rows {
        let eng = match (&a.run.rules, &r.problem) {
            (None, Some(p)) => engines.own(p),
            _ => engines.get(&r.rules, None),
        };
        let replayed = match eng {
            Ok(eng) => report::export_records(r, &eng, a.run.notation),
            Err(msg) => Err(msg),
        };
        let mut v = match replayed {
            Ok(v) => {
                if v.is_empty() && r.verdict != Verdict::Error {
                    eprintln!(
                        "note: {} ({}): no line of play to export (verdict {})",
                        r.id,
                        r.location(),
                        r.verdict.word()
                    );
                }
                v
            }
            Err(msg) => {
                eprintln!("error: {} ({}): cannot export: {msg}", r.id, r.location());
                failed = true;
                vec![]
            }
        };
        recs.append(&mut v);
    }
    report::write_csv_atomic(&a.csv, report::EXPORT_COLUMNS, &recs, a.bom)?;
    eprint!("{}", report::summary(&rows, 3));
    eprintln!(
        "{} line{} of play written",
        recs.len(),
        if recs.len() == 1 { "" } else { "s" }
    );
    Ok(if failed {
        export_exit_code(&rows).max(1)
    } else {
        export_exit_code(&rows)
    })
}
