//! Checking a claimed (manuscript) solution.
//!
//! The claim is replayed move by move. Omitted forced replies (the defender has a single
//! legal move) are filled in. At every defender node along the line, each defence the claim
//! does not follow is proven to lose within the moves left (a proof search from that node
//! only); the claimed defence is followed by the claim itself. So a long line of checks is
//! verified without the full search from the root, and a correct claim alone proves the
//! problem solvable. The first failure is reported: an illegal or unreadable move, a
//! defence that holds, or a line that stops short of the goal.

use super::budget::Budget;
use super::searcher::Searcher;
use super::{Conditions, Limits, Stipulation};
use crate::bits::Bits;
use crate::movegen::MoveList;
use crate::notation::{self, Token};
use crate::outcome::Outcome;
use crate::position::{Move, Position};
use serde::Serialize;

/// The first word of `solution_check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimStatus {
    /// The claimed line is a correct solution.
    Ok,
    /// A defence the claim ignores holds.
    Refuted,
    /// A claimed move is illegal or does not parse.
    Illegal,
    /// The line is legal but does not reach the goal (in time).
    Incomplete,
    /// No claim was given, or a limit stopped the check.
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
    /// Remarks that do not make the claim wrong: filled replies, a shorter win, duals.
    pub remarks: Vec<String>,
    /// True when the claim, checked in full, proves the goal forced.
    pub proves_solvable: bool,
}

impl ClaimCheck {
    /// No claim.
    pub fn none() -> Self {
        ClaimCheck {
            status: ClaimStatus::None,
            detail: String::new(),
            filled: vec![],
            remarks: vec![],
            proves_solvable: false,
        }
    }
    fn with(
        status: ClaimStatus,
        detail: String,
        filled: Vec<String>,
        remarks: Vec<String>,
    ) -> Self {
        ClaimCheck {
            status,
            detail,
            filled,
            remarks,
            proves_solvable: false,
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

/// Node budget of the dual search along a claimed line (besides a quarter of the time
/// limit): enough to settle every dual of Dilaram's Legacy's eight moves.
const DUAL_NODES: u64 = 50_000_000;

/// "3.Rh8+" or "3...Kxh8": a ply's label in the claim's own numbering.
fn label(ply: usize, san: &str) -> String {
    let mv = ply / 2 + 1;
    if ply.is_multiple_of(2) {
        format!("{mv}.{san}")
    } else {
        format!("{mv}...{san}")
    }
}

/// Checks a claim against the position and stipulation.
pub fn check<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    text: &str,
    limits: &Limits,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
) -> ClaimCheck {
    let tokens: Vec<Token> = notation::parse_line(text);
    if tokens.is_empty() {
        return ClaimCheck::with(
            ClaimStatus::Illegal,
            format!(
                "no move could be read in the solution text '{}'",
                text.trim()
            ),
            vec![],
            vec![],
        );
    }
    let budget = Budget::new(limits);
    let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
    // Duals are remarks, not verdicts: they get a budget of their own so that a costly dual
    // search never stops the check of the line itself.
    let dual_limits = Limits {
        timeout: limits.timeout.map(|t| t / 4),
        max_nodes: Some(limits.max_nodes.map_or(DUAL_NODES, |m| m.min(DUAL_NODES))),
        cancel: limits.cancel.clone(),
        progress: false,
        tables_dir: None,
        auto_tables: false,
        method: limits.method,
    };
    let dual_budget = Budget::new(&dual_limits);
    let mut ds = Searcher::new(pos, *stip, cond, &dual_budget).with_tables(tables);
    let mut p = pos.clone();
    let attacker = p.side;
    let n = stip.moves;
    let mut tracked = s.initial_track();
    let mut filled: Vec<String> = vec![];
    let mut remarks: Vec<String> = vec![];
    let mut ply = 0usize; // plies played along the claim
    let mut ti = 0usize;
    let mut dual_budget_left = true;
    loop {
        let mut list = MoveList::new();
        let legal = s.moves(&mut p, &mut list);
        let out = if legal > 0 && list.is_empty() {
            Outcome::Ongoing
        } else {
            p.outcome_with(&list)
        };
        let attacker_moves_made = ply.div_ceil(2) as u32;
        if out != Outcome::Ongoing {
            // The game is over: did the claim reach the goal in time?
            let reached = out.winner() == Some(attacker) && goal_ok(&s, &p, &out, tracked);
            let extra: Vec<&Token> = tokens[ti..].iter().collect();
            if !extra.is_empty() {
                remarks.push(format!(
                    "moves after the end of play ignored: {}",
                    extra
                        .iter()
                        .map(|t| t.text.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
            if !reached {
                return ClaimCheck::with(
                    ClaimStatus::Incomplete,
                    format!(
                        "the line ends in '{}', not the goal ({stip})",
                        out.describe()
                    ),
                    filled,
                    remarks,
                );
            }
            if attacker_moves_made > n {
                return ClaimCheck::with(
                    ClaimStatus::Incomplete,
                    format!(
                        "the goal comes on move {attacker_moves_made}, after the stipulated {n}"
                    ),
                    filled,
                    remarks,
                );
            }
            if stip.exact && attacker_moves_made < n {
                return ClaimCheck::with(
                    ClaimStatus::Incomplete,
                    format!("the goal comes on move {attacker_moves_made}, before the exact {n}"),
                    filled,
                    remarks,
                );
            }
            let mut c = ClaimCheck::with(ClaimStatus::Ok, String::new(), filled, remarks);
            c.proves_solvable = true;
            return c;
        }
        let attacker_turn = p.side == attacker;
        if ti >= tokens.len() {
            // The claim stops while play goes on. A bare king whose every reply loses (no
            // baring back) was beaten by the last move: the goal is reached.
            if !attacker_turn
                && attacker_moves_made <= n
                && s.defend(&mut p, 0, tracked) == Some(true)
            {
                if stip.exact && attacker_moves_made < n {
                    return ClaimCheck::with(
                        ClaimStatus::Incomplete,
                        format!(
                            "the goal comes on move {attacker_moves_made}, before the exact {n}"
                        ),
                        filled,
                        remarks,
                    );
                }
                remarks.push("the bare king's reply cannot bare back: won".into());
                let mut c = ClaimCheck::with(ClaimStatus::Ok, String::new(), filled, remarks);
                c.proves_solvable = true;
                return c;
            }
            // Otherwise forced replies are filled in, or the line is incomplete.
            if !attacker_turn && list.len() == 1 {
                let m = list.as_slice()[0];
                let san = notation::san(&p, &m);
                remarks.push(format!("forced reply {} filled in", label(ply, &san)));
                filled.push(san);
                tracked = s.track_pub(&p, &m, tracked);
                p.make(m);
                ply += 1;
                continue;
            }
            return ClaimCheck::with(
                ClaimStatus::Incomplete,
                format!(
                    "the solution stops after {} moves without reaching the goal ({stip})",
                    attacker_moves_made
                ),
                filled,
                remarks,
            );
        }
        let tok = &tokens[ti];
        if !attacker_turn && attacker_moves_made > n {
            return ClaimCheck::with(
                ClaimStatus::Incomplete,
                format!("the line goes past the stipulated {n} moves without reaching the goal"),
                filled,
                remarks,
            );
        }
        if !attacker_turn && list.is_empty() {
            return ClaimCheck::with(
                ClaimStatus::Incomplete,
                format!(
                    "{}: the defender has no move the conditions allow",
                    label(ply, &tok.text)
                ),
                filled,
                remarks,
            );
        }
        if !attacker_turn {
            // Does the claim go on with an attacker move here (a forced reply left out)?
            let looks_attacker =
                tok.numbered && !tok.black_marker && ply > 0 && tok.move_number.is_some();
            let parsed = if tok.any {
                None
            } else {
                notation::parse_move(&p, &tok.text).ok()
            };
            let parsed = parsed.filter(|m| list.as_slice().contains(m));
            if (parsed.is_none() || looks_attacker) && list.len() == 1 {
                let m = list.as_slice()[0];
                let san = notation::san(&p, &m);
                if parsed != Some(m) {
                    remarks.push(format!("forced reply {} filled in", label(ply, &san)));
                    filled.push(san);
                    tracked = s.track_pub(&p, &m, tracked);
                    p.make(m);
                    ply += 1;
                    continue;
                }
            }
            // Every defence the claim does not follow must lose within the moves left.
            let left = n.saturating_sub(attacker_moves_made);
            let followed = if tok.any { None } else { parsed };
            if !tok.any && followed.is_none() {
                let why = match notation::parse_move(&p, &tok.text) {
                    Err(e) => e.to_string(),
                    Ok(_) => "not allowed under the problem's conditions".into(),
                };
                return ClaimCheck::with(
                    ClaimStatus::Illegal,
                    format!("{}: {why}", label(ply, &tok.text)),
                    filled,
                    remarks,
                );
            }
            for &d in list.as_slice() {
                if Some(d) == followed {
                    continue;
                }
                let nt = s.track_pub(&p, &d, tracked);
                let u = p.make(d);
                let r = s.attack(&mut p, left, nt);
                p.unmake(d, u);
                match r {
                    Some(true) => {}
                    Some(false) => {
                        let ctx = if filled.is_empty() {
                            String::new()
                        } else {
                            format!(" after {}", numbered(&filled))
                        };
                        let mut c = ClaimCheck::with(
                            ClaimStatus::Refuted,
                            format!("{}{ctx}", notation::coord(&p, &d)),
                            filled,
                            remarks,
                        );
                        c.remarks.push(format!(
                            "the defence {} holds: no {} within the {left} move(s) left",
                            label(ply, &notation::san(&p, &d)),
                            stip
                        ));
                        return c;
                    }
                    None => {
                        return stopped(&budget, filled, remarks);
                    }
                }
            }
            if tok.any {
                // "Any move": every defence was just proven to lose; the claim's own
                // continuation cannot be followed further.
                let mut c = ClaimCheck::with(ClaimStatus::Ok, String::new(), filled, remarks);
                c.remarks.push(format!(
                    "'{}' at {}: every defence proven to lose",
                    tok.text,
                    label(ply, "~")
                ));
                c.proves_solvable = true;
                return c;
            }
            let d = followed.unwrap();
            let san = notation::san(&p, &d);
            filled.push(san);
            tracked = s.track_pub(&p, &d, tracked);
            p.make(d);
            ply += 1;
            ti += 1;
            continue;
        }
        // The attacker's move.
        if tok.any {
            return ClaimCheck::with(
                ClaimStatus::Illegal,
                format!(
                    "{}: the attacker's move cannot be 'any move'",
                    label(ply, &tok.text)
                ),
                filled,
                remarks,
            );
        }
        let m: Move = match notation::parse_move(&p, &tok.text) {
            Ok(m) => m,
            Err(e) => {
                return ClaimCheck::with(
                    ClaimStatus::Illegal,
                    format!("{}: {e}", label(ply, &tok.text)),
                    filled,
                    remarks,
                );
            }
        };
        if !list.as_slice().contains(&m) {
            return ClaimCheck::with(
                ClaimStatus::Illegal,
                format!(
                    "{}: not allowed under the problem's conditions",
                    label(ply, &tok.text)
                ),
                filled,
                remarks,
            );
        }
        // Duals: another attacker move that also forces the goal in the moves left.
        let left = n.saturating_sub(attacker_moves_made);
        if dual_budget_left && left >= 1 && ply > 0 {
            let mut duals = vec![];
            for &a in list.as_slice() {
                if a == m {
                    continue;
                }
                let nt = ds.track_pub(&p, &a, tracked);
                let u = p.make(a);
                let r = ds.defend(&mut p, left - 1, nt);
                p.unmake(a, u);
                match r {
                    Some(true) => duals.push(notation::san(&p, &a)),
                    Some(false) => {}
                    None => {
                        dual_budget_left = false;
                        break;
                    }
                }
            }
            if !duals.is_empty() {
                remarks.push(format!(
                    "dual at {}: also {}",
                    label(ply, &notation::san(&p, &m)),
                    duals.join(", ")
                ));
            }
            if !dual_budget_left {
                remarks
                    .push("dual search stopped by its node limit; later duals not checked".into());
            }
        }
        let san = notation::san(&p, &m);
        filled.push(san);
        tracked = s.track_pub(&p, &m, tracked);
        p.make(m);
        ply += 1;
        ti += 1;
    }
}

fn stopped(budget: &Budget, filled: Vec<String>, mut remarks: Vec<String>) -> ClaimCheck {
    remarks.push(format!(
        "check not finished: {}",
        budget.reason().unwrap_or_else(|| "limit reached".into())
    ));
    ClaimCheck::with(
        ClaimStatus::None,
        "not finished (limit reached)".into(),
        filled,
        remarks,
    )
}

fn goal_ok<B: Bits>(s: &Searcher<B>, p: &Position<B>, out: &Outcome, tracked: u8) -> bool {
    s.goal_met_pub(p, out, tracked)
}

/// "1.Rh8+ Kxh8 2.Bf5+" from a list of SAN plies starting with the attacker.
fn numbered(plies: &[String]) -> String {
    let mut out = vec![];
    for (i, m) in plies.iter().enumerate() {
        if i % 2 == 0 {
            out.push(format!("{}.{m}", i / 2 + 1));
        } else {
            out.push(m.clone());
        }
    }
    out.join(" ")
}
