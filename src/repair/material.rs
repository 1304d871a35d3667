//! Material a game under the rules can reach from their starting array: no more men of a
//! kind than the array gives a side, plus what its missing pawns can have become by
//! promotion; pawns neither on their own first rank nor on the last (where they would
//! have promoted, unless the rules let a barred pawn wait there). A candidate a copyist
//! could have written must pass this, or hold no more of any man than the original does
//! (a problem may show promoted men the array cannot give).

use super::edit::Grid;
use crate::board::bits::Bits;
use crate::board::engine::Engine;
use crate::board::piece::{Color, Kind};
use crate::board::position::Position;
use crate::board::rules::PromotionCondition;
use std::sync::Arc;

/// What the starting array allows each side.
#[derive(Clone, Debug)]
pub struct Reach {
    /// Men of each kind per side in the starting array (`[colour][kind]`).
    start: [Vec<usize>; 2],
    /// The pawn kind, if the rules have one.
    pawn: Option<Kind>,
    /// Kinds a pawn may become.
    promo: Vec<Kind>,
    /// At most one man of a promotion kind at a time (Alfonso's "only once the ferz has
    /// been captured").
    one_at_a_time: bool,
    /// A pawn barred from promoting may wait on the last rank.
    may_wait: bool,
    width: usize,
    height: usize,
}

/// Men of each kind per side on `g`.
pub fn counts(g: &Grid, kinds: usize) -> [Vec<usize>; 2] {
    let mut out = [vec![0; kinds], vec![0; kinds]];
    for &(c, k) in g.men.iter().flatten() {
        if let Some(n) = out[c as usize].get_mut(k as usize) {
            *n += 1;
        }
    }
    out
}

impl Reach {
    /// The reach of the rules of `eng`; `None` when they have no starting array to read.
    pub fn of<B: Bits>(eng: &Arc<Engine<B>>) -> Option<Reach> {
        let start = Position::start(Arc::clone(eng)).ok()?;
        let mut promo: Vec<Kind> = eng.promo_kinds.clone();
        promo.extend(eng.promo_by_file.iter().copied());
        promo.sort_unstable();
        promo.dedup();
        Some(Reach {
            start: counts(&Grid::from(&start), eng.nk),
            pawn: eng.pawn,
            promo,
            one_at_a_time: eng.rules.promotion.condition == PromotionCondition::NoneOnBoard,
            may_wait: eng.rules.promotion.stay_when_barred,
            width: eng.geo.width as usize,
            height: eng.geo.height as usize,
        })
    }

    /// Why the material of `g` cannot arise from the starting array, or `None` when it
    /// can.
    pub fn unreachable(&self, g: &Grid) -> Option<String> {
        let now = counts(g, self.start[0].len());
        for c in [Color::White, Color::Black] {
            if let Some(why) = self.side_unreachable(c, &now[c as usize]) {
                return Some(why);
            }
        }
        self.misplaced_pawn(g)
    }

    /// One side's count against its array.
    fn side_unreachable(&self, c: Color, now: &[usize]) -> Option<String> {
        let start = &self.start[c as usize];
        let pawns = |v: &[usize]| self.pawn.map_or(0, |p| v[p as usize]);
        let (had, has) = (pawns(start), pawns(now));
        if has > had {
            return Some(format!("{c:?} has {has} pawns, the array {had}"));
        }
        let mut promoted = 0;
        for (k, (&n, &s)) in now.iter().zip(start).enumerate() {
            if Some(k as Kind) == self.pawn || n <= s {
                continue;
            }
            let promotable = self.promo.contains(&(k as Kind));
            if !promotable || (self.one_at_a_time && n > s.max(1)) {
                return Some(format!(
                    "{c:?} has {n} men of kind {k}, the array {s} and promotion none more"
                ));
            }
            promoted += n - s;
        }
        (promoted > had - has).then(|| {
            format!(
                "{c:?} has {promoted} promoted men but only {} pawns gone",
                had - has
            )
        })
    }

    /// A pawn on its own first rank, or on its last where it would have promoted.
    fn misplaced_pawn(&self, g: &Grid) -> Option<String> {
        let pawn = self.pawn?;
        for (sq, men) in g.men.iter().enumerate() {
            let rank = sq / self.width;
            for &(c, _) in men.iter().filter(|m| m.1 == pawn) {
                let (first, last) = match c {
                    Color::White => (0, self.height - 1),
                    Color::Black => (self.height - 1, 0),
                };
                if rank == first || (rank == last && !self.may_wait) {
                    return Some(format!(
                        "a {c:?} pawn on square {sq}, a rank it cannot stand on"
                    ));
                }
            }
        }
        None
    }

    /// May a candidate hold the material of `g`, edited from `original`? Yes when the
    /// array can reach it, or when it holds no more of any man than the original.
    pub fn allows(&self, g: &Grid, original: &Grid) -> bool {
        if self.unreachable(g).is_none() {
            return true;
        }
        let kinds = self.start[0].len();
        let (now, was) = (counts(g, kinds), counts(original, kinds));
        let dominated = (0..2).all(|c| now[c].iter().zip(&was[c]).all(|(n, w)| n <= w));
        dominated && (self.misplaced_pawn(g).is_none() || self.misplaced_pawn(original).is_some())
    }
}
