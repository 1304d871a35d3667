//! `tablebase build | probe | plan | stats`: retrograde tables (chance tables under dice
//! rules) from the command line; the library runs and words each
//! ([`crate::report::tables_asked`]), and it is printed here, with a bar on a terminal
//! while a table is built (the retrograde steps, or the chance tables' sweeps).
use crate::report::tables_asked::{self as asked, BuildWatch};
use crate::retro::BuildOptions;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `tablebase`.
#[derive(clap::Args, Debug)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    pub cmd: TablebaseCommand,
}

/// The `tablebase` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum TablebaseCommand {
    /// Build the table of a material (e.g. KRKQ: king and rook against king and ferz in
    /// shatranj letters) and every smaller table it needs; valid files already there are used.
    Build {
        /// Rule preset or rules file.
        #[arg(long, default_value = "shatranj")]
        rules: String,
        /// Material: the first K starts White's men, the second Black's.
        material: String,
        /// Directory of the table files.
        #[arg(long)]
        dir: PathBuf,
        /// Index every square of the white king (no board symmetry).
        #[arg(long)]
        no_symmetry: bool,
        /// Rebuild even when valid files exist.
        #[arg(long)]
        force: bool,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Value, distance and a line of best play of a position.
    Probe {
        /// Rule preset or rules file.
        #[arg(long, default_value = "shatranj")]
        rules: String,
        /// Directory of the table files.
        #[arg(long)]
        dir: PathBuf,
        /// The position (FEN in the rules' letters).
        fen: String,
        /// Longest line to print, in plies.
        #[arg(long, default_value_t = 400)]
        max_line: usize,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The tables to build for materials, one line each in build order (`KRKF: KRK KFK`:
    /// the materials its moves lead to, whose tables it reads, come first): for building
    /// a family one material per job (scripts/slurm/tables.sh).
    Plan {
        /// Rule preset or rules file.
        #[arg(long, default_value = "shatranj")]
        rules: String,
        /// Materials: the first K starts White's men, the second Black's.
        #[arg(required = true)]
        materials: Vec<String>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Wins, draws and losses per side to move, and the longest win.
    Stats {
        /// Rule preset or rules file.
        #[arg(long, default_value = "shatranj")]
        rules: String,
        /// Material.
        material: String,
        /// Directory of the table files.
        #[arg(long)]
        dir: PathBuf,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `tablebase`.
pub fn cmd_tablebase(a: TablebaseArgs) -> Result<i32> {
    let shown = super::progress::dice_watch(crate::dice::TOLERANCE);
    let watch = BuildWatch {
        retro: super::progress::bars(),
        dice: shown.as_ref(),
        cancel: &|| Some(super::interrupt::cancel_flag()),
        reads: super::rules_dirs().reads().clone(),
    };
    let text = match a.cmd {
        TablebaseCommand::Build {
            rules,
            material,
            dir,
            no_symmetry,
            force,
            threads,
            json,
        } => {
            crate::batch::threads::set_threads(threads)?;
            let opts = BuildOptions {
                symmetry: !no_symmetry,
                force,
                reads: watch.reads.clone(),
            };
            let built = asked::built((&rules, &dir), &material, &opts, json, &watch)?;
            for n in &built.notes {
                eprintln!("warning: {n}");
            }
            built.text
        }
        TablebaseCommand::Probe {
            rules,
            dir,
            fen,
            max_line,
            json,
        } => asked::probed((&rules, &dir), &fen, (max_line, json), &watch)?,
        TablebaseCommand::Plan {
            rules,
            materials,
            json,
        } => asked::planned(&rules, &materials, json)?,
        TablebaseCommand::Stats {
            rules,
            material,
            dir,
            json,
        } => asked::stats((&rules, &dir), &material, json, &watch.reads)?,
    };
    print!("{text}");
    Ok(0)
}
