//! Reports: the verdict word, one result row per problem, the readable text of `solve`,
//! indented solution trees, the batch summary, CSV (written atomically) and JSON lines.
//!
//! Verdict precedence (first that applies wins):
//! 1. `error`: the problem could not be analysed (file, key, rules, FEN, condition).
//! 2. `unsound`: proven that no first move forces the stipulation.
//! 3. `claim-wrong`: the manuscript solution was checked and is refuted, illegal or
//!    incomplete (definite even when the search itself hit a limit).
//! 4. `cooked`: more than one key forces the stipulation.
//! 5. `unknown`: a limit stopped the search before it proved solvability or the
//!    uniqueness of the key.
//! 6. `sound`: solvable, a single key (proven unique), the claim (if any) correct.
//!
//! A shorter win than stipulated is not a cook here: it shows in `shortest` and in the
//! claim check's remarks.

use crate::problem::{Problem, ProblemError};
use crate::sides::{Orientation, SideNames};
use crate::solve::{Analysis, ClaimStatus, Solvable, Variation};
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

/// The one-word result of verifying a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Solvable, one key, the claim (if any) correct.
    Sound,
    /// More than one key.
    Cooked,
    /// Not solvable: some defence holds against every try.
    Unsound,
    /// The claimed solution is refuted, illegal or incomplete.
    ClaimWrong,
    /// A limit stopped the search first.
    Unknown,
    /// The problem could not be analysed.
    Error,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 6] = [
        Verdict::Sound,
        Verdict::Cooked,
        Verdict::Unsound,
        Verdict::ClaimWrong,
        Verdict::Unknown,
        Verdict::Error,
    ];

    /// The CSV word.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Cooked => "cooked",
            Verdict::Unsound => "unsound",
            Verdict::ClaimWrong => "claim-wrong",
            Verdict::Unknown => "unknown",
            Verdict::Error => "error",
        }
    }

    /// The verdict of an analysis (see the module doc for the precedence).
    pub fn of(a: &Analysis) -> Verdict {
        let r = &a.report;
        if r.solvable == Solvable::No {
            return Verdict::Unsound;
        }
        if matches!(
            a.claim.status,
            ClaimStatus::Refuted | ClaimStatus::Illegal | ClaimStatus::Incomplete
        ) {
            return Verdict::ClaimWrong;
        }
        if r.solvable == Solvable::Unknown {
            return Verdict::Unknown;
        }
        if r.keys.len() > 1 {
            return Verdict::Cooked;
        }
        if !r.keys_complete {
            return Verdict::Unknown;
        }
        Verdict::Sound
    }
}

/// The result of one problem under one rule set: an analysis or an error.
#[derive(Clone, Debug)]
pub struct Row {
    /// Problem id ("" when a whole file failed).
    pub id: String,
    /// The file, as given on the command line.
    pub file: String,
    /// Line of the problem's table (or of the error).
    pub line: Option<usize>,
    /// Rules it ran under.
    pub rules: String,
    /// Stipulation as written.
    pub stipulation: String,
    /// The problem's metadata, when it was read.
    pub problem: Option<Problem>,
    /// The analysis, when there is one.
    pub analysis: Option<Analysis>,
    /// What went wrong ("file:line: ..."), when the problem could not be analysed.
    pub error: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time for this row (engine set-up included).
    pub millis: u64,
    /// Metadata read from a problem that could not be loaded whole.
    pub meta: BTreeMap<String, String>,
}

impl Row {
    /// A row for an error found while reading or analysing.
    pub fn from_error(e: &ProblemError, problem: Option<&Problem>, rules: &str) -> Row {
        Row {
            id: e.id.clone().unwrap_or_default(),
            file: e.file.display().to_string(),
            line: e.line,
            rules: if rules.is_empty() {
                e.meta.get("rules").cloned().unwrap_or_default()
            } else {
                rules.to_string()
            },
            stipulation: problem
                .map(|p| p.stipulation.to_string())
                .or_else(|| e.meta.get("stipulation").cloned())
                .unwrap_or_default(),
            problem: problem.cloned(),
            meta: e.meta.clone(),
            analysis: None,
            error: Some(e.to_string()),
            verdict: Verdict::Error,
            millis: 0,
        }
    }

    /// A row for a finished analysis (its messages speak of the sides by the problem's
    /// names for them).
    pub fn from_analysis(p: &Problem, rules: &str, mut a: Analysis, millis: u64) -> Row {
        name_sides(&mut a, &p.sides);
        Row {
            id: p.id.clone(),
            file: p.file.display().to_string(),
            line: Some(p.line),
            rules: rules.to_string(),
            stipulation: p.stipulation.to_string(),
            problem: Some(p.clone()),
            verdict: Verdict::of(&a),
            analysis: Some(a),
            error: None,
            millis,
            meta: BTreeMap::new(),
        }
    }

    /// `file:line` (or just the file).
    pub fn location(&self) -> String {
        match self.line {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }

    /// A metadata key ("source", "expect"...) of the problem, "" when absent.
    pub fn meta_of(&self, key: &str) -> String {
        if let Some(p) = &self.problem {
            if let Some(v) = p.meta().get(key) {
                return v.clone();
            }
        }
        self.meta.get(key).cloned().unwrap_or_default()
    }

    /// The `expect` value, if any.
    pub fn expect(&self) -> Option<String> {
        Some(self.meta_of("expect")).filter(|x| !x.is_empty())
    }

    /// Does the verdict match the problem's `expect`? None when there is none, or when
    /// the row ran under other rules than the problem's own (`--rules`, `--all-rules`).
    pub fn meets_expectation(&self) -> Option<bool> {
        let own = self.meta_of("rules");
        if !own.is_empty() && own != self.rules {
            return None;
        }
        Some(self.expect()? == self.verdict.word())
    }

    /// What was ignored while reading the problem (unknown keys), with file and line.
    pub fn warnings(&self) -> &[String] {
        self.problem.as_ref().map_or(&[], |p| &p.warnings)
    }

    /// Line of the `solution` key, when the problem has one.
    pub fn solution_line(&self) -> Option<usize> {
        let p = self.problem.as_ref()?;
        p.solution.as_ref()?;
        Some(p.line_of("solution"))
    }
}

/// Puts the problem's names of the sides into every message of an analysis.
fn name_sides(a: &mut Analysis, names: &SideNames) {
    if names.is_default() {
        return;
    }
    let c = &mut a.claim;
    c.detail = names.rename(&c.detail);
    for r in &mut c.remarks {
        *r = names.rename(r);
    }
    let rep = &mut a.report;
    for v in &mut rep.tree {
        v.outcome = names.rename(&v.outcome);
    }
    rep.refutation = rep.refutation.as_deref().map(|x| names.rename(x));
    a.diagram = names.rename(&a.diagram);
}

/// The CSV columns of `verify`, in order (the first fifteen are fixed by contract).
pub const CSV_COLUMNS: &[&str] = &[
    "id",
    "file",
    "source",
    "rules",
    "stipulation",
    "verdict",
    "solvable",
    "shortest",
    "keys",
    "keys_complete",
    "solution_check",
    "refutation",
    "main_line",
    "nodes",
    "millis",
    "published",
    "expect",
    "confidence",
    "error",
    "line",
    "limit_hit",
    "claim_remarks",
    "fen",
    "solution_line",
    "others_fail_within",
    "warnings",
    "orientation",
];

/// "; no other first move wins within k" for a search cut by a limit (nothing for k = 0).
fn within(k: Option<u32>, what: &str) -> String {
    match k {
        Some(k) if k > 0 => format!(
            "; {what} first move wins within {k} move{}",
            if k == 1 { "" } else { "s" }
        ),
        _ => String::new(),
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// One CSV record for a row (columns as [`CSV_COLUMNS`]).
pub fn csv_record(r: &Row) -> Vec<String> {
    let a = r.analysis.as_ref();
    let rep = a.map(|a| &a.report);
    vec![
        r.id.clone(),
        r.file.clone(),
        r.meta_of("source"),
        r.rules.clone(),
        r.stipulation.clone(),
        r.verdict.word().into(),
        rep.map(|x| x.solvable.word()).unwrap_or("unknown").into(),
        rep.and_then(|x| x.shortest)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        rep.map(|x| x.keys.join(" ")).unwrap_or_default(),
        rep.map(|x| yes_no(x.keys_complete)).unwrap_or("no").into(),
        a.map(|a| a.claim.csv_text()).unwrap_or_default(),
        rep.and_then(|x| x.refutation.clone()).unwrap_or_default(),
        rep.map(|x| x.main_line.join(" ")).unwrap_or_default(),
        rep.map(|x| x.nodes.to_string()).unwrap_or_default(),
        r.millis.to_string(),
        r.meta_of("published"),
        r.meta_of("expect"),
        r.meta_of("confidence"),
        r.error.clone().unwrap_or_default(),
        r.line.map(|l| l.to_string()).unwrap_or_default(),
        rep.and_then(|x| x.limit_hit.clone()).unwrap_or_default(),
        a.map(|a| a.claim.remarks.join("; ")).unwrap_or_default(),
        a.map(|a| a.fen.clone()).unwrap_or_else(|| r.meta_of("fen")),
        r.solution_line().map(|l| l.to_string()).unwrap_or_default(),
        rep.and_then(|x| x.others_fail_within)
            .map(|n| n.to_string())
            .unwrap_or_default(),
        r.warnings().join("; "),
        r.problem
            .as_ref()
            .map(|p| p.orientation.word())
            .unwrap_or_default()
            .into(),
    ]
}

/// Writes CSV to `path` atomically: a temporary file in the same directory, then a
/// rename, so a reader never sees half a file. `-` writes to standard output.
pub fn write_csv_atomic(
    path: &Path,
    header: &[&str],
    records: &[Vec<String>],
) -> anyhow::Result<()> {
    use anyhow::Context;
    let mut buf = Vec::new();
    {
        let mut w = csv::Writer::from_writer(&mut buf);
        w.write_record(header)?;
        for r in records {
            w.write_record(r)?;
        }
        w.flush()?;
    }
    if path.as_os_str() == "-" {
        std::io::stdout().write_all(&buf)?;
        return Ok(());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("--csv {}: not a file name", path.display()))?
        .to_string_lossy()
        .to_string();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let res = (|| -> anyhow::Result<()> {
        let mut f = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        f.write_all(&buf)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
            .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))?;
        Ok(())
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}

/// One JSON object for a row; `tree` adds the solution tree.
pub fn json_row(r: &Row, tree: bool) -> serde_json::Value {
    let m = |k: &str| Some(r.meta_of(k)).filter(|x| !x.is_empty());
    let mut o = json!({
        "id": r.id,
        "file": r.file,
        "line": r.line,
        "title": m("title"),
        "source": m("source"),
        "rules": r.rules,
        "stipulation": r.stipulation,
        "verdict": r.verdict.word(),
        "error": r.error,
        "published": m("published"),
        "expect": m("expect"),
        "confidence": m("confidence"),
        "solution_line": r.solution_line(),
        "millis": r.millis,
        "warnings": r.warnings(),
    });
    if let Some(p) = &r.problem {
        o["orientation"] = json!(p.orientation.word());
        o["fen_as_written"] = json!(p.fen_as_written);
        o["colours"] = json!({
            "white": p.sides.lower(crate::piece::Color::White),
            "black": p.sides.lower(crate::piece::Color::Black),
        });
    }
    if let Some(a) = &r.analysis {
        let rep = &a.report;
        o["fen"] = json!(a.fen);
        o["solvable"] = json!(rep.solvable.word());
        o["shortest"] = json!(rep.shortest);
        o["keys"] = json!(rep.keys);
        o["keys_san"] = json!(rep.keys_san);
        o["keys_complete"] = json!(rep.keys_complete);
        o["others_fail_within"] = json!(rep.others_fail_within);
        o["refutation"] = json!(rep.refutation);
        o["main_line"] = json!(rep.main_line);
        o["main_line_coord"] = json!(rep.main_line_coord);
        o["solution_check"] = json!(a.claim.csv_text());
        o["claim"] = serde_json::to_value(&a.claim).unwrap_or(serde_json::Value::Null);
        o["nodes"] = json!(rep.nodes);
        o["search_millis"] = json!(rep.millis);
        o["limit_hit"] = json!(rep.limit_hit);
        o["variations"] = json!(rep.tree.len());
        if tree {
            o["tree"] = serde_json::to_value(&rep.tree).unwrap_or(serde_json::Value::Null);
            o["tree_truncated"] = json!(rep.tree_truncated);
        }
    } else {
        o["fen"] = json!(m("fen"));
        o["solvable"] = json!("unknown");
    }
    o
}

/// Is White the side to move in this FEN?
fn white_to_move(fen: &str) -> bool {
    fen.split_whitespace().nth(1) != Some("b")
}

/// The label of the move at `ply` (0 = the key) with move numbers as problemists write
/// them: "1.Rh8+", "1...Kxh8"; `after_white` drops the number of a Black move that follows
/// a White move on the same line.
fn label(ply: usize, san: &str, attacker_white: bool, after_white: bool) -> String {
    let q = ply + usize::from(!attacker_white);
    let n = q / 2 + 1;
    if q & 1 == 0 {
        format!("{n}.{san}")
    } else if after_white {
        san.to_string()
    } else {
        format!("{n}...{san}")
    }
}

#[derive(Default)]
struct Node {
    children: Vec<(String, Node)>,
    outcome: Option<String>,
}

impl Node {
    fn insert(&mut self, moves: &[String], outcome: &str) {
        match moves.split_first() {
            None => self.outcome = Some(outcome.to_string()),
            Some((m, rest)) => {
                let i = match self.children.iter().position(|(k, _)| k == m) {
                    Some(i) => i,
                    None => {
                        self.children.push((m.clone(), Node::default()));
                        self.children.len() - 1
                    }
                };
                self.children[i].1.insert(rest, outcome);
            }
        }
    }
}

/// A short mark for how a line ends ("#" for mate unless the SAN shows it).
fn end_mark(san: &str, outcome: &Option<String>) -> String {
    match outcome.as_deref() {
        None | Some("ongoing") => String::new(),
        Some(o) if o.contains("checkmate") => {
            if san.ends_with('#') {
                String::new()
            } else {
                " #".into()
            }
        }
        Some(o) => format!(" ({o})"),
    }
}

/// The solution tree as indented text: the key, then for each defence the attacker's reply,
/// one level deeper per move pair.
pub fn format_tree(tree: &[Variation], fen: &str) -> String {
    let w = white_to_move(fen);
    let mut root = Node::default();
    for v in tree {
        let moves = if v.san.len() == v.coord.len() && v.san.iter().all(|s| !s.is_empty()) {
            &v.san
        } else {
            &v.coord
        };
        root.insert(moves, &v.outcome);
    }
    let mut s = String::new();
    for (key, node) in &root.children {
        let _ = writeln!(
            s,
            "  {}!{}",
            label(0, key, w, false),
            end_mark(key, &node.outcome)
        );
        attacker_children(node, 1, 2, w, &mut s);
    }
    s
}

/// Prints the defences below an attacker move at `ply - 1`.
fn attacker_children(node: &Node, ply: usize, depth: usize, w: bool, s: &mut String) {
    for (d, dn) in &node.children {
        let pad = "  ".repeat(depth);
        let def = label(ply, d, w, false);
        // The defender is White when the attacker is Black: then the reply carries no number.
        let def_white = !w;
        if dn.children.is_empty() {
            let _ = writeln!(s, "{pad}{def}{}", end_mark(d, &dn.outcome));
            continue;
        }
        for (a, an) in &dn.children {
            let _ = writeln!(
                s,
                "{pad}{def} {}{}",
                label(ply + 1, a, w, def_white),
                end_mark(a, &an.outcome)
            );
            attacker_children(an, ply + 2, depth + 1, w, s);
        }
    }
}

/// A line of play with move numbers ("1.Rh8+ Kxh8 2.Bf5+").
pub fn numbered_line(moves: &[String], fen: &str) -> String {
    let w = white_to_move(fen);
    let mut out = vec![];
    for (i, m) in moves.iter().enumerate() {
        let q = i + usize::from(!w);
        let prev_white = i > 0 && (q - 1) & 1 == 0;
        out.push(label(i, m, w, prev_white));
    }
    out.join(" ")
}

/// The readable report of `solve` for one row.
pub fn text_report(r: &Row) -> String {
    let mut s = String::new();
    let p = r.problem.as_ref();
    let title = p
        .and_then(|p| p.title.clone())
        .map(|t| format!("  {t}"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "{}{}  ({})",
        if r.id.is_empty() { "?" } else { &r.id },
        title,
        r.location()
    );
    if let Some(src) = p.and_then(|p| p.source.as_ref()) {
        let _ = writeln!(s, "source      {src}");
    }
    let _ = writeln!(s, "rules       {}", r.rules);
    let _ = writeln!(s, "stipulation {}", r.stipulation);
    let conds = p.map(conditions_text).unwrap_or_default();
    if !conds.is_empty() {
        let _ = writeln!(s, "conditions  {conds}");
    }
    let Some(a) = &r.analysis else {
        if let Some(p) = p {
            let _ = writeln!(s, "fen         {}", p.fen);
        }
        let _ = writeln!(s, "verdict     error");
        let _ = writeln!(s, "error       {}", r.error.as_deref().unwrap_or("?"));
        return s;
    };
    let rep = &a.report;
    let _ = writeln!(s, "fen         {}", a.fen);
    if let Some(p) = p {
        s.push_str(&sides_text(p));
    }
    let _ = writeln!(s);
    for l in a.diagram.lines() {
        let _ = writeln!(s, "    {l}");
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "verdict     {}", r.verdict.word());
    if let Some(x) = r.meets_expectation() {
        let _ = writeln!(
            s,
            "expected    {}{}",
            r.expect().unwrap_or_default(),
            if x { " (as expected)" } else { " (DIFFERS)" }
        );
    }
    let shortest = match rep.shortest {
        Some(n) => format!(" (shortest forced win: {n} moves)"),
        None => String::new(),
    };
    let _ = writeln!(s, "solvable    {}{shortest}", rep.solvable.word());
    if rep.keys.is_empty() {
        let _ = writeln!(
            s,
            "keys        none{}",
            if rep.keys_complete {
                String::new()
            } else {
                format!(
                    " found (search incomplete{})",
                    within(rep.others_fail_within, "no")
                )
            }
        );
    } else {
        let keys: Vec<String> = rep
            .keys
            .iter()
            .enumerate()
            .map(|(i, k)| match rep.keys_san.get(i) {
                Some(sn) if sn != k => format!("{sn} ({k})"),
                _ => k.clone(),
            })
            .collect();
        let _ = writeln!(
            s,
            "keys        {}{}",
            keys.join(", "),
            if rep.keys_complete {
                "  (complete)".to_string()
            } else {
                format!(
                    "  (search incomplete: there may be more{})",
                    within(rep.others_fail_within, "no other")
                )
            }
        );
    }
    if let Some(rf) = &rep.refutation {
        let _ = writeln!(s, "refutation  {rf}");
    }
    let claim = a.claim.csv_text();
    let _ = writeln!(s, "claim       {claim}");
    if a.claim.status == ClaimStatus::Illegal {
        if let Some(p) = p {
            let _ = writeln!(
                s,
                "            (the solution is at {}:{})",
                r.file,
                p.line_of("solution")
            );
        }
    }
    if !a.claim.filled.is_empty() {
        let _ = writeln!(s, "claim line  {}", numbered_line(&a.claim.filled, &a.fen));
    }
    for rm in &a.claim.remarks {
        let _ = writeln!(s, "remark      {rm}");
    }
    if let Some(sol) = p.and_then(|p| p.solution.as_ref()) {
        let _ = writeln!(s, "manuscript  {sol}");
    }
    if !rep.main_line.is_empty() {
        let _ = writeln!(s, "main line   {}", numbered_line(&rep.main_line, &a.fen));
    }
    if !rep.tree.is_empty() {
        let _ = writeln!(
            s,
            "solution tree ({} line{}{}):",
            rep.tree.len(),
            if rep.tree.len() == 1 { "" } else { "s" },
            if rep.tree_truncated {
                ", cut short"
            } else {
                ""
            }
        );
        s.push_str(&format_tree(&rep.tree, &a.fen));
    }
    if let Some(l) = &rep.limit_hit {
        let _ = writeln!(s, "limit       {l}");
    }
    for w in r.warnings() {
        let _ = writeln!(s, "warning     {w}");
    }
    let _ = writeln!(
        s,
        "searched    {} nodes in {:.3} s",
        rep.nodes,
        rep.millis as f64 / 1000.0
    );
    s
}

/// The lines saying how the file's position was turned and what the sides are called.
fn sides_text(p: &Problem) -> String {
    let mut s = String::new();
    if p.orientation == Orientation::Flipped {
        let _ = writeln!(
            s,
            "orientation flipped: the fen as written ({}) mirrored top to bottom, colours swapped",
            p.fen_as_written
        );
    }
    if !p.sides.is_default() {
        use crate::piece::Color::{Black, White};
        let _ = writeln!(
            s,
            "sides       {} = White (moving up), {} = Black",
            p.sides.name(White),
            p.sides.name(Black)
        );
    }
    s
}

fn conditions_text(p: &Problem) -> String {
    let c = &p.conditions;
    let mut v = vec![];
    if let Some(m) = &c.mate_by {
        v.push(format!("mate by {m}"));
    }
    if !c.mate_on.is_empty() {
        v.push(format!("mate on {}", c.mate_on.join(" ")));
    }
    if c.covetous {
        v.push("covetous defender".into());
    }
    if c.attacker_no_capture {
        v.push("attacker may not capture".into());
    }
    if !c.immobile.is_empty() {
        v.push(format!("immobile {}", c.immobile.join(" ")));
    }
    v.join(", ")
}

/// A one-line result for the batch listing.
pub fn brief(r: &Row) -> String {
    let mut s = format!(
        "{:<12} {:<24} {:<15} {:<6}",
        r.verdict.word(),
        r.id,
        r.rules,
        r.stipulation
    );
    match &r.analysis {
        Some(a) => {
            let rep = &a.report;
            let keys = if rep.keys_san.is_empty() {
                "-".to_string()
            } else {
                rep.keys_san.join(",")
            };
            let _ = write!(
                s,
                " keys {keys:<12} claim {:<10} {:>8.3}s",
                a.claim.status.word(),
                r.millis as f64 / 1000.0
            );
            if let Some(x) = r.meets_expectation() {
                if !x {
                    let _ = write!(s, "  (expected {})", r.expect().unwrap_or_default());
                }
            }
        }
        None => {
            let _ = write!(s, " {}", r.error.as_deref().unwrap_or(""));
        }
    }
    s
}

/// The summary at the end of a batch: counts per verdict, the slowest problems, errors,
/// expectations that failed.
pub fn summary(rows: &[Row], slowest: usize) -> String {
    let mut s = String::new();
    let mut counts: BTreeMap<Verdict, usize> = BTreeMap::new();
    for r in rows {
        *counts.entry(r.verdict).or_default() += 1;
    }
    let parts: Vec<String> = Verdict::ALL
        .iter()
        .filter_map(|v| counts.get(v).map(|n| format!("{} {n}", v.word())))
        .collect();
    let _ = writeln!(
        s,
        "{} result{}: {}",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        parts.join(", ")
    );
    let mut timed: Vec<&Row> = rows.iter().filter(|r| r.analysis.is_some()).collect();
    timed.sort_by_key(|r| std::cmp::Reverse(r.millis));
    if !timed.is_empty() {
        let _ = writeln!(s, "slowest:");
        for r in timed.iter().take(slowest) {
            let lim = r
                .analysis
                .as_ref()
                .and_then(|a| a.report.limit_hit.clone())
                .map(|l| format!("  ({l})"))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {:>8.3}s  {} [{}] {}{lim}",
                r.millis as f64 / 1000.0,
                r.id,
                r.rules,
                r.location()
            );
        }
    }
    let errors: Vec<&Row> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Error)
        .collect();
    if !errors.is_empty() {
        let _ = writeln!(s, "errors:");
        for r in errors {
            let _ = writeln!(s, "  {}", r.error.as_deref().unwrap_or("?"));
        }
    }
    let claims: Vec<&Row> = rows
        .iter()
        .filter(|r| r.verdict == Verdict::ClaimWrong)
        .collect();
    if !claims.is_empty() {
        let _ = writeln!(s, "solutions that fail:");
        for r in claims {
            let line = r
                .solution_line()
                .or(r.line)
                .map(|l| format!(":{l}"))
                .unwrap_or_default();
            let check = r
                .analysis
                .as_ref()
                .map(|a| a.claim.csv_text())
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "  {}{line}: problem '{}' [{}]: {check}",
                r.file, r.id, r.rules
            );
        }
    }
    let missed: Vec<&Row> = rows
        .iter()
        .filter(|r| r.meets_expectation() == Some(false))
        .collect();
    if !missed.is_empty() {
        let _ = writeln!(s, "not as expected:");
        for r in missed {
            let _ = writeln!(
                s,
                "  {} [{}] {}: expected {}, got {}",
                r.id,
                r.rules,
                r.location(),
                r.expect().unwrap_or_default(),
                r.verdict.word()
            );
        }
    }
    s
}

/// The CSV columns of `export`.
pub const EXPORT_COLUMNS: &[&str] = &[
    "id",
    "file",
    "key",
    "variation",
    "san",
    "coord",
    "outcome",
    "rules",
];

/// The export records of a row: one per line of play of its solution tree.
pub fn export_records(r: &Row) -> Vec<Vec<String>> {
    let Some(a) = &r.analysis else { return vec![] };
    a.report
        .tree
        .iter()
        .enumerate()
        .map(|(i, v)| {
            vec![
                r.id.clone(),
                r.file.clone(),
                v.coord.first().cloned().unwrap_or_default(),
                (i + 1).to_string(),
                v.san.join(" "),
                v.coord.join(" "),
                v.outcome.clone(),
                r.rules.clone(),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str, o: &str) -> Variation {
        let m: Vec<String> = s.split(' ').map(String::from).collect();
        Variation {
            san: m.clone(),
            coord: m,
            outcome: o.into(),
        }
    }

    #[test]
    fn tree_is_indented_and_numbered() {
        let t = vec![
            v("Rh8+ Kxh8 Bf5+ Kg8 Rh8", "White wins by checkmate"),
            v("Rh8+ Kxh8 Bf5+ Rh2 Rxh2", "White wins by checkmate"),
        ];
        let s = format_tree(&t, "8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            s,
            "  1.Rh8+!\n    1...Kxh8 2.Bf5+\n      2...Kg8 3.Rh8 #\n      2...Rh2 3.Rxh2 #\n"
        );
        let s = format_tree(
            &[v("Nh5+ Kg2 Nh4", "Black wins by checkmate")],
            "8/8/8/8/8/8/8/8 b - - 0 1",
        );
        assert_eq!(s, "  1...Nh5+!\n    2.Kg2 Nh4 #\n");
        assert_eq!(
            numbered_line(&["a".into(), "b".into(), "c".into()], "x b"),
            "1...a 2.b c"
        );
        assert_eq!(
            numbered_line(&["a".into(), "b".into(), "c".into()], "x w"),
            "1.a b 2.c"
        );
    }
}
