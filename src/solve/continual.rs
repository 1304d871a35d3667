//! A second look at an open mate problem: the same question under continual check.
//!
//! Many manuscript solutions run entirely in checks, and the unrestricted question of a
//! long problem (is any other first move a win within N?) can be out of reach where the
//! same question with every attacker move a check is settled in milliseconds (the water
//! wheel, #36). When the search leaves a mate problem open, it is asked again under the
//! continual-check condition and the answer is reported beside the verdict, never in
//! place of it: a key found there is a real key, but a "no" there only says that no chain
//! of checks wins.

use super::line::Played;
use super::refutation::{Refutation, WrittenRefutation};
use super::verdict::{Solvable, SolveReport};
use super::{root, Conditions, Extra, Goal, Limits, Stipulation, Written};
use crate::board::bits::Bits;
use crate::board::position::Position;
use serde::{Deserialize, Serialize};

/// The answer to the problem's question with every attacker move a check.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ContinualCheck {
    /// Yes / no / unknown under continual check.
    pub solvable: Solvable,
    /// The keys under continual check (in SAN in [`Written::continual_keys`]).
    pub keys: Vec<Played>,
    /// True when no other checking first move wins within N.
    pub keys_complete: bool,
    /// The least N by checks alone, when proven.
    pub shortest: Option<u32>,
    /// For "no": the strongest chain of checks and the defence that stops it (written out
    /// in [`Written::continual_refutation`]).
    pub refutation: Option<Refutation>,
    /// Wall time of this second look.
    pub millis: u64,
}

/// The second look as the JSON shows it: [`ContinualCheck`] with its keys and refutation
/// as written.
#[derive(Clone, Debug, Serialize)]
pub struct ContinualShown<'a> {
    /// Yes / no / unknown under continual check.
    pub solvable: Solvable,
    /// The keys under continual check, in SAN.
    pub keys: &'a [String],
    /// True when no other checking first move wins within N.
    pub keys_complete: bool,
    /// The least N by checks alone, when proven.
    pub shortest: Option<u32>,
    /// For "no": the strongest chain of checks and the defence that stops it.
    pub refutation: Option<&'a WrittenRefutation>,
    /// Wall time of this second look.
    pub millis: u64,
}

impl ContinualCheck {
    /// The second look with its keys and refutation as `written` has them.
    pub fn shown<'a>(&self, written: &'a Written) -> ContinualShown<'a> {
        ContinualShown {
            solvable: self.solvable,
            keys: &written.continual_keys,
            keys_complete: self.keys_complete,
            shortest: self.shortest,
            refutation: written.continual_refutation.as_ref(),
            millis: self.millis,
        }
    }
}

/// Asks the question again under continual check when the search left a mate problem
/// open (`None` when it did not, or the problem already has the condition), as an extra
/// on what the problem's pool has left ([`super::ExtrasPool`]; `None` too when nothing is).
pub(super) fn second_look<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    report: &SolveReport,
) -> Option<ContinualCheck> {
    let open = report.solvable == Solvable::Unknown
        || report.solvable == Solvable::Yes && !report.keys_complete;
    if stip.goal != Goal::Mate || cond.checks || !open || cancelled(limits) {
        return None;
    }
    // An extra: it draws on the problem's pool ([`Limits::for_one_problem`] made it).
    let pool = limits.extras_pool.as_deref()?;
    let limits = &Limits {
        // Its refutation (for "no") is part of its answer: the second look has extras of
        // its own, on its share of what it costs.
        extras: limits.extras,
        ..pool.step(limits, Extra::ContinualCheck)?
    };
    let checks = Conditions {
        checks: true,
        ..cond.clone()
    };
    let r = root::solve(
        pos,
        stip,
        &checks,
        limits,
        &super::endgames::Known::fresh(None, limits),
    );
    pool.spend(r.nodes);
    if r.limit_hit.is_some() {
        pool.leave_out(Extra::ContinualCheck);
    }
    Some(ContinualCheck {
        solvable: r.solvable,
        keys: r.keys,
        keys_complete: r.keys_complete,
        shortest: r.shortest,
        refutation: r.refutation,
        millis: r.millis,
    })
}

/// Ctrl-C (or another cancel) already asked the run to stop.
fn cancelled(limits: &Limits) -> bool {
    (limits.cancel.as_ref()).is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
}
