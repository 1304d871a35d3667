//! What bounds a whole repair run rather than one solve: its deadline and Ctrl-C, asked
//! before every step (each grid of the listing, each candidate), and the progress line
//! that long work prints every few seconds when no terminal shows the bar.

use crate::solve::Limits;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Seconds between two progress lines.
const EVERY: u64 = 5;

/// The limits of one run.
pub struct Watch {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// Print progress lines (wanted, and stderr is no terminal: the bar shows otherwise).
    lines: bool,
    t0: Instant,
    /// Seconds after `t0` of the last line.
    last: AtomicU64,
}

impl Watch {
    /// The watch of a run with this deadline and the solves' cancel flag.
    pub fn new(deadline: Option<Instant>, limits: &Limits, progress: bool) -> Watch {
        Watch {
            deadline,
            cancel: limits.cancel.clone(),
            lines: progress && !std::io::stderr().is_terminal(),
            t0: Instant::now(),
            last: AtomicU64::new(0),
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

    /// Prints `what: DONE of OF` to stderr when the last line is `EVERY` seconds old.
    pub fn tick(&self, what: &str, done: usize, of: usize) {
        if !self.lines {
            return;
        }
        let now = self.t0.elapsed().as_secs();
        let last = self.last.load(Ordering::Relaxed);
        if now >= last + EVERY
            && self
                .last
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            eprintln!("repair: {what} {done} of {of} ({now} s)");
        }
    }
}
