//! An [`Observer`] for logs and batch jobs, where no bar can be drawn: a line every few
//! seconds per piece of work, `WHAT DONE of STEPS (S s) TEXT`, handed to the caller
//! (the command line writes it on standard error when that is no terminal).

use super::progress::{Observer, Task};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Where the lines go.
pub type Say = Arc<dyn Fn(&str) + Send + Sync>;

/// The observer; its time counts from its making (the start of the run), so that a stage
/// begun late (the candidates after a long listing) says its first line at once.
pub struct Lines {
    t0: Instant,
    every: u64,
    say: Say,
}

impl Lines {
    /// Lines at most every `every` seconds per piece of work, each handed to `say`.
    pub fn new(every: u64, say: Say) -> Lines {
        Lines {
            t0: Instant::now(),
            every,
            say,
        }
    }
}

impl Observer for Lines {
    fn begin(&self, what: &str, steps: u64) -> Box<dyn Task> {
        Box::new(LinesTask {
            what: what.to_string(),
            t0: self.t0,
            every: self.every,
            say: self.say.clone(),
            last: AtomicU64::new(0),
            done: AtomicU64::new(0),
            steps: AtomicU64::new(steps),
            said: Mutex::new(String::new()),
        })
    }
}

/// One piece of work's lines.
struct LinesTask {
    what: String,
    t0: Instant,
    every: u64,
    say: Say,
    /// Seconds after `t0` of the last line.
    last: AtomicU64,
    done: AtomicU64,
    steps: AtomicU64,
    said: Mutex<String>,
}

impl LinesTask {
    fn maybe_say(&self) {
        let now = self.t0.elapsed().as_secs();
        let last = self.last.load(Ordering::Relaxed);
        if now < last + self.every
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
        (self.say)(&format!("{} {count} ({now} s) {said}", self.what));
    }
}

impl Task for LinesTask {
    fn advance(&self, steps: u64) {
        self.done.fetch_add(steps, Ordering::Relaxed);
        self.maybe_say();
    }
    fn say(&self, text: &str) {
        if let Ok(mut s) = self.said.lock() {
            *s = text.to_string();
        }
        self.maybe_say();
    }
    fn restart(&self, steps: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.steps.store(steps, Ordering::Relaxed);
    }
}
