//! The progress of a chance-table build: on a terminal a bar per table (its sweeps, and
//! the current error bound against the tolerance, on a log scale); otherwise the
//! library's lines on stderr ([`crate::dice::watch_lines`]).

use crate::dice::estimate::Estimate;
use crate::dice::table::Progress;
use crate::dice::watch_lines::{decades, estimate_said, Lines};
use crate::dice::Watch;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;

/// Seconds between two progress lines when stderr is not a terminal.
const EVERY: Duration = Duration::from_secs(5);

/// What is shown: a bar per table on a terminal, lines otherwise.
pub enum Shown {
    /// The bar of the table under way.
    Bar(f64, Mutex<Option<indicatif::ProgressBar>>),
    /// The library's lines.
    Lines(Lines),
}

impl Shown {
    /// A bar on a terminal, lines otherwise.
    pub fn new(tolerance: f64) -> Shown {
        if std::io::stderr().is_terminal() {
            Shown::Bar(tolerance, Mutex::new(None))
        } else {
            Shown::Lines(Lines::new(tolerance, EVERY, Box::new(|l| eprintln!("{l}"))))
        }
    }
}

/// The bar of a table starting.
fn table_bar(
    tolerance: f64,
    (material, number, of): (&str, usize, usize),
) -> indicatif::ProgressBar {
    let b = indicatif::ProgressBar::new(decades(tolerance, tolerance));
    b.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{bar:20}] bound 1e-{pos}/1e-{len} {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    b.set_message(format!("table {number}/{of} {material}: starting"));
    b
}

/// The estimate printed at once, then a bar per table on a terminal, the library's lines
/// otherwise.
impl Watch for Shown {
    fn estimate(&self, material: &str, estimate: &Estimate) {
        eprintln!("{}", estimate_said(material, estimate));
    }
    fn progress(&self, p: Progress) {
        let (tolerance, bar) = match self {
            Shown::Lines(l) => return l.progress(p),
            Shown::Bar(t, b) => (*t, b),
        };
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        match p {
            Progress::Table {
                material,
                number,
                of,
                ..
            } => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
                *bar = Some(table_bar(tolerance, (material, number, of)));
            }
            Progress::Sweep {
                material,
                sweeps,
                bound,
            } => {
                if let Some(b) = bar.as_ref() {
                    b.set_position(decades(bound, tolerance));
                    b.set_message(format!(
                        "{material}: sweep {sweeps}, error within {bound:.1e}"
                    ));
                }
            }
        }
    }
    fn finish(&self) {
        if let Shown::Bar(_, bar) = self {
            if let Some(b) = bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
                b.finish_and_clear();
            }
        }
    }
}
