//! Solving `x − α·P·x = b` for a sparse, substochastic `P` (the chances of one pair of
//! fixed strategies inside a component of a chance table) by BiCGSTAB (van der Vorst,
//! "Bi-CGSTAB: a fast and smoothly converging variant of Bi-CG for the solution of
//! nonsymmetric linear systems", SIAM J. Sci. Stat. Comput. 13, 1992), restarted from
//! the true residual. Its iterations do not grow with the length of the games as value
//! iteration's sweeps do. Every sum is taken over fixed chunks in a fixed order, so the
//! result is the same on any number of threads.

use super::error::DiceError;
use super::sweep::{Stops, CHUNK};
use rayon::prelude::*;

/// Rows `start[r]..start[r + 1]` of `col` and `p`: the entries of row r of `P`.
#[derive(Default)]
pub(super) struct Sparse {
    pub(super) start: Vec<u32>,
    pub(super) col: Vec<u32>,
    pub(super) p: Vec<f64>,
}

impl Sparse {
    /// Rows.
    pub(super) fn rows(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// The entries turned round: rows `into[c]..into[c + 1]` of `from` are the rows with
    /// an entry in column c.
    pub(super) fn reversed(&self) -> (Vec<u32>, Vec<u32>) {
        turned_round(self.rows(), self.rows(), |r| {
            &self.col[self.start[r] as usize..self.start[r + 1] as usize]
        })
    }

    /// `y[r − rows.start] = f(r − rows.start, Σ p·x[col − x_at])` for the rows `rows`, on
    /// every core (on this thread alone where they are few).
    pub(super) fn each_row_in(
        &self,
        rows: std::ops::Range<usize>,
        x: &[f64],
        x_at: usize,
        y: &mut [f64],
        f: impl Fn(usize, f64) -> f64 + Sync,
    ) {
        each_chunk(y, |k, ys| {
            for (j, y) in ys.iter_mut().enumerate() {
                let r = rows.start + k * CHUNK + j;
                let (a, b) = (self.start[r] as usize, self.start[r + 1] as usize);
                let s: f64 = (a..b)
                    .map(|e| self.p[e] * x[self.col[e] as usize - x_at])
                    .sum();
                *y = f(k * CHUNK + j, s);
            }
        });
    }

    /// `y[r] = f(r, (P·x)[r])` for every row.
    pub(super) fn each_row(&self, x: &[f64], y: &mut [f64], f: impl Fn(usize, f64) -> f64 + Sync) {
        self.each_row_in(0..self.rows(), x, 0, y, f);
    }
}

/// Vectors shorter than this are worked through by the calling thread alone: handing a
/// pass over a few tens of thousands of entries to the pool and waiting for it costs
/// more than the pass.
const ALONE_BELOW: usize = 1 << 17;

/// `work(k, chunk k of y)` for every chunk of [`CHUNK`] entries of `y`, on every core
/// where `y` is long.
fn each_chunk(y: &mut [f64], work: impl Fn(usize, &mut [f64]) + Sync) {
    if y.len() < ALONE_BELOW {
        y.chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(k, c)| work(k, c));
    } else {
        y.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(k, c)| work(k, c));
    }
}

/// `y = f(y, a, b)` entry by entry.
fn each3(y: &mut [f64], a: &[f64], b: &[f64], f: impl Fn(f64, f64, f64) -> f64 + Sync) {
    each_chunk(y, |k, ys| {
        let (a, b) = (&a[k * CHUNK..], &b[k * CHUNK..]);
        for ((y, a), b) in ys.iter_mut().zip(a).zip(b) {
            *y = f(*y, *a, *b);
        }
    });
}

/// Lists `0..lists` of targets below `n` (`list(k)`), turned round: the lists naming
/// target c are `from[into[c]..into[c + 1]]`, in order.
pub(super) fn turned_round<'a>(
    n: usize,
    lists: usize,
    list: impl Fn(usize) -> &'a [u32],
) -> (Vec<u32>, Vec<u32>) {
    let mut into = vec![0u32; n + 1];
    for k in 0..lists {
        for &c in list(k) {
            into[c as usize + 1] += 1;
        }
    }
    for c in 0..n {
        into[c + 1] += into[c];
    }
    let mut fill = into.clone();
    let mut from = vec![0u32; into[n] as usize];
    for k in 0..lists {
        for &c in list(k) {
            from[fill[c as usize] as usize] = k as u32;
            fill[c as usize] += 1;
        }
    }
    (into, from)
}

/// A square system `A·x = b` as BiCGSTAB reads it: its rows, and `y = A·x` with a scratch
/// vector of its own length.
pub(super) trait Operator: Sync {
    fn rows(&self) -> usize;
    fn scratch(&self) -> usize;
    fn apply(&self, x: &[f64], y: &mut [f64], scratch: &mut [f64]);
}

/// `A = I − α·P`.
pub(super) struct Plain<'a> {
    pub(super) p: &'a Sparse,
    pub(super) alpha: f64,
}

impl Operator for Plain<'_> {
    fn rows(&self) -> usize {
        self.p.rows()
    }
    fn scratch(&self) -> usize {
        0
    }
    fn apply(&self, x: &[f64], y: &mut [f64], _: &mut [f64]) {
        self.p.each_row(x, y, |r, s| x[r] - self.alpha * s);
    }
}

/// Σ a·b, in fixed chunks (the same on any number of threads).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let part = |(x, y): (&[f64], &[f64])| -> f64 { x.iter().zip(y).map(|(u, v)| u * v).sum() };
    if a.len() < ALONE_BELOW {
        return a.chunks(CHUNK).zip(b.chunks(CHUNK)).map(part).sum();
    }
    let parts: Vec<f64> = a
        .par_chunks(CHUNK)
        .zip(b.par_chunks(CHUNK))
        .map(part)
        .collect();
    parts.iter().sum()
}

/// The largest |a|.
fn max_abs(a: &[f64]) -> f64 {
    if a.len() < ALONE_BELOW {
        return a.iter().fold(0.0, |m, v| m.max(v.abs()));
    }
    a.par_iter().map(|v| v.abs()).reduce(|| 0.0, f64::max)
}

/// `y += k·x`.
fn axpy(y: &mut [f64], k: f64, x: &[f64]) {
    each3(y, x, x, |y, x, _| y + k * x);
}

/// Solves `A·x = b` from the start `x` until the true residual's largest entry is at most
/// `tol` or `max_iter` iterations are spent; the iterations (each two products with `A`)
/// and the last true residual. `tick` is called at every iteration (a progress line).
pub(super) fn bicgstab(
    a: &impl Operator,
    b: &[f64],
    x: &mut [f64],
    tol: f64,
    max_iter: u32,
    (stops, tick): (&Stops, &dyn Fn()),
) -> Result<(u32, f64), DiceError> {
    let n = a.rows();
    let (mut r, mut t) = (vec![0.0; n], vec![0.0; n]);
    let mut scratch = vec![0.0; a.scratch()];
    let mut iterations = 0;
    loop {
        // The true residual, and a restart from it.
        a.apply(x, &mut t, &mut scratch);
        each3(&mut r, b, &t, |_, b, t| b - t);
        let res = max_abs(&r);
        if res <= tol || iterations >= max_iter {
            return Ok((iterations, res));
        }
        let start = iterations;
        let shadow = r.clone();
        let (mut rho, mut w, mut om) = (1.0, 1.0, 1.0);
        let (mut v, mut p, mut s) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
        while iterations < max_iter {
            stops.check()?;
            tick();
            iterations += 1;
            let rho_new = dot(&shadow, &r);
            if rho_new == 0.0 || om == 0.0 {
                break;
            }
            let beta = (rho_new / rho) * (w / om);
            rho = rho_new;
            each3(&mut p, &r, &v, |p, r, v| r + beta * (p - om * v));
            a.apply(&p, &mut v, &mut scratch);
            let sv = dot(&shadow, &v);
            if sv == 0.0 {
                break;
            }
            w = rho / sv;
            each3(&mut s, &r, &v, |_, r, v| r - w * v);
            axpy(x, w, &p);
            if max_abs(&s) <= tol / 4.0 {
                break;
            }
            a.apply(&s, &mut t, &mut scratch);
            let tt = dot(&t, &t);
            om = if tt == 0.0 { 0.0 } else { dot(&t, &s) / tt };
            axpy(x, om, &s);
            each3(&mut r, &s, &t, |_, s, t| s - om * t);
            if max_abs(&r) <= tol / 4.0 {
                break;
            }
        }
        if iterations == start {
            return Ok((iterations, res));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `copies` chains of `n` fair coins side by side: row r of a chain goes to r + 1 with
    /// 1/2 and to r − 1 with 1/2 (its ends pay 1 and 0 by b), so the chance to reach the
    /// top end is (r + 1) / (n + 1).
    fn chains(n: usize, copies: usize) -> (Sparse, Vec<f64>) {
        let mut a = Sparse::default();
        let mut b = vec![0.0; n * copies];
        a.start.push(0);
        for k in 0..copies {
            let at = k * n;
            for r in 0..n {
                if r > 0 {
                    a.col.push((at + r - 1) as u32);
                    a.p.push(0.5);
                }
                if r + 1 < n {
                    a.col.push((at + r + 1) as u32);
                    a.p.push(0.5);
                }
                a.start.push(a.col.len() as u32);
            }
            b[at + n - 1] = 0.5;
        }
        (a, b)
    }

    fn solved_to_the_rounding(n: usize, copies: usize) {
        let (a, b) = chains(n, copies);
        let mut x = vec![0.0; n * copies];
        let whole = Plain { p: &a, alpha: 1.0 };
        let watch = (&Stops::default(), &(|| {}) as &dyn Fn());
        let (it, res) = bicgstab(&whole, &b, &mut x, 1e-13, 5000, watch).unwrap();
        assert!(res <= 1e-13, "{it} iterations, residual {res:e}");
        for (i, x) in x.iter().enumerate() {
            let exact = (i % n + 1) as f64 / (n + 1) as f64;
            assert!((x - exact).abs() < 1e-9, "row {i}: {x} against {exact}");
        }
    }

    #[test]
    fn a_chain_of_fair_coins_is_solved_to_the_rounding() {
        // Short vectors: every pass on this thread.
        solved_to_the_rounding(200, 1);
    }

    #[test]
    fn many_chains_are_solved_on_every_core_to_the_rounding() {
        // 700 chains of 200 rows: the vectors long enough to be worked on every core.
        const { assert!(200 * 700 >= ALONE_BELOW) };
        solved_to_the_rounding(200, 700);
    }

    #[test]
    fn a_long_sum_is_the_same_on_every_core_as_chunk_after_chunk() {
        let n = ALONE_BELOW + 12_345;
        let a: Vec<f64> = (0..n)
            .map(|i| ((i * 7_919) % 1_000) as f64 / 999.0)
            .collect();
        let b: Vec<f64> = (0..n)
            .map(|i| ((i * 104_729) % 997) as f64 / 31.0)
            .collect();
        let by_chunks: f64 = a
            .chunks(CHUNK)
            .zip(b.chunks(CHUNK))
            .map(|(x, y)| x.iter().zip(y).map(|(u, v)| u * v).sum::<f64>())
            .sum();
        assert_eq!(dot(&a, &b).to_bits(), by_chunks.to_bits());
        let short = &a[..ALONE_BELOW - 1];
        let short_by_chunks: f64 = short
            .chunks(CHUNK)
            .map(|x| x.iter().map(|u| u * u).sum::<f64>())
            .sum();
        assert_eq!(dot(short, short).to_bits(), short_by_chunks.to_bits());
    }
}
