//! A [`Watch`] for logs and batch jobs, where no bar can be drawn: the estimate said at
//! once, a line as each chance table starts, and one every few seconds on its sweeps (the
//! error bound against the tolerance), each handed to the caller (the command line
//! writes them on standard error when that is no terminal).

use super::estimate::Estimate;
use super::table::Progress;
use super::Watch;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The lines, and when the last sweep's was said.
pub struct Lines {
    tolerance: f64,
    every: Duration,
    last: Mutex<Instant>,
    t0: Instant,
    say: Box<dyn Fn(&str) + Send + Sync>,
}

impl Lines {
    /// Lines for a build to `tolerance`, a sweep's at most every `every`, each to `say`.
    pub fn new(tolerance: f64, every: Duration, say: Box<dyn Fn(&str) + Send + Sync>) -> Lines {
        let t0 = Instant::now();
        Lines {
            tolerance,
            every,
            last: Mutex::new(t0),
            t0,
            say,
        }
    }
}

/// The steps a bar of a build can show: the error bound's decades from 1 down to the
/// tolerance (0 for a bound not yet known).
pub fn decades(bound: f64, tolerance: f64) -> u64 {
    if !(bound.is_finite() && bound > 0.0) {
        return 0;
    }
    (-(bound.max(tolerance)).log10()).max(0.0) as u64
}

/// The estimate of a build, said before it starts.
pub fn estimate_said(material: &str, estimate: &Estimate) -> String {
    format!(
        "chance tables for {material} (estimate):\n{}",
        estimate.describe()
    )
}

impl Watch for Lines {
    fn estimate(&self, material: &str, estimate: &Estimate) {
        (self.say)(&estimate_said(material, estimate));
    }
    fn progress(&self, p: Progress) {
        match p {
            Progress::Table {
                material,
                number,
                of,
                entries,
            } => (self.say)(&format!(
                "chance table {material} ({number} of {of}, {entries} entries)"
            )),
            Progress::Sweep {
                material,
                sweeps,
                bound,
            } => {
                let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
                if last.elapsed() >= self.every {
                    *last = Instant::now();
                    (self.say)(&format!(
                        "chance table {material}: sweep {sweeps}, error within {bound:.1e} \
                         (tolerance {:.0e}), {:.0} s",
                        self.tolerance,
                        self.t0.elapsed().as_secs_f64()
                    ));
                }
            }
        }
    }
    fn finish(&self) {}
}
