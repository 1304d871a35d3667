//! `mansuba diagram`: a problem's position (or a FEN) as an SVG picture, drawn by the
//! library ([`Drawing::drawn`]) and written here.
//!
//! Exit codes as the rest of the command line: 0 written; 2 bad usage or input (no such
//! file or id, unknown rules, a FEN or move that does not read).

use crate::report::edition::diagrams::Drawing;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `diagram`.
#[derive(clap::Args, Debug)]
pub struct DiagramArgs {
    /// The problem file (or give --fen and --rules instead; --rules alone draws the rules'
    /// starting array).
    #[arg(required_unless_present_any = ["fen", "rules"], conflicts_with = "fen")]
    pub file: Option<PathBuf>,
    /// The problem of the file to draw (needed when the file holds more than one).
    #[arg(long)]
    pub id: Option<String>,
    /// A position instead of a problem file, in the rules' letters.
    #[arg(long, requires = "rules")]
    pub fen: Option<String>,
    /// The rules of --fen (a preset or a rules file); with a problem file, draw it under
    /// these rules' letters instead of its own.
    #[arg(long)]
    pub rules: Option<String>,
    /// Play these moves first (SAN or coordinates, move numbers allowed: "1.Rh8+ Kxh8").
    #[arg(long, value_name = "MOVES")]
    pub after: Option<String>,
    /// Draw an arrow for a move in coordinates (`e2e4`); may be given more than once.
    #[arg(long, value_name = "MOVE")]
    pub arrow: Vec<String>,
    /// The discs' letters: historical (F ferz, A alfil; the default) or modern (the
    /// rules' FEN letters: shatranj's ferz Q, alfil B).
    #[arg(long, default_value = "historical", value_name = "CHOICE")]
    pub letters: crate::notation::Letters,
    /// The board seen from the other side (turned half round: Black at the bottom, files
    /// from h to a).
    #[arg(long)]
    pub flip: bool,
    /// Print the position's FEN (after --after) instead of drawing it.
    #[arg(long, conflicts_with_all = ["arrow", "flip"])]
    pub as_fen: bool,
    /// Write the SVG here (default: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
}

/// `mansuba diagram`.
pub fn cmd_diagram(a: DiagramArgs) -> Result<i32> {
    let files: Vec<PathBuf> = a.file.iter().cloned().collect();
    let dirs = super::rules_dirs();
    let inputs = crate::verify::shard::read_by(&files, a.rules.as_deref(), &dirs);
    let reads = dirs.reads().with_inputs(&inputs);
    let out = crate::files::check_flagged("-o", a.output.as_deref(), &reads)?;
    let drawing = Drawing {
        file: a.file.as_deref(),
        id: a.id.as_deref(),
        fen: a.fen.as_deref(),
        rules: a.rules.as_deref(),
        after: a.after.as_deref(),
        arrows: &a.arrow,
        letters: a.letters,
        flip: a.flip,
        as_fen: a.as_fen,
    };
    let warn = |w: &str| eprintln!("warning: {}", crate::report::shown::said(w));
    let svg = drawing.drawn(&super::engines(), &warn)?;
    match &out {
        Some(out) => out.write_all(svg.as_bytes())?,
        None => print!("{svg}"),
    }
    Ok(0)
}
