//! The rule presets of `mansuba rules` in words: one line each (name, board, summary), or
//! a JSON list.

use super::written::written;
use crate::board::presets::PRESETS;
use crate::board::rules::Rules;
use std::fmt::Write;

/// Every preset with its rules (a name of `PRESETS` is always a preset).
fn presets() -> impl Iterator<Item = (&'static str, Rules)> {
    PRESETS
        .iter()
        .filter_map(|n| Rules::preset(n).ok().map(|r| (*n, r)))
}

/// The presets as a pretty-printed JSON list of name, summary and board.
pub fn json() -> serde_json::Result<String> {
    let all: Vec<_> = presets()
        .map(|(n, r)| {
            serde_json::json!({"name": n, "summary": r.summary, "board": format!("{}x{}", r.width, r.height)})
        })
        .collect();
    serde_json::to_string_pretty(&all)
}

/// The presets, a line each: the name, the board, the summary.
pub fn text() -> String {
    let w = PRESETS.iter().map(|n| n.len()).max().unwrap_or(0);
    written(|out| {
        for (n, r) in presets() {
            writeln!(
                out,
                "{:<w$} {:>5}  {}",
                n,
                format!("{}x{}", r.width, r.height),
                r.summary
            )?;
        }
        Ok(())
    })
}
