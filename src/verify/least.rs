//! The least number of moves that does win: for an unsound `#N` or `win N` (not exact,
//! not under dice; never for `draw`), the same position posed in N+1, N+2, … moves (up to [`LONGER_BY`]
//! more, or as many as [`Limits::least_win`] says), until one is solvable. An extra
//! ([`crate::solve::ExtrasPool`]): the attempts draw on what the problem's extras have
//! left of their share of the verdict's cost, never past the row's own timeout; an attempt
//! that share cuts short leaves the answer unsettled (`None`, and the row names
//! `least_win` among what was left out), as does no win within the bound.

use crate::analyse::analyse_in;
use crate::board::compiled::AnyEngine;
use crate::problem::Problem;
use crate::solve::{ConditionSpec, Extra, Goal, Limits, Solvable};

/// How many moves beyond the problem's are tried unless [`Limits::least_win`] says.
pub const LONGER_BY: u32 = 3;

/// The least N' > N within which the side to move forces the goal of `p` from `fen`
/// (under `conditions`), or `None` when no attempt up to N + [`LONGER_BY`] proves one or
/// the extras' share stops an attempt first. `limits`: the problem's own, whose pool
/// ([`Limits::extras_pool`]) the verdict has granted.
pub fn least_win(
    eng: &AnyEngine,
    p: &Problem,
    (fen, conditions): (&str, &ConditionSpec),
    limits: &Limits,
) -> Option<u32> {
    let s = p.stipulation;
    let longer = limits.least_win.unwrap_or(LONGER_BY);
    // The play families (h#, s#, ser-...) and `draw` have no least win: their verdict is
    // the answer.
    if s.exact
        || s.play.is_some()
        || s.goal == Goal::Draw
        || longer == 0
        || eng.rules().dice.is_some()
    {
        return None;
    }
    let pool = limits.extras_pool.as_deref()?;
    for moves in s.moves + 1..=(s.moves + longer).min(200) {
        let mut l = pool.step(limits, Extra::LeastWin)?;
        l.progress = crate::batch::Progress::none();
        l.refutations = Some(0);
        let stip = s.with_moves(moves);
        let a = analyse_in(eng, fen, &stip, conditions, None, p.notation, &l).ok()?;
        pool.spend(a.report.nodes);
        match a.report.solvable {
            Solvable::Yes => return Some(moves),
            Solvable::No => continue,
            Solvable::Unknown => {
                pool.leave_out(Extra::LeastWin);
                return None;
            }
        }
    }
    None
}
