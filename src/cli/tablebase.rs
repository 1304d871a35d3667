//! `tablebase build | probe | plan | stats`: retrograde tables from the command line.
use crate::board::rules::Rules;
use crate::report::tables as out;
use crate::retro::{by_name, BuildOptions};
use anyhow::Result;
use std::path::{Path, PathBuf};

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
    match a.cmd {
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
            by_name::table_folder(&dir).map_err(|e| anyhow::anyhow!("--dir {e}"))?;
            if Rules::resolve(&rules, None)?.dice.is_some() {
                return crate::cli::dice_tables::tablebase_build(&rules, &material, &dir, json);
            }
            let opts = BuildOptions {
                symmetry: !no_symmetry,
                max_bytes: crate::memory::limit(),
                force,
            };
            build(&rules, &material, &dir, &opts, json)
        }
        TablebaseCommand::Probe {
            rules,
            dir,
            fen,
            max_line,
            json,
        } => {
            if Rules::resolve(&rules, None)?.dice.is_some() {
                return crate::cli::dice::cmd_dice(crate::cli::dice::DiceArgs {
                    fen,
                    rules,
                    turns: None,
                    objective: "score".into(),
                    simulate: None,
                    seed: 1,
                    max_nodes: 0,
                    timeout: 0.0,
                    tables: Some(dir),
                    json,
                });
            }
            probe(&rules, &dir, &fen, max_line, json)
        }
        TablebaseCommand::Plan {
            rules,
            materials,
            json,
        } => plan(&rules, &materials, json),
        TablebaseCommand::Stats {
            rules,
            material,
            dir,
            json,
        } => {
            if Rules::resolve(&rules, None)?.dice.is_some() {
                return crate::cli::dice_tables::tablebase_stats(&rules, &material, &dir, json);
            }
            stats(&rules, &material, &dir, json)
        }
    }
}

/// `tablebase plan`: `MATERIAL: NEEDS...` per line, or a JSON list (the plan is
/// [`by_name::plan_named`]).
fn plan(rules: &str, materials: &[String], json: bool) -> Result<i32> {
    let steps = by_name::plan_named(rules, materials).map_err(|e| match &e {
        by_name::ByNameError::DicePlan(name) => anyhow::anyhow!("--rules {name}: {e}"),
        _ => anyhow::Error::from(e),
    })?;
    if json {
        println!("{}", serde_json::to_string_pretty(&steps)?);
    } else {
        print!("{}", out::plan_text(&steps));
    }
    Ok(0)
}

/// `tablebase probe`: the value, the distance and a line of best play.
fn probe(rules: &str, dir: &Path, fen: &str, max_line: usize, json: bool) -> Result<i32> {
    let p = by_name::probe_named(rules, dir, fen, max_line)?;
    if json {
        println!("{}", out::probe_json(&p)?);
    } else {
        print!("{}", out::probe_text(&p));
    }
    Ok(0)
}

/// `tablebase build`: a table and every smaller one it needs.
fn build(rules: &str, material: &str, dir: &Path, opts: &BuildOptions, json: bool) -> Result<i32> {
    let bar = super::progress::bar(0, "");
    let cb = |name: &str, phase: &str, done: u64, total: u64| {
        if let Some(b) = &bar {
            if total > 0 {
                b.set_length(total);
                b.set_position(done);
            } else {
                b.set_position(b.length().unwrap_or(0));
            }
            if phase == "level" {
                b.set_message(format!("{name}: level {done}"));
            } else {
                b.set_message(format!("{name}: {phase}"));
            }
        }
    };
    let t = std::time::Instant::now();
    let report = by_name::build_named(rules, material, dir, opts, &cb)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    for n in &report.notes {
        eprintln!("warning: {n}");
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", out::build_text(&report, t.elapsed().as_secs_f64()));
    }
    Ok(0)
}

/// `tablebase stats`: wins, draws and losses per side to move, and the longest win.
fn stats(rules: &str, material: &str, dir: &Path, json: bool) -> Result<i32> {
    let s = by_name::stats_named(rules, material, dir)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&s)?);
    } else {
        print!("{}", out::stats_text(&s));
    }
    Ok(0)
}
