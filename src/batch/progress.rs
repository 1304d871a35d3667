//! How long work tells of its progress without drawing anything itself. The solver and
//! the repair search report to a [`Progress`]; the program that calls them decides what
//! is shown (the command line installs a bar on a terminal and a line every few seconds
//! otherwise; a library caller installs its own observer, or none).

use std::fmt;
use std::sync::Arc;

/// Receives the work a caller wants to hear of.
pub trait Observer: Send + Sync {
    /// A piece of work called `what` begins: `steps` of them, 0 when not known.
    fn begin(&self, what: &str, steps: u64) -> Box<dyn Task>;
}

/// One piece of work under way; dropping it ends it.
pub trait Task: Send + Sync {
    /// `steps` more are done.
    fn advance(&self, steps: u64);
    /// What the work has found so far, in a few words.
    fn say(&self, text: &str);
    /// A new stage of `steps`, counted from none done.
    fn restart(&self, steps: u64);
}

/// The observer of one run, or none (the default: nothing is reported).
#[derive(Clone, Default)]
pub struct Progress(Option<Arc<dyn Observer>>);

impl Progress {
    /// Nothing reported.
    pub fn none() -> Self {
        Progress(None)
    }

    /// Reports to `observer`.
    pub fn to(observer: Arc<dyn Observer>) -> Self {
        Progress(Some(observer))
    }

    /// Is anyone listening?
    pub fn is_observed(&self) -> bool {
        self.0.is_some()
    }

    /// A piece of work begins; `None` when nobody listens.
    pub fn begin(&self, what: &str, steps: u64) -> Option<Box<dyn Task>> {
        self.0.as_ref().map(|o| o.begin(what, steps))
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(observed)"
        } else {
            "Progress(none)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;

    #[derive(Default)]
    struct Count(Arc<(AtomicU64, Mutex<String>)>);
    struct CountTask(Arc<(AtomicU64, Mutex<String>)>);

    impl Observer for Count {
        fn begin(&self, _: &str, _: u64) -> Box<dyn Task> {
            Box::new(CountTask(self.0.clone()))
        }
    }
    impl Task for CountTask {
        fn advance(&self, steps: u64) {
            self.0 .0.fetch_add(steps, Ordering::Relaxed);
        }
        fn say(&self, text: &str) {
            *self.0 .1.lock().unwrap() = text.to_string();
        }
        fn restart(&self, _: u64) {
            self.0 .0.store(0, Ordering::Relaxed);
        }
    }

    #[test]
    fn a_task_reports_to_its_observer_and_none_reports_nowhere() {
        let seen = Count::default();
        let shared = seen.0.clone();
        let p = Progress::to(Arc::new(seen));
        let t = p.begin("work", 3).expect("observed");
        t.advance(2);
        t.say("half");
        assert_eq!(shared.0.load(Ordering::Relaxed), 2);
        assert_eq!(*shared.1.lock().unwrap(), "half");
        assert!(Progress::none().begin("work", 3).is_none());
        assert!(!Progress::default().is_observed());
    }
}
