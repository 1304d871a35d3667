//! One entry's update, the step every solver of a chance table repeats: its turn worked
//! out from its successors' values (the best successor of each throw, the throws' chances
//! adding up), and what a sweep of such updates saw.

use super::error::DiceError;
use super::sweep::{Stops, Turns, Val, CHUNK, CONST, GAMMA};
use rayon::prelude::*;

/// What one sweep saw: the largest change of a chance, of a bound, and the widest gap.
#[derive(Clone, Copy, Default)]
pub(super) struct Seen {
    pub(super) chance: f64,
    pub(super) bound: f64,
    pub(super) gap: f64,
}

impl Seen {
    /// Only a chance's change.
    pub(super) fn with_chance(self, chance: f64) -> Seen {
        Seen { chance, ..self }
    }
    /// Notes an entry's update from `old` to `new`.
    #[inline]
    pub(super) fn note(&mut self, old: &Val, new: &Val) {
        self.chance = self
            .chance
            .max((new.c.w - old.c.w).abs().max((new.c.l - old.c.l).abs()));
        self.bound = self
            .bound
            .max((new.lo - old.lo).abs().max((new.hi - old.hi).abs()));
        self.gap = self.gap.max(new.hi - new.lo);
    }
    pub(super) fn max(self, o: Seen) -> Seen {
        Seen {
            chance: self.chance.max(o.chance),
            bound: self.bound.max(o.bound),
            gap: self.gap.max(o.gap),
        }
    }
}

/// No successor at all (the constants' indices stop below it): [`turn_without`] leaves
/// out no throw.
pub(super) const NO_SKIP: u32 = u32::MAX;

/// One turn of entry `i`: over the throws, the best successor of each (read by `read`),
/// the chances and bounds adding up, the tie-breaking score discounted by one ply.
#[inline]
pub(super) fn turn_value(
    turns: &impl Turns,
    i: usize,
    read: &(impl Fn(usize) -> Val + ?Sized),
) -> Result<Val, DiceError> {
    Ok(turn_without(turns, i, NO_SKIP, read)?.0)
}

/// [`turn_value`] without the throws whose only successor is the entry `skip`: what the
/// other throws add, and the chance of those left out (`dice::pair`). [`NO_SKIP`] leaves
/// out none.
#[inline]
pub(super) fn turn_without(
    turns: &impl Turns,
    i: usize,
    skip: u32,
    read: &(impl Fn(usize) -> Val + ?Sized),
) -> Result<(Val, f64), DiceError> {
    let (mut acc, mut left) = (Val::ZERO, 0.0);
    turns.each_throw(i, &mut |p, children, consts| {
        if children == [skip] {
            left += p;
            return;
        }
        let mut best: Option<Val> = None;
        for &c in children {
            pick(
                &mut best,
                if c & CONST != 0 {
                    consts[(c & !CONST) as usize]
                } else {
                    read(c as usize)
                },
            );
        }
        add_throw(&mut acc, p, best);
    })?;
    Ok((acc, left))
}

/// Keeps in `best` the better of it and a successor worth `child` to its side to move
/// (the first of equals stays); the bounds take the best of each.
#[inline]
fn pick(best: &mut Option<Val>, child: Val) {
    let v = child.flip();
    match best {
        None => *best = Some(v),
        Some(b) => {
            let (lo, hi) = (b.lo.max(v.lo), b.hi.max(v.hi));
            if v.better(*b) {
                *b = v;
            }
            b.lo = lo;
            b.hi = hi;
        }
    }
}

/// Adds a throw of chance `p` whose best successor is `best` to the turn's value.
#[inline]
fn add_throw(acc: &mut Val, p: f64, best: Option<Val>) {
    let b = best.unwrap_or(Val::ZERO);
    acc.c.w += p * b.c.w;
    acc.c.l += p * b.c.l;
    acc.q += p * GAMMA * b.q;
    acc.lo += p * b.lo;
    acc.hi += p * b.hi;
}

/// Updates every entry of `half` (entry `k` of it by `new(k)`: `None` leaves it) in
/// parallel chunks; what the updates saw.
pub(super) fn each_chunk(
    half: &mut [Val],
    stops: &Stops,
    new: impl Fn(usize) -> Result<Option<Val>, DiceError> + Sync,
) -> Result<Seen, DiceError> {
    half.par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(k, chunk)| {
            stops.check()?;
            let mut seen = Seen::default();
            for (m, v) in chunk.iter_mut().enumerate() {
                if let Some(n) = new(k * CHUNK + m)? {
                    seen.note(v, &n);
                    *v = n;
                }
            }
            Ok(seen)
        })
        .try_reduce(Seen::default, |a, b| Ok(a.max(b)))
}
