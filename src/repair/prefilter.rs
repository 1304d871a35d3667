//! The cheap test before the full search, for a problem with a claimed solution: the
//! claim is replayed in the candidate, move by move, with only the proofs along its own
//! line (no search from the root). A repair must make the claim check `ok`, so a candidate
//! where a claimed move is illegal, where the old refutation (or another defence) still
//! holds, or where the line no longer ends in the goal is discarded here. Only definite
//! answers discard: a check a limit cut short lets the candidate through to the full solve.

use crate::board::any::AnyEngine;
use crate::notation::Notation;
use crate::solve::{check_claim, ClaimStatus, ConditionSpec, Limits, Stipulation};

/// The problem a candidate keeps from the original: the stipulation, the conditions and
/// the claim.
#[derive(Clone, Copy)]
pub struct Kept<'a> {
    /// The task.
    pub stip: &'a Stipulation,
    /// The conditions, as written.
    pub spec: &'a ConditionSpec,
    /// The claimed solution.
    pub claim: Option<&'a str>,
    /// The claim's notation.
    pub notation: Notation,
}

/// Why a candidate is discarded before the full search, or `None` when it goes on.
pub fn discard(engine: &AnyEngine, fen: &str, kept: Kept, limits: &Limits) -> Option<String> {
    let claim = kept.claim?;
    let mut l = limits.clone();
    l.progress = false;
    match check_claim(engine, fen, kept.stip, kept.spec, claim, kept.notation, &l) {
        Err(e) => Some(format!("the conditions do not apply: {e}")),
        Ok(c) => match c.status {
            ClaimStatus::Illegal => Some(format!("claim illegal: {}", c.detail)),
            ClaimStatus::Refuted => Some(format!("claim refuted: {}", c.detail)),
            ClaimStatus::Incomplete => Some(format!("claim incomplete: {}", c.detail)),
            ClaimStatus::Ok | ClaimStatus::None => None,
        },
    }
}
