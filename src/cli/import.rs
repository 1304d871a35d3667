//! `mansuba import`: Popeye input, piece lists and EPD lines written as problem-file
//! entries. Each problem that cannot be read or that asks for what mansuba has not is
//! said on stderr (file, line, title, reason) and left out; the rest is written, once the
//! entries load back as a problem file (atomically, with `-o`). `--strict`: nothing is
//! written unless every problem comes in.
//!
//! Exit codes: 0 every problem came in; 1 some were left out (the rest written); 2 a
//! usage error, or nothing could be imported (or, with `--strict`, anything left out).

use crate::problem::import::{self, Format, Options};
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The inputs: Popeye files, piece lists, EPD files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The inputs' format (default: told by the name and the text): popeye, pieces, epd.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// The rules of every problem read (a preset or a rules file), instead of what the
    /// input says or implies.
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// The manuscript's colour names in a piece list, mapped to the sides:
    /// `red=white,black=black`.
    #[arg(long, value_name = "NAME=SIDE,...")]
    pub colours: Option<String>,
    /// The number of moves of a win task that gives none ("White to play and win").
    #[arg(long, value_name = "N")]
    pub win_moves: Option<u32>,
    /// Write nothing unless every problem of every input comes in (exit 2 otherwise).
    #[arg(long)]
    pub strict: bool,
    /// Write the problem file here (default: standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT.toml")]
    pub output: Option<PathBuf>,
}

/// `mansuba import`.
pub fn cmd_import(a: ImportArgs) -> Result<i32> {
    let out = crate::files::check_flagged(
        "-o",
        a.output.as_deref(),
        &super::rules_dirs().reads().with_inputs(&a.files),
    )?;
    let opts = Options {
        format: a.format,
        rules: a.rules.clone(),
        colours: match &a.colours {
            Some(c) => import::colours::colour_map(c)?,
            None => vec![],
        },
        win_moves: a.win_moves,
        rules_dirs: super::rules_dirs(),
    };
    let at = (a.output.as_deref(), out.as_ref());
    let end = import::run::import_to(&a.files, &opts, at, a.strict, &super::say)?;
    if end.refused {
        return Ok(2);
    }
    eprintln!(
        "{} imported{}",
        crate::report::written::counted(end.entries, "problem"),
        match end.errors {
            0 => String::new(),
            n => format!(", {n} not (said above)"),
        }
    );
    Ok(i32::from(end.errors > 0))
}
