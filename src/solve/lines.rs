//! Lines of play from a proven position: the solution tree, the main line (the fastest win
//! against the longest defence) and the refutation line of a failing try.

use super::budget::Budget;
use super::line::{Line, Played};
use super::searcher::Searcher;
use super::verdict::Variation;
use super::{Conditions, Limits, Stipulation};
use crate::board::bits::Bits;
use crate::board::movegen::MoveList;
use crate::board::outcome::Outcome;
use crate::board::position::{Move, Position};

/// Upper bound on variations printed in a solution tree.
pub(crate) const MAX_VARIATIONS: usize = 400;

/// Remainders up to this many moves get the fastest win and the longest defence in the
/// main line and tree; longer ones take the first win found (checks first).
pub(super) const FASTEST_UP_TO: u32 = 4;

/// The solution tree after a key known to win within `k` (from a claim checked in full).
pub(crate) fn tree_for_key<B: Bits>(
    pos: &Position<B>,
    stip: &Stipulation,
    cond: &Conditions,
    limits: &Limits,
    key: Move,
    k: u32,
    known: &super::endgames::Known,
) -> (Vec<Variation>, bool) {
    let budget = Budget::sharing(limits, &known.table);
    let mut s = Searcher::new(pos, *stip, cond, &budget).with_tables(known.tables.clone());
    let mut p = pos.clone();
    let t0 = s.initial_track();
    let mut tree = vec![];
    let mut truncated = false;
    build_tree(
        &mut s,
        &mut p,
        key,
        k,
        t0,
        &mut vec![],
        &mut tree,
        &mut truncated,
    );
    if budget.stopped() {
        truncated = true;
    }
    (tree, truncated)
}

/// True when `line` played from `pos` leaves the game going on: a line cut short by a
/// limit, or one that does not replay.
pub(crate) fn ends_open<B: Bits>(pos: &Position<B>, line: &Line) -> bool {
    let Ok(moves) = line.replay(pos) else {
        return true;
    };
    let mut p = pos.clone();
    for m in moves {
        p.make(m);
    }
    p.settled_outcome() == Outcome::Ongoing
}

/// From an attacker node with `r` moves left that fails: the most forcing attacker move
/// (fewest holding defences, checks first) and a defence that holds, repeated, as
/// moves played. Stops early when a limit is hit.
pub(super) fn refutation_line<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    r: u32,
    tracked: u8,
) -> Vec<Played> {
    let mut out = vec![];
    if r == 0 {
        return out;
    }
    let Some((a, d)) = most_forcing(s, pos, r, tracked) else {
        return out;
    };
    out.push(Played::of(pos, &a));
    let nt = s.track(pos, &a, tracked);
    let u = pos.make(a);
    out.push(Played::of(pos, &d));
    let nt2 = s.track(pos, &d, nt);
    let u2 = pos.make(d);
    out.extend(refutation_line(s, pos, r - 1, nt2));
    pos.unmake(d, u2);
    pos.unmake(a, u);
    out
}

/// The attacker's most forcing move from a failing node with `r` moves left, with the
/// first defence (in the order the moves are listed) that holds against it: the fewest
/// holding defences, then a check, then the first in the attacker's order (checks,
/// captures, the rest). `None` when no move has a holding defence or a limit stopped the
/// count.
///
/// The answer does not depend on the order the moves are counted in, so the likeliest
/// first: checks with the fewest replies, each with its likeliest holding defences first.
/// A move stops being counted once it is behind the best so far, and that bound is then
/// low early (on `e1-210-n5` the line cost more nodes than the search).
fn most_forcing<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    r: u32,
    tracked: u8,
) -> Option<(Move, Move)> {
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    if list.len() > 1 {
        s.order(pos, &mut list, 0);
    }
    // (not a check, legal replies, place in the attacker's order, move)
    let mut moves: Vec<(bool, usize, usize, Move)> = (list.as_slice().iter().enumerate())
        .map(|(i, &a)| {
            let u = pos.make(a);
            let f = (!pos.in_check(), pos.count_legal());
            pos.unmake(a, u);
            (f.0, f.1, i, a)
        })
        .collect();
    moves.sort_unstable_by_key(|x| (x.0, x.1, x.2));
    // (holding count, not a check, place, attacker move, first holding defence's place
    // in the defender's list, that defence)
    let mut best: Option<(usize, bool, usize, Move, usize, Move)> = None;
    for &(quiet, _, i, a) in &moves {
        // Counting stops, or does not start, once this move cannot beat the best.
        let behind = |holding: usize| best.is_some_and(|b| (holding, quiet, i) > (b.0, b.1, b.2));
        if behind(1) {
            continue;
        }
        let nt = s.track(pos, &a, tracked);
        let u = pos.make(a);
        let mut dl = MoveList::new();
        s.moves(pos, &mut dl);
        let listed = dl.as_slice().to_vec();
        s.order_defences(pos, &mut dl, 0, Move::default());
        let mut holding = 0;
        let mut first: Option<(usize, Move)> = None;
        let mut stopped = false;
        for &d in dl.as_slice() {
            let nt2 = s.track(pos, &d, nt);
            let u2 = pos.make(d);
            let res = s.attack(pos, r - 1, nt2);
            pos.unmake(d, u2);
            match res {
                Some(false) => {
                    holding += 1;
                    let place = listed.iter().position(|x| *x == d);
                    let place = place.unwrap_or(usize::MAX);
                    if first.is_none_or(|f| place < f.0) {
                        first = Some((place, d));
                    }
                    if behind(holding) {
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
        pos.unmake(a, u);
        if stopped {
            return None;
        }
        let Some((place, d)) = first else { continue };
        if !behind(holding) {
            best = Some((holding, quiet, i, a, place, d));
        }
    }
    best.map(|b| (b.3, b.5))
}

/// Appends every line of play after attacker move `m` (winning within `k`) to `out`.
#[allow(clippy::too_many_arguments)]
pub(super) fn build_tree<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    m: Move,
    k: u32,
    tracked: u8,
    line: &mut Vec<Played>,
    out: &mut Vec<Variation>,
    truncated: &mut bool,
) {
    if out.len() >= MAX_VARIATIONS {
        *truncated = true;
        return;
    }
    let nt = s.track(pos, &m, tracked);
    line.push(Played::of(pos, &m));
    let u = pos.make(m);
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    let out_state = pos.outcome_with(&list);
    if out_state != Outcome::Ongoing || k <= 1 && list.is_empty() {
        out.push(variation(line, &out_state));
    } else if k > 1 {
        for &d in list.as_slice() {
            if out.len() >= MAX_VARIATIONS {
                *truncated = true;
                break;
            }
            let nt2 = s.track(pos, &d, nt);
            line.push(Played::of(pos, &d));
            let u2 = pos.make(d);
            let mut l2 = MoveList::new();
            s.moves(pos, &mut l2);
            let o2 = pos.outcome_with(&l2);
            if o2 != Outcome::Ongoing {
                out.push(variation(line, &o2));
            } else if let Some(next) = best_attack(s, pos, k - 1, nt2) {
                build_tree(s, pos, next.0, next.1, nt2, line, out, truncated);
            } else {
                out.push(variation(line, &Outcome::Ongoing));
            }
            pos.unmake(d, u2);
            line.pop();
        }
    } else {
        // The last move: a bare king pending here is already settled if no reply bares
        // back.
        let settled = pos.settled_outcome();
        out.push(variation(line, &settled));
    }
    pos.unmake(m, u);
    line.pop();
}

pub(super) fn variation(line: &[Played], out: &Outcome) -> Variation {
    Variation {
        line: Line(line.to_vec()),
        outcome: out.describe(),
    }
}

/// The attacker's fastest winning move where it is known to win within `n` (first in
/// move order on ties).
pub(super) fn best_attack<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    n: u32,
    tracked: u8,
) -> Option<(Move, u32)> {
    // The fastest win needs a disproof one move shorter, which is affordable only for
    // short remainders; beyond that any win within the bound is taken (checks first).
    let k = if n <= FASTEST_UP_TO || s.root_in_tables() {
        s.fastest_attack(pos, n, tracked)?
    } else {
        n
    };
    let mut list = MoveList::new();
    s.moves(pos, &mut list);
    if list.len() > 1 {
        s.order(pos, &mut list, 0);
    }
    for &m in list.as_slice() {
        let nt = s.track(pos, &m, tracked);
        let u = pos.make(m);
        let r = s.defend(pos, k - 1, nt);
        pos.unmake(m, u);
        if r == Some(true) {
            return Some((m, k));
        }
    }
    None
}

/// Nodes the main line may spend on finding the longest defence at one move (beyond
/// [`FASTEST_UP_TO`] moves left), and on all its moves together; past them the first
/// defence is taken (a 36-move line would otherwise spend the cap 35 times).
const LONGEST_CAP: u64 = 1 << 22;
const LONGEST_ALL: u64 = 1 << 24;

/// The defence among `list` that holds out longest against an attacker known to win
/// within `left` more moves after any of them, with the moves it then needs: found from
/// the top, the first defence that survives `j` moves for the largest `j` (so every
/// other defence was proven to lose within `j + 1`). Most defences lose fast and a
/// proof of "forced within j" is cheap, so this costs far less than every defence's
/// least bound. `None` when the node allowance runs out first.
fn longest_defence<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    list: &mut MoveList,
    left: u32,
    tracked: u8,
    allowance: &mut u64,
) -> Option<(Move, u32)> {
    if s.stip.exact || *allowance == 0 {
        // Every defence then needs exactly the moves left.
        return None;
    }
    s.order_defences(pos, list, 0, Move::default());
    let saved = s.cap;
    let start = s.local_nodes;
    s.cap = start.saturating_add(LONGEST_CAP.min(*allowance));
    let mut found = None;
    'down: for j in (0..left).rev() {
        for &d in list.as_slice() {
            let nt = s.track(pos, &d, tracked);
            let u = pos.make(d);
            let r = s.attack(pos, j, nt);
            pos.unmake(d, u);
            match r {
                Some(false) => {
                    found = Some((d, j + 1));
                    break 'down;
                }
                Some(true) => {}
                None => break 'down,
            }
        }
    }
    s.cap = saved;
    *allowance = allowance.saturating_sub(s.local_nodes - start);
    found
}

/// The main line: the attacker's fastest win against the defence that lasts longest.
pub(super) fn main_line<B: Bits>(
    s: &mut Searcher<B>,
    pos: &mut Position<B>,
    key: Move,
    k: u32,
    tracked: u8,
) -> Line {
    let mut line = vec![];
    let mut m = key;
    let mut k = k;
    let mut tracked = tracked;
    let mut allowance = LONGEST_ALL;
    loop {
        line.push(Played::of(pos, &m));
        tracked = s.track(pos, &m, tracked);
        pos.make(m);
        let mut list = MoveList::new();
        s.moves(pos, &mut list);
        if pos.outcome_with(&list) != Outcome::Ongoing || k <= 1 {
            break;
        }
        // The defence that holds out longest, and the moves the attacker then needs (0
        // when that was not settled).
        let best = if k - 1 <= FASTEST_UP_TO || s.root_in_tables() {
            let mut best: Option<(Move, u32)> = None;
            for &d in list.as_slice() {
                let nt = s.track(pos, &d, tracked);
                let u = pos.make(d);
                let need = s.fastest_attack(pos, k - 1, nt).unwrap_or(0);
                pos.unmake(d, u);
                if best.is_none_or(|b| need > b.1) {
                    best = Some((d, need));
                }
            }
            best
        } else {
            let first = list.as_slice().first().map(|&d| (d, 0));
            longest_defence(s, pos, &mut list, k - 1, tracked, &mut allowance).or(first)
        };
        let Some((d, need)) = best else { break };
        line.push(Played::of(pos, &d));
        tracked = s.track(pos, &d, tracked);
        pos.make(d);
        let bound = if need > 0 { need } else { k - 1 };
        let Some((next, k2)) = best_attack(s, pos, bound, tracked) else {
            break;
        };
        m = next;
        k = k2;
    }
    Line(line)
}
