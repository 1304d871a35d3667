//! What the command line shows of long work: a bar on stderr when it is a terminal, else
//! a line every few seconds (for logs and batch jobs). The library reports to this
//! through [`crate::batch::Progress`]; it never draws anything itself.

use crate::batch::{Observer, Progress, Task};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Seconds between two progress lines when stderr is no terminal.
const EVERY: u64 = 5;

/// A progress bar on stderr when it is a terminal.
pub fn bar(steps: u64, what: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let b = indicatif::ProgressBar::new(steps);
    b.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{bar:30}] {pos}/{len} {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    b.set_message(what.to_string());
    Some(b)
}

/// The observer of the command line, or none when `wanted` is false.
pub fn observer(wanted: bool) -> Progress {
    if wanted {
        Progress::to(Arc::new(Shown(Instant::now())))
    } else {
        Progress::none()
    }
}

/// The observer; its time counts from the start of the run, so that a stage begun late
/// (the candidates after a long listing) prints its first line at once.
/// Bars only: on a terminal a bar per task, otherwise nothing (a batch's count of
/// problems done is not worth a line in a log).
pub fn bars() -> Progress {
    observer(std::io::stderr().is_terminal())
}

struct Shown(Instant);

impl Observer for Shown {
    fn begin(&self, what: &str, steps: u64) -> Box<dyn Task> {
        match bar(steps, what) {
            Some(b) => Box::new(Bar(b)),
            None => Box::new(Lines {
                what: what.to_string(),
                t0: self.0,
                last: AtomicU64::new(0),
                done: AtomicU64::new(0),
                steps: AtomicU64::new(steps),
                said: Mutex::new(String::new()),
            }),
        }
    }
}

struct Bar(indicatif::ProgressBar);

impl Task for Bar {
    fn advance(&self, steps: u64) {
        self.0.inc(steps);
    }
    fn say(&self, text: &str) {
        self.0.set_message(text.to_string());
    }
    fn restart(&self, steps: u64) {
        self.0.set_position(0);
        self.0.set_length(steps);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// A line every [`EVERY`] seconds: `WHAT DONE of STEPS (S s) TEXT`.
struct Lines {
    what: String,
    t0: Instant,
    /// Seconds after `t0` of the last line.
    last: AtomicU64,
    done: AtomicU64,
    steps: AtomicU64,
    said: Mutex<String>,
}

impl Lines {
    fn maybe_print(&self) {
        let now = self.t0.elapsed().as_secs();
        let last = self.last.load(Ordering::Relaxed);
        if now < last + EVERY
            || (self.last)
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let said = self.said.lock().map(|s| s.clone()).unwrap_or_default();
        let steps = self.steps.load(Ordering::Relaxed);
        let done = self.done.load(Ordering::Relaxed);
        let count = if steps > 0 {
            format!("{done} of {steps}")
        } else {
            format!("{done}")
        };
        eprintln!("{} {count} ({now} s) {said}", self.what);
    }
}

impl Task for Lines {
    fn advance(&self, steps: u64) {
        self.done.fetch_add(steps, Ordering::Relaxed);
        self.maybe_print();
    }
    fn say(&self, text: &str) {
        if let Ok(mut s) = self.said.lock() {
            *s = text.to_string();
        }
        self.maybe_print();
    }
    fn restart(&self, steps: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.steps.store(steps, Ordering::Relaxed);
    }
}
