//! The cheap tests before the full search, for a problem with a claimed solution. A
//! repair must make the claim check `ok` and play to its written end, so:
//!
//! 1. the claim is read move by move in the candidate, without any search: an attacker's
//!    written move that no longer reads as a legal move (or comes after the game is over)
//!    discards the candidate. The reading gives up, letting the candidate through, at the
//!    first move it cannot settle alone (an ambiguous text, `~`, a defence the manuscript
//!    may have left out);
//! 2. the claim is checked as `verify` checks it, with the proofs along its own line only
//!    (no search from the root): where the old refutation (or another defence) still
//!    holds, or the line no longer ends in the goal at its written length, the candidate
//!    is discarded.
//!
//! Only definite answers discard: a check a limit cut short lets the candidate through.

use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::position::Position;
use crate::notation::Notation;
use crate::solve::{check_claim, ClaimStatus, ConditionSpec, Limits, Stipulation};
use crate::with_engine;

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

/// Test 1: the first written attacker's move that does not read in `pos`, or `None`.
fn unreadable<B: Bits>(pos: &Position<B>, claim: &str, notation: Notation) -> Option<String> {
    let attacker = pos.side;
    let mut p = pos.clone();
    for (i, tok) in crate::notation::parse_solution(claim)
        .main
        .iter()
        .enumerate()
    {
        // A defence left out (the manuscript numbers the attacker's move next): the check
        // fills it in, this reading cannot.
        let written_attacker = tok.move_number.is_some()
            && tok.black_marker == (attacker == crate::board::piece::Color::Black);
        if tok.any || (p.side != attacker && written_attacker) {
            return None;
        }
        match crate::notation::parse_move_in(&p, &tok.text, notation) {
            Ok(m) => {
                p.make(m);
            }
            Err(e) if p.side == attacker => {
                return match e {
                    crate::notation::NotationError::Ambiguous { .. } => None,
                    _ => Some(format!("claim illegal at ply {}: {e}", i + 1)),
                };
            }
            Err(_) => return None,
        }
    }
    None
}

/// Why a candidate is discarded before the full search (`cheap`: by test 1), or `None`
/// when it goes on.
pub fn discard(
    engine: &AnyEngine,
    fen: &str,
    kept: Kept,
    limits: &Limits,
) -> Option<(bool, String)> {
    let claim = kept.claim.filter(|c| !c.trim().is_empty())?;
    let read = with_engine!(engine, e => Position::from_fen(e.clone(), fen)
        .ok()
        .and_then(|p| unreadable(&p, claim, kept.notation)));
    if let Some(why) = read {
        return Some((true, why));
    }
    let mut l = limits.clone();
    l.progress = crate::batch::Progress::none();
    let checked = check_claim(engine, fen, kept.stip, kept.spec, claim, kept.notation, &l);
    match checked {
        Err(e) => Some(format!("the conditions do not apply: {e}")),
        Ok(c) => match c.status {
            ClaimStatus::Illegal => Some(format!("claim illegal: {}", c.detail)),
            ClaimStatus::Refuted => Some(format!("claim refuted: {}", c.detail)),
            ClaimStatus::Incomplete => Some(format!("claim incomplete: {}", c.detail)),
            ClaimStatus::Ok if !super::judge::claim_played_out(&c, claim) => {
                Some("the claim reaches the goal before its written end".into())
            }
            ClaimStatus::Ok | ClaimStatus::None | ClaimStatus::Unfinished => None,
        },
    }
    .map(|why| (false, why))
}
