//! What a solve says about a problem as the repair sees it: the original's fault, and
//! whether a candidate is a repair. A limit never makes a repair: a candidate whose search
//! or claim check a limit cut short is `unknown`.

use crate::solve::{Analysis, ClaimStatus, Solvable};
use serde::Serialize;

/// What is wrong with the original.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fault {
    /// No first move forces the stipulation.
    Unsound,
    /// More than one key.
    Cooked,
    /// Solvable with one key, but the claimed solution is refuted, illegal or incomplete.
    ClaimWrong,
}

impl Fault {
    /// The verdict word of the original.
    pub fn word(&self) -> &'static str {
        match self {
            Fault::Unsound => "unsound",
            Fault::Cooked => "cooked",
            Fault::ClaimWrong => "claim-wrong",
        }
    }

    /// The kind of repair that mends this fault.
    pub fn repair_kind(&self) -> &'static str {
        match self {
            Fault::Unsound => "refutation removed",
            Fault::Cooked => "cook removed",
            Fault::ClaimWrong => "claim made to work",
        }
    }
}

fn claim_wrong(a: &Analysis) -> bool {
    matches!(
        a.claim.status,
        ClaimStatus::Refuted | ClaimStatus::Illegal | ClaimStatus::Incomplete
    )
}

/// The original's fault; `Ok(None)` when it is sound, `Err` (the limit) when a limit left
/// its verdict open.
pub fn fault(a: &Analysis, has_claim: bool) -> Result<Option<Fault>, String> {
    let r = &a.report;
    let open = || {
        Err(r
            .limit_hit
            .clone()
            .unwrap_or_else(|| "the claim check was cut short".into()))
    };
    if r.solvable == Solvable::No {
        return Ok(Some(Fault::Unsound));
    }
    if r.solvable == Solvable::Yes && r.keys.len() > 1 {
        return Ok(Some(Fault::Cooked));
    }
    if has_claim && claim_wrong(a) {
        return Ok(Some(Fault::ClaimWrong));
    }
    if r.solvable == Solvable::Unknown || !r.keys_complete {
        return open();
    }
    if has_claim && a.claim.status != ClaimStatus::Ok {
        return open();
    }
    Ok(None)
}

/// A candidate's solve, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Sound as the problem asks: solvable within N, exactly one key (proven), the claim
    /// (if there is one) checks `ok`.
    Repair,
    /// A limit stopped the search or the claim check first (the limit named).
    Unknown(String),
    /// Not a repair: its verdict word.
    Fails(&'static str),
}

/// True when the claimed line was played to its end: every move the manuscript writes
/// was made (the line did not reach the goal before the claimed length).
pub fn claim_played_out(c: &crate::solve::ClaimCheck, claim: &str) -> bool {
    let written = crate::notation::parse_solution(claim).main.len();
    let played = c.inserted.iter().filter(|&&i| !i).count();
    played >= written
}

/// Judges a candidate's analysis against the problem's claim (if any): a repair must
/// also keep the claim's length, its line ending in the goal at the last written move.
pub fn judge(a: &Analysis, claim: Option<&str>) -> Judgement {
    let claim = claim.filter(|c| !c.trim().is_empty());
    match fault(a, claim.is_some()) {
        Ok(None) if claim.is_some_and(|c| !claim_played_out(&a.claim, c)) => {
            Judgement::Fails("claim-short")
        }
        Ok(None) => Judgement::Repair,
        Ok(Some(f)) => Judgement::Fails(f.word()),
        Err(limit) => Judgement::Unknown(limit),
    }
}
