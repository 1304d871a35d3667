//! The limits of one solve shared by all its workers: time, nodes, cancellation (Ctrl-C),
//! and the one transposition table they share.

use super::transpositions::Shared;
use super::Limits;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Shared stop signals of one solve.
pub(crate) struct Budget {
    pub start: Instant,
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    pub nodes: AtomicU64,
    /// The count of nodes this problem's steps share, if it has one.
    pub problem_nodes: Option<std::sync::Arc<super::limits::ProblemNodes>>,
    pub stop: AtomicBool,
    pub cancel: Option<std::sync::Arc<AtomicBool>>,
    pub reason: std::sync::Mutex<Option<String>>,
    /// The transposition table all workers of this solve share (its entries hold for
    /// every one of them: same position, stipulation and conditions), and any other
    /// budget of the same problem made with [`Budget::sharing`].
    pub(super) table: Arc<Shared>,
    /// The search method asked for.
    pub(super) method: super::Method,
}

impl Budget {
    /// New limits around a table other budgets of the same problem (same position,
    /// stipulation and conditions) use too: what any of them proves serves the others,
    /// and a growth made by one is seen by all.
    pub fn sharing(limits: &Limits, table: &Arc<Shared>) -> Self {
        Self::with_table(limits, table.clone())
    }

    /// New limits for the next step of the same solve, keeping the table the earlier
    /// steps filled (same position, stipulation and conditions).
    pub fn after(prev: &Budget, limits: &Limits) -> Self {
        Self::with_table(limits, Arc::new(Shared::continuing(&prev.table)))
    }

    fn with_table(limits: &Limits, table: Arc<Shared>) -> Self {
        let start = Instant::now();
        Budget {
            start,
            deadline: limits.timeout.and_then(|t| start.checked_add(t)),
            max_nodes: limits.max_nodes,
            nodes: AtomicU64::new(0),
            problem_nodes: limits.problem_nodes.clone(),
            stop: AtomicBool::new(false),
            cancel: limits.cancel.clone(),
            reason: std::sync::Mutex::new(None),
            table,
            method: limits.method,
        }
    }

    pub(super) fn halt(&self, why: String) {
        self.stop.store(true, Ordering::Relaxed);
        let mut r = self.reason.lock().unwrap_or_else(|e| e.into_inner());
        if r.is_none() {
            *r = Some(why);
        }
    }
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    pub fn reason(&self) -> Option<String> {
        self.reason
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}
