//! `mansuba export`: the solutions' lines of play as CSV (`--csv`), as PGN games with the
//! tree as variations (`--pgn`), and the problems as Popeye input (`--popeye`).
use super::parallel::*;
use crate::notation::Notation;
use crate::report::export_asked as asked;
use crate::report::grid::Group;
use crate::verify::run::Asked;
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
    let at = (a.csv.as_deref(), a.pgn.as_deref(), a.popeye.as_deref());
    let outs = asked::ExportOutputs::check(at, &read)?;
    let say = &|line: &str| eprintln!("{line}");
    if !outs.searches() {
        // No search: the problems are only read, and what does not read is said.
        let (problems, unread) = asked::read_only(&files, say);
        let problems: Vec<_> = problems.iter().collect();
        asked::write_popeye(outs.popeye.as_ref(), &problems, say)?;
        return Ok(i32::from(unread));
    }
    // The search's lines stay in SAN and coordinates: the export replays them on the
    // board and writes them in --notation itself.
    let run = RunArgs {
        notation: Notation::San,
        letters: crate::notation::Letters::Modern,
        ..a.run.clone()
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
    (run.run()).batch((&files, &a.paths), asked, super::progress::bars(), &keep)?;
    let rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    let how = (&super::engines(), a.run.style(), crate::cli::cells(a.bom));
    let (failed, end) = outs.write_searched(&rows, how, say)?;
    eprint!("{end}");
    Ok(export_exit_code(&rows).max(i32::from(failed)))
}
