//! `mansuba export`: the solutions' lines of play as CSV (`--csv`), as PGN games with the
//! tree as variations (`--pgn`), and the problems as Popeye input (`--popeye`).
use super::parallel::*;
use crate::verify::export_run::ExportTo;
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
    let files = super::workers::collect_files(&a.paths)?;
    let to = ExportTo {
        csv: a.csv.as_deref(),
        pgn: a.pgn.as_deref(),
        popeye: a.popeye.as_deref(),
        cells: crate::cli::cells(a.bom),
    };
    let done = (a.run.run()).export((&files, &a.paths), to, super::progress::bars())?;
    eprint!("{}", done.end);
    Ok(done.status.code())
}
