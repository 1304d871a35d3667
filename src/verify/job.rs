//! One problem under one rule set, verified into its row: the heart of `verify`, `solve`
//! and `export`, and what another program calls to verify a problem.

use crate::analyse::analyse_in;
use crate::board::position::Position;
use crate::notation::Style;
use crate::problem::carry::Carried;
use crate::problem::Engines;
use crate::problem::Problem;
use crate::report::Row;
use crate::solve::{Limits, SolveError};
use crate::with_engine;
use std::sync::Arc;
use std::time::Instant;

/// One unit of work: a problem under one rule set.
pub struct Job {
    /// The problem.
    pub problem: Arc<Problem>,
    /// The rules spec it is verified under: its own, the one `--rules` gives, or a preset
    /// `--all-rules` carries it to.
    pub rules: String,
    /// The rules came from `--rules`, not from the problem: a fault in them is then laid
    /// at the problem's `id` rather than at its `rules` key.
    pub from_cli: bool,
    /// With `--all-rules`: the position and conditions carried over to `rules` by the
    /// identity of the men (None: as the problem writes them).
    pub carried: Option<Carried>,
}

/// Which key of the problem an analysis error is about.
pub fn key_of(e: &SolveError) -> &'static str {
    match e {
        SolveError::Stipulation(_) => "stipulation",
        SolveError::MateBy(_) => "mate_by",
        SolveError::MateOn(_) => "mate_on",
        SolveError::MateFrom(_) => "mate_from",
        SolveError::Immobile(_) => "immobile",
        SolveError::Fen(_) => "fen",
        SolveError::Dice(_) | SolveError::Play(_) | SolveError::PlayConditions { .. } => {
            "stipulation"
        }
    }
}

/// Verifies one job: the problem's rules compiled (or taken from `engines`), the position
/// read, the analysis run under `limits`, its lines written in `out`; the row with its
/// verdict ([`crate::report::Verdict::of`]). Never fails: what goes wrong is an `error` row
/// naming the problem's key.
pub fn run_job(job: &Job, engines: &Engines, limits: &Limits, out: Style) -> Row {
    let p = &*job.problem;
    let t0 = Instant::now();
    // One count of nodes and one pool of extras for every step of the row, the least
    // win's attempts included.
    let limits = &limits.for_one_problem();
    let eng = match engines.for_problem(p, Some(&job.rules)) {
        Ok(e) => e,
        Err(e) => {
            let key = if job.from_cli { "id" } else { e.key() };
            return Row::from_error(&p.error(key, e.to_string()), Some(p), &job.rules);
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
    // The claim check writes its remarks' moves in `out` itself (they are prose: they
    // cannot be rewritten afterwards).
    let written = Limits {
        written: Some(out),
        ..limits.clone()
    };
    let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        analyse_in(
            &eng,
            fen,
            &p.stipulation,
            conditions,
            p.solution.as_deref(),
            p.notation,
            &written,
        )
        .map(|mut a| {
            crate::solve::written::rewrite(&eng, &mut a, out);
            a
        })
    }));
    let millis = t0.elapsed().as_millis() as u64;
    match res {
        Ok(Ok(a)) => {
            let mut r = Row::from_analysis(p, &job.rules, a, millis);
            if r.verdict == crate::report::Verdict::Unsound {
                r.least_win = super::least::least_win(&eng, p, (fen, conditions), limits);
                r.millis = t0.elapsed().as_millis() as u64;
            }
            if let (Some(a), Some(pool)) = (r.analysis_mut(), &limits.extras_pool) {
                a.extras_left_out = pool.left_out();
            }
            r
        }
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

/// The limit a row names when Ctrl-C came before its job was started.
pub const NOT_RUN: &str = "not run (interrupted)";

/// The row of a job never started because Ctrl-C stopped the batch first: `unknown`, with
/// [`NOT_RUN`] as its limit, so that every reader (CSV, JSON, text, edition) tells it
/// from a search that was cut short.
pub fn not_run(job: &Job) -> Row {
    let p = &*job.problem;
    let fen = job.carried.as_ref().map_or(&p.fen, |c| &c.fen);
    let analysis = crate::solve::Analysis {
        report: crate::solve::SolveReport {
            limit_hit: Some(NOT_RUN.into()),
            ..Default::default()
        },
        claim: crate::solve::ClaimCheck::none(),
        diagram: String::new(),
        fen: fen.clone(),
        continual_check: None,
        extras_left_out: vec![],
        written: Default::default(),
        tables_refused: Default::default(),
    };
    Row::from_analysis(p, &job.rules, analysis, 0)
}
