//! `mansuba export`: the solutions' lines of play as CSV (`--csv`), as PGN games with the
//! tree as variations (`--pgn`), and the problems as Popeye input (`--popeye`).
use super::parallel::*;
use crate::notation::Notation;
use crate::report;
use crate::report::written::counted;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Problem files, or directories searched for *.toml.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The CSV file to write (one row per line of play; `-` for standard output).
    #[arg(long, value_name = "FILE", required_unless_present_any = ["pgn", "popeye"])]
    pub csv: Option<PathBuf>,
    /// Write each problem's proven solution as a PGN game (the tree as variations; an
    /// unsound problem's refutation as a variation too). Its SAN keeps the rules' letters
    /// whatever --letters says, as the readers expect: python-chess reads the
    /// english-1650 games (orthodox, no Variant tag); pyffish / Fairy-Stockfish reads
    /// shatranj and courier (Variant tag; the ferz Q and alfil B of shatranj, courier's
    /// F E B M W); the other presets (the assizes, grant-acedrex, short-assize, dice)
    /// carry their own name as Variant, which no reader we know takes.
    #[arg(long, value_name = "OUT.pgn")]
    pub pgn: Option<PathBuf>,
    /// Write the problems Popeye can express as Popeye input (no search is run when this
    /// is the only output).
    #[arg(long, value_name = "OUT.inp")]
    pub popeye: Option<PathBuf>,
    /// Begin the CSV with a UTF-8 byte-order mark (for spreadsheets).
    #[arg(long)]
    pub bom: bool,
    #[command(flatten)]
    pub run: RunArgs,
}

/// `mansuba export`.
pub fn cmd_export(a: ExportArgs) -> Result<i32> {
    // Every output is checked before any work: none may be one of the problem files.
    let files = super::workers::collect_files(&a.paths)?;
    let read = a.run.settings().files_read(&files, &super::rules_dirs());
    let csv = check_output("--csv", a.csv.as_deref(), &read)?;
    let pgn = check_output("--pgn", a.pgn.as_deref(), &read)?;
    let popeye = check_output("--popeye", a.popeye.as_deref(), &read)?;
    crate::files::target::check_distinct(&[&csv, &pgn, &popeye])?;
    if csv.is_none() && pgn.is_none() {
        // No search: the problems are only read, and what does not read is said.
        let (mut problems, mut unread) = (vec![], false);
        for f in &files {
            let lf = crate::problem::load_file(f);
            for w in &lf.warnings {
                eprintln!("warning: {}", crate::report::shown::said(w));
            }
            for p in lf.problems {
                match p {
                    Ok(p) => problems.push(p),
                    Err(e) => {
                        eprintln!("error: {}", crate::report::shown::said(&e.to_string()));
                        unread = true;
                    }
                }
            }
        }
        let code = write_popeye(popeye.as_ref(), &problems.iter().collect::<Vec<_>>())?;
        return Ok(code.max(i32::from(unread)));
    }
    // The search's lines stay in SAN and coordinates: the export replays them on the
    // board and writes them in --notation itself.
    let run = RunArgs {
        notation: Notation::San,
        letters: crate::notation::Letters::Modern,
        ..a.run.clone()
    };
    let rows = all_rows(&run_batch(&a.paths, &run, false, "exporting", &|_| {})?);
    let engines = super::engines();
    let problems: Vec<&crate::problem::Problem> =
        rows.iter().filter_map(|r| r.problem.as_ref()).collect();
    write_popeye(popeye.as_ref(), &problems)?;
    let mut failed = false;
    if let Some(pgn) = &pgn {
        failed |= export_pgn(pgn, &rows, &engines)?;
    }
    let Some(csv) = &csv else {
        eprint!("{}", report::summary(&rows, 3));
        return Ok(export_exit_code(&rows).max(i32::from(failed)));
    };
    let recs = report::exported::csv_records(&rows, &engines, a.run.style());
    failed |= say_notes(&rows, &recs, ("no line of play to export", "cannot export"));
    let recs = recs.items;
    report::write_csv(csv, report::EXPORT_COLUMNS, &recs, crate::cli::cells(a.bom))?;
    eprint!("{}", report::summary(&rows, 3));
    eprintln!("{} of play written", counted(recs.len(), "line"));
    Ok(if failed {
        export_exit_code(&rows).max(1)
    } else {
        export_exit_code(&rows)
    })
}

/// Says on standard error what the export of each noted row left out
/// ([`report::exported::Exported::said`]); true when a row had a fault.
fn say_notes<T>(
    rows: &[report::Row],
    done: &report::exported::Exported<T>,
    (none, fault): (&str, &str),
) -> bool {
    for line in done.said(rows, none, fault) {
        eprintln!("{line}");
    }
    done.failed()
}

/// Writes the PGN games of the rows; true when a row's lines did not replay (said).
fn export_pgn(out: &crate::files::Output, rows: &[report::Row], engines: &Engines) -> Result<bool> {
    let games = report::exported::pgn_games(rows, engines);
    let failed = say_notes(
        rows,
        &games,
        ("no line of play, no PGN game", "cannot write its PGN"),
    );
    let games = games.items;
    out.write_all(games.join("\n").as_bytes())?;
    eprintln!(
        "{} written to {}",
        counted(games.len(), "PGN game"),
        out.given.display()
    );
    Ok(failed)
}

/// Writes the Popeye input of the problems it can express; says which were left out.
fn write_popeye(
    out: Option<&crate::files::Output>,
    problems: &[&crate::problem::Problem],
) -> Result<i32> {
    let Some(out) = out else {
        return Ok(0);
    };
    let (text, left_out) = report::popeye::popeye_file(problems);
    for note in report::popeye::left_out_notes(&left_out) {
        eprintln!("{note}");
    }
    let n = problems.len() - left_out.len();
    if n == 0 {
        anyhow::bail!(
            "no problem Popeye can express; nothing written to {}",
            out.given.display()
        );
    }
    out.write_all(text.as_bytes())?;
    eprintln!(
        "{} written to {} for Popeye",
        counted(n, "problem"),
        out.given.display()
    );
    Ok(0)
}
