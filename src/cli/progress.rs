//! What the command line shows of long work: a bar on stderr when it is a terminal, else
//! the library's line every few seconds ([`crate::batch::lines`], for logs and batch
//! jobs). The library reports to this through [`crate::batch::Progress`] (a chance-table
//! build through [`crate::dice::watch_tasks`]); it never draws anything itself.

use crate::batch::lines::Lines;
use crate::batch::{Observer, Progress, Task};
use std::io::IsTerminal;
use std::sync::Arc;

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
        let say = Arc::new(|line: &str| eprintln!("{line}"));
        Progress::to(Arc::new(Shown(Lines::new(EVERY, say))))
    } else {
        Progress::none()
    }
}

/// Bars only: on a terminal a bar per task, otherwise nothing (a batch's count of
/// problems done is not worth a line in a log).
pub fn bars() -> Progress {
    observer(std::io::stderr().is_terminal())
}

/// What a chance-table build shows: the estimate, then on a terminal a bar per table (the
/// error bound's decades), otherwise the library's lines ([`crate::dice::watch_lines`]).
pub fn dice_watch(tolerance: f64) -> Box<dyn crate::dice::Watch> {
    let say = Box::new(|l: &str| eprintln!("{l}"));
    if std::io::stderr().is_terminal() {
        Box::new(crate::dice::watch_tasks::Tasks::new(tolerance, bars(), say))
    } else {
        let every = std::time::Duration::from_secs(EVERY);
        Box::new(crate::dice::watch_lines::Lines::new(tolerance, every, say))
    }
}

/// A bar per task on a terminal, else the library's lines on stderr.
struct Shown(Lines);

impl Observer for Shown {
    fn begin(&self, what: &str, steps: u64) -> Box<dyn Task> {
        match bar(steps, what) {
            Some(b) => Box::new(Bar(b)),
            None => self.0.begin(what, steps),
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
