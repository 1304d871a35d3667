//! The repairs of a problem as the edition shows them, compact: one man's edits to many
//! squares in one entry ("move the black rook b2 to any of b1, b3, … — 16 squares"),
//! entries sorted by how small the change is, each with a small diagram whose edited
//! squares are framed.

use super::super::repair::counts_line;
use super::super::xml_escape as esc;
use crate::repair::spelled::{is_square, joined};
use crate::repair::{RepairKind, RepairReport, Spelled};
use std::fmt::Write as _;

/// Repairs that differ only in where one man is moved to or put on, or in what it is
/// changed to.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The edit up to where it goes or what it becomes ("move the black rook b2 to"), or
    /// the whole edit list where nothing varies.
    pub head: String,
    /// What varies ("b1", "a ferz"), in the order of the repairs (empty: the edits of
    /// `head` as they are).
    pub squares: Vec<String>,
    /// What the repairs mend, each kind once.
    pub kinds: Vec<RepairKind>,
    /// The repairs, as places in the report's list.
    pub members: Vec<usize>,
    /// The smallest disturbance of the members.
    pub disturbance: u32,
    /// How many edits each member makes.
    pub edits: usize,
}

impl Group {
    /// What the repairs mend, joined by commas.
    pub fn kind_text(&self) -> String {
        let words: Vec<String> = self.kinds.iter().map(ToString::to_string).collect();
        words.join(", ")
    }
}

/// Every square named in edits (the squares a repair touches), once each.
pub fn squares_named(edits: &[Spelled]) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    for w in edits.iter().flat_map(Spelled::squares) {
        if !out.iter().any(|x| x == w) {
            out.push(w.to_string());
        }
    }
    out
}

/// The repairs grouped: one-edit repairs of one man to several squares together, every
/// other repair alone; sorted by disturbance, then by the number of edits.
pub fn groups(r: &RepairReport) -> Vec<Group> {
    let mut out: Vec<Group> = vec![];
    for (i, p) in r.repairs.iter().enumerate() {
        let varying = match &p.edits[..] {
            [one] => one.varying(),
            _ => None,
        };
        let head = match &varying {
            Some((h, _)) => h.clone(),
            None => joined(&p.edits, "; "),
        };
        let found = out
            .iter_mut()
            .find(|g| varying.is_some() && !g.squares.is_empty() && g.head == head);
        match found {
            Some(g) => {
                g.squares.push(varying.map(|v| v.1).unwrap_or_default());
                g.members.push(i);
                if !g.kinds.contains(&p.kind) {
                    g.kinds.push(p.kind);
                }
                g.disturbance = g.disturbance.min(p.disturbance);
            }
            None => out.push(Group {
                head,
                squares: varying.map(|v| v.1).into_iter().collect(),
                kinds: vec![p.kind],
                members: vec![i],
                disturbance: p.disturbance,
                edits: p.edits.len(),
            }),
        }
    }
    out.sort_by_key(|g| (g.disturbance, g.edits, std::cmp::Reverse(g.members.len())));
    out
}

/// A group in words: the single edit as it is, "… to any of b1, b3, b4 — 3 squares", or
/// "… to any of a ferz, a pawn — 2 men".
pub fn group_text(g: &Group) -> String {
    let what = if g.squares.iter().all(|x| is_square(x)) {
        "squares"
    } else {
        "men"
    };
    match g.squares.len() {
        0 => g.head.clone(),
        1 => format!("{} {}", g.head, g.squares[0]),
        n => format!(
            "{} any of {} \u{2014} {n} {what}",
            g.head,
            g.squares.join(", ")
        ),
    }
}

/// The repairs as a block of the edition. `draw(fen, marks)` gives the small diagram of a
/// position with the named squares framed.
pub fn html(r: &RepairReport, draw: &dyn Fn(&str, &[String]) -> Option<String>) -> String {
    let mut s = format!(
        "<div class=\"repairs\"><h3>Repairs</h3><p>{}</p>",
        esc(&counts_line(r))
    );
    if r.repairs.is_empty() {
        s.push_str("<p>No repair within the edits allowed.</p>");
    }
    for g in groups(r) {
        let first = &r.repairs[g.members[0]];
        let marks: Vec<String> = g
            .members
            .iter()
            .flat_map(|&i| squares_named(&r.repairs[i].edits))
            .fold(vec![], |mut v, x| {
                if !v.contains(&x) {
                    v.push(x);
                }
                v
            });
        let _ = write!(
            s,
            "<div class=\"repair\">{}<p>{} <i>({})</i>",
            draw(&first.fen, &marks).unwrap_or_default(),
            esc(&group_text(&g)),
            esc(&g.kind_text())
        );
        if g.members.len() == 1 {
            let _ = write!(
                s,
                "<br/>key {}<br/><code>{}</code>",
                esc(&first.keys.join(" ")),
                esc(&first.fen)
            );
        } else {
            let keys: Vec<String> = g
                .members
                .iter()
                .zip(&g.squares)
                .map(|(&i, sq)| format!("{sq}: {}", r.repairs[i].keys.join(" ")))
                .collect();
            let _ = write!(
                s,
                "<br/><span class=\"keys\">keys {}</span>",
                esc(&keys.join("; "))
            );
        }
        s.push_str("</p></div>");
    }
    s.push_str("</div>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repair::Repair;

    fn repair(edit: &str, d: u32) -> Repair {
        Repair {
            candidate: 0,
            edits: vec![Spelled::parse(edit).unwrap()],
            fen: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            keys: vec!["Rh8+".into()],
            kind: RepairKind::RefutationRemoved,
            disturbance: d,
        }
    }

    #[test]
    fn one_mans_moves_are_grouped_and_the_smallest_change_comes_first() {
        let r = RepairReport {
            repairs: vec![
                repair("move the black rook b2 to b1", 3),
                repair("remove the white pawn a3", 1),
                repair("move the black rook b2 to b3", 2),
                repair("move the black rook b2 to b4", 4),
                repair("change the black rook b2 to a ferz", 2),
                repair("change the black rook b2 to a pawn", 2),
                repair("add a white pawn on c5", 2),
            ],
            original: crate::repair::Original {
                fen: String::new(),
                verdict: crate::solve::word::Verdict::Unsound,
                keys: vec![],
                refutation: None,
                claim: String::new(),
                tables_refused: Default::default(),
            },
            shard: "1/1".into(),
            unknown: vec![],
            counts: Default::default(),
        };
        let g = groups(&r);
        let texts: Vec<String> = g.iter().map(group_text).collect();
        assert_eq!(
            texts,
            [
                "remove the white pawn a3",
                "move the black rook b2 to any of b1, b3, b4 \u{2014} 3 squares",
                "change the black rook b2 to any of a ferz, a pawn \u{2014} 2 men",
                "add a white pawn on c5",
            ]
        );
        assert_eq!(g[1].members, vec![0, 2, 3]);
        assert_eq!(
            squares_named(&r.repairs[0].edits),
            vec!["b2".to_string(), "b1".to_string()]
        );
        let page = html(&r, &|_, marks| {
            Some(format!("<svg>{}</svg>", marks.join(",")))
        });
        assert!(page.contains("<svg>b2,b1,b3,b4</svg>"), "{page}");
        assert!(page.contains("b3: Rh8+"), "{page}");
    }
}
