//! A run of `solve`, `verify` or `export` as plain values: the search [`Settings`], the
//! worker pool's size, the folders rules files may be read from, the caller's cancel flag
//! and where the run's notes and warnings go. From it the worker pool is set, the rules
//! asked for are checked and the solver's [`Limits`] made ([`Run::limits`]), then a
//! batch of files runs ([`Run::batch`]). The command line builds one from its flags;
//! another program may build one by hand.

use super::settings::{Settings, SettingsError};
use super::{Batch, Ran};
use crate::batch::threads::{set_threads, ThreadsError};
use crate::batch::{Progress, Shard};
use crate::board::rules::RulesDirs;
use crate::report::grid::Group;
use crate::retro::TablesRefused;
use crate::solve::Limits;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// A run's settings and surroundings.
pub struct Run<'a> {
    /// The search settings.
    pub settings: Settings,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// The folders besides its own a problem file may name rules files in.
    pub rules_dirs: RulesDirs,
    /// Raised by the caller to stop every search (the command line's Ctrl-C).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Hears each note and warning as a whole line, as it comes.
    pub say: &'a (dyn Fn(&str) + Sync),
}

/// What a batch asks besides the run: which rule sets, which shard, and the name of its
/// progress task.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// Every rule set the problem names, not only its first (`--all-rules`).
    pub all_rules: bool,
    /// Only this shard's problems (`None`: all of them).
    pub shard: Option<Shard>,
    /// The name of the progress task ("verifying", "exporting").
    pub what: &'a str,
}

/// Why a run was refused before any work.
#[derive(Debug, Error)]
pub enum RunError {
    /// The worker pool could not be set to the size asked.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The settings were refused.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The paths given name no problem file.
    #[error("no problem files (*.toml) found in {0}")]
    NoFiles(String),
}

impl Run<'_> {
    /// True once the caller's cancel flag rose.
    pub fn cancelled(&self) -> bool {
        raised(&self.cancel)
    }

    /// The worker pool set, the rules asked for checked once before any work (their note
    /// said), and the solver's limits with the cancel flag, `progress` and the user's
    /// table cache (with a warning when it is not trusted).
    pub fn limits(&self, progress: Progress) -> Result<Limits, RunError> {
        set_threads(self.threads)?;
        if let Some(note) = self.settings.check_rules()? {
            (self.say)(&note);
        }
        let cache = || {
            let cache = crate::files::cache::for_run();
            if let Some(w) = cache.warning() {
                (self.say)(&format!("warning: {w}"));
            }
            cache.dir
        };
        Ok(self.settings.limits(
            (self.cancel.clone(), self.rules_dirs.reads()),
            progress,
            cache,
        )?)
    }

    /// Runs every problem of `files` (in parallel), or one shard's: a [`Batch`] on the
    /// run's limits, the files' warnings said, its jobs reported to `progress`. `on_ready`
    /// sees each group as soon as it and every group before it are done, in file order.
    /// `paths`, as given, name the files in the refusal when there is none. When the
    /// cancel flag rose, a line says what was left out.
    pub fn batch(
        &self,
        (files, paths): (&[PathBuf], &[PathBuf]),
        asked: Asked,
        progress: Progress,
        on_ready: &(dyn Fn(Group) + Sync),
    ) -> Result<Ran, RunError> {
        let limits = self.limits(Progress::none())?;
        if files.is_empty() {
            let named: Vec<_> = paths.iter().map(|p| p.display().to_string()).collect();
            return Err(RunError::NoFiles(named.join(", ")));
        }
        let batch = Batch {
            files,
            rules: self.settings.rules.as_deref(),
            rules_dirs: &self.rules_dirs,
            all_rules: asked.all_rules,
            shard: asked.shard,
            limits: &limits,
            style: self.settings.style,
            warn: &|w| (self.say)(&format!("warning: {}", crate::report::shown::said(w))),
            progress,
            what: asked.what,
        };
        // Each table file refused is said once, when the first row that met it is ready.
        let heard = std::sync::Mutex::new(TablesRefused::default());
        let ran = batch.run(&|g: Group| {
            let rows = g.rows.iter().filter_map(|r| r.found.analysis());
            say_refused(&heard, rows.map(|a| &a.tables_refused), self.say);
            on_ready(g)
        });
        if batch.cancelled() {
            (self.say)(&format!(
                "interrupted: {} read and not run (their rows say `{}`); the problems after \
                 the first {} were not read",
                ran.not_run,
                super::NOT_RUN,
                ran.total
            ));
        }
        Ok(ran)
    }
}

/// Says as a warning each table file of `met` not yet in `heard`, and adds it there.
pub(crate) fn say_refused<'r>(
    heard: &std::sync::Mutex<TablesRefused>,
    met: impl Iterator<Item = &'r TablesRefused>,
    say: &dyn Fn(&str),
) {
    let mut heard = heard.lock().unwrap_or_else(|e| e.into_inner());
    for e in met.flat_map(|r| r.0.iter()) {
        if !heard.holds(e) {
            say(&format!(
                "warning: {}",
                crate::report::shown::said(&e.to_string())
            ));
            heard.0.push(e.clone());
        }
    }
}

/// Has a cancel flag, if there is one, been raised?
pub(crate) fn raised(cancel: &Option<Arc<AtomicBool>>) -> bool {
    cancel
        .as_ref()
        .is_some_and(|c| c.load(std::sync::atomic::Ordering::SeqCst))
}
