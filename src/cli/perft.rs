//! `mansuba perft`: counting the leaves of the legal move tree.

use super::workers::set_threads;
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::board::rules::Rules;
use crate::dice::perft::RollPerftError;
use crate::notation::coord;
use crate::with_engine;
use anyhow::{bail, Context, Result};
use serde_json::json;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Rule preset or rules file.
    #[arg(long, default_value = "shatranj")]
    pub rules: String,
    /// Position (FEN in the preset's letters); default: the preset's starting array.
    #[arg(long)]
    pub fen: Option<String>,
    /// Depth in plies, 0 to 64.
    #[arg(long, value_parser = super::bounds::perft_depth)]
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

pub fn cmd_perft(a: PerftArgs) -> Result<i32> {
    set_threads(a.threads)?;
    let rules = Rules::resolve(&a.rules, None)?;
    let any = AnyEngine::new(rules)?;
    with_engine!(&any, e => {
        let pos = match &a.fen {
            Some(f) => Position::from_fen(e.clone(), f).with_context(|| format!("bad --fen '{f}'"))?,
            None => Position::start(e.clone()).context("the preset's starting array")?,
        };
        if let Some(roll) = &a.roll {
            return perft_by_roll(&pos, a.depth, roll, a.divide, a.json);
        }
        let t = std::time::Instant::now();
        let (nodes, rows) = if a.divide {
            crate::board::perft::divide_named(&pos, a.depth, |m| coord(&pos, m))
        } else {
            (crate::board::perft::perft_parallel(&pos, a.depth), vec![])
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

/// `perft --roll`: perft whose first ply moves only men the throw names.
pub fn perft_by_roll<B: Bits>(
    pos: &Position<B>,
    depth: u32,
    roll: &str,
    divide: bool,
    as_json: bool,
) -> Result<i32> {
    let counts = match crate::dice::perft::perft_by_roll(pos, depth, roll) {
        Err(e @ RollPerftError::NoDice(_)) => bail!("--roll: {e}"),
        Err(RollPerftError::NoPly) => bail!("--roll needs --depth 1 or more"),
        r => r?,
    };
    let mut out = vec![];
    for c in &counts {
        out.push(json!({
            "roll": c.label, "kinds": c.kinds,
            "moves": c.rows.len(), "nodes": c.nodes,
            "divide": c.rows.iter().map(|(m, n)| (m.clone(), json!(n))).collect::<serde_json::Map<_, _>>(),
        }));
        if !as_json {
            if divide {
                for (m, n) in &c.rows {
                    println!("{m}: {n}");
                }
            }
            println!(
                "roll {:>5}  {:<24} {:>3} moves  nodes {}  depth {depth}",
                c.label,
                c.kinds,
                c.rows.len(),
                c.nodes
            );
        }
    }
    if as_json {
        let rules = &pos.eng.rules;
        println!(
            "{}",
            json!({"rules": rules.name, "fen": pos.to_fen(), "depth": depth, "rolls": out})
        );
    }
    Ok(0)
}
