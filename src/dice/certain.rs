//! Graph precomputation: the positions a side wins with probability exactly 1, found on
//! the move graph alone (no arithmetic), so that interval iteration need not creep
//! toward them sweep after sweep (KRK without the bare-king win: the rook takes the
//! king in the end from almost everywhere, which plain iteration only approaches).
//!
//! The almost-sure attractor of a stochastic game with two players (de Alfaro and
//! Henzinger, "Concurrent omega-regular games", LICS 2000, in its turn-based form): the
//! largest set Y of positions such that, staying in Y, the side S reaches a won position
//! with positive probability from each. Inside, a position joins when every throw lets
//! its side to move stay in Y (S: some move does; the other side: every move does) and
//! some throw makes progress (S: some move to a position that already joined; the other
//! side: every move does); positions that never join leave Y, and the inside is worked
//! out again until Y stands still. The step at which a position joined (its rank) gives
//! the tie-breaking score γ^rank: playing toward lower ranks wins with probability 1.
//!
//! Over a stored graph, each round is worked out in linear time, the standard way: the
//! moves reversed once (per entry, the throws that lead to it), a count per throw of the
//! successors not yet joined, and a queue of the joined entries in the order of their
//! ranks, so that each entry and each move is looked at a bounded number of times per
//! round instead of once per sweep of the whole table (the ranks are the same: an entry
//! joins one step after the first of its successors to make progress). Over successors
//! regenerated on every visit the reversed moves would cost more memory than that layout
//! saves, and the rounds are worked out by sweeps.

use super::error::DiceError;
use super::sweep::{Stops, Turns, Val, CHUNK, CONST, DECIDED, GAMMA, THROWN};
use super::turn::Wl;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// State of an entry won or lost with certainty: not swept.
pub(super) const CERTAIN: u8 = 3;

/// Not (yet) joined.
const OUT: u32 = u32::MAX;
/// Never to join in this round: a throw leaves the inside.
const NEVER: u32 = u32::MAX - 1;

/// Marks every thrown entry one side wins with probability 1 as [`CERTAIN`], with its
/// exact value; how many.
pub(super) fn certain<T: Turns>(
    turns: &T,
    state: &mut [u8],
    values: &mut [Val],
    stops: &Stops,
) -> Result<usize, DiceError> {
    let mut found = 0;
    let reversed = if T::STORED {
        Some(Reversed::of(turns, state, stops)?)
    } else {
        None
    };
    for white in [true, false] {
        let rank = match &reversed {
            Some(r) => attractor(turns, r, state, values, white, stops)?,
            None => by_sweeps(turns, state, values, white, stops)?,
        };
        let half = values.len() / 2;
        for (i, &r) in rank.iter().enumerate() {
            if r == OUT || state[i] != THROWN {
                continue;
            }
            let mover_wins = (i < half) == white;
            let q = GAMMA.powi(r.min(i32::MAX as u32) as i32);
            let c = if mover_wins { Wl::WIN } else { Wl::WIN.flip() };
            values[i] = Val::within(c, if mover_wins { q } else { -q }, 0.0);
            state[i] = CERTAIN;
            found += 1;
        }
    }
    Ok(found)
}

/// The moves of a table reversed: per entry, the throws (numbered over the whole table,
/// entry by entry) with a successor that is that entry, once per such successor.
struct Reversed {
    /// Entry i's throws are numbered `throw_start[i]..throw_start[i + 1]`.
    throw_start: Vec<u32>,
    /// Per throw, its entry.
    owner: Vec<u32>,
    /// The throws leading to entry i: `edge[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    edge: Vec<u32>,
}

const WHAT: &str = "the moves reversed for the certain positions";

fn reserve<T>(len: usize) -> Result<Vec<T>, DiceError> {
    crate::memory::reserved(WHAT, len).map_err(DiceError::memory)
}

/// A successor of the table (not a fixed value) that is a thrown entry.
fn thrown_child(state: &[u8], c: u32) -> bool {
    c & CONST == 0 && state[c as usize] == THROWN
}

impl Reversed {
    /// The thrown entries' moves to thrown entries, reversed.
    fn of(turns: &impl Turns, state: &[u8], stops: &Stops) -> Result<Reversed, DiceError> {
        let n = state.len();
        let too_many = || DiceError::Internal("a chance table has too many moves to reverse");
        // Per entry its throws, and per entry how many moves lead to it.
        let mut throws: Vec<u32> = reserve(n + 1)?;
        throws.resize(n, 0);
        let mut into: Vec<AtomicU32> = reserve(n + 1)?;
        into.resize_with(n + 1, || AtomicU32::new(0));
        throws
            .par_chunks_mut(CHUNK)
            .enumerate()
            .try_for_each(|(k, chunk)| {
                stops.check()?;
                for (j, t) in chunk.iter_mut().enumerate() {
                    let i = k * CHUNK + j;
                    if state[i] != THROWN {
                        continue;
                    }
                    turns.each_throw(i, &mut |_, children, _| {
                        *t += 1;
                        for &c in children.iter().filter(|&&c| thrown_child(state, c)) {
                            into[c as usize].fetch_add(1, Relaxed);
                        }
                    })?;
                }
                Ok::<(), DiceError>(())
            })?;
        let prefix = |counts: &mut dyn Iterator<Item = u32>, out: &mut Vec<u32>| {
            let mut sum = 0u32;
            for c in counts {
                out.push(sum);
                sum = sum.checked_add(c).ok_or_else(too_many)?;
            }
            out.push(sum);
            Ok::<u32, DiceError>(sum)
        };
        let mut throw_start = reserve(n + 1)?;
        let total = prefix(&mut throws.iter().copied(), &mut throw_start)?;
        drop(throws);
        let mut owner = reserve(total as usize)?;
        for (i, w) in throw_start.windows(2).enumerate() {
            owner.extend(std::iter::repeat_n(i as u32, (w[1] - w[0]) as usize));
        }
        let mut start = reserve(n + 1)?;
        let edges = prefix(&mut into[..n].iter().map(|a| a.load(Relaxed)), &mut start)?;
        // Filled from the front of each entry's run; `into` becomes the cursor.
        for (a, &s) in into.iter().zip(&start) {
            a.store(s, Relaxed);
        }
        let edge: Vec<AtomicU32> = {
            let mut e = reserve(edges as usize)?;
            e.resize_with(edges as usize, || AtomicU32::new(0));
            e
        };
        (0..n.div_ceil(CHUNK)).into_par_iter().try_for_each(|k| {
            stops.check()?;
            for i in k * CHUNK..((k + 1) * CHUNK).min(n) {
                if state[i] != THROWN {
                    continue;
                }
                let mut t = throw_start[i];
                turns.each_throw(i, &mut |_, children, _| {
                    for &c in children.iter().filter(|&&c| thrown_child(state, c)) {
                        let at = into[c as usize].fetch_add(1, Relaxed);
                        edge[at as usize].store(t, Relaxed);
                    }
                    t += 1;
                })?;
            }
            Ok::<(), DiceError>(())
        })?;
        Ok(Reversed {
            throw_start,
            owner,
            start,
            edge: edge.into_iter().map(AtomicU32::into_inner).collect(),
        })
    }

    /// The throws leading to entry `i`.
    fn into(&self, i: usize) -> &[u32] {
        &self.edge[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The entry whose throw `t` is.
    fn owner(&self, t: u32) -> usize {
        self.owner[t as usize] as usize
    }
}

/// Whether entry `i` is decided won for the side (White if `white`).
fn won(state: &[u8], values: &[Val], white: bool, i: usize) -> bool {
    let mover_is_side = (i < values.len() / 2) == white;
    state[i] == DECIDED
        && if mover_is_side {
            values[i].lo >= 1.0
        } else {
            values[i].hi <= -1.0
        }
}

/// Whether a fixed value (seen from its side to move, the other side's if the side
/// moves into it) is won for the side for sure.
fn sure(v: Val, side_moves: bool) -> bool {
    if side_moves {
        v.hi <= -1.0
    } else {
        v.lo >= 1.0
    }
}

/// The inside to start from: every thrown entry, and those won for the side (White if
/// `white`).
fn start_inside(state: &[u8], values: &[Val], white: bool) -> Result<Vec<bool>, DiceError> {
    let mut inside: Vec<bool> = reserve(values.len())?;
    inside.extend((0..values.len()).map(|i| state[i] == THROWN || won(state, values, white, i)));
    Ok(inside)
}

/// Takes the entries that did not join out of the inside; whether any left.
fn leave(inside: &mut [bool], rank: &[u32]) -> bool {
    let mut shrank = false;
    for (y, &r) in inside.iter_mut().zip(rank) {
        if *y && r == OUT {
            *y = false;
            shrank = true;
        }
    }
    shrank
}

/// Per entry, the rank at which the side (White if `white`) wins it with probability 1,
/// [`OUT`] where it does not.
fn attractor(
    turns: &impl Turns,
    reversed: &Reversed,
    state: &[u8],
    values: &[Val],
    white: bool,
    stops: &Stops,
) -> Result<Vec<u32>, DiceError> {
    let (n, half) = (values.len(), values.len() / 2);
    let won = |i: usize| won(state, values, white, i);
    let mut inside = start_inside(state, values, white)?;
    let mut need: Vec<AtomicU32> = reserve(*reversed.throw_start.last().unwrap_or(&0) as usize)?;
    need.resize_with(need.capacity(), || AtomicU32::new(0));
    loop {
        let mut rank: Vec<u32> = reserve(n)?;
        rank.resize(n, OUT);
        let ctx = Round {
            turns,
            reversed,
            state,
            inside: &inside,
            need: &need,
            won: &won,
            white,
            half,
        };
        ctx.first(&mut rank, stops)?;
        let rank: Vec<AtomicU32> = rank.into_iter().map(AtomicU32::new).collect();
        let mut level: Vec<u32> = (0..n as u32)
            .filter(|&i| rank[i as usize].load(Relaxed) == 1)
            .collect();
        // Level by level on every core: the entries of rank r + 1 are those one of whose
        // throws the level of rank r completes, whatever the order within the level.
        let mut r = 1;
        while !level.is_empty() {
            level = level
                .par_chunks(CHUNK)
                .map(|xs| {
                    stops.check()?;
                    let mut joined = vec![];
                    for &x in xs {
                        ctx.join_into(x as usize, r, &rank, &mut joined);
                    }
                    Ok(joined)
                })
                .try_reduce(Vec::new, |mut a, b| {
                    a.extend(b);
                    Ok::<_, DiceError>(a)
                })?;
            r += 1;
        }
        let mut rank: Vec<u32> = rank.into_iter().map(AtomicU32::into_inner).collect();
        for (i, r) in rank.iter_mut().enumerate() {
            if won(i) {
                *r = 0;
            } else if *r == NEVER {
                *r = OUT;
            }
        }
        if !leave(&mut inside, &rank) {
            return Ok(rank);
        }
    }
}

/// One round of the attractor over a fixed inside Y.
struct Round<'a, T: Turns, W: Fn(usize) -> bool + Sync> {
    turns: &'a T,
    reversed: &'a Reversed,
    state: &'a [u8],
    inside: &'a [bool],
    /// Per throw of the other side: its successors inside that have not joined yet.
    need: &'a [AtomicU32],
    won: &'a W,
    white: bool,
    half: usize,
}

impl<T: Turns, W: Fn(usize) -> bool + Sync> Round<'_, T, W> {
    /// Entry `x` joined at rank `r`: every entry inside one of whose throws it
    /// completes (the side's: any successor; the other side's: the last one) joins at
    /// rank r + 1, into `joined`.
    fn join_into(&self, x: usize, r: u32, rank: &[AtomicU32], joined: &mut Vec<u32>) {
        for &t in self.reversed.into(x) {
            let y = self.reversed.owner(t);
            if !self.inside[y] || rank[y].load(Relaxed) != OUT {
                continue;
            }
            let side_moves = (y < self.half) == self.white;
            if (side_moves || self.need[t as usize].fetch_sub(1, Relaxed) == 1)
                && rank[y]
                    .compare_exchange(OUT, r + 1, Relaxed, Relaxed)
                    .is_ok()
            {
                joined.push(y as u32);
            }
        }
    }

    /// Per thrown entry inside: whether every throw can stay inside (if not, it can
    /// never join: `inside` is not changed, the rank stays [`OUT`] and the entry leaves
    /// at the end of the round), each throw's successors still to join, and rank 1 where
    /// a throw already progresses (to positions won from the start, or fixed values the
    /// side wins for sure).
    fn first(&self, rank: &mut [u32], stops: &Stops) -> Result<(), DiceError> {
        rank.par_chunks_mut(CHUNK)
            .enumerate()
            .try_for_each(|(k, chunk)| {
                stops.check()?;
                for (j, r) in chunk.iter_mut().enumerate() {
                    let i = k * CHUNK + j;
                    if self.state[i] == THROWN && self.inside[i] {
                        *r = self.entry(i)?;
                    }
                }
                Ok(())
            })
    }

    /// [`Round::first`] for thrown entry `i`: 1, [`OUT`] (not joined yet) or [`NEVER`].
    fn entry(&self, i: usize) -> Result<u32, DiceError> {
        let side_moves = (i < self.half) == self.white;
        let (mut stays, mut progress) = (true, false);
        let mut t = self.reversed.throw_start[i] as usize;
        self.turns.each_throw(i, &mut |_, children, consts| {
            // Per successor: inside Y, and won from the start.
            let of = |c: u32| {
                if c & CONST != 0 {
                    // A fixed value: the side wins it for sure, or it is outside.
                    let sure = sure(consts[(c & !CONST) as usize], side_moves);
                    (sure, sure)
                } else {
                    let e = c as usize;
                    (self.inside[e], (self.won)(e))
                }
            };
            let (mut any_in, mut all_in, mut any_won, mut left) = (false, true, false, 0u32);
            for &c in children {
                let (y, w) = of(c);
                any_in |= y;
                all_in &= y;
                any_won |= w;
                left += u32::from(y && !w);
            }
            if side_moves {
                stays &= any_in;
                progress |= any_won;
            } else {
                stays &= all_in;
                progress |= all_in && left == 0;
                self.need[t].store(left, Relaxed);
            }
            t += 1;
        })?;
        Ok(match (stays, progress) {
            (false, _) => NEVER,
            (true, true) => 1,
            (true, false) => OUT,
        })
    }
}

/// [`attractor`] worked out by sweeps over the whole table until nothing joins, holding
/// nothing beside the ranks: for successors regenerated on every visit, where the moves
/// reversed would cost more memory than the layout saves (and the oracle of the
/// linear-time one).
fn by_sweeps(
    turns: &impl Turns,
    state: &[u8],
    values: &[Val],
    white: bool,
    stops: &Stops,
) -> Result<Vec<u32>, DiceError> {
    let mut inside = start_inside(state, values, white)?;
    let half = values.len() / 2;
    loop {
        let mut rank: Vec<u32> = reserve(values.len())?;
        let rank_0 = |i| if won(state, values, white, i) { 0 } else { OUT };
        rank.extend((0..values.len()).map(rank_0));
        loop {
            stops.check()?;
            let (rw, rb) = rank.split_at_mut(half);
            let a = join_half(turns, state, &inside, rw, 0, rb, half, white, stops)?;
            let b = join_half(turns, state, &inside, rb, half, rw, 0, white, stops)?;
            if !a && !b {
                break;
            }
        }
        if !leave(&mut inside, &rank) {
            return Ok(rank);
        }
    }
}

/// One sweep over the entries from `at` (their ranks in `mine`), the successors' ranks
/// read in `other` (from `other_at`); whether any joined.
#[allow(clippy::too_many_arguments)]
fn join_half(
    turns: &impl Turns,
    state: &[u8],
    inside: &[bool],
    mine: &mut [u32],
    at: usize,
    other: &[u32],
    other_at: usize,
    white: bool,
    stops: &Stops,
) -> Result<bool, DiceError> {
    let side_moves = (at == 0) == white;
    mine.par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(k, chunk)| {
            stops.check()?;
            let mut joined = false;
            for (j, r) in chunk.iter_mut().enumerate() {
                let i = at + k * CHUNK + j;
                if *r != OUT || !inside[i] || state[i] != THROWN {
                    continue;
                }
                let (mut stays, mut best) = (true, OUT);
                turns.each_throw(i, &mut |_, children, consts| {
                    // Per successor: inside Y, and its rank.
                    let of = |c: u32| {
                        if c & CONST != 0 {
                            // A fixed value: the side wins it for sure, or it is outside.
                            let sure = sure(consts[(c & !CONST) as usize], side_moves);
                            (sure, if sure { 0 } else { OUT })
                        } else {
                            let e = c as usize;
                            (inside[e], other[e - other_at])
                        }
                    };
                    let (stay, progress) = if side_moves {
                        children.iter().fold((false, OUT), |(s, p), &c| {
                            let (y, r) = of(c);
                            (s || y, p.min(r))
                        })
                    } else {
                        children.iter().fold((true, 0), |(s, p), &c| {
                            let (y, r) = of(c);
                            (s && y, p.max(r))
                        })
                    };
                    stays &= stay;
                    best = best.min(progress);
                })?;
                if stays && best != OUT {
                    *r = best + 1;
                    joined = true;
                }
            }
            Ok(joined)
        })
        .try_reduce(|| false, |a, b| Ok(a || b))
}

#[cfg(test)]
mod tests {
    use super::super::error::DiceError;
    use super::super::sweep::{Stops, Turns, Val, CONST, DECIDED, THROWN};
    use super::{by_sweeps, OUT};

    /// A random game of `2 * m` entries (White to move in the first half), its states
    /// and values: some decided (won, lost, drawn), the rest thrown, with one to three
    /// throws of one to three successors each, in the other half or fixed values.
    struct Random {
        throws: Vec<Vec<(f64, Vec<u32>)>>,
        consts: Vec<Val>,
    }

    impl Turns for Random {
        fn each_throw<F: FnMut(f64, &[u32], &[Val])>(
            &self,
            i: usize,
            throw: &mut F,
        ) -> Result<(), DiceError> {
            for (p, children) in &self.throws[i] {
                throw(*p, children, &self.consts);
            }
            Ok(())
        }
    }

    fn random(seed: u64) -> (Random, Vec<u8>, Vec<Val>) {
        use super::super::turn::Wl;
        let mut g = crate::dice::simulate::SplitMix::new(seed);
        let mut pick = |k: u64| (g.next_u64() % k) as usize;
        let m = 3 + pick(40);
        let n = 2 * m;
        let consts = vec![
            Val::of(Wl::WIN),
            Val::of(Wl::WIN.flip()),
            Val::of(Wl { w: 0.5, l: 0.25 }),
        ];
        let (mut throws, mut state, mut values) = (vec![], vec![], vec![]);
        for i in 0..n {
            if pick(10) < 2 {
                state.push(DECIDED);
                values.push(consts[pick(3)]);
                throws.push(vec![]);
                continue;
            }
            let other = if i < m { m } else { 0 };
            let mut ts = vec![];
            for _ in 0..1 + pick(3) {
                let children = (0..1 + pick(3))
                    .map(|_| {
                        if pick(100) < 85 {
                            (other + pick(m as u64)) as u32
                        } else {
                            CONST | pick(3) as u32
                        }
                    })
                    .collect();
                ts.push((0.25, children));
            }
            state.push(THROWN);
            values.push(Val::UNDECIDED);
            throws.push(ts);
        }
        (Random { throws, consts }, state, values)
    }

    #[test]
    fn the_worklist_attractor_ranks_as_the_sweeps_did() {
        let stops = Stops::default();
        let (mut joined, mut deep) = (0, 0);
        for seed in 0..400 {
            let (turns, state, values) = random(seed);
            let reversed = super::Reversed::of(&turns, &state, &stops).unwrap();
            for white in [true, false] {
                let new = super::attractor(&turns, &reversed, &state, &values, white, &stops);
                let old = by_sweeps(&turns, &state, &values, white, &stops).unwrap();
                assert_eq!(new.unwrap(), old, "seed {seed}, white {white}");
                joined += old.iter().filter(|&&r| r != OUT && r > 0).count();
                deep += old.iter().filter(|&&r| r != OUT && r > 2).count();
            }
        }
        // The games are not trivial: many entries join, many of them late.
        assert!(
            joined > 1000 && deep > 100,
            "{joined} joined, {deep} beyond rank 2"
        );
    }
}
