//! Search limits and the search method: what stops a search, and how it searches.

use serde::Serialize;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;
use std::time::Duration;

/// Search limits; hitting one gives `unknown`, never a hang.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Wall-clock time per problem.
    pub timeout: Option<Duration>,
    /// Nodes per problem: per step (the claim, its duals, the search, the lines of play,
    /// the second look), and, once [`Limits::for_one_problem`] has set `problem_nodes`,
    /// for all of them together.
    pub max_nodes: Option<u64>,
    /// The nodes every step of one problem has spent, against its limit.
    pub problem_nodes: Option<Arc<ProblemNodes>>,
    /// Set from outside to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the search tells of its progress (nothing by default; the command line
    /// installs a bar).
    pub progress: crate::batch::Progress,
    /// Retrograde tables to probe (`win N` without conditions).
    pub tables_dir: Option<std::path::PathBuf>,
    /// Without `tables_dir`: build the table a `win N` ending of at most four men needs
    /// (seconds) in this cache folder, and use it (none: no table is built).
    pub table_cache: Option<crate::files::cache::TableCache>,
    /// The caller's record of the files read, and its memory budget: the tables the
    /// search reads are noted in it (so that no output replaces them), a table it builds
    /// replaces none of them, and what the search allocates that grows with its input
    /// (its transposition table, the tables it builds or loads) fits in the budget.
    pub reads: crate::files::Reads,
    /// The search method (results never depend on it, only how fast they come).
    pub method: Method,
    /// Most defences counted against each try of a problem without a key (None: the
    /// default, [`DEFAULT_REFUTATIONS`]; 0: no try is counted, the verdict alone).
    pub refutations: Option<usize>,
    /// For an unsound problem, how many moves beyond its own `verify` tries for the least
    /// that wins (None: the default of `verify::least`, three; 0: none is tried).
    pub least_win: Option<u32>,
    /// The notation and letters the claim check writes the moves of its remarks and
    /// detail in (`--notation`, `--letters`; None: SAN with the rules' own letters, as the
    /// search writes its lines, which [`crate::solve::written::rewrite`] then relabels).
    pub written: Option<crate::notation::Style>,
    /// The extras' share of the verdict's cost (None: [`super::DEFAULT_EXTRAS`];
    /// 0: no extras, the verdict alone). See [`super::ExtrasPool`].
    pub extras: Option<f64>,
    /// What the extras of this problem may still spend, once [`Limits::for_one_problem`]
    /// has made it; the verdict's search grants it.
    pub extras_pool: Option<Arc<super::extras::ExtrasPool>>,
}

/// Defences counted against each try unless asked otherwise: two tell a try refuted by a
/// single defence (a try in the problemist's sense) from every other, as Popeye's
/// `Option Try` does.
pub const DEFAULT_REFUTATIONS: usize = 2;

/// The nodes the steps of one problem have spent together, and the most they may.
#[derive(Debug)]
pub struct ProblemNodes {
    /// The most nodes all the steps may spend together (`--max-nodes`).
    pub limit: u64,
    /// The nodes spent so far, by every step.
    pub spent: AtomicU64,
}

impl Limits {
    /// These limits for the steps of one problem: under a node limit, one count of nodes
    /// that they all share, so that `--max-nodes N` bounds the whole problem (each step
    /// had N to itself before, and a problem could spend several times N); and the pool
    /// the extras after the verdict draw from. Limits that have their count or their pool
    /// already keep it.
    pub fn for_one_problem(&self) -> Limits {
        let mut l = self.clone();
        if let (Some(limit), None) = (l.max_nodes, &l.problem_nodes) {
            l.problem_nodes = Some(Arc::new(ProblemNodes {
                limit,
                spent: AtomicU64::new(0),
            }));
        }
        if l.extras_pool.is_none() {
            l.extras_pool = Some(Arc::new(super::extras::ExtrasPool::new(
                l.extras_share(),
                l.timeout,
            )));
        }
        l
    }

    /// The extras' share of the verdict's cost.
    pub fn extras_share(&self) -> f64 {
        self.extras.unwrap_or(super::extras::DEFAULT_EXTRAS)
    }

    /// The memory budget of the search's own tables.
    pub fn budget(&self) -> crate::memory::Budget {
        self.reads.budget()
    }

    /// Most defences counted against each try.
    pub fn refutations(&self) -> usize {
        self.refutations.unwrap_or(DEFAULT_REFUTATIONS)
    }
}

/// How a position is searched. Every method is exact; they differ in speed only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Deepening for short remainders, proof numbers for long ones.
    #[default]
    Auto,
    /// The exhaustive AND/OR search, deepened one move at a time at the root.
    Deepening,
    /// Depth-first proof-number search (df-pn).
    ProofNumbers,
    /// Each first move first by df-pn over positions (transpositions at any depth merged,
    /// see the solver's `unbounded` module), then as [`Method::Auto`].
    Positions,
}

/// A method name that names none.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown method '{0}': expected auto, deepening, pn or positions")]
pub struct UnknownMethod(pub String);

impl FromStr for Method {
    type Err = UnknownMethod;
    fn from_str(s: &str) -> Result<Self, UnknownMethod> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Method::Auto),
            "id" | "deepening" => Ok(Method::Deepening),
            "pn" | "dfpn" | "df-pn" | "proof-numbers" => Ok(Method::ProofNumbers),
            "positions" => Ok(Method::Positions),
            _ => Err(UnknownMethod(s.to_string())),
        }
    }
}

/// The limits with the time already spent taken off, and `keep` twentieths of the
/// original timeout kept back for the steps that come after (the lines of play, the
/// second look under continual check). A timeout is a deadline for the whole problem:
/// each step ends by its share, so the last one ends by the timeout itself. Where the
/// steps share a count of nodes (see [`Limits::for_one_problem`]), the node limit is
/// shared out the same way.
pub(crate) fn remaining(limits: &Limits, since: std::time::Instant, keep: u32) -> Limits {
    let mut l = limits.clone();
    if let Some(t) = limits.timeout {
        l.timeout = Some((t - t * keep.min(20) / 20).saturating_sub(since.elapsed()));
    }
    // Nodes alike, where the problem's steps share a count of them.
    if let Some(p) = &limits.problem_nodes {
        let share = p.limit - p.limit * keep.min(20) as u64 / 20;
        let left = share.saturating_sub(p.spent.load(std::sync::atomic::Ordering::Relaxed));
        l.max_nodes = Some(left.max(1));
    }
    l
}
