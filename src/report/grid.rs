//! `verify --all-rules`: each problem under every rule set, side by side — a problem ×
//! rule-set grid as text, CSV records, one JSON object per problem, and the table of the
//! edition's problem section.
//!
//! A cell is a verdict, or a rule set the problem was not carried over to (its board,
//! a kind of man it lacks, a condition it cannot meet) with the reason.

use super::shown::{shown, shown_id};
use super::{csv_record, json_row, xml_escape as esc, Row, Verdict, CSV_COLUMNS};
use crate::board::presets::PRESETS;
use serde_json::json;
use std::fmt::Write as _;

/// A rule set a problem was not carried over to, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Skip {
    /// The rule set.
    pub rules: String,
    /// Why (a sentence naming the rule set).
    pub reason: String,
}

/// One problem's results: its rows (its own rules first) and the rule sets skipped. A
/// problem that could not be read is a group of its one error row.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Group {
    /// The rows that ran, own rules first.
    pub rows: Vec<Row>,
    /// The rule sets not tried, with the reasons.
    pub skipped: Vec<Skip>,
}

/// One cell of the grid.
pub enum Cell<'a> {
    /// The problem ran under the column's rules.
    Ran(&'a Row),
    /// It was not carried over.
    Skipped(&'a Skip),
    /// Nothing for this column (a problem that could not be read).
    Empty,
}

impl Group {
    /// The cell of a column.
    pub fn cell(&self, rules: &str) -> Cell<'_> {
        if let Some(r) = self.rows.iter().find(|r| r.rules == rules) {
            return Cell::Ran(r);
        }
        match self.skipped.iter().find(|s| s.rules == rules) {
            Some(s) => Cell::Skipped(s),
            None => Cell::Empty,
        }
    }

    /// The problem's own rules (the first row's).
    pub fn own(&self) -> Option<&Row> {
        self.rows.first()
    }
}

/// The grid's columns: every preset in `mansuba rules` order, then any other rule set a
/// problem ran under (a problem's own rules file).
pub fn columns(groups: &[Group]) -> Vec<String> {
    let mut cols: Vec<String> = PRESETS.iter().map(|s| s.to_string()).collect();
    for g in groups {
        for r in &g.rows {
            if !r.rules.is_empty() && !cols.contains(&r.rules) {
                cols.push(r.rules.clone());
            }
        }
    }
    cols
}

/// Column headings of at most five letters, made unique with a digit.
fn headings(cols: &[String]) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for c in cols {
        let base: String = c
            .rsplit('/')
            .next()
            .unwrap_or(c)
            .trim_end_matches(".toml")
            .chars()
            .take(5)
            .collect();
        let mut h = base.clone();
        let mut n = 2;
        while out.contains(&h) {
            h = format!("{}{n}", base.chars().take(4).collect::<String>());
            n += 1;
        }
        out.push(h);
    }
    out
}

/// A verdict in at most five letters.
fn short(v: Verdict) -> &'static str {
    match v {
        Verdict::Sound => "sound",
        Verdict::Cooked => "cook",
        Verdict::Unsound => "unsnd",
        Verdict::ClaimWrong => "claim",
        Verdict::Unknown => "unkn",
        Verdict::Error => "error",
    }
}

/// The legend of the cells.
pub const LEGEND: &str = "cells: sound; cook = cooked; unsnd = unsound; claim = claim-wrong; unkn = unknown; error; * = the problem's own rules; -N = not carried over, reason N below; . = not run (another problem's rules file)";

/// The grid as text: one row per problem, one column per rule set, a legend, the column
/// names, and the numbered reasons of the skipped cells.
pub fn text(groups: &[Group]) -> String {
    let cols = columns(groups);
    let heads = headings(&cols);
    let mut reasons: Vec<&str> = vec![];
    let idw = groups
        .iter()
        .filter_map(|g| g.own().map(|r| shown_id(&r.id).chars().count()))
        .max()
        .unwrap_or(2)
        .clamp(2, 28);
    let mut s = format!("{:<idw$} {:<6}", "id", "stip");
    for h in &heads {
        let _ = write!(s, " {h:<6}");
    }
    s = s.trim_end().to_string();
    s.push('\n');
    for g in groups {
        let Some(own) = g.own() else { continue };
        let mut line = format!(
            "{:<idw$} {:<6}",
            if own.id.is_empty() {
                "?".into()
            } else {
                shown_id(&own.id)
            },
            own.stipulation
        );
        for c in &cols {
            let cell = match g.cell(c) {
                Cell::Ran(r) => {
                    let mark = if std::ptr::eq(r, own) { "*" } else { "" };
                    format!("{}{mark}", short(r.verdict))
                }
                Cell::Skipped(sk) => {
                    let n = match reasons.iter().position(|x| *x == sk.reason) {
                        Some(i) => i + 1,
                        None => {
                            reasons.push(&sk.reason);
                            reasons.len()
                        }
                    };
                    format!("-{n}")
                }
                Cell::Empty => ".".into(),
            };
            let _ = write!(line, " {cell:<6}");
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    let _ = writeln!(s, "{LEGEND}");
    let names: Vec<String> = heads
        .iter()
        .zip(&cols)
        .map(|(h, c)| format!("{h} = {c}"))
        .collect();
    let _ = writeln!(s, "columns: {}", names.join(", "));
    if !reasons.is_empty() {
        let _ = writeln!(s, "not carried over:");
        for (i, r) in reasons.iter().enumerate() {
            let _ = writeln!(s, "  -{:<3} {}", i + 1, shown(r));
        }
    }
    s
}

/// The CSV records of a group: one per rule set (presets in order, then its own rules
/// file if it has one), the skipped ones with the verdict `skipped` and the reason in
/// `skipped_reason`.
pub fn csv_records(g: &Group) -> Vec<Vec<String>> {
    let Some(own) = g.own() else { return vec![] };
    columns(std::slice::from_ref(g))
        .iter()
        .filter_map(|c| match g.cell(c) {
            Cell::Ran(r) => Some(csv_record(r)),
            Cell::Skipped(sk) => {
                let mut rec = vec![String::new(); CSV_COLUMNS.len()];
                let mut set = |name: &str, v: String| {
                    if let Some(i) = CSV_COLUMNS.iter().position(|x| *x == name) {
                        rec[i] = v;
                    }
                };
                set("id", own.id.clone());
                set("file", own.file.clone());
                set("line", own.line.map(|l| l.to_string()).unwrap_or_default());
                set("rules", sk.rules.clone());
                set("stipulation", own.stipulation.clone());
                set("verdict", "skipped".into());
                for k in ["source", "published", "expect", "confidence"] {
                    set(k, own.meta_of(k));
                }
                set("skipped_reason", sk.reason.clone());
                Some(rec)
            }
            Cell::Empty => None,
        })
        .collect()
}

/// One JSON object for a problem: what names it, its own rules, and `presets`, one entry
/// per rule set in column order (a row's JSON with `own`, or `verdict: "skipped"` with
/// `skipped_reason`).
pub fn json_group(g: &Group) -> serde_json::Value {
    let Some(own) = g.own() else {
        return json!({});
    };
    let cells: Vec<serde_json::Value> = columns(std::slice::from_ref(g))
        .iter()
        .filter_map(|c| match g.cell(c) {
            Cell::Ran(r) => {
                let mut o = json_row(r, false);
                o["own"] = json!(std::ptr::eq(r, own));
                o["skipped_reason"] = serde_json::Value::Null;
                Some(o)
            }
            Cell::Skipped(sk) => Some(json!({
                "rules": sk.rules,
                "own": false,
                "verdict": "skipped",
                "skipped_reason": sk.reason,
            })),
            Cell::Empty => None,
        })
        .collect();
    let m = |k: &str| Some(own.meta_of(k)).filter(|x| !x.is_empty());
    json!({
        "id": own.id,
        "file": own.file,
        "line": own.line,
        "title": m("title"),
        "source": m("source"),
        "rules": own.rules,
        "stipulation": own.stipulation,
        "verdict": own.verdict.word(),
        "fen": own.analysis().map(|a| a.fen.clone()).or_else(|| m("fen")),
        "presets": cells,
    })
}

/// The table of the problem's section in the edition: every rule set with its verdict,
/// keys, least N and time, or the reason it was not tried.
pub fn html_table(g: &Group) -> String {
    let Some(own) = g.own() else {
        return String::new();
    };
    let mut s = String::from(
        r#"<h3>Under every rule set</h3><table class="grid"><thead><tr><th>rules</th><th>verdict</th><th>keys</th><th>least N</th><th>time</th></tr></thead><tbody>"#,
    );
    for c in &columns(std::slice::from_ref(g)) {
        match g.cell(c) {
            Cell::Ran(r) => {
                let a = r.analysis();
                let rep = a.map(|a| &a.report);
                let own_mark = if std::ptr::eq(r, own) { " (own)" } else { "" };
                let _ = write!(
                    s,
                    r#"<tr><td>{}{own_mark}</td><td><span class="verdict v-{}">{}</span></td><td>{}</td><td>{}</td><td class="num">{:.3} s</td></tr>"#,
                    esc(c),
                    r.verdict.word(),
                    r.verdict.word(),
                    esc(&a.map(|x| x.written.keys.join(", ")).unwrap_or_default()),
                    rep.and_then(|x| x.shortest)
                        .map(|n| n.to_string())
                        .unwrap_or_default(),
                    r.millis as f64 / 1000.0
                );
            }
            Cell::Skipped(sk) => {
                let _ = write!(
                    s,
                    r#"<tr class="skipped"><td>{}</td><td>not tried</td><td colspan="3">{}</td></tr>"#,
                    esc(c),
                    esc(&sk.reason)
                );
            }
            Cell::Empty => {}
        }
    }
    s.push_str("</tbody></table>");
    s
}
