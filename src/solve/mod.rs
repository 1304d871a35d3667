//! Stipulations, conditions and the proof search: prove or refute a problem exactly, find
//! every key, check a claimed solution.
//!
//! The public boundary is [`analyse`]: compiled rules, a FEN, a stipulation, conditions as
//! written in a problem file, an optional claimed solution and limits in; an [`Analysis`]
//! out. Nothing here knows about files or terminals.

mod budget;
mod claim;
mod conditions;
mod continual;
mod deepening;
mod lines;
mod order;
mod pns;
mod reach;
mod root;
mod searcher;
mod table;
mod verdict;
pub mod written;

pub(crate) use claim::completed_line;
pub use claim::{ClaimCheck, ClaimStatus};
pub use continual::ContinualCheck;
pub(crate) use lines::MAX_VARIATIONS;
pub use verdict::{Solvable, SolveReport, Variation};

use crate::any::AnyEngine;
use crate::geometry::Square;
use crate::piece::Kind;
use crate::position::{FenError, Position};
use crate::with_engine;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use thiserror::Error;

/// What the side to move must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Checkmate.
    Mate,
    /// Any win the rules allow: checkmate, bare king, stalemate where it wins.
    Win,
}

/// A stipulation: goal within (or, if exact, on) move N of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Stipulation {
    /// The goal.
    pub goal: Goal,
    /// Number of the attacker's moves.
    pub moves: u32,
    /// The goal on move N exactly, not earlier.
    pub exact: bool,
}

/// Why a stipulation or condition was rejected.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    #[error("bad stipulation '{0}': expected '#N' (mate in N) or 'win N', N from 1 to 200")]
    Stipulation(String),
    #[error("bad mate_by '{0}': expected a piece letter of these rules or a square holding an attacking man")]
    MateBy(String),
    #[error(
        "bad mate_on square '{0}': expected a square of the board or a named set (centre, corners)"
    )]
    MateOn(String),
    #[error(
        "bad mate_from square '{0}': expected a square of the board or a named set (centre, corners)"
    )]
    MateFrom(String),
    #[error("bad immobile square '{0}': expected a square holding a man")]
    Immobile(String),
    #[error("bad defender '{0}': expected 'best' or 'covetous'")]
    Defender(String),
    #[error("bad position: {0}")]
    Fen(#[from] FenError),
    #[error("dice: {0}")]
    Dice(String),
}

impl FromStr for Stipulation {
    type Err = SolveError;
    fn from_str(s: &str) -> Result<Self, SolveError> {
        let t = s.trim().to_ascii_lowercase();
        let bad = || SolveError::Stipulation(s.to_string());
        let (goal, rest) = if let Some(r) = t.strip_prefix('#') {
            (Goal::Mate, r)
        } else if let Some(r) = t.strip_prefix("mate") {
            (Goal::Mate, r)
        } else if let Some(r) = t.strip_prefix("win") {
            (Goal::Win, r)
        } else {
            return Err(bad());
        };
        let n: u32 = rest.trim().parse().map_err(|_| bad())?;
        if n == 0 || n > 200 {
            return Err(bad());
        }
        Ok(Stipulation {
            goal,
            moves: n,
            exact: false,
        })
    }
}

impl Stipulation {
    /// The goal as a word in a sentence: "mate" or "win".
    pub fn goal_word(&self) -> &'static str {
        match self.goal {
            Goal::Mate => "mate",
            Goal::Win => "win",
        }
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.goal {
            Goal::Mate => write!(f, "#{}", self.moves)?,
            Goal::Win => write!(f, "win {}", self.moves)?,
        }
        if self.exact {
            write!(f, " exact")?;
        }
        Ok(())
    }
}

/// Conditions as a problem file writes them (strings are resolved against the board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    pub mate_by: Option<MateBy>,
    pub mate_on: Vec<Square>,
    /// Squares one of which the mating man (a man giving the mating check, of the
    /// `mate_by` kind or the tracked man if one is named) must stand on.
    pub mate_from: Vec<Square>,
    pub covetous: bool,
    pub attacker_no_capture: bool,
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

/// Search limits; hitting one gives `unknown`, never a hang.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall-clock time per problem.
    pub timeout: Option<Duration>,
    /// Nodes per problem.
    pub max_nodes: Option<u64>,
    /// Set from outside to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Show a progress bar (only when stderr is a terminal).
    pub progress: bool,
    /// Retrograde tables to probe (`win N` without conditions).
    pub tables_dir: Option<std::path::PathBuf>,
    /// Without `tables_dir`: build the table a `win N` ending of at most four men needs
    /// (seconds) in a cache directory, and use it.
    pub auto_tables: bool,
    /// The search method (results never depend on it, only how fast they come).
    pub method: Method,
}

/// How a position is searched. Every method is exact; they differ in speed only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Deepening for short remainders, proof numbers for long ones.
    #[default]
    Auto,
    /// The exhaustive AND/OR search, deepened one move at a time at the root.
    Deepening,
    /// Depth-first proof-number search (df-pn).
    ProofNumbers,
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "id" | "deepening" => Ok(Method::Deepening),
            "pn" | "dfpn" | "df-pn" | "proof-numbers" => Ok(Method::ProofNumbers),
            _ => Err(format!(
                "unknown method '{s}': expected auto, deepening or pn"
            )),
        }
    }
}

/// Everything known about one problem after the search.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The search result.
    pub report: SolveReport,
    /// The claimed solution's check (status `none` when there is no claim).
    pub claim: ClaimCheck,
    /// The position diagram as text.
    pub diagram: String,
    /// The position's FEN as read.
    pub fen: String,
    /// For a mate problem the search left open: the same question under continual check.
    pub continual_check: Option<ContinualCheck>,
}

/// Resolves written conditions against a position.
pub fn resolve_conditions<B: crate::bits::Bits>(
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
    c.mate_on = crate::squareset::expand_squares(&spec.mate_on, &g).map_err(SolveError::MateOn)?;
    c.mate_from =
        crate::squareset::expand_squares(&spec.mate_from, &g).map_err(SolveError::MateFrom)?;
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

use crate::bits::Bits;

/// The largest material built on the fly.
const AUTO_TABLE_MEN: u16 = 4;

/// Builds, once, the table a small `win` ending needs, in a cache directory shared by
/// every run (`$TMPDIR/mansuba-tables`); `None` when not wanted or not possible.
fn auto_tables<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Option<std::path::PathBuf> {
    if !limits.auto_tables
        || stip.goal != Goal::Win
        || stip.exact
        || !cond.is_plain()
        || pos.men[0] + pos.men[1] > AUTO_TABLE_MEN
    {
        return None;
    }
    let mat = crate::retro::material_of(pos).ok()?;
    let dir = std::env::temp_dir().join("mansuba-tables");
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    let quiet = |_: &str, _: &str, _: u64, _: u64| {};
    crate::retro::build(
        &pos.eng,
        &mat,
        &dir,
        &crate::retro::BuildOptions::default(),
        &quiet,
    )
    .ok()?;
    Some(dir)
}

/// The tables a problem probes: the directory given, or the one built on the fly.
fn tables_for<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
) -> Option<Arc<crate::retro::Tables>> {
    let dir = limits
        .tables_dir
        .clone()
        .or_else(|| auto_tables(pos, stip, cond, limits));
    dir.map(|d| Arc::new(crate::retro::Tables::open(d, &pos.eng.rules)))
}

/// A problem under dice rules: the chance of winning, no claim check (a manuscript line
/// cannot be "right" when the throws decide which man moves).
fn dice_analysis<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    claim: Option<&str>,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    let report = crate::dice::problem::solve(pos, stip, cond, limits)?;
    let mut check = ClaimCheck::none();
    if claim.is_some_and(|c| !c.trim().is_empty()) {
        check
            .remarks
            .push("the solution line is not checked under dice".into());
    }
    Ok(Analysis {
        report,
        claim: check,
        diagram: diagram(pos),
        fen: pos.to_fen(),
        continual_check: None,
    })
}

/// The limits with the time already spent taken off, and `keep` twentieths of the
/// original timeout kept back for the steps that come after (the lines of play, the
/// second look under continual check). A timeout is a deadline for the whole problem:
/// each step ends by its share, so the last one ends by the timeout itself.
pub(crate) fn remaining(limits: &Limits, since: std::time::Instant, keep: u32) -> Limits {
    let mut l = limits.clone();
    if let Some(t) = limits.timeout {
        l.timeout = Some((t - t * keep.min(20) / 20).saturating_sub(since.elapsed()));
    }
    l
}

/// Coordinates of a SAN line played from `pos` (stops at the first unreadable move).
fn coords_of<B: Bits>(pos: &Position<B>, san: &[String]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = vec![];
    for t in san {
        let Ok(m) = crate::notation::parse_move(&p, t) else {
            break;
        };
        out.push(crate::notation::coord(&p, &m));
        p.make(m);
    }
    out
}

/// A progress bar on stderr when asked for and stderr is a terminal.
pub fn progress_bar(wanted: bool, len: u64, what: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !wanted || !std::io::stderr().is_terminal() {
        return None;
    }
    let b = indicatif::ProgressBar::new(len);
    b.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    b.set_message(what.to_string());
    Some(b)
}

/// Analyses one problem: the search for every key, and the claimed solution's check
/// (read in whichever notation the tool recognises).
pub fn analyse(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: Option<&str>,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    analyse_in(
        engine,
        fen,
        stip,
        spec,
        claim,
        crate::notation::Notation::Auto,
        limits,
    )
}

/// [`analyse`] with the claimed solution read in `notation`.
pub fn analyse_in(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: Option<&str>,
    notation: crate::notation::Notation,
    limits: &Limits,
) -> Result<Analysis, SolveError> {
    with_engine!(engine, e => {
        let pos = Position::from_fen(e.clone(), fen)?;
        let cond = resolve_conditions(&pos, spec)?;
        // The claim first: its proof is cheap and settles long problems; the search from
        // the root then gets the time that is left, so a problem stays within its limit.
        if pos.eng.rules.dice.is_some() {
            return dice_analysis(&pos, stip, &cond, claim, limits);
        }
        let t0 = std::time::Instant::now();
        let tables = tables_for(&pos, stip, &cond, limits);
        let mut claim = match claim {
            Some(text) if !text.trim().is_empty() => {
                claim::check_in(&pos, stip, &cond, text, notation, &remaining(limits, t0, 2), tables.clone())
            }
            _ => ClaimCheck::none(),
        };
        let mut report = root::solve(&pos, stip, &cond, &remaining(limits, t0, 1), tables.clone());
        // A root position inside a table: its exact distance.
        if let Some(t) = &tables {
            if let Some((crate::retro::Value::Win, plies)) = t.probe(&pos) {
                if stip.goal == Goal::Win && cond.is_plain() {
                    report.table_distance = Some(plies.div_ceil(2).max(1));
                    if !stip.exact {
                        report.shortest = report.table_distance;
                    }
                }
            }
        }
        if claim.status == ClaimStatus::Ok && !stip.exact {
            let used = claim.filled.len().div_ceil(2) as u32;
            if let Some(k) = report.shortest.filter(|&k| k < used) {
                claim.remarks.push(format!("a shorter win exists: the goal can be forced in {k}"));
            }
        }
        // A claim checked in full is a proof on its own: it settles long problems that the
        // search from the root could not finish.
        if claim.proves_solvable && report.solvable != Solvable::Yes {
            report.solvable = Solvable::Yes;
            if let Some(first) = claim.filled.first() {
                if let Ok(m) = crate::notation::parse_move(&pos, first) {
                    let c = crate::notation::coord(&pos, &m);
                    if !report.keys.contains(&c) {
                        report.keys.push(c);
                        report.keys_san.push(first.clone());
                    }
                    if report.main_line.is_empty() {
                        report.main_line = claim.filled.clone();
                        report.main_line_coord = coords_of(&pos, &claim.filled);
                        let k = claim.filled.len().div_ceil(2) as u32;
                        let (tree, cut) = lines::tree_for_key(&pos, stip, &cond, &remaining(limits, t0, 1), m, k, tables.clone());
                        report.tree = tree;
                        report.tree_truncated = cut;
                    }
                }
            }
        }
        // A main line that the limit cut short (play still going on at its end) gives way
        // to the claim's line when that was checked in full: the water wheel's search runs
        // out of time two plies into its 36 moves, the manuscript's line is proven.
        if claim.proves_solvable
            && !report.main_line.is_empty()
            && lines::ends_open(&pos, &report.main_line_coord)
        {
            report.main_line = claim.filled.clone();
            report.main_line_coord = coords_of(&pos, &claim.filled);
        }
        let continual_check =
            continual::second_look(&pos, stip, &cond, &remaining(limits, t0, 0), &report);
        Ok(Analysis {
            report,
            claim,
            diagram: diagram(&pos),
            fen: pos.to_fen(),
            continual_check,
        })
    })
}

/// Checks a claimed solution alone (no search from the root): the cheap way to ask
/// whether a manuscript line is right, read in `notation`.
pub fn check_claim(
    engine: &AnyEngine,
    fen: &str,
    stip: &Stipulation,
    spec: &ConditionSpec,
    claim: &str,
    notation: crate::notation::Notation,
    limits: &Limits,
) -> Result<ClaimCheck, SolveError> {
    with_engine!(engine, e => {
        let pos = Position::from_fen(e.clone(), fen)?;
        let cond = resolve_conditions(&pos, spec)?;
        let tables = tables_for(&pos, stip, &cond, limits);
        Ok(claim::check_in(&pos, stip, &cond, claim, notation, limits, tables))
    })
}

/// A text diagram, White at the bottom, stacks shown as `[QP]`-style groups.
pub fn diagram<B: Bits>(pos: &Position<B>) -> String {
    let e = &*pos.eng;
    let g = e.geo;
    let mut s = String::new();
    for r in (0..g.height).rev() {
        s.push_str(&format!("{:>2} ", r + 1));
        for f in 0..g.width {
            let sq = g.square(f, r);
            let men = pos.men_on(sq);
            let cell: String = if men.is_empty() {
                if g.is_light(sq) {
                    " . ".into()
                } else {
                    " : ".into()
                }
            } else {
                let l: String = men
                    .iter()
                    .map(|(c, k)| {
                        let l = e.rules.pieces[*k as usize].letter;
                        if *c == crate::piece::Color::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        }
                    })
                    .collect();
                if l.len() == 1 {
                    format!(" {l} ")
                } else {
                    format!("{l:^3}")
                }
            };
            s.push_str(&cell);
        }
        s.push('\n');
    }
    s.push_str("   ");
    for f in 0..g.width {
        s.push_str(&format!(" {} ", (b'a' + f) as char));
    }
    s.push('\n');
    s.push_str(&format!("{} to move\n", pos.side.name()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_parse() {
        let s: Stipulation = "#3".parse().unwrap();
        assert_eq!((s.goal, s.moves), (Goal::Mate, 3));
        let s: Stipulation = "win 20".parse().unwrap();
        assert_eq!((s.goal, s.moves), (Goal::Win, 20));
        assert!("#0".parse::<Stipulation>().is_err());
        assert!("h#2".parse::<Stipulation>().is_err());
        assert!("".parse::<Stipulation>().is_err());
    }
}
