//! The search settings of `solve`, `verify` and `export` as plain values (a time limit in
//! seconds, a node limit, the rules asked for, the tables' folder, the method, the extras'
//! share, the notation): checked and turned into the solver's [`Limits`], the files a run
//! on them reads, and what a shard of `verify` records of them ([`VerifyAsked`]). The
//! command line builds one from its flags; another program may build one by hand.

use crate::batch::Progress;
use crate::board::compiled::AnyEngine;
use crate::board::rules::{Rules, RulesDirs, RulesError};
use crate::notation::Style;
use crate::solve::{Limits, Method, MAX_EXTRAS};
use crate::verify::shard::{Asked, VerifyAsked};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use thiserror::Error;

/// The search settings of a run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Wall-clock limit per problem, in seconds (0: none).
    pub timeout: f64,
    /// Node limit per problem.
    pub max_nodes: Option<u64>,
    /// The rule set every problem runs under instead of its own.
    pub rules: Option<String>,
    /// The folder of retrograde tables.
    pub tables: Option<PathBuf>,
    /// Build no small tables on the fly.
    pub no_auto_tables: bool,
    /// The search method.
    pub method: Method,
    /// Most defences counted against each try (0: none).
    pub refutations: u16,
    /// How many more moves an unsound problem is tried in for its least win.
    pub least_win: u32,
    /// The extras' share of the verdict's cost.
    pub extras: f64,
    /// How lines are written (`--notation`, `--letters`).
    pub style: Style,
}

/// Why the settings were refused, before any work.
#[derive(Debug, Error)]
pub enum SettingsError {
    /// `--max-nodes 0`.
    #[error("--max-nodes must be at least 1")]
    NoNodes,
    /// `--rules` does not read or does not compile.
    #[error("--rules: {0}")]
    Rules(RulesError),
}

/// A number of the settings that does not read within its range.
#[derive(Debug, Error)]
pub enum BadNumber {
    /// `--extras` outside 0 to [`MAX_EXTRAS`].
    #[error("expected a share of the verdict's cost from 0 to {MAX_EXTRAS}, got '{}'", crate::report::shown::shown(.0))]
    Extras(String),
    /// `--refutations 1`.
    #[error("1 cannot tell a try refuted by one defence from one held by more: give 2 or more, or 0 for the verdict alone")]
    OneRefutation,
    /// `--refutations` outside 0 and 2 to 255.
    #[error("expected 0 or a whole number from 2 to 255, got '{0}'")]
    Refutations(String),
}

/// `--extras`: a share from 0 to [`MAX_EXTRAS`].
pub fn parse_extras(text: &str) -> Result<f64, BadNumber> {
    match text.trim().parse::<f64>() {
        Ok(x) if (0.0..=MAX_EXTRAS).contains(&x) => Ok(x),
        _ => Err(BadNumber::Extras(text.to_string())),
    }
}

/// `--refutations`: 0, or 2 to 255 (one counted defence cannot tell a try refuted once
/// from one held by more).
pub fn parse_refutations(text: &str) -> Result<u16, BadNumber> {
    match text.trim().parse::<u16>() {
        Ok(n) if n == 0 || (2..=255).contains(&n) => Ok(n),
        Ok(1) => Err(BadNumber::OneRefutation),
        _ => Err(BadNumber::Refutations(text.to_string())),
    }
}

impl Settings {
    /// The solver's limits: the settings with the run's cancel flag, its observer, its
    /// record of the files read (and its memory budget) and, unless `no_auto_tables`, the folder `table_cache`
    /// gives for tables built on the fly.
    pub fn limits(
        &self,
        (cancel, reads): (Option<Arc<AtomicBool>>, &crate::files::Reads),
        progress: Progress,
        table_cache: impl FnOnce() -> Option<crate::files::cache::TableCache>,
    ) -> Result<Limits, SettingsError> {
        if self.max_nodes == Some(0) {
            return Err(SettingsError::NoNodes);
        }
        Ok(Limits {
            timeout: crate::batch::bounds::duration(self.timeout),
            max_nodes: self.max_nodes,
            cancel,
            progress,
            tables_dir: self.tables.clone(),
            table_cache: if self.no_auto_tables {
                None
            } else {
                table_cache()
            },
            reads: reads.clone(),
            method: self.method,
            refutations: Some(self.refutations.into()),
            least_win: Some(self.least_win),
            extras: Some(self.extras),
            extras_pool: None,
            problem_nodes: None,
            written: Some(self.style),
        })
    }

    /// Every file a run on `files` reads, which no output may replace: the problem
    /// files, the rules files they name, `rules`'s, and the table files in `tables`.
    pub fn files_read(&self, files: &[PathBuf], dirs: &RulesDirs) -> Vec<PathBuf> {
        let mut read = crate::verify::shard::read_by(files, self.rules.as_deref(), dirs);
        read.extend(
            (self.tables.as_deref())
                .map(crate::retro::table_files)
                .unwrap_or_default(),
        );
        read
    }

    /// Checks `rules` once, before any work (a bad name is a usage error); the note to
    /// say once when the rules read FEN letters otherwise than orthodox chess (a problem
    /// written in orthodox letters changes men under them).
    pub fn check_rules(&self) -> Result<Option<String>, SettingsError> {
        let Some(r) = &self.rules else {
            return Ok(None);
        };
        let rules = Rules::resolve(r, None).map_err(SettingsError::Rules)?;
        let readings = rules.letter_readings();
        let note = (!readings.is_empty()).then(|| {
            format!(
                "note: --rules {} reads the FEN letters {} (an orthodox problem's men change)",
                rules.name,
                readings.join(", ")
            )
        });
        AnyEngine::new(rules).map_err(SettingsError::Rules)?;
        Ok(note)
    }

    /// What a shard of `verify` records of the settings, with the paths as given (the CSV
    /// names the files by them) and `all_rules`; not the threads nor where the output goes.
    pub fn asked(&self, paths: &[PathBuf], all_rules: bool) -> Asked {
        Asked::Verify(VerifyAsked {
            paths: paths.iter().map(|p| p.display().to_string()).collect(),
            all_rules,
            rules: self.rules.clone(),
            timeout: self.timeout,
            max_nodes: self.max_nodes,
            tables: self.tables.as_ref().map(|t| t.display().to_string()),
            no_auto_tables: self.no_auto_tables,
            method: self.method,
            refutations: self.refutations,
            least_win: self.least_win,
            extras: self.extras,
            notation: self.style.notation,
            letters: self.style.letters,
        })
    }
}
