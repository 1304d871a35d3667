//! The repairs of a problem written out: readable text, a JSON object (`repairs`, each
//! with `edits`, `fen`, `keys`, `kind`), CSV rows (the edition's compact block is
//! [`super::edition::repairs`]).

use crate::repair::spelled::joined;
use crate::repair::RepairReport;
use crate::solve::word::Verdict;
use serde_json::json;

/// The CSV columns of `repair`, in order.
pub const REPAIR_COLUMNS: &[&str] = &[
    "problem",
    "candidate",
    "edits",
    "kind",
    "fen",
    "keys",
    "disturbance",
];

/// The counts and the time in one line.
pub fn counts_line(r: &RepairReport) -> String {
    let c = &r.counts;
    let shard = if r.shard == crate::batch::Shard::ALL.to_string() {
        String::new()
    } else {
        format!(" (shard {}: {})", r.shard, c.in_shard)
    };
    let not_run = if c.not_run > 0 {
        format!(", not run {} (stopped: {})", c.not_run, c.stopped)
    } else {
        String::new()
    };
    format!(
        "candidates {}{shard}, prefiltered {} ({} by reading the claim), solved {}, unknown {}, repairs {}{not_run}, time {:.2} s",
        c.candidates,
        c.prefiltered,
        c.claim_unreadable,
        c.solved,
        c.unknown,
        c.repairs,
        c.millis as f64 / 1000.0
    )
}

/// The readable report of one problem's repairs.
pub fn text(id: &str, location: &str, r: &RepairReport) -> String {
    let o = &r.original;
    let mut s = format!(
        "{}  ({})\noriginal    {}\n",
        super::shown::shown_id(id),
        super::shown::shown(location),
        o.verdict.word()
    );
    if o.verdict == Verdict::Sound {
        s.push_str("nothing to repair\n");
        return s;
    }
    if o.keys.len() > 1 {
        s.push_str(&format!("cook        keys {}\n", o.keys.join(" ")));
    }
    if let Some(rf) = &o.refutation {
        let rf = super::text::numbered_refutation(rf, &o.fen);
        s.push_str(&format!("refutation  {rf}\n"));
    }
    if !o.claim.is_empty() {
        s.push_str(&format!("claim       {}\n", o.claim));
    }
    s.push_str(&format!("searched    {}\n", counts_line(r)));
    if r.repairs.is_empty() {
        s.push_str("repairs     none within the edits allowed\n");
    }
    for (i, p) in r.repairs.iter().enumerate() {
        s.push_str(&format!(
            "{:>3}. {}  [{}]\n     fen  {}\n     keys {}\n",
            i + 1,
            joined(&p.edits, "; "),
            p.kind,
            p.fen,
            p.keys.join(" ")
        ));
    }
    for u in &r.unknown {
        s.push_str(&format!(
            "  unknown: {} ({}): {}\n",
            joined(&u.edits, "; "),
            u.fen,
            u.limit
        ));
    }
    s
}

/// One problem's repairs as a JSON object.
pub fn json(id: &str, r: &RepairReport) -> String {
    json!({
        "problem": id,
        "original": r.original,
        "shard": r.shard,
        "counts": r.counts,
        "repairs": r.repairs,
        "unknown": r.unknown,
    })
    .to_string()
}

/// One CSV row per repair.
pub fn csv_records(id: &str, r: &RepairReport) -> Vec<Vec<String>> {
    r.repairs
        .iter()
        .map(|p| {
            vec![
                id.to_string(),
                p.candidate.to_string(),
                joined(&p.edits, "; "),
                p.kind.to_string(),
                p.fen.clone(),
                p.keys.join(" "),
                p.disturbance.to_string(),
            ]
        })
        .collect()
}
