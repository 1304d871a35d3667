//! Checking a claimed (manuscript) solution.

use super::search::SolveReport;
use super::{Conditions, Limits, Stipulation};
use crate::bits::Bits;
use crate::position::Position;
use serde::Serialize;

/// The first word of `solution_check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimStatus {
    /// The claimed line is a correct solution.
    Ok,
    /// A defence the claim ignores refutes it (or a shorter win / dual is reported).
    Refuted,
    /// A claimed move is illegal or does not parse.
    Illegal,
    /// The line is legal but does not reach the goal.
    Incomplete,
    /// No claim was given.
    None,
}

impl ClaimStatus {
    /// The CSV word.
    pub fn word(&self) -> &'static str {
        match self {
            ClaimStatus::Ok => "ok",
            ClaimStatus::Refuted => "refuted",
            ClaimStatus::Illegal => "illegal",
            ClaimStatus::Incomplete => "incomplete",
            ClaimStatus::None => "none",
        }
    }
}

/// The claimed solution's check.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimCheck {
    /// Status word.
    pub status: ClaimStatus,
    /// Detail for a person (the refuting defence in coordinates, the illegal move and why).
    pub detail: String,
    /// The claimed line with omitted forced replies filled in, in SAN.
    pub filled: Vec<String>,
    /// Remarks that do not make the claim wrong: a shorter win, duals.
    pub remarks: Vec<String>,
}

impl ClaimCheck {
    /// No claim.
    pub fn none() -> Self {
        ClaimCheck {
            status: ClaimStatus::None,
            detail: String::new(),
            filled: vec![],
            remarks: vec![],
        }
    }
    /// `word detail` as the CSV writes it.
    pub fn csv_text(&self) -> String {
        if self.detail.is_empty() {
            self.status.word().to_string()
        } else {
            format!("{} {}", self.status.word(), self.detail)
        }
    }
}

/// Checks a claim (stub until the checker lands).
pub fn check<B: Bits>(
    _pos: &Position<B>,
    _stip: &Stipulation,
    _cond: &Conditions,
    _text: &str,
    _limits: &Limits,
    _report: &SolveReport,
) -> ClaimCheck {
    ClaimCheck::none()
}
