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

use super::error::DiceError;
use super::sweep::{Stops, Turns, Val, CHUNK, CONST, DECIDED, GAMMA, THROWN};
use super::turn::Wl;
use rayon::prelude::*;

/// State of an entry won or lost with certainty: not swept.
pub(super) const CERTAIN: u8 = 3;

/// Not (yet) joined.
const OUT: u32 = u32::MAX;

/// Marks every thrown entry one side wins with probability 1 as [`CERTAIN`], with its
/// exact value; how many.
pub(super) fn certain(
    turns: &impl Turns,
    state: &mut [u8],
    values: &mut [Val],
    stops: &Stops,
) -> Result<usize, DiceError> {
    let mut found = 0;
    for white in [true, false] {
        let rank = attractor(turns, state, values, white, stops)?;
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

/// Per entry, the rank at which the side (White if `white`) wins it with probability 1,
/// [`OUT`] where it does not.
fn attractor(
    turns: &impl Turns,
    state: &[u8],
    values: &[Val],
    white: bool,
    stops: &Stops,
) -> Result<Vec<u32>, DiceError> {
    let n = values.len();
    let half = n / 2;
    // Won by the side: decided so, for the side to move of entry i.
    let won = |i: usize| {
        let mover_is_side = (i < half) == white;
        state[i] == DECIDED
            && if mover_is_side {
                values[i].lo >= 1.0
            } else {
                values[i].hi <= -1.0
            }
    };
    let what = "the ranks of the certain positions";
    let mut inside: Vec<bool> = stops.budget.reserved(what, n).map_err(DiceError::memory)?;
    inside.extend((0..n).map(|i| state[i] == THROWN || won(i)));
    loop {
        let mut rank: Vec<u32> = stops.budget.reserved(what, n).map_err(DiceError::memory)?;
        rank.extend((0..n).map(|i| if won(i) { 0 } else { OUT }));
        loop {
            stops.check()?;
            let (rw, rb) = rank.split_at_mut(half);
            let a = join_half(turns, state, &inside, rw, 0, rb, half, white, stops)?;
            let b = join_half(turns, state, &inside, rb, half, rw, 0, white, stops)?;
            if !a && !b {
                break;
            }
        }
        let mut shrank = false;
        for (i, r) in rank.iter().enumerate() {
            if inside[i] && *r == OUT {
                inside[i] = false;
                shrank = true;
            }
        }
        if !shrank {
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
                            let v = consts[(c & !CONST) as usize];
                            let sure = if side_moves {
                                v.hi <= -1.0
                            } else {
                                v.lo >= 1.0
                            };
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
