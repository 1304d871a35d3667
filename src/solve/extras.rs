//! The extras' share: what the steps after the verdict may cost. The verdict (the claim
//! check, the search for every key, the key's lines) is what a problem is asked; the
//! extras (the refutation of a problem without a key: the holding defences counted to pick
//! the strongest try, and its line; the tries' lines; the second look under continual
//! check; the least number of moves that does win) are worth having but must not decide
//! what a row costs. So once the verdict is settled they get a share of what it cost,
//! never more than is left of the row's own timeout; each extra takes what the earlier
//! ones left, and one that finds nothing left, or is cut short, is named in the row
//! ([`Extra`]).
//!
//! The share is counted in nodes: what the extras find does not depend on how busy the
//! machine is (it still may on the threads, whose node counts differ). A small floor of
//! nodes keeps the extras of a problem solved in a few hundred nodes, which cost less than
//! starting the process does. Time is a safety net only, for an extra whose nodes come
//! dearer than the verdict's: four times the share of the verdict's time, at least a
//! quarter of a second (a floor wide enough that a busy machine, whose threads wait their
//! turn, does not cut the extras of a small problem short: its nodes bind long before).

use super::Limits;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The extras' share of the verdict's nodes unless asked otherwise (`--extras`). Their
/// nodes come dearer than the verdict's (the count and the lines search each defence
/// anew, and generate and order moves around each, where the verdict's search runs on its
/// own table), so a sixteenth of the nodes keeps a row well within a quarter more time
/// than its verdict alone (docs/speed.md has the figures).
pub const DEFAULT_EXTRAS: f64 = 0.0625;

/// The most a share may be (`--extras`): a hundred times the verdict's cost.
pub const MAX_EXTRAS: f64 = 100.0;

/// The fewest nodes the extras get (when the share allows any): about a millisecond of
/// their search, a part of what starting the process costs. Enough for the refutation's
/// line of a problem solved in a few hundred nodes.
const FLOOR_NODES: u64 = 1 << 11;

/// The least time the extras get (when the share allows any): a safety net, never what
/// binds a small problem's extras (see the module comment).
const FLOOR_TIME: Duration = Duration::from_millis(250);

/// The extras' time as a multiple of their share of the verdict's time (a safety net:
/// their nodes bind first).
const TIME_NET: f64 = 4.0;

/// One step after the verdict, named in a row when its share left it out or cut it short.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Extra {
    /// The refutation of a problem without a key: the holding defences of every try,
    /// counted to pick the strongest one, and the line on. Cut short, the refutation shown
    /// is a defence that holds against a try that may not be the strongest, and its line
    /// may end early (or there is none, when nothing was left for it).
    StrongestTry,
    /// The tries' lines (how many were left out is `tries_left_out`).
    TryLines,
    /// The second look under continual check.
    ContinualCheck,
    /// The least number of moves that does win, of an unsound problem.
    LeastWin,
}

impl Extra {
    /// The word rows use (`strongest_try`, `try_lines`, `continual_check`, `least_win`).
    pub fn word(&self) -> &'static str {
        match self {
            Extra::StrongestTry => "strongest_try",
            Extra::TryLines => "try_lines",
            Extra::ContinualCheck => "continual_check",
            Extra::LeastWin => "least_win",
        }
    }
}

/// What the extras of one problem may spend, granted once the verdict is settled.
#[derive(Debug)]
pub struct ExtrasPool {
    share: f64,
    /// The row's start, from which the verdict's time is counted.
    started: Instant,
    /// The row's own deadline, which no extra passes.
    deadline: Option<Instant>,
    grant: OnceLock<Grant>,
    spent: AtomicU64,
    left_out: Mutex<Vec<Extra>>,
}

#[derive(Debug, Clone, Copy)]
struct Grant {
    nodes: u64,
    until: Instant,
}

impl ExtrasPool {
    /// A pool for a problem starting now, with the row's timeout.
    pub(crate) fn new(share: f64, timeout: Option<Duration>) -> Self {
        let started = Instant::now();
        ExtrasPool {
            share: share.clamp(0.0, MAX_EXTRAS),
            started,
            deadline: timeout.and_then(|t| started.checked_add(t)),
            grant: OnceLock::new(),
            spent: AtomicU64::new(0),
            left_out: Mutex::new(vec![]),
        }
    }

    /// The verdict is settled, having searched `nodes`: the extras' grant is fixed from
    /// its cost (only the first call counts: the problem's own search, not a step's).
    pub(crate) fn grant(&self, nodes: u64) {
        let now = Instant::now();
        let g = if self.share <= 0.0 {
            Grant {
                nodes: 0,
                until: now,
            }
        } else {
            let took = now.saturating_duration_since(self.started);
            Grant {
                nodes: ((nodes as f64 * self.share) as u64).max(FLOOR_NODES),
                until: now + took.mul_f64(self.share * TIME_NET).max(FLOOR_TIME),
            }
        };
        let _ = self.grant.set(g);
    }

    /// Limits for one extra step, from `base`: the nodes and the time the grant has left
    /// (none of the problem's shared count: the extras have their own), and no extras of
    /// their own. `None` when nothing is left: the step is then left out, and named.
    pub(crate) fn step(&self, base: &Limits, what: Extra) -> Option<Limits> {
        self.step_of(base, what, 1.0)
    }

    /// [`ExtrasPool::step`] on `part` of what is left (so that a step that would spend it
    /// all leaves the next something).
    pub(crate) fn step_of(&self, base: &Limits, what: Extra, part: f64) -> Option<Limits> {
        let g = self.grant.get().copied().unwrap_or(Grant {
            nodes: 0,
            until: Instant::now(),
        });
        let until = match self.deadline {
            Some(d) => d.min(g.until),
            None => g.until,
        };
        let time = until
            .saturating_duration_since(Instant::now())
            .mul_f64(part);
        let left = g.nodes.saturating_sub(self.spent.load(Ordering::Relaxed));
        // A search sees its node limit a batch late (see `Searcher::tick`): the step is
        // given one batch less, so that the extras together stay within the grant.
        let nodes = (left as f64 * part) as u64;
        let batch = super::batch::batch_for(Some(nodes));
        let nodes = if nodes > 8 * batch {
            nodes - batch
        } else {
            nodes
        };
        if nodes == 0 || time.is_zero() {
            self.leave_out(what);
            return None;
        }
        let mut l = base.clone();
        l.timeout = Some(time);
        l.max_nodes = Some(l.max_nodes.map_or(nodes, |m| m.min(nodes)));
        l.problem_nodes = None;
        l.extras = Some(0.0);
        l.extras_pool = None;
        Some(l)
    }

    /// A step spent `nodes`.
    pub(crate) fn spend(&self, nodes: u64) {
        self.spent.fetch_add(nodes, Ordering::Relaxed);
    }

    /// A step was left out or cut short by the grant.
    pub(crate) fn leave_out(&self, what: Extra) {
        let mut l = self.left_out.lock().unwrap_or_else(|e| e.into_inner());
        if !l.contains(&what) {
            l.push(what);
            l.sort();
        }
    }

    /// The steps left out or cut short so far, in a fixed order.
    pub fn left_out(&self) -> Vec<Extra> {
        self.left_out
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(timeout: Option<Duration>) -> Limits {
        Limits {
            timeout,
            ..Limits::default()
        }
    }

    #[test]
    fn a_share_of_the_verdicts_nodes_with_a_floor() {
        let pool = ExtrasPool::new(0.25, None);
        pool.grant(1_000_000);
        let l = pool.step(&limits(None), Extra::TryLines).unwrap();
        assert_eq!(l.max_nodes, Some(250_000 - 1024));
        assert_eq!(l.extras, Some(0.0), "a step has no extras of its own");
        let half = pool.step_of(&limits(None), Extra::StrongestTry, 0.5);
        assert_eq!(half.unwrap().max_nodes, Some(125_000 - 1024));
        pool.spend(250_000);
        assert!(pool.step(&limits(None), Extra::LeastWin).is_none());
        assert_eq!(pool.left_out(), vec![Extra::LeastWin]);
        // A verdict of a few nodes still leaves its extras the floor, less one of the
        // small batches a step that small counts in.
        let small = ExtrasPool::new(0.25, None);
        small.grant(100);
        let l = small.step(&limits(None), Extra::TryLines).unwrap();
        assert_eq!(l.max_nodes, Some(FLOOR_NODES - 128));
        // A step of a few batches keeps none back.
        let few = ExtrasPool::new(1.0, None);
        few.grant(1000);
        let l = few.step(&limits(None), Extra::TryLines).unwrap();
        assert_eq!(l.max_nodes, Some(FLOOR_NODES - 128));
        let l = few.step_of(&limits(None), Extra::TryLines, 0.25).unwrap();
        assert_eq!(l.max_nodes, Some(FLOOR_NODES / 4));
    }

    #[test]
    fn none_for_a_share_of_nothing_and_only_the_first_grant_counts() {
        let pool = ExtrasPool::new(0.0, None);
        pool.grant(1_000_000);
        assert!(pool.step(&limits(None), Extra::TryLines).is_none());
        let pool = ExtrasPool::new(1.0, None);
        pool.grant(10_000);
        pool.grant(1_000_000_000);
        let l = pool.step(&limits(None), Extra::TryLines).unwrap();
        assert_eq!(l.max_nodes, Some(10_000 - 128));
    }

    #[test]
    fn never_past_the_rows_timeout() {
        let pool = ExtrasPool::new(100.0, Some(Duration::ZERO));
        pool.grant(1_000_000);
        assert!(pool.step(&limits(None), Extra::ContinualCheck).is_none());
        assert_eq!(pool.left_out(), vec![Extra::ContinualCheck]);
        let pool = ExtrasPool::new(100.0, Some(Duration::from_secs(3600)));
        pool.grant(1_000_000);
        let l = pool.step(&limits(None), Extra::ContinualCheck).unwrap();
        assert!(l.timeout.unwrap() <= Duration::from_secs(3600));
    }
}
