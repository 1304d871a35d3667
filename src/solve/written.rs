//! An analysis's lines written in one notation for output ([`Written`]): the keys'
//! readable form, the main line, the solution tree's lines, a help or series problem's
//! solutions, the refutation, the tries and the second look's keys and refutation, with
//! the claim's completed line rewritten in it. The search hands out its moves as values
//! ([`super::line`]); a report prints every line in the one notation asked for (SAN by
//! default) and with the men's letters asked for (the sources' F and A by default). The claim's remarks and detail are
//! prose: the check writes their moves in the style asked for when it is given one
//! ([`crate::solve::Limits::written`]); otherwise they keep SAN and only their letters are
//! changed here.

use super::refutation::WrittenRefutation;
use super::{Analysis, ContinualCheck};
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::notation::{self, Letters, Notation, Style};
use crate::with_engine;
use serde::{Deserialize, Serialize};

/// The lines of an analysis as written for output, each ply in one notation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Written {
    /// The keys ([`super::SolveReport::keys`]), in order.
    pub keys: Vec<String>,
    /// The main line's plies ([`super::SolveReport::main_line`]).
    pub main_line: Vec<String>,
    /// Each line of the solution tree ([`super::SolveReport::tree`]), its plies.
    pub tree: Vec<Vec<String>>,
    /// A help or series problem's solutions ([`super::SolveReport::solutions`]) as a
    /// problemist reads them (`1.Kf5 Rg6 2.Ke6 Rg5#`; a series `1.a3 2.a4 3.Ra2#`).
    pub solutions: Vec<String>,
    /// The refutation ([`super::SolveReport::refutation`]).
    #[serde(default)]
    pub refutation: Option<WrittenRefutation>,
    /// The tries ([`super::SolveReport::tries`]), in order.
    #[serde(default)]
    pub tries: Vec<WrittenRefutation>,
    /// The keys under continual check ([`ContinualCheck::keys`]), in SAN.
    #[serde(default)]
    pub continual_keys: Vec<String>,
    /// The refutation under continual check ([`ContinualCheck::refutation`]).
    #[serde(default)]
    pub continual_refutation: Option<WrittenRefutation>,
}

impl Written {
    /// The keys, main line, tree, refutation and tries of `rep` and the keys and
    /// refutation of `continual` in SAN as played from `pos` (no solutions: only a help or
    /// series search knows how to number them).
    pub(crate) fn san<B: Bits>(
        pos: &Position<B>,
        rep: &super::SolveReport,
        continual: Option<&ContinualCheck>,
    ) -> Written {
        let mut w = Written::default();
        let san = Notation::San.into();
        lines_in(pos, rep, &mut w, san);
        w.write_refutations(pos, rep, continual, san);
        if let Some(c) = continual {
            w.continual_keys = c.keys.iter().map(|k| k.written(pos, san)).collect();
        }
        w
    }

    /// Writes the refutation and the tries of `rep` and the refutation of `continual` in
    /// `n` as played from `pos`.
    pub(crate) fn write_refutations<B: Bits>(
        &mut self,
        pos: &Position<B>,
        rep: &super::SolveReport,
        continual: Option<&ContinualCheck>,
        n: Style,
    ) {
        self.refutation = rep.refutation.as_ref().map(|r| r.written(pos, n));
        self.tries = rep.tries.iter().map(|t| t.written(pos, n)).collect();
        self.continual_refutation = continual
            .and_then(|c| c.refutation.as_ref())
            .map(|r| r.written(pos, n));
    }
}

impl Analysis {
    /// The `refutation` field of the CSV and JSON: the refutation as written, or
    /// "no legal move" when there is no move to refute.
    pub fn refutation_text(&self) -> Option<String> {
        match &self.written.refutation {
            Some(r) => Some(r.to_string()),
            None if self.report.no_legal_move => Some(super::verdict::NO_LEGAL_MOVE.into()),
            None => None,
        }
    }
}

/// Writes the keys, the main line and the tree of `rep` in `n` into `w`; a line that does
/// not replay from `pos` (a series line with the other side's passes) keeps what `w` had
/// from its first ply that does not.
fn lines_in<B: Bits>(pos: &Position<B>, rep: &super::SolveReport, w: &mut Written, n: Style) {
    w.keys = rep.keys.iter().map(|k| k.written(pos, n)).collect();
    w.main_line = rep.main_line.written_or(pos, n, &w.main_line);
    let before = std::mem::take(&mut w.tree);
    let none: Vec<String> = vec![];
    w.tree = (rep.tree.iter().enumerate())
        .map(|(i, v)| v.line.written_or(pos, n, before.get(i).unwrap_or(&none)))
        .collect();
}

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
    // The search's lines are written in SAN with the rules' letters already (the test
    // `searched_lines_are_san_and_a_tree_rewrites_line_by_line` checks it).
    let san = matches!(n.notation, Notation::Auto | Notation::San);
    if !(san && n.letters == Letters::Modern) {
        lines_in(pos, &a.report, &mut a.written, n);
    }
    (a.written).write_refutations(pos, &a.report, a.continual_check.as_ref(), n);
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
