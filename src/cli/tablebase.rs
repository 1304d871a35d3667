//! `tablebase build | probe | plan | stats`: retrograde tables from the command line.
use crate::board::rules::Rules;
use crate::retro::{self, by_name, BuildOptions, Value};
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
            crate::cli::workers::set_threads(threads)?;
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
        } => super::tablebase_plan::plan(&rules, &materials, json),
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

fn pct(x: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * x as f64 / of as f64
    }
}

/// `tablebase probe`: the value, the distance and a line of best play.
fn probe(rules: &str, dir: &Path, fen: &str, max_line: usize, json: bool) -> Result<i32> {
    let p = by_name::probe_named(rules, dir, fen, max_line)?;
    let (side, plies) = (p.side_to_move, p.plies);
    let moves = retro::moves_of_plies(plies);
    if json {
        let o = serde_json::json!({
            "rules": p.rules,
            "fen": p.fen,
            "side_to_move": side,
            "value": p.value.name(),
            "plies": plies,
            "moves": moves,
            "line": p.line,
            "line_text": p.line_text,
            "end": p.end.describe(),
        });
        println!("{}", serde_json::to_string_pretty(&o)?);
    } else {
        match p.value {
            Value::Draw => println!("{side} to move: draw"),
            Value::Win => println!("{side} to move wins in {moves} moves ({plies} plies)"),
            Value::Loss => println!(
                "{side} to move loses in {plies} plies (the opponent wins in {} moves)",
                plies / 2
            ),
        }
        if !p.line.is_empty() {
            println!("line: {}", p.line_text);
        }
        match p.end {
            crate::board::outcome::Outcome::Ongoing => println!("(line shortened)"),
            _ => println!("end: {}", p.end.describe()),
        }
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
        for r in &report.tables {
            println!(
                "{:<10} {:>12} entries  symmetry {}  {}  {:.2}s{}  {}",
                r.material,
                r.entries,
                r.symmetry,
                if r.built { "built " } else { "loaded" },
                r.seconds,
                if r.built {
                    format!("  {} levels", r.levels)
                } else {
                    String::new()
                },
                r.path.display()
            );
        }
        println!(
            "total {:.2}s, estimated peak memory {:.1} MiB",
            t.elapsed().as_secs_f64(),
            report.estimated_bytes as f64 / (1u64 << 20) as f64
        );
    }
    Ok(0)
}

/// `tablebase stats`: wins, draws and losses per side to move, and the longest win.
fn stats(rules: &str, material: &str, dir: &Path, json: bool) -> Result<i32> {
    let s = by_name::stats_named(rules, material, dir)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&s)?);
    } else {
        println!("{} under {}: {} entries", s.material, s.rules, s.entries);
        for (name, x) in [
            ("White to move", s.white_to_move),
            ("Black to move", s.black_to_move),
        ] {
            println!(
                "{name}: {} legal positions; side to move wins {} ({:.2} %), draws {} ({:.2} %), loses {} ({:.2} %); longest win {} plies, longest loss {} plies",
                x.legal,
                x.wins,
                pct(x.wins, x.legal),
                x.draws,
                pct(x.draws, x.legal),
                x.losses,
                pct(x.losses, x.legal),
                x.longest_win_plies,
                x.longest_loss_plies
            );
        }
        println!(
            "White wins {:.2} % with White to move, {:.2} % with Black to move",
            s.white_wins_wtm_percent, s.white_wins_btm_percent
        );
        println!(
            "longest win: {} moves ({} plies){}",
            s.longest_win,
            s.longest_win_plies,
            s.longest_win_fen
                .as_deref()
                .map(|f| format!(", e.g. {f}"))
                .unwrap_or_default()
        );
    }
    Ok(0)
}
