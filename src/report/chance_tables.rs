//! The chance tables of `tablebase build` and `tablebase stats` under dice rules in
//! words: how each table was built and the files written, or how one was built as its
//! file says; text (every line ended) or one JSON object.

use super::written::written;
use crate::dice::by_name::{NamedTable, NamedTables};
use serde_json::json;
use std::fmt::Write;

/// One table read back, as one JSON object.
pub fn stats_json(t: &NamedTable) -> String {
    let f = &t.figures;
    json!({"rules": t.rules.name, "dice": t.dice.describe(), "material": f.material,
        "entries": f.entries, "positions": f.positions, "sweeps": f.iterations,
        "residual": f.residual, "error_bound": f.error_bound,
        "deflations": f.deflations, "seconds": f.seconds})
    .to_string()
}

/// One table read back, as one line of text.
pub fn stats_text(t: &NamedTable) -> String {
    let f = &t.figures;
    written(|out| {
        writeln!(
            out,
            "{} under {} ({}): chance table, {} entries, {} positions; built in {} sweep{} \
             (last change {:.1e}), {:.2} s; every score (win - loss) certified within {:.1e}",
            f.material,
            t.rules.name,
            t.dice.describe(),
            f.entries,
            f.positions,
            f.iterations,
            if f.iterations == 1 { "" } else { "s" },
            f.residual,
            f.seconds,
            f.error_bound
        )
    })
}

/// A build, as one JSON object (`seconds`: the whole build's time, measured by the caller).
pub fn build_json(t: &NamedTables, seconds: f64) -> String {
    json!({"rules": t.rules.name, "dice": t.dice.describe(), "tables": t.figures, "files": t.files, "seconds": seconds})
        .to_string()
}

/// A build, as text: the rules and die, a line per table, a line per file written.
pub fn build_text(t: &NamedTables) -> String {
    written(|out| {
        writeln!(out, "{}: {}", t.rules.name, t.dice.describe())?;
        for f in &t.figures {
            writeln!(
                out,
                "{:<8} {:>10} positions  {:>6} sweeps (last change {:.1e}, error within {:.1e})  {:>7.1} MiB  {:>7.2}s  White wins on average {:.4} (White to move), {:.4} (Black to move)",
                f.material, f.positions, f.iterations, f.residual, f.error_bound,
                f.bytes as f64 / (1u64 << 20) as f64, f.seconds, f.mean_white_win, f.mean_white_win_black_to_move
            )?;
        }
        for p in &t.files {
            writeln!(out, "wrote {}", p.display())?;
        }
        Ok(())
    })
}
