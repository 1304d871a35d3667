//! Reading and writing moves: coordinates (`e2e4`, `a10a11`, promotions with the piece
//! letter appended) and SAN on any board size.

use crate::bits::Bits;
use crate::engine::NO_SQ;
use crate::position::{Move, Position};

/// Coordinate notation: from-square, to-square, promotion letter (`f5g7`, `b7b8q`).
pub fn coord<B: Bits>(pos: &Position<B>, m: &Move) -> String {
    let g = pos.eng.geo;
    let mut s = format!("{}{}", g.name(m.from), g.name(m.to));
    if m.promo != NO_SQ {
        s.push(pos.eng.rules.pieces[m.promo as usize].letter);
    }
    s
}
