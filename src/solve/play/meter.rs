//! What stops a search: a node cap, a deadline and a cancel flag, polled as the nodes
//! are counted. Once stopped, a search stores nothing more in its tables.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Limits of one [`super::solve_play`] call; the default has none.
#[derive(Clone, Debug, Default)]
pub struct PlayLimits {
    /// Most nodes (moves played on the board) the search may spend.
    pub max_nodes: Option<u64>,
    /// When the search must stop.
    pub deadline: Option<Instant>,
    /// Set from outside to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The node count against the limits.
pub(super) struct Meter {
    limits: PlayLimits,
    /// Nodes spent.
    pub(super) nodes: u64,
    /// A limit was hit: every search unwinds and stores nothing.
    pub(super) stopped: bool,
}

impl Meter {
    pub(super) fn new(limits: &PlayLimits) -> Meter {
        Meter {
            limits: limits.clone(),
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node; true when the search must stop (the clock and the flag are
    /// read on the first node and every 1024 after).
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.limits.max_nodes.is_some_and(|cap| self.nodes > cap) {
            self.stopped = true;
        } else if self.nodes % 1024 == 1 {
            let late = self.limits.deadline.is_some_and(|d| Instant::now() >= d);
            let cancelled = self
                .limits
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed));
            self.stopped = late || cancelled;
        }
        self.stopped
    }
}
