//! The jobs of a run, shared by `solve`, `verify` and `export`: the search options, the
//! compiled rules shared by every problem, a problem under one rule set as a job, and one
//! job analysed into its row.

use crate::analyse::analyse_in;
use crate::board::any::AnyEngine;
use crate::board::position::Position;
use crate::board::rules::{Rules, PRESETS};
use crate::notation::Notation;
use crate::problem::carry::{carry, Carried};
use crate::problem::{load_file, Problem};
use crate::report::grid::Skip;
use crate::report::Row;
use crate::solve::{Limits, SolveError};
use crate::with_engine;
use anyhow::{bail, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Search limits and shared options of `solve`, `verify` and `export`.
#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// Wall-clock limit per problem, in seconds (0: none). A problem that hits it gets
    /// the verdict `unknown`. At most 10000000.
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS", value_parser = super::bounds::seconds)]
    pub timeout: f64,
    /// Node limit per problem.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Run every problem under this rule preset (or rules file) instead of its own.
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Directory of retrograde tables (`mansuba tablebase build`): `win N` problems whose
    /// material a table covers are proven at any length, with the exact distance.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Do not build small tables on the fly: without --tables, a `win N` ending of at
    /// most four men gets its table built (seconds) in $TMPDIR/mansuba-tables, and one of
    /// five or six men the tables of the four-man endings its captures reach (within a
    /// quarter of the time limit).
    #[arg(long)]
    pub no_auto_tables: bool,
    /// Search method: `auto` (deepening for short remainders, proof numbers from nine moves
    /// left), `deepening`, `pn` (depth-first proof numbers) or `positions` (each first move
    /// first by proof numbers over positions, then as auto; experimental, see
    /// docs/speed.md). Every method is exact: the verdicts are the same, only the time
    /// differs.
    #[arg(long, default_value = "auto", value_name = "METHOD")]
    pub method: crate::solve::Method,
    /// The notation every printed line is written in: san, lan, coord or descriptive
    /// (descriptive on 8x8 boards; the CSV's `keys` column stays in coordinates). Murray's
    /// notation is read in solutions but not written: `murray` is refused here.
    #[arg(long, default_value = "san", value_name = "NAME", value_parser = crate::notation::Notation::for_writing)]
    pub notation: crate::notation::Notation,
    /// On a problem without a key: most defences counted against each try to pick the
    /// strongest one (held by the fewest) and show what refutes it. Two tell a try
    /// refuted by a single defence from the rest, as Popeye's `Option Try` does; more
    /// list more of each refutation and take longer; 0 counts none and prints the
    /// verdict without a refutation.
    #[arg(long, default_value_t = crate::solve::DEFAULT_REFUTATIONS as u16, value_name = "N",
          value_parser = parse_refutations)]
    pub refutations: u16,
}

/// `--refutations`: 0, or 2 to 255 (one counted defence cannot tell a try refuted once
/// from one held by more).
fn parse_refutations(text: &str) -> Result<u16, String> {
    match text.trim().parse::<u16>() {
        Ok(n) if n == 0 || (2..=255).contains(&n) => Ok(n),
        Ok(1) => Err(
            "1 cannot tell a try refuted by one defence from one held by more: \
                      give 2 or more, or 0 for the verdict alone"
                .into(),
        ),
        _ => Err(format!(
            "expected 0 or a whole number from 2 to 255, got '{text}'"
        )),
    }
}

impl RunArgs {
    pub(super) fn limits(&self, progress: bool) -> Result<Limits> {
        if self.max_nodes == Some(0) {
            bail!("--max-nodes must be at least 1");
        }
        Ok(Limits {
            timeout: super::bounds::duration(self.timeout),
            max_nodes: self.max_nodes,
            cancel: Some(crate::cli::interrupt::cancel_flag()),
            progress,
            tables_dir: self.tables.clone(),
            auto_tables: !self.no_auto_tables,
            method: self.method,
            refutations: Some(self.refutations.into()),
            problem_nodes: None,
        })
    }

    /// Checks `--rules` once, before any work (a bad name is a usage error).
    pub(super) fn check_rules(&self) -> Result<()> {
        if let Some(r) = &self.rules {
            let rules = Rules::resolve(r, None).map_err(|e| anyhow::anyhow!("--rules: {e}"))?;
            let readings = rules.letter_readings();
            if !readings.is_empty() {
                // Said once: a problem written in orthodox letters changes men here.
                eprintln!(
                    "note: --rules {} reads the FEN letters {} (an orthodox problem's men \
                     change)",
                    rules.name,
                    readings.join(", ")
                );
            }
            AnyEngine::new(rules).map_err(|e| anyhow::anyhow!("--rules: {e}"))?;
        }
        Ok(())
    }
}

/// Compiled rules, shared by every problem that names the same rule set.
#[derive(Default)]
pub(super) struct Engines {
    pub(super) map: Mutex<HashMap<String, Result<AnyEngine, String>>>,
}

impl Engines {
    /// The engine for a preset name or a rules file relative to `base` (None: the
    /// working directory).
    pub(super) fn get(&self, spec: &str, base: Option<&Path>) -> Result<AnyEngine, String> {
        let key = if PRESETS.contains(&spec) {
            spec.to_string()
        } else {
            match base {
                Some(b) => b.join(spec).display().to_string(),
                None => spec.to_string(),
            }
        };
        self.cached(key, || {
            Rules::resolve(spec, base).map_err(|e| e.to_string())
        })
    }

    /// The engine of a problem's own rules: its `rules` with its `rules_set` knobs on top.
    pub(super) fn own(&self, p: &Problem) -> Result<AnyEngine, String> {
        let Some(knobs) = &p.rules_set else {
            return self.get(&p.rules, Some(p.base_dir()));
        };
        let key = format!("{}\n{knobs}", p.base_dir().join(&p.rules).display());
        self.cached(key, || p.own_rules())
    }

    fn cached(
        &self,
        key: String,
        rules: impl FnOnce() -> Result<Rules, String>,
    ) -> Result<AnyEngine, String> {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.entry(key)
            .or_insert_with(|| AnyEngine::new(rules()?).map_err(|e| e.to_string()))
            .clone()
    }
}

/// One unit of work: a problem under one rule set.
pub(super) struct Job {
    pub(super) problem: Arc<Problem>,
    /// The rules spec and whether it came from the command line.
    pub(super) rules: String,
    pub(super) from_cli: bool,
    /// With `--all-rules`: the position and conditions carried over to `rules` by the
    /// identity of the men (None: as the problem writes them).
    pub(super) carried: Option<Carried>,
}

/// Which key of the problem an analysis error is about.
pub(super) fn key_of(e: &SolveError) -> &'static str {
    match e {
        SolveError::Stipulation(_) => "stipulation",
        SolveError::MateBy(_) => "mate_by",
        SolveError::MateOn(_) => "mate_on",
        SolveError::MateFrom(_) => "mate_from",
        SolveError::Immobile(_) => "immobile",
        SolveError::Defender(_) => "defender",
        SolveError::Fen(_) => "fen",
        SolveError::Dice(_) => "stipulation",
    }
}

pub(super) fn run_job(job: &Job, engines: &Engines, limits: &Limits, out: Notation) -> Row {
    let p = &*job.problem;
    let t0 = Instant::now();
    let base = if job.from_cli {
        None
    } else {
        Some(p.base_dir())
    };
    let own = !job.from_cli && job.carried.is_none();
    let eng = match if own {
        engines.own(p)
    } else {
        engines.get(&job.rules, base)
    } {
        Ok(e) => e,
        Err(msg) => {
            let key = if job.from_cli {
                "id"
            } else if msg.starts_with("`rules_set`") {
                "rules_set"
            } else {
                "rules"
            };
            return Row::from_error(&p.error(key, msg), Some(p), &job.rules);
        }
    };
    let (fen, conditions) = match &job.carried {
        Some(c) => (&c.fen, &c.conditions),
        None => (&p.fen, &p.conditions),
    };
    // A game the rules have already ended (a bare defender) is said so, not searched.
    let decided = with_engine!(&eng, e => Position::from_fen(e.clone(), fen)
        .ok()
        .and_then(|pos| p.decided_before_play(&pos)));
    if let Some(msg) = decided {
        let mut r = Row::from_error(&p.error("fen", msg), Some(p), &job.rules);
        r.millis = t0.elapsed().as_millis() as u64;
        return r;
    }
    let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        analyse_in(
            &eng,
            fen,
            &p.stipulation,
            conditions,
            p.solution.as_deref(),
            p.notation,
            limits,
        )
        .map(|mut a| {
            crate::solve::written::rewrite(&eng, &mut a, out);
            a
        })
    }));
    let millis = t0.elapsed().as_millis() as u64;
    match res {
        Ok(Ok(a)) => Row::from_analysis(p, &job.rules, a, millis),
        Ok(Err(e)) => {
            let key = key_of(&e);
            let mut msg = e.to_string();
            if key == "fen" {
                msg = format!("{msg} (rules '{}')", job.rules);
            }
            let mut r = Row::from_error(&p.error(key, msg), Some(p), &job.rules);
            r.millis = millis;
            r
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let mut r = Row::from_error(
                &p.error(
                    "id",
                    format!("internal error while solving (a bug; please report it with this problem): {what}"),
                ),
                Some(p),
                &job.rules,
            );
            r.millis = millis;
            r
        }
    }
}

/// Loads every file; returns the problems, the rows for what could not be read, and
/// prints the warnings.
pub(super) fn load_all(files: &[PathBuf]) -> (Vec<Problem>, Vec<(usize, Row)>) {
    let mut problems = vec![];
    let mut errors = vec![];
    for f in files {
        let lf = load_file(f);
        for w in &lf.warnings {
            eprintln!("warning: {w}");
        }
        for p in lf.problems {
            match p {
                Ok(p) => problems.push(p),
                Err(e) => errors.push((problems.len(), Row::from_error(&e, None, ""))),
            }
        }
    }
    (problems, errors)
}

/// The rule sets each problem runs under: its own (or `--rules`), or with `--all-rules`
/// its own first and then every other preset it can be carried over to (its men kept by
/// identity, see [`crate::problem::carry`]); the presets it cannot go to, with the reason.
pub(super) fn jobs_for(
    p: &Arc<Problem>,
    run: &RunArgs,
    all_rules: bool,
    engines: &Engines,
) -> (Vec<Job>, Vec<Skip>) {
    let job = |rules: &str, from_cli: bool, carried: Option<Carried>| Job {
        problem: Arc::clone(p),
        rules: rules.to_string(),
        from_cli,
        carried,
    };
    if let Some(r) = &run.rules {
        return (vec![job(r, true, None)], vec![]);
    }
    let own = job(&p.rules, false, None);
    if !all_rules {
        return (vec![own], vec![]);
    }
    let mut skipped = vec![];
    let mut skip = |rules: &str, reason: String| {
        skipped.push(Skip {
            rules: rules.to_string(),
            reason,
        })
    };
    let others = PRESETS.iter().filter(|n| **n != p.rules);
    // Carrying starts from the position as its own rules read it.
    let own_reads = engines.own(p).and_then(|e| {
        with_engine!(&e, x => Position::from_fen(x.clone(), &p.fen).map(|_| ()).map_err(|err| err.to_string()))
            .map(|_| e)
    });
    let own_eng = match own_reads {
        Ok(e) => e,
        Err(why) => {
            for name in others {
                skip(
                    name,
                    format!("the problem does not read under its own rules ({why})"),
                );
            }
            return (vec![own], skipped);
        }
    };
    let mut jobs = vec![own];
    for name in others {
        let e = match engines.get(name, None) {
            Ok(e) => e,
            Err(why) => {
                skip(name, why);
                continue;
            }
        };
        let c = match carry(
            own_eng.rules(),
            e.rules(),
            &p.fen,
            &p.conditions,
            p.solution.as_deref(),
        ) {
            Ok(c) => c,
            Err(why) => {
                skip(name, why);
                continue;
            }
        };
        // Another assize may not take the position (a pawn on the last rank, an
        // en-passant square it has no use for) or may end the game before it starts.
        let refused = with_engine!(&e, x => match Position::from_fen(x.clone(), &c.fen) {
            Err(err) => Some(format!("does not take the position: {err}")),
            Ok(pos) => p.decided_before_play(&pos),
        });
        match refused {
            Some(why) => skip(name, why),
            None => jobs.push(job(name, false, Some(c))),
        }
    }
    (jobs, skipped)
}
