//! The certificate of a guessed solution of one component of a chance table
//! (`dice::accelerate`): bounds are written only where this proves them.
//!
//! In the negamax form every entry carries bounds `lo ≤ score ≤ hi` for its side to move.
//! White's upper bound U is `hi` where White moves and `−lo` where Black does; its lower
//! bound is `lo` and `−hi`. Let B be one turn (the die, then the best move; the entries
//! outside the component at their certified bounds, which no move of theirs leads back
//! from). A candidate U is an upper bound on White's score if
//! - (A) B(U) ≤ U on every entry of the component, and
//! - (B) U ≥ 0 on every entry of every end component of the game in which Black plays
//!   σ, the move of least U for each throw, and White plays freely.
//!
//! Under σ, B(U) = B_σ(U) ≤ U, so U at the current entry is a supermartingale whatever
//! White plays; a game that ends pays at most U where it leaves the component, and a game
//! that never ends stays, from some turn on, in an end component, where it pays 0 (a
//! draw) ≤ U; so White's value against σ, and so in the game, is at most U. The same
//! argument with the sides swapped gives the lower bound (White's choice fixed to the
//! move of greatest lower bound). Both checks read the candidates of the two sides in one
//! pass: the new `hi` of an entry is Σ p·max(−lo) over its successors, the new `lo`
//! Σ p·max(−hi).
//!
//! Rounding: (A) is checked on floating-point sums. The computed sum of at most 64
//! products of a chance (the throws' chances add up to 1) and a bound in [−1, 1] is within
//! 64·2⁻⁵³ ≈ 7.2e-15 of the exact sum (Higham, "Accuracy and stability of numerical
//! algorithms", 2002, §3.1: nγₙ with γₙ = nu/(1 − nu)); negation and max are exact. So
//! the check demands `computed + 1e-14 ≤ candidate` (and `computed − 1e-14 ≥ candidate`
//! for the lower), which implies (A) for the exact sums; an entry with more than 64 throws
//! fails the check. The game certified is the one whose throws have the chances stored
//! as f64, the game the interval iteration solves too. (B) compares stored numbers with 0
//! and is exact.
//!
//! A guess exactly right is not yet a candidate (one turn reproduces it, so the check
//! holds only up to rounding). The candidate is the guess widened, then stepped by B
//! until (A) holds (Hartmanns and Kaminski, "Optimistic value iteration", CAV 2020). A
//! widening ε alike on every entry loses nothing in one turn on the entries that cannot
//! leave the component in one turn, so (A) waits as many steps as the longest way out
//! (KQKQ: 37–38). The caller widens each entry in proportion to the turns the guessed
//! strategies take to leave from it (t = 1 + P·t): one turn then takes ε/max t off every
//! entry at once, and (A) holds at the first step unless a free choice between moves of
//! equal guesses picks a longer way out; the steps then go on as before. Soundness does
//! not rest on the shape: any candidate for which (A) and (B) hold is a bound.

use super::error::DiceError;
use super::members::Members;
use super::sweep::{Stops, Turns, Val, CHUNK, CONST};

/// The margin the computed turn must leave below a candidate upper bound (above a
/// lower): more than the rounding of a sum of at most [`MAX_THROWS`] terms.
const MARGIN: f64 = 1e-14;
/// Throws of an entry the margin covers.
const MAX_THROWS: usize = 64;

/// How the certificate went.
pub(super) struct Checks {
    /// One-turn steps made (each as costly as a sweep of the component).
    pub(super) steps: u32,
    /// Whether the bounds were proved and written.
    pub(super) certified: bool,
}

/// Tries to prove `guess ± widen` (per member row: the score of its side to move, and how
/// far it is widened), stepped by one turn at most `max_steps` times, a pair of bounds; if
/// it is proved, narrows the members' bounds in `values` to it.
pub(super) fn certify(
    turns: &impl Turns,
    values: &mut [Val],
    members: &Members,
    (guess, widen): (&[f64], &[f64]),
    max_steps: u32,
    stops: &Stops,
) -> Result<Checks, DiceError> {
    let mut lo: Vec<f64> = guess
        .iter()
        .zip(widen)
        .map(|(g, e)| (g - e).max(-1.0))
        .collect();
    let mut hi: Vec<f64> = guess
        .iter()
        .zip(widen)
        .map(|(g, e)| (g + e).min(1.0))
        .collect();
    let mut steps = 0;
    loop {
        stops.check()?;
        let (nlo, nhi, holds) = one_turn(turns, values, members, &lo, &hi, stops)?;
        steps += 1;
        if holds {
            let half = values.len() / 2;
            let closed =
                super::ends::draws_covered(turns, values, members, (&lo, &hi), half, true, stops)?
                    && super::ends::draws_covered(
                        turns,
                        values,
                        members,
                        (&lo, &hi),
                        half,
                        false,
                        stops,
                    )?;
            if !closed {
                return Ok(Checks {
                    steps,
                    certified: false,
                });
            }
            for (r, &i) in members.slots.iter().enumerate() {
                let v = &mut values[i as usize];
                v.lo = v.lo.max(lo[r]);
                v.hi = v.hi.min(hi[r]);
            }
            return Ok(Checks {
                steps,
                certified: true,
            });
        }
        if steps >= max_steps {
            return Ok(Checks {
                steps,
                certified: false,
            });
        }
        (lo, hi) = (nlo, nhi);
    }
}

/// One turn of every member from the candidates (`lo`, `hi` per row; the entries outside
/// at their bounds in `values`): the new candidates, and whether every member's turn lies
/// within its candidates by the margin (condition A).
fn one_turn(
    turns: &impl Turns,
    values: &[Val],
    members: &Members,
    lo: &[f64],
    hi: &[f64],
    stops: &Stops,
) -> Result<(Vec<f64>, Vec<f64>, bool), DiceError> {
    let parts = members.per_chunk(stops, |k, chunk| {
        let (mut nlo, mut nhi, mut holds) = (vec![], vec![], true);
        for (j, &i) in chunk.iter().enumerate() {
            let r = k * CHUNK + j;
            let (mut l, mut h, mut throws) = (0.0, 0.0, 0);
            turns.each_throw(i as usize, &mut |p, children, consts| {
                throws += 1;
                let (mut bl, mut bh) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
                for &c in children {
                    let (cl, ch) = if c & CONST != 0 {
                        let v = consts[(c & !CONST) as usize];
                        (v.lo, v.hi)
                    } else if let Some(q) = members.row_of(c) {
                        (lo[q], hi[q])
                    } else {
                        let v = values[c as usize];
                        (v.lo, v.hi)
                    };
                    bl = bl.max(-ch);
                    bh = bh.max(-cl);
                }
                if !children.is_empty() {
                    l += p * bl;
                    h += p * bh;
                }
            })?;
            // Rounded outward: above (below) the exact sum's turn; a bound past a
            // win (a loss) is cut to it, which one turn of candidates within [−1, 1]
            // never leaves (the exact chances add up to 1).
            let (l, h) = ((l - MARGIN).max(-1.0), (h + MARGIN).min(1.0));
            holds &= throws <= MAX_THROWS && h <= hi[r] && l >= lo[r];
            nlo.push(l);
            nhi.push(h);
        }
        Ok((nlo, nhi, holds))
    })?;
    let (mut nlo, mut nhi, mut holds) = (vec![], vec![], true);
    for (l, h, ok) in parts {
        nlo.extend(l);
        nhi.extend(h);
        holds &= ok;
    }
    Ok((nlo, nhi, holds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::members::Members;
    use crate::dice::sweep::THROWN;
    use crate::dice::toy::{lost, Toy};

    /// Slot 0 (White) and slot 1 (Black) move to each other, and on half the throws may
    /// instead win at once: each side's score is 1/3 (v = 1/2 + 1/2·(−v)).
    fn race() -> Toy {
        let win = CONST;
        Toy {
            throws: vec![
                vec![(0.5, vec![1, win]), (0.5, vec![1])],
                vec![(0.5, vec![0, win]), (0.5, vec![0])],
            ],
            consts: vec![lost()],
        }
    }

    fn run(guess: f64, steps: u32) -> (Checks, Vec<Val>) {
        let toy = race();
        let mut values = vec![Val::UNDECIDED; 2];
        let members = Members::of(&[THROWN; 2]);
        let stops = Stops::default();
        let c = certify(
            &toy,
            &mut values,
            &members,
            (&[guess; 2], &[1e-6; 2]),
            steps,
            &stops,
        );
        (c.unwrap(), values)
    }

    #[test]
    fn a_right_guess_is_certified_and_its_bounds_hold_the_value() {
        let (c, values) = run(1.0 / 3.0, 50);
        assert!(c.certified);
        for v in values {
            assert!(v.lo <= 1.0 / 3.0 && 1.0 / 3.0 <= v.hi, "{v:?}");
            assert!(v.hi - v.lo <= 2e-6, "{v:?}");
        }
    }

    #[test]
    fn a_wrong_guess_is_refused_and_leaves_the_bounds() {
        for guess in [0.3, 0.37] {
            let (c, values) = run(guess, 1);
            assert!(!c.certified, "{guess}");
            assert!(values.iter().all(|v| *v == Val::UNDECIDED));
        }
        // Stepped on, a guess too low can only be certified once it is above the value.
        let (c, values) = run(0.3, 200);
        if c.certified {
            assert!(values
                .iter()
                .all(|v| v.lo <= 1.0 / 3.0 && 1.0 / 3.0 <= v.hi));
        }
    }
}
