//! A problem file's problem repaired, or its illegible squares filled, under the rules
//! it runs under, taken the one way every command takes them ([`Engines::for_problem`]):
//! its own (`rules` with its `rules_set` knobs) or the rules a row or the user names.

use super::reconstruct::{reconstruct, Asked, Reconstruction};
use super::{repair, Kept, Options, ReconstructError, RepairError, RepairReport, Task};
use crate::problem::Engines;
use crate::problem::{Problem, ProblemError};

/// Why a problem's illegible squares were not filled.
#[derive(Debug, thiserror::Error)]
pub enum ReconstructProblemError {
    /// Its rules do not resolve or compile (said at its file and line).
    #[error("{0}")]
    Rules(Box<ProblemError>),
    /// The reconstruction refused or stopped.
    #[error("{0}")]
    Reconstruct(ReconstructError),
}

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

/// Fills the squares `asked` names of `p`, under its own rules (see
/// [`Engines::for_problem`]), its engine taken from `engines`.
pub fn reconstruct_problem(
    p: &Problem,
    engines: &Engines,
    asked: &Asked,
    opt: &Options,
) -> Result<Reconstruction, ReconstructProblemError> {
    let engine = engines
        .for_problem(p, None)
        .map_err(|e| ReconstructProblemError::Rules(Box::new(p.error(e.key(), e.to_string()))))?;
    let task = Task {
        engine: &engine,
        fen: &p.fen,
        kept: kept_of(p),
        sides: &p.sides,
    };
    reconstruct(&task, asked, opt).map_err(ReconstructProblemError::Reconstruct)
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
