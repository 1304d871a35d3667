//! Which men the original's solution uses: a man that never moves in the claimed solution
//! or the main line is *idle*, and removing an idle man disturbs the problem least (the
//! refutation does not count: the man that refutes is the one an editor takes away).

use crate::board::bits::Bits;
use crate::board::position::Position;
use crate::solve::Analysis;

/// For each square of the original position: does its man move in one of the lines of
/// `a` (the claim as checked, the main line)? A line is followed as far as its moves read.
pub fn active_squares<B: Bits>(pos: &Position<B>, a: &Analysis) -> Vec<bool> {
    let n = pos.eng.geo.squares();
    let mut active = vec![false; n];
    let mut claim = vec![];
    let mut p = pos.clone();
    for text in &a.claim.filled {
        let Ok(m) = crate::notation::parse_move(&p, text) else {
            break;
        };
        claim.push(m);
        p.make(m);
    }
    for line in [claim, a.report.main_line.moves(pos)] {
        // Where each man of the original now stands: origin[square] = its first square.
        let mut origin: Vec<Option<usize>> = (0..n).map(Some).collect();
        for m in line {
            let (from, to) = (m.from as usize, m.to as usize);
            if let Some(o) = origin.get(from).copied().flatten() {
                active[o] = true;
            }
            if from < n && to < n {
                origin[to] = origin[from];
                origin[from] = None;
            }
        }
    }
    active
}
