//! The `tablebase` workflows as the command line asks them (rules and materials named as
//! text, a folder), under dice rules or not: run by the library ([`crate::retro::by_name`],
//! [`crate::dice::by_name`]) and written as text or JSON ([`super::tables`],
//! [`super::chance_tables`]), every line ended.

use super::chance_tables as chance;
use super::tables as out;
use crate::batch::{Progress, Task};
use crate::board::rules::{Rules, RulesError};
use crate::dice::by_name::DiceByNameError;
use crate::dice::table::Stops;
use crate::dice::Watch;
use crate::retro::by_name::{self, ByNameError};
use crate::retro::BuildOptions;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use thiserror::Error;

/// Why a table workflow gave no answer.
#[derive(Debug, Error)]
pub enum TablesAskError {
    /// The rules do not read.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The table folder cannot hold tables.
    #[error("--dir {0}")]
    Dir(ByNameError),
    /// A plan asked of dice rules, which have no retrograde plan.
    #[error("--rules {0}: {1}")]
    DicePlan(String, ByNameError),
    /// The retrograde work failed.
    #[error(transparent)]
    Retro(#[from] ByNameError),
    /// The chance tables' work failed.
    #[error(transparent)]
    Dice(#[from] DiceByNameError),
    /// A probe under dice rules has no answer.
    #[error(transparent)]
    DiceProbe(#[from] Box<super::dice_asked::AskError>),
    /// The answer could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// True when the rules are a dice game's (their tables are chance tables).
fn dice(rules: &str) -> Result<bool, RulesError> {
    Ok(Rules::resolve(rules, None)?.dice.is_some())
}

/// `tablebase plan`: `MATERIAL: NEEDS...` per line, or a JSON list.
pub fn planned(rules: &str, materials: &[String], json: bool) -> Result<String, TablesAskError> {
    let steps = by_name::plan_named(rules, materials).map_err(|e| match &e {
        ByNameError::DicePlan(name) => TablesAskError::DicePlan(name.clone(), e),
        _ => e.into(),
    })?;
    Ok(match json {
        true => serde_json::to_string_pretty(&steps)? + "\n",
        false => out::plan_text(&steps),
    })
}

/// `tablebase probe`: the value, the distance and a line of best play; under dice rules,
/// the chances to the end read from the chance tables in `dir` (as `dice` answers it,
/// the build's progress told to `watch`).
pub fn probed(
    (rules, dir): (&str, &Path),
    fen: &str,
    (max_line, json): (usize, bool),
    watch: &BuildWatch,
) -> Result<String, TablesAskError> {
    if dice(rules)? {
        let stops = Stops::after(None, (watch.cancel)(), watch.reads.budget());
        let asked = super::dice_asked::Asked {
            rules,
            fen,
            objective: "score",
            turns: None,
            tables: Some(dir),
            max_nodes: 0,
            simulate: None,
            stops: &stops,
            watch: watch.dice,
        };
        return Ok(super::dice_asked::answered(&asked, json)
            .map_err(Box::new)?
            .1);
    }
    let p = by_name::probe_named((rules, dir), (fen, max_line), &watch.reads)?;
    Ok(match json {
        true => out::probe_json(&p)? + "\n",
        false => out::probe_text(&p),
    })
}

/// `tablebase stats`: wins, draws and losses per side to move, and the longest win; under
/// dice rules how a chance table was built, read back from its file.
pub fn stats(
    (rules, dir): (&str, &Path),
    material: &str,
    json: bool,
    reads: &crate::files::Reads,
) -> Result<String, TablesAskError> {
    if dice(rules)? {
        let t = crate::dice::by_name::stats_named(rules, material, dir, reads)?;
        return Ok(match json {
            true => chance::stats_json(&t) + "\n",
            false => chance::stats_text(&t),
        });
    }
    let s = by_name::stats_named((rules, material), dir, reads)?;
    Ok(match json {
        true => serde_json::to_string_pretty(&s)? + "\n",
        false => out::stats_text(&s),
    })
}

/// How a build tells of its progress: the retrograde levels, or the chance tables'
/// sweeps under dice rules, and what stops the latter.
pub struct BuildWatch<'a> {
    /// Hears the retrograde build's steps, as one task begun at the first step (a dice
    /// build, or a refused folder, begins none): its length the step's total, its
    /// message the table and phase (`KRK: level 3`).
    pub retro: Progress,
    /// Hears the chance tables' build.
    pub dice: &'a dyn Watch,
    /// The flag that stops the chance tables' build, asked for only when there is one
    /// to build (the command line installs its Ctrl-C handler then, and a retrograde
    /// build, which has no flag to check, keeps Ctrl-C's default).
    pub cancel: &'a dyn Fn() -> Option<Arc<AtomicBool>>,
    /// The caller's record of the files read, within its memory budget: the tables read
    /// are noted in it, and the chance tables built or read fit in its budget.
    pub reads: crate::files::Reads,
}

/// The retrograde build's steps told to a [`Progress`] as one task.
struct Steps<'a> {
    progress: &'a Progress,
    /// Begun at the first step.
    task: OnceLock<Option<Box<dyn Task>>>,
    /// The count and the total shown.
    at: Mutex<(u64, u64)>,
}

impl Steps<'_> {
    /// One step: `done` of `total`, or (a total of 0) the last total all done.
    fn step(&self, name: &str, phase: &str, (done, total): (u64, u64)) {
        let Some(t) = self.task.get_or_init(|| self.progress.begin("", 0)) else {
            return;
        };
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        if total > 0 {
            t.restart(total);
            t.advance(done);
            *at = (done, total);
        } else {
            t.advance(at.1.saturating_sub(at.0));
            at.0 = at.1;
        }
        t.say(&match phase {
            "level" => format!("{name}: level {done}"),
            _ => format!("{name}: {phase}"),
        });
    }
}

/// A build's report: the notes to say first, then the text or JSON.
pub struct Built {
    /// Warnings of the build (retrograde tables only).
    pub notes: Vec<String>,
    /// The report, every line ended.
    pub text: String,
}

/// `tablebase build`: the table of a material and every smaller one it needs, written to
/// `dir` (checked first to be a folder tables can go in); under dice rules, its chance
/// tables.
pub fn built(
    (rules, dir): (&str, &Path),
    material: &str,
    opts: &BuildOptions,
    json: bool,
    watch: &BuildWatch,
) -> Result<Built, TablesAskError> {
    by_name::table_folder(dir).map_err(TablesAskError::Dir)?;
    let t0 = std::time::Instant::now();
    if dice(rules)? {
        let stops = Stops {
            deadline: None,
            cancel: (watch.cancel)(),
            budget: watch.reads.budget(),
        };
        let t = crate::dice::by_name::build_named(rules, material, dir, &stops, watch.dice)?;
        let text = match json {
            true => chance::build_json(&t, t0.elapsed().as_secs_f64()) + "\n",
            false => chance::build_text(&t),
        };
        return Ok(Built {
            notes: vec![],
            text,
        });
    }
    let steps = Steps {
        progress: &watch.retro,
        task: OnceLock::new(),
        at: Mutex::new((0, 0)),
    };
    let step =
        |name: &str, phase: &str, done: u64, total: u64| steps.step(name, phase, (done, total));
    let report = by_name::build_named(rules, material, dir, opts, &step)?;
    let text = match json {
        true => serde_json::to_string_pretty(&report)? + "\n",
        false => out::build_text(&report, t0.elapsed().as_secs_f64()),
    };
    Ok(Built {
        notes: report.notes.clone(),
        text,
    })
}
