//! Conditions as a problem file writes them, and resolved against a board.

use super::SolveError;
use crate::board::bits::Bits;
use crate::board::geometry::Square;
use crate::board::piece::Kind;
use crate::board::position::Position;

/// Conditions as a problem file writes them (strings are resolved against the board).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ConditionSpec {
    /// A piece letter, or a square naming the man standing there at the start.
    pub mate_by: Option<String>,
    /// Squares where the mated king must stand.
    pub mate_on: Vec<String>,
    /// Squares where the mating man must stand.
    pub mate_from: Vec<String>,
    /// The defender must capture whenever it can.
    pub covetous: bool,
    /// The attacker may not capture.
    pub attacker_no_capture: bool,
    /// Squares whose men may not move.
    pub immobile: Vec<String>,
    /// Continual check: every attacker move must give check.
    pub checks: bool,
}

/// Who must give the mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MateBy {
    /// Any man of this kind.
    Kind(Kind),
    /// The very man that stood on this square at the start (tracked through the line).
    Man(Square),
}

/// Conditions resolved against a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conditions {
    /// Who must give the mate (None: any man).
    pub mate_by: Option<MateBy>,
    /// Squares one of which the mated king must stand on (empty: any).
    pub mate_on: Vec<Square>,
    /// Squares one of which the mating man (a man giving the mating check, of the
    /// `mate_by` kind or the tracked man if one is named) must stand on.
    pub mate_from: Vec<Square>,
    /// The defender must capture whenever it can.
    pub covetous: bool,
    /// The attacker may not capture.
    pub attacker_no_capture: bool,
    /// Squares, each holding a man at the start, whose men may not move.
    pub immobile: Vec<Square>,
    /// Continual check: every attacker move must give check (a win found under it is
    /// a win without it too; a failure is a failure under the condition only).
    pub checks: bool,
}

impl Conditions {
    /// True when no condition applies.
    pub fn is_plain(&self) -> bool {
        *self == Conditions::default()
    }
}

/// Resolves written conditions against a position.
pub fn resolve_conditions<B: Bits>(
    pos: &Position<B>,
    spec: &ConditionSpec,
) -> Result<Conditions, SolveError> {
    let g = pos.eng.geo;
    let mut c = Conditions {
        covetous: spec.covetous,
        attacker_no_capture: spec.attacker_no_capture,
        checks: spec.checks,
        ..Default::default()
    };
    if let Some(mb) = &spec.mate_by {
        let t = mb.trim();
        c.mate_by = Some(if let Some(sq) = g.parse(t) {
            if pos.kind_at(pos.side, sq as usize).is_none() {
                return Err(SolveError::MateBy(mb.clone()));
            }
            MateBy::Man(sq)
        } else if t.chars().count() == 1 {
            let ch = t.chars().next().unwrap();
            let k = pos
                .eng
                .rules
                .kind_of(ch)
                .ok_or_else(|| SolveError::MateBy(mb.clone()))?;
            MateBy::Kind(k)
        } else {
            return Err(SolveError::MateBy(mb.clone()));
        });
    }
    c.mate_on = crate::board::squareset::expand_squares(&spec.mate_on, &g)
        .map_err(|e| SolveError::MateOn(e.0))?;
    c.mate_from = crate::board::squareset::expand_squares(&spec.mate_from, &g)
        .map_err(|e| SolveError::MateFrom(e.0))?;
    for s in &spec.immobile {
        let sq = g
            .parse(s.trim())
            .ok_or_else(|| SolveError::Immobile(s.clone()))?;
        if !pos.occ.has(sq as usize) {
            return Err(SolveError::Immobile(s.clone()));
        }
        c.immobile.push(sq);
    }
    Ok(c)
}
