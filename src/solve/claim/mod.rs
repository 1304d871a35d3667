//! Checking a claimed (manuscript) solution: the whole of what the manuscript says.
//!
//! The claim is replayed move by move, each move read in the problem's notation. What the
//! manuscript leaves out is filled in and marked: a forced reply, or, where the defender
//! has a choice and the manuscript goes straight on with the attacker's next move, the
//! defence its next move answers. At every defender node each defence the claim does not
//! follow is proven to lose within the moves left (a proof search from that node only),
//! and the report names the defences the manuscript did not cover. So a long line of
//! checks is verified without the full search from the root, and a correct claim alone
//! proves the problem solvable.
//!
//! Move numbers, check and mate signs and side variations in parentheses are part of the
//! claim too: a wrong number or sign is a remark, a side variation is checked like the
//! main line. An error names the move as the manuscript numbers it and the side that
//! plays it.

mod defences;
mod walk;

use super::budget::Budget;
use super::endgames::Known;
use super::searcher::Searcher;
use super::{Conditions, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::piece::Color;
use crate::board::position::Position;
use crate::notation::{self, Notation, Style, Token};
use serde::{Deserialize, Serialize};

/// The first word of `solution_check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// A limit stopped the check before it settled the claim.
    Unfinished,
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
            ClaimStatus::Unfinished => "unfinished",
            ClaimStatus::None => "none",
        }
    }
}

/// The claimed solution's check.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClaimCheck {
    /// Status word.
    pub status: ClaimStatus,
    /// Detail for a person (the refuting defence, the illegal move and why).
    pub detail: String,
    /// The claimed line with omitted moves filled in, in SAN.
    pub filled: Vec<String>,
    /// Which plies of `filled` the manuscript left out (filled in by the check).
    pub inserted: Vec<bool>,
    /// Remarks that do not make the claim wrong: filled replies, uncovered defences, wrong
    /// numbers or signs, a shorter win, duals.
    pub remarks: Vec<String>,
    /// True when the claim, checked in full, proves the goal forced.
    pub proves_solvable: bool,
    /// The manuscript's line completed: numbered SAN, the moves it leaves out in brackets
    /// (`1.Rg6+ [Kh8] 2.Rf8+`).
    pub completed: String,
    /// The notation and letters the remarks and the detail write their moves in, when the
    /// check was asked for one ([`Limits::written`]); `None`: SAN with the rules' letters.
    #[serde(skip)]
    pub written_in: Option<Style>,
}

impl ClaimCheck {
    /// No claim.
    pub fn none() -> Self {
        ClaimCheck {
            status: ClaimStatus::None,
            detail: String::new(),
            filled: vec![],
            inserted: vec![],
            remarks: vec![],
            proves_solvable: false,
            completed: String::new(),
            written_in: None,
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

/// Where the replay stands: the position, plies played from the problem's position, the
/// condition tracker, and the line so far.
#[derive(Clone)]
struct State<B: Bits> {
    p: Position<B>,
    ply: usize,
    tracked: u8,
    filled: Vec<String>,
    /// The same plies as `filled`, written in the remarks' style.
    shown: Vec<String>,
    inserted: Vec<bool>,
    remarks: Vec<String>,
}

/// The replay's fixed parts: the searchers, the task and how the manuscript numbers.
struct Walk<'a, B: Bits> {
    s: Searcher<'a, B>,
    /// What each worker of the dual search is made from (the duals of one move are
    /// searched in parallel, on a table and a budget of their own).
    duals_from: DualSearch<'a, B>,
    budget: &'a Budget,
    dual_budget_left: bool,
    stip: Stipulation,
    attacker: Color,
    /// The notation the manuscript is read in.
    notation: Notation,
    /// The style the remarks write moves in.
    style: Style,
    /// The manuscript's number of the problem's first move.
    base: u32,
    /// True when the problem's first move is Black's (numbers change after Black moves).
    black_first: bool,
    /// True when the manuscript writes check or mate signs at all.
    uses_signs: bool,
}

/// The parts of a dual-search worker: the problem's position, conditions and tables, and
/// the dual search's own budget (on the problem's one transposition table).
struct DualSearch<'a, B: Bits> {
    root: &'a Position<B>,
    cond: &'a Conditions,
    budget: &'a Budget,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
}

impl<'a, B: Bits> DualSearch<'a, B> {
    fn worker(&self, stip: Stipulation) -> Searcher<'a, B> {
        Searcher::new(self.root, stip, self.cond, self.budget).with_tables(self.tables.clone())
    }
}

/// How a replay ended.
struct Ended {
    status: ClaimStatus,
    detail: String,
    proves: bool,
}

fn ended(status: ClaimStatus, detail: String) -> Ended {
    Ended {
        status,
        detail,
        proves: false,
    }
}

fn won() -> Ended {
    Ended {
        status: ClaimStatus::Ok,
        detail: String::new(),
        proves: true,
    }
}

/// The side a token is written for, as its numbering says (`None` without numbers).
fn written_side(t: &Token) -> Option<Color> {
    t.move_number.map(|_| {
        if t.black_marker {
            Color::Black
        } else {
            Color::White
        }
    })
}

/// Duals are remarks, not verdicts: they get a budget of their own (a quarter of the time
/// and of a node limit, their nodes counted in the problem's) so that a costly dual search
/// never stops the check of the line itself.
fn dual_limits(limits: &Limits) -> Limits {
    Limits {
        timeout: limits.timeout.map(|t| t / 4),
        max_nodes: Some(
            limits
                .max_nodes
                .map_or(DUAL_NODES, |m| (m / 4).clamp(1, DUAL_NODES)),
        ),
        progress: crate::batch::Progress::none(),
        tables_dir: None,
        table_cache: None,
        ..limits.clone()
    }
}

/// The style a check writes its remarks' moves in: [`Limits::written`], or SAN with the
/// rules' letters.
fn written_style(limits: &Limits) -> Style {
    limits.written.unwrap_or(Style::from(Notation::San))
}

/// Checks a claim written in `notation` against the position and stipulation; the moves
/// its remarks and detail name are written as [`Limits::written`] asks.
pub fn check_in<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    text: &str,
    notation: Notation,
    limits: &Limits,
    known: &Known,
) -> ClaimCheck {
    if let Some(why) = notation::unbalanced(text) {
        let mut c = ClaimCheck::none();
        c.status = ClaimStatus::Illegal;
        c.detail = format!("the solution text cannot be read: {why}");
        return c;
    }
    let sol = notation::parse_solution(text);
    if sol.main.is_empty() {
        let mut c = ClaimCheck::none();
        c.status = ClaimStatus::Illegal;
        c.detail = format!(
            "no move could be read in the solution text '{}'",
            text.trim()
        );
        return c;
    }
    let budget = Budget::sharing(limits, &known.table);
    let dual_budget = Budget::sharing(&dual_limits(limits), &known.table);
    let s = Searcher::new(pos, *stip, cond, &budget).with_tables(known.tables.clone());
    let duals_from = DualSearch {
        root: pos,
        cond,
        budget: &dual_budget,
        tables: known.tables.clone(),
    };
    let first = &sol.main[0];
    let black_first = pos.side == Color::Black;
    let uses_signs = sol
        .main
        .iter()
        .chain(sol.variations.iter().flat_map(|v| v.tokens.iter()))
        .any(|t| notation::signs(&t.text) != (false, false));
    let tracked = s.initial_track();
    let mut w = Walk {
        s,
        duals_from,
        budget: &budget,
        dual_budget_left: true,
        stip: *stip,
        attacker: pos.side,
        notation,
        style: written_style(limits),
        base: first
            .move_number
            .filter(|_| first.numbered)
            .unwrap_or(pos.fullmove),
        black_first,
        uses_signs,
    };
    let mut st = State {
        p: pos.clone(),
        ply: 0,
        tracked,
        filled: vec![],
        shown: vec![],
        inserted: vec![],
        remarks: vec![],
    };
    let mut record: Vec<Option<State<B>>> = vec![None; sol.main.len()];
    let end = w.run(&mut st, &sol.main, Some(&mut record));
    let mut c = ClaimCheck {
        status: end.status,
        detail: end.detail,
        filled: st.filled,
        inserted: st.inserted,
        remarks: st.remarks,
        proves_solvable: end.proves,
        completed: String::new(),
        written_in: limits
            .written
            .filter(|&s| s != written_style(&Limits::default())),
    };
    c.completed = completed_line(&c.filled, &c.inserted, w.base, black_first);
    // Side variations: each is checked like the main line from where it branches off.
    for v in &sol.variations {
        let Some(Some(start)) = record.get(v.replaces) else {
            c.remarks.push(format!(
                "variation ({}) not checked: the main line does not reach its move",
                v.text
            ));
            continue;
        };
        let mut vs = start.clone();
        vs.remarks.clear();
        let e = w.run(&mut vs, &v.tokens, None);
        if e.status == ClaimStatus::Ok {
            continue;
        }
        let what = format!("in the variation ({}): {}", v.text, e.detail);
        let wrong = !matches!(e.status, ClaimStatus::None | ClaimStatus::Unfinished);
        if c.status == ClaimStatus::Ok && wrong {
            c.status = e.status;
            c.detail = what;
        } else {
            c.remarks.push(format!("{} {what}", e.status.word()));
        }
    }
    c
}

/// The completed manuscript line: numbered SAN from the start, the moves the manuscript
/// leaves out in brackets (`1.Rg6+ [Kh8] 2.Rf8+`).
pub(crate) fn completed_line(
    plies: &[String],
    inserted: &[bool],
    first_number: u32,
    black_first: bool,
) -> String {
    let mut out = vec![];
    for (i, m) in plies.iter().enumerate() {
        let k = i + black_first as usize;
        let n = first_number + (k / 2) as u32;
        let m = if inserted.get(i).copied().unwrap_or(false) {
            format!("[{m}]")
        } else {
            m.clone()
        };
        if k.is_multiple_of(2) {
            out.push(format!("{n}.{m}"));
        } else if i == 0 {
            out.push(format!("{n}...{m}"));
        } else {
            out.push(m);
        }
    }
    out.join(" ")
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
