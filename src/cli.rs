//! The command line: `rules`, `perft`, `solve`, `verify`, `export`, `diagram`,
//! `dice`, `tablebase`.
//!
//! Exit codes: 0 success; 1 some problem could not be analysed or a check failed
//! (`verify`: an `error` row); 2 bad usage or input (clap's own code for usage errors).

use crate::any::AnyEngine;
use crate::position::Position;
use crate::rules::{Rules, PRESETS};
use crate::with_engine;
use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Verify or refute historical chess problems under the rules of their own time.
#[derive(Parser, Debug)]
#[command(name = "mansuba", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
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
    Solve(crate::cli_solve::SolveArgs),
    /// Verify every problem in files or directories; summary, CSV, JSON.
    Verify(crate::cli_solve::VerifyArgs),
    /// Write the solutions' lines of play as CSV.
    Export(crate::cli_solve::ExportArgs),
    /// Draw a problem's position (or a FEN) as an SVG diagram.
    Diagram(crate::cli_diagram::DiagramArgs),
    /// Chances of a position played with dice, the best move for each throw.
    Dice(crate::cli_dice::DiceArgs),
    /// Retrograde tables: build, probe, stats.
    Tablebase(crate::cli_tablebase::TablebaseArgs),
}

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Rule preset or rules file.
    #[arg(long, default_value = "shatranj")]
    pub rules: String,
    /// Position (FEN in the preset's letters); default: the preset's starting array.
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Print the count under each root move.
    #[arg(long)]
    pub divide: bool,
    /// Dice rules only: the first ply moves only men the throw names (`3`, `2+5`), or
    /// `all` for one count per throw (which kinds can move, and how much).
    #[arg(long)]
    pub roll: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
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
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}

fn run(cli: Cli) -> Result<i32> {
    match cli.command {
        Command::Rules { name, json } => cmd_rules(name, json),
        Command::Perft(a) => cmd_perft(a),
        Command::Solve(a) => crate::cli_solve::cmd_solve(a),
        Command::Verify(a) => crate::cli_solve::cmd_verify(a),
        Command::Export(a) => crate::cli_solve::cmd_export(a),
        Command::Diagram(a) => crate::cli_diagram::cmd_diagram(a),
        Command::Dice(a) => crate::cli_dice::cmd_dice(a),
        Command::Tablebase(a) => crate::cli_tablebase::cmd_tablebase(a),
    }
}

/// Sets rayon's global pool size (once).
pub fn set_threads(n: Option<usize>) {
    if let Some(n) = n {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global();
    }
}

fn cmd_rules(name: Option<String>, json: bool) -> Result<i32> {
    match name {
        None => {
            if json {
                let all: Vec<_> = PRESETS
                    .iter()
                    .map(|n| {
                        let r = Rules::preset(n).expect("preset");
                        serde_json::json!({"name": n, "summary": r.summary, "board": format!("{}x{}", r.width, r.height)})
                    })
                    .collect();
                println!("{}", serde_json::to_string_pretty(&all)?);
            } else {
                for n in PRESETS {
                    let r = Rules::preset(n).expect("preset");
                    println!(
                        "{:<15} {:>5}  {}",
                        n,
                        format!("{}x{}", r.width, r.height),
                        r.summary
                    );
                }
            }
        }
        Some(n) => {
            let r = Rules::resolve(&n, None)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&r)?);
            } else {
                print!("{}", r.describe());
            }
        }
    }
    Ok(0)
}

fn cmd_perft(a: PerftArgs) -> Result<i32> {
    set_threads(a.threads);
    let rules = Rules::resolve(&a.rules, None)?;
    let any = AnyEngine::new(rules)?;
    with_engine!(&any, e => {
        let pos = match &a.fen {
            Some(f) => Position::from_fen(e.clone(), f).with_context(|| format!("bad --fen '{f}'"))?,
            None => Position::start(e.clone()).context("the preset's starting array")?,
        };
        if let Some(roll) = &a.roll {
            return crate::cli_dice::perft_by_roll(&pos, a.depth, roll, a.divide, a.json);
        }
        let t = std::time::Instant::now();
        let (nodes, rows) = if a.divide {
            let mut rows = crate::perft::divide(&pos, a.depth);
            let names: Vec<String> = rows.iter().map(|(m, _)| crate::notation::coord(&pos, m)).collect();
            let mut v: Vec<(String, u64)> = names.into_iter().zip(rows.drain(..).map(|r| r.1)).collect();
            v.sort();
            (v.iter().map(|x| x.1).sum(), v)
        } else {
            (crate::perft::perft_parallel(&pos, a.depth), vec![])
        };
        let millis = t.elapsed().as_millis() as u64;
        let nps = (nodes * 1000).checked_div(millis).unwrap_or(0);
        if a.json {
            let div: serde_json::Map<String, serde_json::Value> =
                rows.iter().map(|(m, n)| (m.clone(), serde_json::json!(n))).collect();
            let mut o = serde_json::json!({
                "rules": any.rules().name, "fen": pos.to_fen(), "depth": a.depth,
                "nodes": nodes, "millis": millis, "nodes_per_second": nps,
            });
            if a.divide {
                o["divide"] = serde_json::Value::Object(div);
            }
            println!("{o}");
        } else {
            for (m, n) in &rows {
                println!("{m}: {n}");
            }
            if a.divide {
                println!();
            }
            println!("nodes {nodes}  depth {}  time {:.3}s  {:.1} M nodes/s", a.depth, millis as f64 / 1000.0, nps as f64 / 1e6);
        }
    });
    Ok(0)
}

/// Reads a path list into the problem files it names (directories searched for *.toml).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = vec![];
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let mut entries: Vec<_> = std::fs::read_dir(&d)
                    .with_context(|| format!("cannot read directory {}", d.display()))?
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .collect();
                entries.sort();
                for e in entries {
                    if e.is_dir() {
                        stack.push(e);
                    } else if e.extension().is_some_and(|x| x == "toml") {
                        out.push(e);
                    }
                }
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            anyhow::bail!("no such file or directory: {}", p.display());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}
