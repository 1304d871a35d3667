//! A fixed-strategy system `x − α·P·x = b` whose rows fall in two halves, `P` leading only
//! from one half to the other (a turn of a chance table always hands the move over, so
//! the rows with White to move lead to Black's and back), solved on one half alone: with
//! `P` split into `P_wk` and `P_kw`,
//!
//! `x_w − α²·P_wk·P_kw·x_w = b_w + α·P_wk·b_k`, then `x_k = b_k + α·P_kw·x_w`.
//!
//! The reduced system has half the rows and the eigenvalues `1 − α²·μ²` where the whole
//! one has `1 ∓ α·μ`: the slow modes of a long game (μ near ±1) that sit near 0 and near 2
//! both come to lie near 0 on one side, where BiCGSTAB needs about half the products
//! (the red–black reduction of Saad, "Iterative methods for sparse linear systems",
//! 2nd ed., SIAM 2003, §10.6.3 on multicolour orderings). The `W` rows' residual of the
//! whole system is the reduced one's; the `K` rows' is zero up to the rounding, and the
//! residual returned is the whole system's, computed.

use super::error::DiceError;
use super::krylov::{bicgstab, Operator, Sparse};
use super::sweep::Stops;
use rayon::prelude::*;

/// `P` whose rows `0..w` lead only to rows `w..` and back: `P_wk` is rows `0..w` (columns
/// from `w`), `P_kw` rows `w..` (columns below `w`).
pub(super) struct Halves {
    p: Sparse,
    w: usize,
}

impl Halves {
    /// `p` as two halves, the rows `first` names before the rest, if every entry leads
    /// from one half to the other; else `p` back (also where a half is empty).
    pub(super) fn of(p: Sparse, first: impl Fn(usize) -> bool + Sync) -> Result<Halves, Sparse> {
        let n = p.rows();
        let w = (0..n).take_while(|&r| first(r)).count();
        let split = (w..n).all(|r| !first(r));
        let crosses = |r: usize| {
            let (a, b) = (p.start[r] as usize, p.start[r + 1] as usize);
            p.col[a..b].iter().all(|&c| ((c as usize) < w) != (r < w))
        };
        if w == 0 || w == n || !split || !(0..n).into_par_iter().all(crosses) {
            return Err(p);
        }
        Ok(Halves { p, w })
    }

    /// Solves `x − α·P·x = b` from the start `x` by the reduced system (see the module);
    /// the BiCGSTAB iterations and the whole system's residual.
    pub(super) fn solve(
        &self,
        alpha: f64,
        b: &[f64],
        x: &mut [f64],
        tol: f64,
        max_iter: u32,
        watch: (&Stops, &dyn Fn()),
    ) -> Result<(u32, f64), DiceError> {
        let (n, w) = (self.p.rows(), self.w);
        let (bw, bk) = b.split_at(w);
        let mut rhs = vec![0.0; w];
        self.p
            .each_row_in(0..w, bk, w, &mut rhs, |r, s| bw[r] + alpha * s);
        let reduced = Reduced {
            h: self,
            a2: alpha * alpha,
        };
        let (xw, xk) = x.split_at_mut(w);
        let (iterations, _) = bicgstab(&reduced, &rhs, xw, tol, max_iter, watch)?;
        self.p
            .each_row_in(w..n, xw, 0, xk, |r, s| bk[r] + alpha * s);
        let mut t = vec![0.0; n];
        self.p.each_row(x, &mut t, |r, s| b[r] - (x[r] - alpha * s));
        Ok((iterations, t.iter().fold(0.0, |m, v| m.max(v.abs()))))
    }
}

/// `x_w − α²·P_wk·P_kw·x_w`, over the `W` half.
struct Reduced<'a> {
    h: &'a Halves,
    a2: f64,
}

impl Operator for Reduced<'_> {
    fn rows(&self) -> usize {
        self.h.w
    }
    fn scratch(&self) -> usize {
        self.h.p.rows() - self.h.w
    }
    fn apply(&self, x: &[f64], y: &mut [f64], scratch: &mut [f64]) {
        let (p, w) = (&self.h.p, self.h.w);
        p.each_row_in(w..p.rows(), x, 0, scratch, |_, s| s);
        p.each_row_in(0..w, scratch, w, y, |r, s| x[r] - self.a2 * s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::krylov::Plain;
    use crate::dice::system::System;

    /// Rows 0..n of a walk: to r ± 1 with `step` each, and with `stay` to r itself.
    fn walk(n: usize, step: f64, stay: f64) -> Sparse {
        let mut a = Sparse::default();
        a.start.push(0);
        for r in 0..n {
            let mut to = |c: usize, p: f64| {
                a.col.push(c as u32);
                a.p.push(p);
            };
            if r > 0 {
                to(r - 1, step);
            }
            if stay > 0.0 {
                to(r, stay);
            }
            if r + 1 < n {
                to(r + 1, step);
            }
            a.start.push(a.col.len() as u32);
        }
        a
    }

    /// [`walk`] renumbered so that its even places come first: place q is row q / 2 if q
    /// is even, else row n / 2 + 1 + q / 2 (n odd).
    fn zigzag(n: usize, step: f64, stay: f64) -> Sparse {
        let row = |q: usize| {
            if q.is_multiple_of(2) {
                q / 2
            } else {
                n / 2 + 1 + q / 2
            }
        };
        let a = walk(n, step, stay);
        let mut place = vec![0; n];
        for q in 0..n {
            place[row(q)] = q;
        }
        let mut z = Sparse::default();
        z.start.push(0);
        for &q in &place {
            for e in a.start[q] as usize..a.start[q + 1] as usize {
                z.col.push(row(a.col[e] as usize) as u32);
                z.p.push(a.p[e]);
            }
            z.start.push(z.col.len() as u32);
        }
        z
    }

    #[test]
    fn a_walk_renumbered_splits_in_two_and_not_where_it_may_stay_or_at_another_row() {
        let h = Halves::of(zigzag(7, 0.5, 0.0), |r| r < 4)
            .ok()
            .expect("two halves");
        assert_eq!(h.w, 4);
        assert!(Halves::of(zigzag(7, 0.25, 0.5), |r| r < 4).is_err());
        assert!(Halves::of(zigzag(7, 0.5, 0.0), |r| r < 3).is_err());
        assert!(Halves::of(walk(7, 0.5, 0.0), |r| r < 4).is_err());
    }

    #[test]
    fn the_reduced_system_solves_what_the_whole_one_does() {
        // A walk with both signs of α (a score flips at every turn): the halves' answer
        // against BiCGSTAB on the whole system, both to the rounding.
        let n = 301;
        let a = zigzag(n, 0.49, 0.0);
        let system = System::of(zigzag(n, 0.49, 0.0), |r| r <= n / 2);
        assert!(matches!(system, System::Halves(_)));
        let mut b = vec![0.0; n];
        b[0] = -0.3;
        b[n - 1] = 0.7;
        b[n / 2] = 0.01;
        for alpha in [1.0, -1.0, -0.99] {
            let watch = (&Stops::default(), &(|| {}) as &dyn Fn());
            let mut whole = vec![0.0; n];
            let plain = Plain { p: &a, alpha };
            let (_, res) = bicgstab(&plain, &b, &mut whole, 1e-14, 20_000, watch).unwrap();
            assert!(res <= 1e-14, "whole system, α {alpha}: residual {res:e}");
            let mut split = vec![0.0; n];
            let (_, res) = system
                .solve(alpha, &b, &mut split, 1e-14, 20_000, watch)
                .unwrap();
            assert!(res <= 1e-13, "halves, α {alpha}: residual {res:e}");
            for r in 0..n {
                let d = (whole[r] - split[r]).abs();
                assert!(
                    d < 1e-10,
                    "α {alpha}, row {r}: {} against {}",
                    split[r],
                    whole[r]
                );
            }
        }
    }
}
