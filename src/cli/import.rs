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
        &crate::files::FileSet::of(&a.files),
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
    let (entries, errors) = import::import_files(&a.files, &opts);
    // An id not written as the input gives it (repeated, or with white space at its
    // ends) is said, not only noted in the output.
    for e in &entries {
        for n in e.notes.iter().filter(|n| n.starts_with(import::ID_CHANGED)) {
            eprintln!("warning: {}", crate::report::shown::said(n));
        }
    }
    // The messages quote the input: escaped for the terminal.
    for e in &errors {
        eprintln!("error: {}", crate::report::shown::said(&e.to_string()));
    }
    if let Some(why) = import::out_file::nothing_written(entries.len(), errors.len(), a.strict) {
        eprintln!("{why}");
        return Ok(2);
    }
    let inputs: Vec<String> = a.files.iter().map(|f| f.display().to_string()).collect();
    let imported = entries.len();
    let at = (a.output.as_deref(), out.as_ref());
    import::out_file::write_imported(entries, &inputs, at, &super::rules_dirs())?;
    eprintln!(
        "{} imported{}",
        crate::report::written::counted(imported, "problem"),
        match errors.len() {
            0 => String::new(),
            n => format!(", {n} not (said above)"),
        }
    );
    Ok(if errors.is_empty() { 0 } else { 1 })
}
