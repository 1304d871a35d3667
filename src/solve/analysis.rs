//! One position's whole answer: the claim checked, every key searched, the lines and the
//! second look under continual check gathered into an [`Analysis`].

use super::endgames::{tables_for, Known};
use super::line::{Line, Played};
use super::written::Written;
use super::Extra;
use super::{claim, continual, lines, remaining, root};
use super::{resolve_conditions, Solvable, SolveError, SolveReport, Stipulation};
use super::{ClaimCheck, ClaimStatus, ConditionSpec, Conditions, ContinualCheck, Goal, Limits};
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::with_engine;
use serde::{Deserialize, Serialize};

/// Everything known about one problem after the search.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Analysis {
    /// The search result.
    pub report: SolveReport,
    /// The claimed solution's check (status `none` when there is no claim).
    pub claim: ClaimCheck,
    /// The position diagram as text.
    pub diagram: String,
    /// The position's FEN as read.
    pub fen: String,
    /// For a mate problem the search left open: the same question under continual check.
    pub continual_check: Option<ContinualCheck>,
    /// The extras ([`super::ExtrasPool`]) that their share of the verdict's cost left out or
    /// cut short.
    #[serde(default)]
    pub extras_left_out: Vec<Extra>,
    /// The report's keys and lines written for output (SAN until
    /// [`super::written::rewrite`] writes them in another notation).
    #[serde(default)]
    pub written: Written,
    /// The table files the searches found and did not use: they went on without them.
    #[serde(skip)]
    pub tables_refused: crate::retro::TablesRefused,
}

/// The claim's line, read as written (in SAN once checked), played from `pos` (stops at the
/// first unreadable move).
fn claimed_line<B: Bits>(pos: &Position<B>, san: &[String]) -> Line {
    let mut p = pos.clone();
    let mut out = vec![];
    for t in san {
        let Ok(m) = crate::notation::parse_move(&p, t) else {
            break;
        };
        out.push(m);
        p.make(m);
    }
    Line::of(pos, &out)
}

/// One position's whole answer under ordinary (dice-free) rules: the claimed solution
/// checked first (read in `notation`), then the search for every key with the time left,
/// then the second look under continual check.
pub fn analyse_position<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    claim: Option<&str>,
    notation: crate::notation::Notation,
    limits: &Limits,
) -> Analysis {
    // The claim first: its proof is cheap and settles long problems; the search from
    // the root then gets the time and the nodes that are left, so a problem stays within
    // its limits.
    let t0 = std::time::Instant::now();
    let limits = &limits.for_one_problem();
    let tables = tables_for(pos, stip, cond, limits);
    // One transposition table for the claim check, the search from the root and the
    // tree: what the claim proves along its line the search finds there.
    let known = Known::fresh(tables.clone(), limits);
    let mut claim = match claim {
        Some(text) if !text.trim().is_empty() => claim::check_in(
            pos,
            stip,
            cond,
            text,
            notation,
            &remaining(limits, t0, 2),
            &known,
        ),
        _ => ClaimCheck::none(),
    };
    let mut report = root::solve(pos, stip, cond, &remaining(limits, t0, 1), &known);
    // A root position inside a table: its exact distance.
    if let Some(t) = &tables {
        if let Some((crate::retro::Value::Win, plies)) = t.probe(pos) {
            if stip.goal == Goal::Win && cond.is_plain() {
                report.table_distance = Some(plies.div_ceil(2).max(1));
                if !stip.exact {
                    report.shortest = report.table_distance;
                }
            }
        }
    }
    if claim.status == ClaimStatus::Ok && !stip.exact {
        let used = claim.filled.len().div_ceil(2) as u32;
        if let Some(k) = report.shortest.filter(|&k| k < used) {
            claim.remarks.push(format!(
                "a shorter win exists: the goal can be forced in {k}"
            ));
        }
    }
    // A claim checked in full is a proof on its own: it settles long problems that the
    // search from the root could not finish.
    if claim.proves_solvable && report.solvable != Solvable::Yes {
        report.solvable = Solvable::Yes;
        if let Some(first) = claim.filled.first() {
            if let Ok(m) = crate::notation::parse_move(pos, first) {
                let c = Played::of(pos, &m);
                if !report.keys.contains(&c) {
                    report.keys.push(c);
                }
                if report.main_line.is_empty() {
                    report.main_line = claimed_line(pos, &claim.filled);
                    let k = claim.filled.len().div_ceil(2) as u32;
                    let (tree, cut) = lines::tree_for_key(
                        pos,
                        stip,
                        cond,
                        &remaining(limits, t0, 1),
                        m,
                        k,
                        &known,
                    );
                    report.tree = tree;
                    report.tree_truncated = cut;
                }
            }
        }
    }
    // A main line that the limit cut short (play still going on at its end) gives way
    // to the claim's line when that was checked in full: the water wheel's search runs
    // out of time two plies into its 36 moves, the manuscript's line is proven.
    if claim.proves_solvable
        && !report.main_line.is_empty()
        && lines::ends_open(pos, &report.main_line)
    {
        report.main_line = claimed_line(pos, &claim.filled);
    }
    // The second look under continual check is another question, reported beside the
    // answer: an extra, on the pool's nodes (none of the problem's shared count).
    let continual_check = continual::second_look(pos, stip, cond, limits, &report);
    let written = Written::san(pos, &report, continual_check.as_ref());
    Analysis {
        written,
        report,
        claim,
        diagram: diagram(pos),
        fen: pos.to_fen(),
        continual_check,
        extras_left_out: (limits.extras_pool.as_deref()).map_or(vec![], |p| p.left_out()),
        tables_refused: tables.map(|t| t.refused()).unwrap_or_default(),
    }
}

/// Checks a claimed solution alone (no search from the root): the cheap way to ask
/// whether a manuscript line is right, read in `notation`.
pub fn check_claim(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: &str,
    notation: crate::notation::Notation,
    limits: &Limits,
) -> Result<ClaimCheck, SolveError> {
    with_engine!(engine, e => {
        let pos = Position::from_fen(e.clone(), fen)?;
        let cond = resolve_conditions(&pos, spec)?;
        let tables = tables_for(&pos, stip, &cond, limits);
        if stip.goal == Goal::Draw {
            return Ok(super::check_draw_line(&pos, claim, notation, tables.as_deref()));
        }
        let known = Known::fresh(tables, limits);
        Ok(claim::check_in(&pos, stip, &cond, claim, notation, limits, &known))
    })
}

/// A text diagram, White at the bottom, stacks shown as `[QP]`-style groups.
pub fn diagram<B: Bits>(pos: &Position<B>) -> String {
    let e = &*pos.eng;
    let g = e.geo;
    let mut s = String::new();
    for r in (0..g.height).rev() {
        s.push_str(&format!("{:>2} ", r + 1));
        for f in 0..g.width {
            let sq = g.square(f, r);
            let men = pos.men_on(sq);
            let cell: String = if men.is_empty() {
                if g.is_light(sq) {
                    " . ".into()
                } else {
                    " : ".into()
                }
            } else {
                let l: String = men
                    .iter()
                    .map(|(c, k)| {
                        let l = e.rules.pieces[*k as usize].letter;
                        if *c == crate::board::piece::Color::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        }
                    })
                    .collect();
                if l.len() == 1 {
                    format!(" {l} ")
                } else {
                    format!("{l:^3}")
                }
            };
            s.push_str(&cell);
        }
        s.push('\n');
    }
    s.push_str("   ");
    for f in 0..g.width {
        s.push_str(&format!(" {} ", (b'a' + f) as char));
    }
    s.push('\n');
    s.push_str(&format!("{} to move\n", pos.side.name()));
    s
}
