//! A reconstruction written out: readable text, a JSON object (`answers`, each with
//! `rank`, `filling`, `verdict`, `keys`, `fen`), CSV rows (one per answer).

use crate::repair::reconstruct::Reconstruction;
use crate::repair::spelled::joined;
use serde_json::json;

/// The CSV columns of `reconstruct`, in order.
pub const RECONSTRUCT_COLUMNS: &[&str] = &[
    "problem", "rank", "filling", "added", "verdict", "keys", "solution", "fen",
];

/// The readable report of one problem's reconstruction.
pub fn text(id: &str, location: &str, r: &Reconstruction) -> String {
    let c = &r.counts;
    let mut s = format!(
        "{}  ({})\nillegible   {}\nfillings    {} listed, {} refused (illegal or unreachable material), {} legal{}, prefiltered {}, solved {}, unknown {}, answers {}, time {:.2} s\n",
        super::shown::shown_id(id),
        super::shown::shown(location),
        r.unknown.join(" "),
        r.fillings,
        r.refused,
        c.candidates,
        if r.shard == crate::batch::Shard::ALL.to_string() {
            String::new()
        } else {
            format!(" (shard {}: {})", r.shard, c.in_shard)
        },
        c.prefiltered,
        c.solved,
        c.unknown,
        r.answers.len(),
        c.millis as f64 / 1000.0
    );
    if c.not_run > 0 {
        s.push_str(&format!("not run     {} ({})\n", c.not_run, c.stopped));
    }
    for a in &r.answers {
        s.push_str(&format!(
            "  rank {}  {}  [{}; written solution {}]\n     fen  {}\n     keys {}\n",
            a.rank,
            joined(&a.filling, ", "),
            a.verdict.word(),
            a.solution,
            a.fen,
            a.keys.join(" ")
        ));
    }
    if r.answers.is_empty() {
        s.push_str("answers     none: no filling makes the problem sound\n");
        for m in &r.nearest {
            s.push_str(&format!(
                "  nearest  {}: {}\n",
                joined(&m.filling, ", "),
                m.fails
            ));
        }
    }
    for o in &r.open {
        s.push_str(&format!(
            "  unknown: {} ({}): {}\n",
            joined(&o.edits, ", "),
            o.fen,
            o.limit
        ));
    }
    s
}

/// One problem's reconstruction as a JSON object.
pub fn json(id: &str, r: &Reconstruction) -> String {
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    v["problem"] = json!(id);
    v.to_string()
}

/// One CSV row per answer.
pub fn csv_records(id: &str, r: &Reconstruction) -> Vec<Vec<String>> {
    r.answers
        .iter()
        .map(|a| {
            vec![
                id.to_string(),
                a.rank.to_string(),
                joined(&a.filling, "; "),
                a.added.to_string(),
                a.verdict.word().to_string(),
                a.keys.join(" "),
                a.solution.to_string(),
                a.fen.clone(),
            ]
        })
        .collect()
}
