//! A [`Watch`] that tells a chance-table build to a [`Progress`], as the other long work
//! is told: a task per table, its steps the decades of the error bound from 1 down to
//! the tolerance ([`decades`]), its words the sweep and the bound; the estimate said at
//! once to the caller. The command line draws the tasks as its bars.

use super::estimate::Estimate;
use super::table::Progress as Step;
use super::watch_lines::{decades, estimate_said};
use super::Watch;
use crate::batch::{Progress, Task};
use std::sync::Mutex;

/// The build's tasks, and the one under way with the steps it has shown.
pub struct Tasks {
    tolerance: f64,
    progress: Progress,
    say: Box<dyn Fn(&str) + Send + Sync>,
    task: Mutex<Option<(Box<dyn Task>, u64)>>,
}

impl Tasks {
    /// The tasks of a build to `tolerance`, told to `progress`; the estimate to `say`.
    pub fn new(tolerance: f64, progress: Progress, say: Box<dyn Fn(&str) + Send + Sync>) -> Tasks {
        Tasks {
            tolerance,
            progress,
            say,
            task: Mutex::new(None),
        }
    }

    fn under_way(&self) -> std::sync::MutexGuard<'_, Option<(Box<dyn Task>, u64)>> {
        self.task.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Watch for Tasks {
    fn estimate(&self, material: &str, estimate: &Estimate) {
        (self.say)(&estimate_said(material, estimate));
    }

    fn progress(&self, p: Step) {
        let mut task = self.under_way();
        match p {
            Step::Table {
                material,
                number,
                of,
                ..
            } => {
                let steps = decades(self.tolerance, self.tolerance);
                let what = format!("table {number}/{of} {material}: bound's decades");
                // The last table's task ends (its bar cleared) before the next begins.
                *task = None;
                *task = self.progress.begin(&what, steps).map(|t| (t, 0));
            }
            Step::Sweep {
                material,
                sweeps,
                bound,
            } => {
                if let Some((t, shown)) = task.as_mut() {
                    let now = decades(bound, self.tolerance);
                    t.advance(now.saturating_sub(*shown));
                    *shown = now.max(*shown);
                    t.say(&format!(
                        "{material}: sweep {sweeps}, error within {bound:.1e}"
                    ));
                }
            }
        }
    }

    fn finish(&self) {
        *self.under_way() = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Observer;
    use std::sync::Arc;

    /// Every call of the tasks, as words.
    #[derive(Default)]
    struct Heard(Arc<Mutex<Vec<String>>>);

    struct HeardTask(Arc<Mutex<Vec<String>>>);

    impl Observer for Heard {
        fn begin(&self, what: &str, steps: u64) -> Box<dyn Task> {
            self.0.lock().unwrap().push(format!("begin {what} {steps}"));
            Box::new(HeardTask(self.0.clone()))
        }
    }

    impl Task for HeardTask {
        fn advance(&self, steps: u64) {
            self.0.lock().unwrap().push(format!("advance {steps}"));
        }
        fn say(&self, text: &str) {
            self.0.lock().unwrap().push(format!("say {text}"));
        }
        fn restart(&self, _: u64) {}
    }

    impl Drop for HeardTask {
        fn drop(&mut self) {
            self.0.lock().unwrap().push("end".into());
        }
    }

    #[test]
    fn a_table_is_a_task_and_its_sweeps_advance_by_the_bounds_decades() {
        let heard = Heard::default();
        let log = heard.0.clone();
        let tasks = Tasks::new(1e-6, Progress::to(Arc::new(heard)), Box::new(|_| {}));
        let table = |number| Step::Table {
            material: "KFK",
            number,
            of: 2,
            entries: 10,
        };
        let sweep = |sweeps, bound| Step::Sweep {
            material: "KFK",
            sweeps,
            bound,
        };
        tasks.progress(table(1));
        tasks.progress(sweep(1, 1e-2));
        tasks.progress(sweep(2, 1e-1));
        tasks.progress(sweep(3, 1e-7));
        tasks.progress(table(2));
        tasks.finish();
        let log = log.lock().unwrap().clone();
        assert_eq!(
            log,
            [
                "begin table 1/2 KFK: bound's decades 6",
                "advance 2",
                "say KFK: sweep 1, error within 1.0e-2",
                "advance 0",
                "say KFK: sweep 2, error within 1.0e-1",
                "advance 4",
                "say KFK: sweep 3, error within 1.0e-7",
                "end",
                "begin table 2/2 KFK: bound's decades 6",
                "end",
            ]
        );
    }
}
