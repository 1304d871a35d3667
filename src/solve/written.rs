//! An analysis's lines rewritten in one notation for output: the keys' readable form, the
//! refutation and the tries, the main line, the solution tree and the claim's completed
//! line. The search hands out SAN and coordinates; a report prints every line in the one
//! notation asked for (SAN by default) and with the men's letters asked for (the sources'
//! F and A by default). The claim's remarks and detail are prose: the check writes their
//! moves in the style asked for when it is given one ([`crate::solve::Limits::written`]);
//! otherwise they keep SAN and only their letters are changed here. The contract's
//! coordinate `keys` stay as they are.

use super::Analysis;
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::notation::{self, Letters, Notation, Style};
use crate::with_engine;

/// Rewrites every line of `a` in `style`.
pub fn rewrite(engine: &AnyEngine, a: &mut Analysis, style: impl Into<Style>) {
    let style = style.into();
    with_engine!(engine, e => {
        if let Ok(pos) = Position::from_fen(e.clone(), &a.fen) {
            rewrite_at(&pos, a, style);
        }
    })
}

fn rewrite_at<B: Bits>(pos: &Position<B>, a: &mut Analysis, n: Style) {
    let rep = &mut a.report;
    // The search writes its keys, main line and tree in SAN with the rules' letters
    // already (the test `searched_lines_are_san_and_a_tree_rewrites_line_by_line` checks
    // it).
    let san = matches!(n.notation, Notation::Auto | Notation::San);
    if !(san && n.letters == Letters::Modern) {
        rep.keys_san = rep
            .keys
            .iter()
            .map(|k| {
                notation::write_plies(pos, std::slice::from_ref(k), n)
                    .pop()
                    .unwrap_or_default()
            })
            .collect();
        rep.main_line = notation::write_plies(pos, &rep.main_line, n);
        let lines: Vec<&[String]> = rep.tree.iter().map(|v| &v.coord[..]).collect();
        let written = notation::write_lines(pos, &lines, n);
        for (v, w) in rep.tree.iter_mut().zip(written) {
            v.san = w;
        }
    }
    if let Some(r) = &rep.refutation {
        rep.refutation = Some(refutation(pos, r, n));
    }
    rep.tries = rep.tries.iter().map(|t| refutation(pos, t, n)).collect();
    if let Some(cc) = &mut a.continual_check {
        cc.refutation = cc.refutation.as_ref().map(|r| refutation(pos, r, n));
    }
    let c = &mut a.claim;
    let plies = notation::write_plies(pos, &c.filled, n);
    c.completed = relabel(&c.completed, &plies);
    c.filled = plies;
    if c.written_in.is_none() {
        let rules = &pos.eng.rules;
        c.detail = notation::relabel(rules, &c.detail, n.letters);
        for r in &mut c.remarks {
            *r = notation::relabel(rules, r, n.letters);
        }
    }
}

/// The refutation (`f5g7 e8d8 ... (1st move also held by e8f8)`) in `n`.
fn refutation<B: Bits>(pos: &Position<B>, r: &super::Refutation, n: Style) -> super::Refutation {
    let line = notation::write_plies(pos, &r.line, n);
    // The other holding defences answer the first move.
    let mut p = pos.clone();
    let also_held_by = match r.first().map(|f| notation::parse_san(&p, f)) {
        Some(Ok(m)) if !r.also_held_by.is_empty() => {
            p.make(m);
            (r.also_held_by.iter())
                .map(|d| {
                    notation::write_plies(&p, std::slice::from_ref(d), n)
                        .pop()
                        .unwrap_or_default()
                })
                .collect()
        }
        _ => r.also_held_by.clone(),
    };
    super::Refutation {
        line,
        also_held_by,
        and_others: r.and_others,
    }
}

/// The completed line (`1.Rg6+ [Kh8] 2.Rf8+`) with each ply's text replaced by `plies`,
/// numbers and brackets kept.
fn relabel(completed: &str, plies: &[String]) -> String {
    let mut out = vec![];
    for (word, ply) in completed.split(' ').zip(plies) {
        let num = word
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .map_or(word, |i| &word[..i]);
        let rest = &word[num.len()..];
        let bracketed = rest.starts_with('[');
        out.push(if bracketed {
            format!("{num}[{ply}]")
        } else {
            format!("{num}{ply}")
        });
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::relabel;

    #[test]
    fn relabel_keeps_numbers_and_brackets() {
        let plies = ["R-KKt6 ch".to_string(), "K-KR1".into(), "R-KB8 ch".into()];
        assert_eq!(
            relabel("1.Rg6+ [Kh8] 2.Rf8+", &plies),
            "1.R-KKt6 ch [K-KR1] 2.R-KB8 ch"
        );
        assert_eq!(
            relabel("3...[Kg8] 4.Nh6#", &plies[..2]),
            "3...[R-KKt6 ch] 4.K-KR1"
        );
    }
}
