//! A problem file's problem repaired under the rules it runs under, taken the one way
//! every command takes them ([`Engines::for_problem`]): its own (`rules` with its
//! `rules_set` knobs) or the rules a row or the user names.

use super::{repair, Kept, Options, RepairError, RepairReport, Task};
use crate::problem::Engines;
use crate::problem::Problem;

/// Repairs `p` under its own rules (`rules` None) or the rules named (see
/// [`Engines::for_problem`]), its engine taken from `engines`.
pub fn repair_problem(
    p: &Problem,
    engines: &Engines,
    rules: Option<&str>,
    opt: &Options,
) -> Result<RepairReport, RepairError> {
    let engine = engines.for_problem(p, rules)?;
    let task = Task {
        engine: &engine,
        fen: &p.fen,
        kept: kept_of(p),
        sides: &p.sides,
    };
    repair(&task, opt)
}

/// What every candidate keeps of `p`: its stipulation, conditions and written solution.
pub fn kept_of(p: &Problem) -> Kept<'_> {
    Kept {
        stip: &p.stipulation,
        spec: &p.conditions,
        claim: p.solution.as_deref(),
        notation: p.notation,
    }
}
