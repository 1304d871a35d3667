//! The root of a solve: every first move in parallel, the decisive question first (does it
//! win within N?), then the open moves deepened together, the keys pinned to their least
//! N, the refutation of an unsound problem, and the main line and tree of the fastest key.

use super::budget::Budget;
use super::lines::{build_tree, main_line, refutation_line};
use super::searcher::{Searcher, R};
use super::verdict::{Solvable, SolveReport};
use super::{Conditions, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};
use crate::notation;
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// Nodes each root move gets for the decisive question before the root deepens all the
/// open moves together: checks get the most (keys of long problems are mostly checks),
/// captures less, quiet moves least.
pub(super) const ROOT_ALLOWANCE: [u64; 3] = [1 << 22, 1 << 20, 1 << 18];

/// Most holding defences counted for one try: the strongest try is the one with the
/// fewest, and one held by this many is shown with them and "and others" (counting every
/// defence of every try cost nine tenths of an unsound problem's search).
const HOLDING_COUNTED: usize = 6;

/// What one root move was found to do.
#[derive(Clone, Debug)]
pub(super) struct RootResult {
    m: Move,
    /// Least k found within which this move forces the goal.
    wins_in: Option<u32>,
    /// True when no smaller k works (proven).
    min_proven: bool,
    /// Largest k proven not to win within (0 = nothing proven).
    fails_upto: u32,
    /// True when the search of this move was stopped by a limit.
    stopped: bool,
    /// For a move that fails at N: the defences that hold (at most [`HOLDING_COUNTED`]).
    holding: Vec<Move>,
    /// True when more defences may hold than were counted.
    holding_more: bool,
}

/// The node allowance each method starts with when the two take turns on an open first
/// move (see [`Searcher::settle_open`]).
const TURN_FIRST: u64 = 1 << 16;

impl<B: Bits> Searcher<'_, B> {
    /// Does the attacker force the goal within `n` more moves after an open first move?
    /// Under [`super::Method::Auto`], where proof numbers would take this question, the
    /// two methods take turns with doubling node allowances until one settles it: proof
    /// numbers find long narrow wins that deepening does not reach (the key of
    /// `selfplay-g2-182w`, a win in 14), deepening proves the wide "no" that proof
    /// numbers do not (the self-play #11), and taking turns costs at most about three
    /// times the better one. Both keep their proofs in the shared table, so a turn
    /// starts where the last left off, and the answer is the same either way.
    pub(super) fn settle_open(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> R {
        if !self.turns_for(n) {
            return self.defend(pos, n, tracked);
        }
        let mut allowance = TURN_FIRST;
        loop {
            for deepen in [true, false] {
                self.deepen_only = deepen;
                self.cap = self.local_nodes.saturating_add(allowance);
                let r = self.defend(pos, n, tracked);
                self.cap = u64::MAX;
                self.deepen_only = false;
                if r.is_some() || self.budget.stopped() {
                    return r;
                }
            }
            allowance = allowance.saturating_mul(2);
        }
    }
}

/// How forcing a first move is, least first: a check before a quiet move, then the
/// fewest legal replies.
fn forcing<B: Bits>(pos: &Position<B>, m: &Move) -> (bool, usize) {
    let mut p = pos.clone();
    p.make(*m);
    (!p.in_check(), p.count_legal())
}

/// A try's rank for the refutation, least first: its holding defences, then how forcing
/// it is (see [`forcing`]), packed in one word so that workers can keep the least in an
/// atomic.
fn rank(holding: usize, (quiet, replies): (bool, usize)) -> u64 {
    (holding.min(0xff_ffff) as u64) << 40
        | (quiet as u64) << 32
        | replies.min(u32::MAX as usize) as u64
}

/// Solves a position for a stipulation under conditions.
pub fn solve<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
) -> SolveReport {
    // The search ends a twentieth of the time early: the lines of play get that.
    let budget = Budget::new(&super::remaining(limits, std::time::Instant::now(), 1));
    let n = stip.moves;
    let mut root = pos.clone();
    let probe_cond = cond;
    let mut list = MoveList::new();
    {
        let s = Searcher::new(&root, *stip, probe_cond, &budget);
        s.moves(&mut root, &mut list);
        // Checks, then captures, first: the likely keys get proven before the workers
        // sink their time into the quiet tries.
        s.order(&mut root, &mut list, 0);
    }
    let root_moves: Vec<Move> = list.as_slice().to_vec();
    let bar = crate::solve::progress_bar(limits.progress, root_moves.len() as u64, "root moves");
    let worker = || Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
    // What is proven so far, for the progress bar: keys found, tries refuted.
    let keys_found = std::sync::atomic::AtomicUsize::new(0);
    let tries_refuted = std::sync::atomic::AtomicUsize::new(0);
    let proven = |b: &indicatif::ProgressBar, phase: &str| {
        use std::sync::atomic::Ordering::Relaxed;
        b.set_message(format!(
            "{phase}: {} key(s) proven, {} tries refuted within {n}",
            keys_found.load(Relaxed),
            tries_refuted.load(Relaxed)
        ));
    };
    // Phase 1: the decisive question (does it win within N?) for every root move, each
    // with a small node allowance: a key's proof along its forcing line is cheap, and so
    // is the refutation of most tries. Keys are then pinned down to their least k.
    let mut results: Vec<RootResult> = root_moves
        .par_iter()
        .map_init(worker, |s, &m| {
            let (mut p, nt) = s.after_root_move(pos, m);
            let mut r = RootResult {
                m,
                wins_in: None,
                min_proven: false,
                fails_upto: 0,
                stopped: false,
                holding: vec![],
                holding_more: false,
            };
            let class = if p.in_check() {
                0
            } else if pos.is_capture(&m) {
                1
            } else {
                2
            };
            s.cap = s.local_nodes + ROOT_ALLOWANCE[class];
            let first = s.defend(&mut p, n - 1, nt);
            s.cap = u64::MAX;
            match first {
                Some(true) => {
                    r.wins_in = Some(n);
                    r.min_proven = stip.exact;
                    // Then down from N: the first k that fails fixes the least one.
                    if !stip.exact {
                        let mut k = n;
                        loop {
                            if k == 1 {
                                r.min_proven = true;
                                break;
                            }
                            match s.defend(&mut p, k - 2, nt) {
                                Some(true) => {
                                    k -= 1;
                                    r.wins_in = Some(k);
                                }
                                Some(false) => {
                                    r.fails_upto = k - 1;
                                    r.min_proven = true;
                                    break;
                                }
                                None => {
                                    r.stopped = true;
                                    break;
                                }
                            }
                        }
                    }
                }
                Some(false) => r.fails_upto = n,
                None => r.stopped = budget.stopped(),
            }
            s.flush();
            if let Some(b) = &bar {
                use std::sync::atomic::Ordering::Relaxed;
                if r.wins_in.is_some() {
                    keys_found.fetch_add(1, Relaxed);
                } else if r.fails_upto >= n {
                    tries_refuted.fetch_add(1, Relaxed);
                }
                b.inc(1);
                proven(b, "first pass");
            }
            r
        })
        .collect();
    // Phase 2: the moves still open, deepened together one move at a time (all of them
    // to k before any to k + 1), so that a search cut by a limit still proves "no other
    // first move wins within k" for the largest k it completed.
    let depths: Vec<u32> = if stip.exact {
        vec![n]
    } else {
        (1..=n).collect()
    };
    for k in depths {
        if budget.stopped() {
            break;
        }
        let open: Vec<usize> = (0..results.len())
            .filter(|&i| {
                let r = &results[i];
                r.wins_in.is_none() && !r.stopped && r.fails_upto < k
            })
            .collect();
        if open.is_empty() {
            continue;
        }
        if let Some(b) = &bar {
            b.set_position(0);
            b.set_length(open.len() as u64);
            b.set_message(format!(
                "open first moves, within {k} ({} key(s) so far; the other first moves fail within {})",
                results.iter().filter(|r| r.wins_in.is_some()).count(),
                k - 1
            ));
        }
        let done: Vec<(usize, R)> = open
            .par_iter()
            .map_init(worker, |s, &i| {
                let m = results[i].m;
                let (mut p, nt) = s.after_root_move(pos, m);
                let r = s.settle_open(&mut p, k - 1, nt);
                s.flush();
                if let Some(b) = &bar {
                    b.inc(1);
                }
                (i, r)
            })
            .collect();
        for (i, r) in done {
            let x = &mut results[i];
            match r {
                Some(true) => {
                    // Every k' < k failed before (or k = N under `exact`).
                    x.wins_in = Some(k);
                    x.min_proven = true;
                }
                Some(false) => x.fails_upto = k,
                None => x.stopped = true,
            }
        }
    }
    // The defences that hold against each failed try, for the refutation of an unsound
    // problem (a sound one needs none: its tries are already proven to fail). Only the
    // strongest try's are reported: the fewest holding defences (at least one), ties to
    // the most forcing. So a try stops being counted, or is not counted at all, once it
    // can no longer be that: when its count so far, with its forcing, ranks behind a try
    // counted in full. The strongest try itself never ranks behind, so the choice does
    // not depend on the thread count or the order the tries finish in.
    if !budget.stopped() && results.iter().all(|r| r.wins_in.is_none()) {
        let best = std::sync::atomic::AtomicU64::new(u64::MAX);
        // The most forcing tries first (checks, then the fewest replies): they have the
        // fewest holding defences, and once that bound is low every other try stops
        // after a few. Counting was nine tenths of an unsound problem's search before.
        let mut tries: Vec<((bool, usize), usize)> = (0..results.len())
            .filter(|&i| results[i].wins_in.is_none() && results[i].fails_upto >= n)
            .map(|i| (forcing(pos, &results[i].m), i))
            .collect();
        tries.sort_unstable();
        let holding: Vec<(usize, Vec<Move>, bool, bool)> = tries
            .par_iter()
            .map_init(worker, |s, &(f, i)| {
                let m = results[i].m;
                let mut held = vec![];
                let mut stopped = false;
                let behind = |count: usize| rank(count, f) > best.load(Ordering::Relaxed);
                if behind(1) {
                    return (i, held, false, stopped);
                }
                let (mut p, nt) = s.after_root_move(pos, m);
                let mut l2 = MoveList::new();
                s.moves(&mut p, &mut l2);
                // The defences most likely to hold first, so that a try with more than
                // the fewest is given up soon.
                s.order_defences(&mut p, &mut l2, 0, Move::default());
                let mut more = false;
                for (j, &d) in l2.as_slice().iter().enumerate() {
                    let nt2 = s.track(&p, &d, nt);
                    let u = p.make(d);
                    let r = s.attack(&mut p, n - 1, nt2);
                    p.unmake(d, u);
                    match r {
                        Some(false) => {
                            held.push(d);
                            if behind(held.len()) {
                                break;
                            }
                            if held.len() == HOLDING_COUNTED {
                                more = j + 1 < l2.len();
                                break;
                            }
                        }
                        Some(true) => {}
                        None => {
                            stopped = true;
                            break;
                        }
                    }
                }
                // A try that fails with no defence held (it stalemates, say: no mate) can
                // never be the strongest, so it sets no bound.
                if !stopped && !held.is_empty() {
                    best.fetch_min(rank(held.len(), f), Ordering::Relaxed);
                }
                s.flush();
                (i, held, more, stopped)
            })
            .collect();
        for (i, held, more, stopped) in holding {
            results[i].holding = held;
            results[i].holding_more = more;
            results[i].stopped |= stopped;
        }
    }
    for r in results.iter_mut() {
        // A move neither proven to win nor proven to fail within N is open.
        if r.wins_in.is_none() && r.fails_upto < n {
            r.stopped = true;
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut rep = SolveReport::default();
    // The key list is complete when every other first move is proven to fail within N
    // (a key whose least k was not settled does not make the list incomplete).
    let stopped_any = results
        .iter()
        .any(|r| r.wins_in.is_none() && r.fails_upto < n);
    let keys: Vec<&RootResult> = results.iter().filter(|r| r.wins_in.is_some()).collect();
    rep.keys = keys.iter().map(|r| notation::coord(pos, &r.m)).collect();
    rep.keys_san = keys.iter().map(|r| notation::san(pos, &r.m)).collect();
    rep.keys_complete = !stopped_any;
    rep.others_fail_within = results
        .iter()
        .filter(|r| r.wins_in.is_none())
        .map(|r| r.fails_upto)
        .min();
    rep.solvable = if !keys.is_empty() {
        Solvable::Yes
    } else if stopped_any {
        Solvable::Unknown
    } else {
        Solvable::No
    };
    if let Some(best) = keys.iter().map(|r| r.wins_in.unwrap()).min() {
        // The shortest is proven when every other move is known not to win faster.
        let sound = stip.exact
            || results.iter().all(|r| {
                if r.wins_in.is_some() {
                    r.min_proven
                } else {
                    r.fails_upto + 1 >= best
                }
            });
        if sound {
            rep.shortest = Some(best);
        }
    }
    if rep.solvable == Solvable::No {
        // The strongest try: the fewest holding defences; ties go to the most forcing
        // try: a check, then the fewest legal replies.
        // A try whose count a limit interrupted competes only if no try was counted to the
        // end (its defences shown still hold; it may just not be the strongest).
        let counted = |r: &&RootResult| !r.holding.is_empty() && !r.stopped;
        let pool: Vec<&RootResult> = if results.iter().any(|r| counted(&r)) {
            results.iter().filter(counted).collect()
        } else {
            results.iter().filter(|r| !r.holding.is_empty()).collect()
        };
        if let Some(t) = pool
            .into_iter()
            .min_by_key(|r| (r.holding.len(), forcing(pos, &r.m)))
        {
            let mut p = pos.clone();
            let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
            let t0 = s.initial_track();
            let try_c = notation::coord(&p, &t.m);
            let nt = s.track(&p, &t.m, t0);
            p.make(t.m);
            let defs: Vec<String> = t.holding.iter().map(|d| notation::coord(&p, d)).collect();
            let nt2 = s.track(&p, &t.holding[0], nt);
            p.make(t.holding[0]);
            // The line goes on: the attacker's most forcing continuation, the defence that
            // holds against it, until the moves run out.
            let more = refutation_line(&mut s, &mut p, n - 1, nt2);
            let mut text = format!("{} {}", try_c, defs[0]);
            for m in &more {
                text.push(' ');
                text.push_str(m);
            }
            if defs.len() > 1 {
                let others = if t.holding_more { ", and others" } else { "" };
                text.push_str(&format!(
                    " (1st move also held by {}{others})",
                    defs[1..].join(" ")
                ));
            }
            rep.refutation = Some(text);
            s.flush();
        } else if root_moves.is_empty() {
            rep.refutation = Some("no legal move".into());
        }
    }
    let mut tree_nodes = 0;
    // Main line and solution tree from the fastest key.
    if let Some(k) = keys.iter().min_by_key(|r| r.wins_in.unwrap()) {
        // A budget of its own: the root search may have spent the whole of its.
        let budget = Budget::after(&budget, &super::remaining(limits, budget.start, 0));
        let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
        let mut p = pos.clone();
        let t0 = s.initial_track();
        let mut tree = vec![];
        let mut truncated = false;
        let mut line = vec![];
        build_tree(
            &mut s,
            &mut p,
            k.m,
            k.wins_in.unwrap(),
            t0,
            &mut line,
            &mut tree,
            &mut truncated,
        );
        rep.tree = tree;
        // A tree whose building the limit stopped has lines that end short of the goal.
        rep.tree_truncated = truncated || budget.stopped();
        let mut p = pos.clone();
        let mut s2 = Searcher::new(pos, *stip, cond, &budget).with_tables(tables.clone());
        let (san, coord) = main_line(&mut s2, &mut p, k.m, k.wins_in.unwrap(), t0);
        rep.main_line = san;
        rep.main_line_coord = coord;
        s.flush();
        s2.flush();
        tree_nodes = budget.nodes.load(Ordering::Relaxed);
    }
    rep.nodes = budget.nodes.load(Ordering::Relaxed) + tree_nodes;
    rep.millis = budget.start.elapsed().as_millis() as u64;
    rep.limit_hit = budget.reason();
    rep
}
