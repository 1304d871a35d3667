//! The root of a solve: every first move in parallel, the decisive question first (does it
//! win within N?), then the open moves deepened together, the keys pinned to their least
//! N, the refutation of an unsound problem, and the main line and tree of the fastest key.

use super::budget::Budget;
use super::endgames::Known;
use super::extras::{Extra, ExtrasPool};
use super::line::{Line, Played};
use super::lines::{build_tree, main_line, refutation_line};
use super::searcher::{Searcher, Settled};
use super::verdict::{Solvable, SolveReport};
use super::{Conditions, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::position::{Move, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Nodes each root move gets for the decisive question before the root deepens all the
/// open moves together: checks get the most (keys of long problems are mostly checks),
/// captures less, quiet moves least.
pub(super) const ROOT_ALLOWANCE: [u64; 3] = [1 << 22, 1 << 20, 1 << 18];

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
    /// For a move that fails at N: the defences that hold (at most `Limits::refutations`).
    holding: Vec<Move>,
    /// True when more defences may hold than were counted.
    holding_more: bool,
}

/// The fewest nodes one try may take to find the defence that refutes it (each try gets
/// an equal share of the tries' budget, at least this).
const TRY_SHARE: u64 = 1 << 12;

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
    pub(super) fn settle_open(&mut self, pos: &mut Position<B>, n: u32, tracked: u8) -> Settled {
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

/// Solves a position for a stipulation under conditions: the root moves in order, the
/// decisive question for each, the open ones deepened together, the holding defences of
/// the tries, then the verdict, the refutation and the lines of the fastest key.
/// `known`: the problem's retrograde tables and transposition table, which a claim check
/// of the same problem may have filled already.
pub fn solve<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    known: &Known,
) -> SolveReport {
    // The search ends a twentieth of the time early: the lines of play get that.
    let limits = &limits.for_one_problem();
    let budget = Budget::sharing(
        &super::remaining(limits, std::time::Instant::now(), 1),
        &known.table,
    );
    let root = Root {
        pos,
        stip,
        cond,
        tables: known.tables.clone(),
        budget: &budget,
        bar: None,
        keys_found: AtomicUsize::new(0),
        tries_refuted: AtomicUsize::new(0),
        holding_counted: limits.refutations(),
    };
    let root_moves = root.ordered_moves();
    let mut root = Root {
        bar: limits.progress.begin("root moves", root_moves.len() as u64),
        ..root
    };
    let mut results = root.first_pass(&root_moves);
    root.deepen_open(&mut results);
    // The verdict is settled: the extras get their share of what it cost, from the
    // problem's pool, or one of this search's own for limits made without one (a
    // library caller's): every extra draws on a pool.
    let own;
    let pool = match limits.extras_pool.as_deref() {
        Some(p) => p,
        None => {
            own = ExtrasPool::new(limits.extras_share(), limits.timeout);
            &own
        }
    };
    pool.grant(budget.nodes.load(Ordering::Relaxed));
    let unsound = !budget.stopped() && results.iter().all(|r| r.wins_in.is_none());
    let mut extra_nodes = 0;
    if unsound && root.holding_counted > 0 {
        extra_nodes += root.count_holding(&mut results, limits, pool);
    }
    for r in results.iter_mut() {
        // A move neither proven to win nor proven to fail within N is open.
        if r.wins_in.is_none() && r.fails_upto < stip.moves {
            r.stopped = true;
        }
    }
    drop(root.bar.take());
    let mut rep = root.verdict(&results);
    if rep.solvable == Solvable::No {
        let (refutation, spent) = root.refutation(&results, limits, pool);
        rep.refutation = refutation;
        rep.no_legal_move = results.is_empty();
        extra_nodes += spent;
        if root.holding_counted > 0 {
            let skip = root.strongest(&results).map(|t| t.m);
            root.try_lines(&results, skip, (limits, pool), true, &mut rep);
        }
    }
    let fastest = results
        .iter()
        .filter(|r| r.wins_in.is_some())
        .min_by_key(|r| r.wins_in);
    if let Some(k) = fastest {
        extra_nodes += root.lines(k, limits, &mut rep);
    }
    // A sound or cooked problem's tries (every first move proven to fail) and the defence
    // that refutes each, after its lines: the verdict is settled before they start.
    if rep.solvable == Solvable::Yes && root.holding_counted > 0 && !budget.stopped() {
        root.try_lines(&results, None, (limits, pool), false, &mut rep);
    }
    rep.nodes = budget.nodes.load(Ordering::Relaxed) + extra_nodes + rep.try_nodes;
    rep.millis = budget.start.elapsed().as_millis() as u64;
    rep.limit_hit = budget.reason();
    rep
}

/// One solve's shared state, read by every phase and every worker.
struct Root<'a, B: Bits> {
    pos: &'a Position<B>,
    stip: &'a Stipulation,
    cond: &'a Conditions,
    tables: Option<std::sync::Arc<crate::retro::Tables>>,
    budget: &'a Budget,
    bar: Option<Box<dyn crate::batch::Task>>,
    /// What is proven so far, for the progress bar: keys found, tries refuted.
    keys_found: AtomicUsize,
    tries_refuted: AtomicUsize,
    /// Most holding defences counted for one try: the strongest try is the one with the
    /// fewest, and one held by this many is shown with them and "and others" (counting
    /// every defence of every try cost nine tenths of an unsound problem's search).
    holding_counted: usize,
}

impl<'a, B: Bits> Root<'a, B> {
    /// A searcher for one worker (or one phase).
    fn worker(&self) -> Searcher<'a, B> {
        Searcher::new(self.pos, *self.stip, self.cond, self.budget).with_tables(self.tables.clone())
    }

    /// The legal first moves, checks then captures first: the likely keys get proven
    /// before the workers sink their time into the quiet tries.
    fn ordered_moves(&self) -> Vec<Move> {
        let mut root = self.pos.clone();
        let mut list = MoveList::new();
        let s = Searcher::new(&root, *self.stip, self.cond, self.budget);
        s.moves(&mut root, &mut list);
        s.order(&mut root, &mut list, 0);
        list.as_slice().to_vec()
    }

    fn show_proven(&self, b: &dyn crate::batch::Task, phase: &str) {
        b.say(&format!(
            "{phase}: {} key(s) proven, {} tries refuted within {}",
            self.keys_found.load(Ordering::Relaxed),
            self.tries_refuted.load(Ordering::Relaxed),
            self.stip.moves
        ));
    }

    /// Phase 1: the decisive question (does it win within N?) for every root move, each
    /// with a small node allowance: a key's proof along its forcing line is cheap, and so
    /// is the refutation of most tries. Keys are then pinned down to their least k.
    fn first_pass(&self, root_moves: &[Move]) -> Vec<RootResult> {
        root_moves
            .par_iter()
            .map_init(
                || self.worker(),
                |s, &m| {
                    let r = self.decide(s, m);
                    s.flush();
                    if let Some(b) = &self.bar {
                        if r.wins_in.is_some() {
                            self.keys_found.fetch_add(1, Ordering::Relaxed);
                        } else if r.fails_upto >= self.stip.moves {
                            self.tries_refuted.fetch_add(1, Ordering::Relaxed);
                        }
                        b.advance(1);
                        self.show_proven(b.as_ref(), "first pass");
                    }
                    r
                },
            )
            .collect()
    }

    /// The first pass on one root move: the decisive question within its allowance, and
    /// for a key its least k.
    fn decide(&self, s: &mut Searcher<'a, B>, m: Move) -> RootResult {
        let n = self.stip.moves;
        let (mut p, nt) = s.after_root_move(self.pos, m);
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
        } else if self.pos.is_capture(&m) {
            1
        } else {
            2
        };
        // An unbounded proof first: a long win is found along its most promising line,
        // and its nodes enter the table at their lengths for the bounded question.
        let witness = if s.unbounded_first() {
            s.cap = s.local_nodes + ROOT_ALLOWANCE[class];
            let w = s.prove_unbounded(&mut p, nt, n - 1);
            s.cap = u64::MAX;
            w
        } else {
            None
        };
        s.cap = s.local_nodes + ROOT_ALLOWANCE[class];
        let first = match witness {
            Some(_) => Some(true),
            None => s.defend(&mut p, n - 1, nt),
        };
        s.cap = u64::MAX;
        match first {
            Some(true) => {
                r.wins_in = Some(witness.map_or(n, |d| d + 1));
                r.min_proven = self.stip.exact;
                if !self.stip.exact {
                    least_win(s, &mut p, nt, &mut r);
                }
            }
            Some(false) => r.fails_upto = n,
            None => r.stopped = self.budget.stopped(),
        }
        r
    }

    /// Phase 2: the moves still open, deepened together one move at a time (all of them
    /// to k before any to k + 1), so that a search cut by a limit still proves "no other
    /// first move wins within k" for the largest k it completed.
    fn deepen_open(&self, results: &mut [RootResult]) {
        let n = self.stip.moves;
        let depths: Vec<u32> = if self.stip.exact {
            vec![n]
        } else {
            (1..=n).collect()
        };
        for k in depths {
            if self.budget.stopped() {
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
            if let Some(b) = &self.bar {
                b.restart(open.len() as u64);
                b.say(&format!(
                    "open first moves, within {k} ({} key(s) so far; the other first moves fail within {})",
                    results.iter().filter(|r| r.wins_in.is_some()).count(),
                    k - 1
                ));
            }
            let shared: &[RootResult] = results;
            let done: Vec<(usize, Settled)> = open
                .par_iter()
                .map_init(
                    || self.worker(),
                    |s, &i| {
                        let (mut p, nt) = s.after_root_move(self.pos, shared[i].m);
                        let r = s.settle_open(&mut p, k - 1, nt);
                        s.flush();
                        if let Some(b) = &self.bar {
                            b.advance(1);
                        }
                        (i, r)
                    },
                )
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
    }

    /// Phase 3, for a problem with no key: the defences that hold against each failed
    /// try, for the refutation (a sound problem needs none: its tries are already proven
    /// to fail). Only the strongest try's are reported: the fewest holding defences (at
    /// least one), ties to the most forcing. So a try stops being counted, or is not
    /// counted at all, once it can no longer be that: when its count so far, with its
    /// forcing, ranks behind a try counted in full. The strongest try itself never ranks
    /// behind, so the choice does not depend on the thread count or the order the tries
    /// finish in.
    fn count_holding(&self, results: &mut [RootResult], limits: &Limits, pool: &ExtrasPool) -> u64 {
        // Half of what the extras have: the refutation's line comes next.
        let Some(l) = pool.step_of(limits, Extra::StrongestTry, 0.5) else {
            return 0;
        };
        let budget = Budget::after(self.budget, &l);
        let best = AtomicU64::new(u64::MAX);
        // The most forcing tries first (checks, then the fewest replies): they have the
        // fewest holding defences, and once that bound is low every other try stops
        // after a few. Counting was nine tenths of an unsound problem's search before.
        let mut tries: Vec<((bool, usize), usize)> = (0..results.len())
            .filter(|&i| results[i].wins_in.is_none() && results[i].fails_upto >= self.stip.moves)
            .map(|i| (forcing(self.pos, &results[i].m), i))
            .collect();
        tries.sort_unstable();
        let shared: &[RootResult] = results;
        let worker = || {
            Searcher::new(self.pos, *self.stip, self.cond, &budget).with_tables(self.tables.clone())
        };
        let holding: Vec<(usize, Holding)> = tries
            .par_iter()
            .map_init(worker, |s, &(f, i)| {
                let h = self.holding_defences(s, shared[i].m, f, &best);
                s.flush();
                (i, h)
            })
            .collect();
        for (i, h) in holding {
            results[i].holding = h.held;
            results[i].holding_more = h.more;
            results[i].stopped |= h.stopped;
        }
        let spent = budget.nodes.load(Ordering::Relaxed);
        pool.spend(spent);
        if budget.stopped() {
            pool.leave_out(Extra::StrongestTry);
        }
        spent
    }

    /// The defences that hold against the try `m` (forcing `f`), given up as soon as the
    /// try ranks behind the best one counted in full.
    fn holding_defences(
        &self,
        s: &mut Searcher<'_, B>,
        m: Move,
        f: (bool, usize),
        best: &AtomicU64,
    ) -> Holding {
        let mut h = Holding::default();
        let behind = |count: usize| rank(count, f) > best.load(Ordering::Relaxed);
        if behind(1) {
            return h;
        }
        let (mut p, nt) = s.after_root_move(self.pos, m);
        let mut l2 = MoveList::new();
        s.moves(&mut p, &mut l2);
        // The defences most likely to hold first, so that a try with more than the fewest
        // is given up soon.
        s.order_defences(&mut p, &mut l2, 0, Move::default());
        for (j, &d) in l2.as_slice().iter().enumerate() {
            let nt2 = s.track(&p, &d, nt);
            let u = p.make(d);
            let r = s.attack(&mut p, self.stip.moves - 1, nt2);
            p.unmake(d, u);
            match r {
                Some(false) => {
                    h.held.push(d);
                    if behind(h.held.len()) {
                        break;
                    }
                    if h.held.len() == self.holding_counted {
                        h.more = j + 1 < l2.len();
                        break;
                    }
                }
                Some(true) => {}
                None => {
                    h.stopped = true;
                    break;
                }
            }
        }
        // A try that fails with no defence held (it stalemates, say: no mate) can never
        // be the strongest, so it sets no bound.
        if !h.stopped && !h.held.is_empty() {
            best.fetch_min(rank(h.held.len(), f), Ordering::Relaxed);
        }
        h
    }

    /// The verdict from the root results: keys, whether the list is complete, solvable,
    /// the shortest win when it is proven.
    fn verdict(&self, results: &[RootResult]) -> SolveReport {
        let (pos, n) = (self.pos, self.stip.moves);
        let mut rep = SolveReport::default();
        // The key list is complete when every other first move is proven to fail within N
        // (a key whose least k was not settled does not make the list incomplete).
        let stopped_any = results
            .iter()
            .any(|r| r.wins_in.is_none() && r.fails_upto < n);
        let keys: Vec<&RootResult> = results.iter().filter(|r| r.wins_in.is_some()).collect();
        rep.keys = keys.iter().map(|r| Played::of(pos, &r.m)).collect();
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
        if let Some(best) = keys.iter().filter_map(|r| r.wins_in).min() {
            // The shortest is proven when every other move is known not to win faster.
            let sound = self.stip.exact
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
        rep
    }

    /// The refutation of a problem with no key: the strongest try (the fewest holding
    /// defences; ties go to the most forcing try: a check, then the fewest legal replies),
    /// the defence that holds, and the line on from there, as far as what the extras have
    /// left goes (none when they have nothing left, or no holding defence was counted);
    /// with the nodes it spent.
    fn refutation(
        &self,
        results: &[RootResult],
        limits: &Limits,
        pool: &ExtrasPool,
    ) -> (Option<super::Refutation>, u64) {
        let Some(t) = self.strongest(results) else {
            return (None, 0);
        };
        let Some(l) = pool.step(limits, Extra::StrongestTry) else {
            return (None, 0);
        };
        let budget = Budget::after(self.budget, &l);
        let mut p = self.pos.clone();
        let mut s = Searcher::new(self.pos, *self.stip, self.cond, &budget)
            .with_tables(self.tables.clone());
        let t0 = s.initial_track();
        let try_c = Played::of(&p, &t.m);
        let nt = s.track(&p, &t.m, t0);
        p.make(t.m);
        let defs: Vec<Played> = t.holding.iter().map(|d| Played::of(&p, d)).collect();
        let nt2 = s.track(&p, &t.holding[0], nt);
        p.make(t.holding[0]);
        // The line goes on: the attacker's most forcing continuation, the defence that
        // holds against it, until the moves run out.
        let more = refutation_line(&mut s, &mut p, self.stip.moves - 1, nt2);
        let mut line = vec![try_c, defs[0]];
        line.extend(more);
        let text = super::Refutation {
            line: Line(line),
            also_held_by: defs[1..].to_vec(),
            and_others: defs.len() > 1 && t.holding_more,
        };
        s.flush();
        let spent = budget.nodes.load(Ordering::Relaxed);
        pool.spend(spent);
        if budget.stopped() {
            pool.leave_out(Extra::StrongestTry);
        }
        (Some(text), spent)
    }

    /// The strongest try of a problem with no key (see [`Root::refutation`]). A try whose
    /// count a limit interrupted competes only if no try was counted to the end (its
    /// defences shown still hold; it may just not be the strongest).
    fn strongest<'r>(&self, results: &'r [RootResult]) -> Option<&'r RootResult> {
        let counted = |r: &&RootResult| !r.holding.is_empty() && !r.stopped;
        let pool: Vec<&RootResult> = if results.iter().any(|r| counted(&r)) {
            results.iter().filter(counted).collect()
        } else {
            results.iter().filter(|r| !r.holding.is_empty()).collect()
        };
        pool.into_iter()
            .min_by_key(|r| (r.holding.len(), forcing(self.pos, &r.m)))
    }

    /// Every try but `skip` (of a problem with no key, the strongest, whose line is the
    /// refutation), the most forcing first, each as a refutation is written: the try, a
    /// defence that holds and, when `further`, the line on from there, in coordinates. A
    /// try is a first move proven not to force the goal within N: every first move of a
    /// problem with no key, every move but the keys of a sound or cooked one. An extra
    /// ([`super::ExtrasPool`]): on what the pool has left, so that they cannot change the
    /// verdict nor cost much beside it; a try the budget does not reach is left out. A
    /// sound or cooked problem's tries stop at the refuting defence (`further` false): a
    /// line on would end wherever the shared budget ran out, which depends on the threads.
    /// The lines go to `rep.tries`, their nodes and time to `rep.try_nodes` and
    /// `rep.try_millis`.
    fn try_lines(
        &self,
        results: &[RootResult],
        skip: Option<Move>,
        (limits, pool): (&Limits, &ExtrasPool),
        further: bool,
        rep: &mut SolveReport,
    ) {
        let t0 = std::time::Instant::now();
        let Some(mut l) = pool.step(limits, Extra::TryLines) else {
            rep.tries_left_out = self.tries_of(results, skip).len();
            return;
        };
        l.problem_nodes = None;
        let cap = l.max_nodes.unwrap_or(u64::MAX);
        let budget = Budget::after(self.budget, &l);
        let mut tries = self.tries_of(results, skip);
        tries.sort_by_key(|t| t.0);
        let worker = || {
            Searcher::new(self.pos, *self.stip, self.cond, &budget).with_tables(self.tables.clone())
        };
        // Every try's refuting defence first (cheap: the verdict's search proved one holds,
        // and its table has the proof), then the lines on as far as the budget goes, so
        // that a budget too small for every line still gives every try its refutation.
        // Without `further`, the try and its defence are the line.
        // Each try has a share of the nodes of its own, so that one costly try does not
        // spend the budget of every try after it.
        let share = (cap / tries.len().max(1) as u64).max(TRY_SHARE);
        let refuted: Vec<Option<Refuted>> = tries
            .par_iter()
            .map_init(worker, |s, (_, r)| {
                s.cap = s.local_nodes.saturating_add(share);
                let d = self.try_defence(s, r);
                s.cap = u64::MAX;
                s.flush();
                d
            })
            .collect();
        let lines: Vec<Option<super::Refutation>> = refuted
            .into_par_iter()
            .map_init(worker, |s, d| {
                let line = d.map(|d| self.line_on(s, d, further));
                s.flush();
                line
            })
            .collect();
        rep.tries_left_out = lines.iter().filter(|l| l.is_none()).count();
        rep.tries = lines.into_iter().flatten().collect();
        rep.try_nodes = budget.nodes.load(Ordering::Relaxed);
        rep.try_millis = t0.elapsed().as_millis() as u64;
        pool.spend(rep.try_nodes);
        if rep.tries_left_out > 0 {
            pool.leave_out(Extra::TryLines);
        }
    }

    /// The tries of [`Root::try_lines`] with how forcing each is.
    fn tries_of<'r>(
        &self,
        results: &'r [RootResult],
        skip: Option<Move>,
    ) -> Vec<((bool, usize), &'r RootResult)> {
        results
            .iter()
            .filter(|r| r.wins_in.is_none() && r.fails_upto >= self.stip.moves && Some(r.m) != skip)
            .map(|r| (forcing(self.pos, &r.m), r))
            .collect()
    }

    /// One try's refutation (see [`Root::try_lines`]): the first defence that holds, a mate
    /// first, then in the defender's order (captures, checks, the strongest men; an order
    /// of the position alone, so the line is the same whatever the threads and whichever
    /// defences the count reached); no defence when the try leaves no reply; `None` when
    /// the budget ran out first.
    fn try_defence(&self, s: &mut Searcher<'_, B>, r: &RootResult) -> Option<Refuted> {
        let n = self.stip.moves;
        let (mut p, nt) = s.after_root_move(self.pos, r.m);
        let mut list = MoveList::new();
        s.moves(&mut p, &mut list);
        if list.is_empty() {
            return Some(Refuted { m: r.m, d: None });
        }
        s.order_defences(&mut p, &mut list, 0, Move::default());
        let mut defences = list.as_slice().to_vec();
        defences.sort_by_cached_key(|&d| {
            let u = p.make(d);
            let mates = p.in_check() && !p.has_legal_move();
            p.unmake(d, u);
            !mates
        });
        let d = defences.into_iter().find(|&d| {
            let nt2 = s.track(&p, &d, nt);
            let u = p.make(d);
            let r = s.attack(&mut p, n - 1, nt2);
            p.unmake(d, u);
            r == Some(false)
        })?;
        Some(Refuted { m: r.m, d: Some(d) })
    }

    /// A try's line as played: the try, its refuting defence and, when `further`, the
    /// line on from there (the attacker's most forcing move and a defence that holds, as
    /// far as the budget goes).
    fn line_on(&self, s: &mut Searcher<'_, B>, t: Refuted, further: bool) -> super::Refutation {
        let (mut p, nt) = s.after_root_move(self.pos, t.m);
        let mut line = vec![Played::of(self.pos, &t.m)];
        if let Some(d) = t.d {
            line.push(Played::of(&p, &d));
            if further {
                let nt2 = s.track(&p, &d, nt);
                p.make(d);
                line.extend(refutation_line(s, &mut p, self.stip.moves - 1, nt2));
            }
        }
        super::Refutation {
            line: Line(line),
            ..Default::default()
        }
    }

    /// The main line and the solution tree of the fastest key `k`, under a budget of their
    /// own (the root search may have spent the whole of its); returns the nodes spent.
    fn lines(&self, k: &RootResult, limits: &Limits, rep: &mut SolveReport) -> u64 {
        let budget = Budget::after(self.budget, &super::remaining(limits, self.budget.start, 0));
        let mut s = Searcher::new(self.pos, *self.stip, self.cond, &budget)
            .with_tables(self.tables.clone());
        let mut p = self.pos.clone();
        let t0 = s.initial_track();
        let mut tree = vec![];
        let mut truncated = false;
        let mut line = vec![];
        let wins_in = k.wins_in.unwrap_or(self.stip.moves);
        build_tree(
            &mut s,
            &mut p,
            k.m,
            wins_in,
            t0,
            &mut line,
            &mut tree,
            &mut truncated,
        );
        rep.tree = tree;
        // A tree whose building the limit stopped has lines that end short of the goal.
        rep.tree_truncated = truncated || budget.stopped();
        let mut p = self.pos.clone();
        let mut s2 = Searcher::new(self.pos, *self.stip, self.cond, &budget)
            .with_tables(self.tables.clone());
        rep.main_line = main_line(&mut s2, &mut p, k.m, wins_in, t0);
        s.flush();
        s2.flush();
        budget.nodes.load(Ordering::Relaxed)
    }
}

/// For a root move proven to win within N: down from N, the first k that fails fixes the
/// least one.
fn least_win<B: Bits>(s: &mut Searcher<'_, B>, p: &mut Position<B>, nt: u8, r: &mut RootResult) {
    let mut k = r.wins_in.unwrap_or(1);
    loop {
        if k == 1 {
            r.min_proven = true;
            return;
        }
        match s.defend(p, k - 2, nt) {
            Some(true) => {
                k -= 1;
                r.wins_in = Some(k);
            }
            Some(false) => {
                r.fails_upto = k - 1;
                r.min_proven = true;
                return;
            }
            None => {
                r.stopped = true;
                return;
            }
        }
    }
}

/// A try and the defence that refutes it (none when the try leaves no reply).
#[derive(Clone, Copy)]
struct Refuted {
    m: Move,
    d: Option<Move>,
}

/// The defences counted against one try.
#[derive(Default)]
struct Holding {
    held: Vec<Move>,
    /// More defences may hold than were counted.
    more: bool,
    /// A limit stopped the count.
    stopped: bool,
}
