//! Bent riders (Grant Acedrex's anqa and unicorn): a first leg that leaps, then, if the
//! square it lands on is empty, a ride outward from there.
//!
//! Move generation wants every square such a man reaches; attack detection, pins and
//! evasions only ask about one square (the king's), many times per node. For that the
//! engine keeps, per bent kind and pair of squares, the one route between them (which
//! first-leg square, which leg direction): whether the man attacks the square is then one
//! occupancy test of that route's squares, and a man standing on the route is the only
//! thing that can block it.

use crate::board::bits::Bits;
use crate::board::geometry::{Geometry, NO_SQ};
use crate::board::piece::{Bent, MAX_KINDS};

/// First legs per square a bent kind can have (the unicorn's eight knight leaps).
pub const STAGES: usize = 8;
/// No direction.
const NO_DIR: u8 = u8::MAX;

/// One first leg from a square: where it lands, and the step directions (indices into
/// `Engine::dirs`) it may ride on from there.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    /// The first leg's square (`NO_SQ` when it is off the board).
    pub mid: u8,
    /// Leg directions, `u8::MAX` where there are fewer than two.
    pub legs: [u8; 2],
}

const NO_STAGE: Stage = Stage {
    mid: NO_SQ,
    legs: [NO_DIR; 2],
};

/// A first leap (dx, dy) with the one-step directions of the ride that may follow.
type Leg = ((i32, i32), Vec<(i32, i32)>);

/// The first leaps of a bent rider with the one-step directions of the ride that follows.
fn shape(bent: Bent) -> Vec<Leg> {
    let mut v = vec![];
    for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        match bent {
            // One diagonal step, then a rook ride away from the start.
            Bent::Anqa => v.push(((sx, sy), vec![(sx, 0), (0, sy)])),
            // A knight leap, then a bishop ride away from the start.
            Bent::Unicorn => {
                v.push(((sx, 2 * sy), vec![(sx, sy)]));
                v.push(((2 * sx, sy), vec![(sx, sy)]));
            }
        }
    }
    v
}

/// The compiled bent-rider tables of an engine.
#[derive(Clone, Debug, Default)]
pub struct BentTables<B> {
    /// Per kind, its index among the bent kinds (`u8::MAX` for others).
    pub slot: [u8; MAX_KINDS],
    /// First legs at `(slot * n + from) * STAGES + i`.
    pub stages: Vec<Stage>,
    /// The route from `from` to `to` at `(slot * n + from) * n + to`: the first-leg square
    /// and the leg direction (`u8::MAX` when `to` is the first leg's own square), or
    /// `NO_SQ` as first-leg square when the man never reaches `to` from `from`.
    pub route: Vec<[u8; 2]>,
    /// Per kind, flattened at `k * n + sq`: the squares from which it could reach `sq` on
    /// an empty board (a cheap test before the real one).
    pub reach: Vec<B>,
}

impl<B: Bits> BentTables<B> {
    /// Builds the tables of the bent kinds among `pieces` (indexed by kind) on a board of
    /// `n` squares, from the engine's ray tables (`step_dir`: the direction index of each
    /// single step, `ray_flat`: the ray of each direction from each square).
    pub(crate) fn build(
        pieces: &[Option<Bent>],
        geo: Geometry,
        step_dir: &[u8],
        ray_flat: &[B],
    ) -> Self {
        let n = geo.squares();
        let mut t = BentTables {
            slot: [u8::MAX; MAX_KINDS],
            stages: vec![],
            route: vec![],
            reach: vec![B::EMPTY; pieces.len() * n],
        };
        for (k, bent) in pieces.iter().enumerate() {
            let Some(bent) = *bent else { continue };
            let slot = t.stages.len() / (n * STAGES);
            t.slot[k] = slot as u8;
            t.stages.resize((slot + 1) * n * STAGES, NO_STAGE);
            t.route.resize((slot + 1) * n * n, [NO_SQ, NO_DIR]);
            let legs = shape(bent);
            for from in 0..n {
                for (i, ((fx, fy), dirs)) in legs.iter().enumerate() {
                    let Some(mid) = geo.offset(from as u8, *fx, *fy) else {
                        continue;
                    };
                    let mut st = Stage {
                        mid,
                        legs: [NO_DIR; 2],
                    };
                    let base = (slot * n + from) * n;
                    t.route[base + mid as usize] = [mid, NO_DIR];
                    for (j, &(cx, cy)) in dirs.iter().enumerate() {
                        let d = step_dir[((cy + 1) * 3 + cx + 1) as usize];
                        st.legs[j] = d;
                        for to in ray_flat[d as usize * n + mid as usize].iter() {
                            // The shapes give each reached square one route only.
                            debug_assert_eq!(t.route[base + to][0], NO_SQ);
                            t.route[base + to] = [mid, d];
                        }
                    }
                    t.stages[(slot * n + from) * STAGES + i] = st;
                }
                for to in 0..n {
                    if t.route[(slot * n + from) * n + to][0] != NO_SQ {
                        t.reach[k * n + to] |= B::bit(from);
                    }
                }
            }
        }
        t
    }

    /// Every square a bent rider of kind `k` on `from` reaches (captures included,
    /// friends not masked), on a board of `n` squares; `ride(d, sq, occ)` gives the
    /// squares a rider reaches along direction `d` from `sq`.
    #[inline]
    pub fn targets(
        &self,
        n: usize,
        k: usize,
        from: usize,
        occ: B,
        ride: impl Fn(usize, usize, B) -> B,
    ) -> B {
        let slot = self.slot[k] as usize;
        let mut out = B::EMPTY;
        for st in &self.stages[(slot * n + from) * STAGES..][..STAGES] {
            if st.mid == NO_SQ {
                continue;
            }
            let mid = st.mid as usize;
            out |= B::bit(mid);
            if occ.has(mid) {
                continue;
            }
            for &d in &st.legs {
                if d != NO_DIR {
                    out |= ride(d as usize, mid, occ);
                }
            }
        }
        out
    }

    /// The squares that would stop a bent rider of kind `k` on `from` from reaching `to`
    /// (the first leg's square and the squares ridden over before `to`), or `None` when it
    /// never reaches `to` from there. It reaches `to` exactly when none of them is occupied.
    #[inline(always)]
    pub fn route(&self, n: usize, ray_flat: &[B], k: usize, from: usize, to: usize) -> Option<B> {
        let slot = self.slot[k] as usize;
        let [mid, d] = self.route[(slot * n + from) * n + to];
        if mid == NO_SQ {
            return None;
        }
        if d == NO_DIR {
            // The first leg itself lands there: a leap, nothing blocks it.
            return Some(B::EMPTY);
        }
        let d = d as usize;
        // From the first-leg square (kept) along the leg, up to `to` (left out).
        let ride = ray_flat[d * n + mid as usize] ^ ray_flat[d * n + to];
        Some((B::bit(mid as usize) | ride) & !B::bit(to))
    }
}

#[cfg(test)]
mod tests {
    use super::shape;
    use crate::board::bits::{Bits, U256};
    use crate::board::compiled::AnyEngine;
    use crate::board::rules::Rules;

    /// The tables against walking the shape square by square, on boards filled at random:
    /// the target set, and the route test for every pair of squares.
    #[test]
    fn tables_agree_with_walking_the_shape() {
        let AnyEngine::W256(e) = AnyEngine::new(Rules::preset("grant-acedrex").unwrap()).unwrap()
        else {
            panic!("Grant Acedrex needs the wide board");
        };
        let g = e.geo;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..30 {
            let mut occ = U256::EMPTY;
            for s in 0..e.n {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                if (seed >> 33).is_multiple_of(4) {
                    occ |= U256::bit(s);
                }
            }
            for &k in &e.bent_kinds {
                let k = k as usize;
                let bent = e.kinds[k].bent.unwrap();
                for from in 0..e.n {
                    let mut walked = U256::EMPTY;
                    for ((fx, fy), legs) in shape(bent) {
                        let Some(mid) = g.offset(from as u8, fx, fy) else {
                            continue;
                        };
                        walked |= U256::bit(mid as usize);
                        if occ.has(mid as usize) {
                            continue;
                        }
                        for (cx, cy) in legs {
                            let mut cur = mid;
                            while let Some(t) = g.offset(cur, cx, cy) {
                                walked |= U256::bit(t as usize);
                                if occ.has(t as usize) {
                                    break;
                                }
                                cur = t;
                            }
                        }
                    }
                    assert_eq!(e.bent_targets(k, from, occ), walked, "{k} from {from}");
                    for to in 0..e.n {
                        let hit = e.bent_attacks(k, from, to, occ);
                        assert_eq!(walked.has(to), hit, "{k} {from} {to}");
                    }
                }
            }
        }
    }
}
