//! Repairs: the smallest changes that make a broken problem sound.
//!
//! For a problem that is unsound, cooked, or whose claimed solution fails, every position
//! within N edits ([`edit`]) that is a legal problem position is listed once and ranked
//! ([`candidates`]); a cheap replay of the claim discards what cannot be a repair
//! (`prefilter`); the survivors are solved in parallel by the full solver, exactly as
//! `verify` solves a problem, and judged ([`judge`]). A candidate whose solve hits a limit
//! is `unknown`, never a repair. The stipulation, the conditions and the claim are kept.
//!
//! Uses the board, notation, solve and analyse layers; knows nothing of files or terminals
//! beyond the progress bar the solver layer offers.

pub(crate) mod active;
pub mod candidates;
pub mod edit;
pub mod error;
pub mod filling;
pub mod judge;
pub mod material;
pub(crate) mod prefilter;
pub mod problem;
pub mod reconstruct;
pub mod reconstruct_check;
pub mod reconstruct_join;
pub mod spelled;
pub(crate) mod watch;

pub use crate::batch::Shard;
pub use error::{JoinError, LimitHit, ReconstructError, RepairError};
pub use judge::{Failure, Fault, Judgement, RepairKind};
pub use prefilter::Kept;
pub use problem::{kept_of, repair_problem};
pub use spelled::Spelled;

use crate::analyse::analyse_in;
use crate::board::bits::Bits;
use crate::board::compiled::AnyEngine;
use crate::board::engine::Engine;
use crate::board::position::Position;
use crate::board::sides::SideNames;
use crate::solve::word::Verdict;
use crate::solve::{Analysis, Limits};
use crate::with_engine;
use candidates::Candidate;
use edit::{Edit, Grid};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// How to search.
#[derive(Clone, Debug)]
pub struct Options {
    /// At most this many edits (1 or 2).
    pub max_edits: u8,
    /// Limits for each solve (the original's and each candidate's); its `cancel` (Ctrl-C)
    /// also stops the whole run.
    pub limits: Limits,
    /// The end of the whole run: the listing stops there (an error: a part of the list
    /// is no list), and no candidate starts after it (those left are counted `not_run`);
    /// each solve also ends by it.
    pub deadline: Option<Instant>,
    /// The slice of the candidate list to run.
    pub shard: Shard,
    /// Where the run tells of its progress over the listing and the candidates (each
    /// solve of a candidate reports nothing).
    pub progress: crate::batch::Progress,
    /// How the original's refutation and the repairs' keys are written.
    pub style: crate::notation::Style,
}

impl Options {
    /// The options from the time limits in seconds (`(whole run, each solve)`, 0: none;
    /// as [`crate::batch::bounds::seconds`] reads them), each solve stopped by `cancel`
    /// too; the run's deadline counts from now.
    pub fn timed(
        (timeout, each): (f64, f64),
        max_edits: u8,
        shard: Shard,
        cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
        progress: crate::batch::Progress,
        style: crate::notation::Style,
    ) -> Options {
        let duration = crate::batch::bounds::duration;
        Options {
            max_edits,
            limits: Limits {
                timeout: duration(each),
                cancel,
                ..Default::default()
            },
            deadline: duration(timeout).and_then(|d| Instant::now().checked_add(d)),
            shard,
            progress,
            style,
        }
    }
}

/// The original problem as solved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Original {
    /// Its verdict (`sound` when there is nothing to repair), written as its word.
    #[serde(with = "crate::solve::word::as_word")]
    pub verdict: Verdict,
    /// The keys (SAN).
    pub keys: Vec<String>,
    /// For an unsound problem: the strongest try and the defence that holds.
    pub refutation: Option<crate::solve::WrittenRefutation>,
    /// The claim's check ("refuted Rh2 after 1.Rh8+ Kxh8 2.Bf5+"; empty without a claim).
    pub claim: String,
    /// The position as solved (its side to move numbers the refutation).
    #[serde(default)]
    pub fen: String,
    /// The table files its search found and did not use.
    #[serde(skip)]
    pub tables_refused: crate::retro::TablesRefused,
}

/// One repair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Repair {
    /// Its place in the ranked candidate list (the same in every shard).
    pub candidate: usize,
    /// The edits (written in words).
    pub edits: Vec<Spelled>,
    /// The repaired position.
    pub fen: String,
    /// Its key (SAN).
    pub keys: Vec<String>,
    /// Which fault it mends: refutation removed, cook removed, claim made to work, sound
    /// in a longer task.
    pub kind: RepairKind,
    /// How much the edits disturb (see [`candidates::disturbance`]).
    pub disturbance: u32,
}

/// A candidate a limit left open, its edits `E` (a repair's [`Spelled`], a
/// reconstruction's [`filling::Filled`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Open<E> {
    /// Its place in the ranked candidate list.
    pub candidate: usize,
    /// The edits (a reconstruction's: the filling, square by square).
    pub edits: Vec<E>,
    /// The position.
    pub fen: String,
    /// The limit that stopped it.
    pub limit: String,
}

/// How much work was done.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// Legal candidates in the whole list.
    pub candidates: usize,
    /// Candidates in this shard.
    pub in_shard: usize,
    /// Discarded by the prefilter (no full search).
    pub prefiltered: usize,
    /// Of those, discarded by the reading of the claim alone (no search at all).
    pub claim_unreadable: usize,
    /// Solved in full.
    pub solved: usize,
    /// Left open by a limit.
    pub unknown: usize,
    /// Repairs found.
    pub repairs: usize,
    /// Wall time, candidates listed, prefiltered and solved.
    pub millis: u64,
    /// Candidates of the shard never started: the run's time limit or Ctrl-C came first.
    #[serde(default)]
    pub not_run: usize,
    /// What stopped the run before every candidate was started (empty: nothing did).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub stopped: String,
}

impl Counts {
    /// Adds another shard's work (the time summed; the first reason to stop kept).
    pub fn add_shard(&mut self, d: &Counts) {
        self.in_shard += d.in_shard;
        self.prefiltered += d.prefiltered;
        self.claim_unreadable += d.claim_unreadable;
        self.solved += d.solved;
        self.millis += d.millis;
        self.not_run += d.not_run;
        if self.stopped.is_empty() {
            self.stopped.clone_from(&d.stopped);
        }
    }
}

/// The answer: the original's fault, the repairs in rank order, the candidates left open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RepairReport {
    /// The original.
    pub original: Original,
    /// The slice run.
    pub shard: String,
    /// The repairs, ranked: fewer edits first, then less disturbance.
    pub repairs: Vec<Repair>,
    /// Candidates a limit left open (never repairs).
    pub unknown: Vec<Open<Spelled>>,
    /// The counts and the time.
    pub counts: Counts,
}

/// What `repair` is asked: the problem as the file poses it.
#[derive(Clone, Copy)]
pub struct Task<'a> {
    /// The rules.
    pub engine: &'a AnyEngine,
    /// The position as the program plays it.
    pub fen: &'a str,
    /// The stipulation, conditions and claim (kept in every candidate).
    pub kept: Kept<'a>,
    /// The names of the sides (for the edits in words).
    pub sides: &'a SideNames,
}

fn original_of(a: &Analysis, verdict: Verdict) -> Original {
    Original {
        fen: a.fen.clone(),
        verdict,
        keys: a.written.keys.clone(),
        refutation: a.written.refutation.clone(),
        claim: if a.claim.status == crate::solve::ClaimStatus::None && a.claim.detail.is_empty() {
            String::new()
        } else {
            a.claim.csv_text()
        },
        tables_refused: a.tables_refused.clone(),
    }
}

/// Solves the original, then lists, prefilters and solves the candidates of the shard.
/// An error when the original cannot be read or a limit leaves its verdict open.
pub fn repair(task: &Task, opt: &Options) -> Result<RepairReport, RepairError> {
    let t0 = Instant::now();
    let k = task.kept;
    let watch = watch::Watch::new(opt.deadline, &opt.limits);
    let a = analyse_in(
        task.engine,
        task.fen,
        k.stip,
        k.spec,
        k.claim,
        k.notation,
        &Limits {
            written: Some(opt.style),
            ..watch.limits_for(&opt.limits)
        },
    )?;
    let fault = judge::fault(&a).map_err(|limit| RepairError::Open { limit })?;
    // The original as shown: its lines in the notation and letters asked for (the search
    // below reads the analysis as the solver wrote it).
    let mut shown = a.clone();
    crate::solve::written::rewrite(task.engine, &mut shown, opt.style);
    let mut report = RepairReport {
        original: original_of(&shown, fault.map_or(Verdict::Sound, |f| f.verdict())),
        shard: opt.shard.to_string(),
        repairs: vec![],
        unknown: vec![],
        counts: Counts::default(),
    };
    let Some(fault) = fault else {
        report.counts.millis = t0.elapsed().as_millis() as u64;
        return Ok(report);
    };
    with_engine!(task.engine, e => {
        let pos = Position::from_fen(e.clone(), task.fen)?;
        search(task, (opt, &watch), &pos, &a, fault, &mut report)
    })?;
    report.counts.millis = t0.elapsed().as_millis() as u64;
    Ok(report)
}

/// A candidate's position and its edits by name.
fn spelled<B: Bits>(
    eng: &Arc<Engine<B>>,
    original: &Grid,
    c: &Candidate,
    tail: &str,
    sides: &SideNames,
) -> (String, Vec<Spelled>) {
    let mut g = original.clone();
    let mut words = vec![];
    for e in &c.edits {
        words.push(e.spelled(eng, sides));
        g = g.apply(e);
    }
    let fen = g
        .position(eng, tail)
        .map(|p| p.to_fen())
        .unwrap_or_default();
    (fen, words)
}

/// What became of one candidate.
pub enum Fate {
    /// Never started: the run was stopped first.
    NotRun,
    /// Discarded before the full search (true: by the reading of the claim alone), and
    /// why.
    Prefiltered(bool, String),
    /// Solved, judged; its position and edits by name (when kept), keys and verdict.
    Solved(
        Judgement,
        Option<(String, Vec<Spelled>)>,
        Vec<String>,
        Verdict,
    ),
}

/// Bytes a listed candidate takes while the list is built: the candidate, its edits and
/// the hash that keeps it once, as measured on a two-edit repair of a 12x12 problem
/// (docs/repair.md).
const BYTES_PER_CANDIDATE: u64 = 136;

/// About how many candidates `max_edits` edits of `grid` give: a first edit of each of
/// the original's single edits, a second edit of about as many from each of them.
/// Refused, with the estimate, when the list would not fit the memory budget.
fn check_size<B: Bits>(
    (eng, grid): (&Engine<B>, &Grid),
    max_edits: u8,
    budget: crate::memory::Budget,
) -> Result<(), RepairError> {
    let one = candidates::single_edits(grid, eng).len() as u64;
    let count = (1..max_edits).fold(one, |n, _| n.saturating_add(n.saturating_mul(one)));
    budget
        .check(
            &format!("the list of about {count} candidates within {max_edits} edits"),
            count.saturating_mul(BYTES_PER_CANDIDATE),
        )
        .map_err(|err| RepairError::TooManyCandidates { err })
}

/// The longer task a stipulation edit poses, if the candidate has one.
fn longer_task(c: &Candidate) -> Option<u32> {
    c.edits.iter().find_map(|e| match *e {
        Edit::Stipulation { moves } => Some(moves),
        _ => None,
    })
}

/// How far the stipulation is lengthened, at most: the least N' > N that is sound is
/// searched up to N + 3.
pub const LONGER_BY: u32 = 3;

/// The stipulation edits of an unsound `#N` or `win N` (not exact, not under dice): the
/// task posed in N+1 to N+3 moves (at most 200), the position unchanged.
fn stipulation_candidates<B: Bits>(eng: &Engine<B>, task: &Task, fault: Fault) -> Vec<Candidate> {
    let s = task.kept.stip;
    if fault != Fault::Unsound || s.exact || eng.rules.dice.is_some() {
        return vec![];
    }
    (s.moves + 1..=(s.moves + LONGER_BY).min(200))
        .map(|moves| Candidate {
            edits: vec![Edit::Stipulation { moves }],
            disturbance: 0,
            spread: 0,
        })
        .collect()
}

/// One candidate: spelled, prefiltered, solved and judged (or not run, once the run is
/// stopped). A stipulation edit is solved in its longer task without the claim (the
/// manuscript's line was written for the shorter one). `keep_all`: spell every solved
/// candidate, not only repairs and open ones.
fn fate<B: Bits>(
    task: &Task,
    (opt, watch): (&Options, &watch::Watch),
    (eng, grid, tail): (&Arc<Engine<B>>, &Grid, &str),
    c: &Candidate,
    keep_all: bool,
) -> Fate {
    if watch.stopped().is_some() {
        return Fate::NotRun;
    }
    let (fen, words) = spelled(eng, grid, c, tail, task.sides);
    let eng = task.engine;
    let limits = watch.limits_for(&opt.limits);
    let longer = longer_task(c).map(|moves| task.kept.stip.with_moves(moves));
    let k = match &longer {
        Some(stip) => Kept {
            stip,
            claim: None,
            ..task.kept
        },
        None => task.kept,
    };
    if let Some((cheap, why)) = prefilter::discard(eng, &fen, k, &limits) {
        return Fate::Prefiltered(cheap, why);
    }
    let mut l = limits;
    l.progress = crate::batch::Progress::none();
    l.written = Some(opt.style);
    match analyse_in(eng, &fen, k.stip, k.spec, k.claim, k.notation, &l) {
        Ok(mut a) => {
            let j = judge::judge(&a, k.claim);
            let keep = keep_all || matches!(j, Judgement::Repair | Judgement::Unknown(_));
            if keep {
                crate::solve::written::rewrite(eng, &mut a, opt.style);
            }
            Fate::Solved(
                j,
                keep.then_some((fen, words)),
                a.written.keys.clone(),
                Verdict::of(&a),
            )
        }
        Err(_) => Fate::Solved(
            Judgement::Fails(Failure::Verdict(Verdict::Error)),
            keep_all.then_some((fen, words)),
            vec![],
            Verdict::Error,
        ),
    }
}

/// The fates of `list[range]`, solved in parallel with a progress bar (`label`).
pub fn run_list<B: Bits>(
    task: &Task,
    (opt, watch): (&Options, &watch::Watch),
    (eng, grid, tail): (&Arc<Engine<B>>, &Grid, &str),
    (list, range): (&[Candidate], std::ops::Range<usize>),
    (label, keep_all): (&str, bool),
) -> Vec<Fate> {
    let bar = opt
        .progress
        .begin(&format!("{label}: candidates"), range.len() as u64);
    list[range]
        .par_iter()
        .map(|c| {
            let f = fate(task, (opt, watch), (eng, grid, tail), c, keep_all);
            if let Some(b) = &bar {
                b.advance(1);
            }
            f
        })
        .collect()
}

fn search<B: Bits>(
    task: &Task,
    (opt, watch): (&Options, &watch::Watch),
    pos: &Position<B>,
    a: &Analysis,
    fault: Fault,
    report: &mut RepairReport,
) -> Result<(), RepairError> {
    let eng = &pos.eng;
    let grid = Grid::from(pos);
    let tail = format!("{} {}", pos.halfmove, pos.fullmove);
    let active = active::active_squares(pos, a);
    check_size((eng, &grid), opt.max_edits, opt.limits.budget())?;
    let listing_task = opt.progress.begin("repair: listing the candidates", 0);
    let listing = |done: usize, of: usize| {
        if let Some(t) = &listing_task {
            t.say(&format!("{done} of {of} edited positions"));
        }
        watch.stopped().is_some()
    };
    let mut list = candidates::enumerate(eng, &grid, opt.max_edits, &active, &tail, &listing)
        .ok_or_else(|| RepairError::StoppedListing {
            why: watch.stopped().unwrap_or("stopped"),
        })?;
    // The stipulation first: the change a historian tries before any man is touched.
    let longer = stipulation_candidates(eng, task, fault);
    let k = longer.len();
    list.splice(0..0, longer);
    let range = opt.shard.range(list.len());
    report.counts.candidates = list.len();
    report.counts.in_shard = range.len();
    // The longer tasks one by one, shortest first, until one is sound or open.
    let mut fates = vec![];
    let mut settled = false;
    for c in &list[range.start.min(k)..range.end.min(k)] {
        if settled {
            fates.push(Fate::Prefiltered(
                false,
                "a shorter task is sound or open".into(),
            ));
            continue;
        }
        let f = fate(task, (opt, watch), (eng, &grid, &tail), c, false);
        settled = !matches!(f, Fate::Solved(Judgement::Fails(_), ..) | Fate::NotRun);
        fates.push(f);
    }
    fates.extend(run_list(
        task,
        (opt, watch),
        (eng, &grid, &tail),
        (&list, range.start.max(k).min(range.end)..range.end),
        ("repair", false),
    ));
    gather(task, (&list, range), fates, fault, report);
    if report.counts.not_run > 0 {
        report.counts.stopped = watch.stopped().unwrap_or("stopped").to_string();
    }
    report.counts.unknown = report.unknown.len();
    report.counts.repairs = report.repairs.len();
    Ok(())
}

/// The fates counted and the repairs and open candidates listed, in rank order. Of the
/// stipulation edits only the least sound one is a repair ("sound as #6"), and only when
/// every shorter one was proven not sound.
fn gather(
    task: &Task,
    (list, range): (&[Candidate], std::ops::Range<usize>),
    fates: Vec<Fate>,
    fault: Fault,
    report: &mut RepairReport,
) {
    let mut longer_settled = true;
    for (i, fate) in range.zip(fates) {
        let (judgement, spelt, keys) = match fate {
            Fate::NotRun => {
                report.counts.not_run += 1;
                continue;
            }
            Fate::Prefiltered(cheap, _) => {
                report.counts.prefiltered += 1;
                report.counts.claim_unreadable += cheap as usize;
                continue;
            }
            Fate::Solved(j, spelt, keys, _) => (j, spelt, keys),
        };
        report.counts.solved += 1;
        let longer = longer_task(&list[i]);
        if longer.is_some() && !matches!(judgement, Judgement::Fails(_)) {
            let first = longer_settled;
            longer_settled = false;
            if !first && judgement == Judgement::Repair {
                continue;
            }
        }
        let Some((fen, edits)) = spelt else { continue };
        match judgement {
            Judgement::Repair => report.repairs.push(Repair {
                candidate: i,
                edits,
                fen,
                keys,
                kind: match longer {
                    Some(moves) => RepairKind::SoundAs(task.kept.stip.with_moves(moves)),
                    None => fault.repair_kind(),
                },
                disturbance: list[i].disturbance,
            }),
            Judgement::Unknown(limit) => report.unknown.push(Open {
                candidate: i,
                edits,
                fen,
                limit,
            }),
            Judgement::Fails(_) => {}
        }
    }
}
