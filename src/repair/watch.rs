//! What bounds a whole repair run rather than one solve: its deadline and Ctrl-C, asked
//! before every step (each grid of the listing, each candidate).

use crate::solve::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The limits of one run.
pub struct Watch {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Watch {
    /// The watch of a run with this deadline and the solves' cancel flag.
    pub fn new(deadline: Option<Instant>, limits: &Limits) -> Watch {
        Watch {
            deadline,
            cancel: limits.cancel.clone(),
        }
    }

    /// Why the run must stop now, if it must.
    pub fn stopped(&self) -> Option<&'static str> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some("interrupted")
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some("the run's time limit (--timeout) reached")
        } else {
            None
        }
    }

    /// One solve's limits: its own timeout, shortened to what is left of the run's.
    pub fn limits_for(&self, each: &Limits) -> Limits {
        let mut l = each.clone();
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            // A solve without a limit of its own still ends with the run; never a zero
            // limit, which a solve reads as none.
            let left = left.max(Duration::from_millis(1));
            l.timeout = Some(l.timeout.map_or(left, |t| t.min(left)));
        }
        l
    }
}
