//! The retrograde tables of `tablebase` in words: a build's report, a table's counts, a
//! plan and a probed position, each as text (every line ended) or as JSON.

use super::written::written;
use crate::board::outcome::Outcome;
use crate::retro::by_name::{PlanStep, Probed};
use crate::retro::{moves_of_plies, BuildReport, Stats, Value};
use std::fmt::Write;

/// A probed position: its value, the distance and the line of best play.
pub fn probe_text(p: &Probed) -> String {
    let (side, plies) = (p.side_to_move, p.plies);
    let moves = moves_of_plies(plies);
    written(|out| {
        match p.value {
            Value::Draw => writeln!(out, "{side} to move: draw")?,
            Value::Win => writeln!(out, "{side} to move wins in {moves} moves ({plies} plies)")?,
            Value::Loss => writeln!(
                out,
                "{side} to move loses in {plies} plies (the opponent wins in {} moves)",
                plies / 2
            )?,
        }
        if !p.line.is_empty() {
            writeln!(out, "line: {}", p.line_text)?;
        }
        match p.end {
            Outcome::Ongoing => writeln!(out, "(line shortened)"),
            _ => writeln!(out, "end: {}", p.end.describe()),
        }
    })
}

/// A probed position as one pretty-printed JSON object.
pub fn probe_json(p: &Probed) -> serde_json::Result<String> {
    let o = serde_json::json!({
        "rules": p.rules,
        "fen": p.fen,
        "side_to_move": p.side_to_move,
        "value": p.value.name(),
        "plies": p.plies,
        "moves": moves_of_plies(p.plies),
        "line": p.line,
        "line_text": p.line_text,
        "end": p.end.describe(),
    });
    serde_json::to_string_pretty(&o)
}

/// A build: one line per table, then the total time (`seconds`, measured by the caller)
/// and the estimated peak memory.
pub fn build_text(report: &BuildReport, seconds: f64) -> String {
    written(|out| {
        for r in &report.tables {
            writeln!(
                out,
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
            )?;
        }
        writeln!(
            out,
            "total {seconds:.2}s, estimated peak memory {:.1} MiB",
            report.estimated_bytes as f64 / (1u64 << 20) as f64
        )
    })
}

/// A share in percent (0 of nothing).
fn pct(x: u64, of: u64) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * x as f64 / of as f64
    }
}

/// A table's wins, draws and losses per side to move, and its longest win.
pub fn stats_text(s: &Stats) -> String {
    written(|out| {
        writeln!(
            out,
            "{} under {}: {} entries",
            s.material, s.rules, s.entries
        )?;
        for (name, x) in [
            ("White to move", s.white_to_move),
            ("Black to move", s.black_to_move),
        ] {
            writeln!(
                out,
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
            )?;
        }
        writeln!(
            out,
            "White wins {:.2} % with White to move, {:.2} % with Black to move",
            s.white_wins_wtm_percent, s.white_wins_btm_percent
        )?;
        writeln!(
            out,
            "longest win: {} moves ({} plies){}",
            s.longest_win,
            s.longest_win_plies,
            s.longest_win_fen
                .as_deref()
                .map(|f| format!(", e.g. {f}"))
                .unwrap_or_default()
        )
    })
}

/// A plan: `MATERIAL: NEEDS...` per line, in build order.
pub fn plan_text(steps: &[PlanStep]) -> String {
    written(|out| {
        for s in steps {
            if s.needs.is_empty() {
                writeln!(out, "{}:", s.material)?;
            } else {
                writeln!(out, "{}: {}", s.material, s.needs.join(" "))?;
            }
        }
        Ok(())
    })
}
