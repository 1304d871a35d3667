//! The progress of a chance-table build: on a terminal a bar per table (its sweeps, and
//! the current error bound against the tolerance, on a log scale); otherwise a line on
//! stderr every few seconds.

use crate::dice::estimate::Estimate;
use crate::dice::table::Progress;
use crate::dice::Watch;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Seconds between two progress lines when stderr is not a terminal.
const EVERY: Duration = Duration::from_secs(5);

/// Steps of the bar: the bound's decades from 1 down to the tolerance.
fn decades(bound: f64, tolerance: f64) -> u64 {
    if !(bound.is_finite() && bound > 0.0) {
        return 0;
    }
    (-(bound.max(tolerance)).log10()).max(0.0) as u64
}

/// What is shown, and when the last line was written.
pub struct Shown {
    tolerance: f64,
    bar: Mutex<Option<indicatif::ProgressBar>>,
    lines: bool,
    last: Mutex<Instant>,
    t0: Instant,
}

impl Shown {
    /// A bar on a terminal, lines otherwise.
    pub fn new(tolerance: f64) -> Shown {
        let t0 = Instant::now();
        Shown {
            tolerance,
            bar: Mutex::new(None),
            lines: !std::io::stderr().is_terminal(),
            last: Mutex::new(t0),
            t0,
        }
    }

    /// Shows one piece of progress.
    pub fn tell(&self, p: Progress) {
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match p {
            Progress::Table {
                material,
                number,
                of,
                entries,
            } => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
                if self.lines {
                    eprintln!("chance table {material} ({number} of {of}, {entries} entries)");
                } else {
                    let b = indicatif::ProgressBar::new(decades(self.tolerance, self.tolerance));
                    b.set_style(
                        indicatif::ProgressStyle::with_template(
                            "{msg} [{bar:20}] bound 1e-{pos}/1e-{len} {elapsed}",
                        )
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                    );
                    b.set_message(format!("table {number}/{of} {material}: starting"));
                    *bar = Some(b);
                }
            }
            Progress::Sweep {
                material,
                sweeps,
                bound,
            } => {
                if let Some(b) = bar.as_ref() {
                    b.set_position(decades(bound, self.tolerance));
                    b.set_message(format!(
                        "{material}: sweep {sweeps}, error within {bound:.1e}"
                    ));
                }
                let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
                if self.lines && last.elapsed() >= EVERY {
                    *last = Instant::now();
                    eprintln!(
                        "chance table {material}: sweep {sweeps}, error within {bound:.1e} \
                         (tolerance {:.0e}), {:.0} s",
                        self.tolerance,
                        self.t0.elapsed().as_secs_f64()
                    );
                }
            }
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(b) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            b.finish_and_clear();
        }
    }
}

/// The estimate printed at once, then a bar per table on a terminal, a line every few
/// seconds otherwise.
impl Watch for Shown {
    fn estimate(&self, material: &str, estimate: &Estimate) {
        eprintln!(
            "chance tables for {material} (estimate):\n{}",
            estimate.describe()
        );
    }
    fn progress(&self, p: Progress) {
        self.tell(p);
    }
    fn finish(&self) {
        Shown::finish(self);
    }
}
