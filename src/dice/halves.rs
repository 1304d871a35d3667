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

/// `P` cut into its two halves' blocks.
pub(super) struct Halves {
    /// The rows of each half, in order.
    w: Vec<u32>,
    k: Vec<u32>,
    /// `P_wk` (the `W` rows, columns numbered among `K`) and `P_kw`.
    wk: Sparse,
    kw: Sparse,
}

impl Halves {
    /// `p`'s rows cut into those `first` names and the rest, if every entry of `p` leads
    /// from one half to the other; `None` where one does not, or where a half is empty.
    pub(super) fn of(p: &Sparse, first: impl Fn(usize) -> bool) -> Option<Halves> {
        let (mut w, mut k) = (vec![], vec![]);
        let mut at = vec![0u32; p.rows()];
        for (r, at) in at.iter_mut().enumerate() {
            let half = if first(r) { &mut w } else { &mut k };
            *at = half.len() as u32;
            half.push(r as u32);
        }
        let crosses = (0..p.rows()).all(|r| {
            let (a, b) = (p.start[r] as usize, p.start[r + 1] as usize);
            p.col[a..b].iter().all(|&c| first(c as usize) != first(r))
        });
        if w.is_empty() || k.is_empty() || !crosses {
            return None;
        }
        let block = |rows: &[u32]| {
            let mut b = Sparse::default();
            b.start.push(0);
            for &r in rows {
                for e in p.start[r as usize] as usize..p.start[r as usize + 1] as usize {
                    b.col.push(at[p.col[e] as usize]);
                    b.p.push(p.p[e]);
                }
                b.start.push(b.col.len() as u32);
            }
            b
        };
        let (wk, kw) = (block(&w), block(&k));
        Some(Halves { w, k, wk, kw })
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
        let gather =
            |v: &[f64], rows: &[u32]| -> Vec<f64> { rows.iter().map(|&r| v[r as usize]).collect() };
        let (bw, bk) = (gather(b, &self.w), gather(b, &self.k));
        let mut rhs = vec![0.0; self.w.len()];
        self.wk.each_row(&bk, &mut rhs, |r, s| bw[r] + alpha * s);
        let mut xw = gather(x, &self.w);
        let reduced = Reduced {
            h: self,
            a2: alpha * alpha,
        };
        let (iterations, _) = bicgstab(&reduced, &rhs, &mut xw, tol, max_iter, watch)?;
        let mut xk = vec![0.0; self.k.len()];
        self.kw.each_row(&xw, &mut xk, |r, s| bk[r] + alpha * s);
        for (&r, &v) in self.w.iter().zip(&xw) {
            x[r as usize] = v;
        }
        for (&r, &v) in self.k.iter().zip(&xk) {
            x[r as usize] = v;
        }
        Ok((iterations, self.residual(alpha, b, x)))
    }

    /// The largest entry of `b − (x − α·P·x)` over both halves.
    fn residual(&self, alpha: f64, b: &[f64], x: &[f64]) -> f64 {
        let mut worst = 0.0f64;
        for (rows, block, other) in [(&self.w, &self.wk, &self.k), (&self.k, &self.kw, &self.w)] {
            let xo: Vec<f64> = other.iter().map(|&r| x[r as usize]).collect();
            let mut t = vec![0.0; rows.len()];
            block.each_row(&xo, &mut t, |i, s| {
                let r = rows[i] as usize;
                b[r] - (x[r] - alpha * s)
            });
            worst = t.iter().fold(worst, |m, v| m.max(v.abs()));
        }
        worst
    }
}

/// `x_w − α²·P_wk·P_kw·x_w`, over the `W` half.
struct Reduced<'a> {
    h: &'a Halves,
    a2: f64,
}

impl Operator for Reduced<'_> {
    fn rows(&self) -> usize {
        self.h.w.len()
    }
    fn scratch(&self) -> usize {
        self.h.k.len()
    }
    fn apply(&self, x: &[f64], y: &mut [f64], scratch: &mut [f64]) {
        self.h.kw.each_row(x, scratch, |_, s| s);
        self.h.wk.each_row(scratch, y, |r, s| x[r] - self.a2 * s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::krylov::{Plain, System};

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

    #[test]
    fn a_walk_splits_by_parity_and_not_where_it_may_stay_or_by_another_cut() {
        let even = |r: usize| r.is_multiple_of(2);
        let h = Halves::of(&walk(7, 0.5, 0.0), even).expect("even and odd rows");
        assert_eq!(h.w, vec![0, 2, 4, 6]);
        assert_eq!(h.k, vec![1, 3, 5]);
        assert!(Halves::of(&walk(7, 0.25, 0.5), even).is_none());
        assert!(Halves::of(&walk(7, 0.5, 0.0), |r| r < 4).is_none());
    }

    #[test]
    fn the_reduced_system_solves_what_the_whole_one_does() {
        // A walk with both signs of α (a score flips at every turn): the halves' answer
        // against BiCGSTAB on the whole system, both to the rounding.
        let n = 301;
        let a = walk(n, 0.49, 0.0);
        let system = System::of(walk(n, 0.49, 0.0), |r| r.is_multiple_of(2));
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
