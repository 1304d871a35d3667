//! The readable reports: `solve`'s text, indented solution trees, numbered lines, the
//! batch listing and its summary.

use super::shown::{said, shown, shown_id, shown_lines};
use super::Row;
use crate::board::sides::Orientation;
use crate::problem::Problem;
use crate::solve::{ClaimStatus, Variation};
use std::fmt::Write as _;

fn within(k: Option<u32>, what: &str) -> String {
    match k {
        Some(k) if k > 0 => format!(
            "; {what} first move wins within {k} move{}",
            if k == 1 { "" } else { "s" }
        ),
        _ => String::new(),
    }
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

/// A short mark for how a line ends ("#" for mate unless the move shows it: `#`, or
/// `mate` in descriptive notation).
fn end_mark(san: &str, outcome: &Option<String>) -> String {
    match outcome.as_deref() {
        None | Some("ongoing") => String::new(),
        Some(o) if o.contains("checkmate") => {
            if san.ends_with('#') || san.ends_with(" mate") {
                String::new()
            } else {
                " #".into()
            }
        }
        Some(o) => format!(" ({o})"),
    }
}

/// The solution tree as indented text: the key, then for each defence the attacker's reply,
/// one level deeper per move pair; each line's plies as `written` has them (its lines in
/// the tree's order), in coordinates where it has none.
pub fn format_tree(tree: &[Variation], written: &[Vec<String>], fen: &str) -> String {
    let w = white_to_move(fen);
    let mut root = Node::default();
    for (i, v) in tree.iter().enumerate() {
        let moves = match written.get(i) {
            Some(w) if w.len() == v.line.len() && w.iter().all(|s| !s.is_empty()) => w.clone(),
            _ => v.line.coords(),
        };
        root.insert(&moves, &v.outcome);
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
    numbered_plies(moves, fen).join(" ")
}

/// Each move of a line with its number where it needs one (`1.Rh8+`, `Kxh8`, `2.Bf5+`;
/// `1...Kd8` when the second player starts).
pub fn numbered_plies(moves: &[String], fen: &str) -> Vec<String> {
    let w = white_to_move(fen);
    let mut out = vec![];
    for (i, m) in moves.iter().enumerate() {
        let q = i + usize::from(!w);
        let prev_white = i > 0 && (q - 1) & 1 == 0;
        out.push(label(i, m, w, prev_white));
    }
    out
}

/// "solution tree (12 lines, cut short)": the tree's size and whether a limit cut it.
pub fn tree_heading(rep: &crate::solve::SolveReport) -> String {
    format!(
        "solution tree ({} line{}{})",
        rep.tree.len(),
        if rep.tree.len() == 1 { "" } else { "s" },
        if rep.tree_truncated {
            ", cut short"
        } else {
            ""
        }
    )
}

/// The readable report of `solve` for one row. The problem file's words in it (the
/// solution's remarks, the FEN of an error row, the warnings) are escaped for the
/// terminal, as the heading's are.
pub fn text_report(r: &Row) -> String {
    shown_lines(&report_body(r))
}

fn report_body(r: &Row) -> String {
    let mut s = heading(r);
    let p = r.problem.as_ref();
    let Some(a) = r.analysis() else {
        if let Some(p) = p {
            // A FEN that could not be read may be of any length: cut as a message is.
            let _ = writeln!(s, "fen         {}", super::shown::capped(&p.fen));
        }
        let _ = writeln!(s, "verdict     error");
        let _ = writeln!(s, "error       {}", said(r.error().unwrap_or("?")));
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
    s.push_str(&verdict_text(r, a));
    s.push_str(&claim_text(r, a));
    if !a.written.solutions.is_empty() {
        // Help and series play: every solution, as a problemist reads it.
        let n = a.written.solutions.len();
        let _ = writeln!(
            s,
            "solutions   {n}{}",
            if rep.keys_complete { "" } else { " so far" }
        );
        for l in &a.written.solutions {
            let _ = writeln!(s, "  {l}");
        }
    } else if !rep.main_line.is_empty() {
        let line = numbered_line(&a.written.main_line, &a.fen);
        let _ = writeln!(s, "main line   {line}");
    }
    if !rep.tree.is_empty() {
        let _ = writeln!(s, "{}:", tree_heading(rep));
        s.push_str(&format_tree(&rep.tree, &a.written.tree, &a.fen));
    }
    if !rep.tries.is_empty() {
        let (other, what) = if rep.refutation.is_some() {
            ("other ", "a defence that holds and the line on")
        } else {
            ("", "the defence that refutes it")
        };
        let out = match rep.tries_left_out {
            0 => String::new(),
            n => format!("; {n} more left out, the extras' share spent"),
        };
        let _ = writeln!(
            s,
            "{other}tries ({}{out}), each with {what}:",
            rep.tries.len()
        );
        for t in &a.written.tries {
            let _ = writeln!(s, "  {}", numbered_refutation(t, &a.fen));
        }
    }
    if let Some(l) = &rep.limit_hit {
        let _ = writeln!(s, "limit       {l}");
    }
    if let Some(c) = &a.continual_check {
        let _ = writeln!(s, "checks only {}", continual_text(c, &a.written, &a.fen));
    }
    if let Some(n) = r.least_win {
        let _ = writeln!(
            s,
            "least win   {n} (the least number of moves that does win)"
        );
    }
    if !a.extras_left_out.is_empty() {
        let _ = writeln!(s, "left out    {}", left_out_text(&a.extras_left_out));
    }
    for w in r.warnings() {
        let _ = writeln!(s, "warning     {w}");
    }
    let _ = writeln!(
        s,
        "searched    {}",
        time_line(rep.nodes, rep.millis, r.millis)
    );
    s
}

/// What the extras' share left out, for people: "the least win, the tries' lines (beyond
/// the extras' share of the verdict's cost; --extras raises it)".
fn left_out_text(extras: &[crate::solve::Extra]) -> String {
    use crate::solve::Extra;
    let names: Vec<&str> = extras
        .iter()
        .map(|e| match e {
            Extra::StrongestTry => "the refutation (the strongest try, its line)",
            Extra::TryLines => "some tries' lines",
            Extra::ContinualCheck => "the second look under continual check",
            Extra::LeastWin => "the least win",
        })
        .collect();
    format!(
        "{} (beyond the extras' share of the verdict's cost; --extras raises it)",
        names.join(", ")
    )
}

/// The search's nodes and time beside the whole time spent on the problem (rules
/// compiled, the claim checked, the lines written): "309272 nodes; search 0.70 s of
/// 14.24 s for this problem".
pub fn time_line(nodes: u64, search_ms: u64, problem_ms: u64) -> String {
    format!(
        "{nodes} nodes; search {:.2} s of {:.2} s for this problem",
        search_ms as f64 / 1000.0,
        problem_ms.max(search_ms) as f64 / 1000.0
    )
}

/// The heading of a report: id, title, place, source, rules, stipulation, conditions.
fn heading(r: &Row) -> String {
    let mut s = String::new();
    let p = r.problem.as_ref();
    // The problem file's own words, each kept on its line (see shown).
    let title = p
        .and_then(|p| p.title.as_deref())
        .map(|t| format!("  {}", shown_id(t)))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "{}{}  ({})",
        if r.id.is_empty() {
            "?".into()
        } else {
            shown_id(&r.id)
        },
        title,
        shown(&r.location())
    );
    if let Some(src) = p.and_then(|p| p.source.as_ref()) {
        let _ = writeln!(s, "source      {}", shown(src));
    }
    let _ = writeln!(s, "rules       {}", shown_id(&r.rules));
    let _ = writeln!(s, "stipulation {}", shown_id(&r.stipulation));
    let conds = p.map(conditions_text).unwrap_or_default();
    if !conds.is_empty() {
        let _ = writeln!(s, "conditions  {conds}");
    }
    s
}

/// Verdict, expectation, solvability, dice chances, keys and refutation.
fn verdict_text(r: &Row, a: &crate::solve::Analysis) -> String {
    let rep = &a.report;
    let mut s = String::new();
    let _ = writeln!(s, "verdict     {}", r.verdict.word());
    if let Some(x) = r.meets_expectation() {
        let _ = writeln!(
            s,
            "expected    {}{}",
            r.expect().unwrap_or_default(),
            if x { " (as expected)" } else { " (DIFFERS)" }
        );
    }
    let lines = !a.written.solutions.is_empty();
    let shortest = match rep.shortest {
        Some(n) if lines => format!(" (shortest solution: {n} moves)"),
        Some(n) => format!(" (shortest forced win: {n} moves)"),
        None => String::new(),
    };
    let _ = writeln!(s, "solvable    {}{shortest}", rep.solvable.word());
    if let Some(p) = rep.win_probability {
        let _ = writeln!(
            s,
            "win chance  {p:.4} (dice: the side to move plays to win within the turns, the other to stop it; exact)"
        );
        let _ = writeln!(s, "best moves  {}", rep.dice_best.join(", "));
    }
    if !lines {
        s.push_str(&keys_line(a));
    }
    if let Some(rf) = &a.written.refutation {
        let _ = writeln!(s, "refutation  {}", numbered_refutation(rf, &a.fen));
    } else if rep.no_legal_move {
        let _ = writeln!(s, "refutation  none: the side to play has no legal move");
    }
    s
}

/// A refutation line from the problem's position (`Rh8+ Kxh8 Bf5+ (1st move also held by
/// Kf8)`) with move numbers: `1.Rh8+ Kxh8 2.Bf5+ (1st move also held by Kf8)`.
pub fn numbered_refutation(rf: &crate::solve::WrittenRefutation, fen: &str) -> String {
    format!("{}{}", numbered_line(&rf.line, fen), rf.held_text())
}

/// The keys line: the keys found, and whether the list is complete.
fn keys_line(a: &crate::solve::Analysis) -> String {
    let rep = &a.report;
    let mut s = String::new();
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
            .map(|(i, k)| match a.written.keys.get(i) {
                Some(sn) if *k != sn.as_str() => format!("{sn} ({k})"),
                _ => k.to_string(),
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
    s
}

/// The manuscript's claim: how it checks, its line, remarks and the solution as written.
fn claim_text(r: &Row, a: &crate::solve::Analysis) -> String {
    let mut s = String::new();
    let p = r.problem.as_ref();
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
    if !a.written.solutions.is_empty() && !a.claim.completed.is_empty() {
        // Help and series play: the line numbered as the solutions are.
        let _ = writeln!(s, "claim line  {}", a.claim.completed);
    } else if !a.claim.filled.is_empty() {
        let _ = writeln!(s, "claim line  {}", numbered_line(&a.claim.filled, &a.fen));
    }
    if a.claim.inserted.contains(&true) {
        let _ = writeln!(s, "completed   {}", a.claim.completed);
    }
    for rm in &a.claim.remarks {
        let _ = writeln!(s, "remark      {rm}");
    }
    if let Some(sol) = p.and_then(|p| p.solution.as_ref()) {
        let _ = writeln!(s, "manuscript  {sol}");
    }
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
        use crate::board::piece::Color::{Black, White};
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
    if !c.mate_from.is_empty() {
        v.push(format!("mate given from {}", c.mate_from.join(" ")));
    }
    if c.covetous {
        v.push("covetous defender".into());
    }
    if c.attacker_no_capture {
        v.push("attacker may not capture".into());
    }
    if c.checks {
        v.push("every attacker move checks".into());
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
        shown_id(&r.id),
        shown_id(&r.rules),
        shown_id(&r.stipulation)
    );
    match r.analysis() {
        Some(a) => {
            let rep = &a.report;
            let keys = if a.written.keys.is_empty() {
                "-".to_string()
            } else {
                a.written.keys.join(",")
            };
            let (label, keys) = match rep.win_probability {
                Some(p) => ("win chance", format!("{p:.4}")),
                None => ("keys", keys),
            };
            let _ = write!(
                s,
                " {label} {keys:<12} claim {:<10} {:>8.3}s",
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
            let _ = write!(s, " {}", said(r.error().unwrap_or("")));
        }
    }
    s
}

/// The summary at the end of a batch: counts per verdict, the slowest problems, errors,
/// expectations that failed (see [`super::tally::Tally`], which keeps only what it needs).
pub fn summary(rows: &[Row], slowest: usize) -> String {
    let mut t = super::tally::Tally::new(slowest);
    for r in rows {
        t.add(r);
    }
    t.text()
}

/// One line on the same question under continual check (every attacker move a check).
fn continual_text(
    c: &crate::solve::ContinualCheck,
    w: &crate::solve::Written,
    fen: &str,
) -> String {
    let mut t = format!("with every attacker move a check: {}", c.solvable.word());
    if !c.keys.is_empty() {
        let _ = write!(
            t,
            "; keys {} ({})",
            w.continual_keys.join(", "),
            if c.keys_complete {
                "no other check wins"
            } else {
                "there may be more"
            }
        );
    }
    if let Some(n) = c.shortest {
        let _ = write!(t, "; least {n}");
    }
    if let Some(r) = &w.continual_refutation {
        let _ = write!(t, "; refuted: {}", numbered_refutation(r, fen));
    }
    let _ = write!(t, " ({:.3} s)", c.millis as f64 / 1000.0);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A variation of as many plies as `s` has (their coordinates do not matter here) and
    /// its plies as written.
    fn v(s: &str, o: &str) -> (Variation, Vec<String>) {
        let m: Vec<String> = s.split(' ').map(String::from).collect();
        let line = crate::solve::Line(vec!["a1a2".parse().unwrap(); m.len()]);
        let v = Variation {
            line,
            outcome: o.into(),
        };
        (v, m)
    }

    fn tree(vs: Vec<(Variation, Vec<String>)>, fen: &str) -> String {
        let (t, w): (Vec<_>, Vec<_>) = vs.into_iter().unzip();
        format_tree(&t, &w, fen)
    }

    #[test]
    fn tree_is_indented_and_numbered() {
        let t = vec![
            v("Rh8+ Kxh8 Bf5+ Kg8 Rh8", "White wins by checkmate"),
            v("Rh8+ Kxh8 Bf5+ Rh2 Rxh2", "White wins by checkmate"),
        ];
        let s = tree(t, "8/8/8/8/8/8/8/8 w - - 0 1");
        assert_eq!(
            s,
            "  1.Rh8+!\n    1...Kxh8 2.Bf5+\n      2...Kg8 3.Rh8 #\n      2...Rh2 3.Rxh2 #\n"
        );
        let s = tree(
            vec![v("Nh5+ Kg2 Nh4", "Black wins by checkmate")],
            "8/8/8/8/8/8/8/8 b - - 0 1",
        );
        assert_eq!(s, "  1...Nh5+!\n    2.Kg2 Nh4 #\n");
        // Descriptive notation says the mate itself.
        let mut d = v("a b c", "White wins by checkmate");
        d.1 = vec!["Q-KR2 ch".into(), "K-K6".into(), "Q-K5 mate".into()];
        let s = tree(vec![d], "8/8/8/8/8/8/8/8 w - - 0 1");
        // A line not written is shown in coordinates.
        let (c, _) = v("a b", "ongoing");
        assert_eq!(format_tree(&[c], &[], "x w"), "  1.a1a2!\n    1...a1a2\n");
        assert_eq!(s, "  1.Q-KR2 ch!\n    1...K-K6 2.Q-K5 mate\n");
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
