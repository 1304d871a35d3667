//! The counts of `mansuba perft` in words: the leaves of the legal move tree (with the
//! count under each root move, and the speed), or one count per throw under dice rules;
//! text (every line ended) or one JSON object.

use super::written::written;
use crate::dice::perft::RollCount;
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// A perft count: where and how deep it counted, what it found, how long it took.
#[derive(Clone, Debug)]
pub struct Counted<'a> {
    /// The rules' name.
    pub rules: &'a str,
    /// The position counted from.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Leaves counted.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: u64,
    /// The count under each root move, when asked for (`--divide`).
    pub divide: Option<&'a [(String, u64)]>,
}

impl Counted<'_> {
    /// Leaves per second (0 within a millisecond).
    fn per_second(&self) -> u64 {
        (self.nodes * 1000).checked_div(self.millis).unwrap_or(0)
    }
}

/// Root moves and their counts as a JSON object.
fn divide_json(rows: &[(String, u64)]) -> Map<String, Value> {
    rows.iter().map(|(m, n)| (m.clone(), json!(n))).collect()
}

/// A count as one JSON object.
pub fn json(c: &Counted) -> String {
    let mut o = json!({
        "rules": c.rules, "fen": c.fen, "depth": c.depth,
        "nodes": c.nodes, "millis": c.millis, "nodes_per_second": c.per_second(),
    });
    if let Some(rows) = c.divide {
        o["divide"] = Value::Object(divide_json(rows));
    }
    o.to_string()
}

/// A count as text: the root moves' counts (and a blank line) when asked for, then the
/// total, the depth, the time and the speed.
pub fn text(c: &Counted) -> String {
    written(|out| {
        if let Some(rows) = c.divide {
            for (m, n) in rows {
                writeln!(out, "{m}: {n}")?;
            }
            writeln!(out)?;
        }
        writeln!(
            out,
            "nodes {}  depth {}  time {:.3}s  {:.1} M nodes/s",
            c.nodes,
            c.depth,
            c.millis as f64 / 1000.0,
            c.per_second() as f64 / 1e6
        )
    })
}

/// The counts per throw as one JSON object.
pub fn by_roll_json(rules: &str, fen: &str, depth: u32, counts: &[RollCount]) -> String {
    let rolls: Vec<_> = counts
        .iter()
        .map(|c| {
            json!({
                "roll": c.label, "kinds": c.kinds,
                "moves": c.rows.len(), "nodes": c.nodes,
                "divide": divide_json(&c.rows),
            })
        })
        .collect();
    json!({"rules": rules, "fen": fen, "depth": depth, "rolls": rolls}).to_string()
}

/// The counts per throw as text, a line each (after its root moves' counts with
/// `divide`).
pub fn by_roll_text(counts: &[RollCount], depth: u32, divide: bool) -> String {
    written(|out| {
        for c in counts {
            if divide {
                for (m, n) in &c.rows {
                    writeln!(out, "{m}: {n}")?;
                }
            }
            writeln!(
                out,
                "roll {:>5}  {:<24} {:>3} moves  nodes {}  depth {depth}",
                c.label,
                c.kinds,
                c.rows.len(),
                c.nodes
            )?;
        }
        Ok(())
    })
}
