//! The command line: `rules`, `perft`, `solve`, `verify`, `export`, `diagram`,
//! `import`, `dice`, `tablebase`, `repair`, `merge`, `editor`, `reconstruct`, `concordance`.
//!
//! Exit codes: see docs/verify.md "Exit codes" (the rule is written there and coded in
//! `run::exit_code`); a bad usage or input is 2 (clap's own code for usage errors).

pub mod concordance;
pub mod diagram;
pub mod dice;
pub mod editor;
pub mod export;
pub mod import;
pub mod interrupt;
pub mod jobs;
pub mod merge;
pub mod parallel;
pub mod perft;
pub mod progress;
pub mod reconstruct;
pub mod repair;
pub mod rules;
pub mod solve;
pub mod tablebase;
pub mod verify;
pub mod workers;

use anyhow::Result;
use clap::{Parser, Subcommand};
use perft::PerftArgs;

/// Verify or refute historical chess problems under the rules of their own time.
#[derive(Parser, Debug)]
#[command(name = "mansuba", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Memory budget in GiB for everything that grows with the input (tables, searches);
    /// what would not fit is refused up front or ends as `unknown`. Default: three
    /// quarters of the machine's memory, at most 8 GiB; at most the machine's memory.
    #[arg(long, global = true, value_name = "GIB", value_parser = crate::batch::bounds::memory_gib)]
    pub max_memory_gib: Option<f64>,
    /// A folder from which problem files may also read the rules files they name (by
    /// default only from beside the problem file or below its folder); may be repeated.
    #[arg(long, global = true, value_name = "DIR")]
    pub rules_dir: Vec<std::path::PathBuf>,
    /// Let links inside a folder given (`verify DIR`, `concordance DIR`) lead outside it:
    /// by default such a link is refused, as a rules file outside a problem's folder is.
    #[arg(long, global = true)]
    pub follow_links: bool,
    /// Write every CSV cell as it is. By default a cell a spreadsheet would read as a
    /// formula (one starting with `=`, `+`, `-`, `@`, a tab or a carriage return, unless
    /// it is a plain number) gets a `'` before it (docs/exports.md).
    #[arg(long, global = true)]
    pub raw_csv: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rule presets, or print every knob of one.
    Rules {
        /// A preset name or a rules file (.toml); without it, list the presets.
        name: Option<String>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal move tree (tests the move generator).
    Perft(PerftArgs),
    /// Solve one problem file (or one problem of it).
    Solve(solve::SolveArgs),
    /// Verify every problem in files or directories; summary, CSV, JSON.
    Verify(verify::VerifyArgs),
    /// Write the solutions' lines of play as CSV.
    Export(export::ExportArgs),
    /// Read Popeye input, piece lists or EPD lines into problem-file entries.
    Import(import::ImportArgs),
    /// Draw a problem's position (or a FEN) as an SVG diagram.
    Diagram(diagram::DiagramArgs),
    /// Chances of a position played with dice, the best move for each throw.
    Dice(dice::DiceArgs),
    /// Retrograde tables: build, probe, stats.
    Tablebase(tablebase::TablebaseArgs),
    /// The smallest edits that make an unsound, cooked or wrongly claimed problem sound.
    Repair(repair::RepairArgs),
    /// Which problems of collections are one position up to symmetry, or near variants.
    Concordance(concordance::ConcordanceArgs),
    /// Fill the illegible squares of a problem every way the rules allow; the fillings
    /// under which it is sound, ranked.
    Reconstruct(reconstruct::ReconstructArgs),
    /// Put the shards of `verify --shard K/N` or `repair --shard K/N` together: what one run writes.
    Merge(merge::MergeArgs),
    /// Write the position editor: a page that sets up a position under any preset by
    /// clicking, and gives its FEN and a problem block for `mansuba solve`.
    Editor(editor::EditorArgs),
}

/// Runs the command line; returns the process exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let res = run(cli);
    match res {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", crate::report::shown::error_said(e.as_ref()));
            2
        }
    }
}

/// `--rules-dir`, as the command line was given it.
static RULES_DIRS: std::sync::OnceLock<crate::board::rules::RulesDirs> = std::sync::OnceLock::new();

/// The folders besides its own a problem file may name rules files in (`--rules-dir`),
/// and the run's record of the files read (within `--max-memory-gib`).
pub(crate) fn rules_dirs() -> crate::board::rules::RulesDirs {
    RULES_DIRS.get().cloned().unwrap_or_default()
}

/// The memory budget of this run (`--max-memory-gib`, or the machine's default).
pub(crate) fn budget() -> crate::memory::Budget {
    rules_dirs().reads().budget()
}

/// The compiled rules of a command: none yet, problem files' rules files read as
/// `--rules-dir` allows.
pub(crate) fn engines() -> crate::problem::Engines {
    crate::problem::Engines::allowing(rules_dirs())
}

/// A run's note or warning, a whole line, on standard error.
pub(crate) fn say(line: &str) {
    eprintln!("{line}");
}

/// `--raw-csv`, as the command line was given it.
static RAW_CSV: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// How this run writes a CSV's cells: `bom` as its command asks, raw under `--raw-csv`.
pub(crate) fn cells(bom: bool) -> crate::report::cells::Cells {
    crate::report::cells::Cells {
        bom,
        raw: RAW_CSV.load(std::sync::atomic::Ordering::Relaxed),
    }
}

fn run(cli: Cli) -> Result<i32> {
    let budget = cli.max_memory_gib.map(crate::memory::Budget::of_gib);
    let reads = crate::files::Reads::within(budget.unwrap_or_default());
    let _ = RULES_DIRS.set(crate::board::rules::RulesDirs::allow(
        &cli.rules_dir,
        &reads,
    )?);
    workers::allow_links_out(cli.follow_links);
    RAW_CSV.store(cli.raw_csv, std::sync::atomic::Ordering::Relaxed);
    crate::files::temps::remove_on_termination();
    match cli.command {
        Command::Rules { name, json } => rules::cmd_rules(name, json),
        Command::Perft(a) => perft::cmd_perft(a),
        Command::Solve(a) => solve::cmd_solve(a),
        Command::Verify(a) => verify::cmd_verify(a),
        Command::Export(a) => export::cmd_export(a),
        Command::Import(a) => import::cmd_import(a),
        Command::Diagram(a) => diagram::cmd_diagram(a),
        Command::Dice(a) => dice::cmd_dice(a),
        Command::Tablebase(a) => tablebase::cmd_tablebase(a),
        Command::Repair(a) => repair::cmd_repair(a),
        Command::Merge(a) => merge::cmd_merge(a),
        Command::Editor(a) => editor::cmd_editor(a),
        Command::Concordance(a) => concordance::cmd_concordance(a),
        Command::Reconstruct(a) => reconstruct::cmd_reconstruct(a),
    }
}
