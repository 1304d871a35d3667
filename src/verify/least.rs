//! The least number of moves that does win: for an unsound `#N` or `win N` (not exact,
//! not under dice), the same position posed in N+1, N+2, … moves (up to
//! [`LONGER_BY`] more, or as many as [`Limits::least_win`] says), until one is solvable. The
//! attempts share what is left of the row's own timeout (counted from the row's start, so
//! the row's search has spent part of it) and the problem's node limit; an attempt a limit
//! cuts short leaves the answer unsettled (`None`), as does no win within the bound.

use crate::analyse::analyse_in;
use crate::board::compiled::AnyEngine;
use crate::problem::Problem;
use crate::solve::{ConditionSpec, Limits, Solvable, Stipulation};
use std::time::Instant;

/// How many moves beyond the problem's are tried unless [`Limits::least_win`] says.
pub const LONGER_BY: u32 = 3;

/// The least N' > N within which the side to move forces the goal of `p` from `fen`
/// (under `conditions`), or `None` when no attempt up to N + [`LONGER_BY`] proves one or
/// a limit stops an attempt first. `started`: when the row began; its timeout runs from
/// then.
pub fn least_win(
    eng: &AnyEngine,
    p: &Problem,
    (fen, conditions): (&str, &ConditionSpec),
    limits: &Limits,
    started: Instant,
) -> Option<u32> {
    let s = p.stipulation;
    let longer = limits.least_win.unwrap_or(LONGER_BY);
    if s.exact || longer == 0 || p.own_rules().ok()?.dice.is_some() {
        return None;
    }
    // From the row's start: counted from here, a row whose search had used most of its
    // timeout went on for a whole timeout more (`sp-s24-143b` at 60 s took 61 s).
    let deadline = limits.timeout.and_then(|t| started.checked_add(t));
    for moves in s.moves + 1..=(s.moves + longer).min(200) {
        let mut l = limits.clone();
        l.progress = crate::batch::Progress::none();
        l.refutations = Some(0);
        if let Some(d) = deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            l.timeout = Some(left);
        }
        let stip = Stipulation { moves, ..s };
        let a = analyse_in(eng, fen, &stip, conditions, None, p.notation, &l).ok()?;
        match a.report.solvable {
            Solvable::Yes => return Some(moves),
            Solvable::No => continue,
            Solvable::Unknown => return None,
        }
    }
    None
}
