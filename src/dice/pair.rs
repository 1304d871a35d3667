//! Two entries that hand the turn to each other, solved together. A throw that names no
//! man able to move forfeits the turn: the same men, the other side to move, and from
//! there the same again. With a die of six faces and two men a side, four throws of six
//! forfeit, so a third of the time neither side moves at all for a whole turn, and a
//! sweep that updates the two entries one after the other carries a value round that
//! little loop at most once a sweep. Solved as a pair, the loop is closed exactly:
//! with `a`, `b` what the other throws of `i` and `j` add and `f_i`, `f_j` the chances of
//! their forfeits (each seeing the other's value turned round),
//!
//! `v_i = (a − f_i·b̄) / (1 − f_i·f_j)`, then `v_j = b − f_j·v̄_i`,
//!
//! where `v̄` is a value from the other side's point of view (win and loss swapped, the
//! bounds negated and swapped, the tie-breaking score negated and discounted a ply).
//! Every coefficient is positive, so the pair's new bounds are a monotone function of
//! the bounds it reads and stay sound, as a single update's do.
//!
//! Nothing here depends on what a forfeit is: any two entries whose throws with a single
//! successor lead to each other are a pair, and any other throw is read as a sweep reads
//! it.

use super::error::DiceError;
use super::sweep::{Turns, Val, CONST, GAMMA};
use super::turn::Wl;
use super::update::turn_without;

/// A pair whose loop keeps the game at least this likely is left to the sweeps (and to
/// the deflation): solving it would divide by almost nothing.
const MIN_LEAVE: f64 = 1e-6;

/// The entry that entry `i` hands the turn to by its throws with one successor only
/// (the one of most chance among them), if `ok` takes it and it hands the turn back the
/// same way (`ok` is asked first: only thrown entries have throws to read).
pub(super) fn partner(
    turns: &impl Turns,
    i: usize,
    ok: impl Fn(u32) -> bool,
) -> Result<Option<u32>, DiceError> {
    // Up to four distinct single successors and their chances (a die has at most 12
    // faces; a forfeit's throws all lead to the same entry).
    let mut seen = [(u32::MAX, 0.0f64); 4];
    turns.each_throw(i, &mut |p, children, _| {
        if let [c] = *children {
            if c & CONST == 0 && c as usize != i {
                if let Some(s) = seen.iter_mut().find(|s| s.0 == c || s.0 == u32::MAX) {
                    s.0 = c;
                    s.1 += p;
                }
            }
        }
    })?;
    let Some(&(j, _)) = seen
        .iter()
        .filter(|s| s.0 != u32::MAX)
        .max_by(|a, b| a.1.total_cmp(&b.1))
    else {
        return Ok(None);
    };
    if !ok(j) {
        return Ok(None);
    }
    let mut back = false;
    turns.each_throw(j as usize, &mut |_, children, _| {
        back |= children == [i as u32];
    })?;
    Ok(back.then_some(j))
}

/// The new values of the pair `i`, `j` (each of the other's partner), their other
/// successors read by `read`; `None` where their loop is (almost) never left.
#[inline]
pub(super) fn pair_value(
    turns: &impl Turns,
    i: usize,
    j: usize,
    read: &(impl Fn(usize) -> Val + ?Sized),
) -> Result<Option<(Val, Val)>, DiceError> {
    let (a, fi) = turn_without(turns, i, j as u32, read)?;
    let (b, fj) = turn_without(turns, j, i as u32, read)?;
    Ok(solved(a, fi, b, fj).map(|vi| (vi, with_turned(b, fj, vi))))
}

/// The value of `i` whose other throws add `a` and whose throws of chance `fi` hand the
/// turn to its partner, whose other throws add `b` and whose throws of chance `fj` hand
/// it back (the module's formula); `None` where the loop is (almost) never left.
#[inline]
pub(super) fn solved(a: Val, fi: f64, b: Val, fj: f64) -> Option<Val> {
    let leave = 1.0 - fi * fj;
    if fi == 0.0 || fj == 0.0 || leave < MIN_LEAVE {
        return None;
    }
    Some(Val {
        c: Wl {
            w: (a.c.w + fi * b.c.l) / leave,
            l: (a.c.l + fi * b.c.w) / leave,
        },
        q: (a.q - fi * GAMMA * b.q) / (1.0 - fi * fj * GAMMA * GAMMA),
        lo: (a.lo - fi * b.hi) / leave,
        hi: (a.hi - fi * b.lo) / leave,
    })
}

/// What throws adding `b` and throws of chance `f` to an entry worth `v` give: `v` seen
/// from the other side, a ply on.
#[inline]
pub(super) fn with_turned(b: Val, f: f64, v: Val) -> Val {
    Val {
        c: Wl {
            w: b.c.w + f * v.c.l,
            l: b.c.l + f * v.c.w,
        },
        q: b.q - f * GAMMA * v.q,
        lo: b.lo - f * v.hi,
        hi: b.hi - f * v.lo,
    }
}

/// A member updated alone.
pub(super) const ALONE: u32 = u32::MAX;
/// A member updated with its partner, which comes before it.
pub(super) const TAKEN: u32 = u32::MAX - 1;

/// How a component's `members` (sorted) are updated, member by member: with the partner
/// named (a member after it), alone ([`ALONE`]), or already with its partner ([`TAKEN`]).
pub(super) fn plan(turns: &impl Turns, members: &[u32]) -> Result<Vec<u32>, DiceError> {
    let mut how = vec![ALONE; members.len()];
    for (k, &i) in members.iter().enumerate() {
        if how[k] != ALONE {
            continue;
        }
        let after = |j: u32| members[k + 1..].binary_search(&j).is_ok();
        let Some(j) = partner(turns, i as usize, after)? else {
            continue;
        };
        if let Ok(m) = members.binary_search(&j) {
            if how[m] == ALONE {
                how[k] = j;
                how[m] = TAKEN;
            }
        }
    }
    Ok(how)
}
